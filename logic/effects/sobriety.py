"""Owns a drunk role: its results drawn at random while it is drunk, and what sobers it,
read from the GM's sentences (DCTP's Kogorou: "Always begins the game drunk.", "If Kogorou
is drunk, he'll get a random result.", "The player becomes sober the phase after Eri, Ran,
Conan, or Shinichi dies.", ...), with the lasting state of who has sobered. Its phrases are
grammar/clause/sobriety.lark, read by logic/lang/kinds/sobriety.py (words in
grammar/lexicon/sobriety.toml). No other file names it.

Vocabulary (each a trait of the holder's role, set by its own sentence; unsaid, the engine
does not do it):
  Drunk     `onset` "Always begins the game drunk.": the holder is drunk from the start,
            until a sentence below sobers him; `random` "If Kogorou is drunk, he'll get a
            random result.": while drunk, his interrogation's result is drawn at random
            among its results (`random`, not `ambiguous`), whatever the target's card and
            any slander
  SoberOn   what sobers him (`when`):
    death     "The player becomes sober the phase after Eri, Ran, Conan, or Shinichi dies.":
              a holder of one of `roles` dies: sober from the next phase
    injury    "If Ran is injured due to successfully protecting someone at night, Kogorou
              becomes sober.": a holder of `roles` injured by a save of her own that
              succeeded at night (logic/effects/heal.py; not a first aid's injury): sober
              from the next phase (a reading: "becomes sober" names no phase, S1)
    fraction  "Becomes sober after 1/4th the total townies have died, meaning his
              interrogation the night of the dividing death will be an accurate one.": a
              quarter (`share`) of the players of `per` (a faction; None: of all players,
              the change log's "Kogorou becomes sober after 1/4th of the total players
              die.") are dead: sober that phase already. Where both sentences stand and
              they part, which holds is left open (the host's: D11)
    stolen    "Becomes sober when his alcohol has been stolen.": `item` is stolen from him
              (logic/effects/items.py): sober from the next phase (a reading, S1)
    erased    "If Eri, Ran, Conan, or Shinichi get erased, Kogorou will not get sober and
              will stay drunk.": a death of a holder of `roles` whose body is erased
              (logic/effects/erase.py) does not sober him (the `death` cause's exception)
  Undisguised  "Those disguised do not count." (said after the death sentence; read of
            every role and cause his sentences name, a reading: the sentence alone names
            none), "A disguised Ran is not applicable to the sobering effect." (`roles`, any
            cause), his note's "(discounting disguised roles)" (the death it is said in,
            `when`): a player who wears one of
            the roles (a disguise, logic/effects/disguise.py, asked through `Kind.wears` and
            `day_wears`) does not sober him by dying or by an injury saving someone; only a
            player who holds it does. Unsaid, the source is silent: whether a disguised
            player's death (or injury) counts as the role's he wears is the host's open
            choice (`ambiguous` where it matters)

The state a phase leaves (`SOBER`): the holders who have sobered (the atom `X sobers`, in
the phase whose event sobers him from the next; a quarter's death sobers him in its own
phase, and the atom says so too). A player sober stays sober.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import erase, heal, items
from logic.effects.base import Kind, Lasting, Outcome
from logic.effects.interrogate import Interrogate
from logic.model.expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    add,
    any_of,
    conj,
    disj,
    eq,
    ite,
    label,
    le,
    neg,
)
from logic.model.phase import Atom, ChainEnd, PhaseEnd, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

SOBERS = "sobers"


@dataclass(frozen=True)
class Drunk:
    why: Why = meta()
    onset: Why | None = None
    random: Why | None = None

    def describe(self) -> str:
        said = ["drunk when the game begins"] if self.onset else []
        said += ["a random result while drunk"] if self.random else []
        return "drunk: " + "; ".join(said)


@dataclass(frozen=True)
class SoberOn:
    # (`when` and `per` keep two sentences apart where the assembler merges a role's
    # traits of one kind: logic/lang/assemble/prose.py's _same_trait)
    when: str  # the cause: "death", "injury", "fraction", "stolen"
    why: Why = meta()
    roles: tuple[str, ...] = ()
    per: str | None = None  # a fraction's group (a faction, or the word that begins it)
    share: tuple[int, int] = (1, 4)
    item: str | None = None

    def describe(self) -> str:
        match self.when:
            case "death":
                return f"sober the phase after {' or '.join(self.roles)} dies"
            case "injury":
                return f"sober once {' or '.join(self.roles)} is injured saving someone at night"
            case "fraction":
                whom = self.per or "all players"
                return f"sober once {self.share[0]}/{self.share[1]} of {whom} have died"
            case "erased":
                return f"not sober when {' or '.join(self.roles)} is erased"
        return f"sober once his {self.item} is stolen"


@dataclass(frozen=True)
class Undisguised:
    # the roles whose wearers do not count (empty: every role his sentences name); `check`,
    # as a card's lines, so that each sentence is a trait of its own (prose.py's _same_trait)
    check: tuple[str, ...]
    why: Why = meta()
    when: str | None = None  # the cause it speaks of ("death"); None: any that names roles

    @property
    def roles(self) -> tuple[str, ...]:
        return self.check

    def describe(self) -> str:
        whom = " or ".join(self.roles) if self.roles else "the roles named"
        how = {"death": " dying", "injury": " injured"}.get(self.when or "", "")
        return f"not sober by a player who wears {whom}{how} (only by one who holds it)"


def _traits(rs: Any, kind: type) -> list[tuple[Any, Any]]:
    return [(r, t) for r in rs.roles for t in r.traits if isinstance(t, kind)]


def _said(b: Any, why: Why | None) -> Expr:
    """The sentence is in force (a night's or a day's builder)."""
    return FALSE if why is None else label(b.sc.switch(why), why)


def _holders(b: Any, p: str, kind: type) -> list[tuple[Expr, Any]]:
    """(p holds the role, the trait) for each role of a `kind` trait (a night's or a day's)."""
    return [(x, t) for r, t in _traits(b.rs, kind) if (x := b.sc.role_is(p, r)) != FALSE]


def _sober_before(b: Any, p: str) -> Expr:
    got: dict[str, Expr] = b.before(SOBER)
    return got.get(p, FALSE)


def sober(b: Any, p: str) -> Expr:
    """p is sober in this phase (a day's builder, or a night's before tonight's events):
    his role does not begin drunk, or something sobered him in an earlier phase."""
    begins = _begins_drunk(b, p)
    return TRUE if begins == FALSE else disj(neg(begins), _sober_before(b, p))


# ----------------------------------------------------------------------------- the night


def _dead(b: NightBuilder, q: str) -> Expr:
    """q is dead by the end of tonight."""
    return disj(b.sc.dead_before(q), b.dies_tonight(q))


def _group(rs: Any, word: str | None) -> str | None:
    """The faction a sentence's word names ("townies": Town, the faction it begins with)."""
    if word is None:
        return None
    for f in rs.factions:
        if canon(word).startswith(canon(f)):
            return str(f)
    return word


def _quarter(b: NightBuilder, s: SoberOn) -> Expr:
    """`s.share` of the players of `s.per` (all, when None) are dead by tonight's end."""
    num, den = s.share
    group = _group(b.rs, s.per)

    def of(q: str) -> Expr:
        return TRUE if group is None else b.member(q, group)

    total = add(*(ite(of(q), Const(num), Const(0)) for q in b.sc.players))
    dead = add(*(ite(conj(of(q), _dead(b, q)), Const(den), Const(0)) for q in b.sc.players))
    return le(total, dead)


def _fractions(b: NightBuilder, p: str) -> Expr:
    """A quarter's death sobers p tonight: one sentence of it, or, where two say it of
    other groups, the one the host's open choice takes (D11)."""
    said = [(x, s) for x, s in _holders(b, p, SoberOn) if s.when == "fraction"]
    if not said:
        return FALSE
    if len(said) == 1:
        x, s = said[0]
        return conj(x, _said(b, s.why), _quarter(b, s))
    first = said[0][1].why
    pick = b.choice(f"sober:fraction:{first.loc.line}:{first.loc.column}", range(len(said)))
    return any_of(
        conj(x, _said(b, s.why), eq(pick, Const(k)), _quarter(b, s))
        for k, (x, s) in enumerate(said)
    )


def _begins_drunk(b: Any, p: str) -> Expr:
    """p's role begins the game drunk (a night's or a day's builder)."""
    return any_of(conj(x, _said(b, t.onset)) for x, t in _holders(b, p, Drunk))


def drunk(b: NightBuilder, p: str) -> Expr:
    """p is drunk tonight: his role begins drunk, and nothing has sobered him."""

    def make() -> Expr:
        begins = _begins_drunk(b, p)
        if begins == FALSE:
            return FALSE
        return conj(begins, neg(_sober_before(b, p)), neg(_fractions(b, p)))

    got: Expr = b.once(f"sobriety:drunk:{p}", make)
    return got


def _random(b: NightBuilder, p: str) -> Expr:
    return any_of(conj(x, _said(b, t.random)) for x, t in _holders(b, p, Drunk))


def garbles(b: NightBuilder, i: int) -> Expr:
    """Slot i's interrogation gives a random result tonight: its actor is drunk."""
    if not b.effects(i, Interrogate):
        return FALSE
    p = b.actor(i)
    return conj(drunk(b, p), _random(b, p))


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """A drunk's interrogation: one of its results, drawn at random (one draw a slot)."""
    out: list[TextSource] = []
    garbled = garbles(b, i)
    if garbled == FALSE:
        return out
    for c, e in b.effects(i, Interrogate):
        results = list(e.results)
        loc = f"{e.why.loc.line}:{e.why.loc.column}"  # (a slot of check's: several roles')
        drawn = b.choice(f"sobriety:drawn:{i}:{loc}", range(len(results)), random=True)
        for k, text in enumerate(results):
            gate = conj(c, b.ok(i), garbled, eq(drawn, Const(k)))
            out.append(TextSource(b.actor(i), label(gate, e.why), text, why=e.why))
    return out


def _unerased(b: NightBuilder, p: str, q: str, r: Any, outcome: Outcome) -> Expr:
    """q, holding r, is not erased tonight where p's line says an erased r does not sober."""
    parts = [
        conj(x, _said(b, s.why), erase.erased(b, outcome, q))
        for x, s in _holders(b, p, SoberOn)
        if s.when == "erased" and any(canon(r.name) == canon(n) for n in s.roles)
    ]
    return neg(any_of(parts))


def _undisguised(b: Any, p: str, name: str, when: str) -> Expr:
    """A sentence of p's line says a player who wears `name` does not sober him (by the
    cause `when`)."""
    return any_of(
        conj(x, _said(b, u.why))
        for x, u in _holders(b, p, Undisguised)
        if (not u.roles or any(canon(n) == canon(name) for n in u.roles)) and u.when in (None, when)
    )


def _worn_counts(b: Any, p: str, q: str, r: Any, s: SoberOn, worn: list[tuple[str, Expr]]) -> Expr:
    """q wears r (a disguise: `worn`, the kinds' `wears` or `day_wears`) and counts as its
    holder for what sobers p. Unless a sentence says those disguised do not count
    (`Undisguised`), the source is silent: whether a disguised Ran is Ran here is the host's
    open choice."""
    wearing = any_of(x for n, x in worn if canon(n) == canon(r.name))
    if wearing == FALSE:
        return FALSE
    open_ = conj(wearing, neg(_undisguised(b, p, r.name, s.when)))
    if open_ == FALSE:
        return FALSE
    loc = s.why.loc
    pick = b.choice(f"sober:worn:{p}:{q}:{loc.line}:{loc.column}", [False, True], decides=open_)
    return conj(open_, label(pick, s.why))


def _is(b: Any, p: str, q: str, r: Any, s: SoberOn, worn: list[tuple[str, Expr]]) -> Expr:
    """q holds r, or wears it and counts as its holder (`_worn_counts`)."""
    return disj(b.sc.role_is(q, r), _worn_counts(b, p, q, r, s, worn))


def _wears(b: NightBuilder, q: str) -> list[tuple[str, Expr]]:
    """(role, q wears it tonight): a disguise, as the kinds say (`Kind.wears`)."""
    return [w for k in b.kinds if k.wears for w in k.wears(b, q)]


def _day_wears(db: DayBuilder, q: str) -> list[tuple[str, Expr]]:
    """(role, q wears it today) (`Kind.day_wears`)."""
    return [w for k in db.kinds if k.day_wears for w in k.day_wears(db, q)]


def _event(b: NightBuilder, p: str, s: SoberOn, outcome: Outcome) -> Expr:
    """What `s` names happened tonight (the next phase finds him sober)."""
    if s.when not in ("death", "injury"):
        return FALSE
    named = [r for r in b.rs.roles if any(canon(r.name) == canon(n) for n in s.roles)]
    parts = []
    for q in b.sc.players:
        worn = _wears(b, q)
        for r in named:
            if s.when == "death":
                happened = conj(outcome.died.get(q, FALSE), _unerased(b, p, q, r, outcome))
            else:
                happened = heal.hurt_saving(b, q)
            parts.append(conj(_is(b, p, q, r, s, worn), happened))
    return any_of(parts)


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X sobers` tonight: drunk when the night began and an event sobered him."""
    out: dict[Atom, Expr] = {}
    for p in b.sc.players:
        begins = _begins_drunk(b, p)
        if begins == FALSE:
            continue
        events = [_fractions(b, p)]
        for x, s in _holders(b, p, SoberOn):
            said = conj(x, _said(b, s.why))
            if s.when == "stolen" and s.item is not None:
                events.append(conj(said, items.taken(b, p, s.item)))
            elif s.when in ("death", "injury"):
                events.append(conj(said, _event(b, p, s, outcome)))
        x = conj(begins, neg(_sober_before(b, p)), any_of(events))
        if x != FALSE:
            out[Atom(SOBERS, p)] = x
    return out


# ----------------------------------------------------------------------------- the day


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X sobers` by day: a named role's holder died today (a lynch, an APTX)."""
    out: dict[Atom, Expr] = {}
    for p in db.sc.players:
        begins = _begins_drunk(db, p)
        if begins == FALSE:
            continue
        events = []
        for x, s in _holders(db, p, SoberOn):
            if s.when != "death":
                continue
            named = [r for r in db.rs.roles if any(canon(r.name) == canon(n) for n in s.roles)]
            died = any_of(
                conj(_is(db, p, q, r, s, _day_wears(db, q)), outcome.died.get(q, FALSE))
                for q in db.sc.players
                for r in named
            )
            events.append(conj(x, _said(db, s.why), died))
        x = conj(begins, neg(_sober_before(db, p)), any_of(events))
        if x != FALSE:
            out[Atom(SOBERS, p)] = x
    return out


# ----------------------------------------------------------------------------- lasting state


def _step(before: tuple[str, ...], end: PhaseEnd) -> tuple[str, ...]:
    return tuple(sorted(set(before) | {a.subject for a in end.atoms if a.kind == SOBERS}))


def _chain(before: dict[str, Expr], end: ChainEnd) -> dict[str, Expr]:
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == SOBERS:
            out[a.subject] = disj(out.get(a.subject, FALSE), e)
    return out


def _view(state: tuple[str, ...], night: int) -> dict[str, Expr]:
    return {p: TRUE for p in state}


SOBER = Lasting("sober", (), _step, _chain, _view)


KIND = Kind(
    "sobriety",
    (Drunk, SoberOn, Undisguised),
    garbles=garbles,
    texts=texts,
    transition=transition,
    day_atoms=day_atoms,
    lasting=(SOBER,),
)
