"""Owns the deal of characters by the number of players: how many of each character type
a game of N players has ("With 7 players, there are 5 Townsfolk, 0 Outsiders, 1 Minion
and 1 Demon."), the teams the types belong to ("Townsfolk and Outsiders are good."), a
role that changes the deal ("There are extra Outsiders in play. [+2 Outsiders]"), and
the teams' victories ("The good team wins if the Demon dies.").

Vocabulary (ruleset-level nodes, `Ruleset.kind_rules`, unless said):
  Deal        with `players` players, `counts`: (group, how many) for each type
  Team        `team` is the factions `groups`
  Extra       a trait: `count` more (fewer, when negative) players of `group` are dealt
              while the holder is in play (None: the sentence does not say how many)
  TeamWins    `team` wins when `event` happens ("the Demon dies": `dies` a group;
              `alive`: only that many players are left alive)
  Category    the roles `roles` are the category `name` ("The Village Core roles are Seer,
              Guard and Undertaker.")
  Always      every game deals each role of the category `group` ("Village Core - These
              roles are always assigned ..."): `solve`'s setup holds each at least once;
              "... and exclusive to villagers": its roles go to that faction's players
  Exclusive   the roles of the category `group` go only to the players of the faction
              whose members `to` names ("Village Exclusive - These roles can only be
              assigned to villagers ..."): the assembler gives its roles that faction
              (`given_to`); a heading's group no sentence gives to a faction is a faction
              of its own
  MoreRoles   a game's pool holds more roles than it has players ("there are more role
              types than there are players"): `solve`'s setup must
  EveryRole   every player holds a role of the pool ("Every player in the game will have a
              special role or ability."): without it, a game dealt from categories of
              roles (an `Always` or an `Exclusive`) may seat players with no role (the
              engine's PLAIN, in any faction: `plain_role`)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Table
from logic.effects.registration import same
from logic.model.ir import Ruleset, canon
from logic.model.why import Why, axiom, meta

if TYPE_CHECKING:
    from logic.model.table import Play, Script, State


@dataclass(frozen=True)
class Deal:
    players: int
    counts: tuple[tuple[str, int], ...]
    why: Why = meta()

    def describe(self) -> str:
        counts = ", ".join(f"{n} {g}" for g, n in self.counts)
        return f"deal: with {self.players} players, {counts}"


@dataclass(frozen=True)
class Team:
    team: str
    groups: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"team: {' and '.join(self.groups)} are {self.team}"


@dataclass(frozen=True)
class Extra:
    group: str
    count: int | None = None
    why: Why = meta()

    def describe(self) -> str:
        n = "extra" if self.count is None else f"{self.count:+d}"
        return f"deal: {n} {self.group} in play"


@dataclass(frozen=True)
class TeamWins:
    team: str
    dies: str | None = None
    alive: int | None = None
    why: Why = meta()

    def describe(self) -> str:
        if self.dies is not None:
            return f"victory: the {self.team} team wins when the {self.dies} dies"
        return f"victory: the {self.team} team wins when only {self.alive} players are alive"


@dataclass(frozen=True)
class Category:
    name: str
    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"deal: the {self.name} roles are {', '.join(self.roles)}"


@dataclass(frozen=True)
class Always:
    group: str
    to: str | None = None  # the players it is exclusive to, as written ("villagers")
    why: Why = meta()

    def describe(self) -> str:
        return f"deal: every game deals each {self.group} role"


@dataclass(frozen=True)
class Exclusive:
    group: str
    to: str  # the players it may be given to, as written ("villagers")
    why: Why = meta()

    def describe(self) -> str:
        return f"deal: the {self.group} roles go only to {self.to}"


@dataclass(frozen=True)
class MoreRoles:
    """ "there are more role types than there are players": a game's pool of roles holds
    more roles than it seats players (`solve` refuses a setup whose pool does not)."""

    why: Why = meta()

    def describe(self) -> str:
        return "deal: the pool holds more roles than the game has players"


@dataclass(frozen=True)
class EveryRole:
    """ "Every player in the game will have a special role or ability.": no player of a
    game dealt from categories of roles is without one."""

    why: Why = meta()

    def describe(self) -> str:
        return "deal: every player holds a role of the pool"


PLAIN = "Plain"  # the engine's name for a player dealt no role (in any faction)
PLAIN_DEAL = axiom(
    "plain-players",
    "A game dealt from categories of roles may seat players with no role of the pool "
    "(plain members of their faction), unless the ruleset says every player has one.",
)


def plain_role(kind_rules: Sequence[object]) -> Why | None:
    """Why a ruleset's players may hold no role (`PLAIN`): its deal is by categories of
    roles and no sentence says every player has one (None: every player holds a role, the
    engine's default for every other deal)."""
    pool = any(isinstance(n, Always | Exclusive) for n in kind_rules)
    if not pool or any(isinstance(n, EveryRole) for n in kind_rules):
        return None
    return PLAIN_DEAL


def given_to(
    kind_rules: Sequence[object],
    members_of: Callable[[str], str | None],
    roles: Sequence[tuple[str, str]],
) -> list[tuple[str, str, Why]] | tuple[str, Why]:
    """Each role a sentence gives to one faction's players, as (role, faction, sentence):
    the roles of a category an `Exclusive` (or an `Always` with its players) names, the
    category a `Category` of roles or a heading's group (`roles`: each role's name and
    heading). A sentence whose players are no faction's members: (their name, sentence)."""
    cats = {canon(c.name): c for c in kind_rules if isinstance(c, Category)}
    out: list[tuple[str, str, Why]] = []
    named = [n for n in kind_rules if isinstance(n, Exclusive | Always) and n.to]
    # a category's roles named by a sentence before a heading's group (its own line wins)
    named.sort(key=lambda n: canon(n.group) not in cats)
    for n in named:
        assert n.to is not None
        f = members_of(n.to)
        if f is None:
            return (n.to, n.why)
        cat = cats.get(canon(n.group))
        if cat is not None:
            names = [r for r, _ in roles if any(canon(r) == canon(c) for c in cat.roles)]
        else:
            names = [r for r, heading in roles if canon(heading) == canon(n.group)]
        out.extend((r, f, n.why) for r in names)
    return out


def always_dealt(rs: Ruleset) -> list[tuple[str, Why]]:
    """The roles every game deals, each with the sentence that says so: the roles of a
    category an `Always` names (a category is a `Category`, a faction, or a role)."""
    cats = {canon(c.name): c for c in rs.kind_rules if isinstance(c, Category)}
    out: list[tuple[str, Why]] = []
    for a in rs.kind_rules:
        if not isinstance(a, Always):
            continue
        cat = cats.get(canon(a.group))
        if cat is not None:
            names = list(cat.roles)
        elif (f := _faction(rs, a.group)) is not None:
            names = [r.name for r in rs.roles if f in rs.factions_of(r)]
        else:
            names = [a.group]
        for n in names:
            role = rs.role(n)
            out.append((role.name if role is not None else n, a.why))
    return out


# ----------------------------------------------------------------------------- at the table
# (logic/model/table.py): the deal of a starting world, who may lie, when a team has won


def _faction(rs: Ruleset, group: str) -> str | None:
    return next((f for f in rs.factions if same(f, group)), None)


def teams(rs: Ruleset) -> dict[str, str]:
    """Each faction's team, as `Team` says (canonical faction name -> team)."""
    out: dict[str, str] = {}
    for t in rs.kind_rules:
        if isinstance(t, Team):
            for g in t.groups:
                f = _faction(rs, g)
                if f is not None:
                    out[canon(f)] = t.team
    return out


def liars(script: Script) -> str | None:
    """The team that may lie: the team of the type whose death wins the game for the
    other team ("The good team wins when the Demon dies.": the Demon's team)."""
    for w in script.rs.kind_rules:
        if isinstance(w, TeamWins) and w.dies is not None:
            typ = _faction(script.rs, w.dies)
            if typ is not None and canon(typ) in script.teams:
                return script.teams[canon(typ)]
    return None


def wins_on_death(rs: Ruleset, typ: str) -> bool:
    """A team wins when a character of type `typ` dies (the Demon)."""
    return any(isinstance(w, TeamWins) and w.dies and same(typ, w.dies) for w in rs.kind_rules)


def _deal(rs: Ruleset, n: int) -> dict[str, int] | None:
    for d in rs.kind_rules:
        if isinstance(d, Deal) and d.players == n:
            return {(_faction(rs, g) or g): k for g, k in d.counts}
    return None


def caps(script: Script, n: int) -> dict[str, int] | None:
    """The most characters of each type a game of n may deal: the deal, and up to
    `Extra` more of a type a character in play adds to."""
    deal = _deal(script.rs, n)
    if deal is None:
        return None
    out = dict(deal)
    for r in script.rs.roles:
        for t in r.traits:
            if isinstance(t, Extra) and t.count is not None and t.count > 0:
                typ = next((f for f in out if same(f, t.group)), None)
                if typ is not None:
                    out[typ] = deal[typ] + t.count
    return out


def hides(script: Script, hidden: str, claim: str, me: bool) -> bool:
    """A player of the team that may lie may claim anything (the observer knows their
    own team)."""
    return not me and script.lies(hidden)


def dealt(script: Script, world: Sequence[str], claims: Sequence[str]) -> bool:
    """The world has exactly the deal's count of each type, changed by the `Extra` of
    the characters in it (taken from the biggest type)."""
    want = _deal(script.rs, len(world))
    assert want is not None
    biggest = max(want, key=lambda t: want[t])
    for c in world:
        for t in script.traits(c):
            if isinstance(t, Extra) and t.count is not None:
                typ = next((f for f in want if same(f, t.group)), None)
                if typ is not None:
                    want[typ] += t.count
                    want[biggest] -= t.count
    got: dict[str, int] = dict.fromkeys(want, 0)
    for c in world:
        typ = script.type_of(c)
        got[typ] = got.get(typ, 0) + 1
    return got == want


def won(play: Play, st: State) -> bool:
    """A team has won: only `TeamWins.alive` players are left alive, or the group whose
    death wins it ("The good team wins when the Demon dies.") has died. With two
    Demons (a Scarlet Woman who became one beside the Imp) the text does not say
    whether the first's death wins: read as the rulebook's "the Demon" (finding T14),
    when no player of the group is left alive (a character passed on is the group's
    again)."""
    alive = sum(st.alive)
    for w in play.s.rs.kind_rules:
        if not isinstance(w, TeamWins):
            continue
        if w.alive is not None and alive <= w.alive:
            return True
        if w.dies is not None and not any(
            st.alive[k] and same(play.s.type_of(c), w.dies) for k, c in enumerate(st.chars)
        ):
            return True
    return False


KIND = Kind(
    "deal",
    (Deal, Team, Extra, TeamWins),
    table=Table(teams=teams, liars=liars, caps=caps, hides=hides, dealt=dealt, won=won),
)
