"""Owns `solve`'s answer on an observation file as a pin for `ruling casebook --deletions`.

A deal rule ("Roles will not be duplicated", "These roles are always assigned", the
player counts of a setup) decides which games are dealt, which no case can show (a case
names its players' roles). `solve` on an observation file can: the worlds it counts are
the deals the rules allow that agree with what the player saw. The answer with every
sentence of the ruleset is the file's own (tests/test_solve.py checks each file's count
against a second computation); a sentence whose deletion changes it (other worlds, other
roles per player, the file refused or no longer refused) is pinned by that file.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from logic.commands.casebook import find_ruleset
from logic.commands.solve import solve
from logic.commands.solve.clocktower import solve_clocktower
from logic.lang import grammar
from logic.lang.errors import RulingError
from logic.lang.observations import Observations, bind, parse_observations
from logic.model.ir import Ruleset

UNKNOWN = "unknown"


@dataclass(frozen=True)
class Observed:
    """One observation file: what it says, its text, where it is."""

    obs: Observations
    text: str
    path: Path

    @property
    def title(self) -> str:
        return f"{self.path.name} ({self.obs.title})"


def observation_files(paths: Sequence[str]) -> list[Observed]:
    """The observation files (`*.obs`) under `paths` (a file given by name is read when
    it is one)."""
    out: list[Observed] = []
    for p in map(Path, paths):
        files = sorted(p.rglob("*.obs")) if p.is_dir() else [p] if p.suffix == ".obs" else []
        for f in files:
            text = grammar.read_source(f, "observations")
            out.append(Observed(parse_observations(text, str(f)), text, f))
    return out


def by_ruleset(found: Sequence[Observed]) -> dict[Path, list[Observed]]:
    """The observation files grouped by the ruleset file each names (resolved path)."""
    out: dict[Path, list[Observed]] = {}
    for o in found:
        rules = find_ruleset(o.obs.ruleset or "", o.path)
        if rules is not None:
            out.setdefault(rules.resolve(), []).append(o)
    return out


def answer(rs: Ruleset, o: Observed, timeout: float) -> tuple[object, str]:
    """What `solve` makes of `o` under `rs`, as a value to compare and a short text:
    the worlds and setups counted and each player's roles; the Clocktower worlds; the
    reading error when `rs` refuses the file; `UNKNOWN` when the search ran out."""
    try:
        if o.obs.clocktower:
            got = solve_clocktower(rs, o.obs)
            return ("clocktower", got.worlds), f"{len(got.worlds)} of {got.checked} deals"
        res = solve(bind(rs, o.obs, o.text), timeout=timeout)
    except RulingError as e:
        first = e.message.split("\n")[0]  # (its line numbers move with a deleted line)
        return ("refused", re.sub(r"[0-9]+", "N", first)), f"refused: {first}"
    if res.status == "unknown":
        return UNKNOWN, f"unknown: {res.unknown or 'ran out of time'}"
    roles = tuple(sorted((p, tuple(sorted(r.items()))) for p, r in res.roles.items()))
    return (res.status, res.worlds, res.setups, roles), f"{res.worlds:,} worlds of {res.setups:,}"


class Baseline:
    """Each observation file's answer under the whole ruleset, found the first time a
    sentence needs it (most sentences are pinned by a case first); files are tried
    smallest game first, then by the time their answer took."""

    def __init__(self, rs: Ruleset, found: Sequence[Observed], timeout: float) -> None:
        self.rs, self.timeout = rs, timeout
        # the fewest players first (the deals to count grow with them), then the fewest facts
        self.files = sorted(found, key=lambda o: (len(o.obs.players), len(o.obs.facts)))
        self.known: dict[int, tuple[object, str, float]] = {}  # by index: answer, text, s

    def _whole(self, k: int) -> tuple[object, str, float]:
        if k not in self.known:
            start = time.perf_counter()
            value, text = answer(self.rs, self.files[k], self.timeout)
            self.known[k] = (value, text, time.perf_counter() - start)
        return self.known[k]

    def pins(self, cut: Ruleset) -> tuple[str, str] | None:
        """("pinned", which file and how its answer changed) for the first file whose
        answer `cut` changes; ("unknown", why) when none changes and one ran out of time;
        None when every answer is the same."""
        unknown = None
        order = sorted(range(len(self.files)), key=lambda k: self.known.get(k, (0, "", 0.0))[2])
        for k in order:
            o = self.files[k]
            value, text, seconds = self._whole(k)
            if value == UNKNOWN:
                continue
            new, new_text = answer(cut, o, max(30.0, 10 * seconds))
            if new == UNKNOWN:
                unknown = unknown or f"{o.title}: {new_text}"
            elif new != value:
                if new_text == text:  # the same counts: the roles per player differ
                    new_text += " (other roles per player)"
                return "pinned", f"{o.title} (solve: {text}; without it {new_text})"
        return ("unknown", unknown) if unknown else None
