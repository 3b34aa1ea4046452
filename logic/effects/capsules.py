"""Owns the APTX capsules, read from the GM's sentences (DCTP's APTX4869 section): how many
a faction holds, whose they are, and what a poisoning by day (logic/effects/aptx.py's
`Aptx`) costs. Its phrases are grammar/game/capsules.lark, read by
logic/lang/game_kinds/capsules.py (words in grammar/lexicon/capsules.toml). No other file
names it.

Vocabulary (each node a whole-game sentence; a field None or a node absent: unsaid):
  CapCount     "1 APTX per BO with a max of 3.": the faction holds `per` capsules for each
               member dealt, at most `most`; a member's poisoning takes place only when a
               capsule is left (the others fail). Unsaid, there is no count: a poisoning
               needs no capsule (the engine before this kind).
  CapShared    "The whole BO get capsules with APTX4869 each game.": the capsules are the
               faction's: any member uses any left. Unsaid, each member's own are his
               (`per` each: one who lost his may not use another's), within the count.
  CapKept      "Succseful APTX: The target was that role (success).The BO will keep the
               ATPX.": a poisoning that named its target's role keeps its capsule.
  CapLost      "Failed APTX: The APTX will be used up and the BO will lose it.": one that
               named another role loses it.
  CapConfiscated "In this case, the APTX is confiscated!" (after "Arresting the BO member
               who does the poisoning WILL hinder the poisoning."): a poisoning stopped by
               an arrest of the poisoner that day loses its capsule.
  CapShieldLost "If the use of an APTX is hindered due to the target possessing a charm,
               the APTX is considered lost.": a poisoning that named its target's role and
               that the shield `shield` names (an ability whose effect is aptx.py's
               `Charm`) stopped loses its capsule. Said beside `CapKept`, which keeps the
               capsule of every poisoning that named the target's role, the two sentences
               clash on such a poisoning: whether it is lost is the host's open choice
               (`ambiguous` where it matters; the source does not say which wins, R124).

  CapHanded    "If APTX is confiscated in an arrest, the APTX will be randomly given to
               Haibara, Satou, or Okiya if they are in the game.": each capsule confiscated
               goes to one player holding one of `roles`, alive and free that day, drawn
               at random (the atom `X is given an APTX`); none holding them, it is out of
               play ("If none of these roles are in the game, the APTX is out of play.":
               what the engine does, not read)
  CapHolder    "These players may then use the APTX, subject to the same rules as above,
               starting the next Day phase.": from the day after, the player given one
               holds the faction's day ability (`Kind.lends`: `X uses poison on A`), one
               poisoning for each capsule given him and not lost, lost and kept as the
               faction's

Readings (R90-R94 in casebook/dctp-mini-mafia.rules): unsaid, whether a success keeps or a
failure loses its capsule is the host's open choice (`ambiguous` where it matters); a
poisoning that did not take place for another reason (the target in custody, the poisoner
frightened) uses none; a success is the source's: the target holds the role named, a charm
that stops it notwithstanding (unless `CapShieldLost` is said too: then the host's open
choice); when more members poison in a day than capsules are left,
which of them go is the host's open choice (the source's "higher-ranked BO members ...
take priority" ranks no member: its Hierarchy names only the leader).

The state a day leaves (`CAPSULES`): each capsule lost, as (the player, the day), and each
given, as (the player, the day, the slot it was taken from); a day's atoms `X loses an
APTX` and `X is given an APTX` say them. Not modelled: Sherry's two by night, the notices.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import aptx, dayarrest
from logic.effects.base import Kind, Lasting, Outcome, first_drawn
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, at_least, conj, disj, eq, label, neg
from logic.model.ir import Ability, Frequency
from logic.model.phase import Atom, ChainEnd, PhaseEnd
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder

LOSES = "loses"
GIVEN = "is given"
CAPSULE = "an APTX"

Spent = dict[tuple[str, int], Expr]  # (the member, the day) -> he lost a capsule that day


@dataclass(frozen=True)
class CapCount:
    per: int
    faction: str
    most: int | None = None
    why: Why = meta()

    def describe(self) -> str:
        most = f", at most {self.most}" if self.most is not None else ""
        return f"capsules: {self.per} for each member of {self.faction}{most}"


@dataclass(frozen=True)
class CapShared:
    faction: str
    why: Why = meta()

    def describe(self) -> str:
        return f"the capsules are {self.faction}'s: any member uses any left"


@dataclass(frozen=True)
class CapKept:
    why: Why = meta()

    def describe(self) -> str:
        return "a poisoning that named its target's role keeps its capsule"


@dataclass(frozen=True)
class CapLost:
    why: Why = meta()

    def describe(self) -> str:
        return "a poisoning that named another role loses its capsule"


@dataclass(frozen=True)
class CapConfiscated:
    why: Why = meta()

    def describe(self) -> str:
        return "a poisoning stopped by the poisoner's arrest loses its capsule"


@dataclass(frozen=True)
class CapShieldLost:
    shield: str  # the word the sentence names the shield by ("charm")
    why: Why = meta()

    def describe(self) -> str:
        return f"a poisoning the target's {self.shield} stops loses its capsule"


@dataclass(frozen=True)
class CapHanded:
    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"a capsule confiscated is given to one of {', '.join(self.roles)}, drawn"


@dataclass(frozen=True)
class CapHolder:
    why: Why = meta()

    def describe(self) -> str:
        return "a player given a capsule poisons with it from the next day, as the faction"


def _said(rs: Any, kind: type) -> list[Any]:
    return [x for x in rs.healing if isinstance(x, kind)]


def _owner(db: DayBuilder, name: str) -> str | None:
    """The faction a sentence names: by name, or by its name's initials ("BO")."""
    return aptx.AptxGrant(name, "").owner(db.rs.factions)


def _member(db: DayBuilder, p: str, owner: str) -> Expr:
    return any_of(db.role_is(p, r) for r in db.roles if canon(r.faction) == canon(owner))


def _below(db: DayBuilder, rule: CapCount, owner: str, used: list[Expr]) -> Expr:
    """Fewer capsules are used (`used`) than the faction holds: `per` for each member
    dealt, at most `most`."""
    members = [_member(db, p, owner) for p in db.players]
    top = rule.per * len(members)
    if rule.most is not None:
        top = min(top, rule.most)
    out = []
    for k in range(1, top + 1):
        holds = at_least(-(-k // rule.per), members)  # the faction holds k or more
        out.append(conj(holds, neg(at_least(k, used))))
    return any_of(out)


def _sent(db: DayBuilder, i: int) -> Expr:
    """Day slot i is a poisoning sent (whether it then takes place or not)."""
    mine = any_of(c for c, _ in db.effects(i, aptx.Aptx))
    return FALSE if mine == FALSE else conj(db.sc.taken(i), mine)


def _slots(db: DayBuilder, owner: str) -> list[tuple[int, Expr]]:
    """(day slot, a member sent a poisoning in it)."""
    out = []
    for i in range(db.n):
        sent = conj(_sent(db, i), _member(db, db.actor(i), owner))
        if sent != FALSE:
            out.append((i, sent))
    return out


def _first_from(db: DayBuilder, name: str, holds: list[Expr], decides: Expr) -> list[Expr]:
    """Of the candidates in slot order, the one the host's choice `name` picks: the first
    whose `holds` holds from the place chosen on, going round (every value picks one that
    holds when any does, and each that holds may be picked). The i-th expression:
    candidate i is picked."""
    m = len(holds)
    if m == 1:
        return holds
    start = db.choice(name, range(m), decides=decides)
    return [
        conj(
            holds[t],
            any_of(
                conj(eq(start, Const(s)), *(neg(holds[(s + j) % m]) for j in range((t - s) % m)))
                for s in range(m)
            ),
        )
        for t in range(m)
    ]


def _loaded(db: DayBuilder) -> dict[int, Expr]:
    """Day slot i's poisoning has a capsule. The capsules left today (those the faction
    holds less those lost before) go one by one to the poisonings sent (by a member who,
    the capsules each member's own, has lost fewer than his); when more are sent than are
    left, which go is the host's open choice (R92): the k-th capsule goes to the first
    poisoning without one from a place the host picks."""

    def make() -> dict[int, Expr]:
        rules = _said(db.rs, CapCount)
        if not rules:
            return {}
        rule = rules[0]
        owner = _owner(db, rule.faction)
        if owner is None:
            return {}
        said = label(db.switch(rule.why), rule.why)
        shared = [x for x in _said(db.rs, CapShared) if _owner(db, x.faction) == owner]
        shared_x = any_of(label(db.switch(x.why), x.why) for x in shared)
        before: Spent = db.before(CAPSULES)
        lost = [conj(x, _member(db, p, owner)) for (p, _), x in before.items() if x != FALSE]
        slots = _slots(db, owner)
        wants = []
        for i, sent in slots:
            mine = [x for (p, _), x in before.items() if p == db.actor(i)]
            wants.append(conj(sent, disj(shared_x, neg(at_least(rule.per, mine)))))
        over = neg(_below(db, rule, owner, lost + wants))
        got: list[Expr] = [FALSE] * len(slots)
        loc = rule.why.loc
        for k in range(len(slots)):
            left = _below(db, rule, owner, lost + [TRUE] * k)  # a (k+1)-th is left today
            if left == FALSE:
                break
            holds = [conj(w, neg(g)) for w, g in zip(wants, got, strict=True)]
            name = f"capsules:{loc.line}:{loc.column}:order:{k}"
            to = _first_from(db, name, holds, over)
            got = [disj(g, conj(left, x)) for g, x in zip(got, to, strict=True)]
        out: dict[int, Expr] = _holders(db, before)
        for (i, _), g in zip(slots, got, strict=True):
            out[i] = conj(said, g)
        return out

    got: dict[int, Expr] = db.once("capsules:loaded", make)
    return got


def _given(db: DayBuilder) -> dict[tuple[str, int, str], Expr]:
    got: dict[tuple[str, int, str], Expr] = db.before(GIVEN_STATE)
    return got


def _holders(db: DayBuilder, lost: Spent) -> dict[int, Expr]:
    """Day slot i's poisoning by a player given capsules (no member): he has been given
    more than he has lost."""
    holder = _said(db.rs, CapHolder)
    if not holder:
        return {}
    said = label(db.switch(holder[0].why), holder[0].why)
    given = _given(db)
    out: dict[int, Expr] = {}
    for i in range(db.n):
        p = db.actor(i)
        mine = [x for (q, _, _), x in given.items() if q == p]
        if not mine or _sent(db, i) == FALSE:
            continue
        gone = [x for (q, _), x in lost.items() if q == p]
        more = any_of(
            conj(at_least(k, mine), neg(at_least(k, gone))) for k in range(1, len(mine) + 1)
        )
        out[i] = conj(said, more)
    return out


def lends(
    rs: Any,
    history: Any,
    held: Mapping[str, str],
    p: str,
    phase: tuple[str, int],
    decided: str | None,
) -> list[Any]:
    """The faction's day ability, from the day after a capsule was given to p."""
    del held, decided
    holder = _said(rs, CapHolder)
    if not holder or phase[0] != "day":
        return []
    if not any(q == p and day < phase[1] for q, day, _ in history.state(GIVEN_STATE.name)):
        return []
    grants = [x for x in rs.healing if isinstance(x, aptx.AptxGrant)]
    verb = grants[0].verb if grants else "poison"
    names = tuple(r.name for r in rs.roles)
    effect = aptx.Aptx(holder[0].why, names)
    return [Ability(verb, "targets", Frequency.EACH_NIGHT, (effect,), why=holder[0].why)]


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A member's poisoning with no capsule left does not take place."""
    loaded = _loaded(db)
    if i not in loaded:
        return FALSE
    rule = _said(db.rs, CapCount)[0]
    return conj(_sent(db, i), label(db.switch(rule.why), rule.why), neg(loaded[i]))


def _rule(db: DayBuilder, kind: type) -> Expr:
    return any_of(label(db.switch(x.why), x.why) for x in _said(db.rs, kind))


def _open(db: DayBuilder, what: str, i: int, where: Expr) -> Expr:
    """The host's open choice whether day slot i's capsule is lost (unsaid)."""
    loc = _said(db.rs, CapCount)[0].why.loc  # (named by the sentence that makes capsules)
    return db.choice(f"capsules:{loc.line}:{loc.column}:{what}:{i}", [False, True], decides=where)


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X loses an APTX`: his poisoning named another role (lost), named the target's
    role (kept, unless unsaid: open), or was stopped by his arrest (confiscated)."""
    del outcome
    loaded = _loaded(db)
    out: dict[Atom, Expr] = {}
    kept, lost, taken = _rule(db, CapKept), _rule(db, CapLost), _rule(db, CapConfiscated)
    for i, has in loaded.items():
        p = db.actor(i)
        took, right = aptx.named_right(db, i)
        failed = conj(took, neg(right))
        ways = [
            conj(right, neg(kept), _open(db, "kept", i, right) if kept == FALSE else FALSE),
            conj(failed, lost if lost != FALSE else _open(db, "lost", i, failed)),
        ]
        ways.append(_shield_lost(db, i, kept))
        if taken != FALSE:
            confiscated = conj(_sent(db, i), has, taken, dayarrest.arrested_today(db, p))
            ways.append(confiscated)
            _hand_on(db, i, confiscated, out)
        x = any_of(ways)
        if x != FALSE:
            key = Atom(LOSES, p, CAPSULE)
            out[key] = disj(out.get(key, FALSE), x)
    return out


def _shields(rs: Any, word: str) -> bool:
    """Some ability named `word` ("charm": "Charm", "Health Charm") gives aptx.py's Charm."""
    return any(
        canon(word) in canon(a.name).split() and any(isinstance(e, aptx.Charm) for e in a.effects)
        for r in rs.roles
        for a in r.abilities
    )


def _shield_lost(db: DayBuilder, i: int, kept: Expr) -> Expr:
    """Day slot i's capsule is lost to a charm that stopped it (`CapShieldLost`); where
    `CapKept` keeps it too, the host's open choice (the two sentences clash)."""
    out = []
    for rule in _said(db.rs, CapShieldLost):
        if not _shields(db.rs, rule.shield):
            continue
        stopped = conj(aptx.charm_stopped(db, i), label(db.switch(rule.why), rule.why))
        if stopped == FALSE:
            continue
        loc = rule.why.loc
        clash = conj(stopped, kept)
        name = f"capsules:{loc.line}:{loc.column}:shield:{i}"
        lost = FALSE if clash == FALSE else db.choice(name, [False, True], decides=clash)
        out.append(conj(stopped, disj(neg(kept), lost)))
    return any_of(out)


def _hand_on(db: DayBuilder, i: int, confiscated: Expr, out: dict[Atom, Expr]) -> None:
    """`X is given an APTX`: the capsule day slot i's poisoning lost to an arrest goes to
    one player holding a role the sentence names, alive and free today, drawn at random."""
    for rule in _said(db.rs, CapHanded):
        roles = [r for name in rule.roles if (r := db.rs.role(name)) is not None]
        cands = [q for q in db.players if any(db.role_is(q, r) != FALSE for r in roles)]
        holds = [conj(any_of(db.role_is(q, r) for r in roles), db.alive(q)) for q in cands]
        loc = rule.why.loc
        said = label(db.switch(rule.why), rule.why)
        drawn = first_drawn(db, f"capsules:{loc.line}:{loc.column}:given:{i}", holds)
        for q, x in zip(cands, drawn, strict=True):
            key = Atom(GIVEN, q, f"{CAPSULE} of {db.actor(i)}")
            out[key] = disj(out.get(key, FALSE), conj(confiscated, said, x))


# ----------------------------------------------------------------------------- lasting state


def _step(before: tuple[tuple[str, int], ...], end: PhaseEnd) -> tuple[tuple[str, int], ...]:
    got = {(a.subject, end.number) for a in end.atoms if a.kind == LOSES and a.obj == CAPSULE}
    return tuple(sorted(set(before) | got))


def _chain(before: Spent, end: ChainEnd) -> Spent:
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == LOSES and a.obj == CAPSULE:
            key = (a.subject, end.number)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[tuple[str, int], ...], night: int) -> Spent:
    del night
    return {key: TRUE for key in state}


CAPSULES = Lasting("capsules", (), _step, _chain, _view)

Given = dict[tuple[str, int, str], Expr]  # (the player, the day, whose capsule) -> given


def _given_step(before: tuple[Any, ...], end: PhaseEnd) -> tuple[Any, ...]:
    got = {(a.subject, end.number, a.obj) for a in end.atoms if a.kind == GIVEN}
    return tuple(sorted(set(before) | got))


def _given_chain(before: Given, end: ChainEnd) -> Given:
    out = dict(before)
    for a, e in end.atoms:
        if a.kind == GIVEN:
            key = (a.subject, end.number, a.obj)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _given_view(state: tuple[Any, ...], night: int) -> Given:
    del night
    return {key: TRUE for key in state}


GIVEN_STATE = Lasting("capsules given", (), _given_step, _given_chain, _given_view)


KIND = Kind(
    "capsules",
    (CapCount, CapShared, CapKept, CapLost, CapConfiscated, CapShieldLost, CapHanded, CapHolder),
    lends=lends,
    day_stops=day_stops,
    day_atoms=day_atoms,
    lasting=(CAPSULES, GIVEN_STATE),
)
