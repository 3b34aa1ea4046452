"""Owns reading a ruleset: `grammar/ruleset.lark` parse tree -> `ir.Ruleset`.

One Transformer, `_ToIR`, turns each sentence into an IR piece labelled with its `Why`
(logic/lang/read/pieces.py); it is composed of the readers of logic/lang/read/, one per
effect kind or topic, whose methods are named after grammar rules. `_Assembler` then walks
the statements in order (headings set the faction of the roles below them, sentences attach
to the ability before them), resolves names and checks what the grammar cannot: unknown
roles in lists, duplicated roles, a priority list that misses an acting role. Every sentence the ruleset holds,
kept lines (`Flavour:`, `Not modelled (REASON):`, `Source:`) included, is recorded with
its line in `Ruleset.sentences` for `ruling coverage`.
"""

from __future__ import annotations

from dataclasses import fields, replace
from pathlib import Path
from typing import Any, cast

from lark import Token, Tree, v_args

from logic.effects.afterlife import (
    ReadFate,
    ReadLiving,
)
from logic.effects.convert import Convert
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
from logic.effects.heal import (
    HealingOrder,
    InjuresAttacker,
    Injury,
    SnipesOnly,
    Unmask,
)
from logic.effects.hex import Backlash, Hex, Informed, Telepathy
from logic.effects.inquiry import Keywords
from logic.effects.interrogate import Interrogate, Slander
from logic.effects.investigate import AlignmentCheck
from logic.effects.react import Explode, Guard
from logic.effects.records import RecordsCheck, Reverse
from logic.effects.redirect import Redirect
from logic.effects.registry import KINDS
from logic.effects.report import Witness
from logic.effects.status import Arrest
from logic.effects.win import Victory
from logic.lang import grammar
from logic.lang.errors import Loc, RulingError, line_of
from logic.lang.prose import split_sentences
from logic.lang.read.abilities import AbilitiesReader
from logic.lang.read.block import BlockReader
from logic.lang.read.days import DaysReader
from logic.lang.read.dead import DeadReader
from logic.lang.read.forge import ForgeReader
from logic.lang.read.headings import HeadingsReader
from logic.lang.read.heal import HealReader
from logic.lang.read.hexes import HexesReader
from logic.lang.read.identity import IdentityReader
from logic.lang.read.inquiry import InquiryReader
from logic.lang.read.investigate import InvestigateReader
from logic.lang.read.kept import KeptReader
from logic.lang.read.kill import KillReader
from logic.lang.read.names import NamesReader
from logic.lang.read.pieces import (
    REST,
    _AbilityName,
    _AbilityStart,
    _About,
    _AddTo,
    _Alias,
    _as_ruling,
    _Capability,
    _ClassDecl,
    _DayAbility,
    _flatten,
    _Heading,
    _Healing,
    _Kept,
    _KillVisits,
    _Natures,
    _NightKillRule,
    _Note,
    _Order,
    _Patch,
    _RoleDef,
    _RulesetFact,
    _Ruling,
    _Step,
    _SubAbility,
    _Title,
    _Trait,
    _UniqueRoles,
    _Variant,
    _Variants,
)
from logic.lang.read.priority import PriorityReader
from logic.lang.read.protect import ProtectReader
from logic.lang.read.react import ReactReader
from logic.lang.read.records import RecordsReader
from logic.lang.read.redirect import RedirectReader
from logic.lang.read.report import ReportReader
from logic.lang.read.restrictions import RestrictionsReader
from logic.lang.read.results import ResultsReader
from logic.lang.read.roles import RolesReader
from logic.lang.read.rulings import RulingsReader
from logic.lang.read.setup import SetupReader
from logic.lang.read.sway import SwayReader
from logic.lang.read.turn import TurnReader
from logic.lang.read.victory import VictoryReader
from logic.lang.read.visits import VisitsReader
from logic.lang.read.vote import VoteReader
from logic.model.ir import (
    Ability,
    AppearsAs,
    ClassList,
    Forced,
    Frequency,
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


_VERB_NAME = {"targets": "target", "checks": "check", "visits": "visit", "kills": "kill"}


@v_args(meta=True)
class _ToIR(
    NamesReader,
    HeadingsReader,
    RolesReader,
    AbilitiesReader,
    TurnReader,
    RestrictionsReader,
    ResultsReader,
    KillReader,
    ProtectReader,
    HealReader,
    BlockReader,
    RedirectReader,
    InvestigateReader,
    InquiryReader,
    ForgeReader,
    RecordsReader,
    ReportReader,
    ReactReader,
    IdentityReader,
    VisitsReader,
    PriorityReader,
    RulingsReader,
    SetupReader,
    KeptReader,
    VoteReader,
    SwayReader,
    DaysReader,
    HexesReader,
    DeadReader,
    VictoryReader,
    grammar.SourceTransformer,
):
    """Parse tree -> sentence pieces. One method per grammar rule."""


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
                case _AbilityStart(verb, freq, why, subject):
                    if subject is not None and self._other_role(subject, role.name):
                        raise self.error(
                            f"this sentence is about {subject}, but it is on {role.name}'s line",
                            why,
                            token=subject.split()[0],
                        )
                    name, aliases = pending_name or (_VERB_NAME[verb], ())
                    pending_name = None
                    abilities.append(Ability(name, verb, freq, why=why, aliases=aliases))
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
    """Parse ruleset text into the IR; raises `RulingError` on bad input."""
    tree: Tree[Token] = grammar.parse(text, filename, "ruleset", "ruleset")
    statements = _ToIR(text, filename).transform(tree)
    rs = _Assembler(text, filename).run(statements)
    return replace(rs, sentences=_held_sentences(text, filename, tree, statements))


def load_ruleset(path: str | Path) -> Ruleset:
    """Read and parse a ruleset file."""
    text = grammar.read_source(path, "ruleset")
    return parse_ruleset(text, str(path))
