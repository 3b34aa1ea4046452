"""The two frames that read what a Clocktower player is told agree: the night's texts
(logic/effects/knowing.py's `texts`, built by the phase frame: what `resolve` and `check`
see) and the table's `told` (logic/model/table.py, what `ruling solve` plays the
puzzles by). For starting worlds of Trouble Brewing drawn at random under its deal, the
texts some storyteller's choices give each first-night information character in a case
of `resolve` are exactly the texts the table accepts from that character in that world
(registration at each look, the red herring, the Recluse and the Spy included)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from logic import engine
from logic.commands.resolve import resolve
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset
from logic.model.ir import Ruleset
from logic.model.table import Event, Game, Play, Script, State

ROOT = Path(__file__).parent.parent
NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Fay", "Gus", "Hal")
# the first night's information characters, and what their information is about
SHOWN = {"Washerwoman": "Townsfolk", "Librarian": "Outsider", "Investigator": "Minion"}
COUNTS = ("Chef", "Empath")
DEAL = {5: (3, 0, 1), 6: (3, 1, 1), 7: (5, 0, 1)}  # Townsfolk, Outsiders, Minions


@pytest.fixture(scope="module")
def tb() -> Ruleset:
    return load_ruleset(ROOT / "casebook" / "trouble-brewing.rules")


def _world(tb: Ruleset, rng: random.Random) -> list[str]:
    """A starting world under the deal (the Baron's +2 Outsiders included), with at
    least one information character, and no Poisoner (whose night would free them)."""
    n = rng.choice(sorted(DEAL))
    by_type = {t: [r.name for r in tb.roles if r.faction == t] for t in tb.factions}
    while True:
        town, out, minions = DEAL[n]
        minion = rng.sample(by_type["Minion"], minions)
        if "Baron" in minion:
            town, out = town - 2, out + 2
        chars = [
            *rng.sample(by_type["Townsfolk"], town),
            *rng.sample(by_type["Outsider"], out),
            *minion,
            *rng.sample(by_type["Demon"], 1),
        ]
        rng.shuffle(chars)
        informed = [c for c in chars if c in SHOWN or c in COUNTS or c == "Fortune Teller"]
        if informed and "Poisoner" not in chars:
            return chars


def _night_texts(
    tb: Ruleset, seats: list[str], world: list[str], k: int, ft: tuple[str, str]
) -> set[str]:
    """What `resolve` says seat k may learn on night 1 (the only one to act: the
    storyteller's choices of several players are a product resolve enumerates)."""
    players = ", ".join(f"{p} is {c}" for p, c in zip(seats, world, strict=True))
    p = seats[k]
    act = f"{p} targets {ft[0]} and {ft[1]}" if world[k] == "Fortune Teller" else f"{p} uses check"
    text = (
        f'case "world"\n  ruleset: trouble-brewing\n  players: {players}\n  night 1:\n'
        f"    {act}\n  expect:\n    paradox\n"
    )
    (case,) = parse_cases(text)
    res = resolve(tb, case, text)
    out: set[str] = set()
    for o in res.outcomes():
        for a in o.atoms:
            who, _, said = str(a).partition(" learns ")
            if said and who == p:
                out.add(said.strip('"'))
    return out


def _candidates(tb: Ruleset, seats: list[str], char: str) -> list[str]:
    if char in SHOWN:
        roles = [r.name for r in tb.roles if r.faction == SHOWN[char]]
        pairs = [(x, y) for k, x in enumerate(seats) for y in seats[k + 1 :]]
        return [f"{x} or {y} is the {r}" for x, y in pairs for r in roles] + ["none is in play"]
    if char in COUNTS:
        return [str(v) for v in range(len(seats) + 1)]
    return ["yes", "no"]


# worlds where registration decides: the Spy counted good by the Chef (the night's count
# once held the Spy evil at every look), the Recluse shown as a Minion or the Demon
FIXED = (
    ("Imp", "Spy", "Chef", "Mayor", "Washerwoman"),
    ("Recluse", "Investigator", "Imp", "Empath", "Baron", "Chef", "Saint"),
    ("Fortune Teller", "Recluse", "Librarian", "Imp", "Spy", "Empath"),
)


@pytest.mark.parametrize("seed", range(-len(FIXED), 20))
def test_the_night_and_the_table_tell_the_same(tb: Ruleset, seed: int) -> None:
    world = list(FIXED[seed]) if seed < 0 else _world(tb, random.Random(seed))
    seats = list(NAMES[: len(world)])
    ft = (seats[0], seats[-1])
    script = Script.read(tb, engine.KINDS)
    game = Game(tuple(seats), tuple(world), (), (), 0, ())
    play = Play(script, game, tuple(world))
    herrings = [None, *(k for k, c in enumerate(world) if not script.lies(c))]
    checked = 0
    for k, char in enumerate(world):
        if not (char in SHOWN or char in COUNTS or char == "Fortune Teller"):
            continue
        table = set()
        for text in _candidates(tb, seats, char):
            said = f"{ft[0]} or {ft[1]}: {text}" if char == "Fortune Teller" else text
            for h in herrings:
                st = State(list(world), [True] * len(world), {"registration:herring": h})
                if play.told(st, st, k, said):
                    table.add(text)
        assert _night_texts(tb, seats, world, k, ft) == table, (world, char)
        checked += 1
    assert checked


STARPASS = (
    ("Imp", "Scarlet Woman", "Chef", "Monk", "Empath", "Poisoner"),  # T8: two ways
    ("Imp", "Scarlet Woman", "Chef", "Monk", "Empath", "Soldier"),
    ("Imp", "Scarlet Woman", "Chef", "Monk"),  # too few alive for the Scarlet Woman
    ("Imp", "Poisoner", "Spy", "Chef", "Monk"),
    ("Imp", "Chef", "Monk", "Empath", "Saint"),  # no Minion: no heir
)


@pytest.mark.parametrize("world", STARPASS)
def test_the_night_and_the_table_pass_the_demon_on_alike(
    tb: Ruleset, world: tuple[str, ...]
) -> None:
    """The Imp kills itself on night 2: the characters that change hands, in each way
    the storyteller may choose, are the same in the night's outcomes and at the table."""
    seats = list(NAMES[: len(world)])
    players = ", ".join(f"{p} is {c}" for p, c in zip(seats, world, strict=True))
    text = (
        f'case "starpass"\n  ruleset: trouble-brewing\n  players: {players}\n  night 2:\n'
        f"    {seats[0]} targets {seats[0]}\n  expect:\n    paradox\n"
    )
    (case,) = parse_cases(text)
    night = set()
    for o in resolve(tb, case, text).outcomes():
        night.add(frozenset(str(a) for a in o.atoms if " becomes " in str(a)))
    script = Script.read(tb, engine.KINDS)
    game = Game(tuple(seats), tuple(world), (), (), 0, ())
    play = Play(script, game, tuple(world))
    st = State(list(world), [True] * len(world))
    table = set()
    for after in play.each("deaths", st, 2, (Event("died", seats[0]),)):
        changed = [k for k in range(len(world)) if after.chars[k] != world[k]]
        table.add(frozenset(f"{seats[k]} becomes {after.chars[k]}" for k in changed))
    assert night == table


def test_the_red_herring_is_chosen_once_for_the_game(tb: Ruleset) -> None:
    """ "There is a good player that registers as a Demon to you": one player, for the
    game. The Fortune Teller asking about the same two good players on two nights gets
    the same answer both nights (yes when one is the red herring, else no), and both
    answers occur."""
    text = (
        'case "ft"\n  ruleset: trouble-brewing\n'
        "  players: Ann is Fortune Teller, Bob is Chef, Cid is Monk, Dee is Imp, Eve is Empath\n"
        "  night 1:\n    Ann targets Bob and Cid\n  night 2:\n    Ann targets Bob and Cid\n"
        "  expect:\n    paradox\n"
    )
    (case,) = parse_cases(text)
    res = resolve(tb, case, text)
    answers = set()
    for path in res.paths:
        said = [str(a) for phase in path.phases for a in sorted(phase.atoms) if a.kind == "learns"]
        assert len(said) == 2
        answers.add(tuple(said))
    assert answers == {('Ann learns "yes"',) * 2, ('Ann learns "no"',) * 2}


MAYOR = (
    ("Imp", "Mayor", "Soldier", "Chef", "Empath"),
    ("Imp", "Mayor", "Chef", "Empath", "Scarlet Woman"),
    ("Imp", "Mayor", "Chef", "Poisoner", "Saint"),
)


@pytest.mark.parametrize("world", MAYOR)
def test_the_night_and_the_table_move_the_mayors_death_alike(
    tb: Ruleset, world: tuple[str, ...]
) -> None:
    """A night 2 with the Mayor: who may die, and who becomes the Imp, over every
    target of the Imp, are the same in the night's outcomes (both readings of T13) and
    at the table, which reads a death it is told of and not the Imp's target (a night
    with no death is left out: the table takes it as a kill not made)."""
    _night_and_table_kill_alike(tb, world)


# The Recluse killed at night beside the Scarlet Woman: she may catch his death (he
# might register as the Demon: finding T15), in both frames alike; and as many players
# alive as she needs, or one fewer (with 4 alive she does not).
CAUGHT = (
    ("Imp", "Recluse", "Scarlet Woman", "Chef", "Empath", "Monk"),
    ("Imp", "Recluse", "Scarlet Woman", "Chef"),
    ("Imp", "Recluse", "Poisoner", "Chef", "Empath"),
)


@pytest.mark.parametrize("world", CAUGHT)
def test_the_night_and_the_table_catch_a_recluses_death_alike(
    tb: Ruleset, world: tuple[str, ...]
) -> None:
    _night_and_table_kill_alike(tb, world)


def _night_and_table_kill_alike(tb: Ruleset, world: tuple[str, ...]) -> None:
    seats = list(NAMES[: len(world)])
    players = ", ".join(f"{p} is {c}" for p, c in zip(seats, world, strict=True))
    night = set()
    for target in seats:
        text = (
            f'case "mayor"\n  ruleset: trouble-brewing\n  players: {players}\n  night 2:\n'
            f"    {seats[0]} targets {target}\n  expect:\n    paradox\n"
        )
        (case,) = parse_cases(text)
        for o in resolve(tb, case, text).outcomes():
            said = {str(a) for a in o.atoms if a.kind in ("dies", "becomes")}
            if any(a.kind == "dies" for a in o.atoms):
                night.add(frozenset(said))
    script = Script.read(tb, engine.KINDS)
    game = Game(tuple(seats), tuple(world), (), (), 0, ())
    play = Play(script, game, tuple(world))
    table = set()
    for victim in seats:
        st = State(list(world), [True] * len(world))
        for after in play.each("deaths", st, 2, (Event("died", victim),)):
            said = {f"{seats[k]} dies" for k in range(len(world)) if not after.alive[k]}
            said |= {
                f"{seats[k]} becomes {after.chars[k]}"
                for k in range(len(world))
                if after.chars[k] != world[k]
            }
            table.add(frozenset(said))
    assert night == table


# ----------------------------------------------------------------------------- the day's shot
# The Slayer's public shot (logic/effects/triggers.py): the phase frame's day (`resolve` of
# a `day 1:` block, `day_deaths`, the Poisoner's impairment carried into the day by
# malfunction's lasting state, the Scarlet Woman's succession by day) and the table's `day`
# hook agree on whether the target may die and may live, and on who then holds another
# character, for every target, in worlds with the Recluse, the Spy, the Scarlet Woman
# (with five players alive) and a poisoned Slayer.

SHOT_WORLDS = (
    ("Slayer", "Imp", "Recluse", "Chef", "Spy"),
    ("Imp", "Slayer", "Poisoner", "Recluse", "Monk", "Saint"),
    ("Slayer", "Soldier", "Scarlet Woman", "Imp", "Empath"),
    ("Slayer", "Scarlet Woman", "Imp", "Poisoner", "Empath", "Chef", "Monk"),
    ("Recluse", "Baron", "Slayer", "Imp", "Butler", "Chef", "Saint"),
    ("Slayer", "Recluse", "Scarlet Woman", "Imp", "Empath", "Chef"),
)


def _day_deaths(
    tb: Ruleset, seats: list[str], world: list[str], poisoned: bool, q: str
) -> set[tuple[bool, tuple[str, ...]]]:
    """Whether `resolve` lets q die of the Slayer's shot on day 1, and who then holds
    another character (`X becomes C`), in each outcome."""
    players = ", ".join(f"{p} is {c}" for p, c in zip(seats, world, strict=True))
    slayer = seats[world.index("Slayer")]
    night = ""
    if poisoned:
        night = f"  night 1:\n    {seats[world.index('Poisoner')]} targets {slayer}\n"
    text = (
        f'case "shot"\n  ruleset: trouble-brewing\n  players: {players}\n{night}'
        f'  day 1:\n    {slayer} uses "target" on {q}\n  expect:\n    paradox\n'
    )
    (case,) = parse_cases(text)
    res = resolve(tb, case, text)
    roles = {r.name for r in tb.roles}
    out = set()
    for o in res.outcomes():
        said = [str(a) for a in o.atoms]
        became = [x for x in said if x.partition(" becomes ")[2] in roles]
        out.add((f"{q} dies" in said, tuple(sorted(became))))
    return out


SHOTS = [(w, p) for w in SHOT_WORLDS for p in (False, True) if not p or "Poisoner" in w]


@pytest.mark.parametrize(("world", "poisoned"), SHOTS)
def test_the_day_and_the_table_agree_on_the_slayers_shot(
    tb: Ruleset, world: tuple[str, ...], poisoned: bool
) -> None:
    seats = list(NAMES[: len(world)])
    script = Script.read(tb, engine.KINDS)
    game = Game(tuple(seats), tuple(world), (), (), 0, ())
    play = Play(script, game, tuple(world))
    k = world.index("Slayer")
    marks = {}
    if poisoned:
        marks = {"malfunction:impaired": k, "malfunction:impairer": world.index("Poisoner")}
    for q in seats:
        if q == seats[k]:
            continue
        shot = Event("says_info", seats[k], "Slayer", q)
        table = set()
        for events, dies in (((shot, Event("died", q)), True), ((shot,), False)):
            st = State(list(world), [True] * len(world), dict(marks))
            for after in play._day(st, events):
                became = [
                    f"{p} becomes {c}"
                    for p, c, w in zip(seats, after.chars, world, strict=True)
                    if c != w
                ]
                table.add((dies, tuple(sorted(became))))
        assert _day_deaths(tb, seats, list(world), poisoned, q) == table, (world, q, poisoned)


# ----------------------------------------------------------------------------- on a death
# The Ravenkeeper (triggers.OnDeath): killed by the Demon on night 2, what the phase frame
# lets him learn of each player (investigate's role with registration's `shows_role`: the
# Recluse shown as a Minion or the Demon, the Spy as a Townsfolk or an Outsider) is what
# the table's `told` accepts.

RAVEN_WORLDS = (
    ("Ravenkeeper", "Imp", "Recluse", "Chef", "Spy"),
    ("Imp", "Ravenkeeper", "Poisoner", "Saint", "Monk", "Butler"),
)


def _raven_texts(tb: Ruleset, seats: list[str], world: list[str], q: str) -> set[str]:
    players = ", ".join(f"{p} is {c}" for p, c in zip(seats, world, strict=True))
    raven, imp = seats[world.index("Ravenkeeper")], seats[world.index("Imp")]
    text = (
        f'case "raven"\n  ruleset: trouble-brewing\n  players: {players}\n  night 2:\n'
        f'    {imp} targets {raven}\n    {raven} uses "check" on {q}\n  expect:\n    paradox\n'
    )
    (case,) = parse_cases(text)
    res = resolve(tb, case, text)
    out: set[str] = set()
    for o in res.outcomes():
        for a in o.atoms:
            who, _, said = str(a).partition(" learns ")
            if said and who == raven:
                out.add(said.strip('"'))
    return out


@pytest.mark.parametrize("world", RAVEN_WORLDS)
def test_the_night_and_the_table_agree_on_the_ravenkeeper(
    tb: Ruleset, world: tuple[str, ...]
) -> None:
    seats = list(NAMES[: len(world)])
    script = Script.read(tb, engine.KINDS)
    game = Game(tuple(seats), tuple(world), (), (), 0, ())
    play = Play(script, game, tuple(world))
    k = world.index("Ravenkeeper")
    before = State(list(world), [True] * len(world))
    after = State(list(world), [j != k for j in range(len(world))])
    for q in seats:
        if q == seats[k]:
            continue
        table = {r.name for r in tb.roles if play.told(after, before, k, f"{q} is the {r.name}")}
        assert _raven_texts(tb, seats, list(world), q) == table, (world, q)
