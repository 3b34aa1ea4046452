"""Owns the Explosive Vest, read from the GM's sentences (DCTP's optional day bomb): a
night action a faction's members have instead of their kill that straps a bomb to a
player, the bomb that kills him the day after unless a police officer defuses it, and what
the defusers and the planter are told. Its phrases are grammar/game/vest.lark, read by
logic/lang/game_kinds/vest.py (words in grammar/lexicon/vest.toml). No other file names it.

Vocabulary (each node a whole-game sentence; unsaid, the engine does not do it):
  VestGrant   "In place of the nightly kill, the Black Org member set to kill that night may
              instead strap a bomb to their target.": each member of `faction` has a night
              ability `verb` ("strap") on one player, whose effect is `Strap`; a line must
              name it (`X uses strap on Y`: `by_name`). A strap that took place is the
              night's atom `X straps Y` and is kept (`PLANTED`, with the straps sent)
  VestOnce    "The vest may only be used once per game.": a strap after an earlier one
              does not take place (the earlier one counts when it was sent, whether or not
              it took place, unless `VestSpent` says otherwise)
  VestSpent   "The vest is only considered used if the plant is successful.": only a strap
              that took place spends the vest
  VestAlone   "It may not be used in conjunction with another kill that night.": a strap on
              a night the faction's kill is carried out does not take place
  DefuseGrant "The bomb can only be defused by police officers (...)": the roles
              `VestOrder` names (the police officers) have a day ability `verb` ("defuse")
              on one player, whose effect is `Defuse` (a disguise lends it to its wearer,
              logic/effects/disguise.py's `lends`: "including those disguised as one")
  VestDies    "Otherwise, the player dies at the end of the day phase.": a player strapped
              the night before dies that day unless a defuse of him took place
  DefuseSelf  "Police officers cannot defuse a bomb attached to themselves.": a defuse of
              its user does not take place
  VestVote    "A player strapped with the bomb may send a lynch vote, but their vote will not
              count unless the bomb attached to them was defused in time.": his vote has no
              power that day unless he was defused
  DefuseTold  'When a police officer successfully defuses the bomb, they are given the
              generic notice of: "The bomb was successfully defused."': each user of a
              defuse of a strapped player learns `text`
  PlanterTold "If the bomb is successfully defused, the Black Org planter is given the player
              name (but not the role) of the police defuser.": the planter learns one
              defuser's name (the host's pick among several, unless `VestOrder` ranks them)
  VestForm    'For example, if Kleene was the defuser to be reported, the notice is given in
              the form of: "Kleene was seen disarming your bomb."': the planter's notice is
              `text` with the defuser's name for `example`
  VestFirst   (VestRule "first") "The bomb explosion takes place before all other day actions,
              including any arrests, the lynching itself, and poisonings.": the day actions
              of a player whose bomb goes off, and a poisoning of him, do not take place
  VestArrest  (VestRule "arrest") "If someone with the vest on is also set to be arrested for
              a crime, they would only end up arrested if the bomb was defused in time.": an
              arrest by day of a player whose bomb goes off does not take place (so no
              officer is suspended for it: "The police officer would not be suspended either
              way, and the action would be considered to have failed.", said again)
  VestTurn    (VestRule "turn") "Any Black Org member may plant the vest if it is their turn
              to kill that night.": a strap by a member whose turn it is not (the kill
              cycle's, logic/effects/rotation.py: he has killed in it while another has not)
              does not take place (R119; whether a strap is his turn in the cycle, EV5, is
              not said: it is not counted)
  VestStoppable (VestRule "stoppable") "In this sense, it is treated as a normal kill as far
              as it being stoppable.": a strap on a player a save (a protection, a heal, a
              Lovey-Dovey; not a save of snipes alone) took place on that night does not
              take place (R123; what a save's own success, an injury, would then be is not
              said: none)
  VestNamedFirst (VestRule "named first") "If Vermouth or Irish also defuse the bomb, the
              planter is always given the name of the Black Org defuser.": a defuser who
              holds one of `roles` comes before any other in the planter's notice (EV3,
              R119; of two such defusers, the host's pick: the sentence after it, "Vermouth's
              name is given", is not read)
  VestUnseen  (VestRule "unseen") "The strapping of the bomb itself cannot be investigate the
              phase that it happens.": no investigation of actions sees a strap the night it
              happens (`Kind.unseen`); it is on the record of crimes all the same, for a
              Special Investigate after the fact (R119)
  a crime     "Strapping someone with the bomb is considered a crime.": the crimes kind's
              `Crimes` of the strap (logic/effects/crimes.py reads it: the record holds the
              strap by its keyword)
  VestOrder   "That name is decided by the following order: Megure, ..., Uehara.": the
              police officers (`roles`), and of several defusers the one named to the
              planter is the first of them in this order

Readings: the vest is the faction's one vest, so a strap by any member spends it; a strap is
stopped as any action is (a discombobulation: "The planting of the vest may be hindered by
tricking or any other such action." is the frame's); the strapping comes after all other
actions (it stops none of the target's: the engine's). Not modelled: a traveler kept home,
the lynch votes revealed, the lynch of a player whose bomb went off, Vermouth named before
Irish.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import aptx, dayarrest, heal, inquiry, rotation
from logic.effects.base import Kind, Lasting, Outcome
from logic.model.expr import FALSE, TRUE, Const, Expr, any_of, conj, disj, eq, label, neg
from logic.model.ir import Ability, Frequency, Role
from logic.model.phase import Atom, ChainEnd, PhaseEnd, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

STRAPS = "straps"  # the night's atom: X's strap of Y took place
SENDS = "sends strap"  # the night's atom: X sent a strap of Y (whether it took place)


@dataclass(frozen=True)
class Strap:
    by_name: ClassVar[bool] = True  # a case's line names it (logic/model/binding.py)
    why: Why = meta()

    def describe(self) -> str:
        return "strap: straps a bomb to the target"


@dataclass(frozen=True)
class Defuse:
    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    by_name: ClassVar[bool] = True
    why: Why = meta()

    def describe(self) -> str:
        return "defuse: defuses the bomb strapped to the target"


def _owner(faction: str, factions: Sequence[str]) -> str | None:
    """The faction a sentence names: by name, or by its name's initials ("BO")."""
    for f in factions:
        initials = "".join(w[:1] for w in f.split()).upper()
        if canon(f) == canon(faction) or initials == faction.upper():
            return f
    return None


def _add(role: Role, verb: str, effect: Any, why: Why) -> Role:
    ab = Ability(verb, "targets", Frequency.EACH_NIGHT, (effect,), why=why)
    return replace(role, abilities=(*role.abilities, ab))


@dataclass(frozen=True)
class VestGrant:
    """A whole-game sentence that gives each member of `faction` the strap (`grants`:
    logic/lang/assemble/finish.py asks such a node for the roles it changes)."""

    grants: ClassVar[bool] = True
    faction: str
    verb: str
    why: Why = meta()

    def describe(self) -> str:
        return f"every member of {self.faction} may {self.verb} a bomb to a player by night"

    def granted(
        self, roles: Sequence[Role], factions: Sequence[str], nodes: Sequence[Any] = ()
    ) -> list[Role]:
        owner = _owner(self.faction, factions)
        return [
            _add(r, self.verb, Strap(self.why), self.why)
            if owner is not None and canon(r.faction) == canon(owner)
            else r
            for r in roles
        ]


@dataclass(frozen=True)
class VestOrder:
    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return "the police officers, in the order the planter is told: " + ", ".join(self.roles)


@dataclass(frozen=True)
class DefuseGrant:
    """A whole-game sentence that gives the police officers (the roles `VestOrder` names)
    the defuse, a day ability."""

    grants: ClassVar[bool] = True
    verb: str
    why: Why = meta()

    def describe(self) -> str:
        return f"the police officers may {self.verb} the bomb by day"

    def granted(
        self, roles: Sequence[Role], factions: Sequence[str], nodes: Sequence[Any] = ()
    ) -> list[Role]:
        police = {canon(n) for x in nodes if isinstance(x, VestOrder) for n in x.roles}
        return [
            _add(r, self.verb, Defuse(self.why), self.why) if canon(r.name) in police else r
            for r in roles
        ]


@dataclass(frozen=True)
class VestRule:
    """A sentence of the vest's that sets no ability (`tag`: which, see the module)."""

    tag: str
    why: Why = meta()
    text: str = ""  # DefuseTold's notice; VestForm's form
    example: str = ""  # VestForm's example name
    roles: tuple[str, ...] = ()  # VestNamedFirst's roles

    def describe(self) -> str:
        return f"the explosive vest: {TAGS[self.tag]}"


TAGS = {
    "once": "the vest is used once a game",
    "spent": "only a strap that took place spends the vest",
    "alone": "no strap on a night the faction kills",
    "dies": "the strapped player dies that day unless defused",
    "self": "no officer defuses a bomb on himself",
    "vote": "the strapped player's vote counts only if defused",
    "defuser told": "each defuser is told the bomb was defused",
    "planter told": "the planter is told one defuser's name",
    "form": "the planter's notice's form",
    "first": "the bomb goes off before the day's actions: the strapped player's, an APTX on him",
    "arrest": "an arrest of a strapped player takes place only if he was defused",
    "unseen": "no investigation sees a strap the night it happens",
    "turn": "a member straps only when it is his turn to kill",
    "named first": "a defuser of the roles named is the one the planter is told",
    "stoppable": "a save on the strap's target stops the strap, as it stops a kill",
}


def _said(b: Any, tag: str) -> list[VestRule]:
    return [x for x in b.rs.healing if isinstance(x, VestRule) and x.tag == tag]


def _on(b: Any, tag: str) -> Expr:
    """A sentence of `tag` is in force (labelled with it)."""
    return any_of(label(b.sc.switch(x.why), x.why) for x in _said(b, tag))


# ------------------------------------------------------------------------------ the night

Planted = dict[tuple[str, str, int, bool], Expr]  # (planter, target, phase, took) -> it was


def _now(b: Any) -> int:
    return 2 * b.night - 1


def _straps(b: NightBuilder, i: int) -> Expr:
    return any_of(c for c, _ in b.effects(i, Strap))


def stops(b: NightBuilder, i: int) -> Expr:
    """A strap after the vest was spent, or on a night the faction kills."""
    mine = _straps(b, i)
    if mine == FALSE:
        return FALSE
    before: Planted = b.before(PLANTED)
    took = any_of(e for (_, _, _, t), e in before.items() if t)
    sent = any_of(e for (_, _, _, t), e in before.items() if not t)
    spent = disj(took, conj(sent, neg(_on(b, "spent"))))
    parts = [conj(mine, spent, _on(b, "once"))]
    p = b.actor(i)
    kills = any_of(  # the faction's kill sent tonight
        conj(c, b.sc.taken(j), b.member(p, f)) for j in range(b.n) for c, f in b.sc.nightkill_of(j)
    )
    parts.append(conj(mine, kills, _on(b, "alone")))
    turn = _on(b, "turn")
    if turn != FALSE:
        parts.append(conj(mine, rotation.not_his_turn(b, p), turn))
    stoppable = _on(b, "stoppable")
    if stoppable != FALSE:
        parts.append(conj(stoppable, _saved(b, i)))
    return any_of(parts)


def _saved(b: NightBuilder, i: int) -> Expr:
    """A save took place on slot i's strap's target tonight (a protection or a heal, not one
    that stops snipes alone: heal.py's `SnipesOnly`)."""
    out = []
    for q in b.sc.players:
        on = conj(_straps(b, i), b.aims(i, q))
        if on == FALSE:
            continue
        for _, x, ab, _ in heal.saves_on(b, q):
            if not any(isinstance(e, heal.SnipesOnly) for e in ab.effects):
                out.append(conj(on, x))
    return any_of(out)


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """`X straps Y` (it took place) and `X sends strap Y` (it was sent)."""
    out: dict[Atom, Expr] = {}
    for i in range(b.n):
        for c, e in b.effects(i, Strap):
            for q in b.sc.players:
                aimed = conj(c, b.sc.taken(i), b.aims(i, q))
                if aimed == FALSE:
                    continue
                for kind, x in ((SENDS, aimed), (STRAPS, conj(aimed, b.ok(i)))):
                    key = Atom(kind, b.actor(i), q)
                    out[key] = disj(out.get(key, FALSE), label(x, e.why))
    return out


def _step(before: tuple[Any, ...], end: PhaseEnd) -> tuple[Any, ...]:
    at = 2 * end.number - (1 if end.kind == "night" else 0)
    got = [
        (a.subject, a.obj, at, a.kind == STRAPS)
        for a in sorted(end.atoms)
        if a.kind in (STRAPS, SENDS)
    ]
    return (*before, *got) if got else before


def _chain(before: Planted, end: ChainEnd) -> Planted:
    at = 2 * end.number - (1 if end.kind == "night" else 0)
    out = dict(before)
    for a, e in end.atoms:
        if a.kind in (STRAPS, SENDS):
            key = (a.subject, a.obj, at, a.kind == STRAPS)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[Any, ...], night: int) -> Planted:
    return {key: TRUE for key in state}


PLANTED = Lasting("planted", (), _step, _chain, _view)


# ------------------------------------------------------------------------------ the day


def _strapped(db: DayBuilder, q: str) -> list[tuple[str, Expr]]:
    """(planter, it holds) for each strap of q that took place the night before."""
    before: Planted = db.before(PLANTED)
    night = 2 * db.day - 1
    return [(p, e) for (p, t, at, took), e in before.items() if t == q and took and at == night]


def _defuses(db: DayBuilder, q: str) -> list[tuple[str, Expr]]:
    """(user, his defuse of q took place today)."""
    return [
        (db.actor(i), conj(c, db.ok(i), db.sc.aims(i, q), label(TRUE, e.why)))
        for i in range(db.n)
        for c, e in db.effects(i, Defuse)
    ]


def _defused(db: DayBuilder, q: str) -> Expr:
    return any_of(x for _, x in _defuses(db, q))


def exploded(db: DayBuilder, q: str) -> Expr:
    """q's bomb goes off today."""
    strapped = any_of(e for _, e in _strapped(db, q))
    if strapped == FALSE:
        return FALSE
    return conj(strapped, neg(_defused(db, q)), _on(db, "dies"))


def _aimed_at_exploded(db: DayBuilder, i: int, kind: type | tuple[type, ...]) -> Expr:
    """Day slot i has an effect of `kind` aimed at a player whose bomb goes off today."""
    mine = any_of(c for c, _ in db.effects(i, kind))
    if mine == FALSE:
        return FALSE
    return conj(mine, any_of(conj(db.sc.aims(i, q), exploded(db, q)) for q in db.players))


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A defuse of its own user; the day actions of a player whose bomb goes off and a
    poisoning of him (the explosion comes first); an arrest of him."""
    mine = any_of(c for c, _ in db.effects(i, Defuse))
    parts = [conj(mine, db.sc.aims(i, db.actor(i)), _on(db, "self"))]
    first = _on(db, "first")
    if first != FALSE:
        parts.append(conj(exploded(db, db.actor(i)), first))
        parts.append(conj(_aimed_at_exploded(db, i, aptx.Aptx), first))
    arrest = _on(db, "arrest")
    if arrest != FALSE:
        parts.append(conj(_aimed_at_exploded(db, i, dayarrest.DayAccuse), arrest))
    return any_of(parts)


def day_deaths(db: DayBuilder) -> list[tuple[str, Expr]]:
    return [(q, x) for q in db.players if (x := exploded(db, q)) != FALSE]


def day_marked(db: DayBuilder, p: str, name: str) -> list[tuple[Expr, str]]:
    """The strapped player's vote has no power unless he was defused."""
    if name != "powerless":
        return []
    strapped = any_of(e for _, e in _strapped(db, p))
    x = conj(strapped, neg(_defused(db, p)), _on(db, "vote"))
    return [] if x == FALSE else [(x, "")]


def _rank(db: DayBuilder, p: str, q: str) -> Expr:
    """p's role comes before q's in the order of the planter's notice."""
    orders = [x for x in db.rs.healing if isinstance(x, VestOrder)]
    out = []
    for x in _said(db, "named first"):  # (a defuser of the roles named comes first)
        named = [r for n in x.roles if (r := db.rs.role(n)) is not None]
        p_is = any_of(db.role_is(p, r) for r in named)
        q_is = any_of(db.role_is(q, r) for r in named)
        out.append(conj(p_is, neg(q_is), label(db.switch(x.why), x.why)))
    for o in orders:
        roles = [r for n in o.roles if (r := db.rs.role(n)) is not None]
        for k, a in enumerate(roles):
            for c in roles[k + 1 :]:
                out.append(conj(db.role_is(p, a), db.role_is(q, c), label(db.switch(o.why), o.why)))
    return any_of(out)


def day_texts(db: DayBuilder, outcome: Outcome) -> list[TextSource]:
    """Each defuser of a strapped player is told; the planter learns one defuser's name."""
    out: list[TextSource] = []
    told = _said(db, "defuser told")
    planter = _said(db, "planter told")
    forms = _said(db, "form")
    for q in db.players:
        strapped = _strapped(db, q)
        if not strapped:
            continue
        hold = any_of(e for _, e in strapped)
        defuses = [(u, conj(x, hold)) for u, x in _defuses(db, q)]
        defuses = [(u, x) for u, x in defuses if x != FALSE]
        for t in told:
            for u, x in defuses:
                out.append(
                    TextSource(u, conj(x, label(db.switch(t.why), t.why)), t.text, (), t.why)
                )
        users = sorted({u for u, _ in defuses})
        if not planter or not users:
            continue
        by = {u: any_of(x for v, x in defuses if v == u) for u in users}
        at = planter[0].why.loc
        pick = db.choice(  # the host's, by the sentence that tells the planter a name
            f"vest:told:{q}:{at.line}:{at.column}",
            list(range(len(users))),
            decides=any_of(by.values()),  # (moot where no one defuses)
        )
        mine = {u: eq(pick, Const(k)) for k, u in enumerate(users)}
        for u in users:
            beaten = any_of(conj(by[v], _rank(db, v, u)) for v in users if v != u)
            db.equations.append(
                (
                    disj(neg(mine[u]), conj(by[u], neg(beaten)), neg(any_of(by.values()))),
                    planter[0].why,
                )
            )
        for w in planter:
            for p, e in strapped:
                for u in users:
                    gate = conj(e, by[u], mine[u], label(db.switch(w.why), w.why))
                    if not forms:
                        out.append(TextSource(p, gate, u, (), w.why))
                    for f in forms:
                        text = f.text.replace(f.example, u) if f.example else f.text
                        both = conj(gate, label(db.switch(f.why), f.why))
                        out.append(TextSource(p, both, text, (), f.why))
    return out


def unseen(b: NightBuilder, keyword: str) -> Expr:
    """A strap is not seen by tonight's investigations of actions (VestRule "unseen"): the
    keyword of a strap ability any role holds tonight."""
    straps = {
        canon(inquiry.keyword(b.rs, ab))
        for r in b.roles
        for ab in r.abilities
        if any(isinstance(e, Strap) for e in ab.effects)
    }
    return _on(b, "unseen") if canon(keyword) in straps else FALSE


KIND = Kind(
    "vest",
    (Strap, Defuse, VestGrant, DefuseGrant, VestOrder, VestRule),
    stops=stops,
    transition=transition,
    lasting=(PLANTED,),
    day_stops=day_stops,
    day_deaths=day_deaths,
    day_marked=day_marked,
    day_texts=day_texts,
    unseen=unseen,
)
