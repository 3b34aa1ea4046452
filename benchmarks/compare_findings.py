"""Compare two `ruling check --json` outputs of one ruleset (two commits, two settings).

    python benchmarks/compare_findings.py OLD.json NEW.json

A finding is keyed by its kind and its class (the roles of an ambiguity or a paradox;
the summary and sentences' places of the others). Prints the unknowns of each, the
findings only one side has, and for a finding both have what differs: the sentences
(place and text), what the two outcomes differ in, and the witness. Witnesses of one
class may differ (the solver's first model): compare the classes first.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def key(f: dict[str, Any]) -> tuple[Any, ...]:
    if f["kind"] in ("ambiguous", "paradox"):
        return (f["kind"], tuple(f["roles"]))
    return (f["kind"], f["summary"], tuple(s["at"] for s in f["sentences"]))


def main(argv: list[str]) -> int:
    old, new = (json.loads(Path(p).read_text()) for p in argv[:2])
    print(f"old: {len(old['findings'])} findings, unknown {old['unknown']}")
    print(f"new: {len(new['findings'])} findings, unknown {new['unknown']}")
    a = {key(f): f for f in old["findings"]}
    b = {key(f): f for f in new["findings"]}
    same = True
    for k in a.keys() - b.keys():
        print(f"only old: {k}")
        same = False
    for k in b.keys() - a.keys():
        print(f"only new: {k}")
        same = False
    for k in a.keys() & b.keys():
        fa, fb = a[k], b[k]
        sa = [f"{s['at']} {s['text']}" for s in fa["sentences"]]
        sb = [f"{s['at']} {s['text']}" for s in fb["sentences"]]
        if sa != sb:
            print(f"sentences differ: {k}")
            print("".join(f"    old: {s[:150]}\n" for s in sa if s not in sb), end="")
            print("".join(f"    new: {s[:150]}\n" for s in sb if s not in sa), end="")
        if fa.get("differing") != fb.get("differing"):
            print(f"outcomes differ in other atoms: {k}")
        if fa.get("witness") != fb.get("witness"):
            print(f"witness differs: {k}")
            for side, f in (("old", fa), ("new", fb)):
                print(f"    {side}: {(f.get('witness') or '').strip().replace(chr(10), ' / ')}")
    print("same classes" if same else "classes differ")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
