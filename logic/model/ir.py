"""Owns the intermediate representation of a ruleset: frozen dataclasses, and the
vocabulary of effect kinds, frequencies, visiting classes and result conditions.

Every node carries the `Why` of the sentence it came from (file, line, text), outside
equality, so that constraints built from it can name their sentence.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, ClassVar

from logic.lang.errors import Loc
from logic.model import frame
from logic.model.why import Why, canon, meta

if (
    TYPE_CHECKING
):  # effect kinds own their IR nodes in logic/effects/; the model does not import them
    from logic.effects.base import Effect
    from logic.effects.records import Revert
    from logic.effects.vote import Lynch, TieRule
    from logic.model.win import Victory


class VisitClass(enum.Enum):
    """Whether an action physically visits its target."""

    VISITING = "visiting"  # always visits: seen by visit checks, counts for interceptors
    SEMI = "semi-visiting"  # may or may not visit (the rules leave it open)
    NON = "non-visiting"  # never visits


LIST = -1  # an ability's count of targets when its user names a list of any length


class Frequency(enum.Enum):
    """When an ability may be used."""

    EACH_NIGHT = "each night"
    FIRST_NIGHT = "on the first night"
    SUBSEQUENT_NIGHTS = "on subsequent nights"
    ONCE_PER_GAME = "once per game"
    # "wakes up every second night": which nights is open (see semantics.static_failure)
    EVERY_SECOND_NIGHT = "every second night"
    # "During the Prep phase, ...": used in the phase before night 1 (night 0), only then
    PREP = "in the prep phase"

    @property
    def counts_uses(self) -> bool:
        """Whether `allows` reads the uses so far (once per game: it does; the others
        never do)."""
        return self is Frequency.ONCE_PER_GAME

    def allows(self, night: int, uses_so_far: int) -> bool:
        if (night == 0) != (self is Frequency.PREP):
            return False  # the prep phase has its own abilities, and only those
        match self:
            case Frequency.PREP:
                return True
            case Frequency.EACH_NIGHT | Frequency.EVERY_SECOND_NIGHT:
                return True
            case Frequency.FIRST_NIGHT:
                return night == 1
            case Frequency.SUBSEQUENT_NIGHTS:
                return night >= 2
            case Frequency.ONCE_PER_GAME:
                return uses_so_far == 0
        raise AssertionError(self)


class Chooser(enum.Enum):
    """Who settles a choice the rules leave open: three kinds of choice, each read in its
    own way by the commands.

    - HOST: nothing says (the rules leave it open): `resolve` says `ambiguous`, `check`
      reports it as a gap in the rules;
    - CHANCE: a rule says it is drawn at random ("Ties are broken randomly."): `random`,
      never a gap;
    - STORYTELLER: a rule gives it to the game's host on purpose ("the Storyteller
      chooses", "might register as evil", "false information"): no gap in the rules, and
      existential in `solve` (a world is consistent if some choice of the storyteller
      explains what was seen); `resolve` lists the outcomes as the storyteller's.
    """

    HOST = "open"
    CHANCE = "random"
    STORYTELLER = "storyteller"


# ----------------------------------------------------------------------------- effects
# Effect kinds own their IR nodes in logic/effects/ (one module each, listed in
# logic/effects/registry.py); they are named here too for the readers of the IR.

# ----------------------------------------------------------------------------- restrictions


@dataclass(frozen=True)
class NoSelfTarget:
    """The ability cannot target its user."""

    why: Why = meta()

    def describe(self) -> str:
        return "restriction: cannot target its user"


@dataclass(frozen=True)
class SelfAllowed:
    """The role's line says the ability may target its user ("You may protect yourself."):
    what the engine allows anyway, unless a whole-game rule forbids it (`NoSelfEvery`, "...
    unless their role says so"), which then spares this ability."""

    why: Why = meta()

    def describe(self) -> str:
        return "restriction: may target its user (spared a rule that no one may)"


@dataclass(frozen=True)
class NoSelfEvery:
    """A whole-game sentence: no ability may target its user ("Players cannot target
    themselves."). Each role's abilities that name a player get `NoSelfTarget` (`grants`:
    logic/lang/assemble/finish.py asks the node for the roles it changes)."""

    grants: ClassVar[bool] = True
    why: Why = meta()

    def describe(self) -> str:
        return "restriction: no ability may target its user"

    def granted(
        self, roles: Sequence[Role], factions: Sequence[str], nodes: Sequence[Any] = ()
    ) -> list[Role]:
        def restricted(a: Ability) -> Ability:
            if (
                a.targets < 1
                or a.on_self
                or any(isinstance(r, NoSelfTarget | SelfAllowed) for r in a.restrictions)
            ):
                return a
            return replace(a, restrictions=(*a.restrictions, NoSelfTarget(self.why)))

        return [replace(r, abilities=tuple(restricted(a) for a in r.abilities)) for r in roles]


@dataclass(frozen=True)
class TargetIn:
    """The ability's target must be one of `group` (a faction, or the holders of a role):
    "Each night, the werewolves choose a villager to kill." (the Village's members, as the
    ruleset names them: logic/lang/assemble/finish.py resolves the word)."""

    group: str
    why: Why = meta()

    def describe(self) -> str:
        return f"restriction: targets a member of {self.group} only"


@dataclass(frozen=True)
class NoConsecutive:
    """The ability cannot (successfully) target the player it (successfully) targeted the
    night before."""

    successfully: bool
    why: Why = meta()

    def describe(self) -> str:
        how = "successfully " if self.successfully else ""
        return f"restriction: cannot {how}target the same player on consecutive nights"


@dataclass(frozen=True)
class SelfAtMost:
    """The ability may target its user at most `times` times a game ("You may heal yourself
    only once."): its uses on its user that took place, over the game's earlier nights."""

    times: int
    why: Why = meta()

    def describe(self) -> str:
        return f"restriction: targets its user at most {self.times} time(s) a game"


@dataclass(frozen=True)
class NoTargetAgain:
    """The ability cannot target a player it targeted on any earlier night of the game ("You
    cannot investigate the same player twice."): its uses that took place."""

    why: Why = meta()

    def describe(self) -> str:
        return "restriction: cannot target a player it targeted on an earlier night"


@dataclass(frozen=True)
class NoUseAgain:
    """The ability cannot be used the night after a use of it that took place ("You cannot
    use your ability on consecutive nights.", "You cannot go on alert two nights in a
    row."), whoever it named."""

    why: Why = meta()

    def describe(self) -> str:
        return "restriction: cannot be used on the night after a use"


@dataclass(frozen=True)
class Forced:
    """The ability must be used every night it is available."""

    why: Why = meta()

    def describe(self) -> str:
        return "restriction: must be used each night"


Restriction = (
    NoSelfTarget
    | SelfAllowed
    | TargetIn
    | NoConsecutive
    | SelfAtMost
    | NoTargetAgain
    | NoUseAgain
    | Forced
)

# ----------------------------------------------------------------------------- abilities, roles


@dataclass(frozen=True)
class Ability:
    """One active ability of a role (or a faction's night kill)."""

    name: str
    verb: str  # "targets", "checks", "visits", "kills"
    frequency: Frequency
    effects: tuple[Effect, ...] = ()
    restrictions: tuple[Restriction, ...] = ()
    # None: no sentence classes it, and the engine reads it as non-visiting (semantics'
    # visit checks: frame.NO_VISIT): a list that says so says the engine's default
    # (`ruling casebook --deletions`: `default`)
    visit_class: VisitClass | None = field(default=None, metadata={"unsaid": "non-visiting"})
    # how many players it names (0: none, "to hasten the nightkill"; LIST: as many as its
    # user lists, "names a list of players", the prep phase's only)
    targets: int = 1
    on_self: bool = False  # it acts on its user ("may activate the fabled Hamedo ability")
    why: Why = meta()
    class_why: Why = meta()
    aliases: tuple[str, ...] = ()  # other names: "Discombobulate (Tricking)"

    @property
    def forced(self) -> Forced | None:
        return next((r for r in self.restrictions if isinstance(r, Forced)), None)


@dataclass(frozen=True)
class AppearsAs:
    """'Checks as mafia by parity cop': the role's alignment as seen by `to` (all if None)."""

    faction: str
    to: str | None
    why: Why = meta()


@dataclass(frozen=True)
class Role:
    name: str
    faction: str
    abilities: tuple[Ability, ...] = ()
    appears_as: tuple[AppearsAs, ...] = ()
    notes: tuple[Why, ...] = ()
    why: Why = meta()
    # passive effects of holding the role (VoteWeight, OnRecords, Report, Witness, the
    # day's traits of logic/effects/vote.py, budgets of logic/effects/hex.py, Explode,
    # Unlinked, SeenAfterKill)
    traits: tuple[Any, ...] = ()


@dataclass(frozen=True)
class NightKill:
    """A faction's night kill: one member carries it out."""

    faction: str
    ability: Ability
    exclusive: Why | None = None  # "this player CANNOT use their other night action"
    why: Why = meta()
    role: str | None = None  # a group kill of the holders of this role, not the faction

    def member(self, role: Role, faction: str) -> bool:
        """Whether a holder of `role` in `faction` takes part in this kill."""
        if self.role is not None:
            return canon(role.name) == canon(self.role)
        return canon(faction) == canon(self.faction)


# ----------------------------------------------------------------------------- ruleset-level facts


@dataclass(frozen=True)
class PriorityEntry:
    """One item of the priority list. `subject` is a role name, or None for `nightkill_of`."""

    tier: int
    subject: str | None
    nightkill_of: str | None = None
    iff_targeting: str | None = None  # "(IFF targeting Interceptor)"
    otherwise: bool = False  # "(otherwise)"
    why: Why = meta()
    # an item of an order of operations that names an ability ("Hamedo") or the effects
    # of a kind ("Roleblocks", "Nightkills"); `hastened`: "Hastened nightkills"
    ability: str | None = None
    effects: tuple[type, ...] = ()
    hastened: bool = False
    # "All other actions": the tier of every night action no other item names
    rest: bool = False


@dataclass(frozen=True)
class SeenBy:
    """Actions of `visit_class` are seen by visit checks of these roles (none if empty)."""

    visit_class: VisitClass
    roles: tuple[str, ...]
    anonymous: bool = False
    why: Why = meta()

    def restates(self) -> Why | None:
        """The engine's axiom this list says again, if it says nothing else: non-visiting
        actions seen by no one ("These roles will not be seen by any roles which check
        visitors.") is `frame.SEEN_DEFAULT` (`ruling casebook --deletions`: `default`)."""
        return frame.SEEN_DEFAULT if self.visit_class is VisitClass.NON and not self.roles else None


@dataclass(frozen=True)
class ClassList:
    """'Visiting roles: Doctor, Jailer, ...': checked against the roles' own sentences; a
    listed role whose own sentences give no class takes the list's."""

    visit_class: VisitClass
    roles: tuple[str, ...]
    why: Why = meta()

    def restates(self) -> Why | None:
        """A list of non-visiting roles says `frame.NO_VISIT` again (it also lets `check`
        set a listed role's own class against it): `ruling casebook --deletions`'s
        `default`."""
        return frame.NO_VISIT if self.visit_class is VisitClass.NON else None


@dataclass(frozen=True)
class OutcomeRuling:
    """'If <condition>, <consequence>.' The condition is one player's action on another
    (`actor` role acting on `target` role with `verb`) or, when `mutual`, two players
    acting on each other. The consequence is `all fail`, or `fails`, `succeeds`, `dies`,
    `survives` of the player whose role is `subject`.

    A consequence that an action fails is one more thing that stops it (it joins the frame
    axiom "an action takes place unless something stops it"), so such a ruling can settle
    what the rules leave open without contradicting them. `succeeds`, `dies` and
    `survives` are asserted as they stand, so the rules can contradict them."""

    verb: str
    consequence: str  # "all fail", "fails", "succeeds", "dies", "survives"
    mutual: bool = False
    actor: str | None = None
    target: str | None = None
    subject: str | None = None
    why: Why = meta()
    # the condition is about where the action lands ("is roleblocked"), not where it was
    # aimed ("is aimed at"): they differ once a redirect moves it
    lands: bool = False

    def describe(self) -> str:
        if self.mutual:
            cond = f"two players {self.verb} each other"
        else:
            aimed = "lands on" if self.lands else "is aimed at"
            cond = f"{self.actor or 'a player'}'s {self.verb} {aimed} {self.target or 'a player'}"
        who = "all actions" if self.consequence == "all fail" else (self.subject or "its user")
        verb = "fail" if self.consequence == "all fail" else self.consequence
        return f"outcome: if {cond}, {who} {verb}"


@dataclass(frozen=True)
class OrderRuling:
    """'The Jailer acts before the Hooker.': the night actions of `first`'s holder take
    place before those of `second`'s. Where the priority (or the framework's order)
    already says so, the ruling changes nothing; otherwise `first` acts in the step just
    before `second`'s earliest (logic/model/order.py)."""

    first: str
    second: str
    why: Why = meta()

    def describe(self) -> str:
        return f"order: {self.first} acts before {self.second}"


def verb_matches(verb: str, ability: Ability, named: Mapping[str, tuple[type, ...]]) -> bool:
    """Whether a ruling's verb ("targets", "roleblocks", "trick") covers `ability`; `named`:
    the verbs that name an effect kind rather than an ability ("roleblock": the nodes of
    the kind that roleblocks), as the kinds declare them (logic/effects/base.Kind.verbs)."""
    stem = verb.lower()
    stem = stem[:-1] if stem.endswith("s") and not stem.endswith("ss") else stem
    if stem == "target":
        return True
    kind = named.get(stem)
    if kind is not None:
        return any(isinstance(e, kind) for e in ability.effects)
    names = (ability.name, *ability.aliases)
    return ability.verb == f"{stem}s" or any(_stem(n) == _stem(stem) for n in names)


def _stem(word: str) -> str:
    """'Tricking', 'tricks', 'trick' -> 'trick' (enough to match a ruling's verb)."""
    w = canon(word)
    for suffix in ("ing", "s"):
        if w.endswith(suffix) and len(w) > len(suffix) + 2:
            return w[: -len(suffix)]
    return w


@dataclass(frozen=True)
class CaseRef:
    """A case of the casebook named on an `Example (FILE "TITLE"):` line: `file` relative to
    the ruleset's folder, `title` the case's, `loc` where the title is written."""

    file: str
    title: str
    loc: Loc


@dataclass(frozen=True)
class SaidAt:
    """The line a `Said again (...):` line says reads the ruling it repeats: `line` its
    number, or `text` a sentence of it (in quotes); `loc` where the pointer is written."""

    line: int | None
    text: str | None
    loc: Loc


@dataclass(frozen=True)
class Sentence:
    """One sentence the ruleset holds, as `ruling coverage` compares it with the source.

    `kind` is "rule" (a sentence of a statement the model reads and acts on), "no effect"
    (a sentence the model reads but that changes nothing it does), "flavour" (kept on a
    `Flavour:` line), "not modelled" (kept on a `Not modelled (REASON):` line, `reason`
    given), "source" (a source sentence on a `Source:` line, which the statement
    `rewords` puts in other words) or "example" (a GM's worked example kept on an
    `Example (FILE "TITLE"):` line, which the cases `plays` of the casebook play) or "said
    again" (a source sentence that repeats a ruling the lines `repeats` points at read, kept
    on a `Said again (LINE):` line, `reason` why it is the same where given). `label` is the
    name a role line (or "Ruling" a
    ruling) writes before its first sentence: not part of that sentence, but what each
    sentence of the line is about."""

    text: str
    kind: str
    loc: Loc
    label: str | None = None
    reason: str | None = None
    rewords: Why | None = None
    heading: bool = False  # a title or section heading: what follows it is its section
    plays: tuple[CaseRef, ...] = ()  # an example's cases
    repeats: tuple[SaidAt, ...] = ()  # the lines that read what a said-again sentence says


SENTENCE_KINDS = (
    "rule",
    "no effect",
    "flavour",
    "not modelled",
    "source",
    "example",
    "said again",
)


@dataclass(frozen=True)
class Ruleset:
    name: str
    roles: tuple[Role, ...]
    factions: tuple[str, ...]
    nightkills: tuple[NightKill, ...] = ()
    priority: tuple[PriorityEntry, ...] = ()
    seen_by: tuple[SeenBy, ...] = ()
    class_lists: tuple[ClassList, ...] = ()
    aliases: tuple[tuple[str, str, Why], ...] = ()  # (alias, canonical, why)
    unique_roles: Why | None = None
    # roles no player is dealt at the start ("A game will never start with Lovers"):
    # they come into play by a change of identity (logic/effects/identity.py)
    never_dealt: tuple[tuple[str, Why], ...] = ()
    rulings: tuple[Why, ...] = ()
    outcome_rulings: tuple[OutcomeRuling, ...] = ()
    framework: str = "tiers"  # logic/model/frameworks.py: how to order a night without a list
    framework_why: Why | None = None  # the sentence that names it, if the ruleset does
    lynch: Lynch | None = None  # logic/effects/vote.py
    tie_rules: tuple[TieRule, ...] = ()
    victories: tuple[Victory, ...] = ()  # logic/model/win.py
    day_rules: tuple[Any, ...] = ()  # logic/effects/vote.py: NoVotes, Reveal
    casualties: int | None = None  # the tier at which attacks are settled (deaths happen)
    casualties_why: Why | None = None
    reverts: tuple[Revert, ...] = ()  # logic/effects/records.py
    # powers afforded by alignment (logic/effects/attack.py AutoProtect): (faction, trait)
    faction_traits: tuple[tuple[str, Any], ...] = ()
    duel: Any = None  # logic/effects/attack.py Duel: random victor of two killers
    # role categories whose roles may be given to players of several factions:
    # (category, factions, why) ("Neutral roles may be given to either")
    neutral: tuple[tuple[str, tuple[str, ...], Why], ...] = ()
    # the role of players with no role ("Vanilla players are assumed to only have the
    # powers outlined by their alignment."): never duplicated-checked, any faction
    vanilla: str | None = None
    # factions whose players never hold a role (they hold `vanilla`): "Despite this being
    # an alignment, the Secret Boss will never have a role." (faction, why)
    roleless: tuple[tuple[str, Why], ...] = ()
    # a setup count: as many players of `faction` holding `role` as players not of
    # `other` ("There will be as many players who are town vanilla as there are players
    # who are non-town."): (role, faction, other, why); read by `ruling solve`
    balance: tuple[str, str, str, Why] | None = None
    orders: tuple[OrderRuling, ...] = ()  # priority rulings (logic/model/order.py)
    # keyword lines ("Heal — Healing / First-Aid"): what investigations of actions see
    # (logic/effects/inquiry.py Keywords)
    keywords: tuple[Any, ...] = ()
    # an order of healing ("Bone Breaking > Protection > Healing > First Aid"): which of
    # the saves on an attacked player succeeds (logic/effects/heal.py HealingOrder)
    healing: tuple[Any, ...] = ()
    # ruleset-level nodes of the effect kinds (the deal by player count, teams, nominations:
    # logic/effects/deal.py, nominate.py), each read by its kind
    kind_rules: tuple[Any, ...] = ()
    source: str = field(default="", compare=False)
    # where an ability section and a role's card disagree on whether the role has the
    # ability (logic/lang/assemble/given.py `Disagreement`): reported by `ruling check`
    disagreements: tuple[Any, ...] = field(default=(), compare=False)
    # groups of roles named by a status's section ("Ability Detective Boys: Roles with
    # status: Mitsuhiko, Ayumi, Genta."): (the status, its roles, the list's sentence)
    statuses: tuple[tuple[str, tuple[str, ...], Why], ...] = ()
    # what the reading warns of and still reads (a card's name no section defines):
    # RulingErrors whose message begins "warning:" (`ruling parse` prints them)
    warnings: tuple[Any, ...] = field(default=(), compare=False)
    # Every sentence the ruleset holds, in file order (for `ruling coverage`); not part of
    # what the ruleset means, so outside equality.
    sentences: tuple[Sentence, ...] = field(default=(), compare=False)

    @functools.cached_property
    def _role_index(self) -> dict[str, Role]:
        index = {canon(r.name): r for r in self.roles}
        for alias, target, _ in self.aliases:
            if canon(target) in index:
                index.setdefault(canon(alias), index[canon(target)])
        return index

    def role(self, name: str) -> Role | None:
        """The role called `name` (any spelling the ruleset accepts), or None."""
        return self._role_index.get(canon(name))

    def tie_breakers(self) -> list[Role]:
        """Roles whose holder decides a tie by a pick (not by their vote): a case's day
        gives it as `Judy targets Bob` (logic/effects/vote.TieRule "choice")."""
        out: list[Role] = []
        for rule in self.tie_rules:
            role = self.role(rule.role or "") if rule.kind == "choice" else None
            if role is not None and all(canon(r.name) != canon(role.name) for r in out):
                out.append(role)
        return out

    def nightkill(self, faction: str) -> NightKill | None:
        return next((k for k in self.nightkills if canon(k.faction) == canon(faction)), None)

    def status(self, name: str) -> tuple[tuple[str, ...], Why] | None:
        """The roles of the status called `name` ("Detective Boys", "a Detective Boy"),
        and the sentence that lists them, or None."""
        want = canon(name).removesuffix("s")
        for status, roles, why in self.statuses:
            if canon(status).removesuffix("s") == want:
                return roles, why
        return None

    def faction(self, name: str) -> str | None:
        return next((f for f in self.factions if canon(f) == canon(name)), None)

    def factions_of(self, role: Role) -> tuple[str, ...]:
        """The factions a player holding `role` may belong to (one, unless the role's
        category is neutral, or it is the role of players with no role)."""
        if self.vanilla is not None and canon(role.name) == canon(self.vanilla):
            return self.factions
        for category, factions, _ in self.neutral:
            if canon(category) == canon(role.faction):
                return factions
        return (role.faction,)
