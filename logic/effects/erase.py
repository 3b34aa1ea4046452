"""Owns Erase, read from the GM's sentences (DCTP's Pisco): a night action on no one that
erases the body of the night's kill of the eraser's faction, what the eraser is told of it,
and the erased deaths other kinds ask about (Kogorou's sobering does not follow an erased
death: logic/effects/sobriety.py asks `erased`). Its phrases are grammar/clause/erase.lark,
read by logic/lang/kinds/erase.py (words in grammar/lexicon/erase.toml). No other file
names it.

Vocabulary:
  Erase      the ability's effect ("The eraser has the option of erasing or not erasing a
             body if he is the one doing the killing himself."): a night action on no one
             (`X uses Erase`, each night). It erases the victim of the night's kill of the
             eraser's faction when the eraser carried it out himself and the victim died
             (the night's atom `X is erased`); else nothing (but `EraseRule.other`)
  EraseRule  a sentence of the eraser's line (each a field; unsaid, the engine does not do
             it):
    other      "Once per game, Pisco may opt to erase a victim killed by another Black Org
               member.": an erase also erases the victim of a kill another member of his
               faction carried out, once a game (the state `ERASED_FOR`: who has)
    told       "The eraser is the only one who becomes privy to the identity of the erased
               body.": the eraser learns the erased victim's role (by name): whoever uses
               the line's erase ("the eraser": a coverer it is lent to too), while `other`
               is the holder's own ("Pisco may opt ...")
    bribed     "The body of a bribe victim will be erased and only the killing player will
               learn their identity." (the Bribe section's): on a night a bribe of the
               holder of the line takes place (logic/effects/bribe.py), the victim of his
               faction's kill who dies is erased, and the member who killed him learns
               his role

Readings (ER1-ER3 in casebook/dctp-mini-mafia.rules): an erase stopped (discombobulated) did
not take place; the source never says a death shows the dead's role, so "The identity of
the erased player will not be shown." hides nothing the engine shows; wills are not
modelled.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import attack
from logic.effects.base import Kind, Lasting, Outcome, line_rules
from logic.effects.bribe import Bribe
from logic.model.expr import FALSE, TRUE, Expr, any_of, conj, disj, label, neg
from logic.model.phase import Atom, ChainEnd, PhaseEnd, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder

ERASED = "is erased"  # the night's atom: X's body is erased
ERASED_FOR = "erases for another"  # the night's atom: X erased another member's victim


@dataclass(frozen=True)
class Erase:
    why: Why = meta()

    def describe(self) -> str:
        return "erase: erases the body of the night's kill its user carries out"


@dataclass(frozen=True)
class EraseRule:
    """The sentences of the eraser's line, each a field (see the module; None: the
    sentence is not in the ruleset)."""

    why: Why = meta()
    other: Why | None = None
    told: Why | None = None
    bribed: Why | None = None

    def describe(self) -> str:
        said = {
            "other": "once a game, the body of another member's kill",
            "told": "the eraser learns the erased victim's role",
            "bribed": "a bribe's victim is erased, his killer learns the role",
        }
        return "erase: " + "; ".join(v for k, v in said.items() if getattr(self, k))


def _says(b: Any, p: str, tag: str) -> Expr:
    return any_of(
        conj(b.sc.role_is(p, r), label(b.sc.switch(w), w))
        for r, w, _ in line_rules(b, EraseRule, tag)
    )


def _kills(b: NightBuilder) -> list[tuple[int, str, Expr, str]]:
    """(slot, victim, the faction's kill by that slot took place on the victim, faction)."""
    out = []
    for i, q, hit, _ in attack.attacks(b):
        for c, faction in b.sc.nightkill_of(i):
            x = conj(hit, c)
            if x != FALSE:
                out.append((i, q, x, faction))
    return out


def _erases(b: NightBuilder, j: int, outcome: Outcome) -> list[tuple[str, Expr, Expr]]:
    """(victim, slot j's erase erases that victim tonight, and it is another member's)."""
    p = b.actor(j)
    mine = any_of(conj(c, b.ok(j)) for c, _ in b.effects(j, Erase))
    if mine == FALSE:
        return []
    other = conj(_says(b, p, "other"), neg(b.before(ERASED_FOR_STATE).get(p, FALSE)))
    out: list[tuple[str, Expr, Expr]] = []
    for i, q, x, faction in _kills(b):
        dies = outcome.died.get(q, FALSE)
        y: Expr
        foreign: Expr
        if b.actor(i) == p:
            y, foreign = conj(mine, x, dies), FALSE
        else:
            y = conj(mine, x, dies, b.sc.faction_is(p, faction), other)
            foreign = y
        if y != FALSE:
            out.append((q, y, foreign))
    return out


def _bribed(b: NightBuilder, outcome: Outcome) -> list[tuple[int, str, Expr, Why]]:
    """(the kill's slot, its victim, the victim of a bribed kill dies tonight, the sentence)
    for each line that says a bribe's victim is erased."""
    out = []
    for line, w, _ in line_rules(b, EraseRule, "bribed"):
        said = label(b.sc.switch(w), w)
        for j in range(b.n):
            p = b.actor(j)
            took = any_of(conj(c, b.ok(j), b.sc.role_is(p, line)) for c, _ in b.effects(j, Bribe))
            if took == FALSE:
                continue
            for i, q, x, faction in _kills(b):
                y = conj(said, took, x, b.sc.faction_is(p, faction), outcome.died.get(q, FALSE))
                if y != FALSE:
                    out.append((i, q, y, w))
    return out


def erasures(b: NightBuilder, outcome: Outcome) -> list[tuple[int, str, Expr]]:
    """(slot, victim, slot's erase erases that victim tonight): what an erase did, as
    other kinds ask (a report of the erased role)."""
    return [(j, q, y) for j in range(b.n) for q, y, _ in _erases(b, j, outcome)]


def erased(b: NightBuilder, outcome: Outcome, q: str) -> Expr:
    """q's body is erased tonight (asked by the kinds a death sets off)."""

    def make() -> Expr:
        parts = [y for j in range(b.n) for v, y, _ in _erases(b, j, outcome) if v == q]
        parts += [y for _, v, y, _ in _bribed(b, outcome) if v == q]
        return any_of(parts)

    got: Expr = b.once(f"erase:erased:{q}", make)
    return got


def texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """The eraser learns the role of the victim he erased."""
    out: list[TextSource] = []
    for j in range(b.n):
        p = b.actor(j)
        if not b.reads(p):
            continue
        for line, w, _ in line_rules(b, EraseRule, "told"):
            # "The eraser is the only one ...": whoever uses the line's erase (his own, or
            # lent him: a cover of the line's role, logic/effects/cover.py)
            his = [a for a in line.abilities if any(isinstance(e, Erase) for e in a.effects)]
            used = any_of(c for c, e in b.effects(j, Erase) if any(e in a.effects for a in his))
            told = conj(used, label(b.sc.switch(w), w))
            if told == FALSE:
                continue
            for q, y, _ in _erases(b, j, outcome):
                for r in b.rs.roles:
                    x = conj(y, told, b.sc.role_is(q, r))
                    if x != FALSE:
                        out.append(TextSource(p, x, r.name, why=w))
    for i, q, y, w in _bribed(b, outcome):  # the bribed kill's killer learns the role
        killer = b.actor(i)
        if not b.reads(killer):
            continue
        for r in b.rs.roles:
            x = conj(y, b.sc.role_is(q, r))
            if x != FALSE:
                out.append(TextSource(killer, x, r.name, why=w))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X is erased`; `X erases for another`: the eraser's once-a-game erase is spent."""
    out: dict[Atom, Expr] = {}
    for q in b.sc.players:
        x = erased(b, outcome, q)
        if x != FALSE:
            out[Atom(ERASED, q)] = x
    for j in range(b.n):
        spent = any_of(f for _, _, f in _erases(b, j, outcome))
        if spent != FALSE:
            key = Atom(ERASED_FOR, b.actor(j))
            out[key] = disj(out.get(key, FALSE), spent)
    return out


def _step(before: tuple[str, ...], end: PhaseEnd) -> tuple[str, ...]:
    got = {a.subject for a in end.atoms if a.kind == ERASED_FOR}
    return tuple(sorted(set(before) | got))


def _chain(before: dict[str, Expr], end: ChainEnd) -> dict[str, Expr]:
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == ERASED_FOR:
            out[a.subject] = disj(out.get(a.subject, FALSE), e)
    return out


def _view(state: tuple[str, ...], night: int) -> dict[str, Expr]:
    return {p: TRUE for p in state}


ERASED_FOR_STATE = Lasting("erased for another", (), _step, _chain, _view)


KIND = Kind(
    "erase",
    (Erase, EraseRule),
    phase_texts=texts,
    transition=transition,
    lasting=(ERASED_FOR_STATE,),
)
