"""Figures of the project's grammars: how many rules each has, how many spell out a source
sentence word by word, and which rules and sections are named after a source.

    python benchmarks/grammar_stats.py [GRAMMAR] [--rev REV] [--list]

Every grammar of the project by default: each `grammar/*.lark` (the frame grammar
`ruleset.lark`, the clause language `clause.lark`, the game language `game.lark`, the case
and observation files' grammars), a base counted with its fragments (`grammar/clause/*.lark`
with `clause.lark`, `grammar/game/*.lark` with `game.lark`): one line a grammar, then the
overall figure, the one issue 24 sets at most 5%. GRAMMAR: that grammar alone (with its
fragments, if it is a base). `--rev REV`: the grammars as commit REV has them, e.g. the
figures before a change.

Counted as issue 24 counts them:

- a rule is each `name:` definition (terminals, in capitals, are not rules) plus each
  alternative renamed with `-> alias` (an alias is a rule of the reader: a Transformer
  method is named after it);
- a rule is verbatim when one of its alternatives holds eight or more literal words in a
  row: quoted keywords (`"each"i "night"i ...`) one after the other. A quoted punctuation
  mark (`","`, `"("`) neither counts as a word nor ends the run; anything else (a rule, a
  terminal, a group, `?`, `*`) ends it. An alternative with an alias counts for the alias,
  the others for the definition. A fragment's `%extend NAME: ...` adds alternatives to a
  rule of its base: each aliased one is a rule, the others count for NAME;
- a name is after a source when one of its words (split at `_`) names a casebook source
  (turtle, dctp, byond, metadata, werewolf, pool, ww) or a character or ability of one used
  as a rule name (hamedo, forger, ...: SOURCE_WORDS); a `// ----` section title is after a
  source when it holds one of those words, or "Turtle's", "DCTP", "BYOND", "Metadata".

`--list` prints the verbatim rules (name, longest run, its file and line) too.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GRAMMAR_DIR = ROOT / "grammar"
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
    path: str = ""  # the file it is in (relative to the checkout)
    extends: bool = False  # a `%extend` of a rule, not a rule of its own


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


EXTEND = re.compile(r"^%extend\s+([a-z_][a-z0-9_]*)\s*:(.*)$")


def rules(text: str, path: str = "") -> list[Rule]:
    """Every rule of a Lark grammar's text: its definitions and aliased alternatives, and
    those of its `%extend` lines (an extension's alias is a rule; its other alternatives
    count for the rule it extends, returned as a Rule of that name with `extends` set)."""
    # (name, line, tokens, extends) per definition or extension
    bodies: list[tuple[str, int, list[str], bool]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = _strip_comment(raw).rstrip()
        if not line.strip():
            continue
        ext = EXTEND.match(line.strip())
        if ext:
            bodies.append((ext.group(1), number, TOKEN.findall(ext.group(2)), True))
            continue
        if line.lstrip().startswith("%"):
            bodies.append(("", number, [], False))  # %import, %ignore: ends a definition
            continue
        m = DEFINITION.match(line)
        if m:
            bodies.append((m.group(1), number, TOKEN.findall(m.group(2)), False))
        elif line[0] in " \t" and bodies:
            bodies[-1][2].extend(TOKEN.findall(line))
        elif re.match(r"^[A-Z_][A-Z0-9_]*", line):
            bodies.append(("", number, [], False))  # a terminal: ends the previous definition
    found: list[Rule] = []
    for name, start, tokens, extends in bodies:
        if not name:
            continue
        own = 0
        for alt in _alternatives(tokens):
            if "->" in alt:
                at = alt.index("->")
                found.append(Rule(alt[at + 1], start, _run(alt[:at]), path))
            else:
                own = max(own, _run(alt))
        found.append(Rule(name, start, own, path, extends))
    return found


def grammar_rules(texts: list[tuple[str, str]]) -> list[Rule]:
    """The rules of one grammar given as (path, text) of its base and fragments: an
    extension's own alternatives count for the rule it extends (when that rule is in the
    grammar), not as a rule of their own."""
    every = [r for path, text in texts for r in rules(text, path)]
    out = [r for r in every if not r.extends]
    at = {r.name: i for i, r in reversed(list(enumerate(out)))}
    for r in every:
        if r.extends and r.name in at and r.run > out[at[r.name]].run:
            i = at[r.name]
            out[i] = Rule(out[i].name, out[i].line, r.run, out[i].path)
    return out


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


def _git(*args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout


def grammars(only: Path | None, rev: str | None) -> list[tuple[str, list[tuple[str, str]]]]:
    """(name, [(path, text) of its base and fragments]) of every grammar (or of `only`),
    from the work tree or from commit `rev`."""
    if rev:
        files = [f for f in _git("ls-tree", "-r", "--name-only", rev, "grammar").split() if f]
    else:
        files = [p.relative_to(ROOT).as_posix() for p in sorted(GRAMMAR_DIR.rglob("*.lark"))]
    files = sorted(f for f in files if f.endswith(".lark"))

    def read(f: str) -> str:
        return _git("show", f"{rev}:{f}") if rev else (ROOT / f).read_text(encoding="utf-8")

    bases = [f for f in files if f.count("/") == 1]
    if only is not None:
        want = only.resolve().relative_to(ROOT).as_posix()
        bases = [f for f in bases if f == want] or [want]
    out = []
    for base in bases:
        folder = base.removesuffix(".lark") + "/"
        members = [base] + [f for f in files if f.startswith(folder) and f.count("/") == 2]
        out.append((base, [(f, read(f)) for f in members if f in files or f == base]))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("grammar", nargs="?", type=Path, help="one grammar (default: all)")
    ap.add_argument("--rev", help="read the grammars as this commit has them")
    ap.add_argument("--list", action="store_true", help="print the verbatim rules too")
    args = ap.parse_args()
    total = verbatim_total = distinct = distinct_verbatim = 0
    listed: list[Rule] = []
    named_all: list[Rule] = []
    titled_all: list[tuple[str, int, str]] = []
    chosen = grammars(args.grammar, args.rev)
    print(f"grammars{f' at {args.rev}' if args.rev else ''} (a base with its fragments):")
    for base, texts in chosen:
        found = grammar_rules(texts)
        verbatim = [r for r in found if r.run >= VERBATIM]
        share = 100 * len(verbatim) / len(found) if found else 0.0
        fragments = f" + {len(texts) - 1} fragments" if len(texts) > 1 else ""
        print(f"  {base}{fragments}: {len(found)} rules, {len(verbatim)} verbatim ({share:.1f}%)")
        total += len(found)
        verbatim_total += len(verbatim)
        distinct += len({r.name for r in found})
        distinct_verbatim += len({r.name for r in verbatim})
        listed += verbatim
        named_all += [r for r in found if after_source(r.name)]
        titled_all += [(p, n, t) for p, text in texts for n, t in sections(text) if after_source(t)]
    share = 100 * verbatim_total / total if total else 0.0
    print(
        f"overall: {total} rules (each `name:` definition and `-> alias` alternative), "
        f"{verbatim_total} verbatim (>= {VERBATIM} literal words in a row): {share:.1f}%"
    )
    print(
        f"  (counting an alias used by several alternatives once: {distinct} rules, "
        f"{distinct_verbatim} verbatim, {100 * distinct_verbatim / max(distinct, 1):.1f}%)"
    )
    print(f"rules named after a source: {len(named_all)}" + (": " if named_all else ""))
    for r in named_all:
        print(f"  {r.name} ({r.path}:{r.line})")
    print(f"sections named after a source: {len(titled_all)}" + (": " if titled_all else ""))
    for path, n, t in titled_all:
        print(f"  {path}:{n}: {t}")
    if args.list:
        for r in sorted(listed, key=lambda r: (-r.run, r.path, r.line)):
            print(f"  {r.run:3d}  {r.name} ({r.path}:{r.line})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
