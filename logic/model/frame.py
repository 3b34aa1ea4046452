"""Owns the engine's frame axioms: the rules every ruleset gets unless it says otherwise.

Each axiom is labelled like a sentence, so explanations and unsat cores name it
(`<engine>: [roleblock] ...`). They are listed here, once; the semantics cites them.
"""

from __future__ import annotations

from logic.model.why import axiom

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
)
