"""Owns how a day action is used: publicly (in the thread) or privately (a PM to the
host), what each allows, when each takes effect on the day's timeline, and what a public
use shows, read from the werewolf pool's natures ("9. Dual-nature - These roles can be
used publicly or privately. When done publicly, their effect is immediate, if applicable.
If performed privately, their effect takes place at the next day/night deadline, if
applicable."). Its phrases are grammar/game/manner.lark and grammar/clause/manner.lark
(with the natures' definitions in grammar/game/natures.lark), its words
grammar/lexicon/manner.toml, its readings logic/lang/game_kinds/manner.py and
logic/lang/kinds/manner.py.

A case says how a day action was used: `X uses ABILITY on Y publicly`, `X targets Y
privately` (logic/model/phase.Act's `manner`); a line that says neither is what it was
(it takes effect where its line stands). A symbolic day says no manner (`check` searches
none).

Vocabulary:
  UseManner    (an effect of an ability, from its natures and their definition) `public`:
               "Dual-nature - These roles can be used publicly or privately.": the
               ability may be used publicly; not `public`: "Private - These roles are only
               valid actions when PMed to the GM.": a public use of it does not take
               place. An ability whose natures the ruleset defines neither way: whether a
               public use takes place is the host's open choice (the source is silent)
  Timing       (a rule of the game) `manner` "public", `now`: "When done publicly, their
               effect is immediate, if applicable.": a public use takes effect where its
               line stands; `manner` "private", not `now`: "If performed privately, their
               effect takes place at the next day/night deadline, if applicable.": at the
               day's deadline, after every vote. Where no rule says when a use of that
               manner takes effect, the host's open choice (its line or the deadline)
  AtAnnouncement (an effect of an ability) "If used privately, it takes effect from the
               moment the GG makes it public.": the ability's own rule (the Stretcher's,
               the Collapser's) over `Timing`: a private use takes effect where its line
               stands (the case places it where the GG makes it public)
  Disclosed    (an effect of an ability) "If the power is used privately, it only counts
               TWICE at the deadline, when the vote doubled is disclosed (not the reason
               it was doubled).": the ability's own rule: a private use takes effect at
               the deadline, and then every living player is told whose vote it changed,
               not who changed it ("Bob's vote counts twice", "Bob's vote does not count")
  MannerAs     (an effect of an ability) "Mechanics are similar to the rioter": the
               ability is used publicly and privately as the named role's day ability
               is (its `Disclosed`)

What taking effect "now" or "at the deadline" changes ("if applicable"): the day's
timeline (logic/effects/timeline.py: a doubled or blocked vote toward the majority lock,
a voided lock, a day ended), and a day kill (logic/effects/day.py's DayKill): used now,
the target is dead before the lynch, so votes by and for him do not count; at the
deadline, the lynch is decided first, with his vote. A public use that takes place is
seen by every player alive at the end of the day ("ACTOR uses ABILITY on TARGET").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from logic.effects.base import Kind, Outcome
from logic.effects.day import DayKill
from logic.effects.sway import VoteBlock, VoteDouble
from logic.model.expr import FALSE, TRUE, Expr, any_of, conj, disj, ite, label, neg
from logic.model.ir import canon
from logic.model.phase import TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder

PUBLIC, PRIVATE = "public", "private"


@dataclass(frozen=True)
class UseManner:
    public: bool
    why: Why = meta()

    def describe(self) -> str:
        if self.public:
            return "manner: may be used publicly or privately"
        return "manner: only valid when PMed to the host (a public use does not take place)"


@dataclass(frozen=True)
class Timing:
    manner: str
    now: bool
    why: Why = meta()

    def describe(self) -> str:
        when = "where its line stands (immediate)" if self.now else "at the day's deadline"
        return f"manner: a {self.manner} use takes effect {when}"


@dataclass(frozen=True)
class AtAnnouncement:
    why: Why = meta()

    def describe(self) -> str:
        return "manner: a private use takes effect where the host makes it public"


@dataclass(frozen=True)
class Disclosed:
    why: Why = meta()

    def describe(self) -> str:
        return "manner: a private use takes effect at the deadline, the vote it changed disclosed"


@dataclass(frozen=True)
class MannerAs:
    role: str
    why: Why = meta()

    def describe(self) -> str:
        return f"manner: used publicly and privately as the {self.role}'s power is"


def _disclosed(db: DayBuilder, i: int) -> list[tuple[Expr, Why]]:
    """(when, the sentence) day slot i's ability discloses a private use at the deadline:
    its own `Disclosed`, or the role's it is used as (`MannerAs`)."""
    out = [(c, e.why) for c, e in db.effects(i, Disclosed)]
    for c, e in db.effects(i, MannerAs):
        role = next((r for r in db.rs.roles if canon(r.name) == canon(e.role)), None)
        said = [] if role is None else [x for a in role.abilities for x in a.effects]
        if any(isinstance(x, Disclosed) for x in said):
            out.append((c, e.why))
    return out


def _timing(db: DayBuilder, manner: str) -> Timing | None:
    return next((r for r in db.rs.day_rules if isinstance(r, Timing) and r.manner == manner), None)


def _now(db: DayBuilder, i: int) -> Expr:
    """Day slot i's action takes effect where its line stands (not at the deadline)."""

    def make() -> Expr:
        m = db.sc.manner(i)
        if m is None:
            return TRUE
        # the ability's own sentence ("If used privately, it takes effect from the moment
        # the GG makes it public.") over the rule of its manner
        own = (
            any_of(label(c, e.why) for c, e in db.effects(i, AtAnnouncement))
            if m == PRIVATE
            else FALSE
        )
        late = any_of(label(c, w) for c, w in _disclosed(db, i)) if m == PRIVATE else FALSE
        if late != FALSE:  # its own sentence: at the deadline
            return conj(own, neg(late))
        rule = _timing(db, m)
        if rule is None:  # no sentence says when: the host's open choice
            return disj(own, db.choice(f"manner:now:{i}", [False, True]))
        said = label(db.switch(rule.why), rule.why)
        return disj(own, said if rule.now else neg(said))

    return db.once(f"manner:now:{i}", make)


def day_moment(db: DayBuilder, i: int, at: Expr, end: Expr) -> Expr:
    """A use that takes effect at the deadline (`end`) comes after every vote."""
    if db.sc.manner(i) is None:
        return at
    now = _now(db, i)
    return at if now == TRUE else ite(now, at, end)


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A public use of an ability only valid when PMed does not take place; of one whose
    natures the ruleset defines neither way, the host's open choice."""
    if db.sc.manner(i) != PUBLIC:
        return FALSE
    nodes = db.effects(i, UseManner)
    allowed = any_of(c for c, e in nodes if e.public)
    pm_only = any_of(label(c, e.why) for c, e in nodes if not e.public)
    if nodes:
        return conj(pm_only, neg(allowed))
    return db.choice(f"manner:invalid:{i}", [False, True])


def day_removed(db: DayBuilder, p: str) -> Expr:
    """A day kill used now takes its target before the lynch: votes by and for him are
    gone (at the deadline, the lynch is decided first)."""
    out: list[Expr] = []
    for i in range(db.n):
        if db.sc.manner(i) is None:
            continue
        for c, _ in db.effects(i, DayKill):
            out.append(conj(db.ok(i), c, db.sc.aims(i, p), _now(db, i)))
    return any_of(out)


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    """A public use that takes place is seen by every player alive at the day's end; a
    private one that says so discloses whose vote it changed."""
    texts: list[TextSource] = []
    for i in range(db.n):
        if db.sc.manner(i) == PRIVATE:
            texts += _disclosures(db, i, outcome)
        if db.sc.manner(i) != PUBLIC:
            continue
        p = db.actor(i)
        for c, ab in db.sc.abilities(i):
            seen = [e for e in ab.effects if isinstance(e, UseManner) and e.public]
            why = seen[0].why if seen else None
            aimed = [t for t in db.players if db.sc.aims(i, t) != FALSE]
            text = f"{p} uses {ab.name}" + (f" on {' and '.join(aimed)}" if aimed else "")
            for q in db.players:
                gate = conj(db.ok(i), c, outcome.alive_after[q])
                if gate != FALSE:
                    texts.append(TextSource(q, label(gate, why) if why else gate, text, (), why))
    return texts


def _disclosures(db: DayBuilder, i: int, outcome: Outcome) -> list[TextSource]:
    """At the deadline, every living player is told whose vote day slot i's private use
    changed (the voter: its user for his own vote, else its target), not by whom."""
    texts: list[TextSource] = []
    for c, why in _disclosed(db, i):
        for d, e in db.effects(i, (VoteDouble, VoteBlock)):
            said = "counts twice" if isinstance(e, VoteDouble) else "does not count"
            own = isinstance(e, VoteDouble) and e.own
            for t in db.players:
                aimed = TRUE if own else db.sc.aims(i, t)
                if (own and t != db.actor(i)) or aimed == FALSE:
                    continue
                for q in db.players:
                    gate = conj(db.ok(i), c, d, aimed, outcome.alive_after[q])
                    if gate != FALSE:
                        text = f"{t}'s vote {said}"
                        texts.append(TextSource(q, label(gate, why), text, (), why))
    return texts


KIND = Kind(
    "manner",
    (UseManner, Timing, AtAnnouncement, Disclosed, MannerAs),
    day_stops=day_stops,
    day_moment=day_moment,
    day_removed=day_removed,
    day_texts=day_texts,
)
