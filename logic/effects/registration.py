"""Owns registration: how a player shows to the abilities that detect characters,
alignments and types, when that is not what they are ("You might register as evil & as
a Minion or Demon, even if dead.", "There is a good player that registers as a Demon to
you."). Both are the storyteller's choices (ir.Chooser.STORYTELLER), made each time an
ability looks, not a gap in the rules.

Vocabulary (traits of the role that says them):
  RegistersAs  the holder might register as each of `shows` (a team, a faction or a
               character type), at the storyteller's choice (`by`; None: always, "You
               register as Town."); `even_dead`: also once dead
  RedHerring   one player of `team`, chosen by the storyteller at setup, registers as
               `group` to the holder's ability (and to no one else's)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from logic.effects.base import Kind, Table
from logic.model.expr import FALSE, TRUE, Const, Expr, conj, eq, label
from logic.model.ir import Chooser, canon
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.semantics import NightBuilder
    from logic.model.table import Play, Script, State


@dataclass(frozen=True)
class RegistersAs:
    shows: tuple[tuple[str, ...], ...]  # each `&`-part: one of these (a team; Minion or Demon)
    even_dead: bool = False
    by: Chooser | None = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        parts = " and as ".join(" or ".join(p) for p in self.shows)
        dead = ", even if dead" if self.even_dead else ""
        if self.by is None:
            return f"registration: registers as {parts}{dead}"
        return f"registration: might register as {parts} ({self.by.value}'s choice){dead}"


@dataclass(frozen=True)
class RedHerring:
    team: str
    group: str
    by: Chooser = Chooser.STORYTELLER
    why: Why = meta()

    def describe(self) -> str:
        return (
            f"registration: one {self.team} player, chosen at setup ({self.by.value}'s "
            f"choice), registers as a {self.group} to this role"
        )


def same(a: str, b: str) -> bool:
    """Whether two names of a group are one ("Minions" and "Minion")."""
    x, y = canon(a), canon(b)
    return x == y or x.rstrip("s") == y.rstrip("s")


def shows_as(
    b: NightBuilder, q: str, role: Any, faction: str, checker: str, results: Sequence[str]
) -> list[tuple[str, Expr]]:
    """What a check by `checker` shows of q instead of `faction`, and when: each result
    q's role might register as, at the choice of its chooser (one variable per checker and
    target a night: the storyteller's, existential in `solve`; None: always the first)."""
    out: list[tuple[str, Expr]] = []
    for t in role.traits:
        if not isinstance(t, RegistersAs):
            continue
        options = [
            r
            for r in results
            if not same(r, faction) and any(same(r, g) for part in t.shows for g in part)
        ]
        if not options:
            continue
        if t.by is None:
            out.append((options[0], label(TRUE, t.why)))
            continue
        name = f"registers:{canon(q)}:{canon(checker)}"
        shown = b.choice(name, range(len(options) + 1), by=t.by)  # 0: what q is
        for k, other in enumerate(options):
            out.append((other, label(conj(eq(shown, Const(k + 1))), t.why)))
    return out


def shows_role(b: NightBuilder, q: str) -> list[tuple[str, Expr]]:
    """What a look at q's character shows instead of it tonight, and when: a character
    of a type q's role might register as ("You might register as evil & as a Minion or
    Demon": the Recluse shown as the Imp to the Ravenkeeper), dealt or not, at the
    storyteller's choice (one variable for q a night; 0: what q is). The table's
    `may_show_as` reads the same sentence. A registration with no chooser ("You
    register as Town.") shows no other character."""
    out: list[tuple[str, Expr]] = []
    for role in b.roles:
        holds = b.sc.role_is(q, role)
        if holds == FALSE:
            continue
        for t in role.traits:
            if not isinstance(t, RegistersAs):
                continue
            shown = [
                r.name
                for r in b.rs.roles
                if canon(r.name) != canon(role.name)
                and any(same(g, r.faction) for part in t.shows for g in part)
            ]
            if not shown:
                continue
            if t.by is None:
                continue  # ("You register as Town.": a team to a check, not a character)
            name = f"shows:{canon(q)}:{canon(role.name)}"
            pick = b.choice(name, range(len(shown) + 1), by=t.by)
            for k, other in enumerate(shown):
                out.append((other, label(conj(holds, eq(pick, Const(k + 1))), t.why)))
    return out


# ----------------------------------------------------------------------------- at the table
# (logic/model/table.py): what a character may show to a look, at the storyteller's
# choice (each look its own choice), and the red herring fixed at setup. The kinds that
# look (knowing, investigate, triggers) ask these.

HERRING = "registration:herring"


def shows(script: Script, char: str) -> list[tuple[str, ...]]:
    key = ("registration:shows", char)
    if key not in script.memo:
        script.memo[key] = [
            p for t in script.traits(char) if isinstance(t, RegistersAs) for p in t.shows
        ]
    return script.memo[key]


def may_be_team(script: Script, char: str, team: str) -> bool:
    if same(script.team_of(char), team):
        return True
    return any(same(g, team) for part in shows(script, char) for g in part)


def must_be_team(script: Script, char: str, team: str) -> bool:
    """Whether the character registers as `team` whatever the storyteller chooses."""
    if not same(script.team_of(char), team):
        return False
    others = [g for part in shows(script, char) for g in part if g in script.teams.values()]
    return not any(not same(g, team) for g in others)


def may_be_type(script: Script, char: str, typ: str) -> bool:
    if same(script.type_of(char), typ):
        return True
    return any(same(g, typ) for part in shows(script, char) for g in part)


def must_be_type(script: Script, char: str, typ: str) -> bool:
    if not same(script.type_of(char), typ):
        return False
    return not any(not same(g, typ) for part in shows(script, char) for g in part)


def may_show_as(script: Script, char: str, shown: str) -> bool:
    """Whether a character may register as the character `shown`: itself, or any
    character of a type it might register as."""
    if canon(char) == canon(shown):
        return True
    return canon(shown) in script.types and any(
        same(g, script.type_of(shown)) for part in shows(script, char) for g in part
    )


def setup(play: Play, st: State) -> Iterator[State]:
    """The red herring, when a character in play has one: a good player some
    information names, or any other (None: one no information names)."""
    if not any(play.holds(st, k, RedHerring) for k in range(play.n)):
        yield st
        return
    for h in [None, *(k for k in play.named() if not play.s.lies(st.chars[k]))]:
        s1 = st.copy()
        s1.marks[HERRING] = h
        yield s1


KIND = Kind(
    "registration",
    (RegistersAs, RedHerring),
    shows_as=shows_as,
    shows_role=shows_role,
    table=Table(setup=setup),
)
