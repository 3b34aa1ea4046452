"""`ruling ask`: the three verdicts on rulings from the sources (and rulings a GM could
propose about them), with the reasons, witnesses and ambiguities each answer names."""

from __future__ import annotations

import io
import json
from pathlib import Path

from logic.cli import main
from logic.commands.ask import Answer, Asker, with_ruling

ROOT = Path(__file__).parent.parent
METADATA = ROOT / "casebook" / "metadata-mafia.rules"
BLOCKERS = ROOT / "tests" / "rulesets" / "blockers.rules"


def ask(path: Path, ruling: str, players: int = 4, ambiguity: bool = False) -> Answer:
    base, combined, why = with_ruling(path, ruling)
    return Asker(base, combined, why, players=players, timeout=60).answer(ambiguity)


def without_lines(tmp_path: Path, needle: str) -> Path:
    text = "\n".join(x for x in METADATA.read_text().splitlines() if needle not in x)
    out = tmp_path / "metadata-mafia.rules"
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
    assert ans.without is not None and ans.without.verdict == "determined"
    assert ans.with_ is not None and ans.with_.verdict == "paradox"


def test_ruling_that_the_jailed_hooker_fails_is_entailed() -> None:
    ans = ask(METADATA, "If the Jailer targets the Hooker, the Hooker's action fails.")
    assert ans.verdict == "entailed"
    assert any(w.text.startswith("Jailer: That player is roleblocked") for w in ans.because)


def test_lookout_ruling_is_open_without_it(tmp_path: Path) -> None:
    """Ruling R2 (ours, for finding F2) is a new decision: without it the Lookout never
    sees anyone; the witness shows a night whose results it changes."""
    rules = without_lines(tmp_path, "Lookout and Voyeur roles")
    ans = ask(rules, "Visiting roles can be seen by the Lookout and Voyeur roles.")
    assert ans.verdict == "open"
    assert ans.witness is not None
    assert ans.without is not None and ans.with_ is not None
    assert {o.atoms for o in ans.without.outcomes()} != {o.atoms for o in ans.with_.outcomes()}


def test_mutual_ruling_settles_the_mutual_block_but_not_the_even_cycle() -> None:
    """DCTP: "If two users trick each other, all actions fail." The same ruling for
    roleblockers settles two blockers targeting each other (the ambiguity it was written
    for), and says nothing of a four-blocker cycle, which stays ambiguous."""
    ans = ask(
        BLOCKERS, "If two players target each other, all actions fail.", players=4, ambiguity=True
    )
    assert ans.verdict == "open"
    assert len(ans.removes) == 1 and ans.removes[0].count(" targets ") == 2
    assert len(ans.remaining) == 1 and ans.remaining[0].count(" targets ") == 4
    assert ans.adds == []


def test_ruling_whose_condition_never_arises() -> None:
    ans = ask(BLOCKERS, "If two users trick each other, all actions fail.")
    assert ans.verdict == "entailed" and "never arises" in ans.note


def test_ask_cli_json_and_bad_ruling() -> None:
    out, err = io.StringIO(), io.StringIO()
    code = main(
        [
            "ask",
            str(METADATA),
            "If the Jailer targets the Hooker, the Hooker's action fails.",
            "--no-ambiguity",
            "--json",
        ],
        stdout=out,
        stderr=err,
    )
    assert code == 0, err.getvalue()
    assert json.loads(out.getvalue())["verdict"] == "entailed"
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
