"""Owns the generated part of the language reference (docs/language.md): the lexicon's
words by category and the example sentences of each effect kind, rendered as Markdown
from the lexicon (grammar/lexicon.toml, grammar/lexicon/*.toml) and grammar/examples.toml, so the page cannot drift from the
data (tests/test_docs_language.py compares them)."""

from __future__ import annotations

from logic.lang import fragments, lexicon, suggest

BEGIN = "<!-- generated: python -m logic.lang.reference -->"
END = "<!-- end of generated part -->"


def _comments() -> dict[str, str]:
    """Each category's comment in lexicon.toml (what its words mean)."""
    out: dict[str, str] = {}
    for path in fragments.lexicon_files():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith("[") and "]" in line:
                name, _, rest = line.partition("]")
                if rest.strip().lstrip("#").strip() or name[1:] not in out:
                    out[name[1:]] = rest.strip().lstrip("#").strip()
    return out


def render() -> str:
    """The generated part of docs/language.md."""
    lex = lexicon.lexicon()
    data = fragments.lexicon_data()
    notes = _comments()
    lines = [BEGIN, "", "### Examples, by effect kind", ""]
    for kind, (meaning, sentences) in suggest.examples().items():
        lines.append(f"**{kind}**: {meaning}")
        lines.append("")
        lines.append("```rules")
        role = suggest.example_role()
        lines.extend(f"{role}: {s.replace('{role}', role)}" for s in sentences)
        lines.append("```")
        lines.append("")
    lines += ["### The lexicon", "", "| category | words |", "|---|---|"]
    for category in data:
        lemmas = data[category].get("verbs")
        words = list(lemmas) if lemmas else lex.words_of(category)
        shown = ", ".join(f"`{w}`" for w in words)
        note = f" ({notes[category]})" if notes.get(category) else ""
        forms = " and their forms" if lemmas else ""
        lines.append(f"| {category}{note} | {shown}{forms} |")
    lines += ["", END]
    return "\n".join(lines)


if __name__ == "__main__":
    print(render())
