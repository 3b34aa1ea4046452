"""`ruling ask`: the four verdicts (entailed, clarifies, amends, contradicted) on rulings
from the sources (and rulings a GM could propose about them), with the reasons, witnesses,
outcomes before and after, and ambiguities each answer names."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest

from logic.cli import main
from logic.commands.ask import Answer, Asker, with_ruling
from logic.commands.resolve import resolve
from logic.lang.case import parse_cases

ROOT = Path(__file__).parent.parent
METADATA = ROOT / "casebook" / "metadata-mafia.rules"
BLOCKERS = ROOT / "tests" / "rulesets" / "blockers.rules"
DCTP = ROOT / "tests" / "rulesets" / "dctp-tricking.rules"
WEREWOLF = ROOT / "casebook" / "werewolf-pool.rules"


def ask(path: Path, ruling: str, players: int = 4, ambiguity: bool = False) -> Answer:
    base, combined, why = with_ruling(path, ruling)
    return Asker(base, combined, why, players=players, timeout=60).answer(ambiguity)


def without_lines(tmp_path: Path, needle: str, source: Path = METADATA) -> Path:
    text = "\n".join(x for x in source.read_text().splitlines() if needle not in x)
    out = tmp_path / source.name
    out.write_text(text + "\n")
    return out


def test_source_ruling_forced_visit_is_entailed_by_the_role_text(tmp_path: Path) -> None:
    """Metadata Mafia's first line: "Nosy neighbor would be forced to visit, yeah." The
    role text already says "Must visit each night.", so the ruling is entailed, and the
    reason given is that sentence (R1 itself is removed from the ruleset first)."""
    rules = without_lines(tmp_path, "Ruling: Nosy Neighbor must visit")
    ans = ask(rules, "Nosy Neighbor must visit each night.")
    assert ans.verdict == "entailed"
    assert [w.text for w in ans.because] == ["Nosy Neighbor: Must visit each night."]


def test_ruling_against_the_jailer_is_contradicted() -> None:
    """'That player is roleblocked and cannot be targeted' (Jailer, tier 1): a ruling that
    the jailed Hooker's action succeeds fights that sentence; the witness is a paradox
    with the ruling and determined without it."""
    ans = ask(METADATA, "If the Jailer targets the Hooker, the Hooker's action succeeds.")
    assert ans.verdict == "contradicted"
    texts = [w.text for w in ans.because]
    assert (
        "Jailer: That player is roleblocked and cannot be targeted by night actions that night."
        in texts
    )
    assert any(t.startswith("Ruling: If the Jailer targets the Hooker") for t in texts)
    # the ruling under test is cited as <ruling>, never as a line past the file's end
    mine = [w for w in ans.because if w.text.startswith("Ruling: If the Jailer")]
    assert mine and all(w.loc.file == "<ruling>" and w.loc.line == 1 for w in mine)
    last = len(METADATA.read_text().splitlines())
    assert all(w.loc.line <= last for w in ans.because if w.loc.file == str(METADATA))
    assert ans.without is not None and ans.without.verdict == "determined"
    assert ans.with_ is not None and ans.with_.verdict == "paradox"


@pytest.mark.slow  # the CLI test below asks the same at 3 players
def test_ruling_that_the_jailed_hooker_fails_is_entailed() -> None:
    ans = ask(METADATA, "If the Jailer targets the Hooker, the Hooker's action fails.")
    assert ans.verdict == "entailed"
    assert any(w.text.startswith("Jailer: That player is roleblocked") for w in ans.because)


def test_mutual_roleblock_ruling_amends_the_jailers_tier_one_block() -> None:
    """ "If two players roleblock each other, both actions fail." on Metadata Mafia. The
    rules determine the night a Jailer (tier 1: "That player is roleblocked and cannot be
    targeted") and a Hooker (tier 2) target each other: the Jailer's action succeeds and
    the Hooker's fails. The ruling makes both fail: a change to the rules, `amends`, shown
    with that scenario, the outcome before and after, and the Jailer's sentence."""
    ans = ask(METADATA, "If two players roleblock each other, both actions fail.")
    assert ans.verdict == "amends"
    assert ans.without is not None and ans.with_ is not None and ans.witness is not None
    assert ans.without.verdict == "determined"
    (before,) = {o.atoms for o in ans.without.outcomes()}
    after = {o.atoms for o in ans.with_.outcomes()}
    assert after and all(before != a for a in after)
    roles = {r for ch in ans.amended for r in ch.roles}
    assert {"Jailer", "Hooker"} <= roles
    jailer = next(ch for ch in ans.amended if set(ch.roles) == {"Hooker", "Jailer"})
    jailer_player = next(p for p, pl in jailer.old.players.items() if pl.role.name == "Jailer")
    (old,) = jailer.old.outcomes()
    assert all(a.kind != "fails" or a.subject != jailer_player for a in old.atoms)
    assert any(
        a.kind == "fails" and a.subject == jailer_player
        for o in jailer.new.outcomes()
        for a in o.atoms
    )
    assert all(ch.old.verdict == "determined" for ch in ans.amended)
    texts = [w.text for w in ans.determined_by]
    assert any(t.startswith(("Jailer:", "Hooker:", "Probation Officer:")) for t in texts), texts
    # minimal witnesses: without any one of its actions, the ruling changes nothing there
    base, combined, _ = with_ruling(
        METADATA, "If two players roleblock each other, both actions fail."
    )
    for ch in ans.amended:
        lines = ch.witness.split("\n")
        for i in [k for k, x in enumerate(lines) if " targets " in x or " kills " in x]:
            text = "\n".join(x for k, x in enumerate(lines) if k != i)
            (case,) = parse_cases(text, "<witness>")
            before = {o.atoms for o in resolve(base, case, text).outcomes()}
            after = {o.atoms for o in resolve(combined, case, text).outcomes()}
            assert before == after, f"{lines[i].strip()!r} is irrelevant in\n{ch.witness}"


def test_dctp_mutual_trick_ruling_clarifies(tmp_path: Path) -> None:
    """DCTP's own ruling "If two users trick each other, all actions fail.", asked of the
    excerpt without it: every trick is a roleblock of one tier, so two users tricking each
    other is ambiguous under the rules (either block lands); the ruling settles it and
    changes no determined night: `clarifies`."""
    rules = without_lines(tmp_path, "Ruling: If two users trick", DCTP)
    ans = ask(rules, "If two users trick each other, all actions fail.")
    assert ans.verdict == "clarifies"
    assert ans.clarified and ans.amended == []
    for ch in ans.clarified:
        assert ch.old.verdict == "ambiguous"
        assert ch.new.verdict == "determined"
        assert ch.witness.count(" targets ") == 2


@pytest.mark.slow  # amends is also the roleblock ruling's verdict, in the default run
def test_lookout_ruling_amends_what_the_lookout_learns(tmp_path: Path) -> None:
    """Ruling R2 (ours, for finding F2) changes the rules: without it the Lookout learns
    "no one" where a visiting role visited; the witness shows a night whose results it
    changes, determined under both."""
    rules = without_lines(tmp_path, "Lookout and Voyeur roles")
    ans = ask(rules, "Visiting roles can be seen by the Lookout and Voyeur roles.")
    assert ans.verdict == "amends"
    assert ans.witness is not None
    assert ans.without is not None and ans.with_ is not None
    assert {o.atoms for o in ans.without.outcomes()} != {o.atoms for o in ans.with_.outcomes()}


def test_mutual_ruling_settles_the_mutual_block_but_not_the_even_cycle() -> None:
    """DCTP's ruling, said of roleblockers: it settles two blockers targeting each other
    (the ambiguity it was written for), and says nothing of a four-blocker cycle, which
    stays ambiguous. It also makes a Blocker whose target blocks it back fail where the
    rules had it succeed (a Blocker and a Medic targeting each other), so it `amends`."""
    ans = ask(
        BLOCKERS, "If two players target each other, all actions fail.", players=4, ambiguity=True
    )
    assert ans.verdict == "amends"
    assert len(ans.removes) == 1 and ans.removes[0].count(" targets ") == 2
    assert len(ans.remaining) == 1 and ans.remaining[0].count(" targets ") == 4
    assert ans.adds == []
    assert ans.clarified and all(ch.old.verdict == "ambiguous" for ch in ans.clarified)


def test_ruling_whose_condition_never_arises() -> None:
    ans = ask(BLOCKERS, "If two users trick each other, all actions fail.")
    assert ans.verdict == "entailed" and "never arises" in ans.note


@pytest.mark.slow  # a night and its day, searched symbolically (about two minutes)
def test_a_ruling_on_a_day_ability_is_asked_over_a_night_and_its_day() -> None:
    """Turtle's Sorcerer kills by day; a ruling that he cannot target himself is asked
    over a night and the day after it (Turtle says how its lynch goes): a scenario of
    the day it changes, written with its day block, resolved under both."""
    ans = ask(
        ROOT / "casebook" / "turtle-chat-mafia.rules", "The Sorcerer cannot target himself.", 3
    )
    assert ans.verdict in ("amends", "clarifies"), (ans.verdict, ans.note, ans.unknown)
    assert ans.witness is not None and "day 1:" in ans.witness
    # the Sorcerer (whoever holds it) kills himself by day
    assert re.search(r"^    (\w+) uses kill on \1$", ans.witness, re.M), ans.witness


def test_a_ruling_on_a_day_ability_is_not_checked() -> None:
    """The werewolf pool's Executioner acts by day, and the pool does not say how a lynch
    goes, so no day is searched: the night `ask` searches holds no switch of a ruling
    on him, and that silence is no verdict: not `entailed` ("its condition never
    arises"), but `unknown`, saying what was not checked and why."""
    ans = ask(WEREWOLF, "The Executioner cannot choose himself.")
    assert ans.verdict == "unknown"
    assert "the Executioner's substitute, used by day" in ans.note
    # the Blocker acts by day or by night: a ruling on him is checked on the night, a
    # verdict of the night's search, not `unknown`. It is `contradicted`: the search's
    # scenario holds the draws of chance, and on a night of two Meddlers (W23) there are
    # draws that move the Smoker's block, through both meddlings, onto the Meddler whose
    # meddling moved it; without the ruling the Blocker's block aimed at himself is moved
    # too and can land where it breaks that loop; with the ruling it fails, and those
    # draws have no outcome (a paradox the rules alone have on other draws). Resolve reads the
    # witness so too: a draw with no outcome is a paradox, not left out (before, resolve
    # kept the draws with an outcome and called the night with the ruling `random`).
    ans = ask(WEREWOLF, "The Blocker cannot target himself.")
    assert ans.verdict == "contradicted" and not ans.note
    assert ans.with_ is not None and ans.with_.verdict == "paradox"
    assert any("drawn at random" in n for px in ans.with_.paradoxes for n in px.assumptions)


def test_ask_cli_json_and_bad_ruling() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        [
            "ask",
            str(METADATA),
            "If the Jailer targets the Hooker, the Hooker's action fails.",
            "--no-ambiguity",
            "--json",
            "--players",
            "3",
        ],
        stdout=out,
        stderr=err,
    )
    assert code == 0, err.getvalue()
    got = json.loads(out.getvalue())
    assert got["verdict"] == "entailed"
    # the ruling under test is cited as itself, not as a line past the end of the file
    assert got["ruling"]["at"] == "<ruling>:1", got["ruling"]
    out, err = io.StringIO(), io.StringIO()
    code = main(
        ["ask", str(BLOCKERS), "If the Wizard targets the Blocker, the Blocker dies."],
        stdout=out,
        stderr=err,
    )
    assert code == 2
    lines = err.getvalue().splitlines()
    assert lines[0].startswith("<ruling>:1:8: 'Wizard' is not a role of this ruleset")
    assert lines[2] == "           ^^^^^^"
