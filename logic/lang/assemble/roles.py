"""Owns assembling role lines: a role's sentences into its abilities, restrictions,
results and traits (`role_def`), a variant of a role, a further ability of a role, and the
prose sentences of a role kept for `finish`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from typing import Any, cast

from logic.effects.afterlife import Exorcise, ReadFate, ReadLiving
from logic.effects.attack import Kill
from logic.effects.base import Effect
from logic.effects.couple import Pair, PairDeath
from logic.effects.day import DayKill, Discard, Public, Revive, Rock, VotesBack, VotesGone
from logic.effects.hex import Backlash, Hex, Informed, Telepathy
from logic.effects.identity import DeathLink
from logic.effects.manner import UseManner
from logic.effects.registry import KINDS
from logic.lang.assemble.state import AssemblerState
from logic.lang.kinds.allegiance import FactionIs
from logic.lang.kinds.common2 import Implied
from logic.lang.kinds.phrasing import NotFirstNight
from logic.lang.lexicon import plural
from logic.lang.read.pieces import (
    EXEMPT,
    NATURE,
    _AbilityName,
    _AbilityStart,
    _About,
    _AddTo,
    _as_ruling,
    _Capability,
    _ClassDecl,
    _DayAbility,
    _flatten,
    _Given,
    _KillVisits,
    _Natures,
    _NightKillRule,
    _Note,
    _RoleDef,
    _RulesetFact,
    _SubAbility,
    _Trait,
    _Variant,
)
from logic.model.ir import (
    Ability,
    AppearsAs,
    ClassList,
    Forced,
    Frequency,
    NoConsecutive,
    NoSelfTarget,
    NoTargetAgain,
    NoUseAgain,
    Restriction,
    Role,
    SelfAllowed,
    SelfAtMost,
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

# every effect kind's nodes (logic/effects/registry.py): a sentence that reads as one is
# an effect of the ability before it
_KIND_NODES = tuple(n for k in KINDS for n in k.nodes)


def _by_day(a: Ability) -> bool:
    return any(getattr(e, "by_day", False) for e in a.effects)


def _kind_node(line: _Line, effect: Effect, error: Callable[[str, Why], Exception]) -> None:
    """An effect kind's node said of the ability before it."""
    if line.current is None:
        raise error(
            "this sentence needs an ability before it (e.g. 'Targets a player each night.')",
            effect.why,
        )
    a = line.abilities[line.current]
    # an effect said of another effect of its ability ("If one dies, the other
    # dies too." of the pair the ability makes: the node's `needs`)
    needs = getattr(effect, "needs", None)
    if needs is not None and not any(isinstance(e, needs) for e in a.effects):
        raise error(
            f"this sentence speaks of the ability before it, which makes no "
            f"{needs.__name__.lower()}",
            effect.why,
        )
    # "The first will target the second." after one player named (a list, -1, is no number)
    if 0 <= a.targets < getattr(effect, "needs_targets", 0):
        raise error(
            "this sentence speaks of two players, and the ability before it names one "
            "(e.g. 'Each night you may choose two players.')",
            effect.why,
        )
    if effect not in a.effects:  # said twice ("protect one player. That player
        # cannot be killed that night."): one effect, its first sentence
        line.abilities[line.current] = _with_effect(a, effect)


def _makes_pair(line: _Line, named: str) -> bool:
    """The ability before makes a pair whose status `named` names ("lover": "lovers")."""
    if not named or line.current is None:
        return False
    said = {canon(named), plural(canon(named))}
    return any(
        isinstance(e, Pair) and canon(e.status) in said
        for e in line.abilities[line.current].effects
    )


def _with_effect(a: Ability, effect: Effect) -> Ability:
    """`a` with `effect` added, in place of the effects it says more exactly (`refines`:
    "Frame one player. They will appear as Mafia." names the faction of the verb's frame)."""
    refines = getattr(effect, "refines", None)
    kept = tuple(e for e in a.effects if not (refines and refines(e)))
    return replace(a, effects=(*kept, effect))


def _implied(line: _Line, kind: type, name: str, why: Why) -> None:
    """Where the ability before says no effect yet ("Pick a player each night.") and the
    field alone says the effect (the kind's `implied_by`: "If they would be killed, you
    die instead." saves the target), the sentence gives it."""
    if (
        line.current is not None
        and not line.abilities[line.current].effects
        and name in getattr(kind, "implied_by", ())
    ):
        for i in _current(line):
            line.abilities[i] = replace(line.abilities[i], effects=(kind(why=why),))


def _current(line: _Line, same_sentence: bool = True) -> list[int]:
    """The ability before a sentence, and the line's ability of the same name used in the
    other phase: one sentence gave both ("for a day or night-time period"), or, when not
    `same_sentence`, any of the line's (a role's natures, "(Active, One-time use, Anytime)",
    are said of its one ability, used by night and by day)."""
    assert line.current is not None
    now = line.abilities[line.current]
    return [
        i
        for i, a in enumerate(line.abilities)
        if i == line.current
        or (
            canon(a.name) == canon(now.name)
            and _by_day(a) != _by_day(now)
            and (a.why == now.why or not same_sentence)
        )
    ]


_VERB_NAME = {"targets": "target", "checks": "check", "visits": "visit", "kills": "kill"}


SAID_RESTRICTIONS = (
    NoSelfTarget,
    SelfAllowed,
    NoConsecutive,
    SelfAtMost,
    NoTargetAgain,
    NoUseAgain,
    Forced,
)
"""The restrictions a sentence adds to the ability before it (a TargetIn is its verb's)."""


@dataclass
class _Line:
    """A role line being assembled: its abilities so far, the one its sentences add to,
    a name said for the next ability, what the role appears as and its notes."""

    abilities: list[Ability]
    appears: list[AppearsAs]
    notes: list[Why]
    current: int | None
    pending_name: tuple[str, tuple[str, ...]] | None = None
    pending_prep: bool = False  # the pending name was said "Prep action: ..."
    # the name of an ability defined once whose sentences follow ("Ability Block: ..."):
    # the first ability they begin has it, unless a name is said or its sentence names it
    section: str | None = None
    capability: bool = False  # a prose sentence gave the role an action ("You may go on alert.")

    def begin(self, section: str) -> None:
        """The sentences of the ability defined once as `section` follow."""
        self.current, self.pending_name, self.pending_prep, self.section = (
            None,
            None,
            False,
            section,
        )


class RolesAssembler(AssemblerState):
    """The part of `_Assembler` (logic/lang/rules.py) that assembles role lines."""

    def _faction_said(self, rd: _RoleDef) -> str | None:
        """The role's faction: its heading's, or the one its text names ("You are aligned
        with the Town."); a text that names another faction of the ruleset than its
        heading's is a clash of the GM's words, reported with both (a name that is no
        faction of the ruleset changes nothing under a heading: "a Vanilla Townie")."""
        said = [
            s.sentence if isinstance(s, _About) else s
            for s in _flatten(rd.sentences)
            if isinstance(s.sentence if isinstance(s, _About) else s, FactionIs)
        ]
        for s in said:
            name = self.faction_named(s.faction)  # None: no faction of the ruleset
            if self.faction is not None and name is not None and canon(name) != canon(self.faction):
                raise self.error(
                    f"this sentence puts {rd.name} with the {s.faction}, but its heading "
                    f"puts it with the {self.faction}",
                    s.why,
                    token=s.faction.split()[0],
                )
        if self.faction is None and said:
            names = {canon(self.faction_named(s.faction) or s.faction) for s in said}
            if len(names) > 1:
                raise self.error(f"the text of {rd.name} names two factions", said[-1].why)
            return self.add_faction(self.faction_named(said[0].faction) or said[0].faction)
        return self.faction

    def role_def(self, rd: _RoleDef, ruling: bool = False) -> None:
        """A role line (or a ruling about a role): the role with its abilities, what it
        appears as and its notes; its prose kept for `finish`."""
        key = canon(rd.name)
        role = self._line_role(rd, key, ruling)
        abilities = list(role.abilities)
        line = _Line(
            abilities,
            list(role.appears_as),
            list(role.notes),
            len(abilities) - 1 if (ruling and abilities) else None,
        )
        for s in _flatten(rd.sentences):
            if s is None:  # a sentence read as what the engine does anyway
                continue
            if isinstance(s, _Given):  # an ability defined once begins: the one before is done
                line.begin(s.name)
                continue
            self._line_sentence(line, self._cited(s, role, ruling), role, key)
        # "Visits a player": the verb itself says the ability visits, when no class is given.
        abilities = [
            replace(a, visit_class=VisitClass.VISITING, class_why=a.why)
            if a.visit_class is None and a.verb == "visits"
            else a
            for a in line.abilities
        ]
        self.roles[key] = replace(
            role,
            abilities=tuple(abilities),
            appears_as=tuple(line.appears),
            notes=tuple(line.notes),
        )

    def _line_role(self, rd: _RoleDef, key: str, ruling: bool) -> Role:
        """The role a line defines (new, with its faction) or a ruling names (defined above)."""
        existing = self.roles.get(key)
        if ruling:
            if existing is None:
                raise self.error(
                    f"this ruling names the role {rd.name!r}, which is not defined above", rd.why
                )
            return existing
        if existing is not None:
            raise self.error(
                f"the role {rd.name!r} is defined twice",
                rd.why,
                (("defined here first", existing.why.loc),),
            )
        faction = self._faction_said(rd)
        if faction is None:
            raise self.error(
                f"the role {rd.name!r} has no faction: put it under a heading such as "
                "'Possible Town Roles', or say it ('You are aligned with the Town.')",
                rd.why,
            )
        self.role_order.append(key)
        return Role(rd.name, faction, why=rd.why)

    def _cited(self, s: Any, role: Role, ruling: bool) -> Any:
        """A sentence of a role's line, cited with the role's name in front of it (a sentence
        about another role is an error)."""
        if isinstance(s, _About):
            self._about_other(s.subject, s.why, role)
            s = s.sentence
        # Explanations cite a role's sentence with the role's name in front of it.
        why = replace(s.why, text=f"{role.name}: {s.why.text}")
        return replace(s, why=_as_ruling(why) if ruling else why)

    def _line_sentence(self, line: _Line, s: Any, role: Role, key: str) -> None:
        """What one sentence of a role's line does to the line: an ability begun or named,
        an effect or restriction added to the ability before it, a note, or prose."""
        abilities = line.abilities
        match s:
            case _AbilityName(name, aliases, _, prep):
                # names the ability before it, or else the next one ("Prep action: ..."
                # the next one, used in the prep phase)
                if line.current is not None and line.pending_name is None and not prep:
                    a = abilities[line.current]
                    abilities[line.current] = replace(a, name=name, aliases=aliases)
                else:
                    line.pending_name = (name, aliases)
                    line.pending_prep = prep
            case _DayAbility(name, n, freq, effects, why, restrictions):
                abilities.append(
                    Ability(
                        name,
                        "targets",
                        freq,
                        effects,
                        targets=n,
                        why=why,
                        restrictions=restrictions,
                    )
                )
                line.current = len(abilities) - 1
            case _AbilityStart():
                self._ability_start(line, s, role)
            case _ClassDecl(vc, why):
                # A role-level class ("Visiting role.") covers every ability of the role.
                line.abilities = [replace(a, visit_class=vc, class_why=why) for a in abilities]
            case AppearsAs():
                line.appears.append(s)
            case _Note(why) | FactionIs(why=why):  # its faction: see _faction_said
                line.notes.append(why)
            case _Trait(None, DeathLink(named=named)) if _makes_pair(line, named):
                # "If one lover dies, the other dies too." after "choose two lovers": the pair's
                at = cast(int, line.current)
                abilities[at] = _with_effect(abilities[at], PairDeath("", s.why))
            case _Capability() | _Trait() | _RulesetFact():
                line.capability = line.capability or isinstance(s, _Capability)
                self.prose(s, role.name, None)
            case _Natures(once, why, defined, tags):
                # a nature the ruleset defines ("One-time use - These roles can only be
                # used once."): said before the roles, read as its definition says
                said = self._defined_natures()
                self._natures_hold(line, tags, said, why)
                self._natures(line, once and (not defined or "once" in said), why, key)
                self._manners(line, tags, said)
            case _AddTo(kind, name, why, value):
                self._add_to(line, kind, name, why, value)
            case _ if isinstance(s, DAY_AND_HEX_EFFECTS):
                if line.current is None:
                    raise self.error("this sentence needs an ability before it", s.why)
                a = abilities[line.current]
                abilities[line.current] = replace(a, effects=(*a.effects, s))
            case _ if isinstance(s, _KIND_NODES):  # an effect of the ability before it
                _kind_node(line, cast(Effect, s), self.error)
            case Implied(verb, effects, why, frequency):
                # a restriction or a learning with no ability before it ("The Doctor
                # cannot save themselves."): the ability its verb says
                if line.current is None:
                    name, aliases = line.pending_name or (line.section or _VERB_NAME[verb], ())
                    line.pending_name, line.section = None, None
                    fx = (Kill(why),) if verb == "kills" else effects
                    abilities.append(Ability(name, verb, frequency, fx, why=why, aliases=aliases))
                    line.current = len(abilities) - 1
            case NotFirstNight(why):
                self._not_first_night(line, why)
            case _ if isinstance(s, SAID_RESTRICTIONS):
                if line.current is None and line.capability:  # the prose action's
                    self.prose(_Capability(None, (), (s,), None, False, s.why), role.name, None)
                    return
                if line.current is None:
                    raise self.error("this restriction needs an ability before it", s.why)
                a = abilities[line.current]
                restr: tuple[Restriction, ...] = (*a.restrictions, s)
                abilities[line.current] = replace(a, restrictions=restr)
            case _NightKillRule():  # a faction's nightkill said on a member's line
                self.nightkill_rules.append(s)
            case _KillVisits() | ClassList():  # read by the clause language
                raise self.error(
                    "this sentence gives the visiting class of several roles or of a "
                    "faction's nightkill: put it on a 'Visiting roles:' line",
                    s.why,
                )
            case _:
                raise AssertionError(f"unhandled sentence {s!r}")

    def _ability_start(self, line: _Line, s: _AbilityStart, role: Role) -> None:
        """A sentence that begins an ability ("Targets a player each night."), named by the
        name said before it, its own name or its verb."""
        if s.subject is not None:
            self._about_other(s.subject, s.why, role)
        default = s.name or line.section or _VERB_NAME[s.verb]
        name, aliases = line.pending_name or (default, ())
        frequency = Frequency.PREP if line.pending_prep else s.frequency
        line.pending_name, line.pending_prep, line.section = None, False, None
        line.abilities.append(
            Ability(name, s.verb, frequency, why=s.why, aliases=aliases, targets=s.targets)
        )
        line.current = len(line.abilities) - 1
        if s.verb == "kills":
            a = line.abilities[line.current]
            line.abilities[line.current] = replace(a, effects=(Kill(s.why),))

    def _defined_natures(self) -> dict[str, Why]:
        """The natures the ruleset defines (sentences read before this one), by meaning."""
        return defined_natures([f for f, _, _ in self.facts])

    def _natures_hold(
        self, line: _Line, tags: tuple[str, ...], said: dict[str, Why], why: Why
    ) -> None:
        """A parenthesis's natures, as the ruleset defines them, agree with the role's own
        sentences: "Passive" after no ability, "Active" after one, "Night-time" after a
        night's, "Day-time" after a day's (else bad input, naming the definition)."""
        current = None if line.current is None else line.abilities[line.current]
        day = current is not None and any(getattr(e, "by_day", False) for e in current.effects)
        wrong = {
            "passive": current is not None,
            "active": current is None,
            # a use to PM or to post, unless "Does not apply to passive roles." follows
            "private": current is None and f"{EXEMPT} private" not in said,
            "dual": current is None and f"{EXEMPT} dual" not in said,
            "night": current is not None and day and "day" not in tags,
            "day": current is not None and not day and "night" not in tags,
        }
        for meaning, bad in wrong.items():
            if bad and meaning in tags and meaning in said:
                raise self.error(
                    f"these natures say {meaning!r} ({said[meaning].loc.short}), but the "
                    f"sentence before them gives {_what(current, day)}",
                    why,
                )

    def _natures(self, line: _Line, once: bool, why: Why, key: str) -> None:
        """'(Active, One-time use)': a note on a passive role (its one-time traits made once),
        or the ability before it made once per game."""
        if line.current is None:  # a passive role's natures: a note, and "One-time
            line.notes.append(why)  # use" makes its one-time traits once
            if once:
                self.traits = [
                    (r, replace(t, once=True))
                    if canon(r) == key and "once" in {f.name for f in fields(t)}
                    else (r, t)
                    for r, t in self.traits
                ]
        elif once:
            for i in _current(line, same_sentence=False):
                a = line.abilities[i]
                line.abilities[i] = replace(a, frequency=Frequency.ONCE_PER_GAME)

    def _manners(self, line: _Line, tags: tuple[str, ...], said: dict[str, Why]) -> None:
        """ "Dual-nature", "Private", as the ruleset defines them ("These roles can be used
        publicly or privately."): how the role's day abilities may be used (publicly, or
        only by PM: logic/effects/manner.py); a night's actions are all PMed."""
        fx = tuple(
            UseManner(m == "dual", said[m]) for m in ("dual", "private") if m in tags and m in said
        )
        if fx:
            line.abilities = [
                replace(a, effects=(*a.effects, *fx)) if _by_day(a) else a for a in line.abilities
            ]

    def _add_to(self, line: _Line, kind: type, name: str, why: Why, value: Any) -> None:
        """A sentence that sets a field of an effect of the ability before it (or gives
        the effect: `_implied`)."""
        _implied(line, kind, name, why)
        if line.current is None or not any(
            isinstance(e, kind) for e in line.abilities[line.current].effects
        ):
            raise self.error(
                "this sentence adds to an effect that no ability before it gives",
                why,
            )
        for i in _current(line):
            a = line.abilities[i]
            fx = tuple(
                replace(cast(Any, e), **{name: why if value is None else value})
                if isinstance(e, kind)
                else e
                for e in a.effects
            )
            line.abilities[i] = replace(a, effects=fx)

    def _not_first_night(self, line: _Line, why: Why) -> None:
        """ "You may not shoot on the first night.": the ability before it is used on the
        nights after the first."""
        if line.current is None:
            raise self.error("this restriction needs an ability before it", why)
        a = line.abilities[line.current]
        if a.frequency is Frequency.EACH_NIGHT:
            line.abilities[line.current] = replace(a, frequency=Frequency.SUBSEQUENT_NIGHTS)
        elif a.frequency is not Frequency.SUBSEQUENT_NIGHTS:
            raise self.error(
                f"this sentence keeps an ability used {a.frequency.value} off the "
                "first night: the engine has no such frequency",
                why,
            )

    def variant(self, st: _SubAbility) -> None:
        """'-Limited - ...' under 'There are N variants that may exist:': the role
        'Limited Doctor', with the sentences of the role the variants are of and its own.
        A variant whose sentences add nothing is that role ('Normal Doctor' is another
        name for the Doctor)."""
        assert self.variant_of is not None
        base = self.roles[self.variant_of]
        name = f"{st.name} {base.name}"
        # a sentence the clause language read (held) is the variant's own, said of the
        # role it names, if any ("the Doctor may not use his power ...")
        sentences = [v for s in _flatten(st.sentences) if (v := _as_variant(s)) is not None]
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


def _as_variant(sentence: Any) -> Any:
    """A variant line's sentence as a `_Variant` (the clause language's pieces are not): a
    restriction is the variant's own ability's ("He cannot protect the same person two
    nights in a row."); the ability a restriction implies is the role's, which the variant
    has already (None)."""
    match sentence:
        case _Variant():
            return sentence
        case Implied():
            return None
        case _About(subject, inner):
            inner = _as_variant(inner)
            return None if inner is None else _Variant(inner.sentence, subject)
        case _ if isinstance(sentence, SAID_RESTRICTIONS):
            cap = _Capability(None, (), (sentence,), None, False, sentence.why)
            return _Variant(cap)
    return _Variant(sentence)


def _what(ability: Any, day: bool) -> str:
    if ability is None:
        return "no ability (a passive role)"
    return f"the {'day' if day else 'night'} ability {ability.name!r}"


def defined_natures(facts: list[Any]) -> dict[str, Why]:
    """The natures defined by `facts` (in order), by meaning; a definition followed by
    "Does not apply to passive roles." also as `EXEMPT` and its meaning ("exempt
    private"), with that sentence."""
    out: dict[str, Why] = {}
    last = None
    for f in facts:
        if f.kind != NATURE:
            continue
        if f.value == EXEMPT and last is not None:
            out[f"{EXEMPT} {last}"] = f.why
        elif f.value != EXEMPT:
            out[f.value] = f.why
            last = f.value
    return out
