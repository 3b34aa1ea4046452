"""Owns the dead-rule search: a sentence whose removal changes no outcome of any scenario
(and a listing result that can never report anyone); a day ability's sentences over the
first night and the day after it (`Search.day_at`)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from logic.commands.check.ablation import Ablation
from logic.commands.check.findings import Finding
from logic.effects import afterlife, hex
from logic.effects.investigate import Cond, Investigate, Result
from logic.model.expr import any_of, conj
from logic.model.ir import Frequency, Why
from logic.model.semantics import is_day


class DeadRules(Ablation):
    """The dead-rule search of a check."""

    def dead_rules(self) -> Iterator[Finding]:
        """Sentences whose removal changes nothing in any scenario at this bound. A day
        ability's are searched over the first night and the day after it (`day_at`)."""
        n = self.night
        item = -1  # (each ability, with its sentences, is an item of one part: `mine`)
        for role in self.rs.roles:
            for ab in role.abilities:
                item += 1
                if not self.mine(item):
                    continue
                by_day = is_day(ab)
                if by_day and self.rs.lynch is None:  # (a chain has no day without one)
                    self.report.skipped.append(
                        f"{role.name}'s {ab.name} ({ab.why.loc.short}): used by day, and the "
                        "ruleset does not say how a lynch goes, so no day is searched (see its cases)"
                    )
                    continue
                # (the phases searched: the nights, or the days after them but the last,
                # and the day after one night: `day_at`)
                phases = max(self.nights - 1, 1) if by_day else self.nights
                if ab.frequency is Frequency.PREP:  # (the searches begin at night 1)
                    self.report.skipped.append(
                        f"{role.name}'s {ab.name} ({ab.why.loc.short}): used in the prep "
                        "phase, before night 1, which is not searched (see its cases)"
                    )
                    continue
                if not any(ab.frequency.allows(k, 0) for k in range(1, phases + 1)):
                    self.report.skipped.append(
                        f"{role.name}'s ability {ab.frequency.value} ({ab.why.loc.short}): "
                        f"needs more than one {'day' if by_day else 'night'}"
                    )
                    continue
                if by_day:
                    yield from self._day_rules(role.name, ab.effects)
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
                        if self.nights == 1 and self.reports_nothing(e.why, gate_only=True):
                            # (never used in a first night: an ability used on its
                            # holder's death, where no one dies the first night)
                            self.report.skipped.append(
                                f"{e.why.loc.short} ({e.why.text[:40]}...): never used in a "
                                "first night, so needs more than one night"
                            )
                            continue
                        yield Finding(
                            "dead rule",
                            f'{role.name}: this result can never report anyone (it is always "no one")',
                            (role.name,),
                            (e.why, *self._seen_sentences()),
                        )

    def _day_rules(self, role: str, effects: tuple[Any, ...]) -> Iterator[Finding]:
        """The dead sentences of a day ability: the first night and the day after it
        (chained nights: the days between them), without each sentence and with it."""
        small = self.day_at(self.sizes()[0])  # (a switch is named by its sentence: any night's)
        when = "a first night and day" if self.nights == 1 else "these nights and days"
        for e in effects:
            if e.why.kind == "ruling":
                continue
            self.progress(f"dead rules: {role} (by day)")
            r, _ = self.ablation(small.switches_of(e.why), f"dead rule: {role}", day=True)
            if r == "unsat":
                yield Finding(
                    "dead rule",
                    f"{role}: this sentence never changes any outcome of {when}",
                    (role,),
                    (e.why,),
                )

    def reports_nothing(self, why: Why, gate_only: bool = False) -> bool:
        """Whether the listing result of sentence `why` lists nobody in every scenario
        (`gate_only`: is never given at all, listing anyone or no one)."""
        for size in self.sizes():
            n = self.night_at(size)
            sources = [src for src in n.model.texts if src.why == why]
            lists = (
                [src.gate for src in sources]
                if gate_only
                else [conj(src.gate, cond) for src in sources for cond, _ in src.pieces]
            )
            s = self.session()
            s.add(n.valid, *n.all_on(), n.enc.term(any_of(lists)))
            if self.check(s, "dead rule") != "unsat":
                return False
        return True

    def _seen_sentences(self) -> tuple[Why, ...]:
        return tuple(s.why for s in self.rs.seen_by)
