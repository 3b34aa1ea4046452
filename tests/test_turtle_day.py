"""The day of Turtle's Chat Mafia as effect kinds (logic/effects/vote.py, day.py, hex.py):
two tie-breakers who disagree leave the lynch open; each day sentence, taken out of the
ruleset, changes the verdict of the case it decides (so the cases test the sentences);
the symbolic day (chained between nights) agrees with the concrete one."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.backends import concrete
from logic.commands.resolve import resolve
from logic.effects import vote
from logic.lang.case import parse_cases
from logic.lang.rules import parse_ruleset
from logic.model.expr import Const, Var, eq

ROOT = Path(__file__).resolve().parent.parent
TURTLE = (ROOT / "casebook" / "turtle-chat-mafia.rules").read_text()

TWO_JUDGES = """\
Ruleset: Two judges
Possible Town Roles
Citizen: No special powers.
Judge: The Judge gives final judgment in the case of a tie during voting.
Magistrate: The Magistrate gives final judgment in the case of a tie during voting.
Possible Mafia Roles
Goon: No special powers.
The player with the most votes (or the player chosen by the Judge) is removed for the remainder of the game.
"""


def _verdict(rules: str, case_text: str) -> tuple[str, set[str]]:
    rs = parse_ruleset(rules, "t.rules")
    (case,) = parse_cases(case_text, "t.case")
    res = resolve(rs, case, case_text)
    lynched = {a.subject for o in res.outcomes() for a in o.atoms if a.kind == "lynched"}
    return res.verdict, lynched


def test_two_tie_breakers_who_disagree_leave_the_lynch_open() -> None:
    case = (
        'case "judges"\n  players: Ann is Goon, Bob is Citizen, Jud is Judge, Mag is Magistrate\n'
        "  day 1:\n    Ann votes Bob\n    Bob votes Ann\n"
        "    Jud targets Ann\n    Mag targets {pick}\n"
    )
    # they disagree: the rules do not say whose pick counts (was a paradox)
    assert _verdict(TWO_JUDGES, case.format(pick="Bob")) == ("ambiguous", {"Ann", "Bob"})
    # they agree: one outcome
    assert _verdict(TWO_JUDGES, case.format(pick="Ann")) == ("determined", {"Ann"})


def _without(sentence: str) -> str:
    """The ruleset without `sentence` (a role line left empty says it has no powers)."""
    assert sentence in TURTLE, sentence
    lines = []
    for line in TURTLE.replace(sentence, "").splitlines():
        if line.endswith(": ") and " " not in line.rstrip(": "):
            line += "No special powers."
        lines.append(line)
    return "\n".join(lines) + "\n"


LOVERS = (
    'case "lovers"\n  ruleset: turtle-chat-mafia\n'
    "  players: Lou is Vanilla (Town), Liv is Vanilla (Town), Ann is Child, Gus is Witch (Town), "
    "Eve is Doublevoter (Town), Cu is Cupid (Town)\n"
    "  night 1:\n    Cu targets Lou and Liv\n"
    "  day 1:\n    Lou votes Ann\n    Liv votes Ann\n    Eve votes Gus\n"
)
TIEBREAK = (
    'case "tb"\n  ruleset: turtle-chat-mafia\n'
    "  players: Tim is Tiebreaker, Ann is Child, Cid is Priest (Town), Gus is Witch (Town)\n"
    "  day 1:\n    Tim votes Ann\n    Cid votes Gus\n"
)
TIED_TB = (
    'case "tied tb"\n  ruleset: turtle-chat-mafia\n'
    "  players: Tim is Tiebreaker, Ann is Child, Cid is Priest (Town), Dee is Sorcerer (Town)\n"
    "  day 1:\n    Cid votes Tim\n    Dee votes Ann\n"
)
NO_VOTES = (
    'case "quiet"\n  ruleset: turtle-chat-mafia\n'
    "  players: Ann is Child, Cid is Priest (Town), Gus is Witch (Town)\n  day 1:\n"
)
FRIEND = (
    'case "friend"\n  ruleset: turtle-chat-mafia\n'
    "  players: Ivy is Imaginary Friend, Ann is Child, Cid is Priest (Town), Dee is Sorcerer (Town), Eve is Doublevoter (Town)\n"
    "  day 1:\n    Eve votes Ivy\n    Dee votes Ivy\n    Cid votes Ann\n"
)
BOMB = (
    'case "bomb"\n  ruleset: turtle-chat-mafia\n'
    "  players: Bob is Bomb, Ann is Child, Cid is Priest (Town), Dee is Sorcerer (Town), Gus is Witch (Town)\n"
    "  day 1:\n    Cid votes Bob\n    Dee votes Bob\n    Ann votes Gus\n"
)
CHARM = (
    'case "charm"\n  ruleset: turtle-chat-mafia\n'
    "  players: Wanda is Witch (Town), Ann is Child, Cid is Priest (Town), Dee is Sorcerer (Town)\n"
    "  night 1:\n    Wanda uses Hex of Charming on Cid\n"
    "  day 1:\n    Ann votes Wanda\n    Dee votes Wanda\n    Cid votes Ann\n"
)


@pytest.mark.parametrize(
    ("case", "sentence", "with_it", "without_it"),
    [
        (
            LOVERS,
            "If both Lovers are voting for the same person, their votes will count as three instead of two.",
            ("determined", {"Ann"}),
            ("random", {"Ann", "Gus"}),
        ),
        (
            TIEBREAK,
            "As well, if there is a tie, and his vote is on one of the vote leaders, that person will be lynched.",
            ("determined", {"Ann"}),
            ("random", {"Ann", "Gus"}),
        ),
        (
            TIED_TB,
            "If the Tiebreaker is tied for the most votes at the end of the day, he will not be considered for the lynch.",
            ("determined", {"Ann"}),
            ("random", {"Ann", "Tim"}),
        ),
        (
            FRIEND,
            "While its power is in effect, it cannot be lynched.",
            ("determined", {"Ann"}),
            ("determined", {"Ivy"}),
        ),
        (
            CHARM,
            "In addition, if the Witch is put up to lynch on the following day, the hexed player is lynched instead.",
            ("determined", {"Cid"}),
            ("determined", {"Wanda"}),
        ),
    ],
)
def test_each_day_sentence_decides_its_case(
    case: str, sentence: str, with_it: tuple[str, set[str]], without_it: tuple[str, set[str]]
) -> None:
    assert _verdict(TURTLE, case) == with_it
    assert _verdict(_without(sentence), case) == without_it


def test_a_day_with_no_votes_needs_its_sentences() -> None:
    """With 'One person will be lynched each day.' or the no-votes sentence, a silent day
    lynches someone at random; with neither, no one (strict plurality)."""
    assert _verdict(TURTLE, NO_VOTES) == ("random", {"Ann", "Cid", "Gus"})
    daily = "One person will be lynched each day.\n"
    assert _verdict(_without(daily), NO_VOTES) == ("random", {"Ann", "Cid", "Gus"})
    novotes = next(line for line in TURTLE.splitlines() if line.startswith("If, by some"))
    assert _verdict(_without(daily).replace(novotes, ""), NO_VOTES) == ("determined", set())


def test_the_bombs_last_voter_needs_its_sentence() -> None:
    rs = parse_ruleset(TURTLE, "t.rules")
    (case,) = parse_cases(BOMB, "t.case")
    dies = {
        a.subject for o in resolve(rs, case, BOMB).outcomes() for a in o.atoms if a.kind == "dies"
    }
    assert dies == {"Bob", "Dee"}
    rs = parse_ruleset(
        _without("If the Bomb is lynched, the last person to vote for the Bomb dies."), "t.rules"
    )
    dies = {
        a.subject for o in resolve(rs, case, BOMB).outcomes() for a in o.atoms if a.kind == "dies"
    }
    assert dies == {"Bob"}


def test_symbolic_day_agrees_with_the_concrete_one() -> None:
    """The day's constraints over open votes, fixed by equations, give the lynch the
    concrete day gives (the symbolic day of chain.py builds them the same way)."""
    rs = parse_ruleset(TURTLE, "t.rules")
    names = ("Tim", "Ivy", "Ann", "Cid", "Eve")
    roles = {
        "Tim": rs.role("Tiebreaker"),
        "Ivy": rs.role("Imaginary Friend"),
        "Ann": rs.role("Child"),
        "Cid": rs.role("Priest"),
        "Eve": rs.role("Doublevoter"),
    }
    votes = {"Eve": "Ivy", "Cid": "Tim", "Ann": "Tim", "Tim": "Ann"}
    inputs = vote.concrete_inputs(names, roles, frozenset(), votes, {})  # type: ignore[arg-type]
    fixed = vote.day_constraints(rs, inputs)
    open_inputs = vote.DayInputs(
        names, lambda p: Var(f"vote:{p}"), inputs.alive, inputs.role_is, lambda p: None
    )
    free = vote.day_constraints(rs, open_inputs)
    assert rs.lynch is not None
    pins = [
        (eq(Var(f"vote:{p}"), Const(names.index(votes[p]) if p in votes else -1)), rs.lynch.why)
        for p in names
    ]
    domains = dict(free.domains)
    domains.update({f"vote:{p}": [-1, *range(len(names))] for p in names})
    a = {m["lynch"] for m in concrete.solve(fixed.domains, fixed.equations).models}
    b = {m["lynch"] for m in concrete.solve(domains, [*free.equations, *pins]).models}
    # Tim (2) and Ivy (2) lead; the Tiebreaker is left out and the Friend cannot be
    # lynched: the lynch passes to Ann (1), the next in line
    assert a == b == {names.index("Ann")}


SMALL = """\
Ruleset: Small
Possible Town Roles
Citizen: No special powers.
Roleblocker: Targets a player each night. That player is roleblocked.
Sorcerer: Once per game, at any time during the Day, but not any other time, the Sorcerer may kill one target of his choice. The target dies instantly, and all votes by and for him are removed.
Possible Mafia Roles
Goon: Kills a player each night.
If a player is killed, however, only the killer shall know the deceased's alignment and role.
"""


def _outcome(case_text: str, rules: str = SMALL) -> set[str]:
    rs = parse_ruleset(rules, "small.rules")
    (case,) = parse_cases(case_text, "small.case")
    res = resolve(rs, case, case_text)
    assert res.verdict == "determined"
    return {str(a) for p in res.paths for o in p.phases for a in o.atoms}


def test_only_the_killer_learns_the_role_and_alignment() -> None:
    text = (
        'case "kill"\n  players: Gus is Goon, Ann is Citizen, Bob is Citizen, Sam is Sorcerer\n'
        "  night 1:\n    Gus kills Ann\n  day 1:\n    Sam kills Bob\n"
    )
    atoms = _outcome(text)
    assert 'Gus learns "Citizen (Town)"' in atoms
    assert 'Sam learns "Citizen (Town)"' in atoms
    assert not any(a.startswith(("Bob learns", "Ann learns")) for a in atoms)
    without = SMALL.replace(
        "If a player is killed, however, only the killer shall know the deceased's alignment and role.\n",
        "",
    )
    assert not any("learns" in a for a in _outcome(text, without))


def test_a_roleblock_lasts_into_the_day_for_day_powers() -> None:
    """'For the night and the following day, that person cannot use their role': a day
    power of a player roleblocked the night before fails (T-day-5: day actions only)."""
    text = (
        'case "blocked"\n  players: Rob is Roleblocker, Ann is Citizen, Sam is Sorcerer\n'
        "  night 1:\n    Rob targets {who}\n  day 1:\n    Sam kills Ann\n"
    )
    rules = SMALL.replace(
        "Targets a player each night. That player is roleblocked.\n",
        "The Roleblocker choose one person each night. For the night and the following "
        "day, that person cannot use their role.\n",
    )
    blocked = _outcome(text.format(who="Sam"), rules)
    assert "Sam's action fails" in blocked and "Ann dies" not in blocked
    free = _outcome(text.format(who="Ann"), rules)
    assert "Sam's action succeeds" in free and "Ann dies" in free
    # without the sentence a roleblock is for its night only
    night_only = _outcome(text.format(who="Sam"))
    assert "Sam's action succeeds" in night_only and "Ann dies" in night_only


def test_a_roleblocked_passive_power_by_day_is_left_open() -> None:
    """T-day-5: 'that person cannot use their role' for the following day; whether that
    stops a passive power (a vote that counts as two) is not said: both outcomes."""
    rules = SMALL.replace(
        "Possible Mafia Roles", "Senator: Their vote counts as two.\nPossible Mafia Roles"
    ).replace(
        "Targets a player each night. That player is roleblocked.\n",
        "The Roleblocker choose one person each night. For the night and the following "
        "day, that person cannot use their role.\n",
    )
    text = (
        'case "blocked senator"\n  players: Rob is Roleblocker, Sen is Senator, Ann is Citizen, '
        "Bob is Citizen\n  night 1:\n    Rob targets {who}\n  day 1:\n    Sen votes Ann\n"
        "    Bob votes Sen\n"
    )
    assert _verdict(rules, text.format(who="Sen")) == ("ambiguous", {"Ann"})
    assert _verdict(rules, text.format(who="Bob")) == ("determined", {"Ann"})
