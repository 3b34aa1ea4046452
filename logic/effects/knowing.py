"""Owns what a player is told by the game itself, not found by visiting: information a
role starts the game with or learns at night ("You start knowing that 1 of 2 players is
a particular Townsfolk.", "Each night, you learn how many of your 2 alive neighbours are
evil."). The nodes say what is true of the world when the information is true; whether a
player's information is true is another kind's (logic/effects/malfunction.py: an impaired
player's information is the storyteller's free choice).

Vocabulary (each an effect of the ability its sentence gives; `group` is a faction, a
character type or a role as the ruleset names it, `team` a team of factions
(logic/effects/deal.py's `Team`):
  OneOf          "1 of 2 players is a particular Townsfolk": `among` players are shown and
                 a character of `group` is named; one of them holds it
  NoneInPlay     "(Or that zero are in play.)": the information may instead be that no
                 player holds a character of the group of the ability's `OneOf`
  PairsCount     "how many pairs of evil players there are": neighbouring pairs, both of
                 the team
  NeighbourCount "how many of your 2 alive neighbours are evil": among the nearest
                 `count` players on either side (alive ones only, when `alive`)
  AnyIs          "you learn if either is a Demon": whether any target is of the group
  ExecutedRole   "which character died by execution today"
  SeesAll        "you see the Grimoire": every player's character and state
The role's own learning of a target's character ("you learn their character") is the
investigate kind's (`Info("role")`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects import registration as reg
from logic.effects.base import Kind, Outcome, Table
from logic.effects.deal import Team
from logic.effects.malfunction import impaired_tonight
from logic.effects.registration import RegistersAs, same
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
    neg,
)
from logic.model.ir import Chooser, Role, canon
from logic.model.phase import Atom, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.builder import PhaseBuilder
    from logic.model.semantics import NightBuilder
    from logic.model.table import Play, State


@dataclass(frozen=True)
class OneOf:
    group: str
    among: int = 2
    holders: int = 1
    why: Why = meta()

    def describe(self) -> str:
        return f"learns: {self.holders} of {self.among} players shown is a particular {self.group}"


@dataclass(frozen=True)
class NoneInPlay:
    why: Why = meta()

    def describe(self) -> str:
        return "learns: or that no player holds a character of that kind"


@dataclass(frozen=True)
class PairsCount:
    team: str
    why: Why = meta()

    def describe(self) -> str:
        return f"learns: how many pairs of neighbouring {self.team} players there are"


@dataclass(frozen=True)
class NeighbourCount:
    team: str
    count: int = 2
    alive: bool = True
    why: Why = meta()

    def describe(self) -> str:
        alive = " alive" if self.alive else ""
        return f"learns: how many of the {self.count}{alive} neighbours are {self.team}"


@dataclass(frozen=True)
class AnyIs:
    group: str
    why: Why = meta()

    def describe(self) -> str:
        return f"learns: whether any of the chosen players is a {self.group}"


@dataclass(frozen=True)
class ExecutedRole:
    why: Why = meta()

    def describe(self) -> str:
        return "learns: the character of the player executed today"


@dataclass(frozen=True)
class SeesAll:
    why: Why = meta()

    def describe(self) -> str:
        return "learns: every player's character and state (the Grimoire)"


# ----------------------------------------------------------------------------- the night
# What a player is told is built into a night as texts: the players' order is their
# seats, clockwise; a player who might register as a group (registration.RegistersAs)
# does so at each look by the storyteller's choice (one per pair counted, one per
# player shown). Where the information leaves the storyteller a choice (which two
# players and which character; the number a count gives an impaired player), the choice
# is a variable of the storyteller's, and an equation says that a working player's
# information is true (malfunction.impaired_tonight: an impaired player's is free). A
# scenario the deal would not allow (no character of the group in play, and no zero to
# say) leaves the storyteller free: the night has no deal of its own.


def _team(b: PhaseBuilder, team: str) -> list[str]:
    """The factions of a team (deal.Team, in the ruleset's kind_rules), or the faction
    named so."""
    out = [
        f
        for t in b.rs.kind_rules
        if isinstance(t, Team) and same(t.team, team)
        for g in t.groups
        for f in b.rs.factions
        if same(f, g)
    ]
    return out or [f for f in b.rs.factions if same(f, team)]


def looks(b: PhaseBuilder, p: str, team: str, look: str) -> Expr:
    """p registers as `team` at this look: p's faction is the team's and the storyteller
    does not choose that p registers as something else (a role that might register as
    another team: "might register as good"), or p's role might register as the team and
    the storyteller so chooses (a variable per look)."""
    native = any_of(b.sc.faction_is(p, f) for f in _team(b, team))
    return disj(
        conj(native, neg(_registers(b, p, team, look, away=True))), _registers(b, p, team, look)
    )


def _registers(b: PhaseBuilder, p: str, team: str, look: str, away: bool = False) -> Expr:
    """p's role might register as `team` (a team, a faction, a character type) and the
    storyteller so chooses at this look; with `away`: as another group of its level (a
    team for a team, any group for a type), so not as `team`."""
    teams = {t.team for t in b.rs.kind_rules if isinstance(t, Team)}
    level = [x for x in teams if same(x, team)]
    parts = []
    for role in b.roles:
        for t in role.traits:
            if not isinstance(t, RegistersAs):
                continue
            shown = [g for part in t.shows for g in part]
            if away:
                others = [g for g in shown if (g in teams or not level) and not same(g, team)]
                if not others:
                    continue
            elif not any(same(g, team) for g in shown):
                continue
            holds = b.sc.role_is(p, role)
            if holds == FALSE:
                continue
            if t.by is None:
                parts.append(label(holds, t.why))
                continue
            name = f"registers:{canon(p)}:{look}"
            chosen = eq(b.choice(name, [False, True], by=t.by), Const(True))
            parts.append(label(conj(holds, chosen), t.why))
    return any_of(parts)


def shows_role(b: NightBuilder, p: str, role: Role, look: str) -> Expr:
    """p registers as the character `role` at this look: p holds it, or p's role might
    register as its type (the storyteller's choice)."""
    return disj(b.sc.role_is(p, role), _registers(b, p, role.faction, look))


def tells(
    b: NightBuilder, i: int, c: Expr, e: Any, options: list[tuple[str, Expr]]
) -> list[TextSource]:
    """One of `options` (text, when it is true) told to slot i's player, the storyteller's
    choice (`pick`): a working player is told a true one (the one picked, or when the
    pick is not true, the first true one: so every pick of the storyteller's is a
    consistent night, as `check` reads a storyteller's choice), an impaired player the
    one picked, true or not. Where no option is true (a scenario the deal would not
    allow), a working player is told nothing."""
    actor = b.actor(i)
    gate = conj(c, b.ok(i))
    if gate == FALSE or not options or not b.reads(actor):
        return []
    # one variable per sentence: in a search, the slot's player may hold any of several
    # roles whose sentences tell one of different lists (a Washerwoman's, a Librarian's)
    key = f"tells:{canon(actor)}:{i}:{type(e).__name__}:{e.why.loc.line}:{e.why.loc.column}"
    free = impaired_tonight(b, actor)
    pick = b.choice(key, range(len(options)), by=Chooser.STORYTELLER)
    truths = [t for _, t in options]
    picked_true = any_of(conj(eq(pick, Const(j)), t) for j, t in enumerate(truths))
    first_true: Expr = Const(-1)  # (no option true: nothing is said)
    for j in reversed(range(len(truths))):
        first_true = ite(truths[j], Const(j), first_true)
    said = ite(free, pick, ite(picked_true, pick, first_true))

    out = []
    for j, (text, _) in enumerate(options):
        out.append(TextSource(actor, label(conj(gate, eq(said, Const(j))), e.why), text, why=e.why))
    return out


def _shown_one_of(b: NightBuilder, i: int) -> list[TextSource]:
    """ "1 of 2 players is a particular X": two players and a character of the group
    (either may hold it), or "none is in play" where the ability says so."""
    out: list[TextSource] = []
    players = list(b.sc.players)
    for c, e in b.effects(i, OneOf):
        look = f"{canon(b.actor(i))}:shown"
        # every character of the group the ruleset has, dealt or not: an impaired
        # player may be told one nobody holds (the pool a search deals from is smaller)
        roles = [r for r in b.rs.roles if same(r.faction, e.group)]
        options = [
            (
                f"{x} or {y} is the {r.name}",
                disj(shows_role(b, x, r, look), shows_role(b, y, r, look)),
            )
            for k, x in enumerate(players)
            for y in players[k + 1 :]
            for r in roles
        ]
        for c2, _ in b.effects(i, NoneInPlay):
            held = any_of(looks(b, p, e.group, look) for p in players)
            options.append(("none is in play", conj(c2, neg(held))))
        out += tells(b, i, c, e, options)
    return out


def _neighbour_count(b: NightBuilder, i: int) -> list[TextSource]:
    """How many of the nearest (alive) player on each side are of the team."""
    out: list[TextSource] = []
    players = list(b.sc.players)
    n, actor = len(players), b.actor(i)
    k = players.index(actor)
    for c, e in b.effects(i, NeighbourCount):
        look = f"{canon(actor)}:near"

        def nearest(step: int, d: int, alive: bool = e.alive) -> Expr:
            j = players[(k + step * d) % n]
            if not alive:
                return TRUE if d == 1 else FALSE
            between = [neg(b.sc.alive_now(players[(k + step * x) % n])) for x in range(1, d)]
            return conj(b.sc.alive_now(j), *between)

        parts = []
        for d in range(1, n):
            j = players[(k + d) % n]
            parts.append(conj(nearest(1, d), looks(b, j, e.team, f"{look}{j}")))
            left = players[(k - d) % n]
            again = nearest(1, n - d)  # the nearest on the other side too (two alive)
            parts.append(conj(nearest(-1, d), neg(again), looks(b, left, e.team, f"{look}{left}")))
        count = add(*(ite(x, Const(1), Const(0)) for x in parts))
        options = [(str(v), eq(count, Const(v))) for v in range(min(e.count, n - 1) + 1)]
        out += tells(b, i, c, e, options)
    return out


def _either_is(b: NightBuilder, i: int) -> list[TextSource]:
    """Whether either chosen player registers as the group (or is the red herring)."""
    out: list[TextSource] = []
    players = list(b.sc.players)
    actor = b.actor(i)
    for c, e in b.effects(i, AnyIs):
        look = f"{canon(actor)}:any"
        herring = _herring(b, actor)
        yes = any_of(
            conj(b.aims(i, q), disj(looks(b, q, e.group, f"{look}{q}"), herring(q)))
            for q in players
        )
        out += tells(b, i, c, e, [("yes", yes), ("no", neg(yes))])
    return out


HERRING = "red herring"  # the mark of the player chosen (the frame carries marks)


def _herring(b: NightBuilder, actor: str) -> Any:
    """q is the red herring of the actor's role (registration.RedHerring) tonight."""
    parts: list[tuple[Expr, Any]] = []
    for role in b.roles:
        for t in role.traits:
            if isinstance(t, reg.RedHerring):
                parts.append((b.sc.role_is(actor, role), t))

    def herring(q: str) -> Expr:
        return any_of(label(conj(holds, herrings(b, t)[q]), t.why) for holds, t in parts)

    return herring


def herrings(b: NightBuilder, t: reg.RedHerring) -> dict[str, Expr]:
    """Who is the red herring of `t`: chosen once for the game by the storyteller, a
    player of its team (the one picked, when of the team, else the first that is), while
    a role with it is in play; once chosen, a mark (`HERRING`) the next phases read."""

    def make() -> dict[str, Expr]:
        players = list(b.sc.players)
        marked = [b.sc.marked_before(p, HERRING) for p in players]
        good = [any_of(b.sc.faction_is(p, f) for f in _team(b, t.team)) for p in players]
        pick = b.choice("herring", range(len(players)), by=t.by)
        picked_ok = any_of(conj(eq(pick, Const(k)), g) for k, g in enumerate(good))
        first: Expr = Const(-1)
        for k in reversed(range(len(players))):
            first = ite(good[k], Const(k), first)
        chosen = ite(picked_ok, pick, first)
        holders = [r for r in b.roles if t in r.traits]
        in_play = any_of(b.sc.role_is(p, r) for p in players for r in holders)
        fresh = conj(neg(any_of(marked)), in_play)
        return {
            p: disj(marked[k], conj(fresh, eq(chosen, Const(k)))) for k, p in enumerate(players)
        }

    got: dict[str, Expr] = b.once(f"herring:{id(t)}", make)
    return got


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The red herring's mark, from the night it is chosen on."""
    out: dict[Atom, Expr] = {}
    for role in b.roles:
        for t in role.traits:
            if isinstance(t, reg.RedHerring):
                for q, x in herrings(b, t).items():
                    if x != FALSE:
                        out[Atom("mark", q, HERRING)] = label(x, t.why)
    return out


def _sees_all(b: NightBuilder, i: int) -> list[TextSource]:
    """The Grimoire: each player's character, and who is impaired tonight."""
    out: list[TextSource] = []
    if not b.reads(b.actor(i)):
        return out
    for c, e in b.effects(i, SeesAll):
        gate = conj(c, b.ok(i))
        for q in b.sc.players:
            for r in b.roles:
                hit = conj(gate, b.sc.role_is(q, r))
                if hit != FALSE:
                    out.append(
                        TextSource(b.actor(i), label(hit, e.why), f"{q} is the {r.name}", why=e.why)
                    )
            hit = conj(gate, impaired_tonight(b, q))
            if hit != FALSE:
                out.append(TextSource(b.actor(i), label(hit, e.why), f"{q} is impaired", why=e.why))
    return out


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """What slot i's player is told tonight."""
    return [
        *_pairs_count(b, i),
        *_shown_one_of(b, i),
        *_neighbour_count(b, i),
        *_either_is(b, i),
        *_sees_all(b, i),
    ]


def _pairs_count(b: NightBuilder, i: int) -> list[TextSource]:
    """The number a count tells its user (a text per possible number; an impaired
    player's, the storyteller's choice)."""
    out: list[TextSource] = []
    players = list(b.sc.players)
    n = len(players)
    for c, e in b.effects(i, PairsCount):
        look = f"{canon(b.actor(i))}:pair"
        pairs = [
            conj(
                looks(b, players[k], e.team, f"{look}{k}"),
                looks(b, players[(k + 1) % n], e.team, f"{look}{k}"),
            )
            for k in range(n if n > 2 else n - 1)
        ]
        count = add(*(ite(x, Const(1), Const(0)) for x in pairs))
        gate = conj(c, b.ok(i))
        free = impaired_tonight(b, b.actor(i))
        said = count
        if free != FALSE:
            told = b.choice(
                f"tells:{canon(b.actor(i))}:{i}:count",
                range(len(pairs) + 1),
                by=Chooser.STORYTELLER,
            )
            said = ite(free, told, count)
        for v in range(len(pairs) + 1):
            hit = conj(gate, eq(said, Const(v)))
            if hit != FALSE:
                out.append(TextSource(b.actor(i), label(hit, e.why), str(v), why=e.why))
    return out


# ----------------------------------------------------------------------------- at the table
# (logic/model/table.py): whether a text may be what a node tells its player, over the
# whole world after the night's deaths (`st`) and before them (`before`); a player who
# might register as a group does so at each look by the storyteller's choice (each pair
# of a count its own look: the reading NQT31's published solution needs).


def told(play: Play, st: State, before: State, k: int, node: Any, text: str) -> bool | None:
    s = play.s
    if isinstance(node, OneOf):
        return _one_of(play, st, node, text, before.chars[k])
    if isinstance(node, PairsCount):
        return _int(text) in _pairs(play, st, node.team)
    if isinstance(node, NeighbourCount):
        return _int(text) in _neighbours(play, st, k, node.team, node.alive)
    if isinstance(node, AnyIs):
        return _any_is(play, st, node.group, text)
    if isinstance(node, ExecutedRole):
        m = re.fullmatch(r"(\w+) was the (.+)", text)
        ex = before.executed
        if m is None or ex is None or play.seat(m.group(1)) != ex:
            return False
        return reg.may_show_as(s, st.chars[ex], m.group(2))
    return None


def _int(text: str) -> int:
    return int(text) if text.strip().isdigit() else -1


def _one_of(play: Play, st: State, e: OneOf, text: str, char: str) -> bool:
    s = play.s
    if text == "none is in play":
        if not any(isinstance(x, NoneInPlay) for x in s.effects(char)):
            return False
        return not any(reg.must_be_type(s, c, e.group) for c in st.chars)
    m = re.fullmatch(r"(\w+) or (\w+) is the (.+)", text)
    if not m or s.rs.role(m.group(3)) is None:
        return False
    shown = m.group(3)
    if not same(s.type_of(shown), e.group):
        return False
    a, b = play.seat(m.group(1)), play.seat(m.group(2))
    return reg.may_show_as(s, st.chars[a], shown) or reg.may_show_as(s, st.chars[b], shown)


def _pairs(play: Play, st: State, team: str) -> set[int]:
    """The counts of neighbouring pairs of `team` some registrations give."""
    s, n = play.s, play.n
    pairs = [(st.chars[k], st.chars[(k + 1) % n]) for k in range(n)]
    lo = sum(1 for a, b in pairs if reg.must_be_team(s, a, team) and reg.must_be_team(s, b, team))
    hi = sum(1 for a, b in pairs if reg.may_be_team(s, a, team) and reg.may_be_team(s, b, team))
    return set(range(lo, hi + 1))


def _neighbours(play: Play, st: State, k: int, team: str, alive: bool) -> set[int]:
    near = []
    for step in (1, -1):
        j = (k + step) % play.n
        while j != k and alive and not st.alive[j]:
            j = (j + step) % play.n
        if j != k:
            near.append(j)
    near = list(dict.fromkeys(near))
    lo = sum(1 for j in near if reg.must_be_team(play.s, st.chars[j], team))
    hi = sum(1 for j in near if reg.may_be_team(play.s, st.chars[j], team))
    return set(range(lo, hi + 1))


def _any_is(play: Play, st: State, group: str, text: str) -> bool:
    m = re.fullmatch(r"(\w+) or (\w+): (yes|no)", text)
    if not m:
        return False
    seats = [play.seat(m.group(1)), play.seat(m.group(2))]
    herring = st.marks.get(reg.HERRING)
    may = any(reg.may_be_type(play.s, st.chars[j], group) or j == herring for j in seats)
    must = any(reg.must_be_type(play.s, st.chars[j], group) or j == herring for j in seats)
    return may if m.group(3) == "yes" else not must


KIND = Kind(
    "knowing",
    (OneOf, NoneInPlay, PairsCount, NeighbourCount, AnyIs, ExecutedRole, SeesAll),
    texts=texts,
    transition=transition,
    table=Table(told=told),
)
