"""Owns APTX by night: a night ability whose poisonings follow the APTX's rules, read from
the GM's sentence that says so of an ability (DCTP's Poison section: "Can try to poison
one player during the night." gives Sherry a night poisoning, and "Sherry has 2 APTX that
can be used for the Poison ability, which follow the same rues as other APTX." makes its
poisonings APTX, `AptxNight`, in place of the delayed poison the verb reads alone,
logic/effects/poison.py's `Poison`). Its phrase is grammar/clause/aptx.lark's `ax_stock`,
read by logic/lang/kinds/aptx.py. No other file names it.

Vocabulary:
  AptxNight  an effect of the ability before it (it `refines` the verb's `Poison`): its
             user names an identity, a role of the ruleset (`X decides "Satou"`, as the
             day's APTX, logic/effects/aptx.py); the target dies that night when he holds
             the role named; `count` capsules are the user's own, a poisoning that named
             another role loses one ("Failed APTX: The APTX will be used up"), one that
             named the target's role keeps it ("The BO will keep the ATPX."): a poisoning
             sent with all `count` lost does not take place

Readings ("the same rules as other APTX", R230-R233 in casebook/dctp-mini-mafia.rules):
no night save stops it, as no save stops the day's APTX ("Can't protect anyone from
APTX.", "Can't heal APTX"), but the Health Charm given the day before ("The same phase and
the phase afterwards, the target will be protected from APTX poisoning.", the state
`SHIELDED`: each holder of a protecting charm, as (the player, the day)); its death comes in its tier of the order of actions (the
order's "APTX"); the capsules are the user's own, counted apart from the faction's day
capsules (logic/effects/capsules.py): whether the two counts are one is not said (R232).
Not modelled: the charm used up by the night's poisoning ("The Charm will only be used up,
..."), the notices.

The state a night leaves (`LOST`): each night the user lost a capsule, as (the player,
the night); the night's atom `X loses a night APTX` says it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from logic.effects import aptx
from logic.effects.base import Death, Kind, Lasting, Outcome
from logic.effects.poison import Poison
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, at_least, conj, disj, eq, label, neg
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.ir import Role
    from logic.model.semantics import NightBuilder

LOSES = "loses"
CAPSULE = "a night APTX"


@dataclass(frozen=True)
class AptxNight:
    needs: ClassVar[type] = Poison  # said of a poisoning ability (roles.py's `needs`)
    why: Why = meta()
    count: int = 0  # the user's own capsules
    options: tuple[str, ...] = ()  # the identities the user may name: the ruleset's roles

    def with_roles(self, roles: Sequence[Role]) -> AptxNight:
        """The options: every role of the ruleset (filled in when it is assembled)."""
        return replace(self, options=tuple(r.name for r in roles))

    def refines(self, other: object) -> bool:
        """It says what the verb's poison is: an APTX, not a death the night after."""
        return isinstance(other, Poison)

    def describe(self) -> str:
        return (
            f"aptx by night: the target dies when the identity named is his role; "
            f"{self.count} capsule(s), one lost on each wrong identity"
        )


def _tries(b: NightBuilder) -> list[tuple[int, str, Expr, Expr, AptxNight]]:
    """(slot, the target, the poisoning took place on him, it named his role, the node)."""

    def make() -> list[tuple[int, str, Expr, Expr, AptxNight]]:
        out = []
        for j in range(b.n):
            for c, e in b.effects(j, AptxNight):
                decided = b.sc.decision(j, e.options)
                for q in b.sc.players:
                    took = conj(c, b.ok(j), b.aims(j, q))
                    if took == FALSE:
                        continue
                    right = any_of(
                        conj(eq(decided, Const(k)), b.sc.role_is(q, role))
                        for k, name in enumerate(e.options)
                        if (role := b.rs.role(name)) is not None
                    )
                    out.append((j, q, took, label(right, e.why), e))
        return out

    got: list[tuple[int, str, Expr, Expr, AptxNight]] = b.once("aptxnight:tries", make)
    return got


def charmed(b: NightBuilder, q: str) -> Expr:
    """q was given a protecting Health Charm the day before ("The same phase and the phase
    afterwards, the target will be protected from APTX poisoning.": the day's atom `X holds
    the charm`, logic/effects/aptx.py)."""
    before: Shielded = b.before(SHIELDED)
    return any_of(x for (p, day), x in before.items() if p == q and day == b.night - 1)


def deaths(b: NightBuilder) -> list[Death]:
    """A poisoning that named its target's role kills him in its tier (no save stops it
    but the Health Charm of the day before)."""
    return [
        (q, b.tier(j), conj(took, right, neg(charmed(b, q)))) for j, q, took, right, _ in _tries(b)
    ]


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i's poisoning is sent by a user who has lost all his capsules before."""
    mine = b.effects(i, AptxNight)
    if not mine:
        return FALSE
    before: Lost = b.before(LOST)
    lost = [x for (p, _), x in before.items() if p == b.actor(i)]
    return any_of(
        label(conj(c, at_least(e.count, lost)), e.why) for c, e in mine if e.count and lost
    )


def atoms(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X loses a night APTX`: his poisoning took place and named another role."""
    del outcome
    out: dict[Atom, Expr] = {}
    for j, _, took, right, e in _tries(b):
        if not e.count:
            continue
        key = Atom(LOSES, b.actor(j), CAPSULE)
        out[key] = disj(out.get(key, FALSE), conj(took, neg(right)))
    return out


# ----------------------------------------------------------------------------- lasting state

Lost = dict[tuple[str, int], Expr]  # (the user, the night) -> he lost a capsule that night


def _mine(a: Atom) -> bool:
    return a.kind == LOSES and a.obj == CAPSULE


def _step(before: tuple[tuple[str, int], ...], end: PhaseEnd) -> tuple[tuple[str, int], ...]:
    got = {(a.subject, end.number) for a in end.atoms if _mine(a)}
    return tuple(sorted(set(before) | got))


def _chain(before: Lost, end: ChainEnd) -> Lost:
    out = dict(before)
    for a, e in end.atoms:
        if _mine(a):
            key = (a.subject, end.number)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[tuple[str, int], ...], night: int) -> Lost:
    del night
    return {key: TRUE for key in state}


LOST = Lasting("night capsules", (), _step, _chain, _view)

Shielded = dict[tuple[str, int], Expr]  # (the holder, the day) -> given a charm that day


def _shield_step(before: tuple[tuple[str, int], ...], end: PhaseEnd) -> tuple[tuple[str, int], ...]:
    got = {(a.subject, end.number) for a in end.atoms if a.kind == aptx.SHIELD}
    return tuple(sorted(set(before) | got))


def _shield_chain(before: Shielded, end: ChainEnd) -> Shielded:
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == aptx.SHIELD:
            key = (a.subject, end.number)
            out[key] = disj(out.get(key, FALSE), e)
    return out


SHIELDED = Lasting("charms held", (), _shield_step, _shield_chain, _view)


KIND = Kind(
    "aptxnight",
    (AptxNight,),
    deaths=deaths,
    stops=stops,
    atoms=atoms,
    lasting=(LOST, SHIELDED),
)
