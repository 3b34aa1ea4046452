"""Owns items and inventories, read from the GM's sentences (DCTP's cards, Steal, the GM's
list of stealable items, Agasa's watch): what a player holds, a theft by night, an item
lent by day for the night after, and what each leaves for the phases after it. Its phrases
are grammar/clause/items.lark (the roles' lines) and grammar/game/items.lark (the GM's
list), read by logic/lang/kinds/items.py and logic/lang/game_kinds/items.py (words in
grammar/lexicon/items.toml). No other file names it.

Vocabulary:
  Holds   a role trait, the card's "Items: Gun, Car-keys, Panties.": what the holder
          holds when the game begins (one of each: the cards name no item twice)
  StolenFrom  the whole game's, one line of the GM's list "Items that can be stolen from a
          role" ("Panties can be stolen from Vermouth, ... and Yukiko."): the roles named
          hold the item too; where a role has a card and is named by the list, and the
          two disagree on an item, whether he holds it is left open (the host's choice,
          for the whole game: `ambiguous` where it matters)
  Steal   a night action on one player ("Can steal one item from one person per night."):
          one item the target holds is drawn at random that night (chance's draw: the
          GM never says the thief names it), and the thief learns it (`X learns "Gun"`);
          a target who holds nothing gives nothing. The GM's rulings on it, each a field
          set by its own sentence (None: the sentence is not in the ruleset):
    gone    "An already stolen item will be gone from a player's inventory and can't be
            stolen again.": the item leaves the target's inventory for the rest of the
            game. Unsaid, it stays (a later theft may draw it again).
    kept    "Items stolen will NOT be added to the thief's inventory.": the thief holds no
            more than before. Unsaid, whether the thief now holds the item is left open
            (the host's choice: `ambiguous` where a later theft from him matters).
    shared  'If a player gets stolen from by 2 or more different thieves, all thieves will
            "get the same item."': one item is drawn for the target, and every thief of
            that night receives it. Unsaid, one item is still taken (the item is not there
            twice) and which of the thieves receives it is left open (the host's choice).
    told    "The player who was stolen from will get a notification on the item that he
            lost.": the target learns the item's name.
    counted "The target is also presented with a notice stating just how many thieves
            targeted them that night." (the Rule Clarifications', of a player "stolen from
            twice in one phase"): a target of two thieves or more learns how many
            (`X learns "2 thieves"`).
    involved "Everyone involved gets the info, that glasses were stolen and that 2 (or more)
            thiefs wanted this item." (the Steal section's): of a theft by two thieves or
            more, the target and every thief whose theft landed learn how many thieves
            there were (`X learns "2 thieves"`); said of the target, it is `counted` said
            again. Its "that glasses were stolen" is `shared`'s and `told`'s (the thieves'
            and the target's item), not read again.

  ThievesTold  the whole game's "If a player is stolen from twice in one phase, the thieves
          are made aware that they were not the only thief that night and, most
          importantly, all thieves "receive" the same item.": each thief of a player two or
          more stole from that night learns "not the only thief" (the source gives no text:
          the engine's); its second clause says `shared` again (R126).

  Lend    a day ability on one player, the item lent for the night after (Agasa's "Watch:
          Can also lend the watch to anyone for one night except for himself (and it is
          returned at the end of the night)."), with its rulings:
    protects  "The wristwatch protects the holder from attacks the night they are in
            possession of it.": no attack kills the holder (`spares`); in an order of
            healing it is "ITEM Protection" ("Watch Protection > Protection > ..."), a save
            the holder holds (`held_saves`, read by logic/effects/heal.py), so a lower one
            on him does not succeed
    breaks  "If sniped, the target will survive, but the watch will be destroyed and can't
            be used anymore.": a snipe of the holder breaks it; a later lending fails
    ItemBlocked  the game's "Protection from the tranquilizer watch can be discombobulated
            too." (the Discombobulate section's): a roleblock that lands on the holder
            tonight stops the item's protection (unsaid: it is the item's, no roleblock
            stops it)
    acts_as "Someone in possession of the bow-tie can act if he were Conan and can choose
            to Interrogate OR Investigate 3." (after "Bow-tie: Can lend it to anyone for a
            night except for himself ..."): the holder holds the night abilities of the
            role named the night he holds it (`Kind.lends`: a case's line may use them);
            one his own role has by name stays his own (the binding's)
    one     "(Not both)" (after acts_as's "... can choose to Interrogate OR Investigate
            3."): a night the holder sent two (or more) of the abilities the item lends, one
            is played and the others do not take place; which, the host's choice (`ambiguous`
            where it matters: the source says no more, as the cards' OR, logic/effects/
            either.py). Unsaid, he plays them all (the role's own OR is its holders').
    beside  "If the recipient of the Bow-tie has a normal Interrogate or Investigate due to
            his/her role, he can use both that interrogate/investigate and the normal one.":
            an ability his own role has by name is not one of those `one` counts (he uses
            his own beside the lent one). Unsaid, `one` counts it too.

The state a phase leaves is the atoms `has lost ITEM` (of the target, when `gone` is
said), `has gained ITEM` (of a thief, when `kept` is not), `broke ITEM` (of the holder a
snipe broke it on) and, of a day, `holds ITEM` (lent for the night after), carried as the
lasting state `INVENTORY`: a night reads it (what q holds is his card's and the list's
items, less what he has lost, with what he has gained; what he was lent) and drops what
was lent for it.

A disguised player holds the items of the role he wears too, while he wears it, when
the disguise kind says so (`Kind.worn_roles`: logic/effects/disguise.py). Not modelled:
an item held twice (a disguised player's two cards, "two guns"), the bow-tie's holder's own
Interrogate or Investigate used beside the lent one, the watch's notices and a higher save (Bone Breaking) that
keeps it out of play, the Black Suitcase, Kogorou sober once his alcohol is stolen. A theft is a crime because the list of crimes
says "Stealing" (logic/effects/crimes.py's record).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from logic.effects import attack, either, heal
from logic.effects.base import Kind, Lasting, Outcome, first_drawn
from logic.effects.block import Roleblock, unblockable
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
    label,
    neg,
)
from logic.model.phase import Atom, ChainEnd, PhaseEnd, TextSource
from logic.model.why import Why, canon, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.semantics import NightBuilder

LOST = "has lost"
GAINED = "has gained"
LENT = "holds"  # an item lent by day, held the night after
LENT_BY = "lent"  # (the lender, "ITEM>HOLDER"): who lent it, for the night after
BROKE = "broke"  # an item broken in its holder's hands, out of play


@dataclass(frozen=True)
class Holds:
    items: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"the holder's card: holds {', '.join(self.items)}"


@dataclass(frozen=True)
class StolenFrom:
    """The whole game's: the GM's list "Items that can be stolen from a role", one item's
    line ("Panties can be stolen from Vermouth, Chianti, ... and Yukiko.")."""

    item: str
    roles: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"{self.item} can be stolen from {', '.join(self.roles)}"


@dataclass(frozen=True)
class Steal:
    why: Why = meta()
    gone: Why | None = None
    kept: Why | None = None
    shared: Why | None = None
    told: Why | None = None
    counted: Why | None = None
    involved: Why | None = None

    def describe(self) -> str:
        said = [
            w
            for w, f in (
                ("the item is gone", self.gone),
                ("not the thief's", self.kept),
                ("every thief gets it", self.shared),
                ("the target is told", self.told),
                ("the target learns how many thieves", self.counted),
                ("the target and the thieves learn how many thieves", self.involved),
            )
            if f is not None
        ]
        return "steal: one item the target holds, drawn; the thief learns it" + (
            f" ({'; '.join(said)})" if said else ""
        )


@dataclass(frozen=True)
class Lend:
    """A day ability on one player (Agasa's "Watch: Can also lend the watch to anyone for
    one night except for himself (and it is returned at the end of the night).").
    `protects` ("The wristwatch protects the holder from attacks the night they are in
    possession of it."): no attack kills the holder the night after; `breaks` ("If
    sniped, the target will survive, but the watch will be destroyed and can't be used
    anymore."): a snipe of the holder breaks it, and it is lent no more."""

    by_day: ClassVar[bool] = True  # used by day (logic/effects/base.Effect)
    item: str
    why: Why = meta()
    protects: Why | None = None
    breaks: Why | None = None
    # "Someone in possession of the bow-tie can act if he were Conan ...": (the role, the
    # sentence): the holder holds that role's night abilities the night he holds it
    acts_as: tuple[str, Why] | None = None
    one: Why | None = None  # "(Not both)": one of the lent abilities a night
    beside: Why | None = None  # "..., he can use both that interrogate/investigate and ..."

    def describe(self) -> str:
        said = [
            w
            for w, f in (
                ("it protects from attacks", self.protects),
                ("a snipe breaks it", self.breaks),
                (f"its holder acts as {self.acts_as[0] if self.acts_as else ''}", self.acts_as),
                ("one of them a night", self.one),
                ("his own beside them", self.beside),
            )
            if f is not None
        ]
        return f"lend: the target holds the {self.item} the next night" + (
            f" ({'; '.join(said)})" if said else ""
        )


@dataclass(frozen=True)
class ItemBlocked:
    """The game's "Protection from the tranquilizer watch can be discombobulated too." (the
    Discombobulate section's): a roleblock (a discombobulation) that lands on the holder
    of `item` tonight stops the item's protection of him. Unsaid, the protection is the
    item's, not an action of the holder's: no roleblock stops it."""

    item: str  # the sentence's words for it ("tranquilizer watch")
    why: Why = meta()

    def names(self, item: str) -> bool:
        """The sentence speaks of `item` (its last word: "tranquilizer watch" is the watch)."""
        return canon(self.item.split()[-1]) == canon(item)

    def describe(self) -> str:
        return f"a roleblock of its holder stops the {self.item}'s protection"


@dataclass(frozen=True)
class ItemNotice:
    """The watch's notices (RC16, RC24; the texts are not given: `text`, the engine's):
    'If Agasa gives the watch to a player who is sniped the following night (...), Agasa is
    given a notice that the watch has been broken.' (`who` ("lender",), `when` "broken");
    'The player that distributed the watch the day before and the player that used the
    watch to protect themselves from the sniping are given a notice that the watch was used
    successfully and is now broken.' (("lender", "holder"), "broken"); 'If the watch was
    not broken but was used successfully to defend themselves, the player using the watch
    is told as much.' (("holder",), "used": an attack on him tonight, the watch protecting,
    no snipe breaking it); 'The attacker is given a notice that the attack was
    unsuccessful, whether they are sniping or not.' (reworded of the watch's holder:
    ("attacker",), "stopped": the attack on the holder the watch protected). Unsaid, no
    one is told."""

    item: str  # the sentence's word for it ("watch")
    who: tuple[str, ...]
    when: str
    why: Why = meta()

    TEXTS: ClassVar[dict[str, str]] = {
        "broken": "{item} broken",
        "used": "{item} used",
        "stopped": "attack unsuccessful",
    }

    @property
    def text(self) -> str:
        return self.TEXTS[self.when].format(item=self.item.casefold())

    def describe(self) -> str:
        return f'{" and ".join(self.who)} told "{self.text}" ({self.when})'


# ----------------------------------------------------------------------------- inventories


def universe(b: NightBuilder) -> list[str]:
    """Every item a card of the ruleset names, in a fixed order (a draw's values), each
    spelled as its first card spells it ("Car-keys", "Car-Keys": one item)."""
    got: dict[str, str] = {}
    for r in b.rs.roles:
        for t in r.traits:
            if isinstance(t, Holds):
                for i in t.items:
                    got.setdefault(canon(i), i)
    for x in _lists(b.rs):
        got.setdefault(canon(x.item), x.item)
    return [got[k] for k in sorted(got)]


def _lists(rs: Any) -> list[StolenFrom]:
    return [x for x in rs.healing if isinstance(x, StolenFrom)]


def _start(b: NightBuilder, role: Any, item: str) -> Expr:
    """The holder of `role` holds `item` when the game begins: his card says so, or the
    GM's list of what can be stolen from a role does. Where the two are both said of the
    role and disagree on the item (Haibara's card has no Panties, the list's "All
    females" has Haibara), which holds is left open (the host's choice, for the whole
    game: `ambiguous` where it matters)."""
    k = canon(item)
    cards = [t for t in role.traits if isinstance(t, Holds)]
    card = any_of(
        label(b.sc.switch(t.why), t.why) for t in cards if k in {canon(i) for i in t.items}
    )
    lists = _lists(b.rs)
    named = [x for x in lists if canon(role.name) in {canon(r) for r in x.roles}]
    listed = any_of(label(b.sc.switch(x.why), x.why) for x in named if canon(x.item) == k)
    said = (card != FALSE, listed != FALSE)
    if not cards or not named or said[0] == said[1]:
        return disj(card, listed)
    name = f"game:items:{canon(role.name)}:{k}"
    opened = b.choice(name, [False, True])
    for w in (*(t.why for t in cards), *(x.why for x in named)):  # both sides, for `check`
        opened = label(opened, w)
    return disj(conj(card, listed), conj(disj(card, listed), opened))


def _said(b: NightBuilder, why: Why | None) -> Expr:
    return FALSE if why is None else label(b.sc.switch(why), why)


def held(b: NightBuilder, q: str, item: str) -> Expr:
    """q holds `item` when the night begins: on his card (or the card of a role he
    wears, a disguise's) and not lost, or gained."""

    def make() -> Expr:
        before: Inventory = b.before(INVENTORY)
        card = any_of(conj(b.sc.role_is(q, r), _start(b, r, item)) for r in b.rs.roles)
        # the cards of the roles he wears over his own (`Kind.worn_roles`: a disguise)
        worn = [x for k in b.kinds if k.worn_roles for x in k.worn_roles(b, q)]
        card = disj(card, any_of(conj(x, _start(b, r, item)) for r, x in worn))
        lost = before.get((LOST, q, item), FALSE)
        gained = before.get((GAINED, q, item), FALSE)
        return disj(conj(card, neg(lost)), gained)

    got: Expr = b.once(f"items:held:{q}:{item}", make)
    return got


def _taken(b: NightBuilder, q: str) -> dict[str, Expr]:
    """item -> it is the item drawn from q tonight (a theft landed on q, and q held it).
    One draw a target and night: the first item q holds from the drawn place on, in the
    fixed order, so that every item q holds may be drawn and none he does not."""

    def make() -> dict[str, Expr]:
        thieves = b.lands(Steal, q)
        items = universe(b)
        if not thieves or not items:
            return {}
        hit = any_of(x for _, x, _ in thieves)
        has = [held(b, q, k) for k in items]
        out = {}
        for k, (item, picked) in enumerate(
            zip(items, first_drawn(b, f"steal:{q}", has), strict=True)
        ):
            x = conj(hit, picked)
            if x != FALSE:  # (named: the draw's domain holds wherever it is read)
                out[item] = b.define(f"items:taken:{q}:{k}", x)
        return out

    got: dict[str, Expr] = b.once(f"items:taken:{q}", make)
    return got


def taken(b: NightBuilder, q: str, item: str) -> Expr:
    """`item` (any case) is the item stolen from q tonight."""
    return any_of(x for k, x in _taken(b, q).items() if k.casefold() == item.casefold())


@dataclass(frozen=True)
class ThievesTold:
    """The whole game's "If a player is stolen from twice in one phase, the thieves are
    made aware that they were not the only thief that night and, most importantly, all
    thieves "receive" the same item.": each thief of a player two or more stole from that
    night learns `TOLD_NOT_ALONE` (the source gives no text: the engine's); `shared` (its
    second clause): every thief receives the item, as Steal's `shared` says."""

    shared: bool
    why: Why = meta()

    def describe(self) -> str:
        more = "; every thief receives the item" if self.shared else ""
        return f"thieves of one player are told they were not the only thief{more}"


TOLD_NOT_ALONE = "not the only thief"


def _thieves_told(b: NightBuilder, shared: bool = False) -> Expr:
    return any_of(
        label(b.sc.switch(x.why), x.why)
        for x in b.rs.healing
        if isinstance(x, ThievesTold) and (x.shared or not shared)
    )


def receives(b: NightBuilder, i: int, q: str) -> dict[str, Expr]:
    """item -> slot i's theft on q receives it: every thief when `shared` is said, else
    the one thief, or the one of several the host picks."""
    thieves = b.lands(Steal, q)
    hit = any_of(x for j, x, _ in thieves if j == i)  # (a symbolic slot: each role's Steal)
    if hit == FALSE:
        return {}
    others = [x for j, x, _ in thieves if j != i]
    shared = disj(any_of(_said(b, f.shared) for _, _, f in thieves), _thieves_told(b, True))
    alone = neg(any_of(others))
    if others:
        # (the pick decides only where another thief lands too and none shares: MOOT)
        where = conj(hit, neg(shared), any_of(others))
        pick = b.choice(f"steal:taker:{q}", list(range(b.n)), decides=where)
        alone = disj(alone, eq(pick, Const(i)))
    gets = b.define(f"items:gets:{i}:{q}", conj(hit, disj(shared, alone)))
    return {k: x for k, t in _taken(b, q).items() if (x := conj(gets, t)) != FALSE}


def texts(b: NightBuilder, i: int) -> list[TextSource]:
    """The thief learns the item he receives; the target, when `told` is said, the item
    he lost."""
    out: list[TextSource] = []
    me = b.actor(i)
    for c, e in b.effects(i, Steal):
        for q in b.sc.players:
            for item, x in receives(b, i, q).items():
                out.append(TextSource(me, label(conj(c, x), e.why), item, why=e.why))
            if e.told is not None:
                told = conj(c, b.ok(i), b.aims(i, q), _said(b, e.told))
                for item, x in _taken(b, q).items():
                    out.append(TextSource(q, conj(x, told), item, why=e.told))
    return out


def counts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """A player whose thefts tonight were two or more, when `counted` or `involved` is
    said, learns how many thieves there were ("2 thieves"); each of those thieves too,
    when `involved` is said; and each of his thieves, when `ThievesTold` is said, that he
    was not the only one (the two sentences give two texts: the source says both)."""
    out: list[TextSource] = []
    for q in b.sc.players:
        thieves = b.lands(Steal, q)
        slots = sorted({j for j, _, _ in thieves})
        if len(slots) < 2:
            continue
        hits = [any_of(x for j, x, _ in thieves if j == i) for i in slots]
        not_alone = _thieves_told(b)
        for j, hit in zip(slots, hits, strict=True):
            x = conj(hit, not_alone, at_least(2, hits))
            if x != FALSE:
                said_by = next(t.why for t in b.rs.healing if isinstance(t, ThievesTold))
                out.append(TextSource(b.actor(j), x, TOLD_NOT_ALONE, why=said_by))
        told = [(e.counted, e.involved) for _, _, e in thieves]
        said = any_of(
            conj(x, disj(_said(b, e.counted), _said(b, e.involved))) for _, x, e in thieves
        )
        all_told = any_of(conj(x, _said(b, e.involved)) for _, x, e in thieves)
        why = next((w for pair in told for w in pair if w is not None), None)
        if why is None:
            continue
        for n in range(2, len(slots) + 1):
            exactly = conj(at_least(n, hits), neg(at_least(n + 1, hits)))
            if conj(exactly, said) != FALSE:
                out.append(TextSource(q, conj(exactly, said), f"{n} thieves", why=why))
            by = next((e.involved for _, _, e in thieves if e.involved is not None), None)
            for i, hit in zip(slots, hits, strict=True):
                x = conj(exactly, hit, all_told)
                if by is not None and x != FALSE:
                    out.append(TextSource(b.actor(i), x, f"{n} thieves", why=by))
    return out


def _phase_texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    return [*counts(b, outcome), *notices(b)]


def notices(b: NightBuilder) -> list[TextSource]:
    """The notices of a protecting item (`ItemNotice`): to its lender, its holder and his
    attacker, when it broke tonight, saved him unbroken, or stopped the attack."""
    rules = [x for x in b.rs.healing if isinstance(x, ItemNotice)]
    out: list[TextSource] = []
    for e in _lends(b.rs) if rules else []:
        mine = [x for x in rules if canon(x.item) == canon(e.item)]
        if e.protects is None or not mine:
            continue
        for q in b.sc.players:
            held = _protects(b, q, e)
            if held == FALSE:
                continue
            hits = [(i, hit) for i, v, hit, _ in attack.attacks(b) if v == q]
            broke = _breaks(b).get(Atom(BROKE, q, e.item), FALSE)
            used = conj(held, any_of(h for _, h in hits), neg(broke))
            for x in mine:
                said = label(b.sc.switch(x.why), x.why)
                if x.when == "stopped":
                    told = [(b.actor(i), conj(held, hit)) for i, hit in hits]
                else:
                    why_now = broke if x.when == "broken" else used
                    told = [(q, why_now)] if "holder" in x.who else []
                    if "lender" in x.who:
                        told += [(p, conj(why_now, lent_by(b, p, q, e.item))) for p in b.sc.players]
                if x.when == "stopped" and "attacker" not in x.who:
                    continue
                for p, gate in told:
                    g = conj(gate, said)
                    if g != FALSE and b.reads(p):
                        out.append(TextSource(p, g, x.text, why=x.why))
    return out


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """What tonight's thefts leave: `has lost ITEM` (when `gone` is said) of each target,
    `has gained ITEM` (when `kept` is not said, left open) of each thief."""
    out: dict[Atom, Expr] = _breaks(b)
    for q in b.sc.players:
        thieves = b.lands(Steal, q)
        if not thieves:
            continue
        gone = any_of(_said(b, e.gone) for _, _, e in thieves)
        for item, x in _taken(b, q).items():
            lost = conj(x, gone)
            if lost != FALSE:
                key = Atom(LOST, q, item)
                out[key] = disj(out.get(key, FALSE), lost)
        for i in sorted({j for j, _, _ in thieves}):
            kept = any_of(conj(x, _said(b, e.kept)) for j, x, e in thieves if j == i)
            for item, x in receives(b, i, q).items():
                keeps = b.choice(f"steal:keeps:{i}:{q}", [False, True], decides=conj(x, neg(kept)))
                gained = b.define(
                    f"items:gained:{i}:{q}:{item}", conj(x, neg(kept), eq(keeps, Const(True)))
                )
                if gained != FALSE:
                    key = Atom(GAINED, b.actor(i), item)
                    out[key] = disj(out.get(key, FALSE), gained)
    return out


# ----------------------------------------------------------------------------- lent items


def _lends(rs: Any) -> list[Lend]:
    return [e for r in rs.roles for a in r.abilities for e in a.effects if isinstance(e, Lend)]


def lends(
    rs: Any,
    history: Any,
    held: Mapping[str, str],
    p: str,
    phase: tuple[str, int],
    decided: str | None,
) -> list[Any]:
    """The night abilities of the role an item lent to p for this night makes him act as
    ("Someone in possession of the bow-tie can act if he were Conan and can choose to
    Interrogate OR Investigate 3."): the items lent the day before are in the state."""
    del held, decided
    if phase[0] != "night":
        return []
    state = history.state(INVENTORY.name)
    out: list[Any] = []
    for e in _lends(rs):
        if e.acts_as is None or (LENT, p, e.item) not in state:
            continue
        role = rs.role(e.acts_as[0])
        if role is None:
            continue
        for a in role.abilities:
            if not any(getattr(x, "by_day", False) for x in a.effects) and a not in out:
                out.append(a)
    return out


def _lent_names(rs: Any, e: Lend) -> list[str]:
    """The names of the night abilities the item `e` lends (its `acts_as` role's)."""
    role = rs.role(e.acts_as[0]) if e.acts_as is not None else None
    if role is None:
        return []
    return [
        a.name for a in role.abilities if not any(getattr(x, "by_day", False) for x in a.effects)
    ]


def _own(b: NightBuilder, p: str, name: str) -> Expr:
    """p's own role has the ability `name` names."""
    letters = either.letters(name)
    return any_of(
        b.sc.role_is(p, r)
        for r in b.rs.roles
        if any(either.letters(a.name) == letters for a in r.abilities)
    )


def stops(b: NightBuilder, i: int) -> Expr:
    """Slot i does not take place: its actor holds an item whose `one` is said, slot i's is
    one of the abilities it lends, he sent another of them tonight, and the host played the
    other (with `beside` said, an ability his own role has is none of them)."""
    p = b.actor(i)
    if not any(b.actor(j) == p for j in range(b.n) if j != i):
        return FALSE
    parts: list[Expr] = []
    for e in _lends(b.rs):
        if e.one is None:
            continue
        names = _lent_names(b.rs, e)
        beside = _said(b, e.beside)
        free = [neg(conj(beside, _own(b, p, m))) for m in names]  # counted by `one`
        sent = [conj(either.sent(b, p, m), f) for m, f in zip(names, free, strict=True)]
        held = conj(lent(b, p, e.item), label(b.sc.switch(e.one), e.one))
        for k, name in enumerate(names):
            mine = conj(either.named(b, i, name), free[k])
            other = any_of(
                conj(either.sent(b, p, m, i), free[n]) for n, m in enumerate(names) if n != k
            )
            if FALSE in (mine, other, held):
                continue
            w = e.one
            played = b.choice(
                f"lend:one:{p}:{w.loc.line}:{w.loc.column}",
                list(range(len(names))),
                decides=conj(held, either.two(sent)),
            )
            parts.append(label(conj(held, mine, other, neg(eq(played, Const(k)))), w))
    return any_of(parts)


def broken(before: Inventory, item: str) -> Expr:
    """`item` broke in an earlier night (in anyone's hands)."""
    return any_of(x for (k, _, it), x in before.items() if k == BROKE and canon(it) == canon(item))


def lent(b: NightBuilder, q: str, item: str) -> Expr:
    """q holds `item` tonight: it was lent to him the day before."""
    before: Inventory = b.before(INVENTORY)
    return before.get((LENT, q, item), FALSE)


def lent_by(b: NightBuilder, p: str, q: str, item: str) -> Expr:
    """p lent `item` to q the day before (q holds it tonight)."""
    before: Inventory = b.before(INVENTORY)
    return before.get((LENT_BY, p, f"{item}>{q}"), FALSE)


def _blocked(b: NightBuilder, q: str, item: str) -> Expr:
    """A roleblock lands on q tonight and a sentence says it stops `item`'s protection
    (`ItemBlocked`; not on a holder no roleblock stops)."""
    said = [x for x in b.rs.healing if isinstance(x, ItemBlocked) and x.names(item)]
    if not said:
        return FALSE
    landed = any_of(x for _, x, _ in b.lands(Roleblock, q))
    if landed == FALSE:
        return FALSE
    return conj(
        landed,
        neg(unblockable(b, q)),
        any_of(label(b.sc.switch(x.why), x.why) for x in said),
    )


def _protects(b: NightBuilder, q: str, e: Lend) -> Expr:
    """q holds `e`'s item tonight and it protects him (not stopped: `_blocked`)."""
    assert e.protects is not None
    held = label(conj(lent(b, q, e.item), b.sc.switch(e.protects)), e.protects)
    return conj(held, neg(_blocked(b, q, e.item))) if held != FALSE else FALSE


def acts_with(b: NightBuilder, i: int, item: str) -> Expr:
    """Slot i uses an ability that `item`, lent to its actor for tonight, gives him (the
    role it makes him act as, `Lend.acts_as`: one none of his roles has)."""
    p = b.actor(i)
    mine = [r for r in b.roles if b.sc.role_is(p, r) != FALSE]
    parts = []
    for e in _lends(b.rs):
        if e.acts_as is None or canon(e.item) != canon(item):
            continue
        role = b.rs.role(e.acts_as[0])
        if role is None:
            continue
        held = lent(b, p, e.item)
        for c, ab in b.sc.abilities(i):
            if any(ab is a for r in mine for a in r.abilities):
                continue
            if any(ab is a for a in role.abilities):
                parts.append(conj(c, held, b.sc.switch(e.acts_as[1])))
    return any_of(parts)


def item_use(b: NightBuilder, i: int) -> Expr:
    """Slot i uses an ability a lent item gives its actor tonight (`acts_with`, any item)."""
    return any_of(acts_with(b, i, e.item) for e in _lends(b.rs) if e.acts_as is not None)


def spares(b: NightBuilder, q: str, i: int) -> Expr:
    """Slot i's attack on q does not kill q: q holds an item that protects its holder."""
    return any_of(_protects(b, q, e) for e in _lends(b.rs) if e.protects is not None)


def held_saves(b: NightBuilder, q: str) -> list[tuple[Expr, tuple[str, ...]]]:
    """The protection of an item q holds tonight, named for an order of healing by the
    item ("Watch Protection" of "Watch Protection > Protection > ...")."""
    return [
        (_protects(b, q, e), (f"{e.item} Protection", e.item))
        for e in _lends(b.rs)
        if e.protects is not None
    ]


def _breaks(b: NightBuilder) -> dict[Atom, Expr]:
    """A snipe of the holder of an item that a snipe breaks."""
    got: dict[Atom, Expr] = b.once("items:breaks", lambda: _broken_tonight(b))
    return dict(got)


def _broken_tonight(b: NightBuilder) -> dict[Atom, Expr]:
    out: dict[Atom, Expr] = {}
    for e in _lends(b.rs):
        if e.breaks is None:
            continue
        said = label(b.sc.switch(e.breaks), e.breaks)
        for i, q, hit, _ in attack.attacks(b):
            x = conj(hit, heal.is_snipe(b, i), lent(b, q, e.item), said)
            if x != FALSE:
                key = Atom(BROKE, q, e.item)
                out[key] = disj(out.get(key, FALSE), x)
    return out


def day_stops(db: DayBuilder, i: int) -> Expr:
    """A lending of an item that broke before does not take place (why: the sentence that
    says a snipe breaks it)."""
    before: Inventory = db.before(INVENTORY)
    return any_of(
        conj(c, label(broken(before, e.item), e.breaks))
        for c, e in db.effects(i, Lend)
        if e.breaks is not None
    )


def day_atoms(db: DayBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    """Who holds a lent item the night after the day (`holds ITEM`)."""
    out: dict[Atom, Expr] = {}
    for i in range(db.n):
        for c, e in db.effects(i, Lend):
            for q in db.players:
                x = conj(c, db.ok(i), db.sc.aims(i, q))
                if x != FALSE:
                    key = Atom(LENT, q, e.item)
                    out[key] = disj(out.get(key, FALSE), label(x, e.why))
                    if any(isinstance(n, ItemNotice) for n in db.rs.healing):  # (its lender)
                        by = Atom(LENT_BY, db.actor(i), f"{e.item}>{q}")
                        out[by] = disj(out.get(by, FALSE), label(x, e.why))
    return out


# ----------------------------------------------------------------------------- lasting state

Inventory = dict[tuple[str, str, str], Expr]  # (has lost / has gained, player, item) -> holds


_KEPT = (LOST, GAINED, BROKE)  # for good
_LENDING = (LENT, LENT_BY)  # for the night after the day


def _step(
    before: tuple[tuple[str, str, str], ...], end: PhaseEnd
) -> tuple[tuple[str, str, str], ...]:
    """A night adds what it took, gave and broke, and the items lent for it go back; a
    day adds the items it lent."""
    if end.kind != "night":
        got = {(a.kind, a.subject, a.obj) for a in end.atoms if a.kind in _LENDING}
        return tuple(sorted(set(before) | got))
    kept = {x for x in before if x[0] not in _LENDING}
    got = {(a.kind, a.subject, a.obj) for a in end.atoms if a.kind in _KEPT}
    return tuple(sorted(kept | got))


def _chain(before: Inventory, end: ChainEnd) -> Inventory:
    night = end.kind == "night"
    out = {k: x for k, x in before.items() if not (night and k[0] in _LENDING)}
    for a, e in end.atoms:
        if a.kind in (_KEPT if night else _LENDING):
            key = (a.kind, a.subject, a.obj)
            out[key] = disj(out.get(key, FALSE), e)
    return out


def _view(state: tuple[tuple[str, str, str], ...], night: int) -> Inventory:
    return {key: TRUE for key in state}


INVENTORY = Lasting("inventory", (), _step, _chain, _view)


KIND = Kind(
    "items",
    (Holds, StolenFrom, Steal, Lend, ThievesTold, ItemBlocked, ItemNotice),
    texts=texts,
    phase_texts=_phase_texts,
    transition=transition,
    spares=spares,
    item_use=item_use,
    stops=stops,
    held_saves=held_saves,
    day_stops=day_stops,
    day_atoms=day_atoms,
    lends=lends,
    lasting=(INVENTORY,),
)
