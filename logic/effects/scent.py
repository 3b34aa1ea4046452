"""Owns a role's scent and the day check that reads it, from DCTP's cards and its Follow
section: "Scent: Yes." / "Scent: No." on a role's line (its card), and Haibara's day
action, "She may accompany anyone during the day ..." (an Accompany with no votes taken,
logic/effects/tally.py) "As a result she will get either: "Has a scent" or "Has no
scent"." Its phrases are grammar/clause/scent.lark, its words grammar/lexicon/scent.toml,
its reading logic/lang/kinds/scent.py.

Vocabulary:
  Scent   a role trait, the card's line: `has` ("Scent: Yes.") or not ("Scent: No.");
          `kept` ("(no matter the disguise)"): said of a disguiser's card: the check reads
          the role he was dealt, never one he wears (a disguise or a costume, the kinds'
          `day_wears`: logic/effects/disguise.py)
  ScentKept the game's "Disguiser does NOT assume the scent of their disguise." (read by
          grammar/game/disguise.lark's dg_scent_kept): `kept` of every card. Unsaid (no
          `kept` on the card, no ScentKept), which card a disguised player's scent is
          read from, his own or the worn one's, is the host's open choice
  Sniff   an effect of a day ability on one player: when the ability takes place (the day
          frame's `ok`: not frightened, arrested, injured ...), its user learns `results[0]`
          if the target's card says "Scent: Yes.", `results[1]` if it says "Scent: No.".
          Which answer is which is read from the answers' words: the one that says "no"
          ("Has no scent") is the card's "No". A card that says nothing of a scent shows
          nothing (every DCTP card says it). Of a player dead before the day, whether it
          takes place is the host's open choice (FO1: "She may accompany anyone during the
          day" does not say whether the dead are "anyone")

Not modelled: the notice ("the accompanied will learn that someone accompanied/followed
them", Accompany's too).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from logic.effects.base import Kind, Outcome
from logic.model.expr import FALSE, Expr, any_of, conj, disj, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder


@dataclass(frozen=True)
class Scent:
    has: bool
    why: Why = meta()
    kept: Why | None = None  # "(no matter the disguise)"

    def describe(self) -> str:
        kept = " (a disguise does not change it)" if self.kept is not None else ""
        return f"the holder's card: {'has a scent' if self.has else 'has no scent'}{kept}"


@dataclass(frozen=True)
class Sniff:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    results: tuple[str, str] = ("", "")  # (a scent, no scent)
    why: Why = meta()

    def describe(self) -> str:
        has, hasnt = self.results
        return f'scent: learns "{has}" if the target\'s card has a scent, else "{hasnt}"'


@dataclass(frozen=True)
class ScentKept:
    why: Why = meta()

    def describe(self) -> str:
        return "a disguised player keeps the scent of the role dealt to him"


def _card(db: DayBuilder, q: str, has: bool) -> Expr:
    """q's card (the role dealt to him) says "Scent: Yes." (`has`) or "Scent: No."."""
    return any_of(
        label(conj(db.role_is(q, r), db.switch(t.why)), t.why)
        for r in db.roles
        for t in r.traits
        if isinstance(t, Scent) and t.has == has
    )


def _worn_card(db: DayBuilder, name: str, has: bool) -> Expr:
    """The card of the role `name` (one worn) says "Scent: Yes." (`has`) or "Scent: No."."""
    role = db.rs.role(name)
    traits = role.traits if role is not None else ()
    return any_of(
        label(db.switch(t.why), t.why) for t in traits if isinstance(t, Scent) and t.has == has
    )


def _kept(db: DayBuilder, q: str) -> Expr:
    """q keeps his own card's scent whatever he wears: his card says "(no matter the
    disguise)", or the game's "Disguiser does NOT assume the scent of their disguise."."""
    cards = any_of(
        label(conj(db.role_is(q, r), db.switch(t.kept)), t.kept)
        for r in db.roles
        for t in r.traits
        if isinstance(t, Scent) and t.kept is not None
    )
    said = any_of(label(db.switch(x.why), x.why) for x in db.rs.healing if isinstance(x, ScentKept))
    return disj(cards, said)


def _smells(db: DayBuilder, q: str, has: bool, sniff: Sniff) -> Expr:
    """q's scent is the card's `has`: the card of the role dealt to him; of a role he
    wears by day (a disguise: the kinds' `day_wears`), when no sentence says he keeps his
    own, the source is silent: which card is read is the host's open choice."""
    own = _card(db, q, has)
    worn = [x for k in db.kinds if k.day_wears for x in k.day_wears(db, q)]
    if not worn:
        return own
    wearing = any_of(x for _, x in worn)
    open_ = conj(wearing, neg(_kept(db, q)))
    if open_ == FALSE:
        return own
    loc = sniff.why.loc
    pick = db.choice(f"scent:worn:{q}:{loc.line}:{loc.column}", [False, True], decides=open_)
    assumes = conj(open_, label(pick, sniff.why))
    theirs = any_of(conj(x, _worn_card(db, name, has)) for name, x in worn)
    return disj(conj(own, neg(assumes)), conj(assumes, theirs))


def day_stops(db: DayBuilder, i: int) -> Expr:
    """FO1 (open): a sniff of a player dead before the day. "She may accompany anyone during
    the day": whether a dead player is one she may follow, the source does not say; the
    host's open choice (`ambiguous` where it matters)."""
    parts = []
    for c, e in db.effects(i, Sniff):
        dead = db.at_target(i, db.sc.dead_before)
        if dead is None or dead == FALSE:
            continue
        loc = e.why.loc
        name = f"scent:dead:{i}:{loc.line}:{loc.column}"
        allowed = db.choice(name, [False, True], decides=conj(c, dead))
        parts.append(label(conj(c, dead, neg(allowed)), e.why))
    return any_of(parts)


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    """What a sniff that took place tells its user of its target's scent."""
    out: list[TextSource] = []
    for i in range(db.n):
        for c, e in db.effects(i, Sniff):
            for q in db.players:
                at = conj(c, db.ok(i), db.sc.aims(i, q))
                if at == FALSE:
                    continue
                for has, text in zip((True, False), e.results, strict=True):
                    gate = conj(at, _smells(db, q, has, e))
                    if gate != FALSE:
                        out.append(TextSource(db.actor(i), label(gate, e.why), text, (), e.why))
    return out


KIND = Kind("scent", (Scent, Sniff, ScentKept), day_stops=day_stops, day_texts=day_texts)
