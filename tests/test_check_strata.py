"""The ambiguity query's parts (logic/commands/check/strata.py): together they are the whole
query, and a moot choice (`PhaseBuilder.choice`'s `decides`) takes its first value."""

from __future__ import annotations

from pathlib import Path

from logic.backends import symbolic
from logic.commands.check import Checker
from logic.commands.check.strata import parts, signal_layer
from logic.lang.rules import load_ruleset

ROOT = Path(__file__).resolve().parent.parent


def test_signals_are_layered_deaths_atoms_texts_listings() -> None:
    assert signal_layer(("atom", "dies", "Ann", "")) == 0
    assert signal_layer(("atom", "roleblocked", "Ann", "")) == 1
    assert signal_layer(("text", "Ann", "Mafia")) == 2
    assert signal_layer(("lists", "Ann", "Bob")) == 3
    assert signal_layer(("listing", "Ann")) == 3


def _sat(terms: list) -> str:
    s = symbolic.Session(60)
    s.add(*terms)
    return s.check()


def test_the_fine_parts_meet_a_scenario_exactly_where_the_halves_do() -> None:
    """Over the Metadata ruleset's 3-player night, each scenario fixed in turn by the
    halves' witnesses: the fine parts have a pair of outcomes where the two halves do,
    and none once every class is blocked."""
    c = Checker(load_ruleset(str(ROOT / "casebook" / "metadata-mafia.rules")), 3)
    n = c.night_at(3)
    names = c._primary_names(n)
    common = n.all_on()
    halves, fine = parts(n, names, fine=False), parts(n, names, fine=True)
    assert len(fine) >= len(halves) == 2
    blocks: list = []
    for _ in range(12):
        coarse = [_sat([*h, *common, *blocks]) for h in halves]
        parted = [_sat([*p, *common, *blocks]) for p in fine]
        assert ("sat" in coarse) == ("sat" in parted)
        if "sat" not in coarse:
            break
        s = symbolic.Session(60)
        s.add(*halves[coarse.index("sat")], *common, *blocks)
        assert s.check() == "sat"
        blocks.append(n.block(n.klass(n.env(s.model(), n.copy("a")))))
    else:
        raise AssertionError("the search did not end")


def test_a_choice_that_decides_nothing_takes_its_first_value() -> None:
    """The werewolf pool's `open:exchange:P` (two actions each give P a role) decides only
    where two of them land: with no action taken it is 0, and free where two swaps land."""
    c = Checker(load_ruleset(str(ROOT / "casebook" / "werewolf-pool.rules")), 3)
    n = c.night_at(3)
    picks = [v for v in n.model.domains if v.startswith("open:exchange:")]
    assert picks
    x = n.enc.var(picks[0])
    idle = [symbolic.negation(a) for a in n.actions()]
    assert _sat([n.valid, *n.all_on(), *idle, x != symbolic.value(0)]) == "unsat"
    assert _sat([n.valid, *n.all_on(), x != symbolic.value(0)]) == "sat"
