"""Owns the effect kinds' interface to a phase builder, night or day: what a kind may add
to a phase (a variable of its own, a subterm made once) and how it reads what earlier
phases carried in (`before`). `NightBuilder` (logic/model/semantics.py) and `DayBuilder`
(logic/model/day.py) are both `PhaseBuilder`s, so a kind's code reads the same on both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from logic.effects.base import Lasting
from logic.model import frame, win
from logic.model.expr import FALSE, Const, Expr, Var, disj, eq
from logic.model.ir import Chooser, Role, Ruleset
from logic.model.phase import Act, PhaseModel, TextSource
from logic.model.why import Why

T = TypeVar("T")
_DECIDES = "choice:decides"  # (memo: each choice's `decides`, one per asking)


class PhaseBuilder:
    """The part of a phase builder the kinds use. A subclass sets `sc` (its scenario:
    `carried` and `history`), `domains`, `random_vars`, `storyteller_vars`, `memo`, and
    `reads_night`: the
    night whose view of a lasting state the phase reads (tonight; for a day, the night
    after it)."""

    sc: Any
    rs: Ruleset
    roles: list[Role]  # the roles the phase may deal (a search's pool)
    equations: list[tuple[Expr, Why]]
    definitions: dict[str, Expr]
    domains: dict[str, list[Any]]
    random_vars: list[str]
    storyteller_vars: list[str]
    memo: dict[str, Any]
    reads_night: int

    def choice(
        self,
        name: str,
        values: Sequence[Any],
        random: bool = False,
        by: Chooser | None = None,
        decides: Expr | None = None,
    ) -> Expr:
        """A variable of the phase, `name`, over `values`, of one of the three kinds of
        choice (`ir.Chooser`): an open choice the rules leave to the host (`ambiguous`
        where it matters), a draw of chance (`random`, or `by=Chooser.CHANCE`: `random`),
        or the storyteller's (`by=Chooser.STORYTELLER`: part of what the storyteller
        decides, existential where observations are explained). Asked again by the same
        name, the same variable.

        `decides`: where the choice can change the outcome (an open choice between the
        actions that give one player a role decides something only where two of them
        land). Elsewhere the variable takes its first value (`frame.MOOT`): every value
        gives one and the same outcome there, which would otherwise be met once per
        value, and a search for two outcomes would have to prove each pair of them alike
        (the werewolf pool's ambiguity search, issue 26). Not for a draw of chance, whose
        values are weighed."""
        chooser = by if by is not None else (Chooser.CHANCE if random else Chooser.HOST)
        if name in self.domains:
            if self.domains[name] != list(values):
                raise ValueError(f"choice {name!r} asked again over other values")
        else:
            self.domains[name] = list(values)
            if chooser is Chooser.CHANCE:
                self.random_vars.append(name)
            elif chooser is Chooser.STORYTELLER:
                self.storyteller_vars.append(name)
        if chooser is Chooser.CHANCE and decides is not None:
            raise ValueError(f"a draw of chance ({name!r}) is weighed: never moot")
        # (each asking says where it reads the choice: it is moot where none of them does)
        self.memo.setdefault(_DECIDES, {}).setdefault(name, []).append(decides)
        return Var(name)

    def _moot(self) -> None:
        """The equations of `choice`'s `decides`: a choice every asking of which said where
        it decides takes its first value elsewhere (`frame.MOOT`)."""
        for name, where in self.memo.get(_DECIDES, {}).items():
            if all(w is not None for w in where):
                first = Const(self.domains[name][0])
                self.equations.append((disj(*where, eq(Var(name), first)), frame.MOOT))

    def once(self, key: str, make: Callable[[], T]) -> T:
        """`make()`, made once a phase under `key` (a subterm many kinds ask for)."""
        if key not in self.memo:
            self.memo[key] = make()
        got: T = self.memo[key]
        return got

    def before(self, lasting: Lasting) -> Any:
        """The value a kind's lasting state had when the phase began, in its symbolic
        form: carried in by the earlier phases of a chain, or read from the history."""
        c = self.sc.carried
        if c is not None and lasting.name in c.kinds:
            return c.kinds[lasting.name]
        h = self.sc.history
        return self.once(
            f"before:{lasting.name}",
            lambda: lasting.view(h.state(lasting.name, lasting.empty), self.reads_night),
        )

    def finish(
        self,
        phase: str,
        atoms: dict[Any, Expr],
        texts: list[TextSource],
        acts: tuple[Act, ...],
        scenario: tuple[str, ...],
        alive_after: Callable[[str], Expr],
        member: Any,
        drawn: bool = True,
        slot_vars: tuple[tuple[str, str], ...] = (),
    ) -> PhaseModel:
        """The phase's model, night or day, once its atoms and texts are made: every
        sentence switch of the scenario gets its domain, the draws and the storyteller's
        choices are listed when `drawn`, and the ruleset's wins are added over who is
        alive after the phase."""
        self._moot()
        switches = dict(getattr(self.sc, "switches", {}))  # every one is known now
        for name in switches:
            self.domains[name] = [False, True]
        model = PhaseModel(
            phase=phase,
            domains=self.domains,
            equations=self.equations,
            definitions=self.definitions,
            atoms=atoms,
            texts=texts,
            acts=acts,
            scenario_vars=scenario,
            switches=switches,
            slot_vars=slot_vars,
            random_vars=tuple(self.random_vars) if drawn else (),
            storyteller_vars=tuple(self.storyteller_vars) if drawn else (),
        )
        win.add_wins(model, self.rs, list(self.sc.players), alive_after, member)
        return model

    def flagged(self, p: str, mark: str) -> Expr:
        """p holds the frame's flag `mark` (an atom `mark` of an earlier phase: a
        protection used up), carried in by a chain or read from the history."""
        c = self.sc.carried
        if c is not None:
            got: Expr = c.marks.get((p, mark), FALSE)
            return got
        return Const((p, mark) in self.sc.history.flags)
