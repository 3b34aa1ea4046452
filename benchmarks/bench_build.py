"""Benchmark: how long `check` takes to build a ruleset's symbolic night (the formula every
search of `check` asks, built before any solver runs), against an earlier commit, in one
run.

    python benchmarks/bench_build.py [--against REV] [--players N] [--only STEM ...]

For each casebook ruleset, under REV (unpacked beside this tree, `against.py`) and under
this tree, alternately, each in a fresh process: the seconds (wall and CPU) of
`Checker(ruleset, N).night_at(N)` (the scenario, the phase model and its Z3 encoding), and
the formula's size: its nodes, counted once each by identity (what the back ends walk),
and once each by structure; and whether both trees made the same Z3 terms (the night's
formula and its signals: Z3's structural hashes, and their ids, which say the order they
were made in and which Z3's search follows), so a change that only speeds the building
is seen to leave every query as it was. The ratio is REV's CPU time over this tree's (above 1: this
tree is faster); CPU time, not the wall clock, is what two shared cores' load leaves alone.

The default REV is 41ddffe, main before DCTP's night was made to share its equal nodes
(28 November 2026): DCTP's 3-player night then built in 26 s of a loaded machine, with
430,000 nodes of which 128,000 differ.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from against import ROOT, Run, Tree, run_python

BASE = "41ddffe"

# (run in each tree: that tree's own code builds the night)
PROBE = """
import json, sys, time
from logic.commands.check import Checker
from logic.lang.rules import load_ruleset
from logic.model import expr as E

rs = load_ruleset(sys.argv[1])
n = int(sys.argv[2])
t = time.process_time()
night = Checker(rs, n).night_at(n)
seconds = time.process_time() - t

seen, kinds = {}, {}
def key(x):
    got = seen.get(id(x))
    if got is not None and got[0] is x:
        return got[1]
    t = type(x)
    if t is E.Var:
        k = ("V", x.name)
    elif t is E.Const:
        k = ("C", type(x.value).__name__, x.value)
    elif t in (E.And, E.Or, E.Add):
        k = (t.__name__, *(key(a) for a in x.args))
    elif t in (E.Not, E.Label):
        k = (t.__name__, key(x.arg))
    elif t in (E.Eq, E.Lt):
        k = (t.__name__, key(x.left), key(x.right))
    else:
        k = ("Ite", key(x.cond), key(x.then), key(x.other))
    k = kinds.setdefault(k, len(kinds))
    seen[id(x)] = (x, k)
    return k

sys.setrecursionlimit(100000)
for e, _ in night.model.equations:
    key(e)
for e in night.sig.values():
    key(e)
terms = [night.valid, *night.sig_terms.values()]
z3_hash = hash(tuple(t.hash() for t in terms))  # (Z3's structural hashes)
z3_ids = hash(tuple(t.get_id() for t in terms))  # (the order the terms were made in)
print(json.dumps({"cpu": seconds, "nodes": len(seen), "distinct": len(kinds),
                  "terms": [z3_hash, z3_ids]}))
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", default=BASE, help=f"the earlier commit (default {BASE})")
    ap.add_argument("--players", type=int, default=3, help="players of the night (default 3)")
    ap.add_argument("--only", nargs="*", default=None, help="ruleset stems (default: all)")
    args = ap.parse_args()
    old, new = Tree.at(args.against), Tree.here()
    rulesets = sorted((ROOT / "casebook").glob("*.rules"))
    if args.only:
        rulesets = [r for r in rulesets if r.stem in args.only]
    print(f"check's symbolic night at {args.players} players: {old.name} against {new.name}")
    print(f"{'ruleset':<22} {'tree':<10} {'cpu s':>7} {'wall s':>7} {'nodes':>9} {'distinct':>9}")
    for rules in rulesets:
        rel = str(rules.relative_to(ROOT))
        got: dict[str, float] = {}
        terms: dict[str, Any] = {}
        for tree in (old, new):
            r: Run = run_python(tree, PROBE, [rel, str(args.players)])
            if r.code != 0:
                print(f"{rules.stem:<22} {tree.name:<10} failed (exit {r.code})")
                continue
            data = json.loads(r.out.strip().splitlines()[-1])
            got[tree.name] = data["cpu"]
            terms[tree.name] = data.get("terms")
            print(
                f"{rules.stem:<22} {tree.name:<10} {data['cpu']:>7.1f} {r.seconds:>7.1f} "
                f"{data['nodes']:>9,} {data['distinct']:>9,}"
            )
        if len(got) == 2 and got[new.name] > 0:
            same = terms[old.name] is not None and terms[old.name] == terms[new.name]
            print(
                f"{'':<22} {'ratio':<10} {got[old.name] / got[new.name]:>7.2f}x  "
                f"same Z3 terms, made in the same order: {'yes' if same else 'no'}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
