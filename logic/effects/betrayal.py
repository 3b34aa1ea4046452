"""Owns Betrayal, read from the GM's sentences (DCTP's Kir): a passive report, each night,
of one activity of a faction drawn at random, and the list of what it reports. Its phrases
are grammar/clause/betrayal.lark, read by logic/lang/kinds/betrayal.py (the base's
words). No other file names it.

Vocabulary (each a trait of the holder's role):
  Betrayal        "She randomly gets to know one activity of the BO that was done on that
                  night.": each night the holder (alive, not in custody) learns one of the
                  activities of `group` (a faction, named or by its initials: "BO" is the
                  Black Org) that took place that night, drawn at random (`random`, not
                  `ambiguous`), among those a `BetrayalReport` names; nothing when none
                  took place. An activity is a member's ability or the faction's kill,
                  told as `ROLE: NAME` (the role that did it, the report's name for it:
                  "Gin: Slander")
  BetrayalReport  a line of the list ("Slander: Gin used slander on that night (doesn't
                  know on who)."): activities of these `names` are among those reported
                  (an ability is one when its name, one of its other names, or its
                  keyword is the line's, logic/effects/inquiry.py; its own name first:
                  "Stake-out" before "Observe"). A line of the list not said: that
                  activity is never reported
  BetrayalBlocked "Kir doesn't need to PM the GM to use this action, but it can be
                  discombobulated.": a roleblock (a discombobulation) that lands on the
                  holder tonight stops the report. Unsaid, the report is passive: a
                  roleblock does not stop it

Readings: the holder alive when the night begins learns (a holder killed that night too:
the report is in no slot and no tier, is investigated by no one, and is not the "action"
a player killed before it loses); the list's "DOESN'T get to know" lines (covered, disguised
abilities, the Black Suitcase, Blame) name activities the engine does not model.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import crimes, inquiry
from logic.effects.base import Kind, Outcome, first_drawn
from logic.effects.block import Roleblock, unblockable
from logic.model.expr import FALSE, Expr, any_of, conj, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.ir import Ability, Role
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Betrayal:
    group: str
    why: Why = meta()

    def describe(self) -> str:
        return f"betrayal: learns one activity of the {self.group} tonight, drawn at random"


@dataclass(frozen=True)
class BetrayalReport:
    # the line's names ("Killing", "Sniping"); `check`, as a card's lines, so that each
    # line of the list is a trait of its own (logic/lang/assemble/prose.py's _same_trait)
    check: tuple[str, ...]
    why: Why = meta()

    @property
    def names(self) -> tuple[str, ...]:
        return self.check

    def describe(self) -> str:
        return f"betrayal reports: {' / '.join(self.names)}"


@dataclass(frozen=True)
class BetrayalBlocked:
    why: Why = meta()

    def describe(self) -> str:
        return "betrayal: a discombobulation of the holder stops the report"


def _stem(word: str) -> str:
    w = "".join(ch for ch in word.casefold() if ch.isalpha())
    for end in ("ing", "ion", "e"):
        w = w.removesuffix(end)
    return w


def _traits(role: Role, kind: type) -> list[Any]:
    return [t for t in role.traits if isinstance(t, kind)]


def _faction(b: NightBuilder, group: str) -> str | None:
    """The faction `group` names: by its name, or by its initials ("BO")."""
    found = b.rs.faction(group)
    if found is not None:
        return group
    for f in b.rs.factions:
        if "".join(w[0] for w in f.split()).casefold() == group.casefold():
            return f
    return None


def _name(role: Role, ability: Ability, keyword: str) -> tuple[str, Why] | None:
    """The name the holder's report gives the ability (its own name's line first, then
    its keyword's), and the line's sentence."""
    own = [_stem(n) for n in (ability.name, *ability.aliases)]
    for wanted in (own, [_stem(keyword)]):
        for t in _traits(role, BetrayalReport):
            if any(_stem(n) in wanted for n in t.names):
                return t.names[0], t.why
    return None


def _activities(b: NightBuilder, holder: Role, faction: str) -> dict[str, Expr]:
    """text -> an activity of `faction` told so took place tonight."""
    out: dict[str, list[Expr]] = {}
    members = [r for r in b.rs.roles if canon(r.faction or "") == canon(faction)]
    for i in range(b.n):
        p = b.actor(i)
        for r in members:
            mine = b.sc.role_is(p, r)
            if mine == FALSE:
                continue
            for c, ab in b.sc.abilities(i):
                if ab not in r.abilities:
                    continue
                named = _name(holder, ab, inquiry.keyword(b.rs, ab))
                if named is not None:
                    x = conj(c, mine, b.ok(i), label(b.sc.switch(named[1]), named[1]))
                    out.setdefault(f"{r.name}: {named[0]}", []).append(x)
            for c, f in b.sc.nightkill_of(i):
                nk = b.rs.nightkill(f)
                if nk is None or canon(f) != canon(faction):
                    continue
                named = _name(holder, nk.ability, inquiry.keyword(b.rs, nk.ability))
                if named is not None:
                    x = conj(c, mine, b.ok(i), label(b.sc.switch(named[1]), named[1]))
                    out.setdefault(f"{r.name}: {named[0]}", []).append(x)
    return {t: any_of(xs) for t, xs in out.items() if any_of(xs) != FALSE}


def _stopped(b: NightBuilder, q: str, role: Role) -> Expr:
    """The holder's report is stopped tonight: in custody, or discombobulated when the
    line says it can be."""
    parts = [crimes.in_custody(b, q)]
    for t in _traits(role, BetrayalBlocked):
        blocked = any_of(x for _, x, _ in b.lands(Roleblock, q))
        said = label(b.sc.switch(t.why), t.why)
        parts.append(conj(blocked, neg(unblockable(b, q)), said))
    return any_of(parts)


def texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """Each holder learns the activity drawn (one draw a holder and night)."""
    out: list[TextSource] = []
    for q in b.sc.players:
        if not b.reads(q):
            continue
        for role in b.rs.roles:
            for t in _traits(role, Betrayal):
                holds = conj(b.sc.role_is(q, role), neg(b.sc.dead_before(q)))
                faction = _faction(b, t.group)
                if holds == FALSE or faction is None:
                    continue
                acts = _activities(b, role, faction)
                if not acts:
                    continue
                names = sorted(acts)
                draw = f"betrayal:{q}:{canon(role.name)}:{t.why.loc.line}:{t.why.loc.column}"
                picked = first_drawn(b, draw, [acts[n] for n in names])
                gate = conj(holds, label(b.sc.switch(t.why), t.why), neg(_stopped(b, q, role)))
                for name, x in zip(names, picked, strict=True):
                    out.append(TextSource(q, conj(gate, x), name, why=t.why))
    return out


KIND = Kind(
    "betrayal",
    (Betrayal, BetrayalReport, BetrayalBlocked),
    phase_texts=texts,
)
