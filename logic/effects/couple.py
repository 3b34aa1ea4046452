"""Owns pairs of players joined by a status, made by an ability and read from the GM's
sentences (DCTP's Lovers: Yumi's Amor in the prep phase, "Chooses four players, two of
which will become lovers."), and what a pair does: the other's death when one dies. Its
phrases are grammar/clause/couple.lark (the ability) and grammar/game/couple.lark (the
whole game's sentences), read by logic/lang/kinds/couple.py and
logic/lang/game_kinds/couple.py (words in grammar/lexicon/couple.toml). No other file
names it.

Vocabulary:
  Pair        an effect: of the ability's targets, two (which two: the host's choice,
              named by the sentence; the source does not say, P1) become a pair of
              `status` ("lovers") when the ability takes place
  PairDeath   the whole game's: "When one lover dies, the other commits suicide that same
              phase.": when one of a pair of `status` dies, the other dies in the same
              phase (at the same tier of a night), whatever killed the first; or said
              after the ability that makes the pair ("If one dies, the other dies
              too.": a Cupid's), of that ability's pairs
  Befriend    an effect: the user and one of the targets he listed, drawn at random,
              become a pair of friends (the user first: Sonoko's Friendship)
  FriendTold  a trait: the befriender learns who killed the friend at night (see it)
  PairFirst   the whole game's: a friend made in a phase is not one of a pair made that
              phase by the role the sentence puts after (see it)
  PairApart   the whole game's: who may not be of a pair of a status: the players of
              another status's pair ("Friends may not also be lovers."), of a role, a
              faction or a status's group of roles ("Detective Boys, Lovers, and Black Org
              members apart from Vermouth cannot be befriended."): the host does not pick
              them for a pair; a befriender's draw falls on another player of his list
              (a reading: if none is left, he befriends no one)
  PairKnows   the whole game's: the two of a new pair learn who the other is
  Borrows     the whole game's "Sonoko can use the same abilities as her friend, so long
              as her friend is still alive.": a befriender holding `role` holds his
              friend's role's abilities too (a case's lines may use them), from the phase
              after the pair is made, while the friend is alive when `alive` is said
  BorrowsNot  the whole game's "If Sonoko befriends Kid or Vermouth, she will not be able
              to kill or steal.": of a friend holding one of `roles`, the abilities named
              (`names`, by the ability's name) are not lent
  PairUnsaved "No amount of healing or protecting may prevent the death of a suicidal
              lover.": no save stops that death. Unsaid, a save that lands on the other
              that night stops it (the engine does not make a death no one can stop
              unless a sentence says so); by day no save is read

The state a phase leaves (`PAIRS`): the pairs made so far, (status, p, q) with p before
q; a pair is never undone. A pair made in a phase is the atom `p is STATUS with q` of
that phase.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from itertools import combinations
from typing import TYPE_CHECKING, Any

from logic.effects import attack, heal
from logic.effects.base import Death, Kind, Lasting, Outcome
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.phase import Atom, ChainEnd, PhaseEnd, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

Pairs = dict[tuple[str, str, str], Expr]  # (status, p, q) -> the pair holds


@dataclass(frozen=True)
class Pair:
    status: str  # "lovers", as the sentence names it
    why: Why = meta()
    size: int = 2  # how many of the targets the pair takes ("two of which")

    def describe(self) -> str:
        return f"pair: two of the targets become {self.status} (which two: not said)"


@dataclass(frozen=True)
class Befriend:
    status: str = "friends"
    why: Why = meta()

    def describe(self) -> str:
        return "befriend: the user and one of the targets, drawn at random, become friends"


@dataclass(frozen=True)
class FriendTold:
    """What the befriender learns when the friend is killed at night: the killer's name.
    `night` "If Sonoko's friend is killed during the night (with the exception of a
    sniping), ..." (its exception: `not_sniped`, said in it); `by` "When Sonoko's friend
    dies as a result of being killed by the Black Org, ..." (a kill of that faction's
    members); `not_sniped` "She will not learn the identity if her friend happens to be
    sniped or poisoned." """

    why: Why = meta()
    night: Why | None = None
    by: str | None = None
    by_why: Why | None = None
    not_sniped: Why | None = None

    def describe(self) -> str:
        return "told who killed the friend at night" + (", not a sniper" if self.not_sniped else "")


@dataclass(frozen=True)
class PairFirst:
    """The whole game's "During Prep phase, if Sonoko's friend is also someone named by Yumi, Sonoko's ability
    takes precedent.": a player `first`'s holder befriends in a phase is not among the two
    `over`'s holder makes a pair that phase (a reading: the host picks two of the others)."""

    first: str
    over: str
    why: Why = meta()

    def describe(self) -> str:
        return f"{self.first}'s friend is not one of {self.over}'s pair"


Bar = tuple[str, str, tuple[str, ...]]  # (a group, the status it may not be, roles excepted)


@dataclass(frozen=True)
class PairApart:
    """The whole game's "Friends may not also be lovers.", "Best Friends and Detective Boys
    may not be lovers.", "... cannot be befriended.": for each bar, a player of the group
    (a pair's status, made before or in this phase, a befriender too; a role, a faction or
    a status's group of roles, less the roles excepted: "apart from Vermouth") is not one
    of a pair of the bar's status."""

    bars: tuple[Bar, ...]
    why: Why = meta()

    def describe(self) -> str:
        return "; ".join(
            f"{g}{' but ' + ', '.join(x) if x else ''} may not be {s}" for g, s, x in self.bars
        )


@dataclass(frozen=True)
class PairKnows:
    """The whole game's "Lovers know one another's actual identities.", "Friends know one another's
    identities, or just the disguise if one is disguised.": the two of a pair of `status`
    learn, the phase it is made, who the other is; with `disguise` (its clause said), the
    role the other wears instead, when he wears one (a disguise, asked through
    `Kind.wears`). `roles`: said of a befriended holder of one of these roles only ("If
    Sonoko befriends Vermouth, she will befriend the disguised role and not know that it
    is Vermouth.")."""

    status: str
    why: Why = meta()
    disguise: bool = False
    roles: tuple[str, ...] = ()

    def describe(self) -> str:
        return f"{self.status} know one another's identities"


@dataclass(frozen=True)
class PairDeath:
    status: str  # "lover", as the sentence names one of the pair ("": the ability's pair)
    why: Why = meta()

    @property
    def needs(self) -> type | None:
        """Said after an ability (no status of its own), of the pair it makes."""
        return None if self.status else Pair

    def describe(self) -> str:
        one = f"one {self.status}" if self.status else "one of the pair"
        return f"when {one} dies, the other dies that same phase"


@dataclass(frozen=True)
class PairUnsaved:
    status: str
    why: Why = meta()

    def describe(self) -> str:
        return f"no save stops the death of a {self.status} whose pair died"


@dataclass(frozen=True)
class Borrows:
    role: str  # the befriender's role ("Sonoko")
    alive: bool  # "so long as her friend is still alive"
    why: Why = meta()

    def describe(self) -> str:
        alive = ", while the friend is alive" if self.alive else ""
        return f"{self.role} holds the abilities of her friend's role{alive}"


@dataclass(frozen=True)
class BorrowsNot:
    roles: tuple[str, ...]  # the friend's roles ("Kid", "Vermouth")
    names: tuple[str, ...]  # the abilities not lent ("kill", "steal")
    why: Why = meta()

    def describe(self) -> str:
        return f"of a friend who is {' or '.join(self.roles)}: not {', '.join(self.names)}"


def _stem(word: str) -> str:
    w = "".join(ch for ch in word.casefold() if ch.isalpha())
    return w.removesuffix("ing").removesuffix("e")


def lends(
    rs: Any,
    history: Any,
    held: Mapping[str, str],
    p: str,
    phase: tuple[str, int],
    decided: str | None,
) -> list[Any]:
    """The abilities p holds beside his role's in `phase`: his friend's role's, when a
    sentence says the befriender of his role may use them (from the phase after the
    friendship is made: the state before this phase holds it), less those a sentence says
    are not lent of the friend's role; while the friend is alive, when that is said."""
    del phase, decided
    rules = [x for x in rs.healing if isinstance(x, Borrows) and canon(x.role) == canon(held[p])]
    if not rules:
        return []
    nots = [x for x in rs.healing if isinstance(x, BorrowsNot)]
    out: list[Any] = []
    for status, a, friend in history.state(PAIRS.name):
        if a != p or not _same(status, "friends"):
            continue
        if friend in history.dead and any(r.alive for r in rules):
            continue
        role = rs.role(held[friend])
        if role is None:
            continue
        barred = {
            _stem(n)
            for x in nots
            if any(canon(r) == canon(role.name) for r in x.roles)
            for n in x.names
        }
        out.extend(a for a in role.abilities if _stem(a.name) not in barred)
    return out


def unknown_group(rs: Any) -> tuple[str, Why] | None:
    """A group a sentence bars from a pair that the ruleset does not have (no role,
    faction, status's group of roles, nor status of a pair its abilities make), if any."""
    statuses = {"friends"} | {
        e.status for r in rs.roles for a in r.abilities for e in a.effects if isinstance(e, Pair)
    }
    for rule in (x for x in rs.healing if isinstance(x, PairApart)):
        for group, _, _ in rule.bars:
            if rs.role(group) or rs.faction(group) or rs.status(group):
                continue
            if not any(_same(s, group.split()[-1]) for s in statuses):
                return group, rule.why
    return None


def _kind(status: str) -> str:
    """The atom's kind: `Ann is lovers with Bob`."""
    return f"is {canon(status)} with"


def _same(status: str, word: str) -> bool:
    """The status a sentence names ("lover") is the pair's ("lovers")."""
    a, b = canon(status), canon(word)
    return a == b or a.rstrip("s") == b.rstrip("s")


def _pair_deaths(b: Any) -> list[PairDeath]:
    """The sentences that one of a pair dies with the other: the whole game's, and those
    said after an ability that makes a pair ("If one dies, the other dies too.": of that
    ability's status)."""
    out: list[PairDeath] = _said(b, PairDeath)
    for r in b.rs.roles:
        for a in r.abilities:
            pairs = [e.status for e in a.effects if isinstance(e, Pair)]
            for e in a.effects:
                if isinstance(e, PairDeath):
                    out.extend(
                        replace(e, status=s) for s in (pairs if not e.status else [e.status])
                    )
    return out


def _said(b: Any, kind: Any) -> Any:
    """The whole game's sentences of `kind` (a class), or a sentence in force (a Why)."""
    if isinstance(kind, type):
        return [x for x in b.rs.healing if isinstance(x, kind)]
    return FALSE if kind is None else label(b.sc.switch(kind), kind)


# ----------------------------------------------------------------------------- the night


def _listed(b: NightBuilder, i: int) -> int:
    """How many players slot i names (a list's length: its targets up to the first none)."""
    n = 0
    while n < len(b.sc.players) and b.target(i, n) != Const(-1):
        n += 1
    return n


def befriended(b: NightBuilder, i: int, q: str) -> Expr:
    """Slot i's Befriend took place and its random draw of the players listed is q (a
    draw that falls on a player who may not be befriended passes to the next of the list
    who may, in its order, round to its start: each who may is drawn by some draw)."""

    def make() -> Expr:
        idx = b.sc.players.index(q)
        out = []
        for c, e in b.effects(i, Befriend):
            n = _listed(b, i)
            loc = f"{e.why.loc.line}:{e.why.loc.column}"
            drawn = b.choice(f"befriend:{i}:{loc}", range(n), random=True) if n > 1 else None
            barred = [_barred_at(b, i, k, e.status) for k in range(n)]
            for k in range(n):
                # the draw d falls on k, or on players before k (from d on, in the list's
                # order, round to its start) who may not be befriended: the next is drawn
                at = any_of(
                    conj(
                        TRUE if drawn is None else eq(drawn, Const(d)),
                        *(barred[j % n] for j in range(d, k if k >= d else k + n)),
                    )
                    for d in range(n)
                )
                hit = conj(c, b.ok(i), at, eq(b.target(i, k), Const(idx)), neg(barred[k]))
                out.append(label(hit, e.why))
        return any_of(out)

    got: Expr = b.once(f"couple:befriended:{i}:{q}", make)
    return got


def _paired(b: NightBuilder, q: str, status: str) -> Expr:
    """q is one of a pair of `status` made before tonight, or befriends or is befriended
    tonight (a Befriend's pairs are made first: the friends' precedence)."""
    before = any_of(x for p, r, x in pairs(b, status) if q in (p, r))
    if not _same("friends", status):
        return before
    tonight = [
        disj(
            befriended(b, j, q),
            any_of(befriended(b, j, r) for r in b.sc.players) if b.actor(j) == q else FALSE,
        )
        for j in range(b.n)
        if b.effects(j, Befriend)
    ]
    return disj(before, *tonight)


def _in_group(b: NightBuilder, q: str, bar: Bar, tonight: bool) -> Expr:
    """q is of the bar's group: holds its role, is of its faction or of its status's roles
    (but the roles excepted), or is of a pair of its status (made before tonight, or
    tonight too when `tonight`: a befriending, made first)."""
    group, _, excepted = bar
    if b.rs.role(group) or b.rs.faction(group) or b.rs.status(group):
        x = b.member(q, group)
    elif tonight:
        x = _paired(b, q, group.split()[-1])  # "Best Friends": a pair of friends
    else:
        x = any_of(y for p, r, y in pairs(b, group.split()[-1]) if q in (p, r))
    for name in excepted:
        role = b.rs.role(name)
        if role is not None:
            x = conj(x, neg(b.sc.role_is(q, role)))
    return x


def _excluded(b: NightBuilder, q: str, status: str, tonight: bool) -> Expr:
    """A sentence says q's group may not be of a pair of `status`."""
    parts = []
    for rule in _said(b, PairApart):
        on = label(b.sc.switch(rule.why), rule.why)
        for bar in rule.bars:
            if _same(bar[1], status):
                parts.append(conj(_in_group(b, q, bar, tonight), on))
    return any_of(parts)


def _barred_at(b: NightBuilder, i: int, k: int, status: str) -> Expr:
    """The k-th player slot i lists may not be befriended (of a pair of `status`)."""
    return any_of(
        conj(eq(b.target(i, k), Const(n)), _excluded(b, q, status, tonight=False))
        for n, q in enumerate(b.sc.players)
    )


def _barred(b: NightBuilder, i: int, q: str, status: str = "") -> Expr:
    """q may not be one of slot i's pair (of `status`) tonight: a sentence puts a friend
    made tonight by a holder of its `first` role before a pair of its `over` role's
    holder, or says q's group (another status's pairs, a role, a faction) may not be of
    this one."""
    parts = [_excluded(b, q, status, tonight=True)]
    for rule in _said(b, PairFirst):
        over = b.rs.role(rule.over)
        first = b.rs.role(rule.first)
        if over is None or first is None:
            continue
        mine = b.sc.role_is(b.actor(i), over)
        friend = any_of(
            conj(b.sc.role_is(b.actor(j), first), befriended(b, j, q))
            for j in range(b.n)
            if b.effects(j, Befriend)
        )
        parts.append(conj(mine, friend, label(b.sc.switch(rule.why), rule.why)))
    return any_of(parts)


def made(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The pairs made tonight (the phase's atoms, made once: `told` reads them too)."""
    got: dict[Atom, Expr] = b.once("couple:made", lambda: _made(b))
    return got


def _made(b: NightBuilder) -> dict[Atom, Expr]:
    """The pairs made tonight: slot i's Pair took place, and the host's choice of two of
    its targets (one variable per slot and sentence) falls on p and q (never on a player
    barred from it, `_barred`); slot i's Befriend took place and its draw fell on q."""
    out: dict[Atom, Expr] = {}
    idx = {p: k for k, p in enumerate(b.sc.players)}
    for i in range(b.n):
        for c, pair in b.effects(i, Pair):
            n = _listed(b, i)
            options = [f"{a}+{z}" for a, z in combinations(range(n), 2)]
            if not options:
                continue
            loc = f"{pair.why.loc.line}:{pair.why.loc.column}"
            pick = b.choice(f"pair:{i}:{loc}", options) if len(options) > 1 else None
            for a, z in combinations(range(n), 2):
                chosen = TRUE if pick is None else eq(pick, Const(f"{a}+{z}"))
                for p, q in combinations(b.sc.players, 2):
                    on = disj(
                        conj(eq(b.target(i, a), Const(idx[p])), eq(b.target(i, z), Const(idx[q]))),
                        conj(eq(b.target(i, a), Const(idx[q])), eq(b.target(i, z), Const(idx[p]))),
                    )
                    x = conj(c, b.ok(i), chosen, on)
                    if x == FALSE:
                        continue
                    barred = disj(_barred(b, i, p, pair.status), _barred(b, i, q, pair.status))
                    if barred != FALSE:  # the host does not choose a barred player
                        b.equations.append((neg(conj(x, barred)), pair.why))
                    key = Atom(_kind(pair.status), p, q)
                    out[key] = disj(out.get(key, FALSE), label(conj(x, neg(barred)), pair.why))
        for _c, e in b.effects(i, Befriend):
            for q in b.sc.players:
                x = befriended(b, i, q)
                if x != FALSE:
                    key = Atom(_kind(e.status), b.actor(i), q)
                    out[key] = disj(out.get(key, FALSE), x)
    return out


def _known(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """The two of a pair made tonight learn who the other is ("Bob is Heiji"), when a
    sentence says the pair's players know one another."""
    out: list[TextSource] = []
    for rule in _said(b, PairKnows):
        said = label(b.sc.switch(rule.why), rule.why)
        for atom, x in made(b, outcome).items():
            if not _is_pair(atom.kind) or not _same(atom.kind[3:-5], rule.status):
                continue
            for me, other in ((atom.subject, atom.obj), (atom.obj, atom.subject)):
                if not b.reads(me):
                    continue
                worn = _worn(b, other) if rule.disguise else []
                held = any_of(b.sc.role_is(other, r) for r in map(b.rs.role, rule.roles) if r)
                dressed = any_of(w for _, w in worn)
                for r in b.rs.roles:
                    gate = conj(x, said, b.sc.role_is(other, r))
                    if rule.roles:
                        gate = conj(gate, held)
                    gate = conj(gate, neg(dressed))
                    if gate != FALSE:
                        out.append(TextSource(me, gate, f"{other} is {r.name}", why=rule.why))
                for name, w in worn:
                    gate = conj(x, said, w, held if rule.roles else TRUE)
                    if gate != FALSE:
                        out.append(TextSource(me, gate, f"{other} is {name}", why=rule.why))
    return out


def _worn(b: NightBuilder, q: str) -> list[tuple[str, Expr]]:
    """(role, q wears it) for each role q may wear tonight (a disguise: `Kind.wears`)."""
    return [x for k in b.kinds if k.wears for x in k.wears(b, q)]


def told(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """A befriender whose friend (made before tonight) is killed tonight learns who killed
    him, as the sentences of the befriender's role say (a kill of the group named; not a
    snipe, when `not_sniped` is said); the two of a pair made tonight, who the other is."""
    out: list[TextSource] = _known(b, outcome)
    for r in b.rs.roles:
        for t in (x for x in r.traits if isinstance(x, FriendTold)):
            for s, f, x in pairs(b, "friends"):
                if not b.reads(s):
                    continue
                for i, victim, hit, _ in attack.attacks(b):
                    if victim != f:
                        continue
                    killed = conj(x, b.sc.role_is(s, r), hit, outcome.died.get(f, FALSE))
                    sniped = conj(heal.is_snipe(b, i), _said(b, t.not_sniped))
                    for why, group in ((t.night, None), (t.by_why, t.by)):
                        if why is None:
                            continue
                        by = (
                            TRUE
                            if group is None
                            else any_of(
                                c for c, g in b.sc.nightkill_of(i) if canon(g) == canon(group)
                            )
                        )
                        gate = conj(killed, _said(b, why), by, neg(sniped))
                        if gate != FALSE:
                            out.append(TextSource(s, gate, b.actor(i), why=why))
    return out


def pairs(b: Any, status: str) -> list[tuple[str, str, Expr]]:
    """(p, q, the pair holds) for each pair of `status` made before this phase (p first
    as the atom said it: a friendship's befriender)."""
    before: Pairs = b.before(PAIRS)
    return [(p, q, x) for (s, p, q), x in before.items() if _same(s, status) and x != FALSE]


def echoes(b: NightBuilder, deaths: Sequence[Death]) -> list[Death]:
    """One of a pair dies tonight: the other dies at the same tier (unless a save lands on
    him, when no sentence says none stops it)."""
    out: list[Death] = []
    for rule in _pair_deaths(b):
        said = label(b.sc.switch(rule.why), rule.why)
        unsaid = [u for u in _said(b, PairUnsaved) if _same(u.status, rule.status)]
        for p, q, x in pairs(b, rule.status):
            for a, other in ((p, q), (q, p)):
                for victim, tier, cond in deaths:
                    if victim != a:
                        continue
                    stop: Expr = attack.protected(b, other)
                    for u in unsaid:
                        stop = conj(stop, neg(label(b.sc.switch(u.why), u.why)))
                    alive = b.sc.alive_now(other)
                    why = conj(x, said, cond, alive, neg(stop))
                    if why != FALSE:
                        out.append((other, tier, why))
    return out


# ----------------------------------------------------------------------------- the day


def day_echoes(db: DayBuilder, atoms: dict[Atom, Expr]) -> dict[Atom, Expr]:
    """One of a pair dies by day (lynched, poisoned): the other dies with him."""
    out = dict(atoms)
    for rule in _pair_deaths(db):
        said = label(db.switch(rule.why), rule.why)
        for p, q, x in pairs(db, rule.status):
            for a, other in ((p, q), (q, p)):
                died = atoms.get(Atom("dies", a), FALSE)
                if died == FALSE:
                    continue
                extra = conj(x, said, died, db.alive(other))
                out[Atom("dies", other)] = disj(out.get(Atom("dies", other), FALSE), extra)
    return out


# ----------------------------------------------------------------------------- lasting state


def _step(before: tuple[tuple[str, str, str], ...], end: PhaseEnd) -> tuple[Any, ...]:
    made = {(a.kind[3:-5], a.subject, a.obj) for a in end.atoms if _is_pair(a.kind)}
    return tuple(sorted(set(before) | made))


def _is_pair(kind: str) -> bool:
    return kind.startswith("is ") and kind.endswith(" with")


def _chain(before: Pairs, end: ChainEnd) -> Pairs:
    out = dict(before)
    for a, e in end.atoms:
        if _is_pair(a.kind):
            key = (a.kind[3:-5], a.subject, a.obj)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[tuple[str, str, str], ...], night: int) -> Pairs:
    return {key: TRUE for key in state}


PAIRS = Lasting("pairs", (), _step, _chain, _view)


KIND = Kind(
    "couple",
    (
        Pair,
        Befriend,
        FriendTold,
        PairFirst,
        PairApart,
        PairKnows,
        PairDeath,
        PairUnsaved,
        Borrows,
        BorrowsNot,
    ),
    lends=lends,
    transition=made,
    phase_texts=told,
    echoes=echoes,
    day_echoes=day_echoes,
    lasting=(PAIRS,),
)
