"""DCTP's travel (issue 28, item 6): where a traveler is each phase (in Japan, abroad, in
the air) and what that stops, read from the GM's sentences by one kind in its own files
(logic/effects/travel.py, grammar/clause/travel.lark, grammar/lexicon/travel.toml,
logic/lang/kinds/travel.py), with a lasting state (each traveler's departures) carried from
phase to phase. Each sentence the kind reads changes a case of
casebook/dctp-mini-mafia/travel.case when it is deleted, and fixed games give the same
outcome symbolically (the chain) as concretely (resolve)."""

from __future__ import annotations

from pathlib import Path

import pytest
from dctp_deletions import DCTP, case_of, deleting_changes, without

from logic.commands.casebook import run_case
from logic.lang.rules import load_ruleset, parse_ruleset

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook" / "dctp-mini-mafia" / "travel.case"

ONSET = "\n".join(
    [
        " At the onset of the game, the player is not in Japan.",
        " Begins game outside Japan.",
        " Player does not reside in Japan from the start of the game.",
    ]
)
EN_ROUTE = "\n".join(
    [
        " If the traveler is on the plane: While en route, the player may not use their "
        "abilities, vote, or be killed or lynched.",
        " On the plane: While traveling, he can't use his abilities/vote or be killed/lynched.",
    ]
)
ALONE = "\n".join(
    [
        " The player may not use an ability or vote and travel in the same phase.",
        " They must either decide to travel or use their abilities--not both.",
        " The player can't use an ability/vote and decide to travel at the same time.",
        " Can opt to Travel OR Interrogate during the night.",
        " During the day, can either Travel OR Vote.",
        " Can opt to Travel OR Protect during the night.",
        " During the day, can either Travel OR Vote AND Protect.",
    ]
)
SURVIVES = "\n".join(
    [
        " If the traveler is killed or lynched in the same phase they use Travel, the "
        "traveler will survive and travel as intended.",
        " In case he was killed or lynched, the traveler will survive.",
    ]
)
LANDS = "\n".join(
    [
        " If the traveler is poisoned on the same phase they use Travel to leave Japan, the "
        "APTX will still take effect and they will die.",
        " In case the player was APTXed on the same phase, he decided to leave Japan, the APTX "
        "will still take effect and he'll die.",
    ]
)
EXEMPT = "\n".join(
    [
        " No actions may be taken on him except for discombobulation and frighten.",
        " Discombobulate and Frighten DO still work while a player is out of the country if "
        "the player attempts to use Travel in a phase where it would be affected.",
        " Discombobulate & Frighten DO still work while a player is out of the country if "
        "the player attempts to use Travel in a phase where it would be affected.",
        " In other words, Discombobulate & Frighten will stop Travel whether the player is in "
        "the country or out.",
        " Discombobulate and Frighten are the only normal actions that will have an effect, "
        "thus preventing possible uses of the Travel ability.",
    ]
)
# the section's list (R80): deleted, neither Hakuba nor Makoto travels
LIST = " Role with action: Hakuba, Makoto."
FLIGHT = "\n".join(
    [
        " If they do travel beginning in prep, they will be in the air on Night 1, thus making "
        "it so they cannot use their action during the night.",
        " If they do they will be on the plane during Night 1, so they can't use their action "
        "during that Night.",
        " If this path is chosen, they will arrive during Day 1 and be able to participate "
        "normally.",
        " They will arrive during Day 1 and can participate in Voting or use their Day ability "
        "(Makoto).",
    ]
)
IN_PROCESS = (
    " For abilities such as investigate, interrogate, kill, and the like that directly "
    "concern a player, if the player is out of the country or in the process of traveling, "
    'they will receive a "fail" for their result.'
)
ON_ABROAD = "\n".join(
    [" If a traveler is targeted with an action while abroad, that action will fail.", IN_PROCESS]
)
IDLE = "\n".join(
    [
        " So the player can't be killed in any way, can't use actions besides Travel and "
        "can't Vote.",
        ' If the traveler is not in Japan: The player is treated as if they were "arrested" as '
        "far as not being able to be killed, not being able to use any actions apart from "
        "Travel, and not being able to vote.",
        " Not in Japan: The player is handled as if he were arrested.",
    ]
)
ON_ROUTE = "\n".join(
    [
        " If targeted with Discombobulate, Frighten, or any other normal ability in this "
        'state, the user will receive a "fail".',
        " The only exception is if the traveler is already ON the plane, in which case neither "
        "or any other ability apart from Bribe will work.",
    ]
)
UNTOUCHED = "\n".join(
    [
        " While on the plane, they cannot be discombobulated or frightened (meaning they will "
        "still arrive at their destination).",
        " While on the plane, he can't be discombobulated or frightened, so he will still "
        "arrive at his destination.",
    ]
)
NO_APTX = "\n".join(
    [
        " While in this state, they may also not be poisoned.",
        " During that time, he also can't be APTXed.",
    ]
)
STOPPED = "\n".join(
    [
        " Only if they are discombobulated or frightened will the traveler still be killed in "
        "such a situation.",
        " In other words: The travel has to be stopped by other means.",
    ]
)

# each sentence the kind reads (on Hakuba's and Makoto's lines: a sentence said again by
# others, the lines they are on), and a case of travel.case
# that it decides: with the sentence the case passes, without it the case fails (or names
# an ability no longer there)
DECIDES = [
    (
        " To travel, the player sends a travel order to the GM (whether it's during Prep, "
        "Night, or Day).",
        "Abroad: undisturbed, Hakuba's travel of night 1 brings him to Japan by night 3",
    ),
    (
        ONSET,
        "Abroad: an interrogation of Hakuba fails",
    ),
    (LIST, "Abroad: undisturbed, Hakuba's travel of night 1 brings him to Japan by night 3"),
    (LIST, "R80: Makoto travels by the section's list"),
    (FLIGHT, "Example: Hakuba in the plane on day 1 is not lynched"),
    (ON_ABROAD, "Abroad: an interrogation of Hakuba fails"),
    (IN_PROCESS, "R84: an interrogation of Makoto the night he leaves Japan: open"),
    ("\n".join([ON_ROUTE, IN_PROCESS]), "R84: an interrogation of Hakuba in the air fails"),
    (  # three sentences say it (the travel section's twice, the Rule Clarifications')
        EXEMPT,
        "Abroad: a discombobulation still lands and stops Hakuba's travel",
    ),
    (
        EXEMPT,
        "Abroad: frightened at night, Hakuba's travel of the next day fails",
    ),
    (IDLE, "Abroad: Hakuba's own interrogation fails"),
    (
        EN_ROUTE,
        "Example: Hakuba in the plane on day 1 is not lynched",
    ),
    (
        EN_ROUTE,
        "Example: Hakuba's vote in the plane on day 1 does not count",
    ),
    (
        "\n".join([ON_ROUTE, UNTOUCHED]),
        "In the air: a discombobulation of Hakuba fails",
    ),
    (NO_APTX, "T2: an APTX on Makoto in the air: the change log and the example disagree"),
    (
        " Travelers can now be poisoned no matter where they are physically located.",
        "T2: an APTX on Makoto in the air: the change log and the example disagree",
    ),
    (
        ALONE,
        "Travelling by day, Hakuba's vote does not count",
    ),
    (
        ALONE,
        "T3: Makoto sends a travel and a protection on one night: which is played is open",
    ),
    (
        SURVIVES,
        "Example: Hakuba travelling on day 2 is not lynched",
    ),
    (
        SURVIVES,
        "Leaving Japan at night: the Black Org's kill does not take Makoto",
    ),
    (
        LANDS,
        "Example: Hakuba travelling on day 2 dies of an APTX",
    ),
    (
        " If he successfully protects, he will fly out of Japan.",
        "Makoto's successful protection flies him out of Japan",
    ),
    (STOPPED, "Leaving Japan at night, discombobulated: the kill takes Makoto"),
    (STOPPED, "R83: frightened, Hakuba's travel of day 2 fails and he is lynched"),
]


@pytest.mark.parametrize(("sentence", "title"), DECIDES)
def test_deleting_a_sentence_changes_its_case(sentence: str, title: str) -> None:
    deleting_changes(CASEBOOK, title, without(sentence))


def test_every_travel_sentence_is_deleted_by_a_test() -> None:
    """Each sentence the kind reads on a traveler's line is in DECIDES (a new one needs a
    case that it decides)."""
    from logic.effects.travel import DayTravel, Travel, TravelRule

    rs = load_ruleset(DCTP)
    said: set[str] = set()
    for r in rs.roles:
        for a in r.abilities:
            said |= {
                e.why.text.removeprefix(f"{r.name}: ")
                for e in a.effects
                if isinstance(e, (Travel, DayTravel))
            }
        for t in r.traits:
            if isinstance(t, TravelRule):
                said |= {w.text for w in vars(t).values() if hasattr(w, "text")}
    parts = {one.strip() for s, _ in DECIDES for one in s.split("\n")}
    # (a field said by several sentences keeps the first's: the others of each group, and
    # the section's list, R80, which gives them all)
    assert len(said) == 17 and len(parts) == 42
    assert said <= parts


SAID_AGAIN = [
    (ONSET, "Abroad: an interrogation of Hakuba fails"),
    (FLIGHT, "Example: Hakuba in the plane on day 1 is not lynched"),
    (ON_ABROAD, "Abroad: an interrogation of Hakuba fails"),
    (IDLE, "Abroad: Hakuba's own interrogation fails"),
    ("\n".join([ON_ROUTE, UNTOUCHED]), "In the air: a discombobulation of Hakuba fails"),
    (NO_APTX, "T2: an APTX on Makoto in the air: the change log and the example disagree"),
    (STOPPED, "R83: frightened, Hakuba's travel of day 2 fails and he is lynched"),
    (EN_ROUTE, "Example: Hakuba in the plane on day 1 is not lynched"),
    (ALONE, "Travelling by day, Hakuba's vote does not count"),
    (SURVIVES, "Example: Hakuba travelling on day 2 is not lynched"),
    (LANDS, "Example: Hakuba travelling on day 2 dies of an APTX"),
    (EXEMPT, "Abroad: a discombobulation still lands and stops Hakuba's travel"),
]


@pytest.mark.parametrize(("group", "title"), SAID_AGAIN)
def test_a_sentence_said_again_alone_changes_nothing(group: str, title: str) -> None:
    """Each sentence of a group that says one ruling, deleted alone, leaves its case as it
    was: the others still say it (`ruling casebook --deletions`: same rules); the group
    deleted whole changes it (DECIDES)."""
    case, cases_text = case_of(CASEBOOK, title)
    for one in group.split("\n"):
        rules = parse_ruleset(without(one), str(DCTP))
        assert run_case(rules, case, cases_text).passed, one


# ----------------------------------------------------------------------------- the chain

# (players, each phase's actions: night 1, day 1, night 2; the day's votes): the chained
# symbolic phases (`check --nights`, the world solver) give what resolve gives, where each
# traveler is carried from phase to phase
GAMES = {
    "Hakuba travels on night 1, is in the air on day 1, interrogates on night 2": (
        [("Ann", "Heiji", ""), ("Bob", "Hakuba", ""), ("Cid", "Gin", "")],
        [{"Bob": ("Travel", "")}, {}, {"Bob": ("Interrogate", "Cid")}],
        {"Ann": "Bob", "Cid": "Bob"},
    ),
    "abroad, a kill and an interrogation of Hakuba fail, and his own": (
        [("Ann", "Heiji", ""), ("Bob", "Hakuba", ""), ("Cid", "Gin", "")],
        [
            {"Cid": ("__kill", "Bob"), "Ann": ("Interrogate", "Bob")},
            {},
            {"Bob": ("Interrogate", "Cid")},
        ],
        {"Ann": "Bob", "Cid": "Bob", "Bob": "Ann"},
    ),
    "a discombobulation stops the travel of Hakuba abroad": (
        [("Ann", "Eisuke", ""), ("Bob", "Hakuba", ""), ("Cid", "Gin", "")],
        [
            {"Ann": ("Discombobulate", "Bob"), "Bob": ("Travel", "")},
            {},
            {"Bob": ("Interrogate", "Cid")},
        ],
        {},
    ),
    "frightened at night, Hakuba's travel of the day fails": (
        [("Ann", "Tequila", ""), ("Bob", "Hakuba", ""), ("Cid", "Gin", "")],
        [{"Ann": ("Frighten", "Bob")}, {"Bob": ("Travel", "")}, {"Bob": ("Interrogate", "Cid")}],
        {},
    ),
    "in the air the night after a day's travel, a kill and a discombobulation fail": (
        [("Ann", "Eisuke", ""), ("Bob", "Hakuba", ""), ("Cid", "Gin", "")],
        [{}, {"Bob": ("Travel", "")}, {"Ann": ("Discombobulate", "Bob"), "Cid": ("__kill", "Bob")}],
        {},
    ),
    "an APTX on Makoto in the air (T2, open)": (
        [("Ann", "Vodka", ""), ("Bob", "Makoto", ""), ("Cid", "Heiji", "")],
        [{"Bob": ("Travel", "")}, {"Ann": ("poison", "Bob", "Makoto")}, {}],
        {},
    ),
    "Makoto, in Japan on night 2, travels: the kill does not take him": (
        [("Ann", "Heiji", ""), ("Bob", "Makoto", ""), ("Cid", "Gin", "")],
        [{"Bob": ("Travel", "")}, {}, {"Bob": ("Travel", ""), "Cid": ("__kill", "Bob")}],
        {},
    ),
    "Makoto, in Japan on night 2, protects and flies out": (
        [("Ann", "Heiji", ""), ("Bob", "Makoto", ""), ("Cid", "Gin", "")],
        [{"Bob": ("Travel", "")}, {}, {"Bob": ("Protect", "Ann"), "Cid": ("__kill", "Ann")}],
        {},
    ),
    "Makoto, in Japan on night 2, protects a player no one attacks": (
        [("Ann", "Heiji", ""), ("Bob", "Makoto", ""), ("Cid", "Gin", "")],
        [{"Bob": ("Travel", "")}, {}, {"Bob": ("Protect", "Ann"), "Cid": ("__kill", "Bob")}],
        {},
    ),
}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_chain_agrees_with_resolve(name: str) -> None:
    from test_day_chain import RULESETS, _compare

    _compare(RULESETS["dctp-mini-mafia"], GAMES[name])  # type: ignore[arg-type]
