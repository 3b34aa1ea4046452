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
  BetrayalHidden  a line of the list of abilities held some other way ("Covered abilities:
                  DOESN'T get to know what ability Calvados covered and used.",
                  "Disguised abilities: DOESN'T get to know what Irish or Vermouth did with
                  their disguise."): an ability a member holds that way tonight, not by his
                  role (lent by a cover, logic/effects/cover.py; by a role he wears,
                  logic/effects/disguise.py; the kind by the line's word), is never
                  reported. Unsaid, a member's ability lent him is an activity of the
                  faction as his own are ("one activity of the BO")
  BetrayalIdentity what the holder learns besides when the activity drawn is one of a
                  kind ("Will get to know the identity of the role that was erased."): the
                  role of the player it was done to (an erase's: the body it erased,
                  logic/effects/erase.py; the kind by the sentence's word). Unsaid, the
                  report is the activity alone
  BetrayalBlocked "Kir doesn't need to PM the GM to use this action, but it can be
                  discombobulated.": a roleblock (a discombobulation) that lands on the
                  holder tonight stops the report. Unsaid, the report is passive: a
                  roleblock does not stop it

Readings: the holder alive when the night begins learns (a holder killed that night too:
the report is in no slot and no tier, is investigated by no one, and is not the "action"
a player killed before it loses); the list's "DOESN'T get to know" lines of the Black
Suitcase and Blame name activities no line of the list reports anyway (a pretend is no
activity: it "never actually took place"; no line names Blame).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import cover, crimes, disguise, erase, inquiry
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
class BetrayalHidden:
    # the line's words for the way the abilities are held ("Covered"); `check`, as
    # BetrayalReport's, so that each line is a trait of its own
    check: tuple[str, ...]
    why: Why = meta()

    @property
    def ways(self) -> tuple[str, ...]:
        return self.check

    def describe(self) -> str:
        return f"betrayal never reports: {' / '.join(self.ways)} abilities"


@dataclass(frozen=True)
class BetrayalIdentity:
    check: tuple[str, ...]  # the sentence's word for the activity ("erased"); as above
    why: Why = meta()

    @property
    def done(self) -> tuple[str, ...]:
        return self.check

    def describe(self) -> str:
        return f"betrayal: learns the role of the player {' / '.join(self.done)}"


# the kinds whose activity has an object whose role a report may give, by the stem of the
# sentence's word: (slot, object, the slot's action was done to it tonight)
_OBJECTS = (("eras", erase.erasures),)

# the kinds that lend a member abilities, by the stem of the list's word for them
_LENDERS = (("cover", cover.lent), ("disguis", disguise.lent))


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


def _hidden(b: NightBuilder, holder: Role, p: str, ability: Ability) -> Expr:
    """`ability`, not p's role's, is p's tonight some way a line of the holder's list
    leaves out."""
    parts = []
    for t in _traits(holder, BetrayalHidden):
        said = label(b.sc.switch(t.why), t.why)
        for way in t.ways:
            for stem, lent in _LENDERS:
                if canon(way).startswith(stem):
                    parts.append(conj(said, lent(b, p, ability)))
    return any_of(parts)


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
                hidden: Expr = FALSE
                if ab not in r.abilities:  # lent to him (a role p may hold has it: its own)
                    if any(ab in o.abilities and b.sc.role_is(p, o) != FALSE for o in b.rs.roles):
                        continue
                    hidden = _hidden(b, holder, p, ab)
                named = _name(holder, ab, inquiry.keyword(b.rs, ab))
                if named is not None:
                    said = label(b.sc.switch(named[1]), named[1])
                    x = conj(c, mine, b.ok(i), said, neg(hidden))
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


def _identities(
    b: NightBuilder, outcome: Outcome, role: Role, text: str, drawn: Expr
) -> list[tuple[str, Expr, Why]]:
    """(role name, when, sentence): the role of the object of the activity `text` ("Pisco:
    Erase"), drawn when `drawn`, where a sentence says the holder learns it."""
    doer, _, act = text.partition(": ")
    out = []
    for t in _traits(role, BetrayalIdentity):
        said = label(b.sc.switch(t.why), t.why)
        for done in t.done:
            if not _stem(done).startswith(_stem(act)):
                continue
            for stem, objects in _OBJECTS:
                if not canon(done).startswith(stem):
                    continue
                for j, q, y in objects(b, outcome):
                    by = any_of(b.sc.role_is(b.actor(j), r) for r in b.rs.roles if r.name == doer)
                    for r in b.rs.roles:
                        x = conj(drawn, said, by, y, b.sc.role_is(q, r))
                        if x != FALSE:
                            out.append((r.name, x, t.why))
    return out


def texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """Each holder learns the activity drawn (one draw a holder and night), and the role
    of its object where a sentence says so."""
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
                    for told, y, w in _identities(b, outcome, role, name, conj(gate, x)):
                        out.append(TextSource(q, y, told, why=w))
    return out


KIND = Kind(
    "betrayal",
    (Betrayal, BetrayalReport, BetrayalHidden, BetrayalIdentity, BetrayalBlocked),
    phase_texts=texts,
)
