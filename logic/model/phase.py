"""Owns the data of a phase: the scenario's values (players, actions, the history earlier
phases left), the outcome atoms, result texts and the `PhaseModel` a back end solves.

Effect kinds (logic/effects/) and the phase builder (logic/model/semantics.py) both build
these; the back ends and commands read them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from logic.model.expr import Expr, disj
from logic.model.why import Why

if TYPE_CHECKING:
    from logic.model.ir import Ability, Role, Ruleset

# ----------------------------------------------------------------------------- scenario values


@dataclass(frozen=True)
class Player:
    name: str
    role: Role
    faction: str


@dataclass(frozen=True)
class Act:
    """One action in a phase: `actor` uses `ability` on `targets`."""

    actor: str
    ability: Ability
    targets: tuple[str, ...]
    nightkill: str | None = None  # the faction whose nightkill this is
    why: Why | None = field(default=None, compare=False)  # the case line
    # what the actor's player decided, where the ability leaves a choice to them (the
    # Forger's "Town" or "Mafia": `X decides "TEXT"`, logic/effects/forge.py)
    decision: str | None = None
    # how a day action was used, where the case says so: "public" (in the thread) or
    # "private" (a PM to the host) (`X uses ABILITY on Y publicly`, logic/effects/manner.py)
    manner: str | None = None
    # the options the actor's player left out of the host's draw, where the ability lets
    # him (`X excludes "A", "B"`, logic/effects/meddle.py)
    excludes: tuple[str, ...] = ()


@dataclass(frozen=True, order=True)
class Mark:
    """A status a phase left on a player: its `name`, who gave it (`source`, "" if no
    one), and the phase it was given in (`kind` "night" or "day", `number`)."""

    player: str
    name: str
    source: str
    kind: str
    number: int


def phase_index(kind: str, number: int) -> int:
    """A phase's place in the game: the prep phase (night 0) is 0, night 1 is 1, day 1 is
    2, night 2 is 3, ..."""
    return max(0, 2 * number - 1) if kind == "night" else 2 * number


# the lasting state whose values the frame itself reads (a scenario's `role_is`): changes
# of role and faction, filled by the kind that makes them (logic/effects/identity.py)
IDENTITY = "identity"


@dataclass(frozen=True)
class History:
    """What earlier phases left behind that later sentences refer to: the frame's own
    state (deaths, uses, successes, scans, flags, settled questions) and, under
    `kinds`, each effect kind's lasting states (`logic/effects/base.Lasting`) by name."""

    dead: frozenset[str] = frozenset()
    # (player, ability name) -> (night, targets) of its last successful use
    last_success: tuple[tuple[tuple[str, str], tuple[int, tuple[str, ...]]], ...] = ()
    last_checked: tuple[tuple[str, str], ...] = ()  # player -> last player they scanned
    uses: tuple[tuple[tuple[str, str], int], ...] = ()
    # open questions of the rules that hold for the whole game once answered ("every
    # second night": which nights), as (variable, value)
    settled: tuple[tuple[str, Any], ...] = ()
    # what a player has done or had done that later sentences read, for the whole game:
    # (player, flag), e.g. "automatic protection" (used up), "first kill"
    flags: frozenset[tuple[str, str]] = frozenset()
    # each kind's lasting states: (name, concrete value), sorted by name
    kinds: tuple[tuple[str, Any], ...] = ()
    # (player, ability name) -> the targets of its uses that took place, night by night
    # (a restriction over the game: "heal yourself only once", "never the same player twice")
    aimed: tuple[tuple[tuple[str, str], tuple[str, ...]], ...] = ()

    def state(self, name: str, empty: Any = ()) -> Any:
        """The concrete value of the lasting state `name` (`empty` if none was made)."""
        for n, v in self.kinds:
            if n == name:
                return v
        return empty

    def success(self, player: str, ability: str) -> tuple[int, tuple[str, ...]] | None:
        return dict(self.last_success).get((player, ability))

    def checked(self, player: str) -> str | None:
        return dict(self.last_checked).get(player)

    def used(self, player: str, ability: str) -> int:
        return dict(self.uses).get((player, ability), 0)

    def may_use(self, player: str, ability: Ability, phase: int) -> bool:
        """Whether `ability`'s frequency lets `player` use it in `phase` (a night's or a
        day's number): its uses so far are read only where the frequency counts them (a
        phase built from histories that differ in the uses of unlimited abilities reads
        nothing that tells them apart: tests/nights.py)."""
        f = ability.frequency
        return f.allows(phase, self.used(player, ability.name) if f.counts_uses else 0)

    def aimed_at(self, player: str, ability: str) -> tuple[str, ...]:
        """The targets of `player`'s uses of `ability` that took place, in night order."""
        return dict(self.aimed).get((player, ability), ())


@dataclass(frozen=True)
class PhaseEnd:
    """A phase's outcome as a kind's concrete step reads it (`Lasting.step`)."""

    kind: str  # "night" or "day"
    number: int
    atoms: frozenset[Atom]  # the outcome atoms that hold
    defined: frozenset[str]  # the kinds of atom the phase's model defines
    ruleset: Ruleset | None
    why: Callable[[Atom], tuple[Why, ...]]  # the sentences and axioms that made an atom hold


@dataclass(frozen=True)
class ChainEnd:
    """A phase of a chain as a kind's symbolic step reads it (`Lasting.chain`): each atom
    of the phase with the expression that makes it hold, over the phase's own (renamed)
    variables."""

    kind: str  # "night" or "day"
    number: int
    atoms: tuple[tuple[Atom, Expr], ...]
    ruleset: Ruleset


# ----------------------------------------------------------------------------- outcome atoms


@dataclass(frozen=True, order=True)
class Atom:
    """One observable fact of a phase's outcome."""

    kind: str  # dies, lynched, fails, succeeds, roleblocked, visits, learns
    subject: str
    obj: str = ""

    def __str__(self) -> str:
        match self.kind:
            case "dies" | "lynched":
                return f"{self.subject} {'dies' if self.kind == 'dies' else 'is lynched'}"
            case "fails" | "succeeds":
                return f"{self.subject}'s action {self.kind}"
            case "roleblocked":
                return f"{self.subject} is roleblocked"
            case "visits":
                return f"{self.subject} visits {self.obj}"
            case "learns":
                return f'{self.subject} learns "{self.obj}"'
            case "wins":
                return f"{self.subject} wins"
            case "goes on":
                return "the game goes on"
            case "record reversed":
                return f"{self.subject}'s record is reversed"
            case "arrested":
                return f"{self.subject} is under arrest"
            case "mark":
                return f"{self.subject}: {self.obj}"
            case "status":
                name, _, source = self.obj.partition(":")
                return f"{self.subject} is marked {name}" + (f" by {source}" if source else "")
            case "becomes":
                return f"{self.subject} becomes {self.obj}"
        return f"{self.subject} {self.kind} {self.obj}".strip()


@dataclass(frozen=True)
class TextSource:
    """A result text an action may produce: fixed, or a list of names."""

    actor: str
    gate: Expr
    text: str | None  # fixed text, or None: join the names whose piece holds
    pieces: tuple[tuple[Expr, str], ...] = ()
    why: Why | None = field(default=None, compare=False)  # the sentence that gives it

    def render(self, holds: list[str]) -> str:
        if self.text is not None:
            return self.text
        return ", ".join(sorted(set(holds))) if holds else "no one"


@dataclass
class PhaseModel:
    """The constraints of one phase, ready for a back end."""

    phase: str  # "night 1", "day 1"
    domains: dict[str, list[Any]]
    equations: list[tuple[Expr, Why]]  # each must hold
    definitions: dict[str, Expr]  # var -> the expression it must equal (for explanations)
    atoms: dict[Atom, Expr]  # atoms whose truth is an expression
    texts: list[TextSource]
    acts: tuple[Act, ...] = ()
    scenario_vars: tuple[str, ...] = ()  # variables that describe the scenario, not the outcome
    switches: dict[str, Why] = field(default_factory=dict)  # on:... -> the sentence it turns on
    slot_vars: tuple[tuple[str, str], ...] = ()  # (ok var, actor) for each slot
    notes: list[str] = field(default_factory=list)
    random_vars: tuple[str, ...] = ()  # choices a rule says are made at random
    # choices a rule gives the storyteller (ir.Chooser.STORYTELLER): existential in solve
    storyteller_vars: tuple[str, ...] = ()


# ----------------------------------------------------------------------------- scenario views


@dataclass(frozen=True)
class Slot:
    """A place where an action may be taken: one actor, one kind of action."""

    actor: str
    kind: str  # "ability" or "kill"


def merge_atoms(atoms: dict[Atom, Expr], more: dict[Atom, Expr]) -> None:
    """Add `more` to `atoms`: an atom both have holds when either's condition does (two
    kinds may give one atom: a theft's and a morph's `X becomes ROLE`)."""
    for a, x in more.items():
        atoms[a] = disj(atoms[a], x) if a in atoms else x
