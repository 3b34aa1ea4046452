"""Owns `ruling solve` on a Clocktower game's observations (docs/formats.md, "Clocktower"):
which starting assignments of characters to seats are consistent with the claims, the
information each player says their character gave them, the deaths, nominations and
executions, when SOME choices of the storyteller and of the evil players explain them.

A world is a starting assignment: each player holds the character they claim, or (if the
observations allow it) a hidden character: an evil one, or the character whose holder is
told they are another (`malfunction.Believes`: the Drunk). Good players claim what they
are told they are; evil players may claim anything, and their information is free. The
setup fixes how many characters of each type are dealt (`deal.Deal`, changed by a
character in play: `deal.Extra`).

The game is then played out phase by phase over the choices nobody observed, each
existential: the storyteller's (a registration, `registration.RegistersAs`, at each
look; the red herring; what an impaired player is told; a death moved to another
player; which Minion inherits the Demon) and the evil players' (whom the Demon kills,
whom the impairing ability picks). Everything the solver acts on is a node of the
ruleset's kinds, found on the characters (no character is named here):

  information   knowing.OneOf / NoneInPlay / PairsCount / NeighbourCount / AnyIs (with
                registration.RedHerring) / ExecutedRole, investigate.Investigate of the
                role (triggers.OnDeath: on a night death), "I became the X"
  impairment    malfunction.Impaired (a night and its day), malfunction.Believes (always)
  the night     succession.Dies (the kill, from its ability's nights on), SafeFrom (a
                trait, or an effect the holder aims at another), DiesInstead, Succession
  the day       triggers.IfIs + Public (a public shot), triggers.OnNominated, execution,
                triggers.TeamResult (a team that loses when its holder is executed),
                deal.TeamWins (the Demon's death, the last players alive)

What the texts of information mean is said in docs/formats.md. Not modelled yet: the
Butler's vote, the Mayor's win, the Spy's Grimoire.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from logic.effects.deal import Deal, Extra, Team, TeamWins
from logic.effects.investigate import Info, Investigate
from logic.effects.knowing import (
    AnyIs,
    ExecutedRole,
    NeighbourCount,
    NoneInPlay,
    OneOf,
    PairsCount,
)
from logic.effects.malfunction import Believes, Impaired
from logic.effects.registration import RedHerring, RegistersAs, same
from logic.effects.succession import Dies, DiesInstead, SafeFrom, Succession
from logic.effects.triggers import IfIs, OnDeath, OnNominated, TeamResult
from logic.lang.errors import RulingError
from logic.lang.observations import Fact, Observations
from logic.model.ir import Frequency, Role, Ruleset, canon

# ----------------------------------------------------------------------------- the script


@dataclass(frozen=True)
class Script:
    """The ruleset as the solver reads it: each character's type and team, the deal, and
    the nodes it acts on, by character (canonical name)."""

    rs: Ruleset
    types: dict[str, str]  # character -> its type (the ruleset's faction)
    teams: dict[str, str]  # type -> team ("good", "evil")
    deals: dict[int, dict[str, int]]  # players -> type -> how many
    memo: dict[tuple[str, type], bool] = field(default_factory=dict, compare=False)

    def role(self, char: str) -> Role:
        role = self.rs.role(char)
        assert role is not None, char
        return role

    def type_of(self, char: str) -> str:
        return self.types[canon(char)]

    def team_of(self, char: str) -> str:
        return self.teams[canon(self.type_of(char))]

    def effects(self, char: str) -> list[object]:
        return [e for a in self.role(char).abilities for e in a.effects]

    def traits(self, char: str) -> tuple[object, ...]:
        return self.role(char).traits

    def has(self, char: str, node: type) -> bool:
        key = (char, node)
        if key not in self.memo:
            role = self.role(char)
            nodes = (*(e for a in role.abilities for e in a.effects), *role.traits)
            self.memo[key] = any(isinstance(x, node) for x in nodes)
        return self.memo[key]

    def first_night_of(self, char: str, node: type) -> int:
        """The first night the character's ability with `node` is used (1, or 2 for
        "each night*")."""
        for a in self.role(char).abilities:
            if any(isinstance(e, node) for e in a.effects):
                return 2 if a.frequency is Frequency.SUBSEQUENT_NIGHTS else 1
        return 1

    # registration: what a character may show, at the storyteller's choice
    def shows(self, char: str) -> list[tuple[str, ...]]:
        return [p for t in self.traits(char) if isinstance(t, RegistersAs) for p in t.shows]

    def may_be_team(self, char: str, team: str) -> bool:
        if same(self.team_of(char), team):
            return True
        return any(same(g, team) for part in self.shows(char) for g in part)

    def must_be_team(self, char: str, team: str) -> bool:
        """Whether the character registers as `team` whatever the storyteller chooses."""
        if not same(self.team_of(char), team):
            return False
        others = [g for part in self.shows(char) for g in part if g in self.teams.values()]
        return not any(not same(g, team) for g in others)

    def may_be_type(self, char: str, typ: str) -> bool:
        if same(self.type_of(char), typ):
            return True
        return any(same(g, typ) for part in self.shows(char) for g in part)

    def must_be_type(self, char: str, typ: str) -> bool:
        if not same(self.type_of(char), typ):
            return False
        return not any(not same(g, typ) for part in self.shows(char) for g in part)

    def may_show_as(self, char: str, shown: str) -> bool:
        """Whether a character may register as the character `shown`: itself, or any
        character of a type it might register as."""
        if canon(char) == canon(shown):
            return True
        return canon(shown) in self.types and any(
            same(g, self.type_of(shown)) for part in self.shows(char) for g in part
        )


def read_script(rs: Ruleset) -> Script:
    types = {canon(r.name): r.faction for r in rs.roles}
    teams: dict[str, str] = {}
    for t in rs.kind_rules:
        if isinstance(t, Team):
            for g in t.groups:
                f = next((f for f in rs.factions if same(f, g)), None)
                if f is not None:
                    teams[canon(f)] = t.team
    deals: dict[int, dict[str, int]] = {}
    for d in rs.kind_rules:
        if isinstance(d, Deal):
            counts: dict[str, int] = {}
            for g, n in d.counts:
                f = next((f for f in rs.factions if same(f, g)), g)
                counts[f] = n
            deals[d.players] = counts
    return Script(rs, types, teams, deals)


# ----------------------------------------------------------------------------- the game


@dataclass(frozen=True)
class Game:
    """The observations, bound: seats, claims, hidden characters, phases of facts."""

    seats: tuple[str, ...]
    claims: tuple[str, ...]  # by seat
    hidden: tuple[str, ...]
    maybe: tuple[str, ...]  # what the observer might be unknowingly
    me: int
    phases: tuple[tuple[str, int, tuple[Fact, ...]], ...]  # (kind, number, facts), in order


def bind_game(script: Script, obs: Observations) -> Game:
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
    by_phase: dict[tuple[str, int], list[Fact]] = {}
    for f in obs.facts:
        if f.phase is not None:
            by_phase.setdefault(f.phase, []).append(f)
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


# ----------------------------------------------------------------------------- starting worlds


def starts(script: Script, game: Game) -> Iterator[tuple[str, ...]]:
    """Every starting assignment the setup allows: each seat its claim or a hidden
    character it may hold unclaimed (an evil one; one told it is another, for a claim of
    the type it is told)."""
    n = len(game.seats)
    deal = script.deals.get(n)
    if deal is None:
        raise RulingError(f"the ruleset deals no game of {n} players")
    options: list[list[str]] = []
    for k, claim in enumerate(game.claims):
        opts = [claim]
        pool = game.maybe if k == game.me else game.hidden
        for h in pool:
            if canon(h) == canon(claim):
                continue
            believes = [t for t in script.traits(h) if isinstance(t, Believes)]
            if believes:
                if any(same(script.type_of(claim), t.group) for t in believes):
                    opts.append(h)
            elif k != game.me and script.team_of(h) == _evil(script):
                opts.append(h)
        options.append(opts)
    caps = _caps(script, deal)
    for world in _unique(script, options, caps, 0, [], {}):
        # the character a Believes holder is shown is not in play (the rulebook's; read
        # from "All roles are unique.": no character is dealt twice, shown or held)
        held = {canon(c) for c in world}
        shown = [game.claims[k] for k, c in enumerate(world) if script.has(c, Believes)]
        if any(canon(c) in held for c in shown):
            continue
        if _dealt(script, world, deal):
            yield tuple(world)


def _caps(script: Script, deal: dict[str, int]) -> dict[str, int]:
    """The most characters of each type a game may deal (a type a character in play adds
    to, `deal.Extra`, up to that many more)."""
    caps = dict(deal)
    for r in script.rs.roles:
        for t in r.traits:
            if isinstance(t, Extra) and t.count is not None and t.count > 0:
                typ = next((f for f in caps if same(f, t.group)), None)
                if typ is not None:
                    caps[typ] = deal[typ] + t.count
    return caps


def _unique(
    script: Script,
    options: list[list[str]],
    caps: dict[str, int],
    k: int,
    chosen: list[str],
    counts: dict[str, int],
) -> Iterator[list[str]]:
    """The assignments of options to seats k.. with no character twice and no type over
    its cap."""
    if k == len(options):
        yield list(chosen)
        return
    for c in options[k]:
        typ = script.type_of(c)
        if c in chosen or counts.get(typ, 0) >= caps.get(typ, 0):
            continue
        chosen.append(c)
        counts[typ] = counts.get(typ, 0) + 1
        yield from _unique(script, options, caps, k + 1, chosen, counts)
        counts[typ] -= 1
        chosen.pop()


def _evil(script: Script) -> str:
    """The team that may lie: the team of the type whose death wins the game for the
    other team ("The good team wins when the Demon dies.": the Demon's team)."""
    for w in script.rs.kind_rules:
        if isinstance(w, TeamWins) and w.dies is not None:
            typ = next((f for f in script.rs.factions if same(f, w.dies)), None)
            if typ is not None and canon(typ) in script.teams:
                return script.teams[canon(typ)]
    raise RulingError(f"{script.rs.name} says no team wins by a type's death: who may lie?")


def _dealt(script: Script, world: Sequence[str], deal: dict[str, int]) -> bool:
    want = dict(deal)
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


# ----------------------------------------------------------------------------- playing it out


@dataclass
class State:
    chars: list[str]  # current characters, by seat
    alive: list[bool]
    herring: int | None = None
    impaired: int | None = None  # impaired tonight and the following day
    impairer: int | None = None  # who impaired them
    shot: set[int] = field(default_factory=set)  # seats whose public shot is used
    nominated: set[int] = field(default_factory=set)
    over: bool = False  # a team has won
    executed: int | None = None  # today's execution (for the next night's information)

    def copy(self) -> State:
        return replace(
            self,
            chars=list(self.chars),
            alive=list(self.alive),
            shot=set(self.shot),
            nominated=set(self.nominated),
        )


class Play:
    """One starting world played out over the observations, depth first over the
    choices nobody observed; `consistent` when some choices explain every fact."""

    def __init__(self, script: Script, game: Game, world: tuple[str, ...]) -> None:
        self.s, self.g, self.start = script, game, world
        self.n = len(world)
        self.evil = _evil(script)

    def consistent(self) -> bool:
        state = State(list(self.start), [True] * self.n)
        herrings: list[int | None] = [None]
        if any(self._holds(c, RedHerring) for c in self.start):
            # only a player some information names can matter; None: any other
            named = {
                self._seat(w)
                for _, _, facts in self.g.phases
                for f in facts
                if f.kind == "says_info"
                for w in re.findall(r"\w+", f.text)
                if any(canon(w) == canon(p) for p in self.g.seats)
            }
            herrings += [k for k in sorted(named) if not self._evil(self.start[k])]
        for h in herrings:
            st = state.copy()
            st.herring = h
            if self._phases(st, 0):
                return True
        return False

    # characters
    def _holds(self, char: str, node: type) -> bool:
        return self.s.has(char, node)

    def _evil(self, char: str) -> bool:
        return canon(self.s.team_of(char)) == canon(self.evil)

    def _drunk(self, st: State, k: int) -> bool:
        return self._holds(st.chars[k], Believes)

    def _sober(self, st: State, k: int) -> bool:
        return not self._drunk(st, k) and st.impaired != k

    def _is(self, st: State, k: int, node: type) -> bool:
        """Seat k holds a working character with `node` (not impaired)."""
        return self._holds(st.chars[k], node) and self._sober(st, k)

    # the phases
    def _phases(self, st: State, i: int) -> bool:
        if st.over:
            return False  # a team has won: the puzzles' games go on
        if i == len(self.g.phases):
            return True
        kind, number, facts = self.g.phases[i]
        if kind == "night":
            return any(self._phases(after, i + 1) for after in self._night(st, number, facts))
        return any(self._phases(after, i + 1) for after in self._day(st, number, facts))

    def _night(self, st: State, night: int, facts: tuple[Fact, ...]) -> Iterator[State]:
        died = {self._seat(f.subject) for f in facts if f.kind == "died"}
        impairers = [k for k in range(self.n) if st.alive[k] and self._holds(st.chars[k], Impaired)]
        targets: list[int | None] = [None]
        if any(not self._drunk(st, k) for k in impairers):
            # an impairment matters only on a player whose character acts or is told
            # something tonight or tomorrow: any other is as none
            speakers = {self._seat(f.subject) for f in facts if f.kind == "says_info"}
            targets += [
                k
                for k in range(self.n)
                if st.alive[k] and (k in speakers or self._acts(st.chars[k]))
            ]
        for t in targets:
            s1 = st.copy()
            s1.impaired = t
            s1.impairer = next((k for k in impairers if not self._drunk(st, k)), None)
            for s2 in self._kills(s1, night, died):
                self._impairer_gone(s2)
                if self._night_info(s2, st, night, facts):
                    s2.executed = None
                    yield s2

    def _impairer_gone(self, st: State) -> None:
        """An impairment ends when its maker dies or no longer holds its character."""
        k = st.impairer
        if k is not None and (not st.alive[k] or not self._holds(st.chars[k], Impaired)):
            st.impaired = None
            st.impairer = None

    def _acts(self, char: str) -> bool:
        """A character whose working matters beyond its information."""
        nodes = (Dies, SafeFrom, DiesInstead, OnNominated, IfIs, Succession, TeamResult)
        return any(self._holds(char, node) for node in nodes)

    def _kills(self, st: State, night: int, died: set[int]) -> Iterator[State]:
        """The night's deaths: the killing character's choice (from its first night on),
        stopped by safety, moved by the storyteller, passed on when it kills itself."""
        killers = [
            k
            for k in range(self.n)
            if st.alive[k]
            and self._is(st, k, Dies)
            and night >= self.s.first_night_of(st.chars[k], Dies)
        ]
        if not died:
            yield st  # no kill, or a kill stopped: always possible
            return
        if len(killers) != 1 or len(died) > 1:
            return
        (demon,) = killers
        (victim,) = died
        if not st.alive[victim]:
            return
        if victim == demon:  # it kills itself: the Demon passes on
            yield from self._passed_on(st, demon, self_kill=True)
            return
        # the kill lands on the victim, or on a holder of DiesInstead whose death the
        # storyteller moves to the victim
        moved = any(
            m != victim
            and st.alive[m]
            and self._is(st, m, DiesInstead)
            and not self._safe(st, m, demon)
            for m in range(self.n)
        )
        if not self._safe(st, victim, demon) or moved:
            s1 = st.copy()
            s1.alive[victim] = False
            if self._few_left(s1):
                s1.over = True
            yield s1

    def _safe(self, st: State, k: int, demon: int) -> bool:
        if any(isinstance(t, SafeFrom) for t in self.s.traits(st.chars[k])) and self._sober(st, k):
            return True
        # a protector (an ability with SafeFrom) may have chosen k: any sober living one
        return any(
            st.alive[m] and m != k and self._is(st, m, SafeFrom) and m != demon
            for m in range(self.n)
            if any(isinstance(e, SafeFrom) for e in self.s.effects(st.chars[m]))
        )

    def _passed_on(self, st: State, demon: int, self_kill: bool) -> Iterator[State]:
        """The Demon dies: a character with Succession takes it (a Minion of the killer's
        self-kill, or a holder who becomes the Demon); else its team has lost."""
        alive_before = sum(st.alive)
        st = st.copy()
        st.alive[demon] = False
        demon_char = st.chars[demon]
        heirs: list[tuple[int, str]] = []
        for k in range(self.n):
            if not st.alive[k]:
                continue
            if self_kill:
                for e in self.s.effects(demon_char):
                    if (
                        isinstance(e, Succession)
                        and e.self_kill
                        and e.heir
                        and same(self.s.type_of(st.chars[k]), e.heir)
                    ):
                        heirs.append((k, e.becomes))
            for t in self.s.traits(st.chars[k]):
                if (
                    isinstance(t, Succession)
                    and t.dies
                    and same(self.s.type_of(demon_char), t.dies)
                    and alive_before >= t.min_alive
                    and self._sober(st, k)
                ):
                    heirs.append((k, demon_char))
        if not heirs:
            st.over = True
            yield st
            return
        for k, becomes in heirs:
            s1 = st.copy()
            s1.chars[k] = self.s.role(becomes).name
            yield s1

    def _night_info(self, st: State, before: State, night: int, facts: tuple[Fact, ...]) -> bool:
        for f in facts:
            if f.kind != "says_info":
                continue
            k = self._seat(f.subject)
            if self._evil(before.chars[k]) or not self._sober(st, k):
                continue  # free: an evil player's, an impaired player's
            if canon(before.chars[k]) != canon(f.obj):
                return False  # a good player told they are what they are not
            if not self._told(st, before, k, f, night):
                return False
        return True

    def _told(self, st: State, before: State, k: int, f: Fact, night: int) -> bool:
        """Whether the information of `f` may be true (some registrations make it so)."""
        char, text = before.chars[k], f.text
        died_now = before.alive[k] and not st.alive[k]
        became = re.fullmatch(r"I became the (.+)", text)
        if became:
            return canon(st.chars[k]) == canon(became.group(1))
        on_death = any(isinstance(e, OnDeath) for e in self.s.effects(char))
        if on_death:
            if not died_now:
                return False
        elif not st.alive[k]:
            return False  # the dead learn nothing
        for e in self.s.effects(char):
            if isinstance(e, OneOf):
                return self._one_of(st, e, text, char)
            if isinstance(e, PairsCount):
                return _int(text) in self._pairs(st, e.team)
            if isinstance(e, NeighbourCount):
                return _int(text) in self._neighbours(st, k, e.team, e.alive)
            if isinstance(e, AnyIs):
                return self._any_is(st, e.group, text)
            if isinstance(e, ExecutedRole):
                m = re.fullmatch(r"(\w+) was the (.+)", text)
                ex = before.executed
                if m is None or ex is None or self._seat(m.group(1)) != ex:
                    return False
                return self.s.may_show_as(st.chars[ex], m.group(2))
            if isinstance(e, Investigate) and e.info is Info.ROLE:
                m = re.fullmatch(r"(\w+) is the (.+)", text)
                if m is None:
                    return False
                return self.s.may_show_as(st.chars[self._seat(m.group(1))], m.group(2))
        return True  # information the solver does not read: not a constraint

    def _one_of(self, st: State, e: OneOf, text: str, char: str) -> bool:
        if text == "none is in play":
            if not any(isinstance(x, NoneInPlay) for x in self.s.effects(char)):
                return False
            return not any(self.s.must_be_type(c, e.group) for c in st.chars)
        m = re.fullmatch(r"(\w+) or (\w+) is the (.+)", text)
        if not m or self.s.rs.role(m.group(3)) is None:
            return False
        shown = m.group(3)
        if not same(self.s.type_of(shown), e.group):
            return False
        a, b = self._seat(m.group(1)), self._seat(m.group(2))
        return self.s.may_show_as(st.chars[a], shown) or self.s.may_show_as(st.chars[b], shown)

    def _pairs(self, st: State, team: str) -> set[int]:
        """The counts of neighbouring pairs of `team` some registrations give: each pair is
        a look of its own (a player who might register as the team may do so in one pair
        and not in the other: the reading NQT31's published solution needs)."""
        pairs = [(st.chars[k], st.chars[(k + 1) % self.n]) for k in range(self.n)]
        lo = sum(
            1 for a, b in pairs if self.s.must_be_team(a, team) and self.s.must_be_team(b, team)
        )
        hi = sum(1 for a, b in pairs if self.s.may_be_team(a, team) and self.s.may_be_team(b, team))
        return set(range(lo, hi + 1))

    def _neighbours(self, st: State, k: int, team: str, alive: bool) -> set[int]:
        near = []
        for step in (1, -1):
            j = (k + step) % self.n
            while j != k and alive and not st.alive[j]:
                j = (j + step) % self.n
            if j != k:
                near.append(j)
        near = list(dict.fromkeys(near))
        lo = sum(1 for j in near if self.s.must_be_team(st.chars[j], team))
        hi = sum(1 for j in near if self.s.may_be_team(st.chars[j], team))
        return set(range(lo, hi + 1))

    def _any_is(self, st: State, group: str, text: str) -> bool:
        m = re.fullmatch(r"(\w+) or (\w+): (yes|no)", text)
        if not m:
            return False
        seats = [self._seat(m.group(1)), self._seat(m.group(2))]
        may = any(self.s.may_be_type(st.chars[j], group) or j == st.herring for j in seats)
        must = any(self.s.must_be_type(st.chars[j], group) or j == st.herring for j in seats)
        return may if m.group(3) == "yes" else not must

    # the day
    def _day(self, st: State, day: int, facts: tuple[Fact, ...]) -> Iterator[State]:
        yield from self._day_facts(st.copy(), day, list(facts), 0)

    def _day_facts(self, st: State, day: int, facts: list[Fact], i: int) -> Iterator[State]:
        if i == len(facts):
            st.impaired = None
            yield st
            return
        f = facts[i]
        if st.over:
            return
        if f.kind == "says_info" and self.s.has(f.obj, IfIs):
            yield from self._shot(st, day, facts, i)
        elif f.kind == "nominates":
            yield from self._nomination(st, day, facts, i)
        elif f.kind == "executed":
            k = self._seat(f.subject)
            if not st.alive[k]:
                return
            yield from self._phase_on(self._execute(st, k), day, facts, i + 1)
        elif f.kind == "died":
            return  # a death by day that nothing before explains
        else:
            yield from self._day_facts(st, day, facts, i + 1)

    def _phase_on(
        self, states: Iterator[State], day: int, facts: list[Fact], i: int
    ) -> Iterator[State]:
        for s in states:
            yield from self._day_facts(s, day, facts, i)

    def _shot(self, st: State, day: int, facts: list[Fact], i: int) -> Iterator[State]:
        f = facts[i]
        k, target = self._seat(f.subject), self._seat(f.text)
        dies_next = (
            i + 1 < len(facts)
            and facts[i + 1].kind == "died"
            and (self._seat(facts[i + 1].subject) == target)
        )
        works = (
            canon(st.chars[k]) == canon(f.obj)
            and st.alive[k]
            and self._sober(st, k)
            and k not in st.shot
            and st.alive[target]
        )
        if canon(st.chars[k]) == canon(f.obj):
            st.shot.add(k)
        group = next(e.group for e in self.s.effects(f.obj) if isinstance(e, IfIs))
        may = works and self.s.may_be_type(st.chars[target], group)
        must = works and self.s.must_be_type(st.chars[target], group)
        skip = i + 2 if dies_next else i + 1
        if dies_next and may:
            yield from self._phase_on(self._die(st, target), day, facts, skip)
        elif not dies_next and not must:
            yield from self._day_facts(st, day, facts, skip)

    def _nomination(self, st: State, day: int, facts: list[Fact], i: int) -> Iterator[State]:
        f = facts[i]
        x, v = self._seat(f.subject), self._seat(f.obj)
        executed = (
            i + 1 < len(facts)
            and facts[i + 1].kind == "executed"
            and (self._seat(facts[i + 1].subject) == x)
        )
        first = v not in st.nominated
        st.nominated.add(v)
        trait = next((t for t in self.s.traits(st.chars[v]) if isinstance(t, OnNominated)), None)
        works = trait is not None and first and self._sober(st, v) and st.alive[x]
        may = works and trait is not None and self.s.may_be_type(st.chars[x], trait.group)
        must = works and trait is not None and self.s.must_be_type(st.chars[x], trait.group)
        if executed and may:
            yield from self._phase_on(self._execute(st, x), day, facts, i + 2)
        elif not executed and not must:
            yield from self._day_facts(st, day, facts, i + 1)

    def _execute(self, st: State, k: int) -> Iterator[State]:
        st = st.copy()
        st.executed = k
        char = st.chars[k]
        for t in self.s.traits(char):
            loses = isinstance(t, TeamResult) and not t.wins and "execution" in t.event
            if loses and self._sober(st, k):
                st.alive[k] = False
                st.over = True
                yield st
                return
        for s in self._die(st, k):
            self._impairer_gone(s)
            yield s

    def _die(self, st: State, k: int) -> Iterator[State]:
        """k dies by day: the Demon's death passes it on, or ends the game."""
        if self._holds(st.chars[k], Dies) and self._killer_type(st.chars[k]):
            yield from self._passed_on(st, k, self_kill=False)
            return
        st = st.copy()
        st.alive[k] = False
        if self._few_left(st):
            st.over = True
        yield st

    def _killer_type(self, char: str) -> bool:
        return any(
            isinstance(w, TeamWins) and w.dies and same(self.s.type_of(char), w.dies)
            for w in self.s.rs.kind_rules
        )

    def _few_left(self, st: State) -> bool:
        alive = sum(st.alive)
        return any(
            isinstance(w, TeamWins) and w.alive is not None and alive <= w.alive
            for w in self.s.rs.kind_rules
        )

    def _seat(self, name: str) -> int:
        return next(k for k, p in enumerate(self.g.seats) if canon(p) == canon(name))


def _int(text: str) -> int:
    return int(text) if text.strip().isdigit() else -1


# ----------------------------------------------------------------------------- the answer


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
    script = read_script(rs)
    game = bind_game(script, obs)
    found = []
    checked = 0
    for world in starts(script, game):
        checked += 1
        if Play(script, game, world).consistent():
            found.append(world)
    return ClocktowerResult(
        obs.title, game.seats, tuple(found), checked, time.process_time() - start
    )
