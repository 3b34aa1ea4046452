"""Owns reading a player's observations (`*.obs`, grammar/observations.lark) and binding
their names to a ruleset: parse tree -> `Observations` -> `Setup` (players, role pool,
faction counts, the observer, and every fact with its names resolved).

Each fact keeps the `Why` of its own place in the file, so the solver can give every
fact a Boolean switch and name the facts that cannot hold together.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from lark import Token, v_args
from lark.tree import Meta

from logic.effects.deal import MoreRoles, always_dealt
from logic.effects.vote import Reveal
from logic.lang import grammar
from logic.lang.errors import Loc, RulingError, error_at_word, line_of
from logic.model.ir import Frequency, Role, Ruleset, Why, canon

FACT_KINDS = (
    "target",  # I target X (night)
    "kill",  # I kill X (night)
    "nothing",  # I do nothing (night)
    "learn",  # I learn "TEXT" (night)
    "learn_nothing",  # I learn nothing (night)
    "lynched",  # X is lynched (day)
    "died",  # X died (night)
    "flip",  # X was ROLE (any phase)
    "vote",  # X votes Y, or X votes no one (obj "") (day)
    "no_lynch",  # no one is lynched (day)
    "claims_role",  # X claims ROLE
    "says_targeted",  # X says he targeted Y on night N
    "says_learned",  # X says he learned "TEXT" on night N
    # Clocktower (docs/formats.md): X says ROLE: "TEXT" (what X's character told them in
    # that phase: `obj` the character, `text` the information), X is executed, X nominates Y
    "says_info",
    "executed",
    "nominates",
)


@dataclass(frozen=True)
class Fact:
    kind: str
    phase: tuple[str, int] | None  # ("night", 2), ("day", 1); None for a role claim
    subject: str = ""  # a player; the observer for "I ..." facts
    obj: str = ""  # a player, a role, or a result text
    why: Why = field(default=Why(Loc("<obs>", 0, 0), ""), compare=False)
    text: str = ""  # the information of a `says_info` fact

    def __str__(self) -> str:
        return self.why.text


@dataclass(frozen=True)
class Observations:
    title: str
    file: str
    ruleset: str | None = None
    players: tuple[str, ...] = ()
    factions: tuple[tuple[int, str], ...] = ()
    roles: tuple[str, ...] | None = None
    me: tuple[str, str, str | None] | None = None  # name, role, alignment (if given)
    facts: tuple[Fact, ...] = ()
    whys: dict[str, Why] = field(default_factory=dict, compare=False)  # line kind -> Why
    # Clocktower: the players in their seats (clockwise; then also `players`), the
    # characters that may be in play unclaimed, what the observer might be unknowingly
    seats: tuple[str, ...] = ()
    hidden: tuple[str, ...] = ()
    maybe: tuple[str, ...] = ()

    @property
    def clocktower(self) -> bool:
        """Whether these are a Clocktower game's observations (seats, hidden characters,
        or information said of a character)."""
        return bool(self.seats or self.hidden or self.maybe) or any(
            f.kind in ("says_info", "executed", "nominates") for f in self.facts
        )


@v_args(meta=True)
class _ToObservations(grammar.SourceTransformer):
    kind = "observation"

    def start(self, meta: Meta, children: list[Any]) -> Observations:
        title = str(children[0])[1:-1]
        kw: dict[str, Any] = {}
        facts: list[Fact] = []
        whys: dict[str, Why] = {}
        for kind, value, why in children[1:]:
            if kind == "facts":
                facts.extend(value)
                continue
            if kind in kw:
                raise RulingError(
                    f"a second '{kind}:' line (the first is on line {whys[kind].loc.line})",
                    why.loc,
                    line_of(self.text, why.loc.line),
                )
            kw[kind] = value
            whys[kind] = why
        if "seats" in kw:
            if "players" in kw:
                raise RulingError(
                    "a 'seats:' line lists the players: leave out the 'players:' line",
                    whys["players"].loc,
                    line_of(self.text, whys["players"].loc.line),
                )
            kw["players"] = kw["seats"]
            whys["players"] = whys["seats"]
        return Observations(title, self.filename, facts=tuple(facts), whys=whys, **kw)

    def role_name(self, meta: Meta, children: list[Token]) -> str:
        if len(children) == 1 and children[0].type == "STRING":
            return str(children[0])[1:-1]
        return " ".join(str(c) for c in children)

    def ruleset_line(self, meta: Meta, children: list[Token]) -> tuple[str, str, Why]:
        value = str(children[0])
        return ("ruleset", value[1:-1] if children[0].type == "STRING" else value, self._why(meta))

    def players_line(self, meta: Meta, children: list[Token]) -> tuple[str, Any, Why]:
        return ("players", tuple(str(c) for c in children), self._why(meta))

    def seats_line(self, meta: Meta, children: list[Token]) -> tuple[str, Any, Why]:
        return ("seats", tuple(str(c) for c in children), self._why(meta))

    def hidden_line(self, meta: Meta, children: list[str]) -> tuple[str, Any, Why]:
        return ("hidden", tuple(children), self._why(meta))

    def me_maybe_line(self, meta: Meta, children: list[str]) -> tuple[str, Any, Why]:
        return ("maybe", tuple(children), self._why(meta))

    def faction_count(self, meta: Meta, children: list[Token]) -> tuple[int, str]:
        return (int(children[0]), " ".join(str(c) for c in children[1:]))

    def factions_line(self, meta: Meta, children: list[Any]) -> tuple[str, Any, Why]:
        return ("factions", tuple(children), self._why(meta))

    def roles_line(self, meta: Meta, children: list[str]) -> tuple[str, Any, Why]:
        return ("roles", tuple(children), self._why(meta))

    def me_line(self, meta: Meta, children: list[Any]) -> tuple[str, Any, Why]:
        faction = children[2] if len(children) > 2 else None
        return ("me", (str(children[0]), children[1], faction), self._why(meta))

    def alignment(self, meta: Meta, children: list[Token]) -> str:
        return " ".join(str(c) for c in children)

    def night(self, meta: Meta, children: list[Token]) -> tuple[str, int]:
        return ("night", int(children[0]))

    def day(self, meta: Meta, children: list[Token]) -> tuple[str, int]:
        return ("day", int(children[0]))

    def phase_line(self, meta: Meta, children: list[Any]) -> tuple[str, Any, Why]:
        phase, *facts = children
        out = [Fact(k, phase, s, o, w, *rest) for k, s, o, w, *rest in facts]
        return ("facts", out, self._why(meta))

    def claims_line(self, meta: Meta, children: list[Any]) -> tuple[str, Any, Why]:
        return ("facts", list(children), self._why(meta))

    def _fact(self, kind: str, meta: Meta, subject: str = "", obj: str = "") -> Any:
        return (kind, subject, obj, self._why(meta))

    def i_target(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("target", meta, "", str(c[0]))

    def i_kill(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("kill", meta, "", str(c[0]))

    def i_nothing(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("nothing", meta)

    def i_learn(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("learn", meta, "", str(c[0])[1:-1])

    def i_learn_nothing(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("learn_nothing", meta)

    def lynched(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("lynched", meta, str(c[0]))

    def died(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("died", meta, str(c[0]))

    def flip(self, meta: Meta, c: list[Any]) -> Any:
        return self._fact("flip", meta, str(c[0]), c[1] + (f" ({c[2]})" if len(c) > 2 else ""))

    def vote(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("vote", meta, str(c[0]), str(c[1]))

    def vote_no_one(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("vote", meta, str(c[0]), "")

    def no_lynch(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("no_lynch", meta)

    def says_info(self, meta: Meta, c: list[Any]) -> Any:
        return (*self._fact("says_info", meta, str(c[0]), c[1]), str(c[2])[1:-1])

    def executed(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("executed", meta, str(c[0]))

    def nominates(self, meta: Meta, c: list[Token]) -> Any:
        return self._fact("nominates", meta, str(c[0]), str(c[1]))

    def claims_role(self, meta: Meta, c: list[Any]) -> Fact:
        role = c[1] + (f" ({c[2]})" if len(c) > 2 else "")
        return Fact("claims_role", None, str(c[0]), role, self._why(meta))

    def says_targeted(self, meta: Meta, c: list[Token]) -> Fact:
        return Fact("says_targeted", ("night", int(c[3])), str(c[0]), str(c[2]), self._why(meta))

    def says_learned(self, meta: Meta, c: list[Token]) -> Fact:
        text = str(c[2])[1:-1]
        return Fact("says_learned", ("night", int(c[3])), str(c[0]), text, self._why(meta))


def parse_observations(text: str, filename: str = "<obs>") -> Observations:
    tree = grammar.parse(text, filename, "observations", "observations file")
    obs: Observations = _ToObservations(text, filename).transform(tree)
    return obs


def load_observations(path: str | Path) -> tuple[Observations, str]:
    text = grammar.read_source(path, "observations")
    return parse_observations(text, str(path)), text


# ----------------------------------------------------------------------------- binding


def _never_dealt(rs: Ruleset, role: Role, why: Why, error: Callable[..., RulingError]) -> None:
    """Refuse an observation of a role no player is dealt at the start ("A game will
    never start with Lovers"): `solve` does not follow the phase that makes it."""
    never = next((w for r, w in rs.never_dealt if canon(r) == canon(role.name)), None)
    if never is not None:
        raise error(
            f"no player is dealt {role.name} at the start ({never.loc.short}: "
            f'"{never.text}"); `solve` does not follow the phase that makes it',
            why,
            role.name.split()[0],
        )


MAX_NIGHTS = 8
"""The most nights `solve` chains: each night multiplies the symbolic game (night 12 of a
nine-player game takes 15 s to build and night 24 a gigabyte), so a later night is refused
before any of it is built."""


MAX_FACTS = 200
"""The most different facts `solve` weighs (a switch each, searched for the smallest set
that cannot hold together); more is refused, located at the first fact past it."""


@dataclass(frozen=True)
class Kind:
    """What a player may be, as `ruling solve` counts worlds: a role of the pool and a
    faction it may be given to (one kind per role, unless the role may be given to
    players of several factions: a neutral role, the role of players with no role)."""

    role: int  # its index in `Setup.roles`
    faction: str
    name: str  # the role's name, with its faction in brackets when it has several


@dataclass(frozen=True)
class Setup:
    """Observations bound to a ruleset: every name resolved, every count checked."""

    ruleset: Ruleset
    players: tuple[str, ...]
    roles: tuple[Role, ...]  # the pool
    counts: tuple[tuple[str, int], ...]  # every faction of the pool and its player count
    rest: str  # the faction that takes the players not counted (its members tell the truth)
    me: str
    my_role: Role
    me_why: Why
    setup_why: Why  # the factions line (or the players line)
    facts: tuple[Fact, ...]  # names and roles in their canonical spelling
    nights: int  # nights 1..nights are covered by the observations
    title: str = ""
    # what a world gives each player (see `Kind`); empty: one kind per role, in order
    kinds: tuple[Kind, ...] = ()
    my_kind: int | None = None  # the observer's kind (None: their role's only one)
    caps: tuple[int, ...] = ()  # per role: how many players may hold it (all its kinds)
    exact: tuple[tuple[int, int], ...] = ()  # (kind, the number of players of that kind)
    lows: tuple[tuple[int, int], ...] = ()  # (kind, its fewest holders): a role always dealt

    def role_index(self, role: Role) -> int:
        return next(k for k, r in enumerate(self.roles) if canon(r.name) == canon(role.name))

    @property
    def pool(self) -> tuple[Kind, ...]:
        """The kinds (one per role when the setup gives none)."""
        if self.kinds:
            return self.kinds
        return tuple(Kind(k, r.faction, r.name) for k, r in enumerate(self.roles))

    def kinds_of(self, name: str) -> list[int]:
        """The kinds a role or 'ROLE (FACTION)' names."""
        exact = [k for k, x in enumerate(self.pool) if canon(x.name) == canon(name)]
        if exact:
            return exact
        return [k for k, x in enumerate(self.pool) if canon(self.roles[x.role].name) == canon(name)]

    @property
    def me_kind(self) -> int:
        if self.my_kind is not None:
            return self.my_kind
        return self.kinds_of(self.my_role.name)[0]

    def cap(self, role: int) -> int:
        """How many players may hold the role (all its kinds)."""
        if self.caps:
            return self.caps[role]
        return 1 if self.ruleset.unique_roles is not None else max(len(self.players), 1)

    def role(self, name: str) -> Role:
        found = self.ruleset.role(name)
        assert found is not None
        return found


class _Binder:
    def __init__(self, rs: Ruleset, obs: Observations, text: str | None) -> None:
        self.rs, self.obs, self.text = rs, obs, text

    def error(
        self, message: str, why: Why | None, token: str | None = None, expected: Iterable[str] = ()
    ) -> RulingError:
        if why is None:
            return RulingError(f"{self.obs.file}: {message}", expected=tuple(expected))
        source = line_of(self.text, why.loc.line) if self.text is not None else why.text
        return error_at_word(
            message, why.loc, source, token if self.text is not None else None, expected
        )

    def player(self, name: str, why: Why, players: dict[str, str]) -> str:
        found = players.get(canon(name))
        if found is None:
            raise self.error(f"{name!r} is not one of the players", why, name, players.values())
        return found

    def role(self, name: str, why: Why, pool: tuple[Role, ...]) -> Role:
        role = self.rs.role(name)
        names = [r.name for r in pool]
        if role is None:
            raise self.error(
                f"{name!r} is not a role of {self.rs.name}", why, name.split()[0], names
            )
        if all(canon(r.name) != canon(role.name) for r in pool):
            raise self.error(f"{role.name} is not in the role pool", why, name.split()[0], names)
        return role

    def bind(self) -> Setup:
        """The setup the observations give: the players, the role pool, the factions'
        counts, who I am, and each fact bound to them."""
        obs, rs, whys = self.obs, self.rs, self.obs.whys
        if obs.clocktower:
            raise self.error(
                "these are a Clocktower game's observations (seats, hidden characters, "
                "information said of a character): the Clocktower solver reads them "
                "(logic/commands/solve/clocktower.py, logic/model/table.py), not this binding",
                whys.get("seats") or whys.get("hidden") or whys.get("maybe"),
            )
        players = self._player_names()
        pool = self._role_pool()
        vanilla = rs.role(rs.vanilla) if rs.vanilla else None
        if vanilla is not None and vanilla not in pool:  # players with no role: always
            pool += (vanilla,)
        if obs.me is None:
            raise self.error("say who you are: add a line 'I am NAME, ROLE'", None)
        me = self.player(obs.me[0], whys["me"], players)
        my_role = self.role(obs.me[1], whys["me"], pool)
        kinds = self.kinds(pool)
        open_ = any(len([x for x in kinds if x.role == k]) > 1 for k in range(len(pool)))
        setup_why = whys.get("factions", whys["players"])
        counts, rest = self._faction_counts(len(players), kinds, setup_why)
        caps = tuple(
            len(players) if rs.unique_roles is None or (vanilla is not None and r is vanilla) else 1
            for r in pool
        )
        self._check_seats(counts, kinds, caps, setup_why)
        exact = self.balance(kinds, dict(counts), len(players), setup_why)
        lows = self.always(kinds, pool, len(players), setup_why)
        if (short := _pool_short(self.rs, pool, vanilla, len(players))) is not None:
            raise self.error(short, setup_why)
        my_kind = self.my_kind(kinds, pool, my_role, obs.me[2], whys["me"])
        facts = self._bound_facts(players, pool, me, kinds)
        nights = self._nights(facts)
        self._check_solvable(pool, nights)
        return Setup(
            rs,
            tuple(obs.players),
            pool,
            tuple(counts),
            rest,
            me,
            my_role,
            whys["me"],
            setup_why,
            facts,
            nights,
            obs.title,
            kinds if open_ else (),
            my_kind if open_ else None,
            caps,
            exact,
            lows,
        )

    def _player_names(self) -> dict[str, str]:
        """The players, by their canonical names (each listed once)."""
        obs, whys = self.obs, self.obs.whys
        if not obs.players:
            raise self.error("the observations give no players (add a 'players:' line)", None)
        players: dict[str, str] = {}
        for p in obs.players:
            if canon(p) in players:
                raise self.error(f"the player {p} is listed twice", whys["players"], p)
            players[canon(p)] = p
        return players

    def _role_pool(self) -> tuple[Role, ...]:
        """The roles the players may have: the 'roles:' line's (each once), or every role."""
        obs, rs, whys = self.obs, self.rs, self.obs.whys
        pool = tuple(rs.roles)
        if obs.roles is not None:
            pool = ()
            for name in obs.roles:
                role = self.role(name, whys["roles"], tuple(rs.roles))
                if role in pool:
                    raise self.error(f"{role.name} is listed twice", whys["roles"], name)
                pool += (role,)
        return pool

    def _faction_counts(
        self, players: int, kinds: tuple[Kind, ...], setup_why: Why
    ) -> tuple[tuple[tuple[str, int], ...], str]:
        """The players of each faction, and the one faction the 'factions:' line leaves to
        take the other players."""
        rs = self.rs
        counted: dict[str, int] = {}
        for n, name in self.obs.factions:
            f = rs.faction(name)
            if f is None:
                raise self.error(
                    f"{name!r} is not a faction of {rs.name}", setup_why, name, rs.factions
                )
            counted[f] = n
        in_pool = [f for f in rs.factions if any(canon(x.faction) == canon(f) for x in kinds)]
        rest = [f for f in in_pool if f not in counted]
        if len(rest) != 1:
            raise self.error(
                "the 'factions:' line must count every faction of the pool but one (which takes "
                f"the other players); the pool's factions are {', '.join(in_pool)}",
                setup_why,
            )
        left = players - sum(counted.values())
        if left < 0:
            raise self.error(
                f"the factions count {sum(counted.values())} players, but there are {players}",
                setup_why,
            )
        return (*counted.items(), (rest[0], left)), rest[0]

    def _check_seats(
        self,
        counts: tuple[tuple[str, int], ...],
        kinds: tuple[Kind, ...],
        caps: tuple[int, ...],
        setup_why: Why,
    ) -> None:
        """The pool must hold enough roles of each faction for its players."""
        for f, n in counts:
            seats = sum(caps[x.role] for x in kinds if canon(x.faction) == canon(f))
            if seats < n:
                raise self.error(
                    f"{n} {f} player(s), but the pool has {seats} {f} role(s)"
                    + (" (roles are not duplicated)" if self.rs.unique_roles is not None else ""),
                    setup_why,
                )

    def _bound_facts(
        self, players: dict[str, str], pool: tuple[Role, ...], me: str, kinds: tuple[Kind, ...]
    ) -> tuple[Fact, ...]:
        """The facts observed, each once, bound to the players and roles (one vote a player
        a day, at most MAX_FACTS)."""
        obs = self.obs
        facts = tuple(dict.fromkeys(self.fact(f, players, pool, me, kinds) for f in obs.facts))
        self.night_reveals(facts)
        # (a fact said twice is one fact: equal facts compare equal, their places aside)
        cast: dict[tuple[Any, str], Fact] = {}
        for fact in facts:
            if fact.kind != "vote":
                continue
            first = cast.setdefault((fact.phase, fact.subject), fact)
            if first is not fact:
                assert fact.phase is not None
                raise self.error(
                    f"{fact.subject} votes twice on day {fact.phase[1]} (the first vote is on line "
                    f"{first.why.loc.line}); a player casts one vote a day",
                    fact.why,
                    fact.subject,
                )
        if len(facts) > MAX_FACTS:
            raise self.error(
                f"more than {MAX_FACTS} different facts; the solver gives each a switch "
                "and cannot weigh this many (is this the right file?)",
                facts[MAX_FACTS].why,
            )
        return facts

    def _nights(self, facts: tuple[Fact, ...]) -> int:
        """The nights the observations cover (at most MAX_NIGHTS)."""
        # night N comes before day N; the observations cover every night up to the last named
        nights = max([1, *(f.phase[1] for f in facts if f.phase)])
        if nights > MAX_NIGHTS:
            last = next(f for f in facts if f.phase and f.phase[1] == nights)
            at = last.why.loc
            raise self.error(
                f"the solver reads observations of at most {MAX_NIGHTS} nights, "
                f"not {last.phase[0] if last.phase else 'night'} {nights}",
                replace(last.why, loc=Loc(at.file, at.line, 1)),
                str(nights),
            )
        return nights

    def _check_solvable(self, pool: tuple[Role, ...], nights: int) -> None:
        """The solver's limits: one-target abilities, and once-per-game ones on night 1 only."""
        for role in pool:
            if any(ab.targets != 1 for ab in role.abilities):
                raise self.error(
                    f"{role.name} has a two-target ability; the solver supports one-target "
                    "abilities only (leave it out with a 'roles:' line)",
                    self.obs.whys.get("roles"),
                )
        for role in pool:
            for ab in role.abilities:
                if ab.frequency is Frequency.ONCE_PER_GAME and nights > 1:
                    raise self.error(
                        f"{role.name}'s ability is once per game; the solver does not track "
                        "uses across nights yet (give observations of night 1 only)",
                        None,
                    )

    def kinds(self, pool: tuple[Role, ...]) -> tuple[Kind, ...]:
        """Each role of the pool with each faction it may be given to ("Neutral roles may
        be given to either"; players with no role in any faction); a faction whose players
        never have a role ("the Secret Boss will never have a role") only with no role; a
        role never dealt ("A game will never start with Lovers") in none."""
        rs = self.rs
        roleless = {canon(f) for f, _ in rs.roleless}
        never = {canon(r) for r, _ in rs.never_dealt}
        vanilla = canon(rs.vanilla) if rs.vanilla else None
        out: list[Kind] = []
        for k, r in enumerate(pool):
            if canon(r.name) in never:
                continue
            factions = [
                f for f in rs.factions_of(r) if canon(f) not in roleless or canon(r.name) == vanilla
            ]
            for f in factions:
                out.append(Kind(k, f, r.name if len(factions) == 1 else f"{r.name} ({f})"))
        return tuple(out)

    def kind(
        self,
        kinds: tuple[Kind, ...],
        pool: tuple[Role, ...],
        role: Role,
        faction: str | None,
        why: Why,
    ) -> int | None:
        """The kind of `role` in `faction` (None: the role's kinds, when not given)."""
        k = pool.index(role)
        mine = [i for i, x in enumerate(kinds) if x.role == k]
        if not mine:
            _never_dealt(self.rs, role, why, self.error)
        if faction is None:
            return mine[0] if len(mine) == 1 else None
        f = self.rs.faction(faction)
        found = [i for i in mine if f is not None and canon(kinds[i].faction) == canon(f)]
        if not found:
            allowed = [kinds[i].faction for i in mine]
            raise self.error(
                f"{role.name} is given to players of {', '.join(allowed)}, not {faction!r}",
                why,
                faction.split()[0],
                allowed,
            )
        return found[0]

    def my_kind(
        self,
        kinds: tuple[Kind, ...],
        pool: tuple[Role, ...],
        role: Role,
        faction: str | None,
        why: Why,
    ) -> int:
        k = self.kind(kinds, pool, role, faction, why)
        if k is None:
            allowed = [x.faction for x in kinds if pool[x.role] is role]
            raise self.error(
                f"{role.name} may be given to players of {', '.join(allowed)}: say which "
                f"('I am NAME, {role.name} ({allowed[0]})')",
                why,
                None,
                allowed,
            )
        return k

    def balance(
        self, kinds: tuple[Kind, ...], counts: dict[str, int], players: int, why: Why
    ) -> tuple[tuple[int, int], ...]:
        """The ruleset's count of one kind ("as many players who are town vanilla as there
        are players who are non-town"), from the factions' numbers."""
        if self.rs.balance is None:
            return ()
        role, faction, other, said = self.rs.balance
        n = players - counts.get(other, 0)
        k = next(
            (
                i
                for i, x in enumerate(kinds)
                if canon(x.name.split(" (")[0]) == canon(role)
                and canon(x.faction) == canon(faction)
            ),
            None,
        )
        if k is None or counts.get(faction, 0) < n:
            raise self.error(
                f"{n} {faction} player(s) hold no role by the ruleset's line {said.loc.line} "
                f'("{said.text}"), but the setup has {counts.get(faction, 0)} {faction} '
                f"player(s)" + ("" if k is not None else f" and no {role} in the pool"),
                why,
            )
        return ((k, n),)

    def always(
        self, kinds: tuple[Kind, ...], pool: tuple[Role, ...], players: int, why: Why
    ) -> tuple[tuple[int, int], ...]:
        """The roles every game deals ("These roles are always assigned"): each held by at
        least one player; the pool must hold them and the players must be enough."""
        out: list[tuple[int, int]] = []
        for name, said in always_dealt(self.rs):
            cite = f'the ruleset\'s line {said.loc.line} ("{said.text}")'
            role = self.rs.role(name)
            if role is None:
                raise self.error(
                    f"{name!r} is not a role of {self.rs.name}, but {cite} deals it", why
                )
            k = [i for i, x in enumerate(kinds) if canon(pool[x.role].name) == canon(role.name)]
            if not k:
                raise self.error(f"every game deals {role.name} by {cite}: add it to the pool", why)
            if len(k) > 1:
                raise self.error(
                    f"{role.name} may be given to players of several factions: a role always "
                    f"dealt ({cite}) is read for a role of one faction only",
                    why,
                )
            out.append((k[0], 1))
        if len(out) > players:
            raise self.error(
                f"every game deals {len(out)} roles by the ruleset's sentences, but the "
                f"setup has {players} player(s)",
                why,
            )
        return tuple(out)

    def night_reveals(self, facts: tuple[Fact, ...]) -> None:
        """A role seen of a player killed at night: only the killer learns it, by the
        ruleset's sentence; the observer then reads it as their result."""
        rule = next(
            (r for r in self.rs.day_rules if isinstance(r, Reveal) and r.when == "kill"),
            None,
        )
        if rule is None:
            return
        lynched = {f.subject for f in facts if f.kind == "lynched"}
        died = {f.subject for f in facts if f.kind == "died"}
        for f in facts:
            if f.kind == "flip" and f.subject in died - lynched:
                raise self.error(
                    f"{f.subject} died at night: only the killer learns their role and "
                    f'alignment (the ruleset\'s line {rule.why.loc.line}: "{rule.why.text}"); '
                    'the killer writes it as a result: I learn "ROLE (FACTION)"',
                    f.why,
                    f.subject,
                )

    def fact(
        self,
        f: Fact,
        players: dict[str, str],
        pool: tuple[Role, ...],
        me: str,
        kinds: tuple[Kind, ...] = (),
    ) -> Fact:
        phase = f.phase
        if phase is not None and phase[1] < 1:
            raise self.error(f"phases are numbered from 1, not {phase[1]}", f.why, str(phase[1]))
        night_only = ("target", "kill", "nothing", "learn", "learn_nothing", "died")
        if f.kind in night_only and phase and phase[0] != "night":
            raise self.error(f"this happens at night, not on {phase[0]} {phase[1]}", f.why)
        if f.kind in ("lynched", "no_lynch", "vote") and phase and phase[0] != "day":
            what = "votes" if f.kind == "vote" else "lynches"
            raise self.error(f"{what} happen by day, not on night {phase[1]}", f.why)
        if f.kind == "no_lynch":
            return Fact(f.kind, phase, "", "", f.why)
        subject = self.player(f.subject, f.why, players) if f.subject else me
        obj = f.obj
        if f.kind in ("target", "kill", "says_targeted") or (f.kind == "vote" and obj):
            obj = self.player(f.obj, f.why, players)
        elif f.kind in ("flip", "claims_role"):
            name, faction = f.obj, None
            if f.obj.endswith(")") and " (" in f.obj:
                name, faction = f.obj[:-1].split(" (", 1)
            role = self.role(name, f.why, pool)
            k = self.kind(kinds, pool, role, faction, f.why)
            obj = kinds[k].name if k is not None else role.name
        return Fact(f.kind, phase, subject, obj, f.why)


def _pool_short(
    rs: Ruleset, pool: tuple[Role, ...], vanilla: Role | None, players: int
) -> str | None:
    """ "there are more role types than there are players": why the pool (the roles, not
    the role of players with no role) holding no more roles than the players is refused."""
    said = next((n.why for n in rs.kind_rules if isinstance(n, MoreRoles)), None)
    size = len([r for r in pool if r is not vanilla])
    if said is None or size > players:
        return None
    return (
        f"the pool holds {size} role(s) for {players} player(s), but the ruleset's line "
        f'{said.loc.line} ("{said.text}") has more roles than players'
    )


def bind(ruleset: Ruleset, obs: Observations, text: str | None = None) -> Setup:
    """Resolve the observations' names against `ruleset` (errors point at the fact)."""
    return _Binder(ruleset, obs, text).bind()
