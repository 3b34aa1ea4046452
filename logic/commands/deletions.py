"""Owns `ruling casebook --deletions`: which sentences of a ruleset its cases pin down.

A ruling acts because its sentence says so: delete the sentence and something must
change. For every sentence a ruleset reads and acts on (`Sentence.kind == "rule"`, not
a heading), the
ruleset is read again without it and the cases that name it are run again. Each sentence
gets one of four answers:

- `pinned`: some case no longer passes (or no longer binds: it names what the sentence
  gave), named;
- `leaned on`: the rest of the ruleset no longer reads (another sentence refers to it:
  "that player", a role line left empty);
- `same rules`: the ruleset reads to the same rules without it (a heading, or a sentence
  another one already says: the same nodes, said by another sentence, `meaning`);
- `default`: the rules change only where the sentence says what the engine does without
  it: a node that says an axiom of the engine again (`restates`: "If there was a tie and no
  Judge, no one is removed."), a field that only cites it (`why.cited`), or a field that
  holds what the engine reads when no sentence fills it (`unsaid`: a list of non-visiting
  roles), and no case notices: named (the axiom, or the field);
- `not pinned`: the rules change, and every case still passes: no case shows what the
  sentence decides. These are what a rule writer adds cases for.

A case is a `.case` file's, or an observation file's under the same paths (`solve`'s
answer on it: logic/commands/observed.py), tried for a sentence no case pins.

A sentence whose cases run out of time without it is `unknown`, never `not pinned`.
Cases are tried in an order that finds the pinning case early: the cases naming the
sentence's role first, then the case that pinned the sentence before it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, fields, is_dataclass, replace
from pathlib import Path

from logic.commands.casebook import CaseResult, run_case
from logic.commands.diff import Change, diff
from logic.commands.observed import Baseline, Observed
from logic.commands.resolve import Resolution
from logic.lang.case import Case
from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset
from logic.model.ir import Ruleset, Sentence
from logic.model.phase import Atom
from logic.model.why import Why

ANSWERS = ("pinned", "leaned on", "same rules", "default", "not pinned", "unknown")


@dataclass(frozen=True)
class Answer:
    """What deleting one sentence does."""

    sentence: Sentence
    answer: str  # one of ANSWERS
    by: str = ""  # the case that pins it, the reading error, or why unknown
    # with `suggest`, for a sentence not pinned: a case that would pin it (a scenario of
    # one night whose outcome its deletion changes, expecting the outcome with it), or
    # why there is none
    suggestion: str = ""


@dataclass
class Deletions:
    """The answers for one ruleset, over the cases that name it."""

    path: Path
    cases: int
    answers: list[Answer] = field(default_factory=list)
    failing: list[str] = field(default_factory=list)  # cases failing with every sentence

    def count(self, answer: str) -> int:
        return sum(a.answer == answer for a in self.answers)


def without(text: str, s: Sentence) -> str:
    """The ruleset's text with sentence `s` deleted: the sentence cut out of its line, or
    the whole line when nothing but its label would be left (a role with no other
    sentence goes, and the cases naming it no longer bind)."""
    lines = text.split("\n")
    i = s.loc.line - 1
    line = lines[i]
    start = line.find(s.text, max(s.loc.column - 1, 0))
    if start < 0:
        start = line.find(s.text)
    if start < 0:  # a sentence the reader re-spaced: its words, wherever they are
        raise ValueError(f"line {s.loc.line} does not hold {s.text!r}")
    rest = (line[:start] + line[start + len(s.text) :]).rstrip()
    label = f"{s.label}:" if s.label else ""
    if not rest.strip() or rest.strip() == label:
        del lines[i]
    else:
        lines[i] = rest
    return "\n".join(lines)


def suggestion(cut: Ruleset, whole: Ruleset, name: str, seconds: float) -> str:
    """A case that pins a sentence: `ruling diff` of the rules without it against the
    rules with it (one night, 4 players) finds scenarios whose outcomes it changes, and
    the case is the first a case's expectations can tell apart (`_expect`). Or why there
    is none: no scenario at that bound differs (the sentence may matter over more nights,
    by day, or restate what the rest implies), the role goes with it, the rules without
    it deal what they refuse, the search did not finish, or the outcomes differ where no
    expectation reaches."""
    rep = diff(cut, whole, timeout=seconds, limit=4, deadline=time.perf_counter() + seconds)
    if not rep.changes:
        if rep.only_new:  # (diff compares the roles both versions have)
            gone = ", ".join(rep.only_new)
            return f"without it there is no {gone}: any case that deals {gone} pins it"
        if rep.refused:
            return (
                f"no case can pin it: without it the rules deal what they refuse ({rep.refused[0]})"
            )
        if rep.unknown:
            return f"no case found: {rep.unknown}"
        return "no scenario of one night at 4 players comes out differently without it"
    for change in rep.changes:  # the first scenario a case can tell apart
        lines = change.witness.rstrip("\n").split("\n")
        lines = [f'case "{_title(change)}"' if x.startswith("case ") else x for x in lines]
        lines = [f"  ruleset: {name}" if x.startswith("  ruleset:") else x for x in lines]
        expect = _expect(change.old, change.new)
        if expect is not None:
            return "\n".join([*lines, "  expect:", *(f"    {x}" for x in expect)])
    change = rep.changes[0]
    scenario = [x.strip() for x in change.witness.split("\n")[2:] if x.strip()]
    return (
        f"no case found: a scenario comes out {change.new.verdict} with it and "
        f"{change.old.verdict} without it, but no expectation a case can write tells them "
        f"apart ({'; '.join(scenario)})"
    )


def _expect(old: Resolution, new: Resolution) -> list[str] | None:
    """What a case expects of a scenario to pass with the sentence and fail without it:
    the atoms in every outcome with it, the atoms in none with it (`not`), and the verdict
    word where it is one (`ambiguous`, `random`, `paradox`); None when none of those
    tells the two apart."""

    def atoms(r: Resolution) -> list[set[Atom]]:
        return [{a for a in o.atoms if a.kind in _CASE_ATOMS} for o in r.outcomes()]

    with_it, without = atoms(new), atoms(old)
    always = set.intersection(*with_it) if with_it else set()
    never = set().union(*without) - set().union(*with_it)
    words = ("ambiguous", "random", "paradox")
    verdict = [new.verdict] if new.verdict in words else []
    if old.verdict in words and old.verdict != new.verdict:
        verdict.append(f"not {old.verdict}")
    always_before = set.intersection(*without) if without else set()
    told = new.verdict != old.verdict and bool(verdict)  # the verdict word alone pins it
    if not (always - always_before or never or told):
        return None
    return verdict + sorted(str(a) for a in always) + sorted(f"not {a}" for a in never)


_CASE_ATOMS = ("dies", "fails", "succeeds", "roleblocked", "visits", "learns")  # case syntax


def _title(change: Change) -> str:
    return f"what deleting the sentence would change ({change.old.verdict} without it)"


def meaning(rs: Ruleset, defaults: bool = False) -> object:
    """What `rs` says, not where: every node with its sentence (`Why`) left out and each
    list with a node said twice kept once ("Must visit each night." on the role's line and
    a ruling that says it again give one restriction), and the list of ruling sentences
    (`Ruleset.rulings`, where each was said) left out. Two rulesets of one meaning differ
    only in which sentences say what they say. With `defaults`, what the engine does
    anyway is left out too: the nodes that only say an axiom again (`restates`) and the
    fields that only cite a sentence (`why.cited`)."""
    return _plain(rs, top=True, defaults=defaults)


def node_meaning(x: object) -> object:
    """What one node of the IR says, as `meaning` compares it (its sentences left out):
    `ruling coverage` compares a said-again sentence's nodes with its line's."""
    return _plain(x)


def restated(whole: Ruleset, cut: Ruleset) -> str | None:
    """Why `cut` (the rules without a sentence) does what `whole` does, where they differ
    only in what the engine does anyway (`meaning(..., defaults=True)`): the axioms the
    nodes it lost said again, or that the sentence was only cited; None when they differ
    in more."""
    if meaning(cut, defaults=True) != meaning(whole, defaults=True):
        return None
    kept = set(map(repr, _restating(cut)))
    axioms = sorted({a.text for n, a in _restating_with(whole) if repr(n) not in kept})
    return "; ".join(axioms) or (
        "the engine reads the same where no sentence says it (a field only cites it, or "
        "holds the engine's value)"
    )


def _restating_with(x: object) -> list[tuple[object, Why]]:
    """Every node under `x` that says an axiom again, with the axiom."""
    out: list[tuple[object, Why]] = []
    if is_dataclass(x) and not isinstance(x, type):
        said = getattr(x, "restates", None)
        axiom = said() if callable(said) else None
        if isinstance(axiom, Why):
            out.append((x, axiom))
        for f in fields(x):
            out.extend(_restating_with(getattr(x, f.name)))
    elif isinstance(x, (tuple, list, set, frozenset)):
        for item in x:
            out.extend(_restating_with(item))
    return out


def _restating(x: object) -> list[object]:
    return [n for n, _ in _restating_with(x)]


_ORDERLESS = ("traits",)
"""Fields whose order says where, not what: a role's traits are one per passive effect
(`_prose_traits` merges two sentences of one kind into one), listed in the order they were
first said, so a sentence said again before the role's line moved its trait first (BYOND's
"15. Detective is told the jobs of any people who died during the night." and the
Detective's own line)."""


def _unsaid(metadata: Mapping[str, object], value: object) -> bool:
    """A field whose value is what the engine reads when no sentence fills it (its
    metadata's `unsaid`, by value: an ability's class "non-visiting"), or None."""
    said = metadata.get("unsaid")
    return said is not None and (value is None or getattr(value, "value", value) == said)


_UNREAD = ("notes",)
"""Fields that list sentences the engine reads nothing from: a role's notes (its natures on
a passive role, whose sentences already say them, "(Passive, One-time, Anytime)"; a line
that names its faction): which sentences they are says where, not what."""


def _plain(x: object, top: bool = False, defaults: bool = False) -> object:
    if isinstance(x, Why):
        return Why
    if is_dataclass(x) and not isinstance(x, type):

        def plain(v: object) -> object:
            return _plain(v, defaults=defaults)

        return (
            type(x).__name__,
            tuple(
                frozenset(map(plain, getattr(x, f.name)))
                if f.name in _ORDERLESS
                else plain(getattr(x, f.name))
                for f in fields(x)
                if f.compare
                and not (top and f.name == "rulings")
                and f.name not in _UNREAD
                and not (defaults and f.metadata.get("cited"))
                and not (defaults and _unsaid(f.metadata, getattr(x, f.name)))
            ),
        )
    if isinstance(x, (tuple, list)):
        out: list[object] = []
        for one in x:
            said = getattr(one, "restates", None) if defaults else None
            if callable(said) and said() is not None:
                continue  # (the engine's axiom says it without the node)
            item = _plain(one, defaults=defaults)
            if item not in out:
                out.append(item)
        return tuple(out)
    if isinstance(x, dict):
        return tuple((k, _plain(v, defaults=defaults)) for k, v in x.items())
    if isinstance(x, (set, frozenset)):
        return frozenset(_plain(v, defaults=defaults) for v in x)
    return x


def _order(cases: Sequence[tuple[Case, str]], s: Sentence, last: str | None) -> list[int]:
    """Indices of `cases`, those most likely to notice `s`'s deletion first."""

    def rank(i: int) -> tuple[int, int]:
        case, _ = cases[i]
        named = bool(s.label) and any(
            (p.role or "").casefold() == (s.label or "").casefold() for p in case.players
        )
        return (0 if case.title == last else 1 if named else 2, i)

    return sorted(range(len(cases)), key=rank)


def deletions(
    path: Path,
    cases: Sequence[tuple[Case, str]],
    run: Callable[[Ruleset, Case, str], CaseResult] = run_case,
    suggest: float | None = None,
    observations: Sequence[Observed] = (),
    only: Callable[[Sentence], bool] | None = None,
) -> Deletions:
    """Delete each sentence `path`'s ruleset acts on in turn and run `cases` (each with
    its file's text) against what is left, then, for a sentence no case pins, `solve` on
    each of `observations` (logic/commands/observed.py: a deal rule pinned by the worlds
    it counts); with `suggest` (seconds per sentence), a case for each sentence not
    pinned (`suggestion`); with `only`, the sentences it accepts alone."""
    text = path.read_text(encoding="utf-8")
    ruleset = parse_ruleset(text, str(path))
    out = Deletions(path, len(cases) + len(observations))
    solved = Baseline(ruleset, observations, timeout=120.0) if observations else None
    live: list[tuple[Case, str]] = []
    for case, ctext in cases:
        if run(ruleset, case, ctext).passed:
            live.append((case, ctext))
        else:
            out.failing.append(case.title)
    last: str | None = None
    for s in ruleset.sentences:
        if s.kind != "rule" or s.heading:  # a heading's section is its sentences'
            continue
        if only is not None and not only(s):  # (a part of a long ruleset: DCTP's)
            continue
        try:
            cut = parse_ruleset(without(text, s), str(path))
        except RulingError as e:
            out.answers.append(Answer(s, "leaned on", e.message.split("\n")[0]))
            continue
        if cut == ruleset or meaning(cut) == meaning(ruleset):
            out.answers.append(Answer(s, "same rules"))
            continue
        answer = Answer(s, "not pinned")
        for i in _order(live, s, last):
            case, ctext = live[i]
            try:
                result = run(cut, case, ctext)
            except RulingError as e:
                answer = Answer(s, "pinned", f"{case.title} (no longer binds: {e.message})")
                break
            if result.resolution.timed_out:
                answer = Answer(s, "unknown", f"{case.title}: {result.resolution.timed_out}")
                continue
            if not result.passed:
                answer = Answer(s, "pinned", case.title)
                break
        if answer.answer == "not pinned":  # (before solving: it says what the engine does)
            axioms = restated(ruleset, cut)
            if axioms is not None:
                answer = Answer(s, "default", axioms)
        if answer.answer in ("not pinned", "unknown") and solved is not None:
            pin = solved.pins(cut)
            if pin is not None and (pin[0] == "pinned" or answer.answer == "not pinned"):
                answer = Answer(s, *pin)
        if answer.answer == "pinned":
            last = answer.by.split(" (no longer binds")[0]
        if answer.answer == "not pinned" and suggest is not None:
            answer = replace(answer, suggestion=suggestion(cut, ruleset, path.stem, suggest))
        out.answers.append(answer)
    return out
