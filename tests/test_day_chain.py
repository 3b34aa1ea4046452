"""The day, one frame for both back ends (logic/model/day.py): on random games (night 1,
day 1, night 2) of every casebook ruleset, fixing a chain's scenario
variables (roles, night actions, votes, day actions) to the case gives exactly the
outcomes, phase by phase, that `resolve` gives, as tests/test_chain.py checks the nights.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from logic.backends import symbolic
from logic.commands.resolve import resolve
from logic.effects.attack import Kill
from logic.engine import chain
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset
from logic.model import frame
from logic.model.day import day_menus
from logic.model.expr import Evaluator
from logic.model.ir import Ability, Role, Ruleset
from logic.model.semantics import Atom, is_day, night_menus, options_of

ROOT = Path(__file__).parent.parent
NAMES = ("Ann", "Bob", "Cid", "Dee")
PHASES = ("night 1", "day 1", "night 2")
PREP_PHASES = ("prep", *PHASES)  # a game of four phases begins with the prep phase


def _labels(phases: list[Any]) -> tuple[str, ...]:
    return PREP_PHASES if len(phases) == len(PREP_PHASES) else PHASES


def _simple(ab: Ability) -> bool:
    """An ability a random game may use: one target or none, no decision, no draw."""
    return (
        ab.targets <= 1
        and not ab.on_self
        and not options_of(ab)
        and not any(isinstance(e, Kill) and e.random for e in ab.effects)
    )


def _pool(rs: Ruleset) -> list[Role]:
    """The roles a random game deals: their night abilities simple (a day ability that is
    not is left unused: DCTP's poisoning, which every Black Org role has)."""
    never = {name for name, _ in rs.never_dealt}
    return [
        r
        for r in rs.roles
        if r.name not in never and all(_simple(a) for a in r.abilities if not is_day(a))
    ]


def _in_kill(rs: Ruleset, role: Role) -> bool:
    """A holder of `role` takes part in its faction's nightkill."""
    nk = rs.nightkill(role.faction)
    return nk is not None and (nk.role is None or nk.role == role.name)


RULESETS = {
    name: load_ruleset(ROOT / "casebook" / f"{name}.rules")
    for name in (
        "turtle-chat-mafia",
        "byond-mafia",
        "metadata-mafia",
        "werewolf-pool",
        "dctp-mini-mafia",
        "trouble-brewing",
    )
}

# (name, role, faction when the role leaves it open), each phase's actions (ability, target
# and, where the ability leaves one, the player's decision), the day's votes: each player's
# one vote, or the day's timeline (logic/model/day.Timeline), its steps in order, a vote
# (voter, target or None) or ("@NAME", None): NAME's day action comes there
Steps = list[tuple[str, str | None]]
Game = tuple[
    list[tuple[str, str, str]], list[dict[str, tuple[str, ...]]], dict[str, str | None] | Steps
]


def _steps(votes: dict[str, str | None] | Steps) -> Steps:
    """The day's steps in order: a dict's votes are cast in its order, after the actions."""
    if isinstance(votes, dict):
        return [(p, t) for p, t in votes.items() if t is not None]
    return list(votes)


def _last(votes: dict[str, str | None] | Steps) -> dict[str, str | None]:
    """Each player's last vote."""
    out: dict[str, str | None] = {}
    for p, t in _steps(votes):
        if not p.startswith("@"):
            out[p] = t
    return out


@st.composite
def games(draw: Any, rs: Ruleset) -> Game:
    """Players and roles, each night's actions, the day's actions and votes."""
    pool = _pool(rs)
    n = draw(st.integers(min_value=2, max_value=4))
    names = list(NAMES[:n])
    if rs.unique_roles is not None:
        roles = [r.name for r in draw(st.permutations(pool))[:n]]
    else:
        roles = [draw(st.sampled_from(pool)).name for _ in names]
    phases: list[dict[str, tuple[str, str]]] = []
    used: set[tuple[str, str]] = set()
    for k, kind in ((1, "night"), (1, "day"), (2, "night")):
        acts: dict[str, tuple[str, str]] = {}
        killer_done = False
        for name, role_name in zip(names, roles, strict=True):
            role = rs.role(role_name)
            assert role is not None
            usable = [
                a
                for a in role.abilities
                if is_day(a) == (kind == "day")
                and _simple(a)
                and a.frequency.allows(k, 0)
                and a.frequency.allows(k, (name, a.name) in used)
            ]
            forced = [a for a in usable if a.forced]
            if usable and (forced or draw(st.booleans())):
                ab = forced[0] if forced else draw(st.sampled_from(usable))
                target = draw(st.sampled_from(names)) if ab.targets else ""
                used.add((name, ab.name))  # (a game uses none twice)
                acts[name] = (ab.name, target)
            elif kind == "night" and _in_kill(rs, role) and not killer_done and draw(st.booleans()):
                acts[name] = ("__kill", draw(st.sampled_from(names)))
                killer_done = True
        phases.append(acts)
    votes = {p: draw(st.sampled_from([None, *names])) for p in names}
    factions = []
    for r in roles:
        role = rs.role(r)
        assert role is not None
        options = rs.factions_of(role)
        factions.append(draw(st.sampled_from(options)) if len(options) > 1 else "")
    return list(zip(names, roles, factions, strict=True)), phases, votes


def _case(
    players: list[tuple[str, str, str]],
    phases: list[dict[str, tuple[str, str]]],
    votes: dict[str, str | None] | Steps,
) -> str:
    def line(a: str, ab: str, t: str, *decided: str) -> str:
        if ab == "__kill":
            return f"    {a} kills {t}\n"
        out = f'    {a} uses "{ab}" on {t}\n' if t else f'    {a} uses "{ab}"\n'
        return out + "".join(f'    {a} decides "{d}"\n' for d in decided)

    body = ""
    steps = _steps(votes)
    placed = {p[1:] for p, _ in steps if p.startswith("@")}
    for (label_, _), acts in zip(((p, 0) for p in _labels(phases)), phases, strict=True):
        day = label_.startswith("day")
        body += f"  {label_}:\n" + "".join(
            line(a, *act) for a, act in acts.items() if not (day and a in placed)
        )
        if day:
            for p, t in steps:
                if p.startswith("@"):
                    body += line(p[1:], *acts[p[1:]])
                else:
                    body += f"    {p} votes {t if t is not None else 'no one'}\n"
    players_ = ", ".join(f"{a} is {r} ({f})" if f else f"{a} is {r}" for a, r, f in players)
    return f'case "random"\n  players: {players_}\n{body}'


def _fix(
    rs: Ruleset, pool: list[Role], model: Any, enc: Any, names: list[str], game: Game, res: Any
) -> list[Any]:
    """The chain's scenario variables, fixed to the game's."""
    players, phases, votes = game
    role_of = {a: r for a, r, _ in players}
    out = []
    index = {r.name: i for i, r in enumerate(pool)}

    def put(var: str, value: Any) -> None:
        if var in model.domains:
            out.append(enc.var(var) == symbolic.value(value))

    for name in names:
        put(f"role:{name}", index[role_of[name]])
        faction = res.players[name].faction
        if faction in rs.factions:
            put(f"fac:{name}", rs.factions.index(faction))
    steps = _steps(votes)
    cast = [(p, t) for p, t in steps if not p.startswith("@")]
    for t, (p, target) in enumerate(cast):  # the day's timeline, when the day reads it
        put(f"tw:{t}@d1", names.index(p))
        put(f"tt:{t}@d1", names.index(target) if target is not None else -1)
    for t in range(len(cast), len(names) + 1):
        put(f"tw:{t}@d1", -1)
        put(f"tt:{t}@d1", -1)
    at = {
        p[1:]: sum(1 for q, _ in steps[:k] if not q.startswith("@"))
        for k, (p, _) in enumerate(steps)
        if p.startswith("@")
    }
    for name in names:
        put(f"dat:{name}@d1", at.get(name, 0))
    votes = _last(votes)
    numbers = (("n", 1), ("d", 1), ("n", 2))
    if len(phases) == len(PREP_PHASES):
        numbers = (("n", 0), *numbers)
    for (kind, k), acts in zip(numbers, phases, strict=True):
        for name in names:
            ab, target, *decided = acts.get(name, ("", ""))
            role = pool[index[role_of[name]]]
            if decided:  # (a decision left to the player: its index among the options)
                chosen = [
                    a
                    for a in role.abilities
                    if a.name == ab and options_of(a) and is_day(a) == (kind == "d")
                ]
                at = list(options_of(chosen[0])).index(decided[0])
                put(f"decide:{name}@n{k}" if kind == "n" else f"ddec:{name}@d{k}", at)
            if kind == "n":
                put(f"uses:{name}@n{k}", bool(ab) and ab != "__kill")
                put(f"kills:{name}@n{k}", ab == "__kill")
                if ab == "__kill":
                    put(f"ktgt:{name}@n{k}", names.index(target))
                elif ab:
                    menu = night_menus(pool, k)[index[role.name]]
                    put(f"ab:{name}@n{k}", [a.name for a in menu].index(ab))
                    first, _, second = target.partition(" and ")
                    put(f"tgt:{name}@n{k}", names.index(first) if first else 0)
                    put(f"tgt2:{name}@n{k}", names.index(second) if second else 0)
            else:
                put(f"duse:{name}@d{k}", bool(ab))
                if ab:
                    menu = day_menus(pool, k)[index[role.name]]
                    put(f"dab:{name}@d{k}", [a.name for a in menu].index(ab))
                    # (two players: "Bob and Cid", the swap's)
                    first, _, second = target.partition(" and ")
                    put(f"dtgt:{name}@d{k}", names.index(first) if first else 0)
                    put(f"dtgt2:{name}@d{k}", names.index(second) if second else 0)
                vote = votes.get(name)
                put(f"vote:{name}@d{k}", names.index(vote) if vote is not None else -1)
    return out


def _phase_of(subject: str, labels: tuple[str, ...] = PHASES) -> tuple[int, str]:
    name, _, rest = subject.rpartition(" (")
    phase = rest.rstrip(")")
    return labels.index("prep" if phase == "night 0" else phase), name


def _compare(rs: Ruleset, game: Game) -> None:
    players, phases, votes = game
    text = _case(players, phases, votes)
    (case,) = parse_cases(text, "random.case")
    res = resolve(rs, case, text)
    concrete = {tuple(po.atoms for po in p.phases) for p in res.paths}
    names = [a for a, _, _ in players]
    pool = [r for r in rs.roles if any(r.name == role for _, role, _ in players)]
    labels = _labels(phases)
    model = chain(rs, names, 2, roles=pool, days=True, prep=labels is PREP_PHASES)
    model.equations = [(e, w) for e, w in model.equations if w is not frame.SYMMETRY]
    enc = symbolic.Encoding(model)
    s = symbolic.make_solver(120)
    # (every variable in its domain, those no equation names too: `equations` says so; a
    # card's open age only a text reads took a value no text has before it did)
    s.add(*enc.equations())
    s.add(*[enc.var(x) for x in model.switches])
    s.add(*_fix(rs, pool, model, enc, names, game, res))
    found: set[tuple[frozenset[Atom], ...]] = set()
    # one model per outcome: the next differs in an atom, a text told or a piece of a text
    # told (a piece of a text not told is no part of the outcome: blocking it too made a
    # Trouble Brewing game enumerate its storyteller's choices, 11 minutes)
    watched = [*model.atoms.values()]
    owner: list[int | None] = [None] * len(watched)
    for t in model.texts:
        watched.append(t.gate)
        owner.append(None)
        at = len(watched) - 1
        for c, _ in t.pieces:
            watched.append(c)
            owner.append(at)
    terms = [enc.term(e) for e in watched]
    while s.check() == z3.sat and len(found) < 200:
        m = s.model()
        env = {v: symbolic.read(m, enc.var(v)) for v in model.domains}
        ev = Evaluator(env)  # one per model: the phases share their subtrees
        per: list[set[Atom]] = [set() for _ in labels]
        for atom, e in model.atoms.items():
            if ev(e):
                k, name = _phase_of(atom.subject, labels)
                per[k].add(Atom(atom.kind, name, atom.obj))
        for src in model.texts:
            if ev(src.gate):
                k, name = _phase_of(src.actor, labels)
                holds = [n for c, n in src.pieces if ev(c)]
                per[k].add(Atom("learns", name, src.render(holds)))
        found.add(tuple(frozenset(x) for x in per))
        now = [m.eval(t, model_completion=True) for t in terms]
        told = [z3.is_true(v) for v in now]
        s.add(
            z3.Or(
                [t != v for t, v, o in zip(terms, now, owner, strict=True) if o is None or told[o]]
            )
        )
    only = [("symbolic", x) for x in found - concrete] + [("concrete", x) for x in concrete - found]
    assert found == concrete, (
        text + "\n" + "\n".join(f"{w}: {[sorted(map(str, p)) for p in x]}" for w, x in only[:4])
    )


@pytest.mark.slow  # a long cross-check: a chained symbolic day against resolve's day
@pytest.mark.parametrize(
    "name",
    ["turtle-chat-mafia", "byond-mafia", "metadata-mafia", "dctp-mini-mafia", "trouble-brewing"],
)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_day_chain_agrees_with_resolve(name: str, data: Any) -> None:
    """(Metadata's and DCTP's days have no lynch the ruleset encodes yet, issue 28, but a
    day still lies between the nights, carrying night 1's marks and states to night 2.)"""
    rs = RULESETS[name]
    _compare(rs, data.draw(games(rs)))


@pytest.mark.slow  # a long cross-check: a chained symbolic day against resolve's day
@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
)
@given(st.data())
def test_day_chain_agrees_with_resolve_on_werewolf_pool(data: Any) -> None:
    """(Six examples, the same each run: a run of twelve random ones went past 25
    minutes on a drawn game not found since; CI must not hang on it.)"""
    rs = RULESETS["werewolf-pool"]
    _compare(rs, data.draw(games(rs)))


def test_werewolf_pools_day_uses_of_night_powers_agree() -> None:
    """The werewolf pool's day kinds: the Guard's protection into the day stops the
    Hunter's kill by day (logic/effects/shield.py); the Blocker's block by day stops the
    Rioter (logic/effects/dayblock.py); the Scavenger steals a dead player's power by day
    (logic/effects/exchange.py): the chain's day gives resolve's outcomes."""
    rs = RULESETS["werewolf-pool"]
    guard = [("Ann", "Hunter", ""), ("Bob", "Guard", ""), ("Cid", "Alpha", "")]
    _compare(rs, (guard, [{"Bob": ("target", "Cid")}, {"Ann": ("kill", "Cid")}, {}], {}))
    _compare(rs, (guard, [{"Bob": ("target", "Ann")}, {"Ann": ("kill", "Cid")}, {}], {}))
    block = [("Ann", "Blocker", "Werewolf"), ("Bob", "Rioter", "Village"), ("Cid", "Alpha", "")]
    votes: dict[str, str | None] = {"Ann": None, "Bob": "Cid", "Cid": "Ann"}
    riot = {"Ann": ("target", "Bob"), "Bob": ("double vote", "Cid")}
    _compare(rs, (block, [{}, riot, {}], votes))
    _compare(rs, (block, [{}, {"Bob": ("double vote", "Cid")}, {}], votes))
    scavenger = [("Ann", "Scavenger", "Village"), ("Bob", "Seer", ""), ("Cid", "Alpha", "")]
    _compare(rs, (scavenger, [{"Cid": ("__kill", "Bob")}, {"Ann": ("steal", "Bob")}, {}], {}))
    # R27: a power stolen from the dead is the revived player's again (the Necromancer's
    # "That player's power status returns to what it was just before death.")
    necro = [*scavenger, ("Dee", "Necromancer", "Village")]
    day = {"Ann": ("steal", "Bob"), "Dee": ("revive", "Bob")}
    _compare(rs, (necro, [{"Cid": ("__kill", "Bob")}, day, {"Bob": ("target", "Cid")}], {}))
    # the Thug's one death survived, by day too (logic/effects/endure.py), and spent
    thug = [("Ann", "Hunter", ""), ("Bob", "Thug", ""), ("Cid", "Alpha", "")]
    _compare(rs, (thug, [{}, {"Ann": ("kill", "Bob")}, {"Cid": ("__kill", "Bob")}], {}))
    _compare(rs, (thug, [{"Cid": ("__kill", "Bob")}, {"Ann": ("kill", "Bob")}, {}], {}))


def test_a_swap_by_day_agrees() -> None:
    """R37: the Swapper's swap by day (logic/effects/exchange.py's SwapPowersByDay: two
    players take each other's role; a day action naming two players, day.py's `dtgt2`):
    the chain's day gives resolve's outcomes."""
    rs = RULESETS["werewolf-pool"]
    # its user or one player twice refused (the game's
    # lines use the dealt roles' powers: the night after the swap has none)
    swap = [("Ann", "Swapper", "Village"), ("Bob", "Seer", ""), ("Cid", "Hunter", "")]
    _compare(rs, (swap, [{}, {"Ann": ("swap", "Bob and Cid")}, {}], {}))
    # a night's use spends the same-named day ability (one budget by night and by day:
    # the chain's `spent`, as `resolve`'s history counts it)
    _compare(
        rs, (swap, [{"Ann": ("swap", "Bob and Cid")}, {"Ann": ("swap", "Bob and Cid")}, {}], {})
    )
    _compare(
        rs, (swap, [{}, {"Ann": ("swap", "Bob and Cid")}, {"Ann": ("swap", "Bob and Cid")}], {})
    )
    _compare(rs, (swap, [{}, {"Ann": ("swap", "Ann and Bob")}, {}], {}))
    _compare(rs, (swap, [{}, {"Ann": ("swap", "Bob and Bob")}, {}], {}))


def test_a_day_with_a_day_kill_a_revival_and_public_uses_agrees() -> None:
    """One game of Turtle's: the Sorcerer's public day kill, the Priest's public revival
    of the night's victim (who may vote), the lynch and its reveal, then a night:
    the chain's symbolic day (its day-action slots fixed to the case) gives resolve's
    outcomes, phase by phase."""
    rs = RULESETS["turtle-chat-mafia"]
    players = [
        ("Ann", "Sorcerer", "Town"),
        ("Bob", "Child", ""),
        ("Cid", "Priest", "Town"),
        ("Dee", "Godfather", ""),
    ]
    phases = [{"Dee": ("__kill", "Bob")}, {"Ann": ("kill", "Dee"), "Cid": ("revive", "Bob")}, {}]
    votes: dict[str, str | None] = {"Ann": "Dee", "Bob": "Ann", "Cid": None, "Dee": "Ann"}
    _compare(rs, (players, phases, votes))


def test_a_once_a_game_day_ability_is_spent_across_the_days_of_a_chain() -> None:
    """The Sorcerer's kill is "Once per game, at any time during the Day": over three
    nights and the two days between them, the chain's second day counts the first day's
    use (as `next_history` counts it for resolve), so no model uses it on both days;
    each day alone may."""
    rs = RULESETS["turtle-chat-mafia"]
    pool = [r for r in rs.roles if r.name in ("Sorcerer", "Doctor", "Godfather")]
    names = ["Ann", "Bob", "Cid"]
    model = chain(rs, names, 3, roles=pool, days=True)
    model.equations = [(e, w) for e, w in model.equations if w is not frame.SYMMETRY]
    enc = symbolic.Encoding(model)
    sorcerer = [r.name for r in pool].index("Sorcerer")

    def uses(*days: int) -> z3.CheckSatResult:
        s = symbolic.make_solver(60)
        s.add(*enc.equations())
        s.add(*[enc.var(x) for x in model.switches])
        s.add(enc.var("role:Ann") == sorcerer)
        s.add(*[enc.var(f"ok:0@d{d}") == symbolic.value(True) for d in days])
        return s.check()

    assert uses(1) == z3.sat and uses(2) == z3.sat
    assert uses(1, 2) == z3.unsat


def test_werewolf_pools_vote_timeline_agrees() -> None:
    """The day's timeline (logic/effects/timeline.py): votes cast and changed in order, the
    majority lock, the Stretcher's void and the Collapser's end of the day, before or
    after a lock, a riot and a secret vote toward the lock, a tie broken by who reached the
    count first (R23), an amplification's notice and forced use (R18): the chain's symbolic
    day, its timeline fixed to the case's order, gives resolve's outcomes. (Roles with no night text: a
    text's pieces read the unused targets, and the enumeration would list them all.)"""
    rs = RULESETS["werewolf-pool"]
    town = [
        ("Ann", "Stalwart", ""),
        ("Bob", "Guard", ""),
        ("Cid", "Alpha", ""),
        ("Dee", "Thug", ""),
    ]
    changed: Steps = [
        ("Ann", "Cid"),
        ("Bob", "Cid"),
        ("Dee", "Cid"),
        ("Ann", "Dee"),
        ("Bob", "Dee"),
    ]
    _compare(rs, (town, [{}, {}, {}], changed))  # a lock on Cid
    _compare(rs, (town, [{}, {}, {}], [changed[0], *changed[3:], changed[2]]))  # none
    stretch = [("Ann", "Stretcher", "Village"), *town[1:]]
    void = {"Ann": ("void", "")}
    _compare(rs, (stretch, [{}, void, {}], [("@Ann", None), *changed]))
    _compare(rs, (stretch, [{}, void, {}], [*changed[:3], ("@Ann", None), *changed[3:]]))
    collapse = [("Ann", "Collapser", "Werewolf"), *town[1:]]
    end = {"Ann": ("end", "")}
    early = [("Bob", "Cid"), ("Ann", "Cid"), ("@Ann", None), ("Dee", "Bob"), ("Cid", "Bob")]
    _compare(rs, (collapse, [{}, end, {}], early))
    _compare(rs, (collapse, [{}, end, {}], [*changed[:3], ("@Ann", None), *changed[3:]]))
    riot = [("Ann", "Stalwart", ""), ("Bob", "Rioter", "Werewolf"), *town[2:]]
    doubled = {"Bob": ("double vote", "Ann")}
    steps: Steps = [("@Bob", None), ("Ann", "Cid"), ("Dee", "Cid"), ("Ann", "Dee"), ("Dee", "Bob")]
    _compare(rs, (riot, [{}, doubled, {}], steps))
    _compare(rs, (riot, [{}, doubled, {}], [*steps[1:], ("@Bob", None)]))
    # the Bluff's secret vote voids his public vote from its moment on, toward the lock too
    bluff = [("Ann", "Bluff", "Werewolf"), *town[1:]]
    secret = {"Ann": ("secret vote", "Bob")}
    cast: Steps = [("Ann", "Cid"), ("Bob", "Cid"), ("Dee", "Cid"), ("Bob", "Dee")]
    _compare(rs, (bluff, [{}, secret, {}], [("@Ann", None), *cast]))
    _compare(rs, (bluff, [{}, secret, {}], [*cast[:3], ("@Ann", None), cast[3]]))
    # R23 (W9): a tie goes to the count that stood first; a riot made public at the deadline
    tie: Steps = [("Ann", "Cid"), ("Cid", "Dee")]
    _compare(rs, (town, [{}, {}, {}], tie))
    _compare(rs, (town, [{}, {}, {}], tie[::-1]))
    late: Steps = [("Ann", "Cid"), ("Cid", "Dee"), ("Dee", "Dee"), ("@Bob", None)]
    _compare(rs, (riot, [{}, doubled, {}], late))
    # R18: the amplified player is told so, and loses the day power he did not use
    amp = [("Ann", "Amplifier", "Village"), ("Bob", "Rioter", "Village"), *town[2:]]
    _compare(rs, (amp, [{}, {"Ann": ("amplify", "Bob")}, {}], []))
    both = {"Ann": ("amplify", "Bob"), "Bob": ("double vote", "Cid")}
    _compare(rs, (amp, [{}, both, {}], [("Cid", "Dee"), ("Dee", "Dee"), ("Cid", "Ann")]))


@pytest.mark.parametrize(
    ("name", "game"),
    [
        # found by the slow run: night 2 where no one can act (the only other player
        # killed on night 1) has no atom and no text, and resolve read no variable of it
        (
            "metadata-mafia",
            (
                [("Ann", "Parity Cop", ""), ("Bob", "Hooker", "")],
                [{"Bob": ("__kill", "Ann")}, {}, {}],
                {"Ann": None, "Bob": "Bob"},
            ),
        ),
        # found by the slow run: a card's open age ("Observe: Adult/Teenager/Child.") read
        # on night 2 after a day, by a variable only texts name
        (
            "dctp-mini-mafia",
            (
                [("Ann", "Anokata", ""), ("Bob", "Chianti", "")],
                [{}, {}, {"Bob": ("Observe", "Ann")}],
                {"Ann": None, "Bob": None},
            ),
        ),
    ],
)
def test_day_chain_agrees_with_resolve_on_games_found(name: str, game: Game) -> None:
    _compare(RULESETS[name], game)
