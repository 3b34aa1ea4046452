"""`ruling check` on real and small rulesets: the findings it must report, and the
witnesses it prints resolve (with the concrete back end) to the finding they claim."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest

from logic.cli import main
from logic.commands.casebook import run_case
from logic.commands.check import Checker, Night, OutOfTime, Report
from logic.commands.resolve import resolve
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model.ir import NoSelfTarget, canon

ROOT = Path(__file__).parent.parent
METADATA_PATH = ROOT / "casebook" / "metadata-mafia.rules"
BLOCKERS_PATH = ROOT / "tests" / "rulesets" / "blockers.rules"
TURTLE_PATH = ROOT / "casebook" / "turtle-chat-mafia.rules"


@pytest.fixture(scope="module")
def metadata_report() -> Report:
    return Checker(load_ruleset(METADATA_PATH), players=5, timeout=60).run()


@pytest.fixture(scope="module")
def blockers_report() -> Report:
    return Checker(load_ruleset(BLOCKERS_PATH), players=4, timeout=60).run()


def witness_passes(ruleset_path: Path, witness: str) -> bool:
    """The witness, run as a case against the ruleset, meets its own expectations."""
    (case,) = parse_cases(witness, "witness.case")
    result = run_case(load_ruleset(ruleset_path), case, witness)
    return result.passed


def test_metadata_ambiguity_classes(metadata_report: Report) -> None:
    """Two classes, each the smallest set of acting roles that shows it:
    - the Tracker is semi-visiting ("may or may not visit the target"), so whether it is
      "the first town player to visit" an intercepted player is open;
    - the Doctor and the Nosy Neighbor both visit in tier 6, so "the first" is a tie."""
    classes = {f.roles for f in metadata_report.findings if f.kind == "ambiguous"}
    assert {frozenset(c) for c in classes} == {
        frozenset({"Interceptor", "Tracker"}),
        frozenset({"Doctor", "Interceptor", "Nosy Neighbor"}),
    }
    for f in metadata_report.findings:
        if f.kind == "ambiguous":
            assert any("dies" in d for d in f.differing), f.differing
            assert any("The first town player to visit" in w.text for w in f.sentences)


def without_each_action(ruleset_path: Path, witness: str) -> list[tuple[str, str]]:
    """(the action line, the verdict of the witness without it) for every action of the
    witness that its actor was free not to take: targets, kills, uses (an ability with
    no target, as the Monk's Hamedo), two targets. A forced action, as the Nosy
    Neighbor's "Must visit each night.", is taken whether written or not."""
    rs = load_ruleset(ruleset_path)
    (case,) = parse_cases(witness, "witness.case")
    roles = {canon(p.name): rs.role(p.role) for p in case.players}
    lines = witness.split("\n")
    out = []
    for phase in case.phases:
        for x in phase.lines:
            if x.verb not in ("targets", "kills", "uses"):
                continue
            role = roles[canon(x.actor)]
            abilities = [
                ab
                for ab in (role.abilities if role is not None else ())
                if x.ability is None
                or canon(x.ability) in {canon(ab.name), *(canon(a) for a in ab.aliases)}
            ]
            if x.verb != "kills" and abilities and all(ab.forced is not None for ab in abilities):
                continue
            i = x.why.loc.line - 1
            text = "\n".join(y for j, y in enumerate(lines) if j != i)
            (smaller,) = parse_cases(text, "witness.case")
            out.append((lines[i].strip(), resolve(rs, smaller, text).verdict))
    return out


def witnesses_hold(path: Path, rep: Report, sample: int | None = None) -> None:
    """Every witness of the report resolves to its finding, and each action in it that
    its actor was free not to take is needed: removed, the finding disappears (the night
    is no longer ambiguous, or no longer a paradox). With `sample`, that many witnesses,
    spread evenly over the report's order (a report of 170 findings is checked by a
    sample: each costs a resolve per action). The witness of an ambiguity of the host's
    open choices (one finding per cause, `Finding.choices`) too: its scenario is made
    smallest by the whole query, not by the part that met it with the causes met before
    blocked (issue 26: 'Cid kills Ann' was kept beside a Monk, a Traitor and a
    Redirector, needed only to make one choice decide alone)."""
    found = [f for f in rep.findings if f.witness]
    assert found
    if sample is not None and len(found) > sample:
        found = [found[k * len(found) // sample] for k in range(sample)]
    free = 0  # actions some actor was free not to take (forced ones cannot be removed)
    for f in found:
        assert f.witness is not None
        assert witness_passes(path, f.witness), f.witness
        removed = without_each_action(path, f.witness)
        free += len(removed)
        for line, verdict in removed:
            assert verdict != f.kind, f"{line!r} is irrelevant to\n{f.witness}"
    assert free, "no witness has an action its actor was free not to take"


@pytest.mark.parametrize("which", ["metadata", "blockers"])
def test_no_witness_action_is_irrelevant(
    which: str, metadata_report: Report, blockers_report: Report
) -> None:
    """Issue 13: every action of an ambiguity or paradox witness is needed. Removed in
    turn, each takes the finding away (the night is no longer ambiguous, or no longer a
    paradox)."""
    rep, path = {
        "metadata": (metadata_report, METADATA_PATH),
        "blockers": (blockers_report, BLOCKERS_PATH),
    }[which]
    assert {f.kind for f in rep.findings if f.witness} <= {"ambiguous", "paradox"}
    witnesses_hold(path, rep)


def test_a_witness_writes_a_later_night_by_the_role_then_held() -> None:
    """The werewolf pool's Morpher assumes a role on night 1: on night 2 he acts as that
    role, and the witness writes his action by it ('Ann targets Bob', a Blocker's block),
    not by the role dealt (the Morpher's menu wrote 'Ann decides "Leech"' there, a night
    that resolved as no block at all: 'determined', not the ambiguity found)."""
    path = ROOT / "casebook" / "werewolf-pool.rules"
    rs = load_ruleset(path)
    pool = [r for r in rs.roles if r.name in ("Morpher", "Blocker", "Alpha")]
    rep = Checker(rs, players=3, timeout=60, nights=2, roles=pool).run(("ambiguous",))
    assert not rep.unknown, rep.unknown
    morphed = [f for f in rep.findings if f.witness and "decides" in f.witness]
    assert morphed, [f.summary for f in rep.findings]
    assert all("targets" in f.witness.split("night 2:")[1] for f in morphed if f.witness)
    witnesses_hold(path, rep)


@pytest.mark.parametrize("which", ["metadata", "blockers"])
def test_witnesses_are_legal(which: str, metadata_report: Report, blockers_report: Report) -> None:
    """Issue 13: no witness has an action the rules forbid: one action a player a night
    (the nightkiller "CANNOT use their other night action"), and no self-target by a role
    that "Cannot self-target"."""
    rep, path = {
        "metadata": (metadata_report, METADATA_PATH),
        "blockers": (blockers_report, BLOCKERS_PATH),
    }[which]
    rs = load_ruleset(path)
    for f in rep.findings:
        if not f.witness:
            continue
        (case,) = parse_cases(f.witness, "witness.case")
        roles = {canon(p.name): rs.role(p.role) for p in case.players}
        for phase in case.phases:
            actors = [canon(x.actor) for x in phase.lines]
            assert len(actors) == len(set(actors)), f.witness
            for x in phase.lines:
                role = roles[canon(x.actor)]
                assert role is not None
                no_self = any(
                    isinstance(r, NoSelfTarget) for ab in role.abilities for r in ab.restrictions
                )
                if no_self and x.verb == "targets":
                    assert canon(x.targets[0]) != canon(x.actor), f.witness


def test_metadata_witnesses_resolve_to_their_findings(metadata_report: Report) -> None:
    witnesses = [f.witness for f in metadata_report.findings if f.witness]
    assert len(witnesses) >= 2
    for w in witnesses:
        assert witness_passes(METADATA_PATH, w), w


def test_metadata_has_no_paradox_or_contradiction(metadata_report: Report) -> None:
    kinds = {f.kind for f in metadata_report.findings}
    assert "paradox" not in kinds and "contradiction" not in kinds
    assert metadata_report.unknown == []


def test_metadata_redundant_ruling_and_gap(metadata_report: Report) -> None:
    """R1 ("Nosy Neighbor must visit each night") repeats the role's own "Must visit each
    night."; the Nosy Neighbor is in none of the visiting lists (finding F8)."""
    redundant = [f for f in metadata_report.findings if f.kind == "redundant ruling"]
    assert [w.text for f in redundant for w in f.sentences] == [
        "Ruling: Nosy Neighbor must visit each night."
    ]
    gaps = [f for f in metadata_report.findings if f.kind == "gap"]
    assert [f.roles for f in gaps] == [("Nosy Neighbor",)]


def test_removing_the_lookout_ruling_makes_the_lookout_dead() -> None:
    """Without ruling R2 the Lookout and Voyeur are in no "seen by" list, so their
    sentences can never report a visitor: check calls them dead; with R2 they are not."""
    text = METADATA_PATH.read_text()
    without = "\n".join(
        line for line in text.splitlines() if "Lookout and Voyeur roles" not in line
    )
    rs = parse_ruleset(without, str(METADATA_PATH))
    dead = Checker(rs, players=4, timeout=60).run(("dead rule",)).findings
    assert {f.roles for f in dead} == {("Lookout",), ("Voyeur",)}
    assert all("visited the player" in f.sentences[0].text for f in dead)
    again = Checker(load_ruleset(METADATA_PATH), players=4, timeout=60).run(("dead rule",))
    assert again.findings == []


def test_blockers_paradox_is_the_odd_cycle(blockers_report: Report) -> None:
    paradoxes = [f for f in blockers_report.findings if f.kind == "paradox"]
    assert [f.roles for f in paradoxes] == [("Blocker",)]
    (p,) = paradoxes
    assert p.witness is not None and p.witness.count(" targets ") == 3
    assert [w.text for w in p.sentences] == ["Blocker: That player is roleblocked that night."]
    assert witness_passes(BLOCKERS_PATH, p.witness)


def test_blockers_mutual_block_is_ambiguous(blockers_report: Report) -> None:
    amb = [f for f in blockers_report.findings if f.kind == "ambiguous"]
    assert [f.roles for f in amb] == [("Blocker",)]
    assert amb[0].witness is not None and amb[0].witness.count(" targets ") == 2
    assert witness_passes(BLOCKERS_PATH, amb[0].witness)


def test_check_cli_json_and_exit_code() -> None:
    out = io.StringIO()
    code = main(
        ["check", str(BLOCKERS_PATH), "--players", "3", "--json"], stdout=out, stderr=io.StringIO()
    )
    assert code == 1
    data = json.loads(out.getvalue())
    assert {f["kind"] for f in data["findings"]} >= {"paradox", "ambiguous"}
    assert data["players"] == 3 and data["queries"] > 0


def test_clean_ruleset_exits_zero(tmp_path: Path) -> None:
    rules = tmp_path / "clean.rules"
    rules.write_text(
        "Possible Town Roles\nDoctor: Targets a player each night. That player cannot be killed that night. "
        "Visiting role.\nVanilla Townie: No special powers.\n"
        "Possible Mafia Roles\nGoon: No special powers.\n"
        "Nightkill\nThe mafia must select a player to carry out the nightkill.\n"
    )
    out = io.StringIO()
    assert main(["check", str(rules), "--players", "3"], stdout=out, stderr=io.StringIO()) == 0, (
        out.getvalue()
    )
    assert "no findings" in out.getvalue()


DCTP_PATH = ROOT / "tests" / "rulesets" / "dctp-tricking.rules"


def test_mutual_tricking_ruling_removes_the_ambiguity_it_was_written_for() -> None:
    """DCTP: "If two users trick each other, all actions fail." Without the ruling, two
    tricksters tricking each other is ambiguous (either trick could land); with it the
    finding is gone. A weakened checker that missed the mutual trick would fail here."""
    text = DCTP_PATH.read_text()
    without = parse_ruleset(
        "\n".join(x for x in text.splitlines() if not x.startswith("Ruling:")), str(DCTP_PATH)
    )
    found = Checker(without, players=4, timeout=60).run(("ambiguous",)).findings
    # one class per pair of the three users of Discombobulate
    assert {frozenset(f.roles) for f in found} == {
        frozenset({"Eisuke", "Asami"}),
        frozenset({"Eisuke", "Vodka"}),
        frozenset({"Asami", "Vodka"}),
    }
    for f in found:
        assert f.witness is not None and f.witness.count(" targets ") == 2
        assert any("roleblocked" in w.text for w in f.sentences)
    with_ruling = Checker(load_ruleset(DCTP_PATH), players=4, timeout=60).run(("ambiguous",))
    assert with_ruling.findings == []


def test_two_nights_witnesses_resolve_and_parity_results_live() -> None:
    """`--nights 2` chains symbolic nights: the Blockers' findings carry two-night
    witnesses that resolve to what they claim; and the Parity Cop's "even"/"odd"
    sentences, skipped as untestable on one night, are not dead over two."""
    rep = Checker(load_ruleset(BLOCKERS_PATH), players=3, timeout=60, nights=2).run()
    assert {f.kind for f in rep.findings} == {"paradox", "ambiguous"}
    for f in rep.findings:
        assert f.witness is not None and "night 2:" in f.witness
        assert witness_passes(BLOCKERS_PATH, f.witness), f.witness
    meta = Checker(load_ruleset(METADATA_PATH), players=3, timeout=60, nights=2).run(("dead rule",))
    assert meta.findings == [] and not any("Receives" in s for s in meta.skipped)
    one = Checker(load_ruleset(METADATA_PATH), players=3, timeout=60).run(("dead rule",))
    assert any("needs more than one night" in s for s in one.skipped)


@pytest.mark.slow  # BYOND's check takes about 30 s
def test_byond_witnesses_resolve_and_no_action_is_irrelevant() -> None:
    """Issue 13 on the casebook's other rulesets: each witness of `check` on BYOND (the
    Ninja's open nights, the Citizen/Rogue victory tie) resolves to its finding, and
    removing any one action the actor was free not to take takes the finding away."""
    path = ROOT / "casebook" / "byond-mafia.rules"
    rep = Checker(load_ruleset(path), players=5, timeout=60).run()
    assert {f.kind for f in rep.findings if f.witness} == {"ambiguous"} and not rep.unknown
    witnesses_hold(path, rep)


def test_werewolf_pool_witnesses_resolve_and_no_action_is_irrelevant() -> None:
    """The same for the werewolf pool (its W12: the Blocker and the Smoker aimed at each
    other, each stopping the other in one outcome; three Blockers in a cycle)."""
    # (without the Meddler and the Morpher: their decisions, a role of 23 or 26 each, and
    # the Meddler's draws take the 5-player ambiguity search over its budget of work, an
    # `unknown` with either one in the pool; `ruling check` searches the whole pool)
    path = ROOT / "casebook" / "werewolf-pool.rules"
    rs = load_ruleset(path)
    pool = [r for r in rs.roles if r.name not in ("Meddler", "Morpher")]
    rep = Checker(rs, players=5, timeout=60, roles=pool).run()
    assert len([f for f in rep.findings if f.witness]) >= 2 and not rep.unknown, rep.unknown
    witnesses_hold(path, rep)


def test_werewolf_pool_over_two_nights_has_no_paradox_of_who_may_kill() -> None:
    """Over chained nights, who may use a kill slot is the scenario's: a player the
    Alpha's infection may convert is held to the kills he may hold whatever night 1's
    outcome. Before, that legality read the outcome, and `check --nights 2` reported
    two paradoxes no sentence of the ruleset is in ("Village nightkill": a Judge's kill
    on night 2; "Werewolf nightkill": two members killing on night 2), whose witnesses
    the resolver refused. And a paradox's witness over two nights is shrunk too (its
    actions are named "uses:Ann@n1"): a Blocker aiming at himself was kept in one."""
    # (the roles of the question: the whole pool of 24, grown by issue 28's powers, is
    # no longer searched over two nights in a test's time; `check --nights 2` is)
    path = ROOT / "casebook" / "werewolf-pool.rules"
    rs = load_ruleset(path)
    pool = [
        r for r in rs.roles if r.name in ("Alpha", "Judge", "Blocker", "Maniac", "Seer", "Smoker")
    ]
    rep = Checker(rs, players=5, timeout=60, nights=2, roles=pool).run(("paradox",))
    assert not rep.unknown, rep.unknown
    assert not [f for f in rep.findings if any("nightkill" in r for r in f.roles)]
    assert {f.kind for f in rep.findings} == {"paradox"}
    witnesses_hold(path, rep)


@pytest.mark.slow  # Turtle's check: minutes of CPU
def test_turtle_witnesses_resolve_and_no_action_is_irrelevant() -> None:
    """The same for Turtle's Chat Mafia, whose witnesses have abilities without a target
    (the Monk's Hamedo, the Ninja's hasten), two targets (the Redirector) and neutral
    roles given a faction. Its searches are long: with a minute each, some may end
    unknown; every finding they do report is checked. (Before the fix, seven of its
    ambiguities had a role 'use' a day power at night: witnesses that did not resolve.)"""
    path = ROOT / "casebook" / "turtle-chat-mafia.rules"
    rep = Checker(load_ruleset(path), players=3, timeout=60).run(("ambiguous", "paradox"))
    assert len([f for f in rep.findings if f.witness]) >= 3, rep.unknown
    witnesses_hold(path, rep)


@pytest.mark.slow  # DCTP's check at 3 players: about two minutes
def test_dctp_witnesses_resolve_and_no_action_is_irrelevant() -> None:
    """The same for DCTP, whose roles may have two night abilities (Yamato's Investigate
    of two players and First Aid): a witness names the one used ("Eve uses First Aid on
    Bob"), which resolve accepts; before, it wrote "Eve targets Bob and Dee", which
    resolve refused for a role of several abilities. (A query's budget of 15 s of work,
    not 60: the same ten findings, in 117 s instead of 210 here.)"""
    path = ROOT / "casebook" / "dctp-mini-mafia.rules"
    rep = Checker(load_ruleset(path), players=3, timeout=15).run(("ambiguous", "paradox"))
    assert len([f for f in rep.findings if f.witness]) >= 2, rep.unknown
    witnesses_hold(path, rep, sample=16)


@pytest.mark.slow  # Turtle's 3-player paradox search: about 20 s of CPU
def test_turtle_paradoxes_at_three_players() -> None:
    """Issue 26: Turtle's paradox search goes up by players (3, then 4) as the ambiguity
    search does, so the paradoxes of its 3-player night are met even where the 4-player
    search does not end: a Ninja hastening the nightkill while a Redirector swaps its
    target, with a Roleblocker or a Jailkeeper on the Ninja. Both witnesses resolve to a
    paradox with the concrete back end, and the 3-player search ends."""
    rep = Checker(load_ruleset(TURTLE_PATH), players=3, timeout=60).run(("paradox",))
    assert not rep.unknown, rep.unknown
    assert sorted(f.roles for f in rep.findings) == [
        ("Jailkeeper", "Mafia nightkill", "Ninja", "Redirector"),
        ("Mafia nightkill", "Ninja", "Redirector", "Roleblocker"),
    ]
    witnesses_hold(TURTLE_PATH, rep)


def test_the_paradox_search_goes_up_by_players_within_one_budget() -> None:
    """The blockers' odd cycle is a paradox of three players: met in the 3-player night,
    its class is blocked in the 4-player one, and reported once. The two searches share
    one budget (three query timeouts, the building of their nights aside): when the
    small one ends unknown, the larger one is not started."""
    rs = load_ruleset(BLOCKERS_PATH)
    rep = Checker(rs, players=4, timeout=60).run(("paradox",))
    assert [f.roles for f in rep.findings] == [("Blocker",)]
    assert not rep.unknown
    rep = Checker(rs, players=4, timeout=0.001).run(("paradox",))
    assert any(u.startswith("paradox search") for u in rep.unknown), rep.unknown
    assert not any("4 players" in u for u in rep.unknown)


class _Stop(Exception):
    pass


def test_a_stopped_run_keeps_its_findings_and_stops_the_ambiguity_process() -> None:
    """The ambiguity search runs in a process of its own; a run stopped while it waits
    for it (a web page's request cancelled, through the progress callback) keeps what
    the other searches found and does not wait for that process."""

    def progress(msg: str) -> None:
        if "in its own process" in msg:
            raise _Stop

    c = Checker(load_ruleset(METADATA_PATH), players=5, progress=progress)
    with pytest.raises(_Stop):
        c.run(("contradiction", "gap", "ambiguous", "redundant ruling"))
    kinds = {f.kind for f in c.report.findings}
    assert kinds == {"gap", "redundant ruling"}  # (no ambiguity: it was not waited for)


def test_the_ambiguity_process_finds_what_the_search_in_process_finds() -> None:
    rs = load_ruleset(METADATA_PATH)
    apart = Checker(rs, players=4).run(("ambiguous", "gap"), apart=True)
    here = Checker(rs, players=4).run(("ambiguous", "gap"), apart=False)
    assert [f.summary for f in apart.findings] == [f.summary for f in here.findings]
    assert any(f.kind == "ambiguous" for f in apart.findings)
    for f in apart.findings:  # (its witnesses may differ: Z3's search is its own there)
        if f.witness:
            (case,) = parse_cases(f.witness, "<witness>")
            assert resolve(rs, case).verdict == f.kind


TURTLE_PATH = ROOT / "casebook" / "turtle-chat-mafia.rules"


def test_a_check_past_its_deadline_builds_no_night() -> None:
    """Found by the fuzzer: `check --nights 2 --timeout 1` on Turtle's ran 24 s, building
    its chained nights (in both processes) before any query could see the deadline. Past
    it, every search is unknown and nothing is built."""
    c = Checker(load_ruleset(TURTLE_PATH), players=4, nights=2, deadline=time.perf_counter())
    rep = c.run(apart=False)
    assert c._nights == {}
    assert not rep.findings
    for kind in ("contradiction", "paradox", "ambiguous", "dead rule", "redundant ruling"):
        assert f"{kind} search: unknown (the command's --timeout ran out)" in rep.unknown


def test_a_chained_night_stops_building_at_the_deadline() -> None:
    """A night of two chained nights takes seconds to build: the deadline stops it between
    its steps (`OutOfTime`), not after the whole build."""
    rs = load_ruleset(TURTLE_PATH)
    with pytest.raises(OutOfTime):
        Night(rs, ("Ann", "Bob", "Cid", "Dee"), nights=2, deadline=time.perf_counter() + 0.2)


def test_every_scenario_variable_is_within_its_domain() -> None:
    """In the werewolf pool at 3 players, a player's kill slot is named by the night's
    equations but its target is read by none: left without its domain, a model took the
    kill aimed at player 32 of 3, and a witness cut short by the deadline (no search for
    fewer actions) crashed on it (the fuzzer, run 8). Every scenario variable is within
    its domain now, named by an equation or not."""
    import z3

    n = Night(load_ruleset(ROOT / "casebook" / "werewolf-pool.rules"), ("Ann", "Bob", "Cid"))
    for p in n.names:
        s = z3.Solver()
        target = n.enc.var(f"ktgt:{p}")
        s.add(n.valid, n.enc.var(f"kills:{p}"), z3.And(target != 0, target != 1, target != 2))
        assert s.check() == z3.unsat, p


def test_a_one_role_ruleset_checks_its_ambiguities_in_their_own_process() -> None:
    """A ruleset of one role that is never duplicated seats one player: the ambiguity
    search's own process, given that seated count, refused it ("players must be between
    2 and 12", exit 4; the fuzzer, run 8). It seats the requested count again now."""
    text = (ROOT / "tests" / "rulesets" / "dctp-tricking.rules").read_text()
    text = "\n".join(x for x in text.splitlines() if "Eisuke" not in x and "Asami" not in x)
    text = text.replace("Ran: No special powers.", "")
    rep = Checker(parse_ruleset(text, "one-role.rules"), players=3, nights=2).run()
    assert rep.players == 1 and not rep.unknown


def test_day_abilities_get_a_verdict_over_the_first_night_and_day() -> None:
    """The dead-rule search gives day abilities a verdict, over the first night and the
    day after it (a symbolic day's sentence switches): the Sorcerer's kill and the
    Priest's revival are live, each told apart by a scenario in which someone uses a day
    ability; the Priest's exorcism, public, can change nothing when no Ghost or Zombie
    can be dealt (no one to exorcise), and can when a Ghost can."""
    rs = load_ruleset(TURTLE_PATH)

    def dead(*names: str) -> tuple[Checker, set[str]]:
        pool = [r for r in rs.roles if r.name in names]
        c = Checker(rs, players=3, timeout=60, roles=pool)
        rep = c.run(("dead rule",))
        assert not rep.unknown and not any("by day" in s for s in rep.skipped), rep.skipped
        return c, {w.text for f in rep.findings if f.roles[0] in names for w in f.sentences}

    c, found = dead("Priest", "Sorcerer", "Godfather", "Vanilla")
    assert found == {"Priest: This is also public and immediate."}
    _, found = dead("Priest", "Ghost", "Godfather", "Vanilla")
    assert found == set()
    sorcerer = rs.role("Sorcerer")
    assert sorcerer is not None
    for e in sorcerer.abilities[0].effects:
        r, env = c.ablation(c.day_at(3).switches_of(e.why), "test", day=True)
        assert r == "sat" and env is not None
        assert any(v.startswith("duse:") and v.endswith("@d1") and env[v] for v in env)


def test_the_sentence_most_findings_cite_is_named_once() -> None:
    """`common_causes`: a sentence cited by most findings of a kind (DCTP's 160 of 172
    ambiguities, one contradiction of the GM's met once per pair of roles) is named at the
    head of the report, with how many; a sentence few findings cite is not."""
    from logic.commands.check.findings import Finding, common_causes
    from logic.lang.errors import Loc
    from logic.model.why import Why

    often = Why(Loc("x.rules", 7, 1), "Can be the same night he's investigating too.")
    rare = Why(Loc("x.rules", 9, 1), "Heals a player each night.")
    findings = [Finding("ambiguous", f"pair {k}", sentences=(often,)) for k in range(5)]
    findings.append(Finding("ambiguous", "other", sentences=(rare,)))
    findings.append(Finding("paradox", "a loop", sentences=(rare,)))
    assert common_causes(findings) == [(often, "ambiguous", 5, 6)]


def test_an_ambiguity_witness_seats_the_idle_player_it_differs_on() -> None:
    """A Mayor's death moved onto an idle Soldier (open: Trouble Brewing's T13): the
    outcomes differ on whether the Soldier dies, and the witness seats him, idle as he
    is (it left him out, and resolved as the storyteller's choice, not an ambiguity:
    found by `check --nights 2` on Trouble Brewing)."""
    path = ROOT / "tests" / "rulesets" / "moved-death.rules"
    rep = Checker(load_ruleset(path), players=3, timeout=60).run(("ambiguous",))
    (found,) = [f for f in rep.findings if f.kind == "ambiguous"]
    assert found.witness is not None and "is Soldier" in found.witness
    assert witness_passes(path, found.witness), found.witness
