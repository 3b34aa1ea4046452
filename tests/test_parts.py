"""`check --jobs N` and `check --cluster ADDRESS` (logic/commands/parts.py): the searches
cut into parts give the findings one process gives, and each scenario is in one part."""

from __future__ import annotations

import io
import json
import time
from dataclasses import replace
from pathlib import Path

import pytest
import z3

from logic.cli import main
from logic.commands import parts
from logic.commands.check import KINDS, Checker, Finding, Night, Report
from logic.lang.rules import load_ruleset
from logic.model.ir import Ruleset

ROOT = Path(__file__).parent.parent
POOL_PATH = ROOT / "casebook" / "werewolf-pool.rules"
BLOCKERS_PATH = ROOT / "tests" / "rulesets" / "blockers.rules"


def classes(rep: Report) -> list[tuple[str, tuple[str, ...]]]:
    return sorted((f.kind, f.roles) for f in rep.findings)


@pytest.fixture(scope="module")
def pool() -> Ruleset:
    """The werewolf pool without the Meddler and the Morpher (their decisions and draws
    take the 5-player ambiguity search over its budget: unknown, as test_check says)."""
    rs = load_ruleset(POOL_PATH)
    return replace(rs, roles=tuple(r for r in rs.roles if r.name not in ("Meddler", "Morpher")))


@pytest.fixture(scope="module")
def pool_report(pool: Ruleset) -> Report:
    return Checker(pool, players=5, timeout=60).run(apart=False)


def test_jobs_give_the_findings_of_one_process(pool: Ruleset, pool_report: Report) -> None:
    """The werewolf pool (W12: two Blockers aimed at each other are ambiguous, three in a
    cycle a paradox; the Smoker's the same): each class once, whatever the parts."""
    one = parts.run_jobs(Checker(pool, players=5, timeout=60), KINDS, 1)
    two = parts.run_jobs(Checker(pool, players=5, timeout=60), KINDS, 2)
    assert classes(one) == classes(two) == classes(pool_report)
    assert not one.unknown and not two.unknown
    assert all(f.witness for f in two.findings if f.kind in ("ambiguous", "paradox"))
    assert sorted(one.skipped) == sorted(two.skipped) == sorted(pool_report.skipped)


def test_every_scenario_is_in_one_part() -> None:
    """Part i of k holds the scenarios whose first player's role is i modulo k: for each
    legal role assignment, exactly one part's constraint holds."""
    rs = load_ruleset(BLOCKERS_PATH)
    n = Night(rs, ("Ann", "Bob", "Cid"))
    k = 3
    shares = [Checker(rs, players=3, share=(i, k)).in_share(n) for i in range(k)]
    s = z3.Solver()
    s.add(n.valid, *n.all_on())
    roles = [n.enc.var(f"role:{p}") for p in n.names]
    seen = 0
    while s.check() == z3.sat and seen < 200:
        m = s.model()
        held = [z3.is_true(m.eval(z3.And(sh), model_completion=True)) for sh in shares]
        assert sum(held) == 1
        s.add(z3.Or([r != m.eval(r, model_completion=True) for r in roles]))
        seen += 1
    assert seen > 1


def test_merge_keeps_each_class_once_and_the_smallest() -> None:
    """Two parts meeting one class give it once; a class containing another is dropped."""
    rs = load_ruleset(BLOCKERS_PATH)
    rep = Report(rs, 4, 4)

    def amb(*roles: str) -> Finding:
        return Finding("ambiguous", f"{' + '.join(roles)}: the rules allow two outcomes", roles)

    dones = [
        parts.Done(parts.Part("ambiguous", 0, 2), [amb("B", "C"), amb("A")], 3, [], ["x"], 1.0),
        parts.Done(parts.Part("ambiguous", 1, 2), [amb("A"), amb("A", "D")], 4, ["u"], ["x"], 1.0),
    ]
    parts.merge(rep, ["ambiguous"], ("ambiguous",), dones)
    assert [f.roles for f in rep.findings] == [("A",), ("B", "C")]
    assert rep.queries == 7 and rep.unknown == ["u"] and rep.skipped == ["x"]


def test_check_jobs_cli() -> None:
    out = io.StringIO()
    argv = ["check", str(BLOCKERS_PATH), "--players", "3", "--jobs", "2", "--json"]
    code = main(argv, stdout=out, stderr=io.StringIO())
    data = json.loads(out.getvalue())
    assert code == 1
    assert {f["kind"] for f in data["findings"]} >= {"paradox", "ambiguous"}
    err = io.StringIO()
    assert main(["check", str(BLOCKERS_PATH), "--jobs", "0"], stdout=io.StringIO(), stderr=err) == 2
    assert "--jobs must be between 1" in err.getvalue()


def test_check_on_a_local_cluster_of_two_workers(pool: Ruleset, pool_report: Report) -> None:
    """The parts submitted to a Dask cluster (two worker processes of one thread each,
    started here) give the findings of one process."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
    ):
        rep = parts.run_cluster(
            Checker(pool, players=5, timeout=60),
            ("paradox", "ambiguous"),
            cluster.scheduler_address,
        )
    searched = [c for c in classes(pool_report) if c[0] in ("paradox", "ambiguous")]
    assert classes(rep) == searched
    assert not rep.unknown


def test_a_part_started_after_the_deadline_searches_nothing() -> None:
    """A part queued behind others (or sent to another machine) has only what is left of
    the whole check's --timeout, on the wall clock: past it, it is unknown at once."""
    rs = load_ruleset(BLOCKERS_PATH)
    late = parts.Settings(4, 10.0, time.time() - 1, 4, 1)
    done = parts.run_part(rs, late, parts.Part("ambiguous", 0, 2))
    assert done.findings == [] and done.queries == 0
    assert done.unknown == ["ambiguous search: unknown (the command's --timeout ran out)"]


def _whole(rep: Report) -> list[tuple[str, str, tuple[str, ...], str]]:
    return [(f.kind, f.summary, f.roles, f.witness) for f in rep.findings]


@pytest.mark.parametrize("timeout", [60.0, 0.005])
def test_jobs_2_and_jobs_1_give_the_same_report(timeout: float) -> None:
    """`--jobs 2` and `--jobs 1` run the same parts, each in a Z3 context of its own
    (`symbolic.fresh`): the same findings with the same witnesses, the same unknowns,
    the same number of queries, even when the parts' queries run over a budget of work
    so small that where each search stops decides what it finds (0.005 s: each
    part's paradox search at 4 players runs over its budget) (before, a part's search
    depended on the parts its process ran before it). A third run in this process, after
    other Z3 work, is the same again."""
    rs = load_ruleset(BLOCKERS_PATH)
    reports = [
        parts.run_jobs(Checker(rs, players=4, timeout=timeout), KINDS, jobs) for jobs in (1, 2, 1)
    ]
    one, two, again = reports
    if any("wall clock" in u for r in reports for u in r.unknown):
        # (a budget's wall-clock safety net, `symbolic.cap`, is the machine's load's)
        pytest.skip("the load of the machine reached a query's wall-clock safety net")
    assert _whole(one) == _whole(two) == _whole(again)
    assert one.unknown == two.unknown == again.unknown
    assert one.queries == two.queries == again.queries
    assert one.findings


def test_a_part_gives_the_process_its_z3_context_back() -> None:
    """A part runs in a Z3 context of its own; after it, the process's terms made before
    are valid again. Found by the default suite: once a part had run in the process, the
    solve tests (whose terms were made before) failed with "Sort mismatch", as would a
    `ruling serve` asked to check and then to solve."""
    before = z3.Bool("made_before")
    rs = load_ruleset(BLOCKERS_PATH)
    parts.run_part(rs, parts.Settings(3, 10.0, None, 3, 1), parts.Part("dead rule", 0, 1))
    s = z3.Solver()
    s.add(z3.Not(before))
    assert s.check() == z3.sat
    out = io.StringIO()
    obs = ROOT / "casebook" / "metadata-mafia" / "ann.obs"
    rules = ROOT / "casebook" / "metadata-mafia.rules"
    assert main(["solve", str(rules), str(obs)], stdout=out, stderr=io.StringIO()) == 0
