"""Owns ablation, which the dead rules, the redundant rulings and `ask` share: does turning
some sentences off change any outcome of any scenario?"""

from __future__ import annotations

from typing import Any

from logic.backends import symbolic
from logic.backends.symbolic import Status
from logic.commands.check.search import Search


class Ablation(Search):
    """Telling a night with some sentences from the night without them."""

    def ablation(
        self,
        off: list[Any],
        what: str,
        also_off: list[Any] = (),  # type: ignore[assignment]
    ) -> tuple[Status, dict[str, Any] | None]:
        """`unsat` when turning the switches `off` changes no outcome of any scenario (with
        `also_off` off throughout); `sat` (with a scenario) when some scenario tells the
        two rulesets apart."""
        if not off:
            return "unsat", None
        for size in self.sizes():  # a small night tells most sentences apart, quickly
            if self.out_of_time():
                self.report.unknown.append(f"{what}: unknown (the command's --timeout ran out)")
                return "unknown", None
            n = self.night_at(size)
            s = symbolic.make_solver(self.timeout, "QF_FD", deterministic=True)
            s.add(n.told_apart(off, also_off))
            r = self.check(s, what)
            if r != "unsat":
                return r, (n.env(s.model()) if r == "sat" else None)
        return "unsat", None
