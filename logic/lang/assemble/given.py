"""Owns giving an ability defined once to the roles that have it: an ability section
("Ability Slander: Role with action: Gin. Allows player to ...") gives its sentences to each
role it lists and to each role whose card names it ("Night action: Slander, Investigate 3.",
"Night action: Investigate 3 OR Interrogate."), as if written on that role's line: where the
card names it, or else before the line's own sentences. Where the section and a card
disagree (the section lists a role whose card, naming other abilities, does not name it, or
a card names an ability whose section does not list its role), both sentences are kept as a
disagreement for `ruling check` to report: the role has the ability either way. A status's
section ("Roles with status: ...") names a group of roles and gives them nothing. A card
naming an ability no section defines and its line does not give is a warning (the name,
the names defined, the nearest one)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from logic.effects.either import Either
from logic.lang.errors import Loc
from logic.lang.read.pieces import (
    _AbilityDef,
    _AbilityName,
    _flatten,
    _Given,
    _Gives,
    _RoleDef,
    _Trait,
)
from logic.model.ir import Why, canon


def ability_key(name: str) -> str:
    """An ability's name as cards and sections name it: case, hyphens and spaces do not
    count ("Stake-out" is "Stake Out")."""
    return " ".join(name.replace("-", " ").casefold().split())


@dataclass(frozen=True)
class Disagreement:
    """A section and a card that disagree on whether a role has an ability: what, and the
    two sentences."""

    message: str
    role: str
    first: Why
    second: Why


def _named(s: Any) -> list[tuple[str, Why]]:
    """The abilities a sentence of a role's line names as the role's: a card's list, its
    one "Night action: NAME.", its abilities joined by OR."""
    if isinstance(s, _Gives):
        return [(name, s.why) for name, _ in s.names]
    if isinstance(s, _AbilityName) and not s.prep:
        return [(s.name, s.why)]
    if isinstance(s, _Trait) and isinstance(s.trait, Either):
        return [(name, s.why) for name in s.trait.names]
    return []


def _unnamed(trait: Any) -> bool:
    """A trait about the ability of its section ("Night action, crime, cannot be covered.":
    its `of_section` set) that names none yet."""
    return bool(getattr(trait, "of_section", False)) and not trait.check


def _of_section(s: Any, name: str) -> Any:
    """A sentence of the section: one that speaks of the section's ability names it."""
    if isinstance(s, _Trait) and _unnamed(s.trait):
        return replace(s, trait=replace(s.trait, check=(name,)))
    return s


class Gifts:
    """The abilities a ruleset defines once, and what they give each role line."""

    def __init__(self, statements: list[Any], error: Any) -> None:
        self.error = error
        self.defs: dict[str, _AbilityDef] = {}
        self.disagreements: list[Disagreement] = []
        # (role, name, sentence): a card's name no section defines (a warning, unless the
        # line's own sentences give the ability: `unknown_names`)
        self.unnamed: list[tuple[str, str, Why]] = []
        for st in statements:
            if not isinstance(st, _AbilityDef):
                continue
            key = ability_key(st.name)
            if key in self.defs:
                raise error(
                    f"the ability {st.name!r} is defined twice",
                    st.why,
                    (("defined here first", self.defs[key].why.loc),),
                )
            self.defs[key] = st

    def origins(self) -> dict[Loc, _AbilityDef]:
        """The section each of the sections' sentences comes from, by its place."""
        return {
            p.why.loc: d
            for d in self.defs.values()
            for p in _flatten(d.sentences)
            if hasattr(p, "why")
        }

    def _sentences(self, d: _AbilityDef) -> list[Any]:
        return [_Given(d.name, d.why), *(_of_section(s, d.name) for s in _flatten(d.sentences))]

    def _listing(self, role: str) -> list[tuple[_AbilityDef, Why]]:
        """The sections that list `role`, each with its list's sentence."""
        out = []
        for d in self.defs.values():
            for h in d.holders:
                if not h.status and any(canon(n) == canon(role) for n in h.names):
                    out.append((d, h.why))
                    break
        return out

    def expand(self, rd: _RoleDef) -> _RoleDef:
        """The role line with the sentences of each ability given to it in place."""
        sentences = list(_flatten(rd.sentences))
        for s in sentences:
            if isinstance(s, _Trait) and _unnamed(s.trait):
                # a sentence about the ability of its section ("Night action, crime, cannot
                # be covered.") on a role's own line names none
                raise self.error(
                    "this sentence speaks of the ability of its section: write it in the "
                    "ability's section ('Ability NAME: ...')",
                    s.why,
                )
        named = {ability_key(n): (n, w) for s in sentences for n, w in _named(s)}
        if self.defs:
            self.unnamed += [
                (rd.name, n, w) for n, w in named.values() if ability_key(n) not in self.defs
            ]
        listed = self._listing(rd.name)
        self._disagree(rd, named, listed)
        out: list[Any] = []
        for d, _ in listed:
            if ability_key(d.name) not in named:
                out.extend(self._sentences(d))
        for s in sentences:
            if isinstance(s, _Gives):
                for n, _ in s.names:
                    if ability_key(n) in self.defs:
                        out.extend(self._sentences(self.defs[ability_key(n)]))
                continue
            if isinstance(s, _AbilityName) and not s.prep and ability_key(s.name) in self.defs:
                d = self.defs[ability_key(s.name)]
                if out and getattr(out[-1], "why", None) == s.why:
                    # a reading that names the ability it began in the same sentence (a
                    # pinch: "Pinch Face", also "Face Pinch"): the name stays with that
                    # ability, the section's sentences follow it, none beginning another
                    out.append(s)
                    out.extend(x for x in self._sentences(d) if not isinstance(x, _Given))
                    continue
                # the names in parentheses name the ability given too ("Night action:
                # Discombobulate (Tricking).")
                out.extend(self._sentences(d))
                if s.aliases:
                    out.append(s)
                continue
            out.append(s)
            for n, _ in _named(s) if isinstance(s, _Trait) else ():
                if ability_key(n) in self.defs:
                    out.extend(self._sentences(self.defs[ability_key(n)]))
        return replace(rd, sentences=tuple(out))

    def _disagree(
        self,
        rd: _RoleDef,
        named: dict[str, tuple[str, Why]],
        listed: list[tuple[_AbilityDef, Why]],
    ) -> None:
        listing = {ability_key(d.name): w for d, w in listed}
        for key, (name, why) in named.items():
            d = self.defs.get(key)
            if d is not None and d.holders and key not in listing:
                self.disagreements.append(
                    Disagreement(
                        f"{rd.name}'s card names {name}, but the section of {d.name} "
                        f"does not list {rd.name} (the role is given it either way)",
                        rd.name,
                        why,
                        d.holders[0].why,
                    )
                )
        if not named:
            return  # a line that names no ability: nothing to disagree with
        for d, why in listed:
            if ability_key(d.name) not in named:
                self.disagreements.append(
                    Disagreement(
                        f"the section of {d.name} lists {rd.name}, but {rd.name}'s card, "
                        f"which names other abilities, does not name it (the role is given it either way)",
                        rd.name,
                        why,
                        rd.why,
                    )
                )

    def statuses(self) -> tuple[tuple[str, tuple[str, ...], Why], ...]:
        """The groups of roles status sections name ("Ability Detective Boys: Roles with
        status: Mitsuhiko, Ayumi, Genta."): (the status, its roles, the list's sentence)."""
        return tuple(
            (d.name, h.names, h.why) for d in self.defs.values() for h in d.holders if h.status
        )

    def unknown_names(
        self, has: Callable[[str, str], bool]
    ) -> list[tuple[str, str, Why, list[str]]]:
        """The names a card gives that no section defines and the role's line does not give
        (`has(role, key)`: the role has an ability of that name), each with the names the
        sections define: (role, name, sentence, defined names)."""
        names = sorted(d.name for d in self.defs.values())
        return [
            (role, name, why, names)
            for role, name, why in self.unnamed
            if not has(role, ability_key(name))
        ]

    def unknown_holders(self, known: Any) -> tuple[str, Why] | None:
        """A role a section lists that the ruleset does not define, if any."""
        for d in self.defs.values():
            for h in d.holders:
                for n in h.names:
                    if known(n) is None:
                        return n, h.why
        return None
