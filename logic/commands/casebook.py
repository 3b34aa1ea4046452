"""Owns running case files as a test suite for rulesets: finds `*.case` files, finds the
ruleset each case names, resolves it and checks every expected atom."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from logic.commands.resolve import Resolution, check_expectation, resolve
from logic.lang import grammar
from logic.lang.case import Case, parse_cases
from logic.lang.errors import RulingError, line_of
from logic.lang.rules import load_ruleset
from logic.model.ir import Ruleset


@dataclass
class CaseResult:
    case: Case
    resolution: Resolution
    failures: list[tuple[str, str, int]] = field(default_factory=list)  # (expected, gave, line)

    @property
    def passed(self) -> bool:
        return not self.failures


class RulesetCache:
    """Loads each ruleset once, by path."""

    def __init__(self) -> None:
        self._by_path: dict[Path, Ruleset] = {}

    def load(self, path: Path) -> Ruleset:
        key = path.resolve()
        if key not in self._by_path:
            self._by_path[key] = load_ruleset(path)
        return self._by_path[key]


def find_ruleset(ref: str, case_file: Path) -> Path | None:
    """A case's `ruleset:` names a ruleset by stem (casebook/NAME.rules) or by a path
    relative to the case file."""
    here = case_file.resolve().parent
    candidates = [here / ref, here / f"{ref}.rules"]
    for folder in (here, *here.parents):
        candidates += [folder / f"{ref}.rules", folder / "casebook" / f"{ref}.rules"]
    candidates.append(Path.cwd() / "casebook" / f"{ref}.rules")
    return next((c for c in candidates if _is(c, Path.is_file)), None)


def _is(p: Path, test: Callable[[Path], bool]) -> bool:
    """`p.is_file()` / `p.is_dir()`, false where the name cannot be a file at all (a
    300-letter `ruleset:` name raises "File name too long"; found by the fuzzer)."""
    try:
        return test(p)
    except OSError:
        return False


def case_files(paths: list[str]) -> list[Path]:
    out: list[Path] = []
    for p in map(Path, paths):
        if _is(p, Path.is_dir):
            out.extend(sorted(p.rglob("*.case")))
        elif _is(p, Path.is_file):
            out.append(p)
        else:
            raise RulingError(f"no such file or folder: {p}")
    return out


def ruleset_for(case: Case, case_file: Path, cache: RulesetCache, text: str) -> Ruleset:
    if case.ruleset is None:
        raise RulingError(
            f"case {case.title!r} names no ruleset (add 'ruleset: NAME')",
            case.why.loc,
            line_of(text, case.why.loc.line),
        )
    path = find_ruleset(case.ruleset, case_file)
    if path is None:
        why = case.ruleset_why or case.why
        raise RulingError(
            f"cannot find the ruleset {case.ruleset!r} (looked for {case.ruleset}.rules beside "
            "the case file, in its parent folders and in casebook/)",
            why.loc,
            line_of(text, why.loc.line),
        )
    return cache.load(path)


def run_case(ruleset: Ruleset, case: Case, text: str) -> CaseResult:
    res = resolve(ruleset, case, text)
    result = CaseResult(case, res)
    for exp in case.expectations:
        ok, gave = check_expectation(res, exp)
        if not ok:
            result.failures.append((str(exp), gave, exp.why.loc.line))
    return result


def run_file(path: Path, cache: RulesetCache) -> list[CaseResult]:
    text = grammar.read_source(path, "case")
    cases = parse_cases(text, str(path))
    return [run_case(ruleset_for(c, path, cache, text), c, text) for c in cases]


def cases_by_ruleset(files: list[Path], cache: RulesetCache) -> dict[Path, list[tuple[Case, str]]]:
    """The cases of `files`, each with its file's text, grouped by the ruleset file each
    names (in the order the rulesets are first named)."""
    out: dict[Path, list[tuple[Case, str]]] = {}
    for path in files:
        text = grammar.read_source(path, "case")
        for c in parse_cases(text, str(path)):
            ruleset_for(c, path, cache, text)  # a case naming no ruleset is bad input
            found = find_ruleset(c.ruleset or "", path)
            assert found is not None
            out.setdefault(_shown(found), []).append((c, text))
    return out


def _shown(path: Path) -> Path:
    """`path` relative to the working folder when it is under it (as a user typed it)."""
    try:
        return path.resolve().relative_to(Path.cwd().resolve())
    except ValueError:
        return path.resolve()
