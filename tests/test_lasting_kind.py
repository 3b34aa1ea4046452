"""A kind whose state outlasts its phase, added in its own files only (issue "One kind,
one place"): poison (logic/effects/poison.py, grammar/clause/poison.lark,
grammar/lexicon/poison.toml). A poisoned player dies at the end of the following night
unless protected then; the concrete resolver carries the poisoning in the history, the
symbolic chain in its carried state, and the two agree."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_chain import _compare, games

from logic.commands.resolve import resolve
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset
from logic.model.semantics import Atom

ROOT = Path(__file__).parent.parent
RS = load_ruleset(ROOT / "tests" / "rulesets" / "poison.rules")

CASES = """
case "poisoned on night 1: dead at the end of night 2"
  players: Ann is Townie, Bob is Poisoner, Cid is Doctor
  night 1:
    Bob targets Ann
  night 2:
  expect:
    Ann dies

case "protected on night 2: the poison does not kill"
  players: Ann is Townie, Bob is Poisoner, Cid is Doctor
  night 1:
    Bob targets Ann
  night 2:
    Cid targets Ann
  expect:
    not Ann dies

case "protected on night 1 only: the poison kills on night 2"
  players: Ann is Townie, Bob is Poisoner, Cid is Doctor
  night 1:
    Bob targets Ann
    Cid targets Ann
  night 2:
  expect:
    Ann dies

case "the poison lasts one night: none left on night 3"
  players: Ann is Townie, Bob is Poisoner, Cid is Doctor
  night 1:
    Bob targets Ann
  night 2:
    Cid targets Ann
  night 3:
  expect:
    not Ann dies
"""


def _deaths(text: str) -> list[tuple[str, frozenset[Atom]]]:
    out = []
    for case in parse_cases(text, "poison.case"):
        res = resolve(RS, case, text)
        assert res.verdict == "determined", case.title
        (path,) = res.paths
        out.append(
            (case.title, frozenset(a for p in path.phases for a in p.atoms if a.kind == "dies"))
        )
    return out


def test_poison_kills_the_night_after_unless_protected() -> None:
    got = dict(_deaths(CASES))
    ann = Atom("dies", "Ann")
    assert ann in got["poisoned on night 1: dead at the end of night 2"]
    assert ann not in got["protected on night 2: the poison does not kill"]
    assert ann in got["protected on night 1 only: the poison kills on night 2"]
    assert ann not in got["the poison lasts one night: none left on night 3"]


def test_the_death_is_explained_by_the_poisoners_sentence() -> None:
    (case,) = parse_cases(CASES, "poison.case")[:1]
    res = resolve(RS, case, CASES)
    night2 = res.paths[0].phases[1]
    whys = [w.text for w in night2.why(Atom("dies", "Ann"))]
    assert any("poison a player" in w for w in whys), whys


def test_the_kind_is_in_its_own_files_only() -> None:
    """No other module of logic/ and no other grammar or lexicon file names it (a
    comment may give it as an example; another kind's grammar may read the word its
    lexicon gives, the terminal POISON: DCTP's "attempt to poison another player" is
    logic/effects/aptx.py's, not this kind's)."""
    code = [
        p.relative_to(ROOT).as_posix()
        for p in [*(ROOT / "logic").rglob("*.py"), *(ROOT / "grammar").rglob("*.*")]
        if "poison" in _code(p, read_word=p.suffix == ".lark" and p.stem != "poison").lower()
    ]
    assert sorted(code) == [
        "grammar/clause/poison.lark",
        "grammar/lexicon/poison.toml",
        # DCTP's APTX, a poisoning by day, is another mechanic that says the word: its
        # charm, its capsules and the lovers' day guard against it (none names this kind)
        "logic/effects/aptx.py",
        # Sherry's night poisoning: an APTX said of a poisoning ability, it `refines` this
        # kind's Poison (what the verb reads alone) and so names it
        "logic/effects/aptxnight.py",
        "logic/effects/capsules.py",
        "logic/effects/lovey.py",
        "logic/effects/poison.py",
        "logic/lang/kinds/__init__.py",  # (the composition of the readings: its import)
        "logic/lang/kinds/poison.py",  # its phrase's reading ("die the following night ...")
    ]


def _code(p: Path, read_word: bool = False) -> str:
    """A file's text without its comments and docstrings (Python: `#` comments and
    string lines of its docstrings are few; a grammar's `//`, a TOML's `#`); with
    `read_word`, without the terminal POISON (a grammar that reads the word)."""
    text = p.read_text(encoding="utf-8")
    if read_word:
        text = text.replace("POISON", "")
    if p.suffix == ".py":
        import ast
        import io
        import tokenize

        docs = {
            n.body[0].value.lineno  # type: ignore[attr-defined]
            for n in ast.walk(ast.parse(text))
            if isinstance(n, ast.Module | ast.ClassDef | ast.FunctionDef)
            and n.body
            and isinstance(n.body[0], ast.Expr)
            and isinstance(n.body[0].value, ast.Constant)
        }
        keep = []
        for tok in tokenize.generate_tokens(io.StringIO(text).readline):
            if tok.type == tokenize.COMMENT:
                continue
            if tok.type == tokenize.STRING and tok.start[0] in docs:
                continue
            keep.append(tok.string)
        return " ".join(keep)
    mark = "//" if p.suffix == ".lark" else "#"
    return "\n".join(line.split(mark)[0] for line in text.splitlines())


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_poison(data: Any) -> None:
    """Random two-night games: the symbolic chain, fixed to the game, gives exactly the
    outcomes `resolve` gives, night by night (tests/test_chain.py's comparison)."""
    _compare(RS, *data.draw(games(RS)))
