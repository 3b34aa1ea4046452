"""The fuzzing harness: hostile and near-valid input for every command, run in-process.

Inputs are the casebook's own rulesets (every `casebook/*.rules`, found by glob, and
tests/rulesets), cases and observation files and the rulings of the source rulesets, mutated by hypothesis (lines dropped, doubled, swapped or cut;
characters and line endings changed; numbers made huge; words swapped for keywords or
for other words of the file), plus grammar-aware lines that are almost right (a second
`players:` line, `night 99999:`, `expect:` before any phase, a 300-letter name). Each
input drives `logic.cli.main(argv)` with parse, resolve, casebook, check, ask, solve,
diff or coverage, half of them with `--json`, and a run is a failure when:

  escape     an exception left `main` (or `main` returned 4, an internal error)
  overrun    the run used more CPU time than its budget (twice the command's --timeout and
             a margin for start-up and building the symbolic game), or hung: used no CPU
             time over its budget and 30 s on the wall clock (CPU time, so that a machine
             shared with other work does not make overruns of its own)
  unlocated  exit 2 whose message is neither `file:line:col:` with the source line and a
             caret, nor about a whole file (named first) or an argument
  json       a run with `--json` that ended 0, 1 or 3 and printed what `json.loads` refuses

`tests/fuzz/test_fuzz.py` runs a few seconds of it with every test run; the long run is
this file as a script:

    python tests/fuzz/harness.py --inputs 50000 --seconds 3600 [--seed N] [--json out.json]
        [--fast] [--weights parse=10,resolve=10,casebook=6]

which prints the figures (inputs run per command, escapes, overruns, unlocated errors,
time) and the first input of each failure class.
"""

from __future__ import annotations

import argparse
import io
import json
import re
import resource
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from logic.cli import main  # noqa: E402

CASEBOOK = ROOT / "casebook"
METADATA = CASEBOOK / "metadata-mafia.rules"
RULESETS = sorted([*CASEBOOK.glob("*.rules"), *(ROOT / "tests" / "rulesets").glob("*.rules")])
CASES = sorted([*CASEBOOK.rglob("*.case"), *CASEBOOK.rglob("*.case.txt")])
OBSERVATIONS = sorted(p for p in CASEBOOK.rglob("*.obs") if "fifteen" not in p.name)
RULINGS = [
    # the source rulesets' rulings (casebook and test rulesets) ...
    *(
        line.removeprefix("Ruling:").strip()
        for p in RULESETS
        for line in p.read_text(encoding="utf-8").splitlines()
        if line.startswith("Ruling:")
    ),
    # ... and rulings a GM could propose about them
    "If two players roleblock each other, both actions fail.",
    "If the Jailer targets the Hooker, the Hooker's action fails.",
    "If the Jailer targets the Hooker, the Hooker's action succeeds.",
    "If two players target each other, all actions fail.",
    "Nosy Neighbor must visit each night.",
]

# Words and lines a writer might type by mistake, or that test a limit.
KEYWORDS = [
    "case", "ruleset:", "players:", "night", "day", "expect:", "targets", "kills", "uses",
    "does nothing", "votes", "not", "dies", "survives", "is", "roleblocked", "learns",
    "ambiguous", "paradox", "observations", "factions:", "roles:", "I am", "I target",
    "I learn", "claims:", "Ruling:", "Possible Town Roles", "Role Priority", "Targets a player",
    "each night", "That player", "cannot", "If", "and", "the", "Mafia", "Town", "'s", "(", ")",
    ",", ".", ":", ";", '"', "#",
]  # fmt: skip
CHARACTERS = ["\x00", "\r", "\r\n", "\t", "\x0c", "\u2028", "\ufeff", "é", "’", '"', "\\", " "]
NUMBERS = ["0", "-1", "1", "2", "99", "9999", "10000", "99999", "1" + "0" * 30, "9" * 5000]
NEAR_VALID = [
    "  players: Ann, Bob",
    "  players: Ann is Jailer, Bob is Hooker",
    "  I am Ann, Parity Cop",
    "  factions: 1 Mafia",
    "  factions: 99999 Mafia",
    "  factions: " + "9" * 5000 + " Mafia",
    "  roles: Doctor, Doctor",
    "night 99999:",
    "night 0:",
    "day 5000:",
    "  night 1: I target Ann; I learn nothing",
    "  night 40: Bob died",
    "expect:",
    "  expect:\n    Ann dies",
    "    Ann dies on night 99999",
    "    Ann's action fails on day " + "9" * 400,
    "  ruleset: " + "x" * 300,
    "  ruleset: /dev/zero",
    "  ruleset: ../../../../etc/passwd",
    "case " + '"' + "t" * 300 + '"',
    "  players: " + ", ".join(f"P{i} is Vanilla Townie" for i in range(60)),
    "  players: " + ", ".join(f"P{i}" for i in range(200)),
    "Possible Town Roles",
    "A" * 300 + ": Targets a player each night. That player is roleblocked.",
    "Role Priority",
    "99999. Doctor",
    "1" + "0" * 4400 + ". Doctor",
    "Ruling: If two players roleblock each other, both actions fail.",
    "Ruling: If the Jailer targets the Jailer, the Jailer dies.",
]

COMMANDS = ("parse", "resolve", "casebook", "check", "ask", "solve", "diff", "coverage")
WEIGHTS = {"parse": 3, "resolve": 3, "casebook": 2, "solve": 2}
"""How often each command is drawn against the others (1 if not named): the readers
are where most hostile input lands, and they are fast."""
MARGIN = 10.0
"""Seconds a command may run past its --timeout (start-up, building the night, printing)."""


def _read(p: Path) -> str:
    return p.read_text(encoding="utf-8")


SEED_TEXT: dict[Path, str] = {p: _read(p) for p in (*RULESETS, *CASES, *OBSERVATIONS)}


def ruleset_of(text: str) -> Path:
    """The casebook ruleset a case or observation file names (`ruleset: NAME`; Metadata
    Mafia when it names none or one not in the casebook), so that each file is mutated
    beside its own ruleset: BYOND's and Turtle's cases and observations too."""
    m = re.search(r"^\s*ruleset:\s*(\S+)", text, re.M)
    path = CASEBOOK / f"{m[1]}.rules" if m else METADATA
    return path if path in SEED_TEXT else METADATA


# ----------------------------------------------------------------------------- mutation


@st.composite
def mutated(draw: st.DrawFn, text: str) -> str:
    """`text` after one to four mutations."""
    for _ in range(draw(st.integers(1, 4))):
        lines = text.split("\n")
        op = draw(
            st.sampled_from(
                [
                    "drop", "double", "swap", "cut", "char", "number", "word", "keyword",
                    "near", "endings", "repeat", "join",
                ]
            )
        )  # fmt: skip
        i = draw(st.integers(0, max(0, len(lines) - 1)))
        if op == "drop" and len(lines) > 1:
            del lines[i]
        elif op == "double":
            lines.insert(i, lines[i])
        elif op == "swap":
            j = draw(st.integers(0, max(0, len(lines) - 1)))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "cut":
            text = text[: draw(st.integers(0, len(text)))]
            continue
        elif op == "char":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(st.sampled_from(CHARACTERS)) + text[at:]
            continue
        elif op == "number":
            found = list(re.finditer(r"\d+", text))
            if found:
                m = draw(st.sampled_from(found))
                text = text[: m.start()] + draw(st.sampled_from(NUMBERS)) + text[m.end() :]
            continue
        elif op == "word":
            words = re.findall(r"[A-Za-z][\w'-]*", text) or ["x"]
            found = list(re.finditer(r"[A-Za-z][\w'-]*", lines[i]))
            if found:
                m = draw(st.sampled_from(found))
                new = draw(st.sampled_from(words))
                lines[i] = lines[i][: m.start()] + new + lines[i][m.end() :]
        elif op == "keyword":
            at = draw(st.integers(0, len(lines[i])))
            lines[i] = lines[i][:at] + " " + draw(st.sampled_from(KEYWORDS)) + " " + lines[i][at:]
        elif op == "near":
            lines.insert(i, draw(st.sampled_from(NEAR_VALID)))
        elif op == "endings":
            text = text.replace("\n", draw(st.sampled_from(["\r\n", "\r", "\n\n", "\n\r"])))
            continue
        elif op == "repeat":
            lines[i:i] = [lines[i]] * draw(st.sampled_from([10, 100, 2000]))
        elif op == "join" and i + 1 < len(lines):
            lines[i : i + 2] = [lines[i] + " " + lines[i + 1]]
        text = "\n".join(lines)
    return text


# ----------------------------------------------------------------------------- one run


@dataclass
class Run:
    command: str
    argv: list[str]
    code: int | None
    seconds: float  # CPU time of the run
    budget: float
    stderr: str
    files: dict[str, str] = field(default_factory=dict)  # written name -> text
    escaped: str = ""
    hung: bool = False  # stopped by the wall-clock alarm
    wall: float = 0.0
    stdout: str = ""

    @property
    def bad_json(self) -> bool:
        """With `--json`, a run that reports (exit 0, 1 or 3) prints one JSON value."""
        if "--json" not in self.argv or self.code not in (0, 1, 3):
            return False
        try:
            json.loads(self.stdout)
        except ValueError:
            return True
        return False

    @property
    def failure(self) -> str | None:
        if self.escaped or self.code == 4:
            return "escape"
        if self.hung or self.seconds > self.budget:
            return "overrun"
        if self.code == 2 and not located(self.stderr, self.files):
            return "unlocated"
        if self.bad_json:
            return "json"
        return None


LOCATED = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): \S")


def located(stderr: str, files: dict[str, str]) -> bool:
    """Is this exit-2 message located? `file:line:col: ...` (line >= 1) followed by the
    source line and a caret; or an error about a whole file (its name comes first, or
    in a known whole-file message); or an argument error."""
    lines = stderr.split("\n")
    if not lines:
        return False
    head = lines[0]
    m = LOCATED.match(head)
    if m and int(m["line"]) >= 1:
        return len(lines) >= 3 and lines[1].startswith("    ") and lines[2].strip("^ \t") == ""
    if head.startswith(("ruling ", "--")):  # an argument
        return True
    whole_file = (
        "no such ",
        "cannot read ",
        "cannot find ",
        "no .case files",
    )
    if head.startswith(whole_file) or " is a folder" in head:
        return True
    return any(head.startswith(f"{name}: ") for name in files)


class _Stop(Exception):
    """Ends a campaign early (its time is up): hypothesis stops drawing at a failure."""


class _Overrun(BaseException):
    """Raised by the alarm in a run far past its budget (a BaseException, so `main`'s
    handlers do not take it for an internal error)."""


@contextmanager
def _alarm(seconds: float, budget: float) -> Iterator[None]:
    """Stop the run (raise `_Overrun`) when it has used more than `budget` CPU seconds,
    or when it has made no progress (no CPU time used, as a read that blocks) over
    `seconds` on the wall clock; checked every `seconds`. A run that is only starved of
    the CPU by other work on the machine is let go on (measured under load: 0.9 s of CPU
    in 62 s on the wall clock)."""
    cpu0 = time.process_time()
    last = [cpu0]

    def ring(signum: int, frame: Any) -> None:
        now = time.process_time()
        progress, used = now - last[0], now - cpu0
        last[0] = now
        if used <= budget and progress > 0.01:
            signal.setitimer(signal.ITIMER_REAL, seconds)
            return
        # rung again a second later until the run stops: an exception raised where Python
        # only reports it (a garbage-collector callback, seen under load) is swallowed
        signal.setitimer(signal.ITIMER_REAL, 1.0)
        raise _Overrun()

    if not hasattr(signal, "setitimer"):
        yield
        return
    old = signal.signal(signal.SIGALRM, ring)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _cpu() -> float:
    """The CPU time of this process and of its children that have ended (`check` runs
    its ambiguity search in a process of its own, ended before the command returns)."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def run(command: str, argv: list[str], budget: float, files: dict[str, str]) -> Run:
    out, err = io.StringIO(), io.StringIO()
    start, cpu = time.perf_counter(), _cpu()
    escaped = ""
    hung = False
    code: int | None = None
    try:
        with _alarm(budget + 30, budget):
            code = main(argv, stdout=out, stderr=err)
    except _Overrun:
        hung = True
    except BaseException as e:  # the point of the harness: nothing may escape
        escaped = "".join(traceback.format_exception_only(e)).strip()
    used = _cpu() - cpu
    wall = time.perf_counter() - start
    return Run(
        command,
        argv,
        code,
        used,
        budget,
        err.getvalue(),
        files,
        escaped,
        hung,
        wall,
        out.getvalue(),
    )


# ----------------------------------------------------------------------------- scenarios


@dataclass
class Input:
    """One command and the files it reads (names relative to a fresh folder)."""

    command: str
    files: dict[str, str]
    args: list[str]
    timeout: float

    def argv(self, folder: Path) -> list[str]:
        return [self.command, *(str(folder / a) if a in self.files else a for a in self.args)]


@st.composite
def inputs(draw: st.DrawFn, commands: tuple[str, ...] = COMMANDS, slow: bool = True) -> Input:
    """A command and hostile or near-valid files for it. `slow=False` keeps the solver
    commands to a fraction of a second each."""
    cmd = draw(st.sampled_from([c for c in commands for _ in range(WEIGHTS.get(c, 1))]))
    rules_path = draw(st.sampled_from(RULESETS))
    rules = SEED_TEXT[rules_path]
    t = draw(st.sampled_from([0.3, 0.5, 1.0, 2.0] if slow else [0.2, 0.3]))
    players = draw(st.sampled_from(["3", "4"] if slow else ["3"]))

    def maybe_mutated(text: str, p: float = 0.8) -> str:
        return draw(mutated(text)) if draw(st.floats(0, 1)) < p else text

    inp = _input(draw, cmd, rules, t, players, slow, maybe_mutated)
    if draw(st.booleans()):
        inp.args.append("--json")
    return inp


def _input(
    draw: st.DrawFn,
    cmd: str,
    rules: str,
    t: float,
    players: str,
    slow: bool,
    maybe_mutated: Callable[..., str],
) -> Input:
    """`inputs`' command `cmd` on the drawn ruleset `rules`, its files and arguments."""

    if cmd == "parse":
        return Input(cmd, {"r.rules": maybe_mutated(rules, 1.0)}, ["r.rules"], 0)
    if cmd in ("resolve", "casebook"):
        case = SEED_TEXT[draw(st.sampled_from(CASES))]
        own = ruleset_of(case)
        files = {own.name: maybe_mutated(SEED_TEXT[own], 0.15)}
        files["c.case"] = maybe_mutated(case, 1.0)
        if cmd == "casebook":
            return Input(cmd, files, ["c.case"], 0)
        return Input(cmd, files, [own.name, "c.case", "--timeout", str(t)], t)
    if cmd == "check":
        extra = draw(st.sampled_from([[], ["--nights", "2"], ["--only", "ambiguous"]]))
        files = {"r.rules": maybe_mutated(rules)}
        args = ["r.rules", "--players", players, "--paradox-players", "3", "--timeout", str(t)]
        return Input(cmd, files, [*args, *extra], t)
    if cmd == "ask":
        ruling = maybe_mutated(draw(st.sampled_from(RULINGS)), 0.7)
        files = {"r.rules": maybe_mutated(rules, 0.3)}
        extra = draw(st.sampled_from([["--no-ambiguity"], []] if slow else [["--no-ambiguity"]]))
        args = ["r.rules", ruling, "--players", players, "--timeout", str(t), *extra]
        return Input(cmd, files, args, t)
    if cmd == "solve":
        obs = SEED_TEXT[draw(st.sampled_from(OBSERVATIONS))]
        own = ruleset_of(obs)
        files = {own.name: maybe_mutated(SEED_TEXT[own], 0.1), "o.obs": maybe_mutated(obs, 0.9)}
        extra = draw(st.sampled_from([[], ["--suggest"], ["--sample", "20"], ["--liars", "all"]]))
        return Input(cmd, files, [own.name, "o.obs", "--timeout", str(t), *extra], t)
    if cmd == "coverage":  # the ruleset's own text as its source, either of them mutated
        files = {"r.rules": maybe_mutated(rules, 0.5), "post.txt": maybe_mutated(rules, 0.7)}
        return Input(cmd, files, ["r.rules", "post.txt"], 0)
    # diff: a ruleset against a mutation of itself
    files = {"old.rules": rules, "new.rules": maybe_mutated(rules, 1.0)}
    return Input(cmd, files, ["old.rules", "new.rules", "--players", "3", "--timeout", str(t)], t)


def execute(inp: Input, margin: float = MARGIN) -> Run:
    """Write the input's files into a fresh folder and run its command."""
    folder = Path(tempfile.mkdtemp(prefix="ruling-fuzz-"))
    try:
        for name, text in inp.files.items():
            (folder / name).write_bytes(text.encode("utf-8", errors="surrogatepass"))
        budget = (inp.timeout * 2 + margin) if inp.timeout else 30.0
        names = {str(folder / n): t for n, t in inp.files.items()}
        r = run(inp.command, inp.argv(folder), budget, names)
        return r
    finally:
        shutil.rmtree(folder, ignore_errors=True)


# ----------------------------------------------------------------------------- campaigns


def _gist(r: Run) -> str:
    """A failure's one line, for telling its classes apart: the line `ruling` printed
    about it (with RULING_DEBUG=1 a traceback comes first), else the first."""
    lines = (r.escaped or r.stderr).split("\n")
    return next((x for x in lines if x.startswith("ruling:")), lines[0])


@dataclass
class Tally:
    runs: Counter[str] = field(default_factory=Counter)
    json_runs: Counter[str] = field(default_factory=Counter)  # those with --json
    codes: Counter[tuple[str, int | None]] = field(default_factory=Counter)
    failures: Counter[str] = field(default_factory=Counter)
    examples: dict[str, Run] = field(default_factory=dict)  # first run of each failure kind
    seconds: float = 0.0
    most: dict[str, float] = field(default_factory=dict)  # command -> most CPU s of a run

    def add(self, r: Run) -> None:
        self.runs[r.command] += 1
        self.json_runs[r.command] += "--json" in r.argv
        self.most[r.command] = max(self.most.get(r.command, 0.0), r.seconds)
        self.codes[(r.command, r.code)] += 1
        kind = r.failure
        if kind is not None:
            self.failures[kind] += 1
            self.examples.setdefault(f"{kind}: {r.command}: {_gist(r)}", r)

    def summary(self) -> dict[str, Any]:
        return {
            "inputs": sum(self.runs.values()),
            "by_command": dict(self.runs),
            "with_json": dict(self.json_runs),
            "exit_codes": {f"{c} {k}": n for (c, k), n in sorted(self.codes.items(), key=str)},
            "escapes": self.failures["escape"],
            "overruns": self.failures["overrun"],
            "unlocated": self.failures["unlocated"],
            "bad_json": self.failures["json"],
            "seconds": round(self.seconds, 1),
            "most_cpu_seconds_of_a_run": {c: round(x, 2) for c, x in sorted(self.most.items())},
        }


def campaign(
    examples: int,
    seed: int,
    commands: tuple[str, ...] = COMMANDS,
    slow: bool = True,
    stop: Callable[[], bool] = lambda: False,
    every: Callable[[Tally], None] = lambda _: None,
    margin: float = MARGIN,
) -> Tally:
    """Run `examples` hypothesis-drawn inputs (seeded by `seed`), every failure tallied,
    none raised (so the run does not stop at the first); `every` is called after each
    run with the tally so far, and `stop` ends the campaign when it says so."""
    tally = Tally()
    start = time.perf_counter()

    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        derandomize=False,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(inputs(commands, slow))
    def one(inp: Input) -> None:
        if stop():
            raise _Stop()
        tally.add(execute(inp, margin))
        tally.seconds = time.perf_counter() - start
        every(tally)

    from hypothesis import seed as hypothesis_seed

    with suppress(_Stop):
        hypothesis_seed(seed)(one)()
    tally.seconds = time.perf_counter() - start
    return tally


def report(t: Tally, out: Any = sys.stdout) -> None:
    s = t.summary()
    print(
        f"{s['inputs']:,} inputs in {s['seconds']:,.0f} s: {s['escapes']} escaped, "
        f"{s['overruns']} past their budget, {s['unlocated']} unlocated errors, "
        f"{s['bad_json']} --json runs whose output is not JSON",
        file=out,
    )
    print("  by command: " + ", ".join(f"{c} {n:,}" for c, n in sorted(t.runs.items())), file=out)
    for key, r in t.examples.items():
        print(
            f"\n{key}\n  argv: {r.argv}\n  {r.seconds:.1f} s CPU ({r.wall:.1f} s wall), "
            f"exit {r.code}",
            file=out,
        )
        print("  " + (r.escaped or r.stderr).replace("\n", "\n  ")[:2000], file=out)
        for name, text in r.files.items():
            print(f"  --- {name}\n  {text[:1500]!r}", file=out)


def _main() -> int:
    ap = argparse.ArgumentParser(description="the long fuzz run (figures for the report)")
    ap.add_argument("--inputs", type=int, default=50_000)
    ap.add_argument("--seconds", type=float, default=3600, help="stop drawing after this long")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--commands", default=",".join(COMMANDS))
    ap.add_argument(
        "--fast", action="store_true", help="solver commands at 0.2-0.3 s and 3 players only"
    )
    ap.add_argument(
        "--weights",
        help="how often each command is drawn, e.g. parse=10,resolve=10,check=1 "
        f"(default {','.join(f'{c}={n}' for c, n in WEIGHTS.items())}, others 1)",
    )
    ap.add_argument("--json", help="write the figures here too")
    ap.add_argument("--failures", help="write each failing run's argv and files here (JSON)")
    a = ap.parse_args()
    if a.weights:  # the readers are fast, the solver commands slow: a long run draws more of them
        WEIGHTS.clear()
        WEIGHTS.update({c: int(n) for c, n in (x.split("=") for x in a.weights.split(","))})
    end = time.perf_counter() + a.seconds
    commands = tuple(a.commands.split(","))

    def save(t: Tally) -> None:
        if a.json:
            Path(a.json).write_text(json.dumps(t.summary(), indent=2) + "\n")
        if a.failures:
            runs = [
                {"kind": k, "argv": r.argv, "code": r.code, "seconds": r.seconds, "wall": r.wall,
                 "stderr": r.stderr, "escaped": r.escaped, "files": r.files}
                for k, r in t.examples.items()
            ]  # fmt: skip
            Path(a.failures).write_text(json.dumps(runs, indent=1) + "\n")

    def every(t: Tally) -> None:
        if sum(t.runs.values()) % 200 == 0:
            save(t)

    t = campaign(
        a.inputs,
        a.seed,
        commands,
        not a.fast,
        stop=lambda: time.perf_counter() > end,
        every=every,
    )
    save(t)
    report(t)
    return 1 if t.failures else 0


if __name__ == "__main__":
    sys.exit(_main())
