"""Owns the dead-rule search: a sentence whose removal changes no outcome of any scenario
(and a listing result that can never report anyone)."""

from __future__ import annotations

from collections.abc import Iterator

from logic.backends import symbolic
from logic.commands.check.ablation import Ablation
from logic.commands.check.findings import Finding
from logic.effects import afterlife, hex
from logic.effects.investigate import Cond, Investigate, Result
from logic.model.expr import any_of, conj
from logic.model.ir import Why
from logic.model.semantics import is_day


class DeadRules(Ablation):
    """The dead-rule search of a check."""

    def dead_rules(self) -> Iterator[Finding]:
        """Sentences whose removal changes nothing in any scenario at this bound."""
        n = self.night
        item = -1  # (each ability, with its sentences, is an item of one part: `mine`)
        for role in self.rs.roles:
            for ab in role.abilities:
                item += 1
                if not self.mine(item):
                    continue
                if not any(ab.frequency.allows(k, 0) for k in range(1, self.nights + 1)):
                    self.report.skipped.append(
                        f"{role.name}'s ability {ab.frequency.value} ({ab.why.loc.short}): needs more than one night"
                    )
                    continue
                if is_day(ab):  # a day's ability: the symbolic nights do not use it
                    self.report.skipped.append(
                        f"{role.name}'s {ab.name} ({ab.why.loc.short}): used by day (see its cases)"
                    )
                    continue
                for e in ab.effects:
                    if e.why.kind == "ruling":
                        continue
                    if hex.later(e):
                        self.report.skipped.append(
                            f"{e.why.loc.short} ({e.why.text[:40]}...): takes effect on a later "
                            "night, from marks the symbolic nights do not carry"
                        )
                        continue
                    history = (Cond.SAME_AS_LAST, Cond.OPPOSITE_AS_LAST)
                    from_dead = afterlife.needs_dead(role, e)  # no one is dead before night 1
                    if (
                        (isinstance(e, Result) and e.cond in history) or from_dead
                    ) and self.nights == 1:
                        self.report.skipped.append(
                            f"{e.why.loc.short} ({e.why.text[:40]}...): needs more than one night"
                        )
                        continue
                    self.progress(f"dead rules: {role.name}")
                    r, _ = self.ablation(n.switches_of(e.why), f"dead rule: {role.name}")
                    if r == "unsat":
                        yield Finding(
                            "dead rule",
                            f"{role.name}: this sentence never changes any outcome of a first night",
                            (role.name,),
                            (e.why,),
                        )
                    elif isinstance(e, Investigate) and self.reports_nothing(e.why):
                        yield Finding(
                            "dead rule",
                            f'{role.name}: this result can never report anyone (it is always "no one")',
                            (role.name,),
                            (e.why, *self._seen_sentences()),
                        )

    def reports_nothing(self, why: Why) -> bool:
        """Whether the listing result of sentence `why` lists nobody in every scenario."""
        for size in self.sizes():
            n = self.night_at(size)
            lists = [
                conj(src.gate, cond)
                for src in n.model.texts
                if src.why == why
                for cond, _ in src.pieces
            ]
            s = symbolic.make_solver(self.timeout, deterministic=True)
            s.add(n.valid, *n.all_on(), n.enc.term(any_of(lists)))
            if self.check(s, "dead rule") != "unsat":
                return False
        return True

    def _seen_sentences(self) -> tuple[Why, ...]:
        return tuple(s.why for s in self.rs.seen_by)
