"""Owns the sentence pieces: the small values the readers (logic/lang/read/) hand to the
assembler (logic/lang/rules.py `_Assembler`), each carrying its sentence's Why, and the
few helpers every reader uses to pick them out of a rule's children."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, cast

from lark import Token

from logic.lang.errors import Loc
from logic.model.ir import CaseRef, Frequency, PriorityEntry, Restriction, SaidAt, VisitClass, Why


@dataclass(frozen=True)
class _AbilityStart:
    verb: str
    frequency: Frequency
    why: Why
    subject: str | None = None  # the role the sentence names ("The Doctor may choose ...")
    targets: int = 1  # players it names ("picks two players to swap")
    name: str | None = None  # its own name ("may choose one person to Protect")


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
    prep: bool = False  # "Prep action: Amor.": the ability named is the prep phase's


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
    restrictions: tuple[Any, ...] = ()  # its own ("except for themselves"), when the
    # sentence gives a night ability the same one (a sentence's parts are said once)


NATURE = "nature"  # the fact a nature's definition gives (logic/lang/game_kinds/natures.py)
# a nature's value: the definition before it does not apply to passive roles
EXEMPT = "exempt"


def nature_tags(words: list[str]) -> tuple[str, ...]:
    """What a parenthesis's natures are, by their words ("Night-time" -> "night")."""
    out = []
    for w in (" ".join(w.lower().split()) for w in words):
        if w.startswith(("one-time", "single", "one-shot", "once", "one-use")):
            out.append("once")
        elif w in ("active",):
            out.append("active")
        elif w in ("passive", "automatic"):
            out.append("passive")
        elif w in ("recurring",):
            out.append("recurring")
        elif w in (
            "anytime",
            "any-time",
            "any time",
            "at any time",
            "day or night",
            "night or day",
        ):
            out.append("any")
        elif w in ("dual-nature", "dual nature"):
            out.append("dual")
        elif w == "private":
            out.append("private")
        elif w.startswith("night"):
            out.append("night")
        elif w.startswith("day"):
            out.append("day")
    return tuple(out)


@dataclass(frozen=True)
class _Natures:
    """'(Active, One-time use, Day-time, Dual-nature)': the natures of the ability before it;
    'One-time use' makes it once per game (`defined`: only where the ruleset defines the
    nature, "One-time use - These roles can only be used once.")."""

    once: bool
    why: Why
    defined: bool = False
    tags: tuple[str, ...] = ()  # what its natures are ("night", "active": natures.tags)


@dataclass(frozen=True)
class _AddTo:
    """A sentence that adds to an effect of the ability before it: `field` of its effect
    of type `kind` becomes the sentence ('This does not apply to normal WW powers ...')."""

    kind: type
    field: str
    why: Why
    value: Any = None  # what the field becomes, when not the sentence's `why`


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


@dataclass(frozen=True)
class _Holders:
    """A section's list of roles ("Roles with action: Chianti, Korn."): the roles an
    ability section gives its ability."""

    names: tuple[str, ...]
    why: Why
    status: bool = False  # "Roles with status: ...": the section names a group, gives nothing


@dataclass(frozen=True)
class _AbilityDef:
    """An ability section ("Ability Slander: ..."): an ability's sentences written once,
    given to roles by name (logic/lang/assemble/given.py)."""

    name: str
    sentences: tuple[Any, ...]
    holders: tuple[_Holders, ...]
    why: Why


@dataclass(frozen=True)
class _Gives:
    """A card's line naming its abilities ("Night action: Slander, Investigate 3."), each
    name with the number written after it, if any."""

    names: tuple[tuple[str, int | None], ...]
    why: Why


@dataclass(frozen=True)
class _Given:
    """Where an ability defined once begins on a role's line (its sentences follow): the
    ability before it is done."""

    name: str
    why: Why


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
    victims: str = ""  # the group its victim must be of ("choose a villager to kill")


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
    """A `Flavour:`, `Not modelled (REASON):`, `Source:`, `Example (FILE "TITLE"):` or
    `Said again (LINE):` line: sentences kept, not modelled."""

    kind: str  # "flavour", "not modelled", "source", "example", "said again"
    text: str
    loc: Loc  # where the free text starts
    reason: str | None = None
    plays: tuple[CaseRef, ...] = ()  # an example's cases
    repeats: tuple[SaidAt, ...] = ()  # a said-again line's pointers


def _names(children: list[Any]) -> list[str]:
    """The names among a rule's children (transformed `name`s are plain str, tokens not)."""
    return [c for c in children if type(c) is str]


def _quoted(token: Token) -> str:
    """'"yes."' -> 'yes' ('"arrest."' -> 'arrest'): the words inside the quotes."""
    return str(token).strip().strip('".').strip()


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
