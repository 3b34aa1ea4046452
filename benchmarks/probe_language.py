"""Probe: how many role texts and game rules written the way hosts write them the language
reads, and into what.

A probe file has one line per sentence (`#` starts a comment): `Role: text` is a role line,
put under `Possible Town Roles` in a ruleset of its own (beside a Mafia faction of one vanilla role;
a line that speaks of werewolves or villagers in a Village / Werewolves game instead, unless
`--town-only`); `Game: text` is a sentence
about the whole game, put on a line of its own before the roles. Each line is one of:

- `read`: it parses and says something the engine acts on (a role line: an ability, an
  effect, a trait or a result; a game line: the ruleset's meaning changes);
- `kept`: it parses, but into a note with no effect (`[no effect]`, kept, not modelled):
  the tool says it does not model it, never a wrong meaning;
- `refused`: an error that says the engine does not model what the sentence says;
- `failed`: any other error (the error's first line is printed).

`benchmarks/probe/unseen.txt` was written before the language was changed to read it;
`benchmarks/probe/heldout.txt` was written with it and is measured only at the end, so its
figure is honest. Run from the repo root:

    python benchmarks/probe_language.py benchmarks/probe/unseen.txt [--show] [--failed]

`--show` prints what each line was understood to mean (`ruling parse`'s lines for it);
`--failed` prints only the lines that did not read.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.append(str(ROOT))  # after PYTHONPATH: measure another tree with it

GAME_TAIL = (
    "Possible Town Roles\nCitizen: No special powers.\n"
    "Possible Mafia Roles\nGoon: Kills a player each night.\n"
)


# a role line is read in a ruleset with a second faction, as real rulesets have
ROLE_TAIL = "Possible Mafia Roles\nHenchman: No special powers.\n"

# a line that speaks of werewolves or villagers is read in the game its GM writes: a
# Village and a pack of Werewolves (who kill one player a night), not Town and Mafia;
# `--town-only` reads every line beside the Mafia (the setting before 28 November 2026)
WEREWOLF_WORDS = re.compile(r"\b(were)?(wolf|wolves)\b|\bvillag(e|er|ers)\b", re.IGNORECASE)
WW_TOWN = "Possible Village Roles\n"
WW_TAIL = (
    "Possible Werewolves Roles\nWerewolf: No special powers.\n"
    "The Werewolves may kill one player each night.\n"
)
TOWN_ONLY = False


def _sources(role: str, text: str) -> tuple[str, str]:
    """The ruleset without the line and with it."""
    if role == "Game":
        return f"Ruleset: P\n\n{GAME_TAIL}", f"Ruleset: P\n{text}\n{GAME_TAIL}"
    if TOWN_ONLY or not WEREWOLF_WORDS.search(f"{role} {text}"):
        return (
            f"Ruleset: P\nPossible Town Roles\n{role}: No special powers.\n{ROLE_TAIL}",
            f"Ruleset: P\nPossible Town Roles\n{role}: {text}\n{ROLE_TAIL}",
        )
    if re.search(r"wol(f|ves)", role, re.IGNORECASE):  # a member of the pack
        head = "Ruleset: P\nPossible Village Roles\nVillager: No special powers.\n"
        head += "Possible Werewolves Roles\n"
        return f"{head}{role}: No special powers.\n", f"{head}{role}: {text}\n"
    town = f"Ruleset: P\n{WW_TOWN}" + (
        "" if role == "Villager" else "Villager: No special powers.\n"
    )
    return f"{town}{role}: No special powers.\n{WW_TAIL}", f"{town}{role}: {text}\n{WW_TAIL}"


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


def _strip(lines: list[str]) -> list[str]:
    return [a.split("   [")[0].rstrip() for a in lines]


NOT_MODELLED = ("does not model", "nothing the engine models", "not modelled", "no such")


def probe(role: str, text: str) -> tuple[str, list[str]]:
    """('read' | 'kept' | 'refused' | 'failed', what it was understood to mean or the
    error)."""
    from logic.lang.errors import RulingError
    from logic.lang.rules import parse_ruleset
    from logic.report import ruleset_lines

    base_src, src = _sources(role, text)
    try:
        before, was_kept = _meaning(ruleset_lines(parse_ruleset(base_src, "p.rules")))
        acts, kept = _meaning(ruleset_lines(parse_ruleset(src, "p.rules")))
    except RulingError as e:
        first = str(e).splitlines()[0]
        return ("refused" if any(w in first for w in NOT_MODELLED) else "failed"), [first]
    old = set(_strip(before))
    new = [a for a, s in zip(acts, _strip(acts), strict=True) if s not in old]
    kept = [k for k in kept if k not in was_kept]
    return ("read" if new else "kept"), new + kept


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("files", nargs="+", type=Path)
    ap.add_argument("--show", action="store_true", help="print what each line means")
    ap.add_argument("--failed", action="store_true", help="print only what did not read")
    ap.add_argument(
        "--town-only",
        action="store_true",
        help="read every role line beside a Mafia (no Village / Werewolves game)",
    )
    args = ap.parse_args()
    global TOWN_ONLY
    TOWN_ONLY = args.town_only
    for path in args.files:
        tally = {"read": 0, "kept": 0, "refused": 0, "failed": 0}
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
            f"{tally['kept']} kept as not modelled, {tally['refused']} refused as not modelled, "
            f"{tally['failed']} failed"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
