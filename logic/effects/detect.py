"""Owns Detect, read from the GM's sentences (DCTP's Bourbon and Okiya): a night ability
aimed at no one whose user decides a character and learns whether it is in the game, and
what it makes of a disguise. Its phrases are grammar/clause/detect.lark, read by
logic/lang/kinds/detect.py. No other file names it.

Vocabulary:
  Detect      the ability's effect ("Can detect if one certain role is in the game per
              night."): its user decides a role (`X decides "ROLE"`: `options`, every role
              of the ruleset, filled in when the ruleset is assembled, `with_roles`) and
              learns "True" when a player holds it, "False" when none does (the words of
              the GM's example: "Answer from GM: True")
  DetectRule  a sentence of the detector's line (each a field; unsaid, the host's choice):
    own         "If Vermouth is in the game and he Detects Vermouth, he'll get a True."
                (`roles`: the role named): a holder of that role who wears a disguise is
                found all the same
    same        "Same for Kid." (`same_roles`): `own` again, of the role it names
    worn        "If he asks for his/her disguised role, then he'll get a False.": a role that
                is only worn (no player holds it) is not found
    pool        "In the experimental ruleset, these roles are: Megure, ..., and Yamato."
                (`pool_roles`), after Police Detect's "Allows Uehara to detect other police
                roles.": the only roles it may ask for; asked for another, it answers nothing
    through     "Police Detect differs from normal Detect in that it does NOT detect through
                disguises.": a role only worn is found ("true")
  Detect.yes  "If Megure were in the game, Uehara would receive "true".": the answer when
              the role is in the game is the sentence's ("true"), and the other "false"
              (never said: as Police Identify's, ID4); unsaid, "True" and "False" (R155)

Police Detect ("Allows Uehara to detect other police roles.") is the same ability, named by
the class and the verb. Readings: "in the game" is dealt to a player, alive or dead (as abduct's "not played in the
game by any player"). Unsaid by a `DetectRule`, whether a disguised holder is found, and
whether a role only worn is, is the host's choice (`ambiguous` where it matters): a disguise
"awards the disguiser the player's role", and the source does not say which of the two a
Detect sees but in these sentences. The disguises worn are asked of the kinds through the
`wears` hook (logic/effects/disguise.py's). Not modelled: "He needs to ask for the
character name ... and not the role ..." (a case decides a role of the ruleset), Cover.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from logic.effects.base import Kind, line_rules
from logic.model.expr import FALSE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.phase import TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.ir import Role
    from logic.model.semantics import NightBuilder


@dataclass(frozen=True)
class Detect:
    why: Why = meta()
    options: tuple[str, ...] = ()
    # "If Megure were in the game, Uehara would receive "true".": (the sentence, its
    # answer); then the other answer is "false" (R155)
    yes: tuple[Why, str] | None = None

    def with_roles(self, roles: Sequence[Role]) -> Detect:
        """The options: every role of the ruleset (a character's name)."""
        return replace(self, options=tuple(r.name for r in roles))

    def describe(self) -> str:
        yes, no = _answers(self)
        return f'detect: decides a role, learns "{yes}" if a player holds it, else "{no}"'


def _answers(e: Detect) -> tuple[str, str]:
    """The two answers: the sentence's and "false", or the kind's own "True" and "False"."""
    return (e.yes[1], "false") if e.yes is not None else ("True", "False")


@dataclass(frozen=True)
class DetectRule:
    """A sentence of a detector's line about the disguises a Detect meets (see the module;
    None: the sentence is not in the ruleset)."""

    why: Why = meta()
    own: Why | None = None
    roles: tuple[str, ...] = ()  # `own`'s: the roles found while disguised
    same: Why | None = None  # "Same for Kid.": `own` again, of `same_roles`
    same_roles: tuple[str, ...] = ()
    worn: Why | None = None
    pool: Why | None = None  # the roles it may ask for (`pool_roles`), none other
    pool_roles: tuple[str, ...] = ()
    through: Why | None = None  # it does not see through a disguise: a role only worn is found
    # the ability the sentence speaks of ("Police Detect differs ..."; "": every one), a
    # trait per ability (the assembler merges sentences of one `per` only): a rule of
    # another ability of the line (logic/effects/identify.py's) is not Detect's
    per: str = ""

    def describe(self) -> str:
        said = []
        if self.pool is not None:
            said.append("asks only for " + ", ".join(self.pool_roles))
        if self.through is not None:
            said.append("a role only worn is found")
        if self.own is not None or self.same is not None:
            said.append("finds " + " and ".join(self.roles + self.same_roles) + " while disguised")
        if self.worn is not None:
            said.append("a role only worn is not found")
        return "detect: " + "; ".join(said)


def _wears(b: NightBuilder, q: str) -> list[tuple[str, Expr]]:
    """(role, q wears it tonight), from every kind that puts a role over another."""
    out: list[tuple[str, Expr]] = []
    for k in b.kinds:
        if k.wears is not None:
            out.extend(k.wears(b, q))
    return out


def _said(b: NightBuilder, p: str, tag: str, role: str | None = None) -> Expr:
    """p holds a role whose line says `tag` (of `role`, for `own` and `same`), its sentence
    in force."""
    named = {"same": "same_roles", "pool": "pool_roles"}.get(tag, "roles")
    return any_of(
        conj(b.sc.role_is(p, r), label(b.sc.switch(w), w))
        for r, w, t in line_rules(b, DetectRule, tag)
        if role is None or canon(role) in {canon(x) for x in getattr(t, named)}
        if speaks_of(r, t, Detect)
    )


def speaks_of(role: Any, rule: DetectRule, node: type) -> bool:
    """`rule` is said of an ability of `role` with an effect `node` (a rule that names no
    ability is said of every one)."""
    return not rule.per or any(
        canon(a.name) == canon(rule.per) and any(isinstance(e, node) for e in a.effects)
        for a in role.abilities
    )


def _found(b: NightBuilder, i: int, e: Detect, role: Any) -> Expr:
    """Slot i's Detect finds `role`: a player holds it undisguised, or disguised when the
    detector's line (or the host) says so; or only wears it when the host says so."""
    p = b.actor(i)
    at = f"{p}:{e.why.loc.line}:{e.why.loc.column}"
    plain, hidden, worn = [], [], []
    for q in b.sc.players:
        holds = b.sc.role_is(q, role)
        wears = _wears(b, q)
        covered = any_of(x for _, x in wears)
        plain.append(conj(holds, neg(covered)))
        hidden.append(conj(holds, covered))
        worn.append(any_of(conj(x, neg(holds)) for n, x in wears if canon(n) == canon(role.name)))
    hid, wor = any_of(hidden), any_of(worn)
    out = any_of(plain)
    if hid != FALSE:
        own = disj(_said(b, p, "own", role.name), _said(b, p, "same", role.name))
        host = eq(b.choice(f"detect:own:{at}", [False, True], decides=hid), Const(True))
        out = disj(out, conj(hid, disj(own, conj(neg(own), host))))
    if wor != FALSE:
        said, through = _said(b, p, "worn"), _said(b, p, "through")
        host = eq(b.choice(f"detect:worn:{at}", [False, True], decides=wor), Const(True))
        out = disj(out, conj(wor, disj(through, conj(neg(said), neg(through), host))))
    return out


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The detector learns "True" or "False" of the role he decided."""
    out: list[TextSource] = []
    for c, e in b.effects(i, Detect):
        decided = b.sc.decision(i, e.options)
        gate = label(conj(c, b.ok(i)), e.why)
        yes, no = [], []
        pooled = _said(b, b.actor(i), "pool")
        for k, name in enumerate(e.options):
            role = b.rs.role(name)
            if role is None:
                continue
            # a role outside the roles it may ask for: no answer
            asked = disj(neg(pooled), _said(b, b.actor(i), "pool", name))
            chosen = conj(eq(decided, Const(k)), asked)
            found = _found(b, i, e, role)
            yes.append(conj(chosen, found))
            no.append(conj(chosen, neg(found)))
        said, (told_yes, told_no) = e.why, _answers(e)
        if e.yes is not None:  # the answer a sentence gives, in force (else the kind's)
            on = label(b.sc.switch(e.yes[0]), e.yes[0])
            said = e.yes[0]
            for text, part, other in ((told_yes, yes, "True"), (told_no, no, "False")):
                out.append(TextSource(b.actor(i), conj(gate, on, any_of(part)), text, why=said))
                off = conj(gate, neg(on), any_of(part))
                out.append(TextSource(b.actor(i), off, other, why=e.why))
            continue
        out.append(TextSource(b.actor(i), conj(gate, any_of(yes)), told_yes, why=e.why))
        out.append(TextSource(b.actor(i), conj(gate, any_of(no)), told_no, why=e.why))
    return out


KIND = Kind("detect", (Detect, DetectRule), texts=texts)
