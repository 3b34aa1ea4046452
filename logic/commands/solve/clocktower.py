"""Owns `ruling solve` on a Clocktower game's observations (docs/formats.md, "Clocktower"):
which starting assignments of characters to seats are consistent with the claims, the
information each player says their character gave them, the deaths, nominations and
executions, when SOME choices of the storyteller and of the evil players explain them.

A thin driver: it binds the observations (seats, claims, hidden characters, the events
of each phase) and hands them, with the ruleset and the effect kinds (logic/engine.py),
to the frame of a game played out at the table (logic/model/table.py), which asks each
kind for its part (`effects/base.Table`). What each mechanic means lives in its kind:
the deal and who may lie (logic/effects/deal.py), registration and the red herring
(registration.py), impairment (malfunction.py), what information may be told
(knowing.py, investigate.py), the kill and its passing on (succession.py), triggers by
day and on death (triggers.py). No kind and no character is named here.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from logic import engine
from logic.lang.errors import RulingError
from logic.lang.observations import Observations
from logic.model.ir import Ruleset, canon
from logic.model.table import Event, Game, Play, Script, starts


def bind_game(script: Script, obs: Observations) -> Game:
    """The observations as a table game: each seat's claim, the observer's own, the
    hidden characters, and the events of each phase in order."""
    seats = obs.players
    index = {canon(p): k for k, p in enumerate(seats)}

    def char(name: str) -> str:
        role = script.rs.role(name)
        if role is None:
            raise RulingError(f"{obs.file}: {name!r} is not a character of {script.rs.name}")
        return role.name

    claims = [""] * len(seats)
    for f in obs.facts:
        if f.kind == "claims_role":
            claims[index[canon(f.subject)]] = char(f.obj)
    if obs.me is None:
        raise RulingError(f"{obs.file}: say who you are ('I am NAME, CHARACTER')")
    me = index[canon(obs.me[0])]
    claims[me] = char(obs.me[1])
    if "" in claims:
        missing = seats[claims.index("")]
        raise RulingError(f"{obs.file}: {missing} claims no character (add it to 'claims:')")
    by_phase: dict[tuple[str, int], list[Event]] = {}
    for f in obs.facts:
        if f.phase is not None:
            event = Event(f.kind, f.subject, f.obj or "", f.text or "")
            by_phase.setdefault(f.phase, []).append(event)
    last = max((n for _, n in by_phase), default=1)
    phases = []
    for n in range(1, last + 1):
        for kind in ("night", "day"):
            phases.append((kind, n, tuple(by_phase.get((kind, n), ()))))
    while phases and not phases[-1][2]:
        phases.pop()
    return Game(
        tuple(seats),
        tuple(claims),
        tuple(char(h) for h in obs.hidden),
        tuple(char(m) for m in obs.maybe),
        me,
        tuple(phases),
    )


@dataclass(frozen=True)
class ClocktowerResult:
    title: str
    seats: tuple[str, ...]
    worlds: tuple[tuple[str, ...], ...]  # consistent starting assignments, by seat
    checked: int  # starting assignments the setup allows
    seconds: float


def solve_clocktower(rs: Ruleset, obs: Observations) -> ClocktowerResult:
    """Every starting assignment consistent with the observations."""
    start = time.process_time()
    script = Script.read(rs, engine.KINDS)
    game = bind_game(script, obs)
    if script.caps(len(game.seats)) is None:
        raise RulingError(f"the ruleset deals no game of {len(game.seats)} players")
    if script.liars() is None:
        raise RulingError(f"{rs.name} says no team wins by a type's death: who may lie?")
    found = []
    checked = 0
    for world in starts(script, game):
        checked += 1
        if Play(script, game, world).consistent():
            found.append(world)
    return ClocktowerResult(
        obs.title, game.seats, tuple(found), checked, time.process_time() - start
    )
