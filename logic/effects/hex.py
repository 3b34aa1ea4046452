"""Owns hexes: night actions that leave a mark with a duration on their target (read by
later phases through logic/effects/status.py), what their targets and casters are told,
the delayed deaths they bring, and budgets shared by several abilities of a role.

Vocabulary (effects of an ability):
  Hex        the target gets the mark `status` when the action takes place: `powerless`
             and `charm-vote` / `charm-lynch` / `silenced` for the following day (read by
             logic/effects/vote.py), `doom` (the target dies two nights later, and
             nothing prevents it: "Two nights after the Witch casts this hex, the hexed
             player dies.")
  Informed   the target is told the ability's name at dawn ("The hexed player is
             informed of this at Dawn.")
  Telepathy  the actor is told the target's alignment ("The Witch is informed of the
             hexed player's alignment"): the faction's name
  Backlash   the night after a player with the actor's `doom` mark dies, the actor dies
             ("The night after the hexed player dies, the Witch dies.")
Vocabulary (role traits):
  Budget     `per` "night": at most `count` of the role's abilities a night ("She may
             only cast one hex per night."); "each": each ability at most `count` times
             a game ("each hex once per game"); "game": at most `count` uses of the
             role's abilities a game ("three hexes per game"). A use counts when it is
             sent, whether or not it takes place (a roleblocked use is consumed).

Marks and deaths are read from the concrete history (`NightBuilder.history`): a symbolic
chain of nights does not carry them yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects import status
from logic.effects.base import Death, Kind, Outcome
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, at_least, conj, disj, label
from logic.model.phase import Atom, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.ir import Ability, Role
    from logic.model.semantics import NightBuilder

LATE = Const(10**6)  # deaths that come at the end of the night stop no action


@dataclass(frozen=True)
class Hex:
    status: str  # powerless, charm-vote, charm-lynch, silenced, doom
    why: Why = meta()
    delay: int = 0  # doom: the nights until it takes effect

    def describe(self) -> str:
        if self.status == "doom":
            return "hex: the target dies two nights later, whatever else happens"
        return f"hex: the target is {self.status} the following day"


@dataclass(frozen=True)
class Informed:
    why: Why = meta()

    def describe(self) -> str:
        return "hex: the target is told at dawn"


@dataclass(frozen=True)
class Telepathy:
    why: Why = meta()

    def describe(self) -> str:
        return "hex: the actor is told the target's alignment"


@dataclass(frozen=True)
class Backlash:
    why: Why = meta()

    def describe(self) -> str:
        return "hex: the actor dies the night after the hexed player dies"


@dataclass(frozen=True)
class Budget:
    per: str  # night, each, game
    count: int
    why: Why = meta()

    def describe(self) -> str:
        match self.per:
            case "night":
                return f"budget: at most {self.count} of the role's abilities a night"
            case "each":
                return f"budget: each ability at most {self.count} time(s) a game"
        uses = "use" if self.count == 1 else "uses"
        return f"budget: at most {self.count} {uses} of the role's abilities a game"


DOOM_DELAY = 2


def later(effect: object) -> bool:
    """Whether the effect acts on a later night only (through marks of the history)."""
    return isinstance(effect, Backlash) or (isinstance(effect, Hex) and effect.status == "doom")


def _owner(b: NightBuilder, ab: Ability) -> Role | None:
    for role in b.rs.roles:
        if any(a is ab for a in role.abilities):
            return role
    return None


def stopped(b: NightBuilder, i: int) -> Expr:
    """Slot i's ability is over its role's budget."""
    p = b.actor(i)
    out: list[Expr] = []
    for cond, ab in b.sc.abilities(i):
        role = _owner(b, ab)
        if role is None:
            continue
        names = [a.name for a in role.abilities]
        for t in (t for t in role.traits if isinstance(t, Budget)):
            # (over a chain of nights, the earlier nights' uses are expressions)
            match t.per:
                case "game":
                    spent = sum(b.history.used(p, n) for n in names)
                    chained = [e for n in names for e in b.sc.sent_before(p, n)]
                    over = at_least(t.count - spent, chained)
                case "each":
                    spent = b.history.used(p, ab.name)
                    over = at_least(t.count - spent, b.sc.sent_before(p, ab.name))
                case _:  # the night's earlier actions of the same role count first
                    earlier = sum(
                        1
                        for j in range(i)
                        if b.actor(j) == p
                        and any(a.name in names and a is not ab for _, a in b.sc.abilities(j))
                    )
                    over = Const(earlier >= t.count)
            if over != FALSE:
                out.append(label(conj(cond, over), t.why))
    return any_of(out)


def _cast(b: NightBuilder, kind: type) -> list[tuple[int, Expr, object]]:
    return [(i, c, e) for i in range(b.n) for c, e in b.effects(i, kind)]


def deaths(b: NightBuilder) -> list[Death]:
    """A doomed player dies two nights after the hex; the caster the night after the
    doomed player died."""
    out: list[Death] = []
    h = b.history
    dooms = [
        (r, a, e)
        for r in b.rs.roles
        for a in r.abilities
        for e in a.effects
        if isinstance(e, Hex) and e.status == "doom"
    ]
    if not dooms:
        return out
    backlash = [e for _, a, _ in dooms for e in a.effects if isinstance(e, Backlash)]
    doom = dooms[0][2]
    assert isinstance(doom, Hex)
    for m in status.due(h, "doom", b.night, doom.delay or DOOM_DELAY):
        out.append((m.player, LATE, label(TRUE, doom.why)))
    for m in status.marks(h, name="doom"):
        if m.source and backlash and status.died_before(h, m.player, b.night):
            out.append((m.source, LATE, label(TRUE, backlash[0].why)))
    return out


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The caster told the target's alignment (Telepathy)."""
    out: list[TextSource] = []
    for c, e in b.effects(i, Telepathy):
        factions = b.rs.factions
        pieces = tuple(
            (conj(b.aims(i, q), b.sc.faction_is(q, f)), f) for q in b.sc.players for f in factions
        )
        out.append(TextSource(b.actor(i), conj(c, b.ok(i)), None, pieces, e.why))
    return out


def phase_texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """A hexed player told of the hex at dawn (Informed)."""
    out: list[TextSource] = []
    for i in range(b.n):
        for c, e in b.effects(i, Informed):
            names = [a.name for cond, a in b.sc.abilities(i) if any(x is e for x in a.effects)]
            for q in b.sc.players:
                gate = conj(c, b.ok(i), b.aims(i, q))
                if gate != FALSE and names:
                    out.append(TextSource(q, gate, names[0], (), e.why))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The marks tonight's hexes leave (status atoms)."""
    out: dict[Atom, Expr] = {}
    for i, c, e in _cast(b, Hex):
        for q in b.sc.players:
            hit = conj(c, b.ok(i), b.aims(i, q))
            if hit == FALSE:
                continue
            key = status.mark_atom(q, e.status, b.actor(i))  # type: ignore[attr-defined]
            out[key] = disj(out.get(key, FALSE), label(hit, e.why))  # type: ignore[attr-defined]
    return out


KIND = Kind(
    "hex",
    (Hex, Informed, Telepathy, Backlash, Budget),
    deaths=deaths,
    stops=stopped,
    texts=texts,
    phase_texts=phase_texts,
    transition=transition,
)
