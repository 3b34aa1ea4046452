"""Owns the mechanics of whole-game sentences that the engine does not model, each with the
reason a writer is given: a sentence the game language recognises as one of them (its
fragment's shape read into `parts.Unmodelled`) is not read but reported, by `ruling parse`
as an error naming the mechanic and suggesting the `Not modelled (MECHANIC): ...` line that
keeps it, and by `ruling draft` as that line. The names are short (they are the reason of
that line: no parentheses); the reasons say what the engine does instead.
"""

from __future__ import annotations

MECHANICS: dict[str, str] = {
    "majority lynch": (
        "the engine lynches the player with the most votes when the day ends; a lynch as soon "
        "as a majority votes for a player (a hammer that ends the day) is not modelled"
    ),
    "real time": (
        "phase lengths, deadlines and prods are not modelled: a day ends with its votes as "
        "they are given, a night with its actions"
    ),
    "no-lynch votes": (
        "a vote for no lynch is not modelled: a player votes for a player or for no one (a "
        "day with no votes lynches no one unless a rule says otherwise)"
    ),
    "self-votes": (
        "a ban on voting for oneself is not modelled: a player may vote for any living player"
    ),
    "vote format": "how a vote is written in the thread is not modelled: a day's votes are given",
    "vote timing": (
        "when each vote was cast is not modelled: a day's votes are its last ones, and a tie "
        "is settled by the ruleset's tie rule"
    ),
    "tie lynches all": (
        "a tie that lynches every tied player is not modelled: at most one player is lynched a day"
    ),
    "alignment-only flips": (
        "a reveal of the alignment alone is not modelled: a reveal shows the role and the alignment"
    ),
    "day start": (
        "a game that starts by day is not modelled by `solve` (night N comes before day N); "
        "a case may start with `day 1:`"
    ),
    "a day without a lynch": (
        "a day on which no one may be lynched is not modelled: its votes lynch as on any "
        "other day (give that day no votes: a day with no votes lynches no one unless a "
        "rule says otherwise)"
    ),
    "night 0": "a night before night 1 is not modelled: the first night is night 1",
    "a night without kills": (
        "a night on which no one may kill is not modelled for the whole game: say it on each "
        "killing role's line"
    ),
    "draw": "a game that ends with no winner is not modelled: the game goes on",
    "victory over several groups": (
        "a victory that needs several groups gone at once is not modelled: say 'when all "
        "threats to the Town are dead' (no one outside it alive) or give one group"
    ),
    "victory of every faction": (
        "a victory said of every faction at once is not modelled: give each faction's "
        "('The Town wins when ...')"
    ),
    "forced faction kill": (
        "a faction's nightkill that must be used is not modelled: the kill is optional (a "
        "case says who kills)"
    ),
    "chat": (
        "a faction's private talk is not modelled: `solve` reads what an observer knows from "
        "the observation file"
    ),
    "faction knowledge": (
        "what a faction's members know of each other is not modelled: `solve` reads what an "
        "observer knows from the observation file"
    ),
    "the setup": (
        "the setup's size and openness are not modelled in a ruleset: a case's `players:` "
        "line, or an observation file's `players:`, `factions:` and `roles:` lines give it"
    ),
    "conduct": (
        "a rule of conduct for players (quoting role PMs, posting while dead, contact "
        "outside the thread) is not modelled: it changes no outcome"
    ),
    "procedure": (
        "how the host sends roles and receives actions is not modelled: a case or an "
        "observation file gives them"
    ),
}


def reason(mechanic: str) -> str:
    """What a writer is told of `mechanic`."""
    return MECHANICS[mechanic]


def kept_line(mechanic: str, sentence: str) -> str:
    """The line that keeps `sentence` as not modelled."""
    return f"Not modelled ({mechanic}): {' '.join(sentence.split())}"
