"""Owns reading a ruleset: `grammar/ruleset.lark` parse tree -> `ir.Ruleset`.

One Transformer (methods named after grammar rules) turns each sentence into an IR
piece labelled with its `Why`; `_Assembler` then walks the statements in order (headings
set the faction of the roles below them, sentences attach to the ability before them),
resolves names and checks what the grammar cannot: unknown roles in lists, duplicated
roles, a priority list that misses an acting role. Every sentence the ruleset holds,
kept lines (`Flavour:`, `Not modelled (REASON):`, `Source:`) included, is recorded with
its line in `Ruleset.sentences` for `ruling coverage`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, cast

from lark import Token, Tree, v_args
from lark.tree import Meta

from logic.effects.afterlife import (
    AfterDeath,
    FlipsAs,
    HiddenSide,
    ReadDead,
    ReadFate,
    ReadLiving,
    Unaware,
)
from logic.effects.attack import AutoProtect, Duel
from logic.effects.convert import Convert, ConvertImmune
from logic.effects.day import (
    DayKill,
    Discard,
    Exorcise,
    Public,
    Revive,
    Rock,
    VotesBack,
    VotesGone,
)
from logic.effects.forge import Forge, RoleCheck
from logic.effects.heal import (
    Bypass,
    HealingOrder,
    InjuresAttacker,
    Injury,
    Intercede,
    Sniper,
    SnipesOnly,
    Unmask,
)
from logic.effects.hex import Backlash, Budget, Hex, Informed, Telepathy
from logic.effects.identity import Bond, DeathLink, Defect, Steal
from logic.effects.inquiry import ActionCheck, Keywords, StakeOut
from logic.effects.interrogate import Interrogate, InterrogatesAs, Slander
from logic.effects.investigate import AlignmentCheck, SeenAfterKill, Unlinked
from logic.effects.modify import Modify
from logic.effects.react import Explode, Guard
from logic.effects.records import OnRecords, RecordsCheck, Reverse, Revert
from logic.effects.redirect import Redirect
from logic.effects.registry import KINDS
from logic.effects.report import Report, Witness
from logic.effects.status import Arrest, Cooldown
from logic.effects.sway import Spare, Substitute, SurviveLynch, VoteBlock, VoteDouble
from logic.effects.vote import (
    Immune,
    LastVoterDies,
    Lynch,
    NoVotes,
    PairVote,
    Powerless,
    Reveal,
    TieRule,
    VoteWeight,
)
from logic.effects.win import Victory
from logic.lang import clause, grammar, statements
from logic.lang.errors import Loc, RulingError, line_of
from logic.lang.prose import split_sentences
from logic.model.ir import (
    Ability,
    AppearsAs,
    ClassList,
    Cond,
    Effect,
    Forced,
    Frequency,
    Info,
    Intercept,
    Investigate,
    Jail,
    Kill,
    NightKill,
    NoConsecutive,
    NoSelfTarget,
    OrderRuling,
    OutcomeRuling,
    PriorityEntry,
    Protect,
    Restriction,
    Result,
    Role,
    Roleblock,
    Ruleset,
    SeenBy,
    Sentence,
    VisitClass,
    Why,
    canon,
)

# ----------------------------------------------------------------------------- sentence pieces
# Small values the Transformer hands to the assembler; each carries its sentence's Why.


@dataclass(frozen=True)
class _AbilityStart:
    verb: str
    frequency: Frequency
    why: Why
    subject: str | None = None  # the role the sentence names ("The Doctor may choose ...")
    targets: int = 1  # players it names ("picks two players to swap")


@dataclass(frozen=True)
class _About:
    """A role sentence in the third person ("The Doctor cannot target himself."): the
    role it names (which must be its line's) and what it says."""

    subject: str
    sentence: Any

    @property
    def why(self) -> Why:
        return cast(Why, self.sentence.why)


@dataclass(frozen=True)
class _AbilityName:
    name: str
    aliases: tuple[str, ...]
    why: Why


@dataclass(frozen=True)
class _ClassDecl:
    visit_class: VisitClass
    why: Why


@dataclass(frozen=True)
class _Note:
    why: Why


@dataclass(frozen=True)
class _Heading:
    kind: str  # "faction", "priority", "mechanic", "nightkill", "rulings", "setup"
    value: str
    why: Why


@dataclass(frozen=True)
class _DayAbility:
    """A sentence that gives the role an ability used by day (logic/effects/day.py)."""

    name: str
    targets: int
    frequency: Frequency
    effects: tuple[Any, ...]
    why: Why


@dataclass(frozen=True)
class _Natures:
    """'(Active, One-time use, Day-time, Dual-nature)': the natures of the ability before it;
    'One-time use' makes it once per game."""

    once: bool
    why: Why


@dataclass(frozen=True)
class _AddTo:
    """A sentence that adds to an effect of the ability before it: `field` of its effect
    of type `kind` becomes the sentence ('This does not apply to normal WW powers ...')."""

    kind: type
    field: str
    why: Why


@dataclass(frozen=True)
class _Variants:
    """'There are three variants that may exist:': the lines that follow, '-NAME - ...',
    are variants of the role defined last."""

    why: Why


@dataclass(frozen=True)
class _Variant:
    """A sentence of a variant line: `named` is the role it names ('the Doctor may not
    use his power'), checked against the variant's role."""

    sentence: Any
    named: str | None = None

    @property
    def why(self) -> Why:
        return cast(Why, self.sentence.why)


@dataclass(frozen=True)
class _SubAbility:
    """'-Hex of Silence - ...': a further ability of the role defined last."""

    name: str
    sentences: tuple[Any, ...]
    why: Why


DAY_AND_HEX_EFFECTS = (
    DayKill,
    VotesGone,
    Revive,
    VotesBack,
    Exorcise,
    Discard,
    Rock,
    Public,
    Hex,
    Informed,
    Telepathy,
    Backlash,
    ReadLiving,
    ReadFate,
)


@dataclass(frozen=True)
class _RoleDef:
    name: str
    sentences: tuple[Any, ...]
    why: Why


@dataclass(frozen=True)
class _KillVisits:
    faction: str
    visit_class: VisitClass
    why: Why


@dataclass(frozen=True)
class _NightKillRule:
    faction: str
    exclusive: bool
    why: Why


@dataclass(frozen=True)
class _Alias:
    alias: str
    target: str
    why: Why


@dataclass(frozen=True)
class _UniqueRoles:
    why: Why


@dataclass(frozen=True)
class _Ruling:
    body: Any  # _RoleDef or SeenBy
    why: Why


@dataclass(frozen=True)
class _Title:
    name: str


@dataclass(frozen=True)
class _Capability:
    """A prose sentence that gives a role an action or adds to it ("Doctor wakes up and
    may select a target to try to save.", "The Bodyguard uses their turn to protect
    someone."). Every capability of one role adds to that role's one ability; `role` is
    the role the sentence names (None: the role of the line it is on)."""

    role: str | None
    effects: tuple[Any, ...] = ()
    restrictions: tuple[Restriction, ...] = ()
    frequency: Frequency | None = None
    group: bool = False  # "Mafia wake up and may together choose one target to kill"
    why: Why = field(default_factory=lambda: Why(Loc("<ruleset>", 0, 0), ""))
    name: str | None = None  # the ability's own name ('the fabled "Hamedo" ability')
    targets: int | None = None  # players it names (2: "names two people"; 0: none)
    on_self: bool = False  # "may activate ...": it acts on its user
    adds: bool = False  # it adds to an effect another sentence of the role gives ("... is
    # informed that they are roleblocked"): alone, it gives the role nothing to do


@dataclass(frozen=True)
class _Order:
    """One line of an order of operations: its items, first to last."""

    # the tiers, first to last; each a group of items (words, words after a possessive)
    # ("Discombobulation/Frighten"); REST: "All other actions"
    items: tuple[tuple[tuple[str, str | None], ...], ...]
    why: Why


REST = "all other actions"


@dataclass(frozen=True)
class _Healing:
    """A ruleset-level sentence of the order of healing and snipes (logic/effects/heal.py)."""

    node: Any


@dataclass(frozen=True)
class _Patch:
    """A GM's note that settles how an effect of a role works (applied once the roles are
    assembled): `kind` names the field it sets."""

    kind: str
    roles: tuple[str, ...]
    why: Why


@dataclass(frozen=True)
class _Trait:
    """A prose sentence that gives a role a passive effect (records, votes, reports)."""

    role: str | None
    trait: Any
    why: Why


@dataclass(frozen=True)
class _Step:
    """A numbered step of the turn order and what its sentences say."""

    tier: int
    items: tuple[Any, ...]
    why: Why


@dataclass(frozen=True)
class _RulesetFact:
    """A sentence about the game as a whole (casualties, ties, the lynch, victories)."""

    kind: str  # "casualties", "tie", "lynch", "victory", "revert", "round", "records"
    value: Any
    why: Why


@dataclass(frozen=True)
class _Kept:
    """A `Flavour:`, `Not modelled (REASON):` or `Source:` line: sentences kept, not modelled."""

    kind: str  # "flavour", "not modelled", "source"
    text: str
    loc: Loc  # where the free text starts
    reason: str | None = None


_VERB_NAME = {"targets": "target", "checks": "check", "visits": "visit", "kills": "kill"}


@v_args(meta=True)
class _ToIR(grammar.SourceTransformer):
    """Parse tree -> sentence pieces. One method per grammar rule."""

    def __init__(
        self, text: str, filename: str, held: dict[int, tuple[str, tuple[Any, ...]]] | None = None
    ) -> None:
        super().__init__(text, filename)
        # sentences the clause language read, by offset (logic/lang/statements.py)
        self.held_parts = held or {}

    def held(self, meta: Meta, children: list[Any]) -> Any:
        context, parts = self.held_parts[meta.start_pos]
        pieces = tuple(_from_clause(p) for p in parts)
        if context == "role":
            return pieces
        why = self._why(meta, "ruling")
        named = {_clause_subject(p) for p in parts} - {None}
        if len(named) != 1:
            raise RulingError(
                "a ruling in these words names the role it is about ('The Doctor cannot ...')"
                if not named
                else f"this ruling names {len(named)} roles; write one ruling for each",
                why.loc,
                line_of(self.text, why.loc.line),
            )
        body = tuple(p.sentence if isinstance(p, _About) else p for p in pieces)
        return _RoleDef(named.pop() or "", body, why)

    # names
    def name(self, meta: Meta, children: list[Token]) -> str:
        if len(children) == 1 and children[0].type == "STRING":
            return str(children[0])[1:-1].strip()
        return " ".join(str(c) for c in children)

    def words(self, meta: Meta, children: list[Token]) -> str:
        out = ""
        for c in children:  # "Turtle's Chat Mafia"
            out += str(c) if c.type == "POSSESSIVE" or not out else f" {c}"
        return out

    def name_list(self, meta: Meta, children: list[str]) -> tuple[str, ...]:
        return tuple(children)

    def start(self, meta: Meta, children: list[Any]) -> list[Any]:
        return children

    # headings
    def title(self, meta: Meta, children: list[str]) -> _Title:
        return _Title(children[0])

    def faction_heading(self, meta: Meta, children: list[str]) -> _Heading:
        return _Heading("faction", children[0], self._why(meta))

    def priority_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("priority", "", self._why(meta))

    def mechanic_heading(self, meta: Meta, children: list[str]) -> _Heading:
        return _Heading("mechanic", children[0], self._why(meta))

    def nightkill_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("nightkill", "", self._why(meta))

    def rulings_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("rulings", "", self._why(meta))

    def setup_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("setup", "", self._why(meta))

    # roles
    def role_def(self, meta: Meta, children: list[Any]) -> _RoleDef:
        return _RoleDef(children[0], tuple(children[1:]), self._why(meta))

    def no_powers(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def ability_name(self, meta: Meta, children: list[str]) -> _AbilityName:
        return _AbilityName(children[0], tuple(children[1:]), self._why(meta))

    def verb(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0]).lower()

    def first_night(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.FIRST_NIGHT

    def subsequent_nights(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.SUBSEQUENT_NIGHTS

    def each_night(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.EACH_NIGHT

    def once_per_game(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.ONCE_PER_GAME

    def ability(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        verb = next(c for c in children if isinstance(c, str))
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = Frequency.EACH_NIGHT
        for f in freqs:
            if f is not Frequency.EACH_NIGHT:
                frequency = f
        return _AbilityStart(verb, frequency, self._why(meta))

    def protect(self, meta: Meta, children: list[Any]) -> Protect:
        return Protect(self._why(meta))

    # the same sentences in other words (grammar: "other words, same sentences")
    def ability_syn(
        self, meta: Meta, children: list[Any], verb: str | None = None
    ) -> _AbilityStart:
        # the verb is a kept token; a role's name (the third person) is a plain str
        tokens = [str(c).lower() for c in children if isinstance(c, Token)]
        if verb is None:
            verb = next(
                _SYNONYM_VERBS[w.rstrip("s")] for w in tokens if w.rstrip("s") in _SYNONYM_VERBS
            )
        names = _names(children)
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        return _AbilityStart(verb, frequency, self._why(meta), names[0] if names else None)

    def ability_person(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        """'Checks a person each night.': the ability sentence with 'person'."""
        return self.ability(meta, children)

    def ability_third_targets(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        return self.ability_syn(meta, children, "targets")

    def ability_third_checks(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        return self.ability_syn(meta, children, "checks")

    def ability_third_visits(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        return self.ability_syn(meta, children, "visits")

    def protect_syn(self, meta: Meta, children: list[Any]) -> Protect:
        return Protect(self._why(meta))

    def roleblock_syn(self, meta: Meta, children: list[Any]) -> tuple[Effect, ...]:
        return (Roleblock(self._why(meta)),)

    def no_self_syn(self, meta: Meta, children: list[Any]) -> NoSelfTarget:
        return NoSelfTarget(self._why(meta))

    def no_self_third(self, meta: Meta, children: list[Any]) -> _About:
        return _About(_names(children)[0], NoSelfTarget(self._why(meta)))

    def ruling_no_self_syn(self, meta: Meta, children: list[Any]) -> _RoleDef:
        why = self._why(meta, "ruling")
        return _RoleDef(_names(children)[0], (NoSelfTarget(why),), why)

    def jail(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def roleblock(self, meta: Meta, children: list[Any]) -> tuple[Effect, ...]:
        why = self._why(meta)
        return (Roleblock(why), Jail(why)) if children else (Roleblock(why),)

    def after_role(self, meta: Meta, children: list[str]) -> str:
        return children[0]

    def intercept(self, meta: Meta, children: list[str]) -> Intercept:
        return Intercept(children[0], self._why(meta))

    def learns_visits(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.VISITS, self._why(meta))

    def learns_visitors(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.VISITORS, self._why(meta))

    def learns_visitor_roles(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.VISITOR_ROLES, self._why(meta))

    def learns_role(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.ROLE, self._why(meta))

    def cond_successful(self, meta: Meta, children: list[Any]) -> Cond:
        return Cond.SUCCESSFUL

    def cond_same_as_last(self, meta: Meta, children: list[Any]) -> Cond:
        return Cond.SAME_AS_LAST

    def cond_opposite_as_last(self, meta: Meta, children: list[Any]) -> Cond:
        return Cond.OPPOSITE_AS_LAST

    def result_clause(self, meta: Meta, children: list[Any]) -> tuple[str, Cond]:
        return (str(children[0])[1:-1], children[1])

    def otherwise(self, meta: Meta, children: list[Token]) -> tuple[str, Cond]:
        return (str(children[0])[1:-1], Cond.FAILED)

    def result(self, meta: Meta, children: list[tuple[str, Cond]]) -> tuple[Effect, ...]:
        why = self._why(meta)
        return tuple(Result(text, cond, why) for text, cond in children)

    def no_self_target(self, meta: Meta, children: list[Any]) -> NoSelfTarget:
        return NoSelfTarget(self._why(meta))

    def no_consecutive(self, meta: Meta, children: list[Any]) -> NoConsecutive:
        return NoConsecutive(bool(children), self._why(meta))

    def must_act(self, meta: Meta, children: list[Any]) -> Forced:
        return Forced(self._why(meta))

    def visiting(self, meta: Meta, children: list[Any]) -> VisitClass:
        return VisitClass.VISITING

    def semi_visiting(self, meta: Meta, children: list[Any]) -> VisitClass:
        return VisitClass.SEMI

    def non_visiting(self, meta: Meta, children: list[Any]) -> VisitClass:
        return VisitClass.NON

    def visit_class_decl(self, meta: Meta, children: list[VisitClass]) -> _ClassDecl:
        return _ClassDecl(children[0], self._why(meta))

    def checks_as(self, meta: Meta, children: list[str]) -> AppearsAs:
        to = children[1] if len(children) > 1 else None
        return AppearsAs(children[0], to, self._why(meta))

    def anonymous_visit(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    # visiting classes
    def anonymous(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def seen_by(self, meta: Meta, children: list[Any]) -> SeenBy:
        roles = next(c for c in children if isinstance(c, tuple))
        return SeenBy(VisitClass.VISITING, roles, True in children, self._why(meta))

    def seen_by_none(self, meta: Meta, children: list[Any]) -> SeenBy:
        return SeenBy(VisitClass.NON, (), False, self._why(meta))

    def visit_class_list(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        vc, roles, *notes = children
        why = self._why(meta)
        out: list[Any] = [ClassList(vc, roles, why)]
        for note in notes:
            if isinstance(note, SeenBy):
                out.append(replace(note, visit_class=vc))
            else:
                out.append(note)
        return tuple(out)

    def seen_rule(self, meta: Meta, children: list[Any]) -> SeenBy:
        return SeenBy(children[0], children[1], False, self._why(meta))

    def even_if(self, meta: Meta, children: list[Any]) -> None:
        return None

    def kill_visits_rule(self, meta: Meta, children: list[Any]) -> _KillVisits:
        faction = children[0]
        vc = next(c for c in children if isinstance(c, VisitClass))
        return _KillVisits(faction, vc, self._why(meta))

    def intend(self, meta: Meta, children: list[Any]) -> None:
        return None

    def exclusive(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def nightkill_rule(self, meta: Meta, children: list[Any]) -> _NightKillRule:
        return _NightKillRule(children[0], True in children, self._why(meta))

    # priority
    def iff_targeting(self, meta: Meta, children: list[str]) -> tuple[str, str]:
        return ("iff", children[0])

    def otherwise_condition(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("otherwise", "")

    def priority_role(self, meta: Meta, children: list[Any]) -> PriorityEntry:
        cond = children[1] if len(children) > 1 else None
        return PriorityEntry(
            0,
            children[0],
            iff_targeting=cond[1] if cond and cond[0] == "iff" else None,
            otherwise=bool(cond and cond[0] == "otherwise"),
            why=self._why(meta),
        )

    def priority_nightkill(self, meta: Meta, children: list[str]) -> PriorityEntry:
        return PriorityEntry(0, None, nightkill_of=children[0], why=self._why(meta))

    def priority_entry(self, meta: Meta, children: list[Any]) -> tuple[PriorityEntry, ...]:
        tier = int(children[0])
        return tuple(
            replace(e, tier=tier, why=replace(e.why, text=f"{tier}. {e.why.text}"))
            for e in children[1:]
        )

    # setup, aliases, rulings
    def unique_roles(self, meta: Meta, children: list[Any]) -> _UniqueRoles:
        return _UniqueRoles(self._why(meta))

    def setup_bullet(self, meta: Meta, children: list[Any]) -> Any:
        return children[0]

    def alias(self, meta: Meta, children: list[str]) -> _Alias:
        return _Alias(children[0], children[1], self._why(meta))

    def ruling_role(self, meta: Meta, children: list[Any]) -> _RoleDef:
        return _RoleDef(children[0], tuple(children[1:]), self._why(meta, "ruling"))

    def ruling_forced(self, meta: Meta, children: list[Any]) -> _RoleDef:
        why = self._why(meta, "ruling")
        return _RoleDef(_names(children)[0], (Forced(why),), why)

    def ruling_no_self(self, meta: Meta, children: list[Any]) -> _RoleDef:
        why = self._why(meta, "ruling")
        return _RoleDef(_names(children)[0], (NoSelfTarget(why),), why)

    def order_before(self, meta: Meta, children: list[Any]) -> OrderRuling:
        first, second = _names(children)
        return OrderRuling(first, second, self._why(meta, "ruling"))

    def order_after(self, meta: Meta, children: list[Any]) -> OrderRuling:
        second, first = _names(children)
        return OrderRuling(first, second, self._why(meta, "ruling"))

    def ruling(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = self._why(meta, "ruling")
        body = children[0]
        if isinstance(body, OutcomeRuling):
            body = replace(body, why=why)
        return _Ruling(body, why)

    def action_verb(self, meta: Meta, children: list[Token]) -> str:
        word = str(children[0]).lower()
        return "targets" if word.rstrip("s") in _CHOOSE else word

    def mutual_condition(self, meta: Meta, children: list[str]) -> dict[str, Any]:
        return {"mutual": True, "verb": children[0]}

    def targets_condition(self, meta: Meta, children: list[str]) -> dict[str, Any]:
        actor, verb, target = children
        return {"actor": actor, "verb": verb, "target": target}

    def all_fail(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return {"consequence": "all fail"}

    def _subject(self, kind: str, children: list[Any]) -> dict[str, Any]:
        return {"consequence": kind, "subject": children[0]}

    def subject_fails(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("fails", children)

    def subject_succeeds(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("succeeds", children)

    def subject_dies(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("dies", children)

    def subject_survives(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("survives", children)

    def outcome_ruling(self, meta: Meta, children: list[dict[str, Any]]) -> OutcomeRuling:
        cond, conseq = children
        return OutcomeRuling(**cond, **conseq, why=self._why(meta, "ruling"))

    # sentences kept for coverage
    def _kept(self, kind: str, text: Token, reason: Token | None = None) -> _Kept:
        loc = Loc(self.filename, text.line or 0, text.column or 0)
        return _Kept(kind, str(text).strip(), loc, " ".join(reason.split()) if reason else None)

    def flavour(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("flavour", children[-1])

    def not_modelled(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("not modelled", children[-1], children[0])

    def source_note(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("source", children[-1])

    # ------------------------------------------------------------ prose (BYOND-style rulesets)
    def aligned_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("faction", _names(children)[0], self._why(meta))

    def members_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("faction", _names(children)[1], self._why(meta))

    def own_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("faction", _names(children)[0], self._why(meta))

    def turn_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("turn order", "", self._why(meta))

    def roles_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("roles", "", self._why(meta))

    def time_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("time", "", self._why(meta))

    def ruleset_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("rules", "", self._why(meta))

    def alignments_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("alignments", "", self._why(meta))

    def endgame_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("endgame", "", self._why(meta))

    def notes_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("notes", "", self._why(meta))

    def turn_step(self, meta: Meta, children: list[Any]) -> _Step:
        return _Step(int(children[0]), tuple(_flatten(children[1:])), self._why(meta))

    def every_second(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.EVERY_SECOND_NIGHT

    def other_than(self, meta: Meta, children: list[Any]) -> NoSelfTarget:
        return NoSelfTarget(self._why(meta))

    def purpose_kill(self, meta: Meta, children: list[Any]) -> str:
        return "kill"

    def purpose_save(self, meta: Meta, children: list[Any]) -> str:
        return "save"

    def purpose_sacrifice(self, meta: Meta, children: list[Any]) -> str:
        return "sacrifice"

    def purpose_arrest(self, meta: Meta, children: list[Any]) -> str:
        return "arrest"

    def purpose_records(self, meta: Meta, children: list[Any]) -> str:
        return "records"

    def purpose_lethal(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("lethal", _names(children)[0])

    def selection(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        together = any(isinstance(c, Token) and c.type == "TOGETHER" for c in children)
        purpose = children[-1]
        restr = tuple(c for c in children if isinstance(c, NoSelfTarget))
        return {"purpose": purpose, "group": together, "restrictions": restr}

    def select_reverse(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return {"purpose": "reverse", "group": False, "restrictions": ()}

    def select_random(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return {"purpose": children[-1], "group": False, "restrictions": (), "random": True}

    def wake_step(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        role = _names(children)[0]
        sel = next(c for c in children if isinstance(c, dict))
        freq = next((c for c in children if isinstance(c, Frequency)), None)
        effects = _purpose_effects(sel["purpose"], why, sel.get("random", False))
        return _Capability(role, effects, sel["restrictions"], freq, sel["group"], why)

    def chance_step(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Witness(why, why), why)

    def records_result(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        yes, no = (str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "QUOTED")
        return _RulesetFact("records", (_names(children)[0], yes, no), self._why(meta))

    def casualty_step(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        return _RulesetFact("casualties", None, self._why(meta))

    def report_night(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Report("night", why), why)

    def report_lynch(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Report("lynch", why), why)

    def tie_break(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("choice", _names(children)[0], why), why)

    def chosen_by(self, meta: Meta, children: list[Any]) -> str:
        return _names(children)[0]

    def lynch_rule(self, meta: Meta, children: list[Any]) -> tuple[_RulesetFact, ...]:
        why = self._why(meta)
        out = [_RulesetFact("lynch", Lynch(why), why)]
        for role in _names(children):  # "(or the player chosen by the Judge)"
            out.append(_RulesetFact("tie", TieRule("choice", role, why), why))
        return tuple(out)

    def tie_none(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("none", _names(children)[0], why), why)

    def tie_random(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("random", None, why), why)

    def round_rule(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        return _RulesetFact("round", None, self._why(meta))

    def n_one(self, meta: Meta, children: list[Any]) -> int:
        return 1

    def n_two(self, meta: Meta, children: list[Any]) -> int:
        return 2

    def n_three(self, meta: Meta, children: list[Any]) -> int:
        return 3

    def n_int(self, meta: Meta, children: list[Token]) -> int:
        return int(children[0])

    def cond_none_left(self, meta: Meta, children: list[Any]) -> tuple[str, str, int]:
        return ("none_left", _names(children)[0], 0)

    def cond_outnumber(self, meta: Meta, children: list[Any]) -> tuple[str, str, int]:
        n = next(c for c in children if type(c) is int)
        return ("outnumber", _names(children)[0], n)

    def victory_clause(self, meta: Meta, children: list[Any]) -> Victory:
        (cond, group, n), winner = children[0], _names(children)[0]
        return Victory(winner, cond, group, n, (), self._why(meta))

    def victory_rule(self, meta: Meta, children: list[Any]) -> tuple[_RulesetFact, ...]:
        why = self._why(meta)
        return tuple(
            _RulesetFact("victory", replace(v, why=why), why)
            for v in children
            if isinstance(v, Victory)
        )

    def example(self, meta: Meta, children: list[Any]) -> None:
        return None

    def precedence(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        names = _names(children)
        return (names[0], names[1])

    def victory_also(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        label_ = next(str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "STRING")
        winner = label_.rsplit("victory", 1)[0].strip(" ,") or label_
        group = _names(children)[0]
        n = next(c for c in children if type(c) is int)
        this, over = next(c for c in children if isinstance(c, tuple))
        if canon(this) != canon(winner):
            raise RulingError(
                f"this sentence names the {winner!r} victory, then gives precedence to {this!r}",
                why.loc,
                line_of(self.text, why.loc.line),
            )
        return _RulesetFact("victory", Victory(winner, "last", group, n, (over,), why), why)

    # role sentences in prose
    def group_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Kill(why),), (), None, True, why)

    def reverse_records(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Reverse(why),), (NoSelfTarget(why),), None, False, why)

    def revert_rule(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        name = _names(children)[0]
        return _RulesetFact("revert", Revert(name, why), why)

    def strikes(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        n = next(c for c in children if type(c) is int)
        return _Capability(
            _names(children)[0],
            (Kill(why, strength=n),),
            (),
            Frequency.EVERY_SECOND_NIGHT,
            False,
            why,
        )

    def off_records(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], OnRecords(False, why), why)

    def on_records(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[1], OnRecords(True, why), why)

    def protect_someone(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Protect(why),), (), None, False, why)

    def tell_killer(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def sacrifice(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        effect = Protect(why, sacrifice=True, tells=why if True in children else None)
        return _Capability(_names(children)[0], (effect,), (), None, False, why)

    def tie_judgment(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("choice", _names(children)[0], why), why)

    def random_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[1], (Kill(why, random=True),), (), None, False, why)

    def vote_weight(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        n = next(c for c in children if type(c) is int)
        return _Trait(None, VoteWeight(n, why), why)

    def witness_reveal(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Witness(why), why)

    def witness_chance(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Witness(why, why), why)

    def records_check(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        role, faction = _names(children)[0], _names(children)[1]
        yes = _quoted(next(c for c in children if isinstance(c, Token) and c.type == "QUOTED_END"))
        return _Capability(role, (RecordsCheck(faction, yes, None, why),), (), None, False, why)

    def arrest(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Arrest(why),), (), None, False, why)

    def arrest_duration(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Arrest(why, until=why),), (), None, False, why)

    def report_role(self, meta: Meta, children: list[Any]) -> tuple[_Trait, ...]:
        why = self._why(meta)
        role = _names(children)[0]
        return (_Trait(role, Report("night", why), why), _Trait(role, Report("lynch", why), why))

    def uses_records(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        like, role = _names(children)
        return _Capability(
            role, (RecordsCheck(f"like:{like}", None, None, why),), (), None, False, why
        )

    def lethal_force(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        yes = _quoted(next(c for c in children if isinstance(c, Token) and c.type == "QUOTED_END"))
        return _Capability(
            _names(children)[0], (Kill(why, lethal_if=f"yes:{yes}"),), (), None, False, why
        )

    def picks_to_save(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Protect(why),), (), None, False, why)

    def nurse_like(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        role = _names(children)[0]
        restr: tuple[Restriction, ...] = (NoSelfTarget(why), Forced(why))
        return _Capability(role, (Protect(why),), restr, None, False, why)

    def kills_each_turn(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Kill(why),), (Forced(why),), None, False, why)

    # ------------------------------------------------------------ Turtle's nights
    def order_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("order", "", self._why(meta))

    def order_item(self, meta: Meta, children: list[Any]) -> tuple[str, str | None]:
        names = _names(children)
        return (names[0], names[1] if len(names) > 1 else None)

    def order_of(self, meta: Meta, children: list[Any]) -> tuple[str, str | None]:
        names = _names(children)  # "Voice of Reason"
        return (f"{names[0]} of {names[1]}", None)

    def order_rest(self, meta: Meta, children: list[Any]) -> tuple[str, str | None]:
        return (REST, None)

    def order_group(self, meta: Meta, children: list[Any]) -> tuple[tuple[str, str | None], ...]:
        return tuple(children)

    def order_line(self, meta: Meta, children: list[Any]) -> _Order:
        return _Order(tuple(children), self._why(meta))

    # ------------------------------------------------------------ DCTP Live Mini Mafia
    def keyword_line(self, meta: Meta, children: list[Any]) -> _Healing:
        names = _names(children)
        return _Healing(Keywords(names[0], tuple(names[1:]), self._why(meta)))

    def healing_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("healing", "", self._why(meta))

    def healing_note(self, meta: Meta, children: list[Any]) -> None:
        return None  # what the order of healing does (logic/effects/heal.py)

    def snipe_bypass(self, meta: Meta, children: list[Any]) -> _Healing:
        return _Healing(Bypass(("healing", "first aid"), self._why(meta)))

    def snipe_intercede(self, meta: Meta, children: list[Any]) -> _Healing:
        return _Healing(Intercede(("protect",), self._why(meta)))

    def _night_ability(self, meta: Meta, name: str, n: int, *effects: Any) -> _DayAbility:
        return _DayAbility(name, n, Frequency.EACH_NIGHT, effects, self._why(meta))

    def inquire_actions(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Investigate", 2, ActionCheck(self._why(meta)))

    def stake_out(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Stake-Out", 1, StakeOut(self._why(meta)))

    def interrogate_one(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Interrogate", 1)

    def interrogate_results(self, meta: Meta, children: list[Any]) -> Interrogate:
        texts = tuple(_quoted(c) for c in children if isinstance(c, Token) and c.type == "STRING")
        return Interrogate(texts, self._why(meta))

    def interrogates_as(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, InterrogatesAs(_names(children)[0], why), why)

    def observes_as(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        text = "/".join(_names(children))
        return _Trait(None, InterrogatesAs(text, why, check="observe"), why)

    def age_observe(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Observe", 1)

    def observe_result(self, meta: Meta, children: list[Any]) -> Interrogate:
        results = tuple(str(c) for c in children if isinstance(c, Token) and c.type == "NAME")
        return Interrogate(results, self._why(meta), check="observe")

    def slander_any(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Slander", 1)

    def slander_inverts(self, meta: Meta, children: list[Any]) -> Slander:
        return Slander(self._why(meta))

    def heal_any(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Heal", 1, Protect(self._why(meta)))

    def heal_note(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def protect_one(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Protect", 1, Protect(self._why(meta)))

    def first_aid(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        return self._night_ability(meta, "First Aid", 1, Protect(why), Injury(True, why))

    def first_aid_fails(self, meta: Meta, children: list[Any]) -> _AddTo:
        return _AddTo(Injury, "fails", self._why(meta))

    def first_aid_self(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))  # no restriction: "May use First Aid on himself"

    def bb_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Bone Breaking", 1)

    def bb_protect(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        return (Protect(why), SnipesOnly(why))

    def bb_injures(self, meta: Meta, children: list[Any]) -> InjuresAttacker:
        return InjuresAttacker(self._why(meta))

    def bb_ends(self, meta: Meta, children: list[Any]) -> _AddTo:
        return _AddTo(InjuresAttacker, "ends_snipes", self._why(meta))

    def unmask(self, meta: Meta, children: list[Any]) -> Unmask:
        return Unmask(self._why(meta))

    def injured_saver(self, meta: Meta, children: list[Any]) -> Injury:
        return Injury(False, self._why(meta))

    def discombobulated(self, meta: Meta, children: list[Any]) -> _DayAbility:
        return self._night_ability(meta, "Discombobulate", 1, Roleblock(self._why(meta)))

    def no_self_trick(self, meta: Meta, children: list[Any]) -> NoSelfTarget:
        return NoSelfTarget(self._why(meta))

    def sniper(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, Sniper(why), why)

    def same_tier_rule(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        return _RulesetFact("simultaneous", None, self._why(meta))

    def role_types(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        return _RulesetFact("role types", tuple(_names(children)), self._why(meta))

    def neutral_rule(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        names = _names(children)
        return _RulesetFact("neutral", (names[2], (names[0], names[1])), self._why(meta))

    def vanilla_rule(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        return _RulesetFact("vanilla", _names(children)[0], self._why(meta))

    def balance_rule(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        # (the words of "town vanilla", the words of "non-town"): split in `finish`
        return _RulesetFact("balance", tuple(_names(children)), self._why(meta))

    def no_role_many(self, meta: Meta, children: list[Any]) -> str:
        return "many"

    def no_duplicates(self, meta: Meta, children: list[Any]) -> _UniqueRoles:
        return _UniqueRoles(self._why(meta))

    def duel_rule(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = _as_ruling(self._why(meta))
        return _RulesetFact("duel", Duel(why), why)

    def consumed_rule(self, meta: Meta, children: list[Any]) -> _Ruling:
        # the usage is consumed (every use counts, blocked or not: the engine's uses);
        # that a roleblock stops it on that night is what the ruling adds
        why = _as_ruling(self._why(meta))
        roles = next(c for c in children if isinstance(c, tuple))
        rulings = tuple(
            OutcomeRuling("roleblock", "fails", target=r, subject=r, why=why, lands=True)
            for r in roles
        )
        return _Ruling(rulings, why)

    def funny_way(self, meta: Meta, children: list[Any]) -> None:
        return None  # "Redirections and roleblocks work out in a funny way.": the rulings follow

    def block_aimed(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        role, subject = _names(children)
        return _Ruling(
            OutcomeRuling("roleblock", "fails", target=role, subject=subject, why=why), why
        )

    def block_redirected(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        return _Ruling(_Patch("redirects blocks", tuple(_names(children)), why), why)

    def hamedo_redirect(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        monk, _ability, spared = _names(children)
        return _Ruling(_Patch("guard spares", (monk, spared), why), why)

    def hamedo_follows(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        return _Ruling(_Patch("guard follows", (_names(children)[0],), why), why)

    def hasten_explode(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        names = _names(children)
        return _Ruling(_Patch("explode hastener", (names[2],), why), why)

    def explode_spares(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = _as_ruling(self._why(meta))
        names = _names(children)
        return _Ruling(_Patch("explode spares", (names[2], names[0]), why), why)  # (Bomb, spared)

    def faction_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Kill(why),), (), None, True, why)

    def ability_count(self, meta: Meta, children: list[Any]) -> None:
        return None  # "Town players have no outstanding abilities.": read, nothing to add

    def auto_protect(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], AutoProtect(why), why)

    def auto_protect_span(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], AutoProtect(why, span=why), why)

    def no_role(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        return _RulesetFact("no role", _names(children)[0], self._why(meta))

    def each_night_protect(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Protect(why),), (), None, False, why)

    def wears_off(self, meta: Meta, children: list[Any]) -> None:
        return None  # "This protection wears off at Day.": a protection lasts its night

    def each_night_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Kill(why),), (), None, False, why)

    def each_night_investigate(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        effect = AlignmentCheck((), why)
        return _Capability(_names(children)[0], (effect,), (), None, False, why)

    def alignment_results(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        names = next(c for c in children if isinstance(c, tuple))
        return _Capability(None, (AlignmentCheck(tuple(names), why),), (), None, False, why)

    def unknown_reasons(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        unknown = str(children[0]).split()[0]
        hidden = _names(children)[0]
        check = AlignmentCheck((), why, unknown, why, (hidden,))
        return _Capability(None, (check,), (), None, False, why)

    def seen_after_kill(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        by, faction = _names(children)
        return _Trait(None, SeenAfterKill(by, faction, why), why)

    def unlinked(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        by, faction = _names(children)
        return _Trait(None, Unlinked(by, faction, why), why)

    def lock_up(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Roleblock(why),), (), None, False, why)

    def no_self_jail(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (), (NoSelfTarget(why),), None, False, why)

    def jail_alignment(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        block = Roleblock(why, roles_only=why, alignment_of=tuple(_names(children)))
        return _Capability(None, (block,), (), None, False, why)

    def jailed_fail(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Jail(why),), (), None, False, why)

    def choose_block(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Roleblock(why),), (), None, False, why)

    def block_span(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        block = Roleblock(why, whole_night=why, into_day=why)
        return _Capability(None, (block,), (), None, False, why)

    def roles_only(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Roleblock(why, roles_only=why),), (), None, False, why, adds=True)

    def block_told(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Roleblock(why, tells=why),), (), None, False, why, adds=True)

    def names_two(self, meta: Meta, children: list[Any]) -> _Capability:
        # naming two people is the action; what it does to actions on them is the next
        # sentence's ("... is redirected toward the other player": `redirected`)
        why = self._why(meta)
        return _Capability(_names(children)[0], (), (), None, False, why, targets=2)

    def redirected(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Redirect(why),), (), None, False, why, targets=2)

    def redirect_told(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        effect = Redirect(why, tells=why)
        return _Capability(
            _names(children)[0], (effect,), (), None, False, why, targets=2, adds=True
        )

    def activate(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        name = next(str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "STRING")
        return _Capability(
            _names(children)[0],
            (),
            (),
            Frequency.ONCE_PER_GAME,
            False,
            why,
            name=name,
            targets=0,
            on_self=True,
        )

    def hamedo(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (Guard(why),), (), None, False, why)

    def explode(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], Explode(why), why)

    def explode_group(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        group = _names(children)[0]
        return _Trait(None, Explode(why, group=why, group_of=group), why)  # the line's role

    def modify_kill(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        role, faction = _names(children)
        mode = next(str(c).lower() for c in children if isinstance(c, Token) and c.type == "MODIFY")
        return _Capability(
            role,
            (Modify(mode, faction, why),),
            (),
            Frequency.ONCE_PER_GAME,
            False,
            why,
            name=mode,
            targets=0,
        )

    # ---------------------------------------------- changes of identity (effects/identity.py)
    def aligned_start(self, meta: Meta, children: list[Any]) -> _Note:
        # "begins as a Town-aligned character, with a victory condition to match": the
        # faction of its heading (Town roles are given to Town players)
        return _Note(self._why(meta))

    def defect(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        by, faction = _names(children)
        effect = Defect(by, faction, None, why)
        return _Capability(
            None,
            (effect,),
            (),
            None,
            False,
            why,
            name=f"become a vanilla {faction}",
            targets=0,
            on_self=True,
        )

    def bond_pick(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(
            _names(children)[0],
            (),
            (),
            Frequency.ONCE_PER_GAME,
            False,
            why,
            name="pick",
            targets=2,
        )

    def bond_become(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Bond(_names(children)[0], why),), (), None, False, why)

    def bond_overwrite(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))  # what a Bond does: the new role replaces the old

    def death_link(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(_names(children)[0], DeathLink(why), why)

    def never_dealt(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("never dealt", _names(children)[0], why)

    def steal(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(
            None,
            (Steal(_nightkiller(_names(children)[0], why, self.text), why),),
            (),
            Frequency.ONCE_PER_GAME,
            False,
            why,
            name="steal",
            targets=0,
        )

    def steal_lasts(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))  # a stolen role is the holder's until it changes again

    def steal_keeps(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))  # a Steal changes the role only, never the faction

    def steal_vanilla(self, meta: Meta, children: list[Any]) -> None:
        # a night's use is spent when sent (logic/commands/resolve.py next_history), and a
        # victim with no role gives nothing to take (logic/effects/identity.py)
        return None

    def town_wins(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        faction = _names(children)[0]
        return _RulesetFact("victory", Victory(faction, "sole", faction, 0, (), why), why)

    def sole_faction_wins(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        # "when nothing can stop them from being the sole living faction": read as when
        # they are (finding in the ruleset: 'nothing can stop them' may be earlier)
        why = self._why(meta)
        faction = _names(children)[0]
        return _RulesetFact("victory", Victory(faction, "sole", faction, 0, (), why), why)

    def sole_player_wins(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        group = _names(children)[0]
        return _RulesetFact("victory", Victory(group, "last", group, 0, (), why), why)

    def endgame_def(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        n = next(c for c in children if type(c) is int)
        return _RulesetFact("endgame", n, self._why(meta))

    def endgame_name(self, meta: Meta, children: list[Any]) -> None:
        return None  # 'This is called "Endgame."': the name the next sentences use

    def endgame_victory(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        first, second = _names(children)
        return _RulesetFact("endgame victory", (first, second), self._why(meta))

    def endgame_town(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        names = _names(children)
        return _RulesetFact("endgame over", names[1], self._why(meta))

    def strengthened(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        return _RulesetFact("modify", "strengthen", self._why(meta))

    def hastened(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        return _RulesetFact("modify", "hasten", self._why(meta))

    # ------------------------------------------------------------ Turtle's days
    def lynch_daily(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("lynch", Lynch(why, daily=True), why)

    def tie_random_among(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("random", None, why), why)

    def no_reveal(self, meta: Meta, children: list[Any]) -> Why:
        return self._why(meta)

    def no_votes(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        hidden = next((c for c in children if isinstance(c, Why)), None)
        return _RulesetFact("day", NoVotes(why, hidden), why)

    def reveal_lynch(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("day", Reveal("lynch", why), why)

    def reveal_kill(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("day", Reveal("kill", why), why)

    def tb_exclude(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("exclude", _names(children)[0], why), why)

    def tb_vote(self, meta: Meta, children: list[Any]) -> _RulesetFact:
        why = self._why(meta)
        return _RulesetFact("tie", TieRule("vote", None, why), why)

    def day_note(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def hex_note(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def rock_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        return _DayAbility("rock", 1, Frequency.EACH_NIGHT, (), why)

    def rock(self, meta: Meta, children: list[Any]) -> Rock:
        return Rock(self._why(meta))

    def immune(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, Immune(True, why), why)

    def powerless(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, Powerless(True, why), why)

    def discard_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        return _DayAbility("discard", 0, Frequency.ONCE_PER_GAME, (Discard(why),), why)

    def counted_twice(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, VoteWeight(2, why), why)

    def budget_night(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, Budget("night", 1, why), why)

    def budget_each(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, Budget("each", 1, why), why)

    def budget_game(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        n = next(c for c in children if type(c) is int)
        return _Trait(None, Budget("game", n, why), why)

    def day_verb(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0]).lower()

    def day_power(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        verb = [c for c in children if type(c) is str][-1]
        effect: Any = DayKill(why) if verb == "kill" else Revive(why)
        return _DayAbility(verb, 1, Frequency.ONCE_PER_GAME, (effect,), why)

    def votes_gone(self, meta: Meta, children: list[Any]) -> VotesGone:
        return VotesGone(self._why(meta))

    def revealed_now(self, meta: Meta, children: list[Any]) -> Public:
        return Public(self._why(meta))

    def votes_back(self, meta: Meta, children: list[Any]) -> VotesBack:
        return VotesBack(self._why(meta))

    def public_too(self, meta: Meta, children: list[Any]) -> Public:
        return Public(self._why(meta))

    def exorcise_ability(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        roles = tuple(_names(children)[1:])
        return _DayAbility("exorcise", 1, Frequency.EACH_NIGHT, (Exorcise(roles, why),), why)

    def pair_vote(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        total = next(c for c in children if type(c) is int)
        return _Trait(None, PairVote(total, why), why)

    def last_voter(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, LastVoterDies(why), why)

    # ------------------------------------------------------------ Turtle's dead
    def dead_note(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def unaware(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, Unaware(why), why)

    def hidden_side(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, HiddenSide(why), why)

    def flips_as(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, FlipsAs(_names(children)[0], why), why)

    def no_powers_until(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, AfterDeath(why), why)

    def posthumous_kill(self, meta: Meta, children: list[Any]) -> _DayAbility:
        # (a night ability: its Kill is no day effect; "whenever it likes": any night)
        why = self._why(meta)
        return _DayAbility("nightkill", 1, Frequency.ONCE_PER_GAME, (Kill(why),), why)

    def read_dead(self, meta: Meta, children: list[Any]) -> _DayAbility:
        # (a night ability: how often is not said; read as each night, finding T-dead-4)
        why = self._why(meta)
        return _DayAbility("investigate", 1, Frequency.EACH_NIGHT, (ReadDead(why),), why)

    def read_living(self, meta: Meta, children: list[Any]) -> ReadLiving:
        return ReadLiving(self._why(meta))

    def read_fate(self, meta: Meta, children: list[Any]) -> ReadFate:
        why = self._why(meta)
        return ReadFate(tuple(_names(children)), why)

    def sub_ability(self, meta: Meta, children: list[Any]) -> _SubAbility:
        name = " ".join(str(children[0]).strip("- \t").split())
        return _SubAbility(name, tuple(c for c in children[1:]), self._why(meta))

    # ------------------------------------------------------------ variants of a role
    def variants_heading(self, meta: Meta, children: list[Any]) -> _Variants:
        return _Variants(self._why(meta))

    def variant_same(self, meta: Meta, children: list[Any]) -> _Variant:
        # "This Doctor may protect any person he likes": as the role defined last does
        return _Variant(_Note(self._why(meta)), _names(children)[0])

    def variant_limited(self, meta: Meta, children: list[Any]) -> _Variant:
        why = self._why(meta)
        limit = NoConsecutive(False, why)
        return _Variant(_Capability(None, (), (limit,), None, False, why))

    def variant_old(self, meta: Meta, children: list[Any]) -> _Variant:
        why = self._why(meta)
        return _Variant(
            _Capability(None, (Cooldown(why),), (), None, False, why), _names(children)[0]
        )

    def variant_told(self, meta: Meta, children: list[Any]) -> _Variant:
        why = self._why(meta)
        return _Variant(_Capability(None, (Cooldown(why, tells=why),), (), None, False, why))

    # ------------------------------------------------------------ the Forger
    def forger_check(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(_names(children)[0], (), (), None, False, why, name="investigate")

    def forger_result(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        yes, no = (str(c)[1:-1] for c in children if isinstance(c, Token) and c.type == "QUOTED")
        return _Capability(None, (RoleCheck(yes, yes, no, why),), (), None, False, why)

    def forger_found(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        return _Capability(None, (Forge(_names(children)[0], why),), (), None, False, why)

    def forger_learns(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        role = _names(children)[-1]
        forge = Forge(role, why, learns=why, same_night=why)
        return _Capability(None, (forge,), (), None, False, why)

    def forger_decides(self, meta: Meta, children: list[Any]) -> _Capability:
        why = self._why(meta)
        actor, role, *options = _names(children)
        forge = Forge(role, why, options=tuple(options), options_why=why)
        return _Capability(actor, (forge,), (), None, False, why)

    # ------------------------------------------------------------ the werewolf pool
    def sway_block(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        ability = _DayAbility("block vote", 1, Frequency.EACH_NIGHT, (VoteBlock(why),), why)
        return (ability, NoSelfTarget(why))  # "another's"

    def sway_double(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        ability = _DayAbility(
            "double vote", 1, Frequency.EACH_NIGHT, (VoteDouble(False, why),), why
        )
        return (ability, NoSelfTarget(why))  # "another's"

    def sway_double_own(self, meta: Meta, children: list[Any]) -> _DayAbility:
        why = self._why(meta)
        return _DayAbility("double vote", 0, Frequency.EACH_NIGHT, (VoteDouble(True, why),), why)

    def sway_substitute(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        ability = _DayAbility("substitute", 1, Frequency.EACH_NIGHT, (Substitute(why),), why)
        return (ability, NoSelfTarget(why))  # "one other alive player"

    def sway_spare(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        ability = _DayAbility("save", 1, Frequency.EACH_NIGHT, (Spare(why),), why)
        return (ability, NoSelfTarget(why))  # "another player"

    def sway_spare_none(self, meta: Meta, children: list[Any]) -> _AddTo:
        return _AddTo(Spare, "none", self._why(meta))

    def sway_survive(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, SurviveLynch(why), why)

    def sway_in_place(self, meta: Meta, children: list[Any]) -> _Note:
        # what a survived attempt gives in the model anyway: no lynch that day (sway.py)
        return _Note(self._why(meta))

    def nature(self, meta: Meta, children: list[Token]) -> str:
        return " ".join(str(c).lower() for c in children)

    def natures(self, meta: Meta, children: list[Any]) -> _Natures:
        words = [c for c in children if isinstance(c, str)]
        return _Natures(any(w.startswith("one-time") for w in words), self._why(meta))

    def pool_scan(self, meta: Meta, children: list[Any]) -> tuple[Any, ...] | _DayAbility:
        why = self._why(meta)
        if any(isinstance(c, Token) and c.type == "DEAD" for c in children):
            return _DayAbility("investigate", 1, Frequency.EACH_NIGHT, (ReadDead(why),), why)
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, why)
        other = any(isinstance(c, Token) and c.type == "OTHER" for c in children)
        return (start, Investigate(Info.ROLE, why), *((NoSelfTarget(why),) if other else ()))

    def pool_protect(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        return (_AbilityStart("targets", Frequency.EACH_NIGHT, why), Protect(why))

    def pool_block(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        return (_AbilityStart("targets", Frequency.EACH_NIGHT, why), Roleblock(why))

    def pool_convert(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        why = self._why(meta)
        start = _AbilityStart("targets", Frequency.EACH_NIGHT, why)
        return (start, Convert(_names(children)[0], why), NoSelfTarget(why))  # "one other"

    def pool_protections(self, meta: Meta, children: list[Any]) -> _AddTo:
        return _AddTo(Convert, "protections", self._why(meta))

    def pool_immune(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, ConvertImmune(why), why)

    def pool_endure(self, meta: Meta, children: list[Any]) -> _Trait:
        why = self._why(meta)
        return _Trait(None, AutoProtect(why), why)

    def pool_block_scope(self, meta: Meta, children: list[Any]) -> tuple[_AddTo, ...]:
        # "normal WW powers such as night-time kills, infection or kamikaze kills"
        why = self._why(meta)
        return (_AddTo(Roleblock, "roles_only", why), _AddTo(Roleblock, "infection", why))

    def hex_silenced(self, meta: Meta, children: list[Any]) -> Hex:
        return Hex("silenced", self._why(meta))

    def hex_powerless(self, meta: Meta, children: list[Any]) -> Hex:
        return Hex("powerless", self._why(meta))

    def hex_charm_vote(self, meta: Meta, children: list[Any]) -> Hex:
        return Hex("charm-vote", self._why(meta))

    def hex_charm_lynch(self, meta: Meta, children: list[Any]) -> Hex:
        return Hex("charm-lynch", self._why(meta))

    def hex_informed(self, meta: Meta, children: list[Any]) -> Informed:
        return Informed(self._why(meta))

    def hex_telepathy(self, meta: Meta, children: list[Any]) -> Telepathy:
        return Telepathy(self._why(meta))

    def hex_doom(self, meta: Meta, children: list[Any]) -> Hex:
        n = next(c for c in children if type(c) is int)
        return Hex("doom", self._why(meta), delay=n)

    def hex_backlash(self, meta: Meta, children: list[Any]) -> Backlash:
        return Backlash(self._why(meta))


def _merge_effect(old: Any, new: Any) -> Any:
    """Two sentences about the same effect of one ability: keep what each adds."""
    if old is None:
        return new
    if isinstance(new, Kill):
        return replace(
            old,
            strength=max(old.strength, new.strength),
            random=old.random or new.random,
            lethal_if=old.lethal_if or new.lethal_if,
        )
    if isinstance(new, Protect):
        return replace(old, sacrifice=old.sacrifice or new.sacrifice, tells=old.tells or new.tells)
    if isinstance(new, RecordsCheck):
        faction = (
            old.faction if old.faction and not old.faction.startswith("like:") else new.faction
        )
        return replace(
            old, faction=faction or old.faction, yes=old.yes or new.yes, no=old.no or new.no
        )
    if isinstance(new, Arrest):
        return replace(old, until=old.until or new.until)
    # any other kind: each field keeps what a sentence gave it
    return replace(
        old,
        **{
            f.name: getattr(old, f.name) or getattr(new, f.name)
            for f in fields(old)
            if f.name != "why"
        },
    )


def _order_lists(p: PriorityEntry, ability: Ability) -> bool:
    """Whether an order item names this ability or a kind of effect it has."""
    names = {canon(n) for n in (ability.name, *ability.aliases)}
    if p.ability is not None and canon(p.ability) in names:
        return True
    return bool(p.effects) and any(isinstance(e, p.effects) for e in ability.effects)


def _stem(word: str) -> str:
    """'Roleblocks' -> 'roleblock', 'Hexes' -> 'hex', 'Investigations' -> 'investigation'."""
    w = canon(word)
    if w.endswith("xes"):
        return w[:-2]
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def _same_trait(a: Any, b: Any) -> bool:
    """Two sentences giving a role the same passive effect (kept once, the first cited)."""
    return (
        type(a) is type(b)
        and getattr(a, "when", None) == getattr(b, "when", None)
        and getattr(a, "per", None) == getattr(b, "per", None)
        and getattr(a, "check", None) == getattr(b, "check", None)  # a card's lines
    )


def _ability_name(effects: dict[type, Any]) -> str:
    """A name for an ability assembled from prose, by its effects."""
    for kind, name in (
        (RecordsCheck, "investigate"),
        (AlignmentCheck, "investigate"),
        (Redirect, "redirect"),
        (Roleblock, "roleblock"),
        (Kill, "kill"),
        (Protect, "protect"),
        (Arrest, "arrest"),
        (Reverse, "reverse"),
    ):
        if kind in effects:
            return name
    return "act"


_CHOOSE = ("choose", "select", "pick")
# the verbs of the ability sentence in other words (stems): what each means
_SYNONYM_VERBS = {
    **dict.fromkeys(("target", *_CHOOSE), "targets"),
    "check": "checks",
    "visit": "visits",
    "kill": "kills",
}


def _nightkiller(words: str, why: Why, text: str) -> str:
    """'mafia nightkills' -> 'mafia': the faction of "the player that the mafia nightkills"."""
    faction, _, verb = words.rpartition(" ")
    if canon(verb) != "nightkills" or not faction:
        raise RulingError(
            "expected 'the player that the FACTION nightkills.'",
            why.loc,
            line_of(text, why.loc.line),
        )
    return faction


def _kin(asm: _Assembler, ability: Ability) -> set[str]:
    """Every other name a keyword line gives `ability` ("Discombobulate — Discombobulation
    (Tricking)"), canonical."""
    own = {canon(n) for n in (ability.name, *ability.aliases)}
    out: set[str] = set()
    for k in asm.keywords:
        line = {canon(n) for n in (k.keyword, *k.names)}
        if own & line:
            out |= line
    return out


def _names(children: list[Any]) -> list[str]:
    """The names among a rule's children (transformed `name`s are plain str, tokens not)."""
    return [c for c in children if type(c) is str]


def _quoted(token: Token) -> str:
    """'"yes."' -> 'yes' ('"arrest."' -> 'arrest'): the words inside the quotes."""
    return str(token).strip().strip('".').strip()


def _purpose_effects(purpose: Any, why: Why, random: bool) -> tuple[Any, ...]:
    """The effects of a turn-order step's purpose ("to kill", "to try to save", ...)."""
    match purpose:
        case "kill":
            return (Kill(why, random=random),)
        case "save":
            return (Protect(why),)
        case "sacrifice":
            return (Protect(why, sacrifice=True),)
        case "arrest":
            return (Arrest(why),)
        case "records":
            return (RecordsCheck("", None, None, why),)
        case "reverse":
            return (Reverse(why),)
        case ("lethal", faction):
            return (RecordsCheck(faction, None, None, why), Kill(why, lethal_if=faction))
    raise AssertionError(purpose)


def _from_clause(part: Any) -> Any:
    """A part of a sentence the clause language read, as the reader's piece."""
    match part:
        case clause.Starts(verb, frequency, why, subject, targets):
            return _AbilityStart(verb, frequency, why, subject, targets)
        case clause.ClassIs(visit_class, why):
            return _ClassDecl(visit_class, why)
        case clause.About(subject, inner):
            return _About(subject, _from_clause(inner))
    return part


def _clause_subject(part: Any) -> str | None:
    match part:
        case clause.Starts(subject=subject) | clause.About(subject=subject):
            return subject
    return None


def _as_ruling(why: Why) -> Why:
    return replace(why, kind="ruling")


def _flatten(items: Any) -> list[Any]:
    out: list[Any] = []
    for item in items:
        if isinstance(item, tuple) and not isinstance(item, PriorityEntry):
            out.extend(_flatten(item))
        else:
            out.append(item)
    return out


class _Assembler:
    """Walks the statements in order and builds the Ruleset."""

    def __init__(self, text: str, filename: str) -> None:
        self.text = text
        self.filename = filename
        self.title = Path(filename).stem
        self.faction: str | None = None
        self.factions: list[str] = []
        self.roles: dict[str, Role] = {}
        self.role_order: list[str] = []
        self.priority: list[PriorityEntry] = []
        self.orders: list[OrderRuling] = []
        self.seen_by: list[SeenBy] = []
        self.class_lists: list[ClassList] = []
        self.aliases: list[tuple[str, str, Why]] = []
        self.unique: Why | None = None
        self.rulings: list[Why] = []
        self.kill_visits: list[_KillVisits] = []
        self.nightkill_rules: list[_NightKillRule] = []
        self.outcome_rulings: list[OutcomeRuling] = []
        # prose sentences (turn order steps and role texts), assembled in `finish`
        self.capabilities: list[tuple[str, _Capability, int | None]] = []
        self.traits: list[tuple[str, Any]] = []
        self.facts: list[tuple[_RulesetFact, int | None, str | None]] = []
        self.dawn_orders: list[_Order] = []  # orders of operations ("A > B > C")
        self.healing: list[Any] = []  # the order of healing, snipes (logic/effects/heal.py)
        self.keywords: list[Keywords] = []  # keyword lines (logic/effects/inquiry.py)
        self.healing_next = False  # the next order line is the order of healing
        self.patches: list[_Patch] = []
        self.alignments = False  # under an "Alignments:" heading: lines define factions
        self.variant_of: str | None = None  # the role whose variants the lines define

    def error(
        self,
        message: str,
        why: Why,
        related: tuple[tuple[str, Loc], ...] = (),
        token: str | None = None,
    ) -> RulingError:
        """An error at `why`'s sentence, the caret under `token` when it is found there."""
        line = line_of(self.text, why.loc.line)
        loc, width = why.loc, 1
        if token:
            at = line.casefold().find(token.casefold(), max(0, why.loc.column - 1))
            if at >= 0:
                loc, width = Loc(why.loc.file, why.loc.line, at + 1), len(token)
        return RulingError(message, loc, line, related=related, width=width)

    def add_faction(self, name: str) -> str:
        for f in self.factions:
            if canon(f) == canon(name):
                return f
        self.factions.append(name)
        return name

    def run(self, statements: list[Any]) -> Ruleset:
        for st in _flatten(statements):
            self.statement(st)
        return self.finish()

    def statement(self, st: Any) -> None:
        if isinstance(st, (_RoleDef, _Heading)):
            self.variant_of = None  # a variants list ends at the next role or heading
        match st:
            case _Title(name):
                self.title = name
            case _Heading("faction", value, _):
                self.faction = self.add_faction(value)
                self.alignments = False
            case _Heading("healing", _, _):
                self.healing_next = True
            case _Healing(Keywords() as k):
                self.keywords.append(k)
            case _Healing(node):
                self.healing.append(node)
            case _Heading("alignments", _, _):
                self.alignments = True
                self.faction = None
            case _Heading():
                pass
            case _RoleDef() if self.alignments:
                # "Mafia: ... the mafia may choose one person each night to kill.": an
                # alignment's own powers, under the "Alignments:" heading
                faction = self.add_faction(st.name)
                for sentence in _flatten(st.sentences):
                    self.prose(sentence, faction, None)
            case _RoleDef():
                self.role_def(st)
            case _Variants(why):
                if not self.role_order:
                    raise self.error("these variants are of no role: none is defined above", why)
                self.variant_of = self.role_order[-1]
            case _SubAbility() if self.variant_of is not None:
                self.variant(st)
            case _SubAbility():
                self.sub_ability(st)
            case _UniqueRoles(why):
                self.unique = why
            case ClassList():
                self.class_lists.append(st)
            case SeenBy():
                self.seen_by.append(st)
            case _KillVisits():
                self.kill_visits.append(st)
            case _NightKillRule():
                self.nightkill_rules.append(st)
            case PriorityEntry():
                self.priority.append(st)
            case _Alias(alias, target, why):
                self.aliases.append((alias, target, why))
            case _Step(tier, items, _):
                for item in items:
                    self.prose(item, None, tier)
            case _Capability() | _Trait() | _RulesetFact():
                self.prose(st, None, None)
            case _Order() if self.healing_next:
                self.healing_next = False
                groups = tuple(tuple(words for words, _ in group) for group in st.items)
                self.healing.append(HealingOrder(groups, st.why))
            case _Order():
                self.dawn_orders.append(st)
            case _Ruling(body, why) if isinstance(body, (tuple, _Patch)):
                self.rulings.append(why)
                for b in body if isinstance(body, tuple) else (body,):
                    if isinstance(b, OutcomeRuling):
                        self.outcome_rulings.append(b)
                    else:
                        self.patches.append(b)
            case _Ruling(body, why):
                self.rulings.append(why)
                if isinstance(body, OutcomeRuling):
                    self.outcome_rulings.append(body)
                elif isinstance(body, OrderRuling):
                    self.orders.append(replace(body, why=why))
                elif isinstance(body, SeenBy):
                    self.seen_by.append(replace(body, why=_as_ruling(body.why)))
                else:
                    self.role_def(body, ruling=True)
            case _Kept():
                pass  # held in Ruleset.sentences (_held_sentences)
            case None:
                pass
            case _:
                raise AssertionError(f"unhandled statement {st!r}")

    def role_def(self, rd: _RoleDef, ruling: bool = False) -> None:
        key = canon(rd.name)
        existing = self.roles.get(key)
        if ruling:
            if existing is None:
                raise self.error(
                    f"this ruling names the role {rd.name!r}, which is not defined above", rd.why
                )
            role = existing
        else:
            if existing is not None:
                raise self.error(
                    f"the role {rd.name!r} is defined twice",
                    rd.why,
                    (("defined here first", existing.why.loc),),
                )
            if self.faction is None:
                raise self.error(
                    f"the role {rd.name!r} has no faction: put it under a heading such as "
                    "'Possible Town Roles'",
                    rd.why,
                )
            role = Role(rd.name, self.faction, why=rd.why)
            self.role_order.append(key)
        abilities = list(role.abilities)
        appears = list(role.appears_as)
        notes = list(role.notes)
        current: int | None = len(abilities) - 1 if (ruling and abilities) else None
        pending_name: tuple[str, tuple[str, ...]] | None = None
        for s in _flatten(rd.sentences):
            if s is None:  # a sentence read as what the engine does anyway
                continue
            if isinstance(s, _About):
                if self._other_role(s.subject, role.name):
                    raise self.error(
                        f"this sentence is about {s.subject}, but it is on {role.name}'s line",
                        s.why,
                        token=s.subject.split()[0],
                    )
                s = s.sentence
            # Explanations cite a role's sentence with the role's name in front of it.
            why = replace(s.why, text=f"{role.name}: {s.why.text}")
            s = replace(s, why=_as_ruling(why) if ruling else why)
            match s:
                case _AbilityName(name, aliases, _):
                    # names the ability before it, or else the next one
                    if current is not None and pending_name is None:
                        a = abilities[current]
                        abilities[current] = replace(a, name=name, aliases=aliases)
                    else:
                        pending_name = (name, aliases)
                case _DayAbility(name, n, freq, effects, why):
                    abilities.append(Ability(name, "targets", freq, effects, targets=n, why=why))
                    current = len(abilities) - 1
                case _AbilityStart(verb, freq, why, subject, targets):
                    if subject is not None and self._other_role(subject, role.name):
                        raise self.error(
                            f"this sentence is about {subject}, but it is on {role.name}'s line",
                            why,
                            token=subject.split()[0],
                        )
                    name, aliases = pending_name or (_VERB_NAME[verb], ())
                    pending_name = None
                    abilities.append(
                        Ability(name, verb, freq, why=why, aliases=aliases, targets=targets)
                    )
                    current = len(abilities) - 1
                    if verb == "kills":
                        abilities[current] = replace(abilities[current], effects=(Kill(why),))
                case _ClassDecl(vc, why):
                    # A role-level class ("Visiting role.") covers every ability of the role.
                    abilities = [replace(a, visit_class=vc, class_why=why) for a in abilities]
                case AppearsAs():
                    appears.append(s)
                case _Note(why):
                    notes.append(why)
                case (
                    Protect()
                    | Roleblock()
                    | Jail()
                    | Intercept()
                    | Investigate()
                    | Result()
                    | Convert()
                    | Interrogate()
                    | Slander()
                    | Injury()
                    | Unmask()
                    | SnipesOnly()
                    | InjuresAttacker()
                ):
                    if current is None:
                        raise self.error(
                            "this sentence needs an ability before it (e.g. 'Targets a player each night.')",
                            s.why,
                        )
                    a = abilities[current]
                    abilities[current] = replace(a, effects=(*a.effects, s))
                case _Capability() | _Trait() | _RulesetFact():
                    self.prose(s, role.name, None)
                case _Natures(once, why):
                    if current is None:  # a passive role's natures: a note, and "One-time
                        notes.append(why)  # use" makes its one-time traits once
                        if once:
                            self.traits = [
                                (r, replace(t, once=True))
                                if canon(r) == key and "once" in {f.name for f in fields(t)}
                                else (r, t)
                                for r, t in self.traits
                            ]
                    elif once:
                        a = abilities[current]
                        abilities[current] = replace(a, frequency=Frequency.ONCE_PER_GAME)
                case _AddTo(kind, name, why):
                    if current is None or not any(
                        isinstance(e, kind) for e in abilities[current].effects
                    ):
                        raise self.error(
                            "this sentence adds to an effect that no ability before it gives",
                            why,
                        )
                    a = abilities[current]
                    fx = tuple(
                        replace(cast(Any, e), **{name: why}) if isinstance(e, kind) else e
                        for e in a.effects
                    )
                    abilities[current] = replace(a, effects=fx)
                case _ if isinstance(s, DAY_AND_HEX_EFFECTS):
                    if current is None:
                        raise self.error("this sentence needs an ability before it", s.why)
                    a = abilities[current]
                    abilities[current] = replace(a, effects=(*a.effects, s))
                case NoSelfTarget() | NoConsecutive() | Forced():
                    if current is None:
                        raise self.error("this restriction needs an ability before it", s.why)
                    a = abilities[current]
                    restr: tuple[Restriction, ...] = (*a.restrictions, s)
                    abilities[current] = replace(a, restrictions=restr)
                case _:
                    raise AssertionError(f"unhandled sentence {s!r}")
        # "Visits a player": the verb itself says the ability visits, when no class is given.
        abilities = [
            replace(a, visit_class=VisitClass.VISITING, class_why=a.why)
            if a.visit_class is None and a.verb == "visits"
            else a
            for a in abilities
        ]
        self.roles[key] = replace(
            role, abilities=tuple(abilities), appears_as=tuple(appears), notes=tuple(notes)
        )

    def variant(self, st: _SubAbility) -> None:
        """'-Limited - ...' under 'There are N variants that may exist:': the role
        'Limited Doctor', with the sentences of the role the variants are of and its own.
        A variant whose sentences add nothing is that role ('Normal Doctor' is another
        name for the Doctor)."""
        assert self.variant_of is not None
        base = self.roles[self.variant_of]
        name = f"{st.name} {base.name}"
        sentences = _flatten(st.sentences)
        for s in sentences:
            if not isinstance(s, _Variant):
                raise self.error("this sentence is not one a variant of a role may have", s.why)
            if s.named is not None and self._other_role(s.named, base.name):
                raise self.error(
                    f"this sentence is about {s.named}, but it is on a variant of {base.name}",
                    s.why,
                    token=s.named.split()[0],
                )
        own = [s.sentence for s in sentences if not isinstance(s.sentence, _Note)]
        if not own:
            self.aliases.append((name, base.name, st.why))
            notes = (*base.notes, *(s.why for s in sentences))
            self.roles[self.variant_of] = replace(base, notes=notes)
            return
        key = canon(name)
        if self.find_role(name) is not None:
            raise self.error(f"the role {name!r} is defined twice", st.why)
        notes = tuple(s.why for s in sentences if isinstance(s.sentence, _Note))
        self.roles[key] = replace(base, name=name, why=st.why, notes=(*base.notes, *notes))
        self.role_order.append(key)
        for role_name, cap, tier in list(self.capabilities):  # the base's own sentences
            if self.find_role(role_name) is base:
                self.capabilities.append((name, cap, tier))
        for role_name, trait in list(self.traits):
            if self.find_role(role_name) is base:
                self.traits.append((name, trait))
        for s in own:
            self.prose(replace(s, why=replace(s.why, text=f"{name}: {s.why.text}")), name, None)

    def sub_ability(self, st: _SubAbility) -> None:
        """'-Hex of Silence - ...': a further ability of the role defined last (a night
        action on one player), its sentences the ability's effects."""
        if not self.role_order:
            raise self.error("this line names an ability, but no role is defined above", st.why)
        key = self.role_order[-1]
        role = self.roles[key]
        effects: list[Any] = []
        notes = list(role.notes)
        for s in _flatten(st.sentences):
            if isinstance(s, _Variant):
                raise self.error(
                    "a variant's sentence: put 'There are N variants that may exist:' above",
                    s.why,
                )
            why = replace(s.why, text=f"{role.name}: {s.why.text}")
            s = replace(s, why=why)
            if isinstance(s, _Note):
                notes.append(s.why)
            else:
                effects.append(s)
        why = replace(st.why, text=f"{role.name}: {st.why.text}")
        ability = Ability(st.name, "targets", Frequency.EACH_NIGHT, tuple(effects), why=why)
        self.roles[key] = replace(role, abilities=(*role.abilities, ability), notes=tuple(notes))

    def prose(self, item: Any, role: str | None, tier: int | None) -> None:
        """Keep a prose sentence for `finish` (its role may be defined further down)."""
        match item:
            case _Capability():
                self.capabilities.append((item.role or role or "", item, tier))
            case _Trait():
                self.traits.append((item.role or role or "", item.trait))
            case _RulesetFact():
                self.facts.append((item, tier, role))
            case None:
                pass
            case _ if isinstance(getattr(item, "why", None), Why):
                # an ability's sentence where no role is being defined: under the
                # "Alignments:" heading, or in a dawn-order step
                raise self.error(
                    "this sentence gives an ability, but it is not in a role's definition: "
                    "put it under a role's line in a heading such as 'Possible Town Roles'",
                    item.why,
                )
            case _:
                raise AssertionError(f"unhandled prose sentence {item!r}")

    def assemble_prose(
        self, roles: list[Role]
    ) -> tuple[list[Role], list[NightKill], dict[str, Any]]:
        """Roles' abilities and traits from prose sentences, the group kills, the turn
        order, and the facts about the game as a whole."""
        by_key = {canon(r.name): r for r in roles}
        merged: dict[str, list[tuple[_Capability, int | None]]] = {}
        nightkills: list[NightKill] = []
        for name, cap, tier in self.capabilities:
            if cap.group and canon(name) not in by_key and self.has_faction(name):
                # an alignment's own nightkill ("the mafia may choose one person each night")
                faction = self.resolve_faction(name, cap.why)
                if not any(k.faction == faction and k.role is None for k in nightkills):
                    ability = Ability(
                        "kill", "kills", Frequency.EACH_NIGHT, (Kill(cap.why),), why=cap.why
                    )
                    for kv in self.kill_visits:  # "any ... role executing the faction's nightkill"
                        if canon(kv.faction) == canon(faction):
                            ability = replace(ability, visit_class=kv.visit_class, class_why=kv.why)
                    nightkills.append(NightKill(faction, ability, None, cap.why))
                continue
            role = by_key[canon(self.resolve_role(name, cap.why))]
            if cap.group:
                if not any(k.role and canon(k.role) == canon(role.name) for k in nightkills):
                    ability = Ability(
                        "kill", "kills", Frequency.EACH_NIGHT, (Kill(cap.why),), why=cap.why
                    )
                    nightkills.append(NightKill(role.faction, ability, None, cap.why, role.name))
                if tier is not None:
                    self.priority.append(PriorityEntry(tier, None, role.faction, why=cap.why))
                continue
            merged.setdefault(canon(role.name), []).append((cap, tier))
            if tier is not None:
                self.priority.append(PriorityEntry(tier, role.name, why=cap.why))
        records = {
            canon(self.resolve_role(r or "", f.why)): f.value
            for f, _, r in self.facts
            if f.kind == "records" and r is not None
        }
        for f, tier, _ in self.facts:  # a step's records sentence is about that step's role
            if f.kind == "records" and tier is not None:
                for name, _, t in self.capabilities:
                    if t == tier:
                        records[canon(self.resolve_role(name, f.why))] = f.value
        checks: dict[str, RecordsCheck] = {}
        for key, caps in merged.items():
            effects: dict[type, Any] = {}
            restrictions: list[Restriction] = []
            frequency = Frequency.EACH_NIGHT
            given = {type(e) for cap, _ in caps if not cap.adds for e in cap.effects}
            for cap, _ in caps:
                for e in cap.effects:
                    if type(e) not in given:
                        raise self.error(
                            f"this sentence adds to the role's {_ability_name({type(e): e})}, "
                            "but no sentence of the role gives it",
                            cap.why,
                        )
                    effects[type(e)] = _merge_effect(effects.get(type(e)), e)
                restrictions.extend(
                    r for r in cap.restrictions if not any(type(x) is type(r) for x in restrictions)
                )
                frequency = cap.frequency or frequency
            own_name = next((c.name for c, _ in caps if c.name), None)
            targets = next((c.targets for c, _ in caps if c.targets is not None), 1)
            on_self = any(c.on_self for c, _ in caps)
            if RecordsCheck in effects and key in records:
                faction, yes, no = records[key]
                c = effects[RecordsCheck]
                effects[RecordsCheck] = replace(c, faction=faction, yes=c.yes or yes, no=c.no or no)
            if RecordsCheck in effects:
                checks[key] = effects[RecordsCheck]
            first = caps[0][0].why
            kill = Kill in effects
            name = own_name or _ability_name(effects)
            ability = Ability(
                name,
                "kills" if kill and len(effects) == 1 else "targets",
                frequency,
                tuple(effects.values()),
                tuple(restrictions),
                targets=targets,
                on_self=on_self,
                why=first,
            )
            role = by_key[key]
            by_key[key] = replace(role, abilities=(*role.abilities, ability))
        # "Like the Sheriff, the FBI uses police records": the other role's records check
        for key, role in list(by_key.items()):
            fixed = []
            for ab in role.abilities:
                fx = list(ab.effects)
                for k, e in enumerate(fx):
                    if isinstance(e, RecordsCheck) and e.faction.startswith("like:"):
                        other = checks.get(canon(self.resolve_role(e.faction[5:], e.why)))
                        faction = other.faction if other else ""
                        check = replace(e, faction=faction)
                        fx[k] = checks[key] = check
                for k, e in enumerate(fx):
                    if isinstance(e, Kill) and e.lethal_if and e.lethal_if.startswith("yes:"):
                        mine = checks.get(key)
                        if mine is None or not mine.faction:
                            raise self.error(
                                "this kill needs a records check to say who comes up 'yes'", e.why
                            )
                        fx[k] = replace(e, lethal_if=mine.faction)
                for e in fx:
                    if isinstance(e, RecordsCheck) and not e.faction:
                        raise self.error(
                            "this check does not say what the records show (add the step's "
                            "'The records may either say ...' sentence)",
                            e.why,
                        )
                fixed.append(replace(ab, effects=tuple(fx)))
            by_key[key] = replace(role, abilities=tuple(fixed))
        faction_traits: list[tuple[str, Any]] = []
        for name, trait in self.traits:
            if canon(name) not in by_key and self.has_faction(name):  # an alignment's power
                faction = self.resolve_faction(name, trait.why)
                old = next(
                    (t for f, t in faction_traits if f == faction and _same_trait(t, trait)), None
                )
                if old is None:
                    faction_traits.append((faction, trait))
                else:
                    merged_trait = _merge_effect(old, trait)
                    faction_traits = [
                        (f, merged_trait if t is old else t) for f, t in faction_traits
                    ]
                continue
            key = canon(self.resolve_role(name, trait.why))
            role = by_key[key]
            same = next((x for x in role.traits if _same_trait(x, trait)), None)
            if same is None:
                by_key[key] = replace(role, traits=(*role.traits, trait))
            elif not isinstance(same, Witness) and hasattr(
                same, "why"
            ):  # another sentence about it
                both = _merge_effect(same, trait)
                by_key[key] = replace(
                    role, traits=tuple(both if x is same else x for x in role.traits)
                )
            elif isinstance(same, Witness) and same.chance is None:  # another sentence about it
                both = replace(same, chance=getattr(trait, "chance", None))
                by_key[key] = replace(
                    role, traits=tuple(both if x is same else x for x in role.traits)
                )
        facts: dict[str, Any] = {
            "tie_rules": [],
            "victories": [],
            "reverts": [],
            "day_rules": [],
            "faction_traits": faction_traits,
            "never_dealt": [],
        }
        for f, tier, line_role in self.facts:
            match f.kind:
                case "casualties":
                    facts["casualties"] = (tier, f.why)
                case "lynch":
                    facts["lynch"] = f.value
                case "tie":
                    rule = f.value
                    if rule.kind in ("choice", "vote", "exclude"):
                        name = rule.role or line_role or ""
                        rule = replace(rule, role=self.resolve_role(name, f.why))
                    if rule not in facts["tie_rules"]:
                        facts["tie_rules"].append(rule)
                case "victory":
                    v = f.value
                    facts["victories"].append(
                        replace(
                            v,
                            winner=self.resolve_group(v.winner, f.why),
                            group=self.resolve_group(v.group, f.why),
                            over=tuple(self.resolve_group(x, f.why) for x in v.over),
                        )
                    )
                case "revert":
                    name = f.value.role
                    singular = name[:-1] if name.lower().endswith("s") else name
                    role_name = self.resolve_role(
                        singular if canon(singular) in self.roles else name, f.why
                    )
                    facts["reverts"].append(replace(f.value, role=role_name))
                case "duel":
                    facts["duel"] = f.value
                case "endgame" | "endgame victory" | "endgame over":
                    facts.setdefault("endgame", {})[f.kind] = (f.value, f.why)
                case "neutral":
                    category, factions = f.value
                    facts["neutral"] = (category, factions, f.why)
                case "vanilla":
                    facts["vanilla"] = (f.value, f.why)
                case "never dealt":
                    facts["never_dealt"].append((f.value, f.why))
                case "no role":
                    facts.setdefault("roleless", []).append((f.value, f.why))
                case "balance":
                    facts["balance"] = (f.value, f.why)
                case "records" | "round" | "simultaneous" | "role types" | "modify":
                    pass  # read; the engine's frame, a heading or an effect kind holds them
                case "day":
                    facts["day_rules"].append(f.value)
                case "records" | "round":
                    pass
        return [by_key[canon(r.name)] for r in roles], nightkills, facts

    def resolve_group(self, name: str, why: Why) -> str:
        """A victory's winner or group: a faction (also in the singular: "Citizen victory"
        for the Citizens), else a role."""
        for f in self.factions:
            if canon(f) in (canon(name), canon(name) + "s"):
                return f
        return self.resolve_role(name, why)

    # ------------------------------------------------------------------ checks and finish

    def _other_role(self, name: str, role: str) -> bool:
        """`name` (as a sentence on `role`'s line writes it) names another role."""
        key = canon(name)
        for alias, target, _ in self.aliases:
            if canon(alias) == key:
                key = canon(target)
        return key != canon(role)

    def find_role(self, name: str) -> Role | None:
        """The role called `name`, by its name or another name the ruleset gives it."""
        key = canon(name)
        for alias, target, _ in self.aliases:
            if canon(alias) == key:
                key = canon(target)
        return self.roles.get(key)

    def resolve_role(self, name: str, why: Why) -> str:
        role = self.find_role(name)
        if role is None:
            known = ", ".join(self.roles[k].name for k in self.role_order)
            raise self.error(
                f"{name!r} is not a role of this ruleset (roles: {known})", why, token=name
            )
        return role.name

    def has_faction(self, name: str) -> bool:
        return any(canon(f) == canon(name) for f in self.factions)

    def order_entries(self, roles: list[Role]) -> list[PriorityEntry]:
        """The items of an order of operations as priority entries: a role, an ability
        by its name ("Hamedo", "Hexes"), the effects of a kind by its noun ("Roleblocks",
        "Nightkills"), or a hastened nightkill. An item that names nothing of the ruleset
        is kept (its tier stays empty)."""
        nouns: dict[str, tuple[type, ...]] = {}  # (kinds may share a noun: "Investigations")
        for k in KINDS:
            for n, nodes in k.nouns:
                nouns[_stem(n)] = (*nouns.get(_stem(n), ()), *nodes)
        out: list[PriorityEntry] = []
        for order in self.dawn_orders:
            items = [(t, w) for t, g in enumerate(order.items, start=1) for w in g]
            for tier, (words, after) in items:
                why = order.why
                if words == REST:  # "All other actions"
                    out.append(PriorityEntry(tier, None, why=why, ability=words, rest=True))
                    continue
                key = canon(words)
                role = self.find_role(words)
                if role is not None:  # a role, or a role's possessive ("X's arrow")
                    out.append(PriorityEntry(tier, role.name, why=why))
                    continue
                if after is None and key.startswith("hastened "):
                    nodes = nouns.get(_stem(key.split(" ", 1)[1]), (Kill,))
                    out.append(PriorityEntry(tier, None, why=why, effects=nodes, hastened=True))
                    continue
                names = {
                    n
                    for r in roles
                    for a in r.abilities
                    for n in (a.name, *a.aliases)
                    if canon(n) == key or _stem(canon(n).split()[0]) == _stem(key)
                }
                # an item that a keyword line gives as another name ("Discombobulation")
                names |= {a.name for r in roles for a in r.abilities if key in _kin(self, a)}
                out += [PriorityEntry(tier, None, why=why, ability=n) for n in sorted(names)]
                if _stem(key) in nouns:  # and the effects it names, by any ability's name
                    out.append(PriorityEntry(tier, None, why=why, effects=nouns[_stem(key)]))
                elif not names:  # names nothing of this ruleset (yet): kept, empty
                    out.append(PriorityEntry(tier, None, why=why, ability=words))
        return out

    def apply_patches(self, roles: list[Role]) -> list[Role]:
        """The GM's notes that settle how a role's effect works."""
        out = []
        for role in roles:
            abilities = []
            for ab in role.abilities:
                fx = []
                for e in ab.effects:
                    if isinstance(e, ReadFate):  # "the Ghost or Zombie": roles of the ruleset
                        for name in e.roles:
                            self.resolve_role(name, e.why)
                    for p in self.patches:
                        if isinstance(e, Guard) and canon(p.roles[0]) == canon(role.name):
                            if p.kind == "guard follows":
                                e = replace(e, follows=p.why)
                            elif p.kind == "guard spares":
                                spared = self.resolve_role(p.roles[1], p.why)
                                e = replace(e, spares=(*e.spares, spared), spares_why=p.why)
                    fx.append(e)
                abilities.append(replace(ab, effects=tuple(fx)))
            traits = []
            for t in role.traits:
                for p in self.patches:
                    bomb = canon(p.roles[0]) == canon(role.name)
                    if isinstance(t, Explode) and p.kind == "explode spares" and bomb:
                        spared = self.resolve_role(p.roles[1], p.why)
                        t = replace(t, spared=(*t.spared, spared), spared_why=p.why)
                    if (
                        isinstance(t, Explode)
                        and p.kind == "explode hastener"
                        and canon(p.roles[0]) == canon(role.name)
                    ):
                        t = replace(t, hastener=p.why)
                traits.append(t)
            out.append(replace(role, abilities=tuple(abilities), traits=tuple(traits)))
        for p in self.patches:  # every note names roles of the ruleset
            for name in p.roles:
                self.resolve_role(name, p.why)
        return out

    def resolve_faction(self, name: str, why: Why) -> str:
        for f in self.factions:
            if canon(f) == canon(name):
                return f
        raise self.error(
            f"{name!r} is not a faction of this ruleset (factions: {', '.join(self.factions)})",
            why,
            token=name,
        )

    def finish(self) -> Ruleset:
        for _alias, target, why in self.aliases:
            if canon(target) not in self.roles:
                raise self.error(f"{target!r} is not a role of this ruleset", why)
        roles = [self.roles[k] for k in self.role_order]
        roles, group_kills, facts = self.assemble_prose(roles)
        vanilla: str | None = None
        if "vanilla" in facts:  # the role of players with no role, in any faction
            vanilla, why = facts["vanilla"]
            key = canon(vanilla)
            if key not in self.roles:
                self.roles[key] = Role(vanilla, "", why=why)
                roles.append(self.roles[key])
        neutral: tuple[tuple[str, tuple[str, ...], Why], ...] = ()
        if "neutral" in facts:
            category, allowed, why = facts["neutral"]
            allowed = tuple(self.resolve_faction(f, why) for f in allowed)
            neutral = ((self.resolve_faction(category, why), allowed, why),)
            self.factions = [f for f in self.factions if canon(f) != canon(category)]
        roleless = tuple(
            (self.resolve_faction(name, why), why) for name, why in facts.get("roleless", [])
        )
        balance = self.balance(facts["balance"]) if "balance" in facts else None
        endgame = facts.get("endgame", {})
        if "endgame victory" in endgame:  # "victory is given to the Secret Boss if he is
            (first, second), why = endgame["endgame victory"]  # alive, or the Mafia if not"
            n = endgame.get("endgame", (2, why))[0]
            over: tuple[str, ...] = ()
            if "endgame over" in endgame:
                over = (self.resolve_group(endgame["endgame over"][0], why),)
            group = self.resolve_group(first, why)
            facts["victories"] += [
                Victory(group, "endgame", group, n, over, why),
                Victory(self.resolve_group(second, why), "endgame", group, n, over, why, True),
            ]
        roles = self.apply_patches(roles)
        self.priority.extend(self.order_entries(roles))
        # Names used in sentences must exist.
        for role in roles:
            for a in role.abilities:
                for e in a.effects:
                    if isinstance(e, Intercept):
                        self.resolve_faction(e.faction, e.why)
            for ap in role.appears_as:
                self.resolve_faction(ap.faction, ap.why)
                if ap.to is not None:
                    self.resolve_role(ap.to, ap.why)
        seen = [
            replace(s, roles=tuple(self.resolve_role(r, s.why) for r in s.roles))
            for s in self.seen_by
        ]
        for cl in self.class_lists:
            for r in cl.roles:
                self.resolve_role(r, cl.why)
        nightkills = []
        for rule in self.nightkill_rules:
            faction = self.resolve_faction(rule.faction, rule.why)
            vc = None
            class_why = rule.why
            for kv in self.kill_visits:
                if canon(kv.faction) == canon(faction):
                    vc, class_why = kv.visit_class, kv.why
            ability = Ability(
                "kill",
                "kills",
                Frequency.EACH_NIGHT,
                (Kill(rule.why),),
                visit_class=vc,
                why=rule.why,
                class_why=class_why,
            )
            nightkills.append(
                NightKill(faction, ability, rule.why if rule.exclusive else None, rule.why)
            )
        nightkills.extend(group_kills)
        priority = []
        for p in self.priority:
            if p.nightkill_of is not None:
                faction = self.resolve_faction(p.nightkill_of, p.why)
                if not any(k.faction == faction for k in nightkills):
                    raise self.error(
                        f"the {faction} faction has no nightkill in this ruleset", p.why
                    )
                priority.append(replace(p, nightkill_of=faction))
            elif p.subject is None:  # an order item naming an ability or a kind of effect
                priority.append(p)
            else:
                subject = self.resolve_role(p.subject, p.why)
                iff = self.resolve_role(p.iff_targeting, p.why) if p.iff_targeting else None
                priority.append(replace(p, subject=subject, iff_targeting=iff))
        if priority and not self.dawn_orders:  # (an order of operations may leave powers out)
            listed = {canon(p.subject) for p in priority if p.subject}
            for role in roles:
                if (
                    role.abilities
                    and canon(role.name) not in listed
                    and not any(_order_lists(p, a) for p in priority for a in role.abilities)
                ):
                    raise self.error(
                        f"the role {role.name!r} has an ability but is not in the priority list",
                        role.why,
                    )
            for k in nightkills:
                if not any(
                    p.nightkill_of == k.faction or _order_lists(p, k.ability) for p in priority
                ):
                    raise self.error(
                        f"the {k.faction} nightkill is not in the priority list", k.why
                    )
        outcome_rulings = tuple(
            replace(
                r,
                actor=self.resolve_role(r.actor, r.why) if r.actor else None,
                target=self.resolve_role(r.target, r.why) if r.target else None,
                subject=self.resolve_role(r.subject, r.why) if r.subject else None,
            )
            for r in self.outcome_rulings
        )
        orders = []
        for o in self.orders:
            first, second = self.resolve_role(o.first, o.why), self.resolve_role(o.second, o.why)
            if canon(first) == canon(second):
                raise self.error(f"this ruling orders {first} before itself", o.why)
            orders.append(replace(o, first=first, second=second))
        # a role named in a list such as "Visiting roles: ..." whose own sentences give no
        # visiting class takes the list's
        class_of = {
            canon(self.resolve_role(r, cl.why)): cl for cl in self.class_lists for r in cl.roles
        }
        roles = [
            replace(
                role,
                abilities=tuple(
                    replace(a, visit_class=listing.visit_class, class_why=listing.why)
                    if a.visit_class is None
                    else a
                    for a in role.abilities
                ),
            )
            if (listing := class_of.get(canon(role.name))) is not None
            else role
            for role in roles
        ]
        return Ruleset(
            name=self.title,
            roles=tuple(roles),
            factions=tuple(self.factions),
            nightkills=tuple(nightkills),
            priority=tuple(priority),
            seen_by=tuple(seen),
            class_lists=tuple(self.class_lists),
            aliases=tuple(self.aliases),
            unique_roles=self.unique,
            rulings=tuple(self.rulings),
            outcome_rulings=outcome_rulings,
            orders=tuple(orders),
            keywords=tuple(self.keywords),
            healing=tuple(self.healing),
            source=self.filename,
            lynch=facts.get("lynch"),
            tie_rules=tuple(facts["tie_rules"]),
            victories=tuple(facts["victories"]),
            casualties=facts["casualties"][0] if "casualties" in facts else None,
            casualties_why=facts["casualties"][1] if "casualties" in facts else None,
            reverts=tuple(facts["reverts"]),
            faction_traits=tuple(facts["faction_traits"]),
            duel=facts.get("duel"),
            neutral=neutral,
            vanilla=vanilla,
            roleless=roleless,
            balance=balance,
            day_rules=tuple(facts["day_rules"]),
            never_dealt=tuple((self.resolve_role(r, w), w) for r, w in facts["never_dealt"]),
        )

    def balance(self, value: tuple[tuple[str, str], Why]) -> tuple[str, str, str, Why]:
        """ "as many players who are FACTION ROLE as there are players who are non-OTHER":
        the first name's last words name a role (the role of players with no role, too),
        the words before it a faction; the second is "non-" and a faction."""
        (held, other), why = value
        words = held.split()
        for cut in range(1, len(words)):
            faction, role = " ".join(words[:cut]), " ".join(words[cut:])
            known = self.find_role(role)
            if known is not None and self.faction_named(faction) is not None:
                found = known.name
                break
        else:
            raise self.error(
                f"{held!r} is not a faction and a role (as in 'town vanilla')", why, token=held
            )
        if not other.lower().startswith("non-"):
            raise self.error(f"expected 'non-FACTION', not {other!r}", why, token=other)
        return (
            found,
            self.resolve_faction(faction, why),
            self.resolve_faction(other[4:], why),
            why,
        )

    def faction_named(self, name: str) -> str | None:
        return next(
            (f for f in self.factions if canon(f) in (canon(name), canon(name) + "s")), None
        )


def _statement_body(text: str, st: Tree[Token]) -> tuple[str | None, int]:
    """(label, offset of the first sentence) of a statement: a role line's name and a
    ruling's "Ruling" are written before its sentences and are not part of them."""
    if st.data == "role_def" and len(st.children) > 1:
        name, first = st.children[0], st.children[1]
        assert isinstance(name, Tree) and isinstance(first, Tree)
        label = " ".join(text[name.meta.start_pos : name.meta.end_pos].split()).strip('"')
        return label, first.meta.start_pos
    if st.data == "ruling" and st.children and isinstance(st.children[0], Tree):
        body = st.children[0].meta.start_pos
        return text[st.meta.start_pos : body].strip().rstrip(":").strip(), body
    return None, st.meta.start_pos


def _held_sentences(
    text: str, filename: str, tree: Tree[Token], statements: list[Any]
) -> tuple[Sentence, ...]:
    """Every sentence the ruleset holds, in file order: the sentences of each statement
    (split as `ruling coverage` splits the source) and of the kept lines; a `Source:`
    line's sentences point at the statement after it, which rewords them."""
    out: list[Sentence] = []
    pending: list[int] = []  # source sentences waiting for the statement that rewords them

    def split(body: str, line: int, column: int, **fields: Any) -> list[Sentence]:
        found, at = [], 0
        for piece in split_sentences(body):
            at = body.find(piece, at)
            loc = Loc(filename, line, column + max(at, 0))
            found.append(Sentence(" ".join(piece.split()), loc=loc, **fields))
            at += len(piece)
        return found

    def fail(message: str, at: Sentence) -> RulingError:
        return RulingError(message, Loc(filename, at.loc.line, 1), line_of(text, at.loc.line))

    for st, item in zip(tree.children, statements, strict=True):
        assert isinstance(st, Tree)
        if isinstance(item, _Kept):
            if pending and item.kind != "source":
                raise fail(
                    f"a Source: line comes just before the statement that rewords it, "
                    f"not before a {'Flavour' if item.kind == 'flavour' else 'Not modelled'}: line",
                    out[pending[0]],
                )
            kept = split(
                item.text, item.loc.line, item.loc.column, kind=item.kind, reason=item.reason
            )
            if item.kind == "source":
                pending.extend(range(len(out), len(out) + len(kept)))
            out.extend(kept)
            continue
        label, start = _statement_body(text, st)
        line = st.meta.line
        column = start - text.rfind("\n", 0, start)
        sentences = split(text[start : st.meta.end_pos], line, column, kind="rule", label=label)
        raw = text[st.meta.start_pos : st.meta.end_pos]
        why = Why(Loc(filename, line, st.meta.column), " ".join(raw.split()))
        for k in pending:
            out[k] = replace(out[k], rewords=why)
        pending = []
        out.extend(sentences)
    if pending:
        raise fail("this Source: line has no statement after it to reword it", out[pending[0]])
    return tuple(out)


def parse_ruleset(text: str, filename: str = "<ruleset>") -> Ruleset:
    """Parse ruleset text into the IR; raises `RulingError` on bad input (every sentence
    that cannot be read, together: `statements.RulingErrors`)."""
    read = statements.read(text, filename)
    tree: Tree[Token] = read.tree
    statements_ = _ToIR(text, filename, read.held).transform(tree)
    rs = _Assembler(text, filename).run(statements_)
    return replace(rs, sentences=_held_sentences(text, filename, tree, statements_))


def load_ruleset(path: str | Path) -> Ruleset:
    """Read and parse a ruleset file."""
    text = grammar.read_source(path, "ruleset")
    return parse_ruleset(text, str(path))
