"""Owns the Demon's kill and its passing on: who may not be killed by a group's kill
("You are safe from the Demon.", "they are safe from the Demon tonight"), a death moved
to another player ("If you die at night, another player might die instead."), and a
character that passes to another player when its holder dies ("If you kill yourself this
way, a Minion becomes the Imp.", "If there are 5 or more players alive & the Demon dies,
you become the Demon.").

Vocabulary:
  Dies        an effect: the target dies ("choose a player: they die"): an attack of the
              holder's group (a kill stopped by `SafeFrom` of that group)
  SafeFrom    the target (an effect) or the holder (a trait) is not killed by the kills
              of `group` (`tonight`: this night only; `once`, a trait: until the first
              night the group attacks the holder, who survives that night: "You survive
              the first attack by the werewolves.", used up then: the mark `SPENT`)
  DiesInstead a trait: when the holder would die at night, another player might die in
              their place (the storyteller's choice)
  Succession  a trait or effect: when `trigger` happens, `heir` (a player of that group,
              or the holder itself when None) becomes `becomes` (a role or a group);
              `self_kill`: the trigger is the holder killing itself with this ability;
              `min_alive`: only while at least that many players are alive; a
              group's death is also that of a player who might register as the
              group (registration: the storyteller's choice at each death)

Every holder of a working kill uses it (two Demons kill on one night: an Imp and a
Scarlet Woman who caught a death by day), in the night's order or, at the table, in an
order of the storyteller's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from itertools import permutations, product
from typing import TYPE_CHECKING

from logic.effects import attack
from logic.effects.base import Death, Kind, Outcome, Table
from logic.effects.identity import becomes
from logic.effects.knowing import looks
from logic.effects.malfunction import impaired_today, impaired_tonight
from logic.effects.registration import may_be_type, must_be_type, same
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, eq, ite, label, lt, neg
from logic.model.expr import add as add_
from logic.model.ir import Chooser, Role, canon
from logic.model.phase import Atom
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder
    from logic.model.table import Event, Play, State


@dataclass(frozen=True)
class Dies:
    why: Why = meta()

    def describe(self) -> str:
        return "kill: the target dies, unless safe from the holder's kind"


@dataclass(frozen=True)
class SafeFrom:
    group: str
    tonight: bool = False
    why: Why = meta()
    once: bool = False

    def describe(self) -> str:
        if self.once:
            return (
                f"safety: the first night attacked by the {self.group}, not killed by them (once)"
            )
        when = " tonight" if self.tonight else ""
        return f"safety: not killed by the {self.group}{when}"

    def refines(self, other: object) -> bool:
        """'Pick one player each night to protect. That player cannot be killed by the
        werewolves that night.': the group the later sentence names narrows the verb's
        protection from every kill to that group's."""
        return (
            self.tonight
            and isinstance(other, attack.Protect)
            and other == attack.Protect(other.why)
        )


@dataclass(frozen=True)
class DiesInstead:
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        return f"safety: if the holder would die at night, another player might die instead ({self.by.value}'s choice)"


@dataclass(frozen=True)
class Succession:
    becomes: str
    heir: str | None = None  # a group one of whose players inherits; None: the holder
    self_kill: bool = False
    dies: str | None = None  # the group whose holder's death passes it on
    min_alive: int = 0
    why: Why = meta()

    def describe(self) -> str:
        who = f"a {self.heir}" if self.heir else "the holder"
        if self.self_kill:
            when = "if the holder kills itself this way"
        else:
            when = f"if the {self.dies} dies"
        if self.min_alive:
            when += f" while {self.min_alive} or more players are alive"
        return f"succession: {when}, {who} becomes the {self.becomes}"


# ----------------------------------------------------------------------------- the night


def of_group(b: NightBuilder, p: str, group: str) -> Expr:
    """p is of `group`: a faction (a character type) or a role the ruleset names so."""
    faction = next((f for f in b.rs.factions if same(f, group)), None)
    if faction is not None:
        return b.sc.faction_is(p, faction)
    role = b.rs.role(group)
    return b.sc.role_is(p, role) if role is not None else FALSE


def safe(b: NightBuilder, killer: str, q: str) -> Expr:
    """q is safe tonight from `killer`'s kill: a SafeFrom of the killer's group lands on
    q from a player whose ability works tonight, or q's role has one and q's works
    (labelled with its sentence; malfunction.impaired_tonight: a poisoned protector)."""
    parts = [
        label(
            conj(lands, of_group(b, killer, s.group), neg(impaired_tonight(b, b.actor(j)))), s.why
        )
        for j, lands, s in b.lands(SafeFrom, q)
    ]
    for role in b.roles:
        for t in role.traits:
            if isinstance(t, SafeFrom):
                held = conj(_holds(b, role, t, q), of_group(b, killer, t.group))
                parts.append(label(held, t.why))
    return any_of(parts)


def _holds(b: NightBuilder, role: Role, t: SafeFrom, q: str) -> Expr:
    """q holds `role`'s safety `t` tonight: q's role, working, and a once-only safety not
    used up before."""
    held = conj(b.sc.role_is(q, role), neg(b.sc.marked_before(q, SPENT)) if t.once else TRUE)
    return conj(held, neg(impaired_tonight(b, q))) if held != FALSE else FALSE


SPENT = "first attack survived"  # a once-only safety used up (a mark, for good)


def _spent(b: NightBuilder) -> dict[Atom, Expr]:
    """A holder of a once-only safety attacked tonight by its group, while the safety held
    (fresh, working), has used it up."""
    out: dict[Atom, Expr] = {}
    for role in b.roles:
        for t in role.traits:
            if not (isinstance(t, SafeFrom) and t.once):
                continue
            for q in b.sc.players:
                held = _holds(b, role, t, q)
                if held == FALSE:
                    continue
                hits = [
                    conj(hit, of_group(b, b.actor(i), t.group))
                    for i, v, hit, _ in attack.attacks(b)
                    if v == q
                ]
                hits += [
                    conj(c, b.ok(i), b.aims(i, q), of_group(b, b.actor(i), t.group))
                    for i in range(b.n)
                    for c, _ in b.effects(i, Dies)
                ]
                used = label(conj(held, any_of(hits)), t.why)
                if used != FALSE:
                    key = Atom("mark", q, SPENT)
                    out[key] = disj(out.get(key, FALSE), used)
    return out


def deaths(b: NightBuilder) -> list[Death]:
    """The target of a working `Dies` dies, unless safe from its killer; when the target
    holds a working `DiesInstead`, the storyteller may move the death to another living
    player (a pick of theirs: the target itself, or another). Whether a moved death
    still stops at the new victim's safety from the killer the texts do not say (finding
    T13): an open reading (the host's choice, `ambiguous` where it matters)."""
    out: list[Death] = []
    players = list(b.sc.players)
    for i in range(b.n):
        for c, e in b.effects(i, Dies):
            killer = b.actor(i)
            for q in players:
                hit = conj(c, b.ok(i), b.aims(i, q), neg(impaired_tonight(b, killer)))
                if hit == FALSE:
                    continue
                killed = conj(hit, neg(safe(b, killer, q)))
                tier = attack.death_tier(b, i)
                instead = _instead(b, q)
                if instead == FALSE:
                    out.append((q, tier, label(killed, e.why)))
                    continue
                move = b.choice(f"instead:{canon(q)}", range(len(players)), by=Chooser.STORYTELLER)
                moved = []
                for k, p in enumerate(players):
                    if p == q:
                        continue
                    lands = conj(killed, instead, eq(move, Const(k)), b.sc.alive_now(p))
                    moved.append(lands)
                    ignores = eq(b.choice("open:moved-death-safety", [False, True]), Const(True))
                    dies = conj(lands, disj(neg(safe(b, killer, p)), ignores))
                    out.append((p, tier, label(dies, e.why)))
                out.append((q, tier, label(conj(killed, neg(any_of(moved))), e.why)))
    return out


def _instead(b: NightBuilder, q: str) -> Expr:
    """q's role has a working `DiesInstead` (labelled with its sentence)."""
    parts = [
        label(conj(b.sc.role_is(q, role), neg(impaired_tonight(b, q))), t.why)
        for role in b.roles
        for t in role.traits
        if isinstance(t, DiesInstead)
    ]
    return any_of(parts)


def _pick(b: NightBuilder, name: str, eligible: list[Expr]) -> list[Expr]:
    """Which of the eligible the storyteller picks (a variable of theirs): the one
    picked when it is eligible, else the first that is (so every pick is a night)."""
    pick = b.choice(name, range(len(eligible)), by=Chooser.STORYTELLER)
    picked_ok = any_of(conj(eq(pick, Const(k)), x) for k, x in enumerate(eligible))
    first: Expr = Const(-1)
    for k in reversed(range(len(eligible))):
        first = ite(eligible[k], Const(k), first)
    chosen = ite(picked_ok, pick, first)
    return [eq(chosen, Const(k)) for k in range(len(eligible))]


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """A once-only safety used up tonight (`_spent`); `X becomes NAME` when a character
    passes on tonight: a killer's self-kill makes a
    living player of the heir's group (the storyteller's pick) its `becomes`; a holder of
    a `Succession` on a group's death (working, while enough players were alive) becomes
    the character of that group's player who died. Both may hold at once: the texts do
    not say which comes first (casebook/trouble-brewing/findings.case)."""
    out: dict[Atom, Expr] = _spent(b)

    def add(p: str, name: str, cond: Expr) -> None:
        if cond != FALSE:
            key = becomes(p, name)
            out[key] = disj(out.get(key, FALSE), cond)

    players = list(b.sc.players)
    for i in range(b.n):
        killer = b.actor(i)
        for c, e in b.effects(i, Succession):
            if not e.self_kill or e.heir is None:
                continue
            gone = conj(c, b.ok(i), b.aims(i, killer), outcome.died.get(killer, FALSE))
            if gone == FALSE:
                continue
            heirs = [q for q in players if q != killer]
            eligible = [conj(of_group(b, q, e.heir), outcome.alive_after[q]) for q in heirs]
            chosen = _pick(b, f"heir:{canon(killer)}", eligible)
            for q, x, ch in zip(heirs, eligible, chosen, strict=True):
                add(q, e.becomes, label(conj(gone, x, ch), e.why))
    alive = add_(*(ite(b.sc.alive_now(p), Const(1), Const(0)) for p in players))
    for q, name, cond in _caught(b, players, outcome, alive, lambda q: impaired_tonight(b, q)):
        add(q, name, cond)
    return out


def _caught(
    b: NightBuilder | DayBuilder,
    players: list[str],
    outcome: Outcome,
    alive: Expr,
    impaired: Callable[[str], Expr],
) -> Iterator[tuple[str, str, Expr]]:
    """(q, character, when): a working holder q of a `Succession` on a group's death
    becomes the character of that group's player who died in the phase, while `alive`
    (the count when the phase began) is enough and q is alive at its end (the night's
    and the day's reading alike). A dead player who might register as the group
    (knowing.looks, the storyteller's choice at this look: "You might register as evil &
    as a Minion or Demon" caught by "the Demon dies") makes q a character of the group
    (the storyteller's pick where the script has several)."""
    for role in b.roles:
        for t in role.traits:
            if not isinstance(t, Succession) or t.dies is None:
                continue
            enough = neg(lt(alive, Const(t.min_alive)))
            # a role's death ("If the Doctor dies, you become the new Doctor."), else a group's
            heir_of = b.rs.role(t.dies) if b.rs.faction(t.dies) is None else None
            group = [r.name for r in b.rs.roles if same(r.faction, t.dies)]
            for q in players:
                holds = conj(b.sc.role_is(q, role), outcome.alive_after[q], enough)
                holds = conj(holds, neg(impaired(q)))
                if holds == FALSE:
                    continue
                for d in players:
                    died = outcome.died.get(d, FALSE)
                    if d == q or died == FALSE:
                        continue
                    if heir_of is not None:
                        was = conj(b.sc.role_is(d, heir_of), died)
                        if was != FALSE:
                            yield q, t.becomes, label(conj(holds, was), t.why)
                        continue
                    shows = looks(b, d, t.dies, f"caught:{canon(q)}")
                    for dead_role in b.roles:
                        was = conj(b.sc.role_is(d, dead_role), died, shows)
                        if was == FALSE:
                            continue
                        if same(dead_role.faction, t.dies):
                            yield q, dead_role.name, label(conj(holds, was), t.why)
                            continue
                        if len(group) == 1:
                            yield q, group[0], label(conj(holds, was), t.why)
                            continue
                        name = f"caught:{canon(d)}:{t.why.loc.line}:{t.why.loc.column}"
                        pick = b.choice(name, range(len(group)), by=Chooser.STORYTELLER)
                        for k, other in enumerate(group):
                            yield q, other, label(conj(holds, was, eq(pick, Const(k))), t.why)


# ----------------------------------------------------------------------------- the day
# (logic/model/day.py): a character passed on by day. A working holder of a `Succession`
# on a group's death ("If there are 5 or more players alive & the Demon dies, you become
# the Demon.") becomes the character of that group's player who died today (a public
# shot), while enough players were alive when the day began (the table's count: before
# the death) and the holder is alive at its end. The atoms are identity's `becomes`,
# which its lasting state carries into the next night.


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    out: dict[Atom, Expr] = {}
    players = list(db.players)
    alive = add_(*(ite(db.sc.dead_before(p), Const(0), Const(1)) for p in players))
    for q, name, cond in _caught(db, players, outcome, alive, lambda q: impaired_today(db, q)):
        key = becomes(q, name)
        out[key] = disj(out.get(key, FALSE), cond)
    return out


# ----------------------------------------------------------------------------- at the table
# (logic/model/table.py): the night's kills (each killer's choice, from its ability's
# first night), stopped by safety, moved by the storyteller (`DiesInstead`); a character
# passed on when its holder dies, by night or by day (`Succession`), to a holder whose
# trigger's group the dead player registers as (registration.may_be_type: the
# storyteller's choice where the dead might register as it).


def table_deaths(play: Play, st: State, night: int, events: Sequence[Event]) -> Iterator[State]:
    """The night's deaths, exactly the observed ones: each working killer alive when the
    night began uses its kill, in an order of the storyteller's (the texts do not order
    two holders of one kill: an Imp and a Scarlet Woman who became the Imp by day), on a
    player who dies, on itself, or on no one who dies (a dead or safe target). A killer
    killed earlier tonight kills no one; one who became a killer tonight kills from the
    next night."""
    died = frozenset(play.seat(e.subject) for e in events if e.kind == "died")
    if any(not st.alive[v] for v in died):
        return
    killers = [
        k
        for k in range(play.n)
        if st.alive[k]
        and play.works(st, k, Dies)
        and night >= play.s.first_night_of(st.chars[k], Dies)
    ]
    seen: set[object] = set()
    for order in permutations(killers):
        for s in _kills(play, st, order, died):
            key = (tuple(s.chars), tuple(s.alive), s.over, tuple(sorted(s.marks.items())))
            if key not in seen:
                seen.add(key)
                yield s


def _kills(play: Play, st: State, order: Sequence[int], died: frozenset[int]) -> Iterator[State]:
    """The kills of `order`'s killers, in turn, leaving exactly `died` dead tonight."""
    if not order:
        if not any(st.alive[v] for v in died):
            yield st
        return
    demon, rest = order[0], order[1:]
    if not st.alive[demon]:  # killed earlier tonight
        yield from _kills(play, st, rest, died)
        return
    if _kills_no_one(play, st, demon):
        yield from _kills(play, st, rest, died)
    for victim in died:
        if st.alive[victim]:
            for s in _kill(play, st, demon, victim):
                yield from _kills(play, s, rest, died)


def _kills_no_one(play: Play, st: State, demon: int) -> bool:
    """`demon` may choose a player its kill does not kill ("choose a player: they die"
    names no living player): a dead one, one safe from it whatever anyone chose, or
    one a living working protector may have chosen ("choose a player (not yourself):
    they are safe from the Demon tonight")."""
    return any(
        not st.alive[k]
        or _safe(play, st, k, demon)
        or (
            k != demon
            and st.alive[k]
            and play.works(st, k, SafeFrom)
            and any(isinstance(e, SafeFrom) for e in play.s.effects(st.chars[k]))
        )
        for k in range(play.n)
    )


def _kill(play: Play, st: State, demon: int, victim: int) -> Iterator[State]:
    """`demon`'s kill leaves `victim` dead: it lands on the victim, or on a holder of
    DiesInstead whose death the storyteller moves to the victim (safe or not: both
    readings of T13)."""
    moved = any(
        m != victim
        and st.alive[m]
        and play.works(st, m, DiesInstead)
        and not _safe(play, st, m, demon)
        for m in range(play.n)
    )
    if victim == demon:  # it kills itself (the character passes on), or a death moved
        yield from _passed_on(play, st, demon, self_kill=True)
        if moved:
            yield from _passed_on(play, st, demon, self_kill=False)
        return
    if not _safe(play, st, victim, demon) or moved:
        yield from _passed_on(play, st, victim, self_kill=False)


def _safe(play: Play, st: State, k: int, demon: int) -> bool:
    """Seat k is safe from `demon`'s kill whatever anyone chose: its own working
    `SafeFrom` ("You are safe from the Demon."). A protector's choice ("choose a player
    (not yourself): they are safe from the Demon tonight") may have fallen on k or on
    another: it stops a kill only in a branch where no one dies of it, which the
    night always allows. A once-only safety ("You survive the first attack by the
    werewolves.") is the phase model's, not the table's: the table keeps no marks, and
    no character of the scripts it plays has one."""
    traits = play.s.traits(st.chars[k])
    return any(isinstance(t, SafeFrom) and not t.once for t in traits) and play.sober(st, k)


def _catches(
    play: Play, st: State, dead: int, alive_before: int
) -> list[list[tuple[int, str] | None]]:
    """For each living working holder of a `Succession` on a group's death (while enough
    were alive): what it may become of this death. The dead player's character when it
    is of the group; a character of the group it might register as (the storyteller's
    choice: "You might register as evil & as a Minion or Demon" caught by "the Demon
    dies"); None, not caught, unless the dead must register as the group."""
    char = st.chars[dead]
    out: list[list[tuple[int, str] | None]] = []
    for k in range(play.n):
        if k == dead or not st.alive[k]:
            continue
        for t in play.s.traits(st.chars[k]):
            if not (isinstance(t, Succession) and t.dies and alive_before >= t.min_alive):
                continue
            if not may_be_type(play.s, char, t.dies) or not play.sober(st, k):
                continue
            if same(play.s.type_of(char), t.dies):
                shown: list[tuple[int, str] | None] = [(k, play.s.role(char).name)]
            else:
                shown = [(k, r.name) for r in play.s.rs.roles if same(r.faction, t.dies)]
            if not must_be_type(play.s, char, t.dies):
                shown.append(None)
            out.append(shown)
    return out


def _passed_on(play: Play, st: State, dead: int, self_kill: bool) -> Iterator[State]:
    """Seat `dead` dies: on a killer's self-kill, a living player of the heir's group
    takes its `becomes` (the storyteller's pick); every working holder of a `Succession`
    on a group's death that the dead registers as becomes a character of that group (as
    well: both texts hold at once, finding T8, as the night reads them); then a team
    may have won (the Demon dead with no Demon left)."""
    alive_before = sum(st.alive)
    st = st.copy()
    st.alive[dead] = False
    char = st.chars[dead]
    picked: list[tuple[int, str] | None] = []
    if self_kill:
        for e in play.s.effects(char):
            if isinstance(e, Succession) and e.self_kill and e.heir:
                picked += [
                    (k, e.becomes)
                    for k in range(play.n)
                    if st.alive[k] and same(play.s.type_of(st.chars[k]), e.heir)
                ]
    for caught in product(*_catches(play, st, dead, alive_before)):
        for pick in picked or [None]:
            s1 = st.copy()
            for c in caught:
                if c is not None:
                    s1.chars[c[0]] = c[1]
            if pick is not None:
                s1.chars[pick[0]] = play.s.role(pick[1]).name
            if play.won(s1):
                s1.over = True
            yield s1


def table_dies(play: Play, st: State, k: int) -> Iterator[State] | None:
    """Seat k dies by day: a character passed on to a holder of a `Succession` on its
    death, and a team may have won."""
    return _passed_on(play, st, k, self_kill=False)


def statement(play: Play, st: State, before: State, k: int, text: str) -> bool | None:
    """ "I became the X": the teller now holds X (a character passed on to them)."""
    became = re.fullmatch(r"I became the (.+)", text)
    if became is None:
        return None
    return canon(st.chars[k]) == canon(became.group(1))


def spares(b: NightBuilder, q: str, i: int) -> Expr:
    """Slot i's attack (logic/effects/attack.py's kills: an ability's, a faction's
    nightkill) does not kill q, safe from the group of its user ("protect one player from
    the werewolves")."""
    return safe(b, b.actor(i), q)


KIND = Kind(
    "succession",
    (Dies, SafeFrom, DiesInstead, Succession),
    deaths=deaths,
    spares=spares,
    transition=transition,
    day_atoms=day_atoms,
    table=Table(
        acting=(Dies, SafeFrom, DiesInstead, Succession),
        deaths=table_deaths,
        dies=table_dies,
        statement=statement,
    ),
)
