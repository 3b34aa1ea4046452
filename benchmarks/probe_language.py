"""Probe: how many role texts and game rules written the way hosts write them the language
reads, and into what.

A probe file has one line per sentence (`#` starts a comment): `Role: text` is a role line,
put alone under `Possible Town Roles` in a ruleset of its own; `Game: text` is a sentence
about the whole game, put on a line of its own before the roles. Each line is one of:

- `read`: it parses and says something the engine acts on (a role line: an ability, an
  effect, a trait or a result; a game line: the ruleset's meaning changes);
- `kept`: it parses, but into a note with no effect (`[no effect]`, kept, not modelled):
  the tool says it does not model it, never a wrong meaning;
- `failed`: an error (the error's first line is printed).

`benchmarks/probe/unseen.txt` was written before the language was changed to read it;
`benchmarks/probe/heldout.txt` was written with it and is measured only at the end, so its
figure is honest. Run from the repo root:

    python benchmarks/probe_language.py benchmarks/probe/unseen.txt [--show] [--failed]

`--show` prints what each line was understood to mean (`ruling parse`'s lines for it);
`--failed` prints only the lines that did not read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAME_TAIL = (
    "Possible Town Roles\nCitizen: No special powers.\n"
    "Possible Mafia Roles\nGoon: Kills a player each night.\n"
)


def items(path: Path) -> list[tuple[str, str]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.lstrip().startswith("#") or ": " not in line:
            continue
        role, text = line.split(": ", 1)
        out.append((role.strip(), text.strip()))
    return out


def _meaning(lines: list[str]) -> tuple[list[str], list[str]]:
    """`ruling parse`'s lines split into what the engine acts on and what is kept."""
    acts, kept, in_kept = [], [], False
    for line in lines[1:]:
        if line.startswith("Kept, not modelled"):
            in_kept = True
            continue
        if line.strip():
            (kept if in_kept else acts).append(line)
    return acts, kept


def probe(role: str, text: str) -> tuple[str, list[str]]:
    """('read' | 'kept' | 'failed', what it was understood to mean or the error)."""
    from logic.lang.errors import RulingError
    from logic.lang.rules import parse_ruleset
    from logic.report import ruleset_lines

    try:
        if role == "Game":
            base = parse_ruleset(f"Ruleset: P\n\n{GAME_TAIL}", "p.rules")
            r = parse_ruleset(f"Ruleset: P\n{text}\n{GAME_TAIL}", "p.rules")
            before, _ = _meaning(ruleset_lines(base))
            acts, kept = _meaning(ruleset_lines(r))
            strip = [a.split("   [")[0] for a in acts]
            new = [
                a
                for a, s in zip(acts, strip, strict=True)
                if s not in {b.split("   [")[0] for b in before}
            ]
            return ("read" if new else "kept"), new or kept
        r = parse_ruleset(f"Ruleset: P\nPossible Town Roles\n{role}: {text}\n", "p.rules")
        acts, kept = _meaning(ruleset_lines(r))
        # the role's own lines, less its header and "no abilities"
        said = [
            a for a in acts[1:] if not a.startswith(f"{role} (") and a.strip() != "no abilities"
        ]
        return ("read" if said else "kept"), said + kept
    except RulingError as e:
        return "failed", [str(e).splitlines()[0]]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--show", action="store_true", help="print what each line means")
    ap.add_argument("--failed", action="store_true", help="print only what did not read")
    args = ap.parse_args()
    for path in args.files:
        tally = {"read": 0, "kept": 0, "failed": 0}
        its = items(path)
        for role, text in its:
            status, said = probe(role, text)
            tally[status] += 1
            if args.failed and status == "read":
                continue
            if status != "read" or args.show or args.failed:
                print(f"{status.upper():6} {role}: {text}")
                shown = said if (args.show or status != "read") else []
                for s in shown:
                    print(f"         {s.strip()}")
        n = len(its)
        print(
            f"== {path}: {tally['read']}/{n} read ({100 * tally['read'] / max(n, 1):.0f}%), "
            f"{tally['kept']} kept as not modelled, {tally['failed']} failed"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
