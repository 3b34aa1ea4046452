"""Owns the lexicon of the clause language: `grammar/lexicon.toml` (the words of each
category, kept as data) read into a table of phrases, the forms of its verbs, and the
tokenizer that turns one sentence into the category tokens `grammar/clause.lark` is
written over.

A word belongs to one category; a phrase of several words is matched whole, the longest
first. Words the lexicon does not list are NAMEs (a role, a faction, an ability); a run of
words that spells a role of the ruleset is one ROLENAME token, whatever its words.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from lark import Token

from logic.lang import fragments

# Terminals the tokenizer makes itself, beside the lexicon's categories.
PUNCTUATION = {
    ",": "COMMA",
    ".": "DOT",
    "!": "DOT",
    "?": "DOT",
    ";": "SEMI",
    ":": "COLON",
    "(": "LPAR",
    ")": "RPAR",
    "-": "DASH",
    "\u2013": "DASH",
    "\u2014": "DASH",
    "/": "SLASH",
    "[": "LPAR",  # "[+2 Outsiders]": a bracket is a parenthesis
    "]": "RPAR",
}
OWN_TERMINALS = ("NAME", "ROLENAME", "STRING", "NUMERAL", *sorted(set(PUNCTUATION.values())))

_WORD = re.compile(
    r"""(?P<string>"[^"\n]*"|(?<![A-Za-z0-9])'[^'\n]{1,40}'(?![A-Za-z0-9]))"""  # 'yes' too
    r"""|(?P<word>[A-Za-z][A-Za-z0-9]*(?:['-][A-Za-z0-9]+)*)"""
    r"""|(?P<ordinal>[0-9]+(?:st|nd|rd|th)\b)"""  # "the 1st time": a word of the lexicon
    r"""|(?P<sign>[&*+])"""  # "&", "night*", "+2": words of the lexicon
    r"""|(?P<clitic>'(?:s|ll|re|ve|d)\b|(?<=[sS])'(?![A-Za-z0-9]))"""  # "players'": APOS_S
    r"""|(?P<number>[0-9]+)"""
    r"""|(?P<punct>[,.!?;:()\[\]/\u2013\u2014-])""",
    re.IGNORECASE,
)
# "can't", "won't", "don't": kept whole (the lexicon lists them); "he's", "you'll": the
# clitic is a word of its own.
_CLITIC = re.compile(r"^(?P<stem>[A-Za-z]+)(?P<clitic>'(?:s|ll|re|ve|d))$", re.IGNORECASE)
_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"'})


def verb_forms(lemma: str) -> set[str]:
    """The regular forms of a verb (of the first word of a phrase): kill -> kills, killed,
    killing; protect -> protects ...; die's and the irregular ones the lexicon lists."""
    head, _, rest = lemma.partition(" ")
    tail = f" {rest}" if rest else ""
    forms = {head}
    if head.endswith(("s", "sh", "ch", "x", "z")):
        forms.add(head + "es")
    elif head.endswith("y") and head[-2:-1] not in "aeiou":
        forms.add(head[:-1] + "ies")
    else:
        forms.add(head + "s")
    if head.endswith("e"):
        forms |= {head + "d", head[:-1] + "ing"}
    elif head.endswith("y") and head[-2:-1] not in "aeiou":
        forms |= {head[:-1] + "ied", head + "ing"}
    elif re.fullmatch(r"[^aeiou]*[aeiou][bdgklmnprt]", head) and not head.endswith("w"):
        # one syllable ending consonant-vowel-consonant: stop -> stopped, stopping
        forms |= {head + head[-1] + "ed", head + head[-1] + "ing", head + "ed", head + "ing"}
    else:
        forms |= {head + "ed", head + "ing"}
    return {f + tail for f in forms}


@dataclass(frozen=True)
class Lexicon:
    """The phrase table: a phrase (a tuple of lower-case words) -> its category."""

    phrases: dict[tuple[str, ...], str]
    categories: tuple[str, ...]
    longest: int
    lemmas: dict[str, str]  # a verb's form -> its lemma ("kills" -> "kill")

    def category(self, words: Sequence[str]) -> str | None:
        return self.phrases.get(tuple(w.lower() for w in words))

    def words_of(self, category: str) -> list[str]:
        return sorted(" ".join(p) for p, c in self.phrases.items() if c == category)


@functools.cache
def lexicon() -> Lexicon:
    """The lexicon of `grammar/lexicon.toml` and each kind's `grammar/lexicon/*.toml`; a
    word listed in two categories is a mistake of the lexicon, refused here."""
    return build(fragments.lexicon_data())


def terminals() -> list[str]:
    """Every terminal the clause language is written over: the lexicon's categories and
    the tokens the tokenizer makes itself."""
    return sorted(set(lexicon().categories) | set(OWN_TERMINALS))


def build(data: dict[str, dict[str, object]]) -> Lexicon:
    phrases: dict[tuple[str, ...], str] = {}
    lemmas: dict[str, str] = {}
    clashes: list[str] = []

    def add(phrase: str, category: str) -> None:
        key = tuple(phrase.lower().replace("'", " '").split()) if "'" in phrase else None
        words = tuple(phrase.lower().split())
        for k in {words, key} - {None}:
            assert k is not None
            old = phrases.get(k)
            if old is not None and old != category:
                clashes.append(f"{phrase!r} is in both {old} and {category}")
            phrases[k] = category

    for category, entry in data.items():
        for word in _strings(entry.get("words", ())):
            add(word, category)
        irregular = entry.get("forms", {})
        assert isinstance(irregular, dict)
        for lemma in _strings(entry.get("verbs", ())):
            forms = verb_forms(lemma) | set(_strings(irregular.get(lemma, ())))
            for form in sorted(forms):
                add(form, category)
                lemmas.setdefault(form.lower(), lemma)
    if clashes:
        raise ValueError("lexicon: " + "; ".join(sorted(set(clashes))))
    longest = max(len(p) for p in phrases)
    return Lexicon(phrases, tuple(data), longest, lemmas)


def _strings(value: object) -> Iterable[str]:
    if isinstance(value, str):
        return (value,)
    assert isinstance(value, list | tuple), value
    return tuple(str(v) for v in value)


@dataclass(frozen=True)
class Word:
    text: str
    start: int  # offset in the sentence
    end: int
    kind: str  # "word", "string", "number", "punct", "clitic"


def words(sentence: str) -> list[Word]:
    """The words, quoted texts, numbers and signs of a sentence, with their offsets."""
    text = sentence.translate(_QUOTES)
    out: list[Word] = []
    for m in _WORD.finditer(text):
        kind = m.lastgroup or "word"
        kind = "word" if kind in ("ordinal", "sign") else kind
        s, e = m.span()
        if kind == "word":
            c = _CLITIC.match(m.group())
            if c and not m.group().lower().endswith("n't"):
                cut = s + len(c.group("stem"))
                out.append(Word(text[s:cut], s, cut, "word"))
                out.append(Word(text[cut:e], cut, e, "clitic"))
                continue
        out.append(Word(text[s:e], s, e, kind))
    return out


class Unknown(Exception):
    """A character the clause language has no word for (at `offset`)."""

    def __init__(self, offset: int) -> None:
        super().__init__(offset)
        self.offset = offset


def tokenize(sentence: str, roles: Iterable[str] = ()) -> list[Token]:
    """The category tokens of `sentence`: each token's `start_pos` is its offset in the
    sentence. A role of `roles` spelled in the sentence (any case, any number of words)
    is one ROLENAME token whose value is the role's name as the ruleset writes it."""
    return list(_tokenized(sentence, tuple(roles)))


@functools.lru_cache(maxsize=1 << 15)
def _tokenized(sentence: str, roles: tuple[str, ...]) -> tuple[Token, ...]:
    """`tokenize`'s answer, kept: a ruleset read again in one process (a casebook's cases,
    the wordings' substitutions) tokenizes its sentences again."""
    return tuple(_tokenize(sentence, roles))


def _tokenize(sentence: str, roles: tuple[str, ...]) -> list[Token]:
    lex = lexicon()
    ws = words(sentence)
    text = sentence.translate(_QUOTES)
    covered = "".join(" " if c.isspace() else "x" for c in text)
    for w in ws:  # every character is a word's, or blank
        covered = covered[: w.start] + " " * (w.end - w.start) + covered[w.end :]
    if "x" in covered:
        raise Unknown(covered.index("x"))
    by_words = {tuple(r.lower().split()): r for r in roles}
    named = dict(by_words)  # a role's plural is its name ("Villagers have no powers.")
    for k, r in by_words.items():
        many = (*k[:-1], plural(k[-1]))
        if many not in by_words:
            named[many] = r
    longest_role = max((len(k) for k in by_words), default=0)
    out: list[Token] = []
    i = 0
    while i < len(ws):
        w = ws[i]
        if w.kind != "word" and w.kind != "clitic":
            kind = {"string": "STRING", "number": "NUMERAL"}.get(w.kind) or PUNCTUATION[w.text]
            out.append(_token(kind, w.text, w, w))
            i += 1
            continue
        found = None
        # a role's name first, the longest run of words that spells one
        for n in range(min(longest_role, len(ws) - i), 0, -1):
            run = ws[i : i + n]
            if all(x.kind == "word" for x in run):
                key = tuple(x.text.lower() for x in run)
                if key in by_words:  # the role's words as written, as the frame grammar keeps them
                    found = ("ROLENAME", text[run[0].start : run[-1].end], n)
                    break
                if key in named:  # its plural: the role's name
                    found = ("ROLENAME", named[key], n)
                    break
        if found is None:
            for n in range(min(lex.longest, len(ws) - i), 0, -1):
                run = ws[i : i + n]
                if all(x.kind in ("word", "clitic") for x in run):
                    cat = lex.category([x.text for x in run])
                    if cat is not None:
                        found = (cat, text[run[0].start : run[-1].end], n)
                        break
        if found is None:
            found = ("NAME", w.text, 1)
        kind, value, n = found
        out.append(_token(kind, value, ws[i], ws[i + n - 1]))
        i += n
    return out


def plural(word: str) -> str:
    """The plural of a noun (lower case), by the regular rules English spells most role
    names with: "villager" -> "villagers", "witch" -> "witches", "werewolf" ->
    "werewolves", "spy" -> "spies", "watchman" -> "watchmen"."""
    if word.endswith("man"):
        return word[:-3] + "men"
    if word.endswith(("s", "x", "z", "ch", "sh")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        return word[:-1] + "ies"
    if word.endswith("f"):
        return word[:-1] + "ves"
    if word.endswith("fe"):
        return word[:-2] + "ves"
    return word + "s"


def _token(kind: str, value: str, first: Word, last: Word) -> Token:
    return Token(
        kind, value, start_pos=first.start, end_pos=last.end, line=1, column=first.start + 1
    )
