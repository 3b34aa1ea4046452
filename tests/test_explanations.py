"""Explanations without holes (issue 13): every atom of every outcome of every casebook
case says why, and so does every survival of a player who was at risk; an Interceptor's
kill names the visit that triggered it; a survival names what saved the player, or what
could have killed them and did not apply."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from logic.cli import main
from logic.commands.resolve import Resolution, resolve
from logic.lang import grammar
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset
from logic.model.semantics import Atom

ROOT = Path(__file__).parent.parent
CASEBOOK = ROOT / "casebook"
CASE_FILES = sorted(CASEBOOK.rglob("*.case"))
INTERCEPTOR = CASEBOOK / "metadata-mafia" / "interceptor.case"
METADATA = CASEBOOK / "metadata-mafia.rules"


def resolved(path: Path, title: str) -> Resolution:
    text = grammar.read_source(path, "case")
    (case,) = [c for c in parse_cases(text, str(path)) if c.title == title]
    return resolve(load_ruleset(CASEBOOK / f"{case.ruleset}.rules"), case, text)


@pytest.mark.parametrize("path", CASE_FILES, ids=lambda p: p.name)
def test_every_atom_and_every_survival_says_why(path: Path) -> None:
    text = grammar.read_source(path, "case")
    rulesets: dict[str, object] = {}
    holes = []
    for case in parse_cases(text, str(path)):
        if case.ruleset not in rulesets:
            rulesets[case.ruleset] = load_ruleset(CASEBOOK / f"{case.ruleset}.rules")
        res = resolve(rulesets[case.ruleset], case, text)  # type: ignore[arg-type]
        for p in res.paths:
            for po in p.phases:
                spared = dict(po.spared)
                holes += [f"{case.title}: {a}" for a in po.atoms if not po.why(a)]
                holes += [
                    f"{case.title}: {who} survives"
                    for who, whys in po.survivors_at_risk
                    if not whys and not spared.get(who)
                ]
    assert not holes, holes


def test_the_interceptors_kill_names_the_visit_behind_it() -> None:
    """'The first town player to visit that player after the Interceptor is killed': Nia
    dies because the Interceptor's sentence fired and because she visited ('Nosy
    Neighbor: Visits a player each night.')."""
    res = resolved(INTERCEPTOR, "Interceptor kills the first Town visitor of its target")
    (out,) = res.outcomes()
    texts = [w.text for w in out.why(Atom("dies", "Nia"))]
    assert any(t.startswith("Interceptor: The first town player") for t in texts), texts
    assert "Nosy Neighbor: Visits a player each night." in texts, texts


def test_a_survivor_nobody_saved_is_told_what_did_not_apply() -> None:
    """Hooker: 'That player is roleblocked', priority 2 before the Doctor's 6: the Doctor
    never visits Cid, so the Interceptor's sentence does not apply to him: Doc survives
    because he was roleblocked, and nothing protected him."""
    res = resolved(
        INTERCEPTOR, "Interceptor: a roleblocked Town player never visits, so is not killed"
    )
    (out,) = res.outcomes()
    (whys,) = [w for who, w in out.survivors_at_risk if who == "Doc"]
    spared = [w.text for w in dict(out.spared)["Doc"]]
    assert any("roleblock" in w.text for w in whys), whys
    assert any(t.startswith("Interceptor: The first town player") for t in spared), spared


def test_a_protected_survivor_is_told_who_protected_him_not_what_did_not_apply() -> None:
    """The quick-start night: the Doctor's target Dee is attacked and survives because of
    'Doctor: That player cannot be killed that night.'"""
    res = resolved(CASEBOOK / "metadata-mafia" / "quickstart.case", "A busy first night")
    (out,) = res.outcomes()
    (whys,) = [w for who, w in out.survivors_at_risk if who == "Dee"]
    assert "Doctor: That player cannot be killed that night." in [w.text for w in whys]


def test_survivals_are_in_the_json_and_the_text() -> None:
    path = str(INTERCEPTOR)
    out = io.StringIO()
    assert main(["resolve", str(METADATA), path, "--json"], stdout=out) == 0
    survivors = [
        s
        for case in json.loads(out.getvalue())
        for outcome in case["outcomes"]
        for phase in outcome
        for s in phase["survivors"]
    ]
    doc = [s for s in survivors if s["player"] == "Doc" and not s["because"]]
    assert doc and all(s["not_applied"] for s in doc), doc
    text = io.StringIO()
    main(["resolve", str(METADATA), path], stdout=text)
    assert "did not apply: " in text.getvalue()
