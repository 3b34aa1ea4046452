"""Figures of the frame grammar (grammar/ruleset.lark): how many rules it has, how many spell
out a source sentence word by word, and which rules and sections are named after a source.

    python benchmarks/grammar_stats.py [GRAMMAR] [--rev REV] [--list]

(`--rev REV`: the grammar as commit REV has it, e.g. the figures before a change.)

Counted as issue 24 counts them:

- a rule is each `name:` definition (terminals, in capitals, are not rules) plus each
  alternative renamed with `-> alias` (an alias is a rule of the reader: a Transformer
  method is named after it);
- a rule is verbatim when one of its alternatives holds eight or more literal words in a
  row: quoted keywords (`"each"i "night"i ...`) one after the other. A quoted punctuation
  mark (`","`, `"("`) neither counts as a word nor ends the run; anything else (a rule, a
  terminal, a group, `?`, `*`) ends it. An alternative with an alias counts for the alias,
  the others for the definition;
- a name is after a source when one of its words (split at `_`) names a casebook source
  (turtle, dctp, byond, metadata, werewolf, pool, ww) or a character or ability of one used
  as a rule name (hamedo, forger, ...: SOURCE_WORDS); a `// ----` section title is after a
  source when it holds one of those words, or "Turtle's", "DCTP", "BYOND", "Metadata".

`--list` prints the verbatim rules (name, longest run, its line) too.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR = ROOT / "grammar" / "ruleset.lark"
VERBATIM = 8
# the casebook's sources, and characters or abilities of theirs that rules were named after
SOURCE_WORDS = frozenset(
    [
        "turtle",
        "turtles",
        "dctp",
        "byond",
        "metadata",
        "werewolf",
        "pool",
        "ww",
        "hamedo",
        "forger",
        "monk",
        "ninja",
        "rogue",
        "sheriff",
        "fbi",
        "nurse",
        "witness",
        "tiebreaker",
        "tb",
        "bb",
    ]
)
SECTION = re.compile(r"^//\s*-{8,}\s*(.*?)\s*$")
DEFINITION = re.compile(r"^[?!]?([a-z_][a-z0-9_]*)\s*(?:\.\d+)?\s*:(.*)$")
TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"i?|/(?:[^/\\]|\\.)*/i?|->|[A-Za-z_][A-Za-z0-9_]*|\S')


@dataclass(frozen=True)
class Rule:
    name: str
    line: int  # where its definition (or its alias's alternative) starts
    run: int  # the most literal words in a row in one of its alternatives


def _strip_comment(line: str) -> str:
    """The line without its `//` comment (a `//` inside a quoted string or a regexp is kept)."""
    out, i, quote = [], 0, ""
    while i < len(line):
        c = line[i]
        if quote:
            out.append(c)
            if c == "\\" and i + 1 < len(line):
                out.append(line[i + 1])
                i += 1
            elif c == quote:
                quote = ""
        elif c in '"/' and not line.startswith("//", i):
            quote = c
            out.append(c)
        elif line.startswith("//", i):
            break
        else:
            out.append(c)
        i += 1
    return "".join(out)


def _run(tokens: list[str]) -> int:
    """The most literal words in a row among tokens (one alternative, groups included)."""
    best = run = 0
    for tok in tokens:
        if tok.startswith('"'):
            text = tok[1:].rstrip("i")[:-1]
            if re.search(r"[A-Za-z]", text):
                run += 1
                best = max(best, run)
            # punctuation: neither a word nor the end of the run
        else:
            run = 0
    return best


def _alternatives(tokens: list[str]) -> list[list[str]]:
    """Top-level alternatives of a definition's body (a `|` inside parentheses is not one)."""
    alts: list[list[str]] = [[]]
    depth = 0
    for tok in tokens:
        if tok in "([":
            depth += 1
        elif tok in ")]":
            depth -= 1
        if tok == "|" and depth == 0:
            alts.append([])
        else:
            alts[-1].append(tok)
    return alts


def rules(text: str) -> list[Rule]:
    """Every rule of a Lark grammar's text: its definitions and aliased alternatives."""
    bodies: list[tuple[str, int, list[str]]] = []  # (name, line, tokens) per definition
    for number, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw).rstrip()
        if not line.strip() or line.lstrip().startswith("%"):
            continue
        m = DEFINITION.match(line)
        if m:
            bodies.append((m.group(1), number, TOKEN.findall(m.group(2))))
        elif line[0] in " \t" and bodies:
            bodies[-1][2].extend(TOKEN.findall(line))
        elif re.match(r"^[A-Z_][A-Z0-9_]*", line):
            bodies.append(("", number, []))  # a terminal: ends the previous definition
    found: list[Rule] = []
    for name, start, tokens in bodies:
        if not name:
            continue
        own = 0
        for alt in _alternatives(tokens):
            if "->" in alt:
                at = alt.index("->")
                found.append(Rule(alt[at + 1], start, _run(alt[:at])))
            else:
                own = max(own, _run(alt))
        found.append(Rule(name, start, own))
    return found


def sections(text: str) -> list[tuple[int, str]]:
    """The `// ----` section titles, with their lines."""
    out = []
    for number, line in enumerate(text.splitlines(), 1):
        m = SECTION.match(line.strip())
        if m and m.group(1):
            out.append((number, m.group(1)))
    return out


def after_source(name: str) -> bool:
    """Whether a rule's or a section's name names a source (or a character of one)."""
    words = re.split(r"[^a-z0-9]+", name.lower().replace("\u2019", "'").replace("'s", ""))
    return any(w in SOURCE_WORDS for w in words if w)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("grammar", nargs="?", type=Path, default=GRAMMAR)
    ap.add_argument("--rev", help="read the grammar as this commit has it")
    ap.add_argument("--list", action="store_true", help="print the verbatim rules too")
    args = ap.parse_args()
    if args.rev:
        where = f"{args.rev}:{args.grammar.resolve().relative_to(ROOT).as_posix()}"
        text = subprocess.run(
            ["git", "show", where], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout
    else:
        where, text = str(args.grammar), args.grammar.read_text(encoding="utf-8")
    found = rules(text)
    definitions = sum(1 for r in found if re.search(rf"^[?!]?{r.name}\s*:", text, re.M))
    verbatim = [r for r in found if r.run >= VERBATIM]
    named = [r for r in found if after_source(r.name)]
    titled = [(n, t) for n, t in sections(text) if after_source(t)]
    print(f"grammar: {where}")
    print(
        f"rules: {len(found)} ({definitions} `name:` definitions, "
        f"{len(found) - definitions} `-> alias` alternatives)"
    )
    share = 100 * len(verbatim) / len(found) if found else 0.0
    print(f"verbatim rules (>= {VERBATIM} literal words in a row): {len(verbatim)} ({share:.1f}%)")
    print(f"rules named after a source: {len(named)}" + (": " if named else ""))
    for r in named:
        print(f"  {r.name} (line {r.line})")
    print(f"sections named after a source: {len(titled)}" + (": " if titled else ""))
    for n, t in titled:
        print(f"  line {n}: {t}")
    if args.list:
        for r in sorted(verbatim, key=lambda r: (-r.run, r.line)):
            print(f"  {r.run:3d}  {r.name} (line {r.line})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
