"""Benchmark: how much of other GMs' wordings the language reads with the same meaning,
under an earlier commit and under this tree, in one run.

An item is a sentence of a casebook ruleset (its `ruleset`, `line`, `role`, `sentence`)
and the same rule in another GM's words: `third` (the third person, or a role line with
no subject) and `second` (a role PM, "You may ..."). Each wording replaces the sentence in
a copy of the ruleset, which is parsed in-process; the wording "holds" when it parses and
the ruleset's meaning (`ruling parse`'s text, locations, ability names and a ruling's own
words aside: what the ruling does is printed where it acts) is unchanged. A new role text (`ruleset` "new") is put alone in a one-role ruleset and
counts as read when it parses into at least one ability, effect or trait (read what it
was understood to mean with --verbose), and, when the item lists what it `means` (lines of
`ruling parse`'s text), into each of them (such an item's ruleset has a Mafia faction of one
vanilla role beside the role's Town); a new sentence about the whole game (`ruleset`
"new", `kind` "game") is put on a line of its own in a ruleset of its own and counts as
read when the ruleset parses (its rows are `new-game/...`).

The items are tests/language/wordings.json (the project's own) and, with `--dev FILE`,
another set of the same form (the development set beside the project, when there is
one). Run from the repo root:

    python benchmarks/bench_language.py [--against REV] [--dev FILE] [--verbose]

It prints each tree's figures (holds / items by ruleset and voice), the seconds each
took, and the ratio of this tree's share to the earlier one's.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LOC = re.compile(r"\s*\[[^\]]*\]\s*$")
OWN = ROOT / "tests" / "language"  # wordings.json and one file per topic: *.json


def own_items() -> list[dict[str, Any]]:
    """The project's own wordings: every `tests/language/*.json`, in name order."""
    items: list[dict[str, Any]] = []
    for path in sorted(OWN.glob("*.json")):
        items += json.loads(path.read_text(encoding="utf-8"))
    return items


NO_EFFECT = re.compile(r"^(\s*)\[no effect\] .*$")
RULING_WORDS = re.compile(r"^(\s*Ruling:).*$")


def meaning(lines: list[str]) -> list[str]:
    """`ruling parse`'s lines as meaning: locations and ability names aside, and words
    that are how the GM put it, not what the model does: a ruling's own words (what it
    does is printed where it acts: a restriction marked "(ruling)", who sees visits, an
    order or outcome under Rulings) and those of a sentence read as changing nothing
    ("[no effect] This protection wears off at Day."); a wording that loses or gains an
    effect still differs, by the effect's own lines."""
    out = []
    for line in lines[1:]:  # the first line names the file
        line = RULING_WORDS.sub(r"\1", LOC.sub("", line))
        line = NO_EFFECT.sub(r"\1[no effect]", line)
        out.append(re.sub(r"ability '[^']*'", "ability", line).rstrip())
    return out


def measure(items: list[dict[str, Any]], casebook: Path, verbose: bool) -> dict[str, Any]:
    """In the tree on sys.path: the tally of `items`."""
    from logic.lang.errors import RulingError
    from logic.lang.rules import parse_ruleset
    from logic.report import ruleset_lines

    base: dict[str, tuple[str, list[str]]] = {}
    tally: dict[str, list[int]] = {}
    for it in items:
        for style in ("third", "second"):
            text = it.get(style)
            if not text:
                continue
            rs = it["ruleset"]
            game = it.get("kind") == "game"  # a sentence about the whole game
            key = f"{'new' if rs == 'new' else rs}{'-game' if game and rs == 'new' else ''}/{style}"
            row = tally.setdefault(key, [0, 0])
            row[1] += 1
            try:
                if rs == "new" and game:  # on a line of its own, in a ruleset of its own
                    src = (
                        f"Ruleset: New\n{text}\nPossible Town Roles\nCitizen: No special powers.\n"
                        "Possible Mafia Roles\nGoon: Kills a player each night.\n"
                    )
                    r = parse_ruleset(src, "new.rules")
                    ok = True
                    if verbose:
                        said = [x for x in ruleset_lines(r)[1:] if x.strip()]
                        print(f"[{key}] {text}\n    " + "\n    ".join(said))
                elif rs == "new":
                    src = f"Ruleset: New\nPossible Town Roles\n{it['role']}: {text}\n"
                    if it.get("means"):  # beside a second faction, as real rulesets are
                        src += "Possible Mafia Roles\nMafioso: No special powers.\n"
                    r = parse_ruleset(src, "new.rules")
                    # what it must be read into, when the item says: each line of `means`
                    # in `ruling parse`'s text
                    said_all = ruleset_lines(r)
                    ok = all(any(m in x for x in said_all) for m in it.get("means", ()))
                    if verbose and not ok:
                        print(f"[{key}] {text}\n    -> not read as {it['means']}")
                    if verbose:
                        said = [x for x in ruleset_lines(r)[1:] if x.strip()]
                        print(f"[{key}] {text}\n    " + "\n    ".join(said[2:]))
                else:
                    if rs not in base:
                        orig = (casebook / f"{rs}.rules").read_text(encoding="utf-8")
                        base[rs] = (orig, meaning(ruleset_lines(parse_ruleset(orig, "x.rules"))))
                    orig, want = base[rs]
                    lines = orig.split("\n")
                    i = it["line"] - 1
                    if not (0 <= i < len(lines) and it["sentence"] in lines[i]):
                        hits = [k for k, line in enumerate(lines) if it["sentence"] in line]
                        i = hits[0] if hits else -1
                    if i < 0:
                        raise LookupError("sentence not found")
                    lines[i] = lines[i].replace(it["sentence"], text, 1)
                    got = meaning(ruleset_lines(parse_ruleset("\n".join(lines), "x.rules")))
                    ok = got == want
                    if verbose and not ok:
                        diff = [g for g in got if g not in want][:2]
                        print(f"[{key}] {text}\n    -> meaning changed: {diff}")
            except RulingError as e:
                ok = False
                if verbose:
                    print(f"[{key}] {text}\n    -> {str(e).splitlines()[0]}")
            except Exception as e:  # a bug the wording found: counted, and shown
                ok = False
                print(f"[{key}] {text}\n    -> internal error {type(e).__name__}: {e}")
            row[0] += ok
    return tally


def _run(tree: Path, items: Path, verbose: bool) -> tuple[dict[str, Any], float]:
    env = {**os.environ, "PYTHONPATH": str(tree)}
    t = time.perf_counter()
    p = subprocess.run(
        [sys.executable, __file__, "--measure", str(items), "--tree", str(tree)]
        + (["--verbose"] if verbose else []),
        env=env,
        capture_output=True,
        text=True,
    )
    took = time.perf_counter() - t
    if p.returncode:
        raise SystemExit(f"measuring under {tree} failed:\n{p.stderr[-2000:]}")
    *shown, last = p.stdout.rstrip("\n").split("\n")
    if verbose:
        print("\n".join(shown))
    return json.loads(last), took


def _share(tally: dict[str, list[int]]) -> tuple[int, int]:
    return sum(v[0] for v in tally.values()), sum(v[1] for v in tally.values())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", help="an earlier commit to measure in the same run")
    ap.add_argument("--dev", type=Path, help="another item set of the same form")
    ap.add_argument("--verbose", action="store_true")
    ap.add_argument("--measure", type=Path, help=argparse.SUPPRESS)
    ap.add_argument("--tree", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.measure:  # the child: measure in the tree on PYTHONPATH
        items = json.loads(args.measure.read_text(encoding="utf-8"))
        tally = measure(items, Path(args.tree) / "casebook", args.verbose)
        print(json.dumps(tally))
        return 0
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from against import Tree

    trees = [Tree.here()] if not args.against else [Tree.at(args.against), Tree.here()]
    own = Path(tempfile.mkdtemp()) / "own.json"
    own.write_text(json.dumps(own_items()), encoding="utf-8")
    for items in [own, *([args.dev] if args.dev else [])]:
        print(f"== {OWN}/*.json" if items == own else f"== {items}")
        shares = []
        for tree in trees:
            tally, took = _run(tree.path, items, args.verbose and tree.path == ROOT)
            h, n = _share(tally)
            shares.append(h / n if n else 0.0)
            cells = ", ".join(f"{k} {v[0]}/{v[1]}" for k, v in sorted(tally.items()))
            print(f"{tree.name}: {h}/{n} ({100 * h / max(n, 1):.0f}%) in {took:.1f} s  [{cells}]")
        if len(shares) == 2:
            ratio = shares[1] / shares[0] if shares[0] else float("inf")
            print(f"share read, this tree / {args.against}: {ratio:.2f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
