"""Every command's `--json` on every ruleset of `casebook/` (found by glob: a new ruleset
is covered without editing this file): the output parses and has the keys docs/json.md
lists for the command. And the one JSON form of the IR (logic/model/serial.py), which
`parse --json` and the web page's `/api/parse` share, checked node by node against the
IR's dataclasses.

`parse --json` on Turtle's Chat Mafia and DCTP once ended in an internal error: a
priority item that names an effect kind ("Roleblocks") holds the kind's class, which
the IR's JSON passed on to `json.dumps` as it was.
"""

from __future__ import annotations

import dataclasses
import enum
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from logic.cli import main
from logic.lang.rules import parse_ruleset
from logic.model import ir, serial
from logic.model.why import Why
from logic.web import api

ROOT = Path(__file__).resolve().parents[1]
CASEBOOK = ROOT / "casebook"
RULESETS = sorted(CASEBOOK.glob("*.rules"))
DOC = ROOT / "docs" / "json.md"


def documented_keys() -> dict[str, set[str]]:
    """docs/json.md's table: command -> the keys of its JSON."""
    keys: dict[str, set[str]] = {}
    for line in DOC.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `(\w+)` \| [^|]+ \| (`.+`) \|$", line)
        if m:
            keys[m[1]] = set(re.findall(r"`([^`]+)`", m[2]))
    return keys


KEYS = documented_keys()


def run(*argv: str, codes: tuple[int, ...] = (0,)) -> Any:
    """`ruling ARGV --json` in-process: its exit code is one of `codes`, its output JSON."""
    out, err = io.StringIO(), io.StringIO()
    code = main([*argv, "--json"], stdout=out, stderr=err)
    assert code in codes, (argv, code, err.getvalue())
    return json.loads(out.getvalue())


def has_keys(value: Any, command: str) -> None:
    assert isinstance(value, dict), (command, value)
    assert set(value) == KEYS[command], (command, sorted(set(value) ^ KEYS[command]))


def files_naming(stem: str, pattern: str) -> list[Path]:
    """The casebook files (`*.case`, `*.obs`) that name the ruleset `stem`, smallest first."""
    found = [
        p
        for p in CASEBOOK.rglob(pattern)
        if re.search(rf"^\s*ruleset:\s*{re.escape(stem)}\s*$", p.read_text("utf-8"), re.M)
    ]
    return sorted(found, key=lambda p: (p.stat().st_size, p.name))


def test_the_doc_lists_every_command_that_takes_json() -> None:
    assert set(KEYS) == {
        "parse",
        "resolve",
        "casebook",
        "check",
        "ask",
        "diff",
        "solve",
        "coverage",
        "draft",
    }
    # the IR's keys are the Ruleset's fields: a new field is documented or this fails
    assert KEYS["parse"] == {"type"} | {f.name for f in dataclasses.fields(ir.Ruleset)}


def test_every_casebook_ruleset_is_found() -> None:
    names = {p.stem for p in RULESETS}
    assert {"metadata-mafia", "turtle-chat-mafia", "dctp-mini-mafia"} <= names


# ----------------------------------------------------------------------------- each ruleset


@pytest.fixture(params=RULESETS, ids=[p.stem for p in RULESETS])
def ruleset(request: pytest.FixtureRequest) -> Path:
    path: Path = request.param
    return path


def test_parse(ruleset: Path) -> None:
    got = run("parse", str(ruleset))
    has_keys(got, "parse")
    assert got["type"] == "Ruleset"
    # the web page's /api/parse sends the same IR, and names the same ruleset
    page = api.parse(ruleset.read_text(encoding="utf-8"), str(ruleset))
    assert page["ir"] == got
    assert page["name"] == got["name"]


def test_resolve_and_casebook_on_one_of_its_cases(ruleset: Path) -> None:
    cases = files_naming(ruleset.stem, "*.case")
    assert cases, f"{ruleset.stem} has no case file in casebook/"
    got = run("resolve", str(ruleset), str(cases[0]), "--timeout", "10", codes=(0, 3))
    assert isinstance(got, list) and got
    for item in got:
        has_keys(item, "resolve")
        assert item["verdict"] in (
            "determined",
            "ambiguous",
            "random",
            "storyteller",
            "paradox",
            "unknown",
        )
    book = run("casebook", str(cases[0]))
    has_keys(book, "casebook")
    assert book["passed"] == len(got) and book["failed"] == 0


def test_check_at_a_small_bound(ruleset: Path) -> None:
    got = run("check", str(ruleset), "--players", "3", "--timeout", "0.5", codes=(0, 1, 3))
    has_keys(got, "check")
    assert got["players"] == 3
    for f in got["findings"]:
        assert all(set(w) == {"at", "text", "kind"} for w in f["sentences"])


def test_ask(ruleset: Path) -> None:
    text = ruleset.read_text(encoding="utf-8")
    m = re.search(r"^Ruling: (.+)$", text, re.M)
    ruling = m[1] if m else "If two players target each other, all actions fail."
    args = ["--players", "3", "--timeout", "0.5", "--no-ambiguity"]
    got = run("ask", str(ruleset), ruling, *args, codes=(0, 1, 3))
    has_keys(got, "ask")
    assert got["verdict"] in ("entailed", "clarifies", "amends", "contradicted", "unknown")


def test_diff_against_itself(ruleset: Path) -> None:
    got = run(
        "diff", str(ruleset), str(ruleset), "--players", "3", "--timeout", "0.5", codes=(0, 3)
    )
    has_keys(got, "diff")
    assert got["changes"] == []


def test_solve_where_it_has_observations(ruleset: Path) -> None:
    found = [p for p in files_naming(ruleset.stem, "*.obs") if "fifteen" not in p.name]
    if not found:  # a ruleset with no observation file has nothing to solve
        assert not list((CASEBOOK / ruleset.stem).glob("*.obs"))
        return
    got = run("solve", str(ruleset), str(found[0]), "--timeout", "2", codes=(0, 1, 3))
    has_keys(got, "solve")
    assert got["status"] in ("sat", "unsat", "unknown")
    assert all(set(w) == {"at", "text", "kind"} for w in got["core"])


def test_coverage_of_its_own_text(ruleset: Path) -> None:
    got = run("coverage", str(ruleset), str(ruleset))
    has_keys(got, "coverage")
    assert got["sentences"]
    assert got["counts"].get("missing", 0) < len(got["sentences"])


# ----------------------------------------------------------------------------- the IR's schema


def check_node(value: Any, node: Any, at: str) -> None:
    """`value` (JSON) is the form docs/json.md gives `node` (the IR), all the way down."""
    if isinstance(node, Why):
        assert value == {"at": node.loc.short, "text": node.text, "kind": node.kind}, at
        assert re.fullmatch(r".+:\d+", value["at"]), at
        assert value["kind"] in ("sentence", "ruling", "axiom"), at
    elif isinstance(node, enum.Enum):
        assert value == node.value, at
    elif isinstance(node, type):
        # only an effect kind (an IR node of logic/effects/) is named by its class
        assert dataclasses.is_dataclass(node) and node.__module__.startswith("logic.effects."), at
        assert value == node.__name__, at
    elif dataclasses.is_dataclass(node):
        names = [f.name for f in dataclasses.fields(node)]
        assert isinstance(value, dict) and list(value) == ["type", *names], at
        assert value["type"] == type(node).__name__, at
        for name in names:
            check_node(value[name], getattr(node, name), f"{at}.{name}")
    elif isinstance(node, (list, tuple)):
        assert isinstance(value, list) and len(value) == len(node), at
        for i, (v, n) in enumerate(zip(value, node, strict=True)):
            check_node(v, n, f"{at}[{i}]")
    elif isinstance(node, dict):
        assert isinstance(value, dict) and set(value) == {str(k) for k in node}, at
        for k, n in node.items():
            check_node(value[str(k)], n, f"{at}[{k!r}]")
    else:
        assert isinstance(node, (str, int, float, bool, type(None))), (at, type(node))
        assert value == node, at


def test_the_ir_of_every_ruleset_has_its_documented_form(ruleset: Path) -> None:
    rs = parse_ruleset(ruleset.read_text(encoding="utf-8"), str(ruleset))
    value = serial.to_json(rs)
    assert json.loads(json.dumps(value)) == value  # plain JSON, nothing lost on the way
    check_node(value, rs, "$")


def test_an_effect_kind_in_the_priority_is_its_name() -> None:
    """Turtle's dawn order names kinds of effect ("Roleblocks"): the IR holds the class."""
    rs = parse_ruleset((CASEBOOK / "turtle-chat-mafia.rules").read_text("utf-8"), "t.rules")
    named = [e for entry in serial.to_json(rs)["priority"] for e in entry["effects"]]
    assert "Roleblock" in named and "Kill" in named
    assert all(isinstance(e, str) for e in named)


def test_a_value_of_no_json_form_is_refused_where_it_is() -> None:
    @dataclasses.dataclass(frozen=True)
    class Node:
        items: tuple[Any, ...]

    with pytest.raises(TypeError, match=r"\$\.items\[1\]: a object has no JSON form"):
        serial.to_json(Node((1, object())))
    # a set comes out in one order whatever the order it was built in
    assert serial.to_json({"b", "a", "c"}) == ["a", "b", "c"]


def test_draft() -> None:
    """A ruleset's own text read as a post: the draft's JSON. (Metadata's only: every
    casebook text's draft is read by test_draft.py, at a minute each for the big three.)"""
    got = run("draft", str(CASEBOOK / "metadata-mafia.rules"))
    has_keys(got, "draft")
    assert got["read"] > 0 and got["ruleset"]
