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
from logic.effects.base import Kind, Table
from logic.effects.deal import Team
from logic.effects.registration import RegistersAs, same
from logic.model.expr import FALSE, Const, Expr, add, any_of, conj, disj, eq, ite, label
from logic.model.ir import canon
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
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
# The counts (`PairsCount`) are built into a night: the players' order is their seats,
# clockwise; a player who might register as the team (registration.RegistersAs) does so
# at each look by the storyteller's choice (one per pair counted). The other nodes are
# read at the table only (logic/model/table.py; `told` below).


def _team(b: NightBuilder, team: str) -> list[str]:
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


def looks(b: NightBuilder, p: str, team: str, look: str) -> Expr:
    """p registers as `team` at this look: p's faction is the team's, or p's role might
    register as it and the storyteller so chooses (a variable per look)."""
    parts = [any_of(b.sc.faction_is(p, f) for f in _team(b, team))]
    for role in b.roles:
        for t in role.traits:
            if not isinstance(t, RegistersAs) or not any(
                same(g, team) for part in t.shows for g in part
            ):
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
    return disj(*parts)


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The number a count tells its user (a text per possible number)."""
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
        for v in range(len(pairs) + 1):
            hit = conj(gate, eq(count, Const(v)))
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
    table=Table(told=told),
)
