"""Owns disguises, read from the GM's sentences (DCTP's Vermouth and Kid, Irish and Yukiko,
Nakamori's Pinch Face): a role worn over the player's own, what a check of the player's
card then reads, what takes it off, and the lasting state of who wears what. Its phrases
are grammar/clause/disguise.lark (the roles' lines) and grammar/game/disguise.lark (the
whole game's), read by logic/lang/kinds/disguise.py and logic/lang/game_kinds/disguise.py
(words in grammar/lexicon/disguise.toml). No other file names it; the card checks
(logic/effects/interrogate.py) ask it through the `worn_card` hook.

Vocabulary (the roles' lines):
  Disguise     the ability of "Prep action: Disguise.": the player's decision in the prep
               phase (a case's `prep:` block, `X decides "ROLE"`, any role of the ruleset:
               `options`, filled when the ruleset is assembled); the role decided is worn
               from the prep phase on. `check`, `ask` and the chained nights begin at night
               1 (no prep phase): they do not see a Disguise
  Costume      the day ability of "Day action: Temporary Disguise." (`X decides "ROLE"` in
               a day block): the role decided is worn the night after that day
  CostumeRule  the sentences of the costume wearer's line (a field each): `one_night` "After the night
               Yukiko will no longer be disguised." (unsaid, a costume stays on);
               `not_twice` "She can not disguise as the same role twice." (a costume
               worn before is not put on again)
  SeesDisguise "If the target is disguised, then the player will learn it for the
               disguise, not the true identity.", said of the ability before it (the Age-
               Observe): its check of a disguised target reads the worn role's card
  Pinch        the ability of "Once within every two phases Nakamori can check a player
               for a disguise ..." (each night here: the pace is not modelled)
  PinchRule    the sentences of the pincher's line (a field each): `false` "If the player is not in
               disguise, the action will return a false" (he learns "false"); `strips` "If
               they are, they will be automatically arrested, then stripped of their
               disguise and their action for that phase will fail" (the disguise is off
               from the next phase, the target's actions of the night fail; the arrest is
               not modelled); `names` "Nakamori will learn that the player was in disguise
               and also which disguise it was." (he learns the worn role's name);
               `told` "The target will be notified that they were pinched." (the target
               learns "pinched")

Vocabulary (the whole game's):
  WornCard     "If Vermouth or Irish are disguised, they assume the default interrogation
               result of the disguise they are wearing.": a check of that name
               (`check`: "interrogation") of a holder of one of `roles` reads the worn
               role's card
  LostOn       "If a player is injured and in disguise, they lose their disguise." (any
               wearer: `roles` empty) and "Kid/Vermouth lose their disguise if pinched,
               injured, arrested for being disguised, house searched; ...": the causes
               (`causes`: "pinched", "injured", "arrested", "searched") that take the
               disguise of a holder of `roles` off, from the next phase. Unsaid, nothing
               but the end of a costume's night does
  NoDisguiseAs "Disguise: No." (a role's card): no disguise (a Disguise or a costume) takes
               the role
  DisguiseAs   "Disguise: Yes." (a role's card): a disguise may take the role (no other
               sentence forbidding it). Where the cards say it (a role of the ruleset has a
               `DisguiseAs`), a role whose card says neither is unsaid: whether a disguise
               decided as it is put on is the host's open choice (`ambiguous` where it
               matters, R153); with no `DisguiseAs` at all, any role no sentence forbids
  NotAs        "Disguisers may not disguise as Black Org members, children, or Prep phase
               roles.": a disguise decided as a role of one of `kinds` (a faction's
               members, a card's observe result, or a role with a prep action) is not put on
  PinchArrests "If a face pinch is performed on a player and that player is in disguise
               (whether they are town or Black Org), the target is automatically arrested.":
               a pinch of a player in disguise arrests him (the crimes kind's custody, asked
               through the `arrests` hook)
  WornItems    "The disguiser will have items from their original role in addition to those
               from their disguised role." (a Disguise's) and "If the player is disguised,
               then all items from the real role and from the disguise can be stolen." (a
               costume's: `costume`): the wearer holds the worn role's card items too
               while he wears it (logic/effects/items.py asks through `worn_roles`; an item
               held twice, "two guns", is not modelled)
  WornAbilities "When disguised as a role, the disguised player retains any abilities
               from their actual role and gains all those of their disguise." (a Disguise's:
               night and day) and "During the next night she can use any of her disguises
               abilities." (a costume's, the night it is worn: `costume`): the wearer holds
               the worn role's abilities beside his own (a case's lines may use them:
               logic/model/binding.py asks through `lends`); `check`'s symbolic nights do
               not give a player a worn role's abilities (not searched)
  CostumeInPrep "Once Irish/Yukiko have their selected disguises, they can already pick a
               costume, meaning they would be disguised N1.": a holder of one of `roles`
               whose line has a costume is lent the prep ability "Costume" (`lends`), whose
               effect, `PrepCostume`, decides a role in the prep phase, worn on night 1 as
               a day's costume is the night after
  OnlyAs       "All disguises will be town roles." (Choose Costumes'): a costume of a role
               of another faction than `faction` is not put on (read of costumes: the
               section names them)
  CostumeLimit "Irish/Yukiko can only be disguised during a total of 3 nights." (a Source
               line's rewording): a holder of one of `roles` who has worn `nights`
               costumes puts no other on
  Rechoose     "The Day after Irish/Yukiko used his/her last disguise, he/she can re-use
               Choose Disguise.": lifts `CostumeLimit`; with both in force, whether the
               limit holds is the host's open choice (G11)
  Redisguise   "Kid and Vermouth will then be assigned a new disguise at random if they
               are released from jail.": a holder of `roles` freed from custody (a lawsuit)
               with no disguise on is given one drawn at random among the roles his
               Disguise may take, worn from the next phase (unsaid: he stays undisguised)
  CostumeTimes "An arrest will only succeed if the officer arresting him/her adds the
               correct time of the disguise (the day phase he/she donned the disguise or the
               night phase she wore it).": the night a costume is worn is on the record too
               (`X did Disguise>X` in it: an arrest naming it, a house search, a
               cross-examination find it). Unsaid, a disguise is on the record in the phase
               it is put on only (the prep phase's, the day a costume is decided)
  Replaced     "The player chosen will receive a new role without ever having known ...":
               the role a Disguise takes is out of the game, so a disguise decided as a role
               a player holds is not put on (a costume does not replace its role)

The state a phase leaves (`WORN`): `X is disguised as R` for each disguise still on when
the phase ends, `X puts on R` for a costume decided by day (worn the night after), and
`X has worn R` for each costume worn so far. A check of a player's card reads the worn
role's card while he wears one (two worn: each reads its own, which the host picks is
open). Not modelled: an item held twice, an investigation or a
special investigation of a disguise, gender, the GM's
offer of five costumes of which three are chosen (Detect, Identify and Follow's scent ask
through `wears` and `day_wears`; a disguised player's scent: logic/effects/scent.py's
ScentKept).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import crimes, interrogate
from logic.effects.base import Kind, Lasting, Outcome, line_says
from logic.model import frame
from logic.model.expr import (
    FALSE,
    TRUE,
    Const,
    Expr,
    any_of,
    at_least,
    conj,
    disj,
    eq,
    evaluate,
    is_const,
    label,
    neg,
)
from logic.model.ir import Ability, Frequency
from logic.model.phase import Atom, ChainEnd, PhaseEnd, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from logic.model.day import DayBuilder
    from logic.model.ir import Role, Ruleset
    from logic.model.phase import History
    from logic.model.semantics import NightBuilder

WEARS = "is disguised as"  # the phase's atom: the disguise is on when it ends
PUTS_ON = "puts on"  # a costume decided by day, worn the night after
HAS_WORN = "has worn"  # a costume worn so far
ASK = "Investigate Disguise"  # the ability `AsksDisguise` lends its holder (`lends`)
PREP_COSTUME = "Costume"  # the prep ability a costume picked in the prep phase is (`lends`)
DEED = "Disguise"  # what the record calls a disguise put on or worn (its `did` atom)
INJURED = "injured"  # the frame's mark of an injury (logic/effects/heal.py's)


def _every(roles: Sequence[Role]) -> tuple[str, ...]:
    return tuple(r.name for r in roles)


@dataclass(frozen=True)
class Disguise:
    why: Why = meta()
    options: tuple[str, ...] = ()

    def with_roles(self, roles: Sequence[Role]) -> Disguise:
        return replace(self, options=_every(roles))

    def describe(self) -> str:
        return "disguise: decides a role, worn over the holder's own from the first night"


@dataclass(frozen=True)
class Costume:
    by_day: ClassVar[bool] = True
    why: Why = meta()
    options: tuple[str, ...] = ()

    def with_roles(self, roles: Sequence[Role]) -> Costume:
        return replace(self, options=_every(roles))

    def describe(self) -> str:
        return "costume: decides a role by day, worn the night after"


@dataclass(frozen=True)
class CostumeRule:
    """The sentences of a costume wearer's line, each a field (None: not said), all on one
    trait of the role."""

    why: Why = meta()
    one_night: Why | None = None
    not_twice: Why | None = None

    def describe(self) -> str:
        said = {"one_night": "a costume is off after its night", "not_twice": "no costume twice"}
        return "costume: " + "; ".join(v for k, v in said.items() if getattr(self, k))


@dataclass(frozen=True)
class SeesDisguise:
    why: Why = meta()

    def describe(self) -> str:
        return "a disguised target's card is read as the disguise's"


@dataclass(frozen=True)
class AsksDisguise:
    why: Why = meta()

    def describe(self) -> str:
        return f"may ask instead whether a player wears the role named ({ASK})"


@dataclass(frozen=True)
class DisguiseQuery:
    """The effect of the ability `AsksDisguise` lends (`ASK`): the role named."""

    why: Why = meta()
    options: tuple[str, ...] = ()

    def describe(self) -> str:
        return 'asks whether a player wears the role named: "True" or "False"'


@dataclass(frozen=True)
class Investigable:
    costume: bool  # said of a costume (Temporary Disguise), else of a Disguise
    why: Why = meta()

    def describe(self) -> str:
        return f"a {'costume' if self.costume else 'disguise'} can be investigated"


@dataclass(frozen=True)
class Pinch:
    why: Why = meta()

    def describe(self) -> str:
        return "pinch: checks a player for a disguise"


@dataclass(frozen=True)
class PinchRule:
    """The sentences of a pincher's line, each a field (None: not said), all on one trait
    of the role."""

    why: Why = meta()
    false: Why | None = None
    strips: Why | None = None
    names: Why | None = None
    told: Why | None = None

    def describe(self) -> str:
        said = {
            "false": 'an undisguised target gives "false"',
            "strips": "a disguised target loses the disguise and fails tonight",
            "names": "learns the disguise worn",
            "told": 'the target learns "pinched"',
        }
        return "pinch: " + "; ".join(v for k, v in said.items() if getattr(self, k))


@dataclass(frozen=True)
class WornCard:
    check: str
    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"{' or '.join(self.roles)} disguised: the {self.check} reads the disguise's card"


@dataclass(frozen=True)
class LostOn:
    causes: tuple[str, ...]
    roles: tuple[str, ...] = ()  # empty: any wearer
    why: Why = meta()

    def describe(self) -> str:
        who = "/".join(self.roles) or "a player"
        return f"{who} loses the disguise when {', '.join(self.causes)}"


@dataclass(frozen=True)
class NoDisguiseAs:
    why: Why = meta()

    def describe(self) -> str:
        return "no disguise may take this role (its card: 'Disguise: No.')"


@dataclass(frozen=True)
class DisguiseAs:
    why: Why = meta()

    def describe(self) -> str:
        return "a disguise may take this role (its card: 'Disguise: Yes.')"


@dataclass(frozen=True)
class NotAs:
    kinds: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"no disguise as {', '.join(self.kinds)}"


@dataclass(frozen=True)
class PinchArrests:
    why: Why = meta()

    def describe(self) -> str:
        return "a pinched player in disguise is arrested"


@dataclass(frozen=True)
class WornItems:
    costume: bool  # said of a costume (Temporary Disguise), else of a Disguise
    why: Why = meta()

    def describe(self) -> str:
        return f"a {'costume' if self.costume else 'disguise'}'s items are its wearer's too"


@dataclass(frozen=True)
class WornAbilities:
    costume: bool  # said of a costume (Temporary Disguise), else of a Disguise
    why: Why = meta()

    def describe(self) -> str:
        worn = (
            "a costume's abilities the night it is worn"
            if self.costume
            else "a disguise's abilities"
        )
        return f"its wearer holds {worn} beside his own"


@dataclass(frozen=True)
class PrepCostume:
    """The effect of the prep ability `CostumeInPrep` lends: a costume decided in the prep
    phase, worn on night 1."""

    why: Why = meta()
    options: tuple[str, ...] = ()

    def describe(self) -> str:
        return "costume: decides a role in the prep phase, worn on night 1"


@dataclass(frozen=True)
class CostumeInPrep:
    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"{'/'.join(self.roles)} may pick a costume in the prep phase, worn on night 1"


@dataclass(frozen=True)
class OnlyAs:
    faction: str
    why: Why = meta()

    def describe(self) -> str:
        return f"every disguise is a {self.faction} role"


@dataclass(frozen=True)
class CostumeLimit:
    roles: tuple[str, ...]
    nights: int
    why: Why = meta()

    def describe(self) -> str:
        return f"{'/'.join(self.roles)} wear costumes {self.nights} nights at most"


@dataclass(frozen=True)
class Rechoose:
    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"{'/'.join(self.roles)} choose costumes again after the last is worn"


@dataclass(frozen=True)
class Redisguise:
    """Pinch Face's "Kid and Vermouth will then be assigned a new disguise at random if they
    are released from jail.": a holder of one of `roles` freed from custody tonight (a
    lawsuit, logic/effects/crimes.py's Release) who wears no disguise (it came off: a
    pinch, a house search) wears, from the next phase, a role drawn at random (`random`,
    not `ambiguous`) among those his Disguise could take (the roles no sentence forbids,
    none a player holds where a disguise replaces its role). Unsaid, a freed disguiser stays
    undisguised. The draw is not on the record (the GM's, not the disguiser's deed: a
    reading)."""

    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"{'/'.join(self.roles)} freed undisguised are given a new disguise at random"


@dataclass(frozen=True)
class CostumeTimes:
    """Temporary Disguise's "An arrest will only succeed if the officer arresting him/her
    adds the correct time of the disguise (the day phase he/she donned the disguise or the
    night phase she wore it).": the phases (`phases`, "day", "night") in which a costume
    is a crime on the record. Unsaid, a disguise is a crime in the phase it is put on only
    (the day its costume is decided, the prep phase): the night it is worn is not."""

    phases: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"a costume is on the record in the {' and the '.join(self.phases)} phase"


@dataclass(frozen=True)
class DisguiseRemains:
    """The Disguise section's "Prep action, crime, remains so long as it is not removed due
    to injury or an ability." (reworded "A disguise remains a crime so long as it is not
    removed due to injury or an ability."): a Disguise still worn is a crime on the record in
    every phase it is worn, night and day (`X did Disguise>X`), so an arrest naming such a
    phase ("Arrest Sebolains for disguising as Megure on Night 3.") finds it. Unsaid, it is
    on the record in the prep phase only (a costume's phases are `CostumeTimes`')."""

    why: Why = meta()

    def describe(self) -> str:
        return "a Disguise worn is a crime in every phase it is worn"


@dataclass(frozen=True)
class Replaced:
    why: Why = meta()

    def describe(self) -> str:
        return "the role a disguise takes is out of the game"


# ----------------------------------------------------------------------------- the sentences


def _said(b: Any, kind: type) -> list[Any]:
    return [x for x in b.rs.healing if isinstance(x, kind)]


def _on(b: Any, node: Any) -> Expr:
    return label(b.sc.switch(node.why), node.why)


def _traits(b: Any, q: str, kind: type, tag: str) -> Expr:
    """q holds a role whose line says `tag` (a field of a trait of `kind`), its sentence
    in force."""
    return line_says(b, q, kind, tag)


def _holds(b: Any, q: str, names: Sequence[str]) -> Expr:
    """q holds one of the roles named."""
    keys = {canon(n) for n in names}
    return any_of(b.sc.role_is(q, r) for r in b.rs.roles if canon(r.name) in keys)


def _stem(word: str) -> str:
    w = canon(word)
    return {"children": "child", "kids": "kid"}.get(w, w.removesuffix("s"))


def _forbidden(role: Role, rule: NotAs) -> bool:
    """`role` is of a kind the sentence names: a faction's member ("Black Org members"), a
    card's result ("children": "Observe: Child"), a role with a prep action (an ability
    of the prep phase: a Disguise, Amor, Friendship, a travel from prep)."""
    for kind in rule.kinds:
        if canon(kind) == canon(role.faction):
            return True
        if kind == "prep" and any(a.frequency is Frequency.PREP for a in role.abilities):
            return True
        cards = [t for t in role.traits if isinstance(t, interrogate.InterrogatesAs)]
        if any(_stem(kind) == _stem(t.text) for t in cards):
            return True
    return False


def _unsaid(b: Any, role: Role, decides: Expr | None) -> Expr:
    """The disguise as `role` is not put on, by the host's open choice: the cards say
    "Disguise: Yes." (some role's, in force) and the role's card says neither (R153)."""
    yes = [(r, t.why) for r in b.rs.roles for t in r.traits if isinstance(t, DisguiseAs)]
    mine = any_of(_on(b, t) for t in role.traits if isinstance(t, (DisguiseAs, NoDisguiseAs)))
    others = any_of(label(b.sc.switch(w), w) for r, w in yes if r is not role)
    silent = conj(others, neg(mine))
    if silent == FALSE:
        return FALSE
    w = yes[0][1]
    # (one choice a role, named by the role's place in the ruleset: a number, so that
    # `check` meets them as one family, `strata.family`: one silence of the cards, met
    # once per role whose card says neither, is one finding, not one a role)
    k = next((j for j, r in enumerate(b.rs.roles) if canon(r.name) == canon(role.name)), None)
    name = f"disguise:unsaid:{canon(role.name) if k is None else k}:{w.loc.line}:{w.loc.column}"
    refused = b.choice(
        name, [False, True], decides=None if decides is None else conj(decides, silent)
    )
    return label(conj(silent, eq(refused, Const(True))), w)


def _allowed(b: Any, name: str, replaces: bool, decides: Expr | None = None) -> Expr:
    """A disguise decided as the role `name` is put on: no sentence forbids its kind, and
    (a Disguise, `replaces`) no player holds it when a sentence says it is replaced, (a
    costume) it is of the faction a sentence says every costume is of (`OnlyAs`); a role
    the cards leave unsaid, the host's open choice (`decides`: where it is decided)."""
    role = b.rs.role(name)
    if role is None:
        return FALSE
    stop = [_on(b, r) for r in _said(b, NotAs) if _forbidden(role, r)]
    stop += [_on(b, t) for t in role.traits if isinstance(t, NoDisguiseAs)]
    stop.append(_unsaid(b, role, decides))
    if not replaces:  # a costume: "All disguises will be town roles." (Choose Costumes')
        stop += [_on(b, r) for r in _said(b, OnlyAs) if canon(r.faction) != canon(role.faction)]
    if replaces:
        held = any_of(b.sc.role_is(p, role) for p in b.sc.players)
        stop += [conj(_on(b, r), held) for r in _said(b, Replaced)]
    return neg(any_of(stop))


# ----------------------------------------------------------------------------- who wears what


def _before(b: Any) -> dict[tuple[str, str, str], Expr]:
    got: dict[tuple[str, str, str], Expr] = b.before(WORN)
    return got


def _carried(b: Any, tag: str, q: str, name: str) -> Expr:
    return _before(b).get((tag, q, canon(name)), FALSE)


def _put_on(b: NightBuilder, q: str, name: str) -> Expr:
    """q puts the disguise `name` on tonight: his Disguise decided in the prep phase (night
    0), or the costume he decided by day."""
    parts = []
    if b.night == 0:
        for j in range(b.n):
            if b.actor(j) != q:
                continue
            for c, e in b.effects(j, Disguise):
                keys = [canon(o) for o in e.options]
                if canon(name) in keys:
                    decided = eq(b.sc.decision(j, e.options), Const(keys.index(canon(name))))
                    parts.append(label(conj(c, b.sc.taken(j), decided), e.why))
        decided = any_of(parts)
        parts = [conj(decided, _allowed(b, name, True, decided))] if parts else []
    parts.append(_carried(b, PUTS_ON, q, name))
    return any_of(parts)


def _prep_costume(b: NightBuilder, q: str, name: str) -> Expr:
    """q picks the costume `name` in the prep phase (night 0), to wear on night 1: the
    prep ability `CostumeInPrep` lends him (`lends`), decided there."""
    if b.night != 0:
        return FALSE
    parts = []
    for j in range(b.n):
        if b.actor(j) != q:
            continue
        for c, e in b.effects(j, PrepCostume):
            keys = [canon(o) for o in e.options]
            if canon(name) in keys:
                decided = eq(b.sc.decision(j, e.options), Const(keys.index(canon(name))))
                parts.append(label(conj(c, b.sc.taken(j), decided), e.why))
    decided = any_of(parts)
    return conj(decided, _allowed(b, name, False, decided)) if parts else FALSE


def _lost_before(b: Any, q: str) -> Expr:
    """q's disguise came off before this phase by an injury (the frame's mark)."""
    parts = []
    for rule in _said(b, LostOn):
        if "injured" in rule.causes:
            who = _holds(b, q, rule.roles) if rule.roles else TRUE
            parts.append(conj(_on(b, rule), who, b.sc.marked_before(q, INJURED)))
    return any_of(parts)


def worn(b: NightBuilder, q: str, name: str) -> Expr:
    """q wears the role `name` tonight."""

    def make() -> Expr:
        x = disj(_carried(b, WEARS, q, name), _put_on(b, q, name))
        return conj(x, neg(_lost_before(b, q))) if x != FALSE else FALSE

    got: Expr = b.once(f"disguise:worn:{q}:{canon(name)}", make)
    return got


def _costume(b: NightBuilder, q: str, name: str) -> Expr:
    """q wears the role `name` tonight as the costume he put on by day."""
    return conj(worn(b, q, name), _carried(b, PUTS_ON, q, name))


def _names(b: Any) -> list[str]:
    """Every role a disguise may be (the options of the ruleset's disguises)."""
    out: dict[str, None] = {}
    for r in b.rs.roles:
        for a in r.abilities:
            for e in a.effects:
                if isinstance(e, (Disguise, Costume)):
                    out.update(dict.fromkeys(e.options))
    return list(out)


def _wearers(b: Any) -> list[str]:
    roles = [
        r
        for r in b.rs.roles
        for a in r.abilities
        if any(isinstance(e, (Disguise, Costume)) for e in a.effects)
    ]
    return [q for q in b.sc.players if any_of(b.sc.role_is(q, r) for r in roles) != FALSE]


def disguised(b: NightBuilder, q: str) -> list[tuple[str, Expr]]:
    """(role, q wears it tonight) for each role q may wear."""
    if q not in _wearers(b):
        return []
    return [(n, x) for n in _names(b) if (x := worn(b, q, n)) != FALSE]


# ----------------------------------------------------------------------------- the checks


def worn_card(b: NightBuilder, i: int, q: str, check: str) -> list[tuple[Role, Expr]]:
    """(role, when) whose card slot i's check `check` of q reads instead of q's own: the
    role q wears, when slot i's ability sees disguises or a sentence says the check of
    q's role reads the disguise."""
    pieces = disguised(b, q)
    if not pieces:
        return []
    sees = any_of(label(c, e.why) for c, e in b.effects(i, SeesDisguise))
    rules = [r for r in _said(b, WornCard) if canon(r.check) == canon(check)]
    reads = disj(sees, any_of(conj(_on(b, r), _holds(b, q, r.roles)) for r in rules))
    if reads == FALSE:
        return []
    out = []
    for name, x in pieces:
        role = b.rs.role(name)
        if role is not None:
            out.append((role, conj(reads, x)))
    return out


def worn_roles(b: NightBuilder, q: str) -> list[tuple[Role, Expr]]:
    """(role, when) whose card's items q holds too: a role he wears, when a sentence says
    a disguise's items are his (`WornItems`: a Disguise's, or a costume's)."""
    rules = _said(b, WornItems)
    out = []
    for name, x in disguised(b, q):
        role = b.rs.role(name)
        if role is None:
            continue
        costume = _costume(b, q, name)
        said = [conj(_on(b, r), costume if r.costume else neg(costume)) for r in rules]
        got = conj(x, any_of(said))
        if got != FALSE:
            out.append((role, got))
    return out


def lent(b: NightBuilder, p: str, ability: Ability) -> Expr:
    """`ability` is p's tonight by a role he wears that has it, as other kinds ask (a
    report that leaves a disguise's abilities out)."""
    parts = []
    for name, x in disguised(b, p):
        role = b.rs.role(name)
        if role is not None and ability in role.abilities:
            parts.append(x)
    return any_of(parts)


def lends(
    rs: Ruleset,
    history: History,
    held: Mapping[str, str],
    p: str,
    phase: tuple[str, int],
    decided: str | None,
) -> list[Ability]:
    """The abilities p holds beside his role's in `phase` (a case's lines may use them):
    the role he wears, when a sentence says its abilities are his (`WornAbilities`): a
    Disguise's, by night and by day (from the night after the prep phase it was put on), a
    costume's, the night after the day it was put on. `held`: each player's role."""
    del decided  # (a Disguise is worn from the prep phase: the state says so)
    if phase == ("night", 0):
        return _prep_costumes(rs, held, p)
    asks = _asks(rs, held, p) if phase[0] == "night" else []
    rules = [x for x in rs.healing if isinstance(x, WornAbilities)]
    if not rules:
        return asks
    kind = phase[0]
    names: list[str] = []
    state: tuple[Entry, ...] = history.state(WORN.name)
    for tag, q, key, _ in state:
        if q != p:
            continue
        if tag == WEARS and any(not r.costume for r in rules):
            names.append(key)
        if tag == PUTS_ON and kind == "night" and any(r.costume for r in rules):
            names.append(key)
    out: list[Ability] = list(asks)
    for name in dict.fromkeys(canon(n) for n in names):
        role = next((r for r in rs.roles if canon(r.name) == name), None)
        if role is not None:
            out.extend(role.abilities)
    return out


def _asks(rs: Ruleset, held: Mapping[str, str], p: str) -> list[Ability]:
    """The night ability `ASK` ("He may investigate if someone is disguised, but he must
    name the specific disguise.", said of an ability of p's role): one player, a role
    decided (any role of the ruleset), in the tier of the ability the sentence is said of."""
    role = rs.role(held.get(p, ""))
    if role is None:
        return []
    for a in role.abilities:
        for e in a.effects:
            if isinstance(e, AsksDisguise):
                query = DisguiseQuery(e.why, _every(rs.roles))
                return [Ability(ASK, "checks", a.frequency, (query,), aliases=(a.name,), why=e.why)]
    return []


def _prep_costumes(rs: Ruleset, held: Mapping[str, str], p: str) -> list[Ability]:
    """The prep ability "Costume" ("Once Irish/Yukiko have their selected disguises, they
    can already pick a costume, meaning they would be disguised N1.": `CostumeInPrep`)
    of a player whose role the sentence names and has a costume: a role decided, worn on
    night 1 (its options the costume's)."""
    role = rs.role(held.get(p, ""))
    if role is None:
        return []
    costumes = [e for a in role.abilities for e in a.effects if isinstance(e, Costume)]
    out = []
    for rule in (x for x in rs.healing if isinstance(x, CostumeInPrep)):
        if costumes and canon(role.name) in {canon(n) for n in rule.roles}:
            effect = PrepCostume(rule.why, costumes[0].options)
            out.append(
                Ability(PREP_COSTUME, "targets", Frequency.PREP, (effect,), targets=0, why=rule.why)
            )
    return out[:1]


# ----------------------------------------------------------------------------- the pinch


def _pinches(b: NightBuilder, q: str) -> list[tuple[int, Expr]]:
    """(slot, its pinch took place on q) for each pinch tonight."""
    return [(j, x) for j, x, _ in b.lands(Pinch, q)]


def _wears_any(b: NightBuilder, q: str) -> Expr:
    return any_of(x for _, x in disguised(b, q))


def _stripped(b: NightBuilder, q: str) -> Expr:
    """q, disguised, is pinched tonight, and a sentence says the pinch strips him."""

    def make() -> Expr:
        hits = _pinches(b, q)
        if not hits:
            return FALSE
        strips = any_of(_traits(b, b.actor(j), PinchRule, "strips") for j, _ in hits)
        return conj(any_of(x for _, x in hits), _wears_any(b, q), strips)

    got: Expr = b.once(f"disguise:stripped:{q}", make)
    return got


def arrests(b: NightBuilder, q: str) -> list[tuple[Expr, Expr, int]]:
    """A pinch of q in disguise arrests him (the crimes kind's custody), when a sentence
    says so: (it holds, the pinch's tier, its slot)."""
    rules = _said(b, PinchArrests)
    if not rules:
        return []
    on = any_of(_on(b, r) for r in rules)
    return [(conj(x, _wears_any(b, q), on), b.tiers[j], j) for j, x in _pinches(b, q)]


def stops(b: NightBuilder, i: int) -> Expr:
    """A disguised player pinched tonight fails with his actions ("their action for that
    phase will fail")."""
    return _stripped(b, b.actor(i))


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """A pinch tells its user the disguise worn ("names") or "false" ("false"); its target
    learns "pinched" ("told")."""
    out: list[TextSource] = []
    me = b.actor(i)
    for c, e in b.effects(i, Pinch):
        for q in b.sc.players:
            hit = conj(c, b.ok(i), b.aims(i, q))
            if hit == FALSE:
                continue
            names = _traits(b, me, PinchRule, "names")
            for name, x in disguised(b, q):
                gate = label(conj(hit, x, names), e.why)
                out.append(TextSource(me, gate, name, why=e.why))
            false = _traits(b, me, PinchRule, "false")
            gate = label(conj(hit, neg(_wears_any(b, q)), false), e.why)
            out.append(TextSource(me, gate, "false", why=e.why))
            told = _traits(b, me, PinchRule, "told")
            if b.reads(q):
                out.append(TextSource(q, label(conj(hit, told), e.why), "pinched", why=e.why))
    out += _answers(b, i)
    return [t for t in out if t.gate != FALSE]


def _investigable(b: NightBuilder, q: str, name: str) -> Expr:
    """The role `name` q wears can be investigated: a sentence says so of a Disguise, or of
    a costume when it is the costume he put on."""
    costume = _costume(b, q, name)
    said = [conj(_on(b, r), costume if r.costume else neg(costume)) for r in _said(b, Investigable)]
    return any_of(said)


def _answers(b: NightBuilder, i: int) -> list[TextSource]:
    """`ASK` of slot i on q, the role named R: its user learns "True" when q wears R and a
    sentence says that disguise can be investigated, else "False" (his own role named:
    "Invalid investigation, since you need to ask for the disguise -> false")."""
    out: list[TextSource] = []
    me = b.actor(i)
    for c, e in b.effects(i, DisguiseQuery):
        decided = b.sc.decision(i, e.options)
        keys = [canon(o) for o in e.options]
        for q in b.sc.players:
            hit = conj(c, b.ok(i), b.aims(i, q))
            if hit == FALSE:
                continue
            yes = any_of(
                conj(eq(decided, Const(keys.index(canon(name)))), x, _investigable(b, q, name))
                for name, x in disguised(b, q)
                if canon(name) in keys
            )
            out.append(TextSource(me, label(conj(hit, yes), e.why), "True", why=e.why))
            out.append(TextSource(me, label(conj(hit, neg(yes)), e.why), "False", why=e.why))
    return out


# ----------------------------------------------------------------------------- what a phase leaves


def _lost_tonight(b: NightBuilder, q: str) -> Expr:
    """q's disguise comes off tonight: pinched (the pinch's sentence, or a loss sentence
    naming it), house searched or arrested for being disguised (a loss sentence naming
    it)."""
    parts = [_stripped(b, q)]
    for rule in _said(b, LostOn):
        who = conj(_on(b, rule), _holds(b, q, rule.roles) if rule.roles else TRUE)
        if "pinched" in rule.causes:
            parts.append(conj(who, any_of(x for _, x in _pinches(b, q))))
        if "searched" in rule.causes:
            parts.append(conj(who, any_of(x for _, x, _ in b.lands(crimes.HouseSearch, q))))
        if "arrested" in rule.causes:
            parts.append(conj(who, _arrested_for(b, q)))
    return any_of(parts)


def _arrested_for(b: NightBuilder, q: str) -> Expr:
    """q is arrested tonight for being disguised: an arrest that holds names a phase whose
    record holds his Disguise (`X did Disguise>X`). An arrest names the phase, not the
    crime (crimes.py, R10): where q's record of that phase holds another crime too, whether
    the arrest is for the disguise is the host's open choice (`disguise:for:j`)."""
    got: crimes.Deeds = b.before(crimes.DEEDS)
    mine = [(at, k, x) for (a, k, _, at), x in got.items() if a == q]
    worn = [(at, x) for at, k, x in mine if k == DEED]
    if not worn:
        return FALSE
    parts = []
    for j, x, _ in b.lands(crimes.Accuse, q):
        holds = conj(x, crimes.accusation_holds(b, j, q))
        decided = b.sc.decision(j, crimes.ACCUSED)
        for at, deed in worn:
            named = conj(holds, eq(decided, Const(crimes.option_of(at))), deed)
            other = any_of(
                y for at2, k, y in mine if at2 == at and k != DEED and crimes.is_crime(b.rs, k)
            )
            if other == FALSE:
                parts.append(named)
                continue
            pick = b.choice(f"disguise:for:{j}", [False, True], decides=conj(named, other))
            parts.append(conj(named, disj(neg(other), pick)))
    return any_of(parts)


def _ends(b: NightBuilder, q: str, name: str) -> Expr:
    """q's costume `name` of tonight comes off when the night ends (`one_night`)."""
    costume = _carried(b, PUTS_ON, q, name)
    return conj(costume, _traits(b, q, CostumeRule, "one_night"))


def _deed(b: Any, q: str, x: Expr) -> dict[Atom, Expr]:
    """The record's `did` of a disguise put on or worn (the crimes kind's: "Disguising" is
    on the list of crimes), as an action of q on himself named "Disguise"."""
    if x == FALSE or not crimes.in_play(b.rs):
        return {}
    return {Atom(crimes.DID, q, f"{DEED}>{q}"): x}


def _on_record(b: NightBuilder, q: str) -> Expr:
    """What q puts on tonight is on the record: put on in the prep phase (night 0); worn
    tonight, a costume decided by day, when a sentence says its night is a time of the
    crime (`CostumeTimes`)."""
    if b.night == 0:
        return TRUE
    return any_of(_on(b, x) for x in _said(b, CostumeTimes) if "night" in x.phases)


def _remains(b: Any, q: str, night: bool) -> Expr:
    """q's Disguise (not a costume) is worn this phase (carried from the phase before, and by
    night not lost before it) and a sentence says it remains a crime (`DisguiseRemains`)."""
    rules = _said(b, DisguiseRemains)
    if not rules:
        return FALSE
    worn_on = any_of(_carried(b, WEARS, q, n) for n in _names(b))
    if night:
        worn_on = conj(worn_on, neg(_lost_before(b, q)))
    return conj(any_of(_on(b, x) for x in rules), worn_on)


def _may(b: NightBuilder, name: str) -> bool:
    """No sentence in force forbids a Disguise of `name` (`_allowed` not a false constant:
    where it depends on the scenario, a symbolic night, the role stays a value of the draw,
    and a draw of it gives nothing)."""
    allowed = _allowed(b, name, True)
    return not (is_const(allowed) and evaluate(allowed, {}) is False)


def _disguise_options(b: NightBuilder, q: str) -> list[str]:
    """The roles q's Disguise may take (its options: the ruleset's roles), those no
    sentence forbids him (`_allowed`, as the prep phase's Disguise)."""
    out: dict[str, None] = {}
    for r in b.rs.roles:
        if b.sc.role_is(q, r) == FALSE:
            continue
        for a in r.abilities:
            for e in a.effects:
                if isinstance(e, Disguise):
                    out.update(dict.fromkeys(n for n in e.options if _may(b, n)))
    return list(out)


def _redisguised(b: NightBuilder, q: str, lost: Expr) -> dict[str, Expr]:
    """(role, q is given it tonight, worn from the next phase) by `Redisguise`: freed from
    custody tonight, his disguise off (none worn, or `lost` tonight)."""
    said = [x for x in _said(b, Redisguise) if _holds(b, q, x.roles) != FALSE]
    if not said:
        return {}
    freed = conj(crimes.in_custody(b, q), any_of(x for _, x, _ in b.lands(crimes.Release, q)))
    names = _disguise_options(b, q)
    if freed == FALSE or not names:
        return {}
    bare = disj(neg(any_of(x for _, x in disguised(b, q))), lost)
    gate = conj(
        freed,
        bare,
        any_of(conj(_on(b, x), _holds(b, q, x.roles)) for x in said),
    )
    if gate == FALSE:
        return {}
    loc = said[0].why.loc
    pick = b.choice(f"disguise:again:{q}:{loc.line}:{loc.column}", range(len(names)), random=True)
    return {n: conj(gate, eq(pick, Const(k)), _allowed(b, n, True)) for k, n in enumerate(names)}


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    out: dict[Atom, Expr] = {}
    for q in _wearers(b):
        picked = {n: x for n in _names(b) if (x := _prep_costume(b, q, n)) != FALSE}
        new = any_of([*(_put_on(b, q, n) for n in _names(b)), *picked.values()])
        kept = _remains(b, q, night=True)
        out.update(_deed(b, q, disj(conj(new, _on_record(b, q)), kept)))
        for name, x in picked.items():  # worn the night after the prep phase
            out[Atom(PUTS_ON, q, name)] = x
        lost = _lost_tonight(b, q)
        for name, x in disguised(b, q):
            on = conj(x, neg(lost), neg(_ends(b, q, name)), outcome.alive_after[q])
            if on != FALSE:
                out[Atom(WEARS, q, name)] = on
        for name, x in _redisguised(b, q, lost).items():
            key = Atom(WEARS, q, name)
            out[key] = disj(out.get(key, FALSE), conj(x, outcome.alive_after[q]))
        for name in _names(b):
            worn_before = disj(_carried(b, HAS_WORN, q, name), _carried(b, PUTS_ON, q, name))
            if worn_before != FALSE:
                out[Atom(HAS_WORN, q, name)] = worn_before
    return out


def _spent(db: DayBuilder, q: str) -> Expr:
    """q may not put a costume on today: he has worn as many as `CostumeLimit` allows
    (costumes of other roles counted: "She can not disguise as the same role twice.").
    When `Rechoose` says he may choose again after the last, the two sentences disagree:
    whether the limit holds is the host's open choice (`ambiguous`)."""
    limits = []
    for r in _said(db, CostumeLimit):
        worn_so_far = [x for n in _names(db) if (x := _carried(db, HAS_WORN, q, n)) != FALSE]
        if len(worn_so_far) >= r.nights:
            reached = at_least(r.nights, worn_so_far)
            limits.append(conj(_on(db, r), _holds(db, q, r.roles), reached))
    limit = any_of(limits)
    if limit == FALSE:
        return FALSE
    again = [conj(_on(db, r), _holds(db, q, r.roles)) for r in _said(db, Rechoose)]
    lifted = any_of(again)
    if lifted == FALSE:
        return limit
    why = _said(db, Rechoose)[0].why
    holds = label(db.choice(f"open:costumes:{q}:{why.loc.line}", [False, True]), why)
    return conj(limit, disj(neg(lifted), holds))


def _costumes(db: DayBuilder, q: str) -> list[tuple[str, Expr]]:
    """(role, q decided it by day and it is put on) for each costume decided today."""
    out: list[tuple[str, Expr]] = []
    for i in range(db.n):
        if db.actor(i) != q:
            continue
        for c, e in db.effects(i, Costume):
            decided = db.sc.decision(i, e.options)
            for k, name in enumerate(e.options):
                at = conj(c, eq(decided, Const(k)))
                x = conj(c, db.ok(i), eq(decided, Const(k)), _allowed(db, name, False, at))
                again = conj(
                    _carried(db, HAS_WORN, q, name), _traits(db, q, CostumeRule, "not_twice")
                )
                x = conj(x, neg(again), neg(_spent(db, q)))
                if x != FALSE:
                    out.append((name, label(x, e.why)))
    return out


def day_wears(db: DayBuilder, q: str) -> list[tuple[str, Expr]]:
    """(role, q wears it today) for each role q may wear: the disguise he wore when the
    night before ended (a costume decided today is put on for the night after)."""
    if q not in _wearers(db):
        return []
    lost = _day_lost(db, q)
    return [
        (n, conj(x, neg(lost))) for n in _names(db) if (x := _carried(db, WEARS, q, n)) != FALSE
    ]


def _day_lost(db: DayBuilder, q: str) -> Expr:
    """q's disguise came off by an injury of an earlier phase (the frame's flag): as
    `_lost_before` by night ("If a player is injured and in disguise, they lose their
    disguise.": from the next phase, the day after the night of the injury too)."""
    parts = []
    for rule in _said(db, LostOn):
        if "injured" in rule.causes:
            who = _holds(db, q, rule.roles) if rule.roles else TRUE
            parts.append(conj(_on(db, rule), who, db.flagged(q, INJURED)))
    return any_of(parts)


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """The disguises carried through the day, the costumes put on for the night after,
    and those worn so far."""
    out: dict[Atom, Expr] = {}
    for (tag, q, key), x in _before(db).items():
        name = next((n for n in _names(db) if canon(n) == key), None)
        if name is not None and tag in (WEARS, HAS_WORN):
            out[Atom(tag, q, name)] = x
    for q in db.players:
        for name, x in _costumes(db, q):
            atom = Atom(PUTS_ON, q, name)
            out[atom] = disj(out.get(atom, FALSE), x)
        kept = _remains(db, q, night=False)
        out.update(_deed(db, q, disj(any_of(x for _, x in _costumes(db, q)), kept)))
    return out


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A costume decided as a role a sentence forbids, or worn before when a sentence
    says not twice, is not put on: its day action does not take place."""
    parts = []
    for c, e in db.effects(i, Costume):
        q = db.actor(i)
        decided = db.sc.decision(i, e.options)
        for k, name in enumerate(e.options):
            again = conj(_carried(db, HAS_WORN, q, name), _traits(db, q, CostumeRule, "not_twice"))
            at = conj(c, eq(decided, Const(k)))
            bad = disj(neg(_allowed(db, name, False, at)), again, _spent(db, q))
            if bad != FALSE:
                parts.append(conj(c, eq(decided, Const(k)), bad))
    return any_of(parts)


# ----------------------------------------------------------------------------- lasting state

Worn = dict[tuple[str, str, str], Expr]  # (atom kind, player, role's canon) -> it holds
_TAGS = (WEARS, PUTS_ON, HAS_WORN)
Entry = tuple[str, str, str, Why]  # (atom kind, player, role's canon, the sentence behind it)


def _cause(whys: tuple[Why, ...]) -> Why:
    """The sentence that made an atom hold (not an axiom of the frame), kept with the
    concrete state so that a later phase's atom still says why."""
    return next((w for w in whys if w.kind != "axiom"), whys[0] if whys else frame.TAKES_PLACE)


def _step(before: tuple[Entry, ...], end: PhaseEnd) -> tuple[Entry, ...]:
    return tuple(
        sorted(
            (a.kind, a.subject, canon(a.obj), _cause(end.why(a)))
            for a in end.atoms
            if a.kind in _TAGS
        )
    )


def _chain(before: Worn, end: ChainEnd) -> Worn:
    out: Worn = {}
    for a, e in end.atoms:
        if a.kind in _TAGS:
            key = (a.kind, a.subject, canon(a.obj))
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[Entry, ...], night: int) -> Worn:
    return {(tag, p, key): label(TRUE, why) for tag, p, key, why in state}


WORN = Lasting("disguises", (), _step, _chain, _view)


KIND = Kind(
    "disguise",
    (
        Disguise,
        Costume,
        CostumeRule,
        SeesDisguise,
        Pinch,
        PinchRule,
        PinchArrests,
        WornItems,
        WornAbilities,
        WornCard,
        LostOn,
        NotAs,
        Replaced,
        PrepCostume,
        CostumeInPrep,
        OnlyAs,
        CostumeLimit,
        Rechoose,
        CostumeTimes,
        DisguiseRemains,
        Redisguise,
        AsksDisguise,
        DisguiseQuery,
        Investigable,
        NoDisguiseAs,
        DisguiseAs,
    ),
    stops=stops,
    texts=texts,
    transition=transition,
    day_atoms=day_atoms,
    day_stops=day_stops,
    day_wears=day_wears,
    worn_card=worn_card,
    arrests=arrests,
    worn_roles=worn_roles,
    wears=disguised,
    lends=lends,
    lasting=(WORN,),
)
