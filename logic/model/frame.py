"""Owns the engine's frame axioms: the rules every ruleset gets unless it says otherwise.

Each axiom is labelled like a sentence, so explanations and unsat cores name it
(`<engine>: [roleblock] ...`). They are listed here, once; the semantics cites them.
"""

from __future__ import annotations

from dataclasses import dataclass

from logic.model.why import Why, axiom, meta

TAKES_PLACE = axiom("takes-place", "An action takes place unless something stops it.")
ROLEBLOCK = axiom(
    "roleblock",
    "A roleblocked player's actions in the roleblock's tier and later tiers do not take place.",
)
JAIL = axiom(
    "jail",
    "An action aimed at a player who cannot be targeted does not take place.",
)
KILL = axiom("kill", "A player who is attacked and not protected dies.")
DEAD_DO_NOT_ACT = axiom(
    "dead-do-not-act",
    "A player killed in an earlier tier of the night, or dead before it, does not act.",
)
SIMULTANEOUS = axiom(
    "tiers",
    "Actions of an earlier priority tier take effect before later tiers; one tier is simultaneous.",
)
PLURALITY = axiom(
    "plurality",
    "The player with strictly the most votes is lynched; a tie lynches no one.",
)
SEEN_DEFAULT = axiom(
    "seen",
    "Without a list of who sees them, visiting and semi-visiting actions are seen by every visit check.",
)
NO_VISIT = axiom(
    "no-visit",
    "An ability no sentence calls visiting or semi-visiting visits no one (it is non-visiting).",
)
FORCED = axiom(
    "forced",
    "A player who must act and named no target acts on a target the scenario leaves open.",
)
# What the engine does with no sentence saying it, as GMs say it again (read as `Restated`):
TOLD = axiom(
    "told",
    "A player is told only what a sentence gives him (his abilities' results, the notices "
    "the ruleset names); no one learns anything else of an action, its user or its failure.",
)  # (a result or a notice is an effect kind's, given by a sentence)
ALIVE = axiom(
    "alive",
    "Every player begins the game alive; a living player may use his abilities and vote "
    "unless a sentence stops him.",
)  # (logic/model/transition.py: no one is dead before the first phase)
VOTE = axiom(
    "vote",
    "By day every living player, of whatever faction, may vote or cast no vote, unless a "
    "sentence stops his vote.",
)  # (logic/model/day.py: every living player's vote, NO_VOTE for none)
ONE_USE = axiom(
    "one-use",
    "A player may use each of his abilities once a phase, several of them in one phase "
    "unless a sentence gives him one of them; each player's uses are his own, however many "
    "players use theirs.",
)  # (logic/model/binding.py refuses a second use in one phase)
AGAIN = axiom(
    "again",
    "An ability may be aimed at any player in any phase, the player aimed at before or "
    "another, unless a sentence restricts its targets.",
)  # (restrictions are sentences: ir.NoTargetAgain, ir.NoUseAgain)

SYMMETRY = axiom(
    "symmetry", "Players are interchangeable: a symbolic night lists them in role order."
)
MOOT = axiom(
    "moot",
    "An open choice that changes nothing in a scenario is not a second outcome of it.",
)
DEFINITION = axiom("definition", "An auxiliary name for a shared part of a formula.")

ALL = (
    TAKES_PLACE,
    ROLEBLOCK,
    JAIL,
    KILL,
    DEAD_DO_NOT_ACT,
    SIMULTANEOUS,
    PLURALITY,
    SEEN_DEFAULT,
    NO_VISIT,
    FORCED,
    TOLD,
    ALIVE,
    VOTE,
    ONE_USE,
    AGAIN,
)


@dataclass(frozen=True)
class Restated:
    """A sentence that says what the engine does anyway (`what`, its reading) and names the
    engine's behaviour it says again (`axiom`: one of this module's, or an effect kind's
    beside its code): held in `Ruleset.kind_rules`, acting on nothing. `ruling casebook
    --deletions` answers `default` for it, naming the axiom (`restates`)."""

    what: str
    axiom: Why
    why: Why = meta()

    def restates(self) -> Why:
        return self.axiom

    def describe(self) -> str:
        name = self.axiom.text.split("]")[0].lstrip("[")
        return f"what the engine does anyway: {self.what} (the engine's [{name}])"
