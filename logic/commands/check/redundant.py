"""Owns the redundant-ruling search: a ruling already implied by the other sentences (its
removal changes no outcome, the dead rules' test)."""

from __future__ import annotations

from collections.abc import Iterator

from logic.commands.check.ablation import Ablation
from logic.commands.check.findings import Finding


class RedundantRulings(Ablation):
    """The redundant-ruling search of a check."""

    def redundant_rulings(self) -> Iterator[Finding]:
        for item, ruling in enumerate(self.rs.rulings):
            if not self.mine(item):
                continue
            self.progress("redundant rulings")
            off = self.night.switches_of(ruling, whole_line=True)
            r, _ = self.ablation(off, "redundant ruling")
            if r == "unsat":
                yield Finding(
                    "redundant ruling",
                    "this ruling changes no outcome: the other sentences already imply it",
                    (),
                    (ruling,),
                )
