"""Owns the assembler's state and its lookups: what the statements read so far have given
(roles, factions, priority, rulings, prose waiting for `finish`), located errors, and the
resolution of a role's, a faction's or a group's name."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from logic.effects.inquiry import Keywords
from logic.lang.errors import Loc, RulingError, line_of
from logic.lang.lexicon import lexicon, plural
from logic.lang.read.pieces import (
    _Capability,
    _KillVisits,
    _NightKillRule,
    _Order,
    _Patch,
    _RulesetFact,
)
from logic.model.ir import (
    ClassList,
    OrderRuling,
    OutcomeRuling,
    PriorityEntry,
    Role,
    SeenBy,
    Why,
    canon,
)


class AssemblerState:
    """The state and lookups every part of `_Assembler` (logic/lang/rules.py) shares."""

    def __init__(self, text: str, filename: str) -> None:
        self.text = text
        self.filename = filename
        self.title = Path(filename).stem
        # "Actions are resolved by Natural Action Resolution." (logic/lang/game.py)
        self.framework: tuple[str, Why] | None = None
        self.faction: str | None = None
        self.factions: list[str] = []
        self.roles: dict[str, Role] = {}
        self.role_order: list[str] = []
        self.priority: list[PriorityEntry] = []
        self.orders: list[OrderRuling] = []
        self.seen_by: list[SeenBy] = []
        self.class_lists: list[ClassList] = []
        self.aliases: list[tuple[str, str, Why]] = []
        self.unique: Why | None = None
        self.rulings: list[Why] = []
        self.kill_visits: list[_KillVisits] = []
        self.nightkill_rules: list[_NightKillRule] = []
        self.outcome_rulings: list[OutcomeRuling] = []
        # prose sentences (turn order steps and role texts), assembled in `finish`
        self.capabilities: list[tuple[str, _Capability, int | None]] = []
        self.traits: list[tuple[str, Any]] = []
        self.facts: list[tuple[_RulesetFact, int | None, str | None]] = []
        self.dawn_orders: list[_Order] = []  # orders of operations ("A > B > C")
        self.healing: list[Any] = []  # the order of healing, snipes (logic/effects/heal.py)
        self.keywords: list[Keywords] = []  # keyword lines (logic/effects/inquiry.py)
        self.healing_next = False  # the next order line is the order of healing
        self.patches: list[_Patch] = []
        self.alignments = False  # under an "Alignments:" heading: lines define factions
        self.variant_of: str | None = None  # the role whose variants the lines define
        # the ability section each given sentence comes from, by its place
        # (logic/lang/assemble/given.py)
        self.given_from: dict[Loc, Any] = {}

    def error(
        self,
        message: str,
        why: Why,
        related: tuple[tuple[str, Loc], ...] = (),
        token: str | None = None,
    ) -> RulingError:
        """An error at `why`'s sentence, the caret under `token` when it is found there."""
        line = line_of(self.text, why.loc.line)
        loc, width = why.loc, 1
        if token:
            at = line.casefold().find(token.casefold(), max(0, why.loc.column - 1))
            if at >= 0:
                loc, width = Loc(why.loc.file, why.loc.line, at + 1), len(token)
        return RulingError(message, loc, line, related=related, width=width)

    def add_faction(self, name: str) -> str:
        for f in self.factions:
            if canon(f) == canon(name):
                return f
        self.factions.append(name)
        return name

    def resolve_group(self, name: str, why: Why) -> str:
        """A victory's winner or group: a faction (also in the singular: "Citizen victory"
        for the Citizens), else a role."""
        if not name:  # "Wins with the Town." on a whole-game line
            raise self.error(
                "this sentence names no one who wins: say who ('The Jester wins ...'), or "
                "put it on the line of the role it is about",
                why,
            )
        for f in self.factions:
            if canon(f) in (canon(name), canon(name) + "s"):
                return f
        if self.find_role(name) is None:  # "Villagers": a role's plural
            for key in self.role_order:
                role = self.roles[key].name
                words = canon(role).split()
                if " ".join((*words[:-1], plural(words[-1]))) == canon(name):
                    return role
        if self.find_role(name) is None:
            known = ", ".join(self.roles[k].name for k in self.role_order)
            raise self.error(
                f"{name!r} is no faction or role of this ruleset (factions: "
                f"{', '.join(self.factions)}; roles: {known})",
                why,
                token=name,
            )
        return self.resolve_role(name, why)

    def resolve_against(self, name: str, beside: str, why: Why) -> str:
        """A victory's winner or group (`resolve_group`); said with a guilty word ("Town
        wins when all scum are eliminated.", "Scum wins when they reach parity with
        town."), the one faction that is not the side named beside it."""
        if not guilty_word(name):
            return self.resolve_group(name, why)
        if not beside or guilty_word(beside):
            raise self.error(
                f"{name!r} is said of the side against another: name that side beside it "
                "('Town wins when all scum are dead'), or the faction ('... all Mafia ...')",
                why,
                token=name,
            )
        side = self.resolve_group(beside, why)
        others = [f for f in self.factions if canon(f) != canon(side)]
        if len(others) != 1:
            raise self.error(
                f"{name!r} names every faction but {side} here ({', '.join(others)}): name "
                "the one meant",
                why,
                token=name,
            )
        return others[0]

    def _other_role(self, name: str, role: str) -> bool:
        """`name` (as a sentence on `role`'s line writes it) names another role."""
        key = canon(name)
        for alias, target, _ in self.aliases:
            if canon(alias) == key:
                key = canon(target)
        return key != canon(role)

    def _about_other(self, subject: str, why: Why, role: Role) -> None:
        """A sentence about another role than its line's is an error; but a sentence of an
        ability section ("Ability Observe: Role with action: Jodie, Camel, ...") that names
        a role the section lists is about the holder of the ability, on each line the
        section gives it to ("Jodie learns ..." is Camel's on Camel's line)."""
        if not self._other_role(subject, role.name):
            return
        section = self.given_from.get(why.loc)
        if section is None:
            raise self.error(
                f"this sentence is about {subject}, but it is on {role.name}'s line",
                why,
                token=subject.split()[0],
            )
        listed = [n for h in section.holders for n in h.names]
        if any(not self._other_role(subject, n) for n in listed):
            return  # the holder of the ability
        raise self.error(
            f"this sentence comes from the section of {section.name} (line "
            f"{section.why.loc.line}), which gives it to {role.name}'s line, but it is about "
            f"{subject}, whom the section does not list"
            + (f" (it lists {', '.join(listed)})" if listed else ""),
            why,
            token=subject.split()[0],
        )

    def find_role(self, name: str) -> Role | None:
        """The role called `name`, by its name or another name the ruleset gives it."""
        key = canon(name)
        for alias, target, _ in self.aliases:
            if canon(alias) == key:
                key = canon(target)
        return self.roles.get(key)

    def resolve_role(self, name: str, why: Why) -> str:
        role = self.find_role(name)
        if role is None:
            known = ", ".join(self.roles[k].name for k in self.role_order)
            raise self.error(
                f"{name!r} is not a role of this ruleset (roles: {known})", why, token=name
            )
        return role.name

    def has_faction(self, name: str) -> bool:
        return any(canon(f) == canon(name) for f in self.factions)

    def resolve_faction(self, name: str, why: Why) -> str:
        for f in self.factions:
            if canon(f) == canon(name):
                return f
        raise self.error(
            f"{name!r} is not a faction of this ruleset (factions: {', '.join(self.factions)})",
            why,
            token=name,
        )

    def members_of(self, name: str) -> str | None:
        """The faction whose members `name` names: the faction ("Werewolf"), its plural
        ("werewolves"), or its members' noun, the name with -r or -er ("villagers" of the
        Village)."""
        key = canon(name)
        for f in self.factions:
            base = canon(f)
            nouns = (base, base + "r" if base.endswith("e") else base + "er")
            if key in {w for n in nouns for w in (n, plural(n))}:
                return f
        return None

    def group_named(self, word: str, why: Why) -> str:
        """The faction or role a word names ("villager": the Village, by its members'
        noun; "town": the Town; a role's name: the role), or an error that says it names none."""
        group = self.members_of(word) or self.faction_named(word)
        role = self.find_role(word)
        if group is None and role is not None:
            group = role.name
        if group is None:
            raise self.error(f"{word!r} names no faction or role of this ruleset", why, token=word)
        return group

    def faction_named(self, name: str) -> str | None:
        return next(
            (f for f in self.factions if canon(f) in (canon(name), canon(name) + "s")), None
        )


def innocent_word(word: str) -> bool:
    """A word of the innocent side ("Innocent", "Not Guilty"): a quoted answer."""
    return bool(word) and lexicon().category(word.split()) == "INNOCENT"


def guilty_word(word: str) -> bool:
    """A word of the guilty side ("Scum", "Guilty"), not a faction's name: an answer, or
    the side against the one a victory names beside it."""
    return bool(word) and lexicon().category(word.split()) == "GUILTY"
