"""The Trouble-Brewing-only puzzles of jndean/Clockchecker's puzzles.py (the "Not Quite
Tangible" series by u/Not_Quite_Vertical; the puzzles are theirs), as
casebook/trouble-brewing/nqt-NN.obs: `ruling solve` must give exactly the published
solution (Clockchecker's `solutions`: each seat's starting character, in seat order).
A puzzle not solved yet is a strict xfail that says why."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from logic.cli import main
from logic.commands.solve.clocktower import solve_clocktower
from logic.lang.observations import load_observations, parse_observations
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model.ir import Ruleset

ROOT = Path(__file__).parent.parent
RULES = ROOT / "casebook" / "trouble-brewing.rules"
PUZZLES = ROOT / "casebook" / "trouble-brewing"

# each puzzle's published solution(s): the starting character of each seat, in seat order
SOLUTIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "nqt-03a": (("Slayer", "Baron", "Recluse", "Investigator", "Imp", "Drunk", "Empath"),),
    "nqt-03b": (("Slayer", "Librarian", "Imp", "Spy", "Chef", "Recluse", "Washerwoman", "Empath"),),
    "nqt-19": (
        ("Librarian", "Spy", "Recluse", "Slayer", "Imp", "Ravenkeeper", "Washerwoman", "Empath"),
    ),
    "nqt-26": (("Empath", "Saint", "Slayer", "Imp", "Poisoner", "Soldier", "Undertaker", "Chef"),),
    "nqt-31": (("Chef", "Empath", "Drunk", "Imp", "Recluse", "Baron", "Fortune Teller"),),
    "nqt-33": (
        (
            "Empath",
            "Recluse",
            "Ravenkeeper",
            "Washerwoman",
            "Imp",
            "Fortune Teller",
            "Poisoner",
            "Investigator",
        ),
    ),
    "nqt-36": (
        (
            "Empath",
            "Saint",
            "Slayer",
            "Ravenkeeper",
            "Investigator",
            "Fortune Teller",
            "Imp",
            "Poisoner",
        ),
    ),
    "nqt-40": (
        (
            "Investigator",
            "Fortune Teller",
            "Recluse",
            "Drunk",
            "Saint",
            "Librarian",
            "Baron",
            "Butler",
            "Imp",
        ),
    ),
    "nqt-43": (("Drunk", "Imp", "Baron", "Chef", "Recluse", "Fortune Teller", "Empath", "Saint"),),
    "nqt-47": (
        (
            "Recluse",
            "Investigator",
            "Drunk",
            "Baron",
            "Saint",
            "Butler",
            "Washerwoman",
            "Chef",
            "Imp",
        ),
    ),
    "nqt-54": (("Drunk", "Recluse", "Baron", "Fortune Teller", "Empath", "Chef", "Imp"),),
    "nqt-59": (
        (
            "Ravenkeeper",
            "Saint",
            "Investigator",
            "Imp",
            "Recluse",
            "Virgin",
            "Spy",
            "Chef",
            "Undertaker",
        ),
    ),
    "nqt-74": (
        (
            "Investigator",
            "Butler",
            "Empath",
            "Ravenkeeper",
            "Undertaker",
            "Imp",
            "Fortune Teller",
            "Poisoner",
            "Saint",
        ),
    ),
    "nqt-77": (
        (
            "Ravenkeeper",
            "Librarian",
            "Poisoner",
            "Drunk",
            "Chef",
            "Investigator",
            "Butler",
            "Imp",
            "Empath",
        ),
    ),
    "nqt-78": (
        (
            "Drunk",
            "Fortune Teller",
            "Baron",
            "Chef",
            "Butler",
            "Investigator",
            "Imp",
            "Recluse",
            "Saint",
        ),
    ),
}

# and the two other Trouble-Brewing-only puzzles of puzzles.py (not numbered NQT puzzles)
SOLUTIONS["nqt-sw-test"] = (
    (
        "Washerwoman",
        "Imp",
        "Drunk",
        "Slayer",
        "Ravenkeeper",
        "Investigator",
        "Librarian",
        "Scarlet Woman",
    ),
)
SOLUTIONS["josef-yes-but-dont"] = (
    (
        "Ravenkeeper",
        "Slayer",
        "Imp",
        "Investigator",
        "Fortune Teller",
        "Recluse",
        "Empath",
        "Spy",
        "Soldier",
        "Scarlet Woman",
        "Washerwoman",
    ),
)


def _setup_worlds(townsfolk: int, outsiders: int, minions: int) -> tuple[tuple[str, ...], ...]:
    """casebook/trouble-brewing/setup-NN.obs, counted by hand: You is the Soldier; the
    others claim `townsfolk` Townsfolk, `outsiders` Outsiders and `minions` Minions, each
    held, but for the one hidden Imp, whom the setup row's counts put on a Townsfolk
    claimer's seat (on an Outsider's or a Minion's, that type would fall short)."""
    claims = (
        *("Mayor", "Monk", "Virgin", "Chef", "Empath", "Undertaker", "Ravenkeeper")[:townsfolk],
        *("Slayer", "Washerwoman")[: max(0, townsfolk - 7)],
        *("Saint", "Recluse")[:outsiders],
        *("Poisoner", "Spy", "Scarlet Woman")[:minions],
    )
    return tuple(("Soldier", *claims[:k], "Imp", *claims[k + 1 :]) for k in range(townsfolk))


# the setup table's rows no puzzle seats (each deleted, `solve` deals no game of N)
for _n, _row in {
    5: (3, 0, 1),
    6: (3, 1, 1),
    10: (7, 0, 2),
    12: (7, 2, 2),
    13: (9, 0, 3),
    14: (9, 1, 3),
    15: (9, 2, 3),
}.items():
    SOLUTIONS[f"setup-{_n:02d}"] = _setup_worlds(*_row)

# two players left: the evil team has won in every world (the game does not go on)
SOLUTIONS["two-left"] = ()

# puzzles `ruling solve` does not solve yet, and why
NOT_YET: dict[str, str] = {}


@pytest.fixture(scope="module")
def tb() -> Ruleset:
    return load_ruleset(RULES)


def test_every_puzzle_file_has_its_solution() -> None:
    assert sorted(p.stem for p in PUZZLES.glob("*.obs")) == sorted(SOLUTIONS)


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(n, marks=pytest.mark.xfail(reason=NOT_YET[n], strict=True))
        if n in NOT_YET
        else n
        for n in sorted(SOLUTIONS)
    ],
)
def test_solve_gives_exactly_the_published_solution(tb: Ruleset, name: str) -> None:
    obs, _ = load_observations(PUZZLES / f"{name}.obs")
    got = solve_clocktower(tb, obs)
    assert set(got.worlds) == set(SOLUTIONS[name])


# ----------------------------------------------------------------------------- what decides


def test_the_recluses_sentence_decides_nqt31() -> None:
    """NQT31's solution has a Recluse counted evil by the Chef: with the Recluse's
    sentence replaced by none, no world is consistent. The solver acts on the sentence."""
    text = RULES.read_text(encoding="utf-8")
    line = "Recluse: You might register as evil & as a Minion or Demon, even if dead."
    assert line in text
    without = parse_ruleset(text.replace(line, "Recluse: No special powers."), str(RULES))
    obs, _ = load_observations(PUZZLES / "nqt-31.obs")
    assert solve_clocktower(without, obs).worlds == ()


def test_a_changed_fact_changes_the_answer(tb: Ruleset) -> None:
    """NQT31 with the Chef's number changed: the published world no longer explains it."""
    path = PUZZLES / "nqt-31.obs"
    text = path.read_text(encoding="utf-8").replace('You says Chef: "1"', 'You says Chef: "3"')
    obs = parse_observations(text, str(path))
    assert SOLUTIONS["nqt-31"][0] not in solve_clocktower(tb, obs).worlds


def test_the_command_prints_the_world_and_its_json_has_solves_keys() -> None:
    path = str(PUZZLES / "nqt-31.obs")
    out = io.StringIO()
    assert main(["solve", str(RULES), path], stdout=out, stderr=io.StringIO()) == 0
    text = out.getvalue()
    assert "consistent starting worlds: 1 of" in text
    assert "world 1: You Chef, Aoife Empath, Tim Drunk, Adam Imp," in text
    out = io.StringIO()
    assert main(["solve", str(RULES), path, "--json"], stdout=out, stderr=io.StringIO()) == 0
    got = json.loads(out.getvalue())
    assert got["status"] == "sat" and got["worlds"] == 1
    assert got["examples"][0]["Tim"] == "Drunk" and "Tim is Drunk" in got["certain"]


TWO_KILLERS = """observations "two killers"
  ruleset: trouble-brewing
  seats: Ann, Bob, Cid, Dee, Eve, Fay, Gus, Hal
  hidden: Imp, Scarlet Woman
  I am Ann, Empath
  claims: Bob claims Recluse; Cid claims Chef; Dee claims Slayer; Eve claims Soldier; Fay claims Washerwoman; Gus claims Investigator; Hal claims Librarian
  day 1: Bob is executed
  night 2: Cid died; Dee died
"""


def test_two_deaths_in_a_night_are_two_demons_kills(tb: Ruleset) -> None:
    """Two deaths in one night with no Mayor: the Scarlet Woman caught the executed
    Recluse's death by day, and she and the Imp each kill (T15, T16). Every consistent
    world has the Recluse, and neither Demon may be both Cid and Dee (the two would
    have to kill themselves, and the good team would have won: T14). Without the
    Scarlet Woman's sentence, or the Recluse's, no world explains it."""
    obs = parse_observations(TWO_KILLERS, "two-killers.obs")
    worlds = solve_clocktower(tb, obs).worlds
    assert len(worlds) == 28
    assert all(w[1] == "Recluse" for w in worlds)
    assert not any({w[2], w[3]} == {"Imp", "Scarlet Woman"} for w in worlds)
    text = RULES.read_text(encoding="utf-8")
    for line in (
        "If there are 5 or more players alive & the Demon dies, you become the Demon.",
        "You might register as evil & as a Minion or Demon, even if dead.",
    ):
        assert line in text
        without = parse_ruleset(text.replace(line, "No special powers."), str(RULES))
        assert solve_clocktower(without, obs).worlds == ()


NO_DEATH = """observations "a night with no death"
  ruleset: trouble-brewing
  seats: Ann, Bob, Cid, Dee, Eve
  hidden: Imp, Spy, Poisoner
  I am Ann, Chef
  claims: Bob claims Empath; Cid claims Washerwoman; Dee claims Investigator; Eve claims Librarian
  night 1: Ann says Chef: "0"
  night 2: Bob says Empath: "1"
"""


def test_a_night_with_no_death_needs_a_kill_that_kills_no_one(tb: Ruleset) -> None:
    """ "Each night*, choose a player: they die.": on night 2, with no one dead, no one
    safe from the Demon and no protector, a sober Imp kills someone; a night with no
    death is explained only by the Poisoner poisoning the Imp (every consistent world
    has the Poisoner, none the Spy)."""
    worlds = solve_clocktower(tb, parse_observations(NO_DEATH, "no-death.obs")).worlds
    assert worlds and all("Poisoner" in w and "Spy" not in w for w in worlds)
    soldier = NO_DEATH.replace("Eve claims Librarian", "Eve claims Soldier")
    worlds = solve_clocktower(tb, parse_observations(soldier, "no-death.obs")).worlds
    assert any("Spy" in w and "Soldier" in w for w in worlds)
