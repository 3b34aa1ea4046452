"""`ruling diff`: the scenario classes a revision changes, each confirmed concretely."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

from logic.cli import main
from logic.commands.diff import diff
from logic.lang.rules import load_ruleset

RULESETS = Path(__file__).parent / "rulesets"
OLD = load_ruleset(RULESETS / "blockers.rules")
NEW = load_ruleset(RULESETS / "blockers-v2.rules")


def test_revision_changes_exactly_the_medic_and_the_mutual_targeting() -> None:
    """v2 adds "Cannot self-target." to the Medic and the ruling "If two players target
    each other, all actions fail.": the Medic's self-protection now fails, and two
    Blockers acting on each other now both fail; the mutual block goes from ambiguous to
    determined. (A Blocker and the Goon's kill on each other change too, but that class
    contains {Blocker}, so it is not a new one.)"""
    rep = diff(OLD, NEW, players=4, timeout=60)
    assert rep.unknown is None
    classes = {frozenset(c.roles) for c in rep.changes}
    assert classes == {frozenset({"Medic"}), frozenset({"Blocker"})}
    for c in rep.changes:
        assert {o.atoms for o in c.old.outcomes()} != {o.atoms for o in c.new.outcomes()}
    (mutual,) = [c for c in rep.changes if c.roles == ("Blocker",)]
    assert (mutual.old.verdict, mutual.new.verdict) == ("ambiguous", "determined")


def test_no_change_against_itself() -> None:
    assert diff(OLD, OLD, players=4, timeout=60).changes == []


def test_diff_cli_exit_codes() -> None:
    same = main(
        ["diff", str(RULESETS / "blockers.rules"), str(RULESETS / "blockers.rules")],
        stdout=io.StringIO(),
    )
    changed = main(
        ["diff", str(RULESETS / "blockers.rules"), str(RULESETS / "blockers-v2.rules")],
        stdout=io.StringIO(),
    )
    assert (same, changed) == (0, 1)


def test_frameworks_differ_on_whether_the_dead_act() -> None:
    """Metadata Mafia under its own tiers (a player killed in tier 6 does not act in tier 7)
    against Natural Action Resolution ("Killing doesn't stop the actions of the dead
    player"): exactly the nightkill on a Tracker or a Stalker changes."""
    from dataclasses import replace

    rs = load_ruleset(Path(__file__).parent.parent / "casebook" / "metadata-mafia.rules")
    rep = diff(rs, replace(rs, framework="nar"), players=3, timeout=60)
    assert {frozenset(c.roles) for c in rep.changes} == {
        frozenset({"Mafia nightkill", "Tracker"}),
        frozenset({"Mafia nightkill", "Stalker"}),
    }
    for c in rep.changes:
        assert any(a.kind == "fails" for o in c.old.outcomes() for a in o.atoms)
        assert any(a.kind == "learns" for o in c.new.outcomes() for a in o.atoms)


def test_nar_calls_a_mutual_block_random() -> None:
    """NAR breaks a loop between equals "using any fair method": the same two outcomes are
    a random pick, not a gap in the rules."""
    from dataclasses import replace

    from logic.commands.resolve import resolve
    from logic.lang.case import parse_cases

    text = 'case "m"\n players: Ann is Blocker, Bob is Blocker\n night 1:\n  Ann targets Bob\n  Bob targets Ann\n'
    (case,) = parse_cases(text, "m.case")
    assert resolve(OLD, case, text).verdict == "ambiguous"
    res = resolve(replace(OLD, framework="nar"), case, text)
    assert res.verdict == "random" and len(res.outcomes()) == 2


def test_a_witness_on_turtles_names_second_targets_and_open_factions(tmp_path: Path) -> None:
    """Found by the fuzzer: `diff` shared only roles, actions and first targets between
    the two versions, so a witness with the Redirector (two targets, a neutral role whose
    faction is open) lost its second target (an internal error, KeyError 'tgt2:Ann') or
    named the faction "Neutral" (a witness that did not parse). Every scenario variable is
    shared now, and so is every free choice (an outcome variable neither side defines):
    with Turtle's many choices per side, this diff stopped after 200 scenarios that
    differed only in them (unknown, exit 3) and reported no change at all."""
    root = Path(__file__).parent.parent / "casebook"
    text = (root / "turtle-chat-mafia.rules").read_text()
    order = "Hastened nightkills > Redirection > Hamedo > Roleblocks >"
    assert order in text
    old, new = tmp_path / "old.rules", tmp_path / "new.rules"
    old.write_text(text)
    # the GM's dawn order with Roleblocks moved before Redirection and Hamedo
    new.write_text(text.replace(order, "Hastened nightkills > Roleblocks > Redirection > Hamedo >"))
    out, err = io.StringIO(), io.StringIO()
    code = main(["diff", str(old), str(new), "--players", "2"], stdout=out, stderr=err)
    assert code == 1, out.getvalue() + err.getvalue()
    report = out.getvalue()
    assert "1. Redirector + Roleblocker" in report or "2. Redirector + Roleblocker" in report
    assert "Monk + Roleblocker" in report
    assert re.search(r"\b\w+ targets \w+ and \w+\n", report)  # the Redirector's two targets
    assert "stopped after" not in report
    assert "internal error" not in err.getvalue() and "<witness>" not in report


def test_a_version_where_no_one_can_act(tmp_path: Path) -> None:
    """The new version of the DCTP excerpt with every role line gone and roles never
    duplicated: it seats no one, no one acts in it, and the count of actions was the
    Python 0 (z3.Sum of nothing), which diff's substitution refused (exit 4; the
    fuzzer, run 8)."""
    old = Path(__file__).parent / "rulesets" / "dctp-tricking.rules"
    new = tmp_path / "none.rules"
    new.write_text("Ruleset: DCTP tricking excerpt\n\nSetup\n- Roles will not be duplicated\n")
    out = io.StringIO()
    code = main(["diff", str(old), str(new), "--players", "3"], stdout=out, stderr=io.StringIO())
    assert code in (0, 1), out.getvalue()
    assert "roles only in the old version" in out.getvalue()


def test_a_deadline_past_stops_the_build_of_the_nights() -> None:
    """Found by the fuzzer: `diff --timeout 0.2` on two DCTP versions built and encoded
    both nights (21 s) before its first query looked at the deadline. A deadline already
    past now stops the build: unknown, and said why."""
    rs = load_ruleset(Path(__file__).parent.parent / "casebook" / "dctp-mini-mafia.rules")
    report = diff(rs, rs, players=3, deadline=time.perf_counter())
    assert report.unknown == "diff: unknown (the command's --timeout ran out)"
    assert report.changes == []


def test_a_player_forced_to_act_and_left_idle_is_a_change(tmp_path: Path) -> None:
    """Metadata's Nosy Neighbor "Must visit each night." (and the GM's ruling that says it
    again), both deleted: the scenarios that differ have her idle, and a witness of only the
    players who act or are acted on left her out, so both versions resolved it alike and
    the search stopped, unknown, after 200 misses. The witness seats everyone when the
    short one shows no change."""
    path = RULESETS.parent.parent / "casebook" / "metadata-mafia.rules"
    text = path.read_text(encoding="utf-8")
    cut = text.replace(" Must visit each night.", "").replace(
        "Ruling: Nosy Neighbor must visit each night.\n", ""
    )
    assert cut.count("must visit") + cut.count("Must visit") == 0
    old = tmp_path / "cut.rules"
    old.write_text(cut, encoding="utf-8")
    rep = diff(load_ruleset(old), load_ruleset(path), players=3, timeout=20, limit=1)
    assert rep.unknown is None
    (change,) = rep.changes  # (its class of acting roles is empty: she is idle in it)
    assert "is Nosy Neighbor" in change.witness
    assert any(a.kind == "visits" for o in change.new.outcomes() for a in o.atoms)
    assert not any(a.kind == "visits" for o in change.old.outcomes() for a in o.atoms)
