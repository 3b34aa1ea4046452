"""The ambiguity query's parts (logic/commands/check/strata.py): together they are the whole
query, and a moot choice (`PhaseBuilder.choice`'s `decides`) takes its first value."""

from __future__ import annotations

from pathlib import Path

from logic.backends import symbolic
from logic.commands.check import Checker
from logic.commands.check.strata import (
    SECOND_PARTS,
    cut,
    family,
    parts,
    second_count,
    second_half,
    second_parts,
    shared_by,
    signal_layer,
)
from logic.lang.rules import load_ruleset

ROOT = Path(__file__).resolve().parent.parent


def test_signals_are_layered_deaths_atoms_texts_listings() -> None:
    assert signal_layer(("atom", "dies", "Ann", "")) == 0
    assert signal_layer(("atom", "roleblocked", "Ann", "")) == 1
    assert signal_layer(("text", "Ann", "Mafia")) == 2
    assert signal_layer(("lists", "Ann", "Bob")) == 3
    assert signal_layer(("listing", "Ann")) == 3


def _sat(terms: list) -> str:
    """The query as the checker asks it (bit-blasted, limited by its work, not the wall
    clock: the same verdict on any machine under any load); never `unknown`, which would
    let a comparison of parts with the whole pass with nothing compared (with a wall-clock
    limit of 60 s, DCTP's second half was unknown here beside the default suite)."""
    s = symbolic.Session(60, "blast", deterministic=True)
    s.add(*terms)
    r = s.check()
    assert r != "unknown", "a query over its budget: the comparison would be empty"
    return r


def test_the_fine_parts_meet_a_scenario_exactly_where_the_halves_do() -> None:
    """Over the Metadata ruleset's 3-player night, each scenario fixed in turn by the
    halves' witnesses: the fine parts (and the layered second half's) have a pair of
    outcomes where the two halves do, and none once every class is blocked."""
    c = Checker(load_ruleset(str(ROOT / "casebook" / "metadata-mafia.rules")), 3)
    n = c.night_at(3)
    names = c._primary_names(n)
    common = n.all_on()
    halves, fine = parts(n, names, fine=False), parts(n, names, fine=True)
    assert len(fine) >= len(halves) == 1 + SECOND_PARTS
    layered = parts(n, names, fine=False, layered=True)  # (the second half by layers too)
    assert len(layered) == 1 + second_count(n, True)
    blocks: list = []
    for _ in range(12):
        coarse = [_sat([*h, *common, *blocks]) for h in halves]
        parted = [_sat([*p, *common, *blocks]) for p in fine]
        assert ("sat" in coarse) == ("sat" in parted)
        assert ("sat" in coarse) == ("sat" in [_sat([*p, *common, *blocks]) for p in layered])
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


def test_a_choice_family_leaves_out_slots_indices_and_players() -> None:
    names = ("Ann", "Bob", "Cid")
    assert family("past:now:3", names) == "past:now"
    assert family("steal:keeps:0:Bob", names) == "steal:keeps"
    assert family("travel:alone:Cid:403", names) == "travel:alone"
    assert family("game:items:ayumi:panties", names) == "game:items:ayumi:panties"
    assert family("open:exchange:Ann", names) == family("open:exchange:Eve", ("Eve",))


def test_dctp_choices_that_decide_nothing_take_their_first_value() -> None:
    """DCTP's travel pick (both a travel and another action sent), a house search's
    hindrance, a theft's taker and keeping say where they decide: with no action taken
    each is its first value."""
    c = Checker(load_ruleset(str(ROOT / "casebook" / "dctp-mini-mafia.rules")), 3)
    n = c.night_at(3)
    idle = [symbolic.negation(a) for a in n.actions()]
    for stem in ("travel:alone:", "hinder:", "steal:taker:", "steal:keeps:"):
        picks = [v for v in n.model.domains if v.startswith(stem)]
        assert picks, stem
        first = symbolic.value(n.model.domains[picks[0]][0])
        x = n.enc.var(picks[0])
        assert _sat([n.valid, *n.all_on(), *idle, x != first]) == "unsat", stem


def test_each_cause_is_reported_once_and_named() -> None:
    """The werewolf pool's 3-player night: an ambiguity decided by an open choice names
    its family (`Finding.choices`); no family is the cause of two findings."""
    c = Checker(load_ruleset(str(ROOT / "casebook" / "werewolf-pool.rules")), 3)
    found = list(c.ambiguities())
    assert not c.report.unknown
    causes = [f.choices for f in found if f.choices]
    assert ("open:exchange",) in causes
    assert len(causes) == len(set(causes))


def test_the_second_half_shares_what_the_actions_fix() -> None:
    """Copy b of the second half takes copy a's `ok` and each variable defined from them
    and the scenario alone: Metadata's 3-player night has such definitions."""
    c = Checker(load_ruleset(str(ROOT / "casebook" / "metadata-mafia.rules")), 3)
    n = c.night_at(3)
    oks = {v for v in c._primary_names(n) if v.startswith("ok:")}
    same = shared_by(n, oks)
    assert oks < same
    assert all(v in n.model.definitions for v in same - oks)


def test_the_second_half_s_parts_meet_a_scenario_exactly_where_it_does() -> None:
    """DCTP's 3-player night, the travel pick the only open choice the copies may differ
    in: its cut is the travelers' standing (`travel:stands:P`), and the second half's two
    parts (the copies agree on the cut, or differ in it) have a pair of outcomes where the
    whole second half does (each class met blocked in turn, up to three)."""
    c = Checker(load_ruleset(str(ROOT / "casebook" / "dctp-mini-mafia.rules")), 3)
    n = c.night_at(3)
    names = c._primary_names(n)
    agreed = frozenset(v for v in names if not v.startswith(("ok:", "travel:alone:")))
    assert {v.split(":")[1] for v in cut(n, names, agreed)} == {"stands"}
    bound = symbolic.at_most([(x, 1) for x in n.actions()], 2)
    common = [*n.all_on(), bound]
    (whole,) = second_half(n, names, agreed)
    pieces = second_parts(n, names, agreed)
    layered = second_parts(n, names, agreed, layered=True)  # (by layers of signals too)
    assert len(layered) == second_count(n, True) > len(pieces) == second_count(n, False)
    blocks: list = []
    for _ in range(3):
        one = _sat([*whole, *common, *blocks])
        each = [_sat([*p, *common, *blocks]) for p in pieces]
        assert ("sat" in each) == (one == "sat")
        each = [_sat([*p, *common, *blocks]) for p in layered]
        assert ("sat" in each) == (one == "sat")
        if one != "sat":
            break
        s = symbolic.Session(60)
        s.add(*whole, *common, *blocks)
        assert s.check() == "sat"
        blocks.append(n.block(n.klass(n.env(s.model(), n.copy("a")))))
