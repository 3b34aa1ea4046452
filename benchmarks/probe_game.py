"""Probe: how many whole-game sentences, written the way hosts write them, the game
language reads, keeps as a mechanic the engine does not model, or cannot read.

Each sentence of a probe file (`benchmarks/probe/game-work.txt`, the working split, and
`benchmarks/probe/game-heldout.txt`, kept aside and measured only at the end) is put on a
line of its own in a small ruleset of its own (Town, Mafia and three neutral roles; a
sentence marked `[ww]` in a Village / Werewolves one) and parsed in-process. It is
`read` when the ruleset parses, `not modelled` when the error names a mechanic the engine
does not model (the message starts "not modelled"), else `unread`. It prints the counts
and each sentence that is not read with the first line of its error; `--verbose` prints
what each read sentence was understood to mean (`ruling parse`'s lines for it).

    python benchmarks/probe_game.py [FILE ...] [--verbose]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PROBES = [ROOT / "benchmarks" / "probe" / "game-work.txt"]

SETUPS = {
    "town": (
        "Possible Town Roles\n"
        "Vanilla Townie: No special powers.\n"
        "Doctor: Targets a player each night. That player cannot be killed that night.\n"
        "Possible Mafia Roles\n"
        "Mafia Goon: No special powers.\n"
        "Possible Neutral Roles\n"
        "Serial Killer: No special powers.\n"
        "Jester: No special powers.\n"
        "Survivor: No special powers.\n"
    ),
    "ww": (
        "Possible Village Roles\n"
        "Villager: No special powers.\n"
        "Possible Werewolves Roles\n"
        "Werewolf: No special powers.\n"
    ),
}


def sentences(path: Path) -> list[tuple[str, str]]:
    """(setup, sentence) of each line of a probe file."""
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        s = line.strip()
        if not s or s.startswith("#"):
            continue
        setup = "town"
        if s.startswith("[ww]"):
            setup, s = "ww", s[4:].strip()
        out.append((setup, s))
    return out


def probe(setup: str, sentence: str) -> tuple[str, str, list[str]]:
    """(status, first line of the error, what the sentence was read as)."""
    from logic.lang.errors import RulingError
    from logic.lang.rules import parse_ruleset
    from logic.report import ruleset_lines

    text = f"Ruleset: Probe\n{sentence}\n{SETUPS[setup]}"
    try:
        rs = parse_ruleset(text, "probe.rules")
    except RulingError as e:
        first = str(e).splitlines()[0].split(": ", 1)[-1]
        status = "not modelled" if e.message.startswith("not modelled") else "unread"
        return status, first, []
    base = parse_ruleset(f"Ruleset: Probe\n\n{SETUPS[setup]}", "probe.rules")
    before = set(ruleset_lines(base))
    return "read", "", [x for x in ruleset_lines(rs) if x not in before and x.strip()]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="*", type=Path)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    for path in args.files or PROBES:
        items = sentences(path)
        tally = {"read": 0, "not modelled": 0, "unread": 0}
        shown = []
        for setup, s in items:
            status, err, said = probe(setup, s)
            tally[status] += 1
            if status != "read":
                shown.append(f"  [{status}] {s}\n      {err}")
            elif args.verbose:
                shown.append(f"  [read] {s}\n      " + "\n      ".join(said))
        n = len(items)
        print(
            f"{path.name}: {n} sentences: {tally['read']} read, {tally['not modelled']} kept "
            f"as not modelled (the mechanic named), {tally['unread']} unread; "
            f"{tally['read'] + tally['not modelled']}/{n} "
            f"({100 * (tally['read'] + tally['not modelled']) / max(n, 1):.0f}%) recognised"
        )
        print("\n".join(shown))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
