"""Who may lie (`Liars`: the players outside the majority faction, or anyone), and the
assumptions a count states in its output (`assumptions`)."""

from __future__ import annotations

from typing import Literal

from logic.lang.observations import Setup

Liars = Literal["non-town", "all"]


ASSUMPTIONS = (
    "every role assignment the setup allows is equally likely a priori (uniform prior)",
    "every death is announced: a player not said to die on a night survived it",
    "night N comes before day N",
)


def assumptions(setup: Setup, liars: Liars) -> tuple[str, ...]:
    votes = (
        "every vote is announced: on a day whose votes are given, a player not said to vote cast none",
    )
    return (
        ASSUMPTIONS
        + (votes if any(f.kind == "vote" for f in setup.facts) else ())
        + (
            (f"players of the {setup.rest} faction tell the truth; others may claim anything",)
            if liars == "non-town"
            else ("any claim may be false",)
        )
    )
