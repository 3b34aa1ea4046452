"""Every modelled ruling of the werewolf pool lives in its text (issue 28, item 9): each
sentence of casebook/werewolf-pool.rules that the engine reads decides a case of
casebook/werewolf-pool/, so deleting it changes that case's verdict (or the case can no
longer be run: it names a power the ruleset no longer has). A role's only power deleted
leaves the role with "This player has no powers." (its name stays in the visiting lists).

The few sentences whose deletion changes nothing are listed in `NOTED` with the reason,
and the ruleset says the same at their lines; the test checks that they do change
nothing, and that every sentence of the ruleset's statements is in one list or the
other."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from logic.commands.casebook import run_case
from logic.commands.solve import solve
from logic.lang.case import Case, parse_cases
from logic.lang.errors import RulingError
from logic.lang.observations import bind, parse_observations
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model.ir import Ruleset

ROOT = Path(__file__).parent.parent
RULES = ROOT / "casebook" / "werewolf-pool.rules"
CASEBOOK = ROOT / "casebook" / "werewolf-pool"
POWERLESS = "This player has no powers."

# (the start of the line, the sentences deleted from it together, a case it decides)
DECIDES: list[tuple[str, tuple[str, ...], str]] = [
    (
        "Meddler:",
        ("The meddler can exclude some specific roles.",),
        "R30: the Meddler leaves the Seer and the Guard out of the random answer",
    ),
    (
        "2. Village Exclusive - The",
        (
            "2. Village Exclusive - These roles can only be assigned to villagers (good guys) "
            "but are not guaranteed to be assigned.",
        ),
        "R29: the Hunter is a villager's role",
    ),
    (
        "4. Werewolf Exclusive - Th",
        (
            "4. Werewolf Exclusive - These roles can only be assigned to werewolves (bad guys) "
            "but are not guaranteed to be assigned.",
        ),
        "R29: the Smoker is a werewolf's role: he carries out the werewolves' kill",
    ),
    (
        "Amplifier:",
        ("The amplified player gets notified of the extra power.",),
        "The amplified player is told so",
    ),
    (
        "Amplifier:",
        (
            "For example, a seer will get a double scan that night, guard gets double "
            "protection that night, the hunter gets two kills (but they HAVE to be at that "
            "time, or they are BOTH lost).",
        ),
        "R31: the amplified Seer gets a double scan that night",
    ),
    (
        "Meddler:",
        ("If the action is a target, a random other player is chosen.",),
        "R31: the amplification aimed at the meddled Alpha lands on a random other player",
    ),
    (
        "Cover Smoker:",
        ("This werewolf may block one other player from any night-time scan activity.",),
        "R25: the Cover Smoker covers Bob: the Seer's scan of him fails",
    ),
    (
        "Cover Smoker:",
        ("(Active, One-time use, Night-time, Private)",),
        "R25: the Cover Smoker covers once per game",
    ),
    (
        "Follower Spy:",
        ("He is told the target of that role, but not the result or who used it.",),
        "R24: the Follower Spy follows the Seer: he is told the Seer's target",
    ),
    (
        "Follower Spy:",
        (
            "This player follows the target of a specific night-time use role.",
            "He is told the target of that role, but not the result or who used it.",
        ),
        "R24: the Follower Spy follows the Seer: he is told the Seer's target",
    ),
    (
        "Role-Smoker:",
        (
            "This werewolf selects a role to block once per game.",
            "If that role uses a power that night, it fails to work.",
        ),
        "R26: the Role-Smoker blocks the Seer's role: the Seer's scan fails",
    ),
    (
        "Role-Smoker:",
        ("If that role uses a power that night, it fails to work.",),
        "R26: every holder of the role blocked fails",
    ),
    (
        "Meddler:",
        ("If the action is a target, a random other player is chosen.",),
        "W17: the Hunter's shot at the meddled player lands on a random other player",
    ),
    (
        "In the event of a tie, the",
        ("In the event of a tie, the tied player who reached that vote total first is lynched.",),
        "W9: A arrived at the tied total via a private riot: B is lynched",
    ),
    (
        "In the event of a tie, the",
        ("In the event of a tie, the tied player who reached that vote total first is lynched.",),
        "R23: a count that fell and came back stands from its return",
    ),
    (
        "3. One-time use - These ro",
        ("3. One-time use - These roles can only be used once.",),
        "One-time use: the Blocker blocks once per game",
    ),
    (
        "Werewolf:",
        ("First, the Werewolf may choose one person each night to kill.",),
        "The Guard protects from the werewolves' kill",
    ),
    (
        "Seer:",
        ("This player can choose one other alive player to scan the role of per night.",),
        "The Seer scans the role of another living player",
    ),
    (
        "Guard:",
        (
            "This player can choose one alive player to protect from death or infection "
            "(including self).",
            "Cannot target the same player on consecutive nights.",
            "This protection extends into the following game day and protects from all types "
            "of death (infection) except lynching.",
        ),
        "The Guard protects from the werewolves' kill",
    ),
    (
        "Guard:",
        ("Cannot target the same player on consecutive nights.",),
        "W5: the Guard cannot protect the same player twice in a row",
    ),
    (
        "Guard:",
        (
            "This protection extends into the following game day and protects from all types "
            "of death (infection) except lynching.",
        ),
        "The Guard's protection of the night holds the day after: the Hunter's kill fails",
    ),
    (
        "Undertaker:",
        ("This player can choose one dead player to scan the role of per night.",),
        "The Undertaker scans the role of a dead player",
    ),
    (
        "Stalwart:",
        ("This player is immune to infection from the werewolves.",),
        "The Stalwart is immune to infection",
    ),
    (
        "Stalwart:",
        ("(Passive, One-time use, Night-time)",),
        "The Stalwart's immunity holds once: a second infection converts him",
    ),
    (
        "Thug:",
        ("This player survives one death via any means except lynching.",),
        "The Hunter's kill fails on the Thug",
    ),
    (
        "Thug:",
        ("This player survives one death via any means except lynching.",),
        "W14: the Hunter's kill by day fails on the Thug",
    ),
    (
        "Hunter:",
        ("Kills a player once per game.", "Cannot self-target."),
        "The Hunter kills an unprotected player, once per game",
    ),
    ("Hunter:", ("Cannot self-target.",), "The Hunter chooses another player, not himself"),
    (
        "Hunter:",
        ("Once per game, during the day, the Hunter may kill another player.",),
        "The Hunter kills by day",
    ),
    (
        "Executioner:",
        (
            "This player chooses one other alive player to substitute for the lynching victim "
            "that day.",
        ),
        "The Executioner's target is lynched in place of the day's victim",
    ),
    (
        "Executioner:",
        ("(Active, One-time use, Day-time, Dual-nature)",),
        "The Executioner substitutes once per game",
    ),
    (
        "Morpher:",
        (
            "This player chooses one role from the General Pool they would like to assume.",
            "If that role is not assigned, they assume that role.",
            "If the role is assigned, the player can choose whether or not to assume the "
            "alignment of the other player (without being told what it is).",
            "(Active, One-time use, Anytime, Private)",
        ),
        "An unassigned role is the Morpher's",
    ),
    (
        "Morpher:",
        ("If that role is not assigned, they assume that role.",),
        "An unassigned role is the Morpher's",
    ),
    (
        "Morpher:",
        (
            "If the role is assigned, the player can choose whether or not to assume the "
            "alignment of the other player (without being told what it is).",
        ),
        "An assigned role: the Morpher takes its holder's alignment, a werewolf's",
    ),
    (
        "Morpher:",
        ("(Active, One-time use, Anytime, Private)",),
        "One-time use: the Morpher chooses once per game",
    ),
    (
        "Reverber:",
        (
            "This player can double his or her own vote for lynching.",
            "It doubles whatever the valid vote is, so the vote can be changed.",
            "If the power is used privately, it only counts TWICE at the deadline, when the vote "
            "doubled is disclosed (not the reason it was doubled).",
        ),
        "The Reverber doubles his own vote",
    ),
    (
        "Reverber:",
        (
            "If the power is used privately, it only counts TWICE at the deadline, when the vote "
            "doubled is disclosed (not the reason it was doubled).",
        ),
        "R28: the Reverber's private double vote decides the lynch at the deadline",
    ),
    (
        "Reverber:",
        ("It doubles whatever the valid vote is, so the vote can be changed.",),
        "W7: the Reverber changes his vote: the vote standing counts double",
    ),
    (
        "Reverber:",
        ("(Active, One-time use, Day-time, Dual-nature)",),
        "One-time use: the Reverber's second day is a single vote",
    ),
    (
        "Rioter:",
        (
            "This player can double another's lynching vote.",
            "If the rioted person changes vote or goes to no vote (the rioter can not do "
            "anything about it), it is the current/final valid vote that counts double.",
            "If the rioting is done privately (via PM to the GG), that persons last vote will be "
            "counted TWICE at deadline, when the vote doubled (but not the rioter, nor if it is "
            "rioting) will be disclosed by the GG.",
            "However, the rioting CAN be done overtly, in the thread, with a Rioting Post.",
        ),
        "The Rioter doubles another's vote, which decides the lynch",
    ),
    (
        "Rioter:",
        (
            "If the rioting is done privately (via PM to the GG), that persons last vote will be "
            "counted TWICE at deadline, when the vote doubled (but not the rioter, nor if it is "
            "rioting) will be disclosed by the GG.",
        ),
        "R28: a private riot: the GG discloses the doubled vote, not the Rioter",
    ),
    (
        "Rioter:",
        (
            "If the rioted person changes vote or goes to no vote (the rioter can not do "
            "anything about it), it is the current/final valid vote that counts double.",
        ),
        "W7: the rioted player changes vote: the final vote counts double",
    ),
    (
        "Rioter:",
        ("(Active, One-time use, Day-time, Dual-nature)",),
        "The amplified Rioter's power was spent: nothing happens",
    ),
    (
        "Soother:",
        ("This player can block another's lynching vote.", "Mechanics are similar to the rioter."),
        "The Soother blocks a vote, which changes the lynch",
    ),
    (
        "Soother:",
        ("Mechanics are similar to the rioter.",),
        "R28: a private soothing is disclosed as a riot is: the vote, not the Soother",
    ),
    (
        "Soother:",
        ("(Active, One-time use, Day-time, Dual-nature)",),
        "One-time use: the Soother blocks once per game",
    ),
    (
        "Spy:",
        (
            "The spy selects a player to spy on.",
            "If that player uses a power that night, the spy knows what power was used, but "
            "not the target.",
            "Cannot target the same player on consecutive nights.",
        ),
        "The Spy learns the power the watched player used, not its target",
    ),
    (
        "Spy:",
        (
            "If that player uses a power that night, the spy knows what power was used, but "
            "not the target.",
        ),
        "The Spy learns the power the watched player used, not its target",
    ),
    (
        "Spy:",
        ("Cannot target the same player on consecutive nights.",),
        "The Spy cannot watch the same player on consecutive nights",
    ),
    (
        "Seeker:",
        ("Checks a player each night.", "Learns what roles visited that player."),
        "The Seeker learns the powers used on a player, not who used them",
    ),
    (
        "Seeker:",
        ("Learns what roles visited that player.",),
        "The Seeker learns the powers used on a player, not who used them",
    ),
    (
        "Visiting roles:",
        (
            "Seer, Guard, Undertaker, Hunter, Seeker, Blocker, Smoker, Maniac, Alpha, Swapper, "
            "Leech, Spy, Meddler, Cover Smoker, Amplifier.",
            "Additionally, any Werewolf role executing the faction's nightkill is considered a "
            "visiting role for the night.",
        ),
        "The Seeker learns the powers used on a player, not who used them",
    ),
    (
        "Visiting roles:",
        (
            "Additionally, any Werewolf role executing the faction's nightkill is considered a "
            "visiting role for the night.",
        ),
        "The Seeker learns the powers used on a player, not who used them",
    ),
    (
        "Blocker:",
        ("Once per game, during the day, the Blocker may block another player.",),
        "Example b.: the Blocker blocks the Soother by day: the soothed vote counts",
    ),
    (
        "Blocker:",
        (
            "This player can block the activity of one player for a day OR night-time period "
            "(not both).",
            "This does not apply to normal WW powers such as night-time kills, infection or "
            "kamikaze kills (unless kami is an exclusive power, rather than core).",
        ),
        "Example d.: a blocked Seer's scan fails",
    ),
    (
        "Blocker:",
        (
            "This does not apply to normal WW powers such as night-time kills, infection or "
            "kamikaze kills (unless kami is an exclusive power, rather than core).",
        ),
        "W4: the Blocker does not stop the werewolves' night kill",
    ),
    (
        "Blocker:",
        ("(Active, One-time use, Anytime, Private)",),
        "One-time use: the Blocker blocks once per game",
    ),
    (
        "Amplifier:",
        (
            "This player can enhance the potency of one other player's action for a day or "
            "night-time period.",
            "The amplified player gets notified of the extra power.",
            "It is a FORCED enhancement of the activity, not a second use.",
            "Thus, the target MUST use the power in that timeframe, although what they do with "
            "it is their choice.",
            "For example, a seer will get a double scan that night, guard gets double "
            "protection that night, the hunter gets two kills (but they HAVE to be at that "
            "time, or they are BOTH lost).",
            "If a rioter is targeted, the Rioter MUST use the power and their rioting targets "
            "gets their vote TRIPLICATED, (not two separate double votes).",
            "If the targets power was already spent, nothing happens and the amplification "
            "is wasted.",
        ),
        "The amplified Rioter's target's vote counts three times",
    ),
    (
        "Amplifier:",
        (
            "If a rioter is targeted, the Rioter MUST use the power and their rioting targets "
            "gets their vote TRIPLICATED, (not two separate double votes).",
        ),
        "The amplified Rioter's target's vote counts three times",
    ),
    (
        "Amplifier:",
        (
            "It is a FORCED enhancement of the activity, not a second use.",
            "Thus, the target MUST use the power in that timeframe, although what they do with "
            "it is their choice.",
        ),
        "The forced use: the amplified Rioter who does not riot that day loses the power",
    ),
    (
        "Amplifier:",
        ("(Active, One-time use, Anytime, Dual-nature)",),
        "One-time use: the Amplifier amplifies once per game",
    ),
    (
        "Amplifier:",
        (
            "If the targets power was already spent, nothing happens and the amplification "
            "is wasted.",
        ),
        "The amplified Rioter's power was spent: he is not drained, nor told",
    ),
    (
        "Necromancer:",
        (
            "During the day, the Necromancer may revive one dead player.",
            "That player's power status returns to what it was just before death.",
        ),
        "The Necromancer revives the night's victim by day; the Seer scans again",
    ),
    (
        "Necromancer:",
        ("That player's power status returns to what it was just before death.",),
        "R27: a power the Scavenger stole from the dead returns with the revival",
    ),
    (
        "Necromancer:",
        ("(Active, One-time use, Anytime, Private)",),
        "The Necromancer revives once per game",
    ),
    (
        "Die-hard:",
        ("This player can survive one lynching attempt.",),
        "The Die-hard survives the first lynching attempt, and nobody is lynched in their place",
    ),
    (
        "Judge:",
        (
            "This player can save another player from lynching.",
            "No player is lynched that day to prevent redundancy with Executioner.",
        ),
        "The Judge saves the victim: no player is lynched that day",
    ),
    (
        "Judge:",
        ("(Active, One-time use, Day-time, Dual-nature)",),
        "One-time use: the Judge saves once per game",
    ),
    (
        "Bluff:",
        (
            "This player submits a private vote that is different than their public vote.",
            "Once enacted, the public vote from then on does not count, but the bluff can "
            "still vote as usual.",
        ),
        "The Bluff's secret vote counts, his public vote does not",
    ),
    (
        "Bluff:",
        (
            "Once enacted, the public vote from then on does not count, but the bluff can "
            "still vote as usual.",
        ),
        "The Rioter doubles the Bluff's secret vote (a reading)",
    ),
    (
        "Bluff:",
        ("(Active, One-time use, Day-time, Private)",),
        "The Bluff votes secretly once per game",
    ),
    (
        "Swapper:",
        ("This player may swap the powers of two other living players.",),
        "The Swapper swaps two players' powers: the Seer holds the Hunter's kill",
    ),
    (
        "Swapper:",
        ("(Active, One-time use, Anytime, Dual-nature)",),
        "The Swapper swaps once per game",
    ),
    (  # R37: the swap by day
        "Swapper:",
        ("During the day, the Swapper may swap the powers of two other living players.",),
        "R37: the Swapper swaps two players' powers by day: the Seer holds the Hunter's kill "
        "that night",
    ),
    (
        "Leech:",
        (
            "This player may steal the power of another live player.",
            "Power use status is preserved.",
        ),
        "The Leech steals a living player's power",
    ),
    (
        "Leech:",
        ("Power use status is preserved.",),
        "Power use status is preserved: a spent Hunter's kill stays spent for the Leech",
    ),
    (  # R33: the day's theft (its "Power use status is preserved." is the line's second:
        # the helper deletes a sentence's first occurrence, the night's)
        "Leech:",
        (
            "During the day, the Leech may steal the power of another live player.",
            "Power use status is preserved.",
        ),
        "R33: the Leech steals a living player's power by day",
    ),
    (
        "Leech:",
        ("(Active, One-time use, Anytime, Private)",),
        "One-time use: a blocked theft spends the Leech's one use",
    ),
    (
        "Scavenger:",
        (
            "During the day, the Scavenger may steal the power of a dead player.",
            "Power use status is preserved.",
        ),
        "The Scavenger steals a dead player's power by day",
    ),
    (
        "Scavenger:",
        ("Power use status is preserved.",),
        "Power use status is preserved: the Scavenger takes a spent kill",
    ),
    (  # R36: its "Private" (its "One-time use": a theft leaves him another role, and a
        # failed day use spends nothing, so no second use can be tried)
        "Scavenger:",
        ("(Active, One-time use, Day-time, Private)",),
        "R36: a public theft by the Scavenger is no valid action (Private)",
    ),
    (
        "Smoker:",
        ("Targets a player once per game.", "That player is roleblocked.", "Cannot self-target."),
        "The Smoker blocks the Seer's scan",
    ),
    ("Smoker:", ("That player is roleblocked.",), "The Smoker blocks the Seer's scan"),
    ("Smoker:", ("Cannot self-target.",), "The Smoker cannot block himself"),
    (
        "Meddler:",
        (
            "This werewolf may provide fake scan results for the status of another player at "
            "night-time.",
            "If the Meddler provides a preferred answer, that is what is given as a scan "
            "result, if not the GG randomly selects one (possible) answer.",
            "The random answer is one of the Village and General roles, in play or not.",
            "If the action is a target, a random other player is chosen.",
            "The meddler can exclude some specific roles.",
        ),
        "The Meddler's preferred answer is what the Seer's scan gives",
    ),
    (
        "Meddler:",
        (
            "If the Meddler provides a preferred answer, that is what is given as a scan "
            "result, if not the GG randomly selects one (possible) answer.",
        ),
        "No preferred answer: the GG draws a random villager role",
    ),
    (
        "Meddler:",
        ("The random answer is one of the Village and General roles, in play or not.",),
        "The Meddler's preferred answer is what the Seer's scan gives",
    ),
    (
        "Meddler:",
        ("(Active, One-time use, Any-time, Private)",),
        "One-time use: the Meddler meddles once per game",
    ),
    (
        "Maniac:",
        ("Kills a player once per game.",),
        "The Blocker stops the Maniac's extra kill",
    ),
    (
        "Maniac:",
        ("Once per game, the Maniac may strengthen the nightkill of the Werewolf.",),
        "The Maniac overrides the Guard's protection: the werewolves' kill succeeds",
    ),
    (
        "Maniac:",
        ("The Maniac cannot use more than one ability per game.",),
        "One use for either: the Maniac's kill spends his override",
    ),
    (
        "Alpha:",
        (
            "This werewolf may select one other player to convert to a werewolf in the "
            "night-time period.",
            "Normal protections apply.",
        ),
        "The Alpha converts a villager to a werewolf",
    ),
    ("Alpha:", ("Normal protections apply.",), "The Guard's protection stops the infection"),
    (
        "Alpha:",
        ("(Active, One-time use, Night-time, Private)",),
        "The Alpha converts once per game",
    ),
    (
        "Kamikaze:",
        ("This werewolf can kill a player of their choosing at the time of their death.",),
        "The Kamikaze is lynched: the player he named dies with him",
    ),
    # R21: the day's timeline (casebook/werewolf-pool/timeline.case)
    (
        "A player who has the votes",
        (
            "A player who has the votes of more than half of the living players is lynched "
            "immediately, and the day ends.",
        ),
        "R21: a majority locks the lynch: votes changed after it do not count",
    ),
    (
        "A player who has the votes",
        (
            "A player who has the votes of more than half of the living players is lynched "
            "immediately, and the day ends.",
        ),
        "The Reverber's public double vote counts toward the majority lock",
    ),
    (
        "Stretcher:",
        (
            "During the day, the Stretcher may void the majority lock.",
            "If the majority lock was reached before it, it does not count and can be used again.",
            "If used privately, it takes effect from the moment the GG makes it public.",
        ),
        "The Stretcher voids the majority lock: the last votes decide",
    ),
    (
        "Stretcher:",
        ("If the majority lock was reached before it, it does not count and can be used again.",),
        "A lock reached before the stretching: the lock stands, the Stretcher's use is not spent",
    ),
    (
        "Stretcher:",
        ("(Active, One-time use, Day-time, Dual-nature)",),
        "One-time use: the Stretcher's second void does not take place",
    ),
    (
        "Collapser:",
        (
            "During the day, the Collapser may end the day instantly.",
            "If the majority lock was reached before it, it does not count and can be used again.",
            "If used privately, it takes effect from the moment the GG makes it public.",
        ),
        "The Collapser ends the day: the votes standing then decide",
    ),
    (
        "Collapser:",
        ("If the majority lock was reached before it, it does not count and can be used again.",),
        "A lock reached before the collapsing: the lock stands, the Collapser's use is not spent",
    ),
    (
        "Collapser:",
        ("(Active, One-time use, Day-time, Dual-nature)",),
        "One-time use: the Collapser's second collapsing does not take place",
    ),
    (
        "Stretcher:",
        ("If used privately, it takes effect from the moment the GG makes it public.",),
        "R28: the Stretcher's private use takes effect where the GG makes it public, not at the deadline",
    ),
    (
        "Collapser:",
        ("If used privately, it takes effect from the moment the GG makes it public.",),
        "R28: the Collapser's private use ends the day where the GG makes it public",
    ),
    (
        "Hunter:",
        ("(Active, One-time use, Anytime, Dual-nature)",),
        "R28: the Hunter's public shot by day is immediate: the votes on the dead target do not lock",
    ),
    (
        "8. Private - These roles a",
        ("8. Private - These roles are only valid actions when PMed to the GM.",),
        "R28: a Private power used publicly does not take place: the Blocker's public block",
    ),
    (
        "9. Dual-nature - These rol",
        ("9. Dual-nature - These roles can be used publicly or privately.",),
        "R28: the Hunter's public shot by day is immediate: the votes on the dead target do not lock",
    ),
    (
        "When done publicly, their ",
        ("When done publicly, their effect is immediate, if applicable.",),
        "R28: the Hunter's public shot by day is immediate: the votes on the dead target do not lock",
    ),
    (
        "If performed privately, th",
        (
            "If performed privately, their effect takes place at the next day/night deadline, if applicable.",
        ),
        "R28: the Hunter's private shot by day takes effect at the deadline: the lock lynches Cid first",
    ),
    (
        "Whether a vote another pla",
        ("Whether a vote another player doubles counts toward the majority lock is not settled.",),
        "W18: a public riot toward a majority: whether it locks the lynch is open",
    ),
]

# (the start of the line, a sentence whose deletion changes no case, why)
NOTED: list[tuple[str, str, str]] = [
    (
        "1. Active - These roles sp",
        "1. Active - These roles specify a certain player/role as their target.",
        "a check: a role's natures agree with its sentences (test below)",
    ),
    (
        "2. Passive - These roles a",
        "2. Passive - These roles are automatically performed without the player's input.",
        "a check: a role's natures agree with its sentences (test below)",
    ),
    (
        "4. Recurring - These roles",
        "4. Recurring - These roles are used once every full game day cycle.",
        "read: what an ability is when no sentence says otherwise (each night or each day)",
    ),
    (
        "5. Night-time - These role",
        "5. Night-time - These roles can only be used at night.",
        "a check: a role's natures agree with its sentences (test below)",
    ),
    (
        "6. Day-time - These roles ",
        "6. Day-time - These roles can only be used in the daytime.",
        "a check: a role's natures agree with its sentences (test below)",
    ),
    (
        "7. Anytime - These roles h",
        "7. Anytime - These roles have no time restriction.",
        "read: a nature with no restriction to check",
    ),
    (
        "Seer:",
        "(Active, Night-time, Recurring, Private)",
        "natures that agree with the Seer's sentence (checked as the ruleset defines them)",
    ),
    (
        "Undertaker:",
        "(Active, Night-time, Recurring, Private)",
        "natures that agree with the Undertaker's sentence (checked)",
    ),
    (
        "Seeker:",
        "(Active, Recurring, Night-time, Private)",
        "natures that agree with the Seeker's sentence (checked)",
    ),
    (
        "Spy:",
        "(Active, Recurring, Night-time, Private)",
        "natures that agree with the Spy's sentence (checked)",
    ),
    (
        "Smoker:",
        "(Active, One-time use, Night-time, Private)",
        "natures that agree with the Smoker's sentence, which says 'once per game' (checked)",
    ),
    (
        "Maniac:",
        "(Active, One-time use, Night-time, Private)",
        "natures that agree with the Maniac's sentences, which say 'once per game' (checked)",
    ),
    (
        "Village and Werewolf roles",
        "Village and Werewolf roles will only be given to players of their respective "
        "alignments, while General roles may be given to either.",
        "the setup: a case must say a General role's faction (test below)",
    ),
    (
        "Thug:",
        "(Passive, One-time, Anytime)",
        "the natures of a passive role: its sentence says once ('one death') and any time "
        "('via any means')",
    ),
    (
        "Non-visiting roles:",
        "Executioner, Reverber, Rioter, Soother, Judge, Bluff, Scavenger, Kamikaze, "
        "Necromancer, Morpher, Stretcher, Collapser, Follower Spy, Role-Smoker.",
        "each acts by day or names a player without visiting, the engine's default anyway",
    ),
    (
        "Die-hard:",
        "Nobody is lynched in their place.",
        "read as a note: what a survived lynch gives in the model anyway",
    ),
    (
        "Die-hard:",
        "(Passive, One-time use, Day-time)",
        "the natures of a passive role: its sentence says 'one lynching attempt'",
    ),
    (
        "Judge:",
        "No player is lynched that day to prevent redundancy with Executioner.",
        "what the Judge's save gives in the model anyway (no lynch that day)",
    ),
]

# the deal (R22): sentences that decide no case (a case lists its players' roles), each
# what the engine does anyway, or read by `solve` (the test below)
_DEAL = "the deal, R22: what the engine does anyway (a case lists its players' roles)"
_SOLVE = "the deal, R22: read by solve's setup (test_every_game_deals_the_core_roles)"
_PLAIN = "the deal, R32: read by solve's setup (test_every_player_holds_a_role)"
NOTED += [
    (
        "Rioter:",
        "However, the rioting CAN be done overtly, in the thread, with a Rioting Post.",
        "R28: what the Rioter's natures say (Dual-nature: it may be used publicly)",
    ),
    (
        "Every player in the game w",
        "Every player in the game will have a special role or ability.",
        _PLAIN,
    ),
    (
        "Roles are randomly assigne",
        "Roles are randomly assigned and there are more role types than there are players, "
        "so some roles are not guaranteed to be in the game.",
        "the deal, R29: read by solve's setup (test_the_pool_holds_more_roles_than_players)",
    ),
    (
        "1. Village Core - These ro",
        "1. Village Core - These roles are always assigned and exclusive to villagers (good guys)",
        _SOLVE,
    ),
    ("They are not guaranteed to", "They are not guaranteed to be assigned.", _DEAL),
    (
        "5. Werewolf Core - These r",
        "5. Werewolf Core - These roles are always assigned and exclusive to werewolves (bad guys)",
        _SOLVE,
    ),
    (
        'Seer, "Guard" and Undertak',
        'Seer, "Guard" and Undertaker are the Village Core roles.',
        _SOLVE,
    ),
    ("Alpha and Kamikaze are the", "Alpha and Kamikaze are the Werewolf Core roles.", _SOLVE),
    (
        "Follower Spy:",
        "(Active, Recurring, Night-time, Private)",
        "the natures of a recurring night power: its sentence says as much (R4)",
    ),
    (
        "Role-Smoker:",
        "(Active, One-time use, Night-time, Private)",
        "natures that agree with the Role-Smoker's sentence, which says 'once per game' (R4)",
    ),
]

SKIP = (
    "#",
    "Not modelled",
    "Flavour:",
    "Source:",
    "Ruleset:",
    "Alignments:",
    "Village Roles:",
    "General Roles:",
    "Werewolf Roles:",
    "Village Exclusive Roles:",
    "Werewolf Exclusive Roles:",
    "Does not apply to passive roles.",  # (twice: test_a_passive_role_may_list_them)
)


def _split(body: str) -> list[str]:
    return re.split(r"(?<![0-9]\.)(?<=[.)])\s+(?=[A-Z(])", body)


def _line(lines: list[str], start: str) -> int:
    (k,) = [k for k, line in enumerate(lines) if line.startswith(start)]
    return k


def _without(text: str, start: str, sentences: tuple[str, ...]) -> str:
    """The ruleset with `sentences` deleted from the line that begins with `start`; a
    role left with nothing has no powers, any other line left empty goes."""
    lines = text.split("\n")
    k = _line(lines, start)
    head, _, body = lines[k].partition(": ") if start.endswith(":") else ("", "", lines[k])
    for one in sentences:
        assert one in body, (start, one)
        body = body.replace(one, "", 1)
    body = " ".join(body.split())
    if body:
        lines[k] = f"{head}: {body}" if head else body
    elif head and RS.role(head) is not None:
        lines[k] = f"{head}: {POWERLESS}"
    else:  # the line goes, with the Source: lines it rewords
        del lines[k]
        while k > 0 and lines[k - 1].startswith("Source:"):
            del lines[k - 1]
            k -= 1
    return "\n".join(lines)


def _cases() -> dict[str, tuple[Case, str]]:
    out = {}
    for path in sorted(CASEBOOK.glob("*.case")):
        text = path.read_text(encoding="utf-8")
        for case in parse_cases(text, str(path)):
            out[case.title] = (case, text)
    return out


CASES = _cases()
RS = load_ruleset(RULES)


def _passes(rs: Ruleset, title: str) -> bool:
    case, text = CASES[title]
    try:
        return run_case(rs, case, text).passed
    except RulingError:  # the case names a power the ruleset no longer has
        return False


@pytest.mark.parametrize(("start", "sentences", "title"), DECIDES, ids=lambda x: str(x)[:40])
def test_deleting_a_ruling_changes_its_case(
    start: str, sentences: tuple[str, ...], title: str
) -> None:
    assert _passes(RS, title)
    text = RULES.read_text(encoding="utf-8")
    try:
        without = parse_ruleset(_without(text, start, sentences), str(RULES))
    except RulingError as e:  # the role's natures left with no ability: "Active" says one;
        # the Werewolf line gone, the deal's "werewolves" (R29) name no faction: leaned on
        assert "these natures say 'active'" in str(e) or "members of no faction" in str(e), e
        return
    assert not _passes(without, title), (start, sentences)


@pytest.mark.parametrize(("start", "sentence", "why"), NOTED, ids=lambda x: str(x)[:40])
def test_a_noted_sentence_changes_no_case(start: str, sentence: str, why: str) -> None:
    """Listed, not hidden: if one of these comes to decide a case, move it to DECIDES."""
    text = RULES.read_text(encoding="utf-8")
    without = parse_ruleset(_without(text, start, (sentence,)), str(RULES))
    changed = [t for t in CASES if _passes(RS, t) != _passes(without, t)]
    assert changed == [], why


def test_every_sentence_of_the_statements_is_listed() -> None:
    listed = {(s, one) for s, group, _ in DECIDES for one in group} | {
        (s, one) for s, one, _ in NOTED
    }
    missing = []
    for line in RULES.read_text(encoding="utf-8").split("\n"):
        if not line or line.startswith(SKIP):
            continue
        head, _, body = line.partition(": ")
        start = f"{head}:" if body and len(head) < 25 else line[:26]
        body = body if start.endswith(":") else line
        missing += [(start, s) for s in _split(body) if (start, s) not in listed]
    assert missing == []


def test_a_general_role_needs_its_faction_said_only_with_the_neutral_sentence() -> None:
    """ "General roles may be given to either": a case must say which; without the
    sentence the General Pool is a faction of its own."""
    case_text = (
        'case "a Rioter"\n  ruleset: werewolf-pool\n  players: Ann is Rioter, Bob is Alpha\n'
        "  day 1:\n    Ann votes Bob\n  expect:\n    Bob is lynched\n"
    )
    (case,) = parse_cases(case_text, "general.case")
    with pytest.raises(RulingError, match="may be given to"):
        run_case(RS, case, case_text)
    ((start, sentence, _),) = [x for x in NOTED if x[0] == "Village and Werewolf roles"]
    text = _without(RULES.read_text(encoding="utf-8"), start, (sentence,))
    assert run_case(parse_ruleset(text, str(RULES)), case, case_text).passed


# (a nature's definition, a role's natures that contradict the role's sentence under it)
CONTRADICTS = [
    ("1. Active - These roles sp", "Stalwart:", "(Passive, One-time use, Night-time)", "(Active)"),
    (
        "2. Passive - These roles a",
        "Seer:",
        "(Active, Night-time, Recurring, Private)",
        "(Passive)",
    ),
    (
        "5. Night-time - These role",
        "Executioner:",
        "(Active, One-time use, Day-time, Dual-nature)",
        "(Night-time)",
    ),
    (
        "6. Day-time - These roles ",
        "Seer:",
        "(Active, Night-time, Recurring, Private)",
        "(Day-time)",
    ),
]


@pytest.mark.parametrize(
    ("definition", "start", "natures", "wrong"), CONTRADICTS, ids=lambda x: str(x)[:12]
)
def test_a_defined_nature_is_checked_against_the_role(
    definition: str, start: str, natures: str, wrong: str
) -> None:
    """The natures a role's parenthesis lists are read as the ruleset defines them, and a
    parenthesis that contradicts its role's sentences is bad input; without the
    definition the same parenthesis says nothing."""
    text = RULES.read_text(encoding="utf-8")
    lines = text.split("\n")
    k = _line(lines, start)
    assert natures in lines[k]
    lines[k] = lines[k].replace(natures, wrong)
    bad = "\n".join(lines)
    with pytest.raises(RulingError, match="these natures say"):
        parse_ruleset(bad, str(RULES))
    (sentence,) = [one for s, one, _ in NOTED if s == definition]
    parse_ruleset(_without(bad, definition, (sentence,)), str(RULES))


def _worlds(rs: Ruleset) -> tuple[int, int]:
    text = (CASEBOOK / "deal.obs").read_text(encoding="utf-8")
    res = solve(bind(rs, parse_observations(text, "deal.obs"), text), timeout=60)
    return res.worlds, res.setups


@pytest.mark.parametrize("start", [s for s, _, why in NOTED if why == _SOLVE])
def test_every_game_deals_the_core_roles(start: str) -> None:
    """R22: "These roles are always assigned": solve's setup deals each Core role (deal.obs:
    6 worlds of 120); without the sentence it need not, and without the category the
    sentence names, the sentence deals no role it knows."""
    assert _worlds(RS) == (6, 120)
    ((sentence, _),) = [(one, w) for s, one, w in NOTED if s == start]
    without = parse_ruleset(_without(RULES.read_text(encoding="utf-8"), start, (sentence,)), "x")
    try:
        assert _worlds(without) != (6, 120)
    except RulingError as e:
        assert "Core' is not a role" in str(e) and "are the" in start + sentence


def test_the_pool_holds_more_roles_than_players() -> None:
    """R29: "there are more role types than there are players": solve refuses a setup
    whose pool seats every role (deal.obs with five roles for five players); without the
    sentence it counts its worlds."""
    text = (CASEBOOK / "deal.obs").read_text(encoding="utf-8")
    text = text.replace(", Thug, Smoker\n", "\n")
    obs = parse_observations(text, "five.obs")
    with pytest.raises(RulingError, match="line 142"):
        bind(RS, obs, text)
    ((start, sentence, _),) = [x for x in NOTED if x[0] == "Roles are randomly assigne"]
    without = parse_ruleset(_without(RULES.read_text(encoding="utf-8"), start, (sentence,)), "x")
    res = solve(bind(without, obs, text), timeout=60)
    assert res.status == "sat" and res.worlds == 6


@pytest.mark.parametrize(("line", "nature"), [(169, "private"), (174, "dual")])
def test_a_passive_role_may_list_them(line: int, nature: str) -> None:
    """R29: "Does not apply to passive roles." after the definitions of Private (line 168)
    and Dual-nature (171): a passive role (no ability) may list the nature; without the
    sentence the nature needs a use to PM or to post, and the role's line is bad input."""
    lines = RULES.read_text(encoding="utf-8").split("\n")
    k = _line(lines, "Stalwart:")
    lines[k] = lines[k].replace("Night-time)", "Night-time, Private, Dual-nature)")
    parse_ruleset("\n".join(lines), str(RULES))
    assert lines[line - 1] == "Does not apply to passive roles."
    lines[line - 1] = ""
    with pytest.raises(RulingError, match=f"these natures say '{nature}'"):
        parse_ruleset("\n".join(lines), str(RULES))


def test_every_player_holds_a_role() -> None:
    """R32: "Every player in the game will have a special role or ability." (line 141): six
    players, the sixth a villager holding the one Village role left (plain.obs: 84 worlds of
    1,800); without the sentence, a game dealt from categories of roles may seat a player
    with no role (the engine's "Plain", logic/effects/deal.py): 108 of 2,520, the plain
    villager among them."""
    text = (CASEBOOK / "plain.obs").read_text(encoding="utf-8")
    obs = parse_observations(text, "plain.obs")
    res = solve(bind(RS, obs, text), timeout=60)
    assert (res.worlds, res.setups) == (84, 1800)
    assert RS.vanilla is None
    ((start, sentence, _),) = [x for x in NOTED if x[0] == "Every player in the game w"]
    without = parse_ruleset(_without(RULES.read_text(encoding="utf-8"), start, (sentence,)), "x")
    assert without.vanilla == "Plain"
    res = solve(bind(without, obs, text), timeout=60)
    assert (res.worlds, res.setups) == (108, 2520)
