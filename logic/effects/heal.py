"""Owns the order of healing and what a save costs: which of several saves on an attacked
player succeeds, injuries, and snipes (attacks that some saves do not stop).

Vocabulary:
  HealingOrder  "Voice of Reason > Bone Breaking > ... > Healing > First Aid": the groups
                of saves, highest first. An item names abilities by their name's root
                ("Healing": Heal, "Protection": Protect). Without it, or without
                OrderDecides, every save on an attacked player succeeds
  OrderDecides  "... the one with the highest priority will succeed as all others fail.":
                of the saves on an attacked player, those of the highest group succeed and
                the others fail
  OrderSkips    "In the event the action with the highest priority was hindered (...), the
                healing action with the next highest priority will succeed in its place.":
                a save that did not take place (hindered) counts for nothing, so the next
                one succeeds in its place. Without it, a save sent of a higher group beats
                the lower ones whether it took place or not (R118)
  Injury        on a save: when it succeeds, the saved target (`target`: "will instead
                become injured") or the saver ("If Ran successfully protects, she will
                become injured.") is injured, for the rest of the game: the mark
                `injured`, and the player's own abilities do not take place on later
                phases (a faction's kill is not an ability of the role); `fails`: the
                target's actions that night fail too ("because he got injured")
  SnipesOnly    on a save: it stops snipes alone (Bone Breaking)
  InjuresAttacker  on a save: the sniper whose snipe it stops is injured; an injured
                sniper's kill is a plain kill
  Unmask        on a save: when it succeeds, the target and the saver learn the names of
                the attackers, unless it was a snipe
  SaverKnows    on a save: when it succeeds (keeps its target alive), its user is told
                so ("you saved your target", the engine's text)
  SaveKnown     on a save: when it succeeds, the saved player (and with `attacker`, each
                attacker it kept from him) learns the save's keyword, not who saved
  SaveTold      said of the game: an attacker (of a group, when named) whose victim a save
                kept alive learns which save it was, by its keyword ("Heal", "Protect")
  Sniper        a role trait: the kill its holder carries out for the faction is a snipe
  InjuredUse    "Players that are injured may still use items such as the bow-tie.": an
                injured player's night ability that an item he holds lends him (the
                bow-tie's, `Kind.item_use`) takes place all the same (R125)
  Bypass        "Sniping bypasses all types of healing and first aid.": a snipe is not
                stopped by the saves of these names
  Intercede     "When someone is protected, the protected will survive, but the protector
                himself dies instead.": against a snipe, a save of these names holds, and
                its user dies
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from logic.effects.attack import Protect, attacked, attacks
from logic.effects.base import Death, Kind, Outcome, item_use, member_named
from logic.effects.inquiry import keyword
from logic.model.expr import FALSE, Expr, any_of, conj, disj, label, neg
from logic.model.phase import Atom, TextSource
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from logic.model.day import DayBuilder
    from logic.model.ir import Ability, Role, Ruleset
    from logic.model.semantics import NightBuilder

INJURED = "injured"


@dataclass(frozen=True)
class HealingOrder:
    groups: tuple[tuple[str, ...], ...]  # highest first
    why: Why = meta()

    def describe(self) -> str:
        return "order of healing: " + " > ".join("/".join(g) for g in self.groups)


@dataclass(frozen=True)
class OrderDecides:
    why: Why = meta()

    def describe(self) -> str:
        return "of the saves on an attacked player, the highest group in the order succeeds"


@dataclass(frozen=True)
class OrderSkips:
    why: Why = meta()

    def describe(self) -> str:
        return "a save hindered is passed over for the next in the order of healing"


@dataclass(frozen=True)
class Injury:
    target: bool
    why: Why = meta()
    fails: Why | None = None

    def describe(self) -> str:
        who = "the saved target" if self.target else "the saver"
        extra = "; the target's actions that night fail" if self.fails else ""
        return f"injury: {who} is injured when the save succeeds{extra}"


@dataclass(frozen=True)
class InjuredItems:
    """'An injured BO can still kill at night and use items like the black suitcase and the
    bow-tie.' (the Vengeance section's "However, he can still regularly kill at night and
    use items like black suitcase and bow-tie/watch.", its "he" the injured member of the
    sentence before): an injured player of `group` still takes an action with an ability an
    item he holds gives him (`Kind.item_use`: a lent bow-tie's, the Black Suitcase's).
    Unsaid, an injury stops those too (R163)."""

    group: str
    why: Why = meta()

    def describe(self) -> str:
        return f"an injured {self.group} still uses items"


@dataclass(frozen=True)
class SnipesOnly:
    """On a save: it stops snipes alone ("This target will be protected completly in case
    he/she was about to get sniped."; "If the target was killed in another way than
    sniping, then the target will die")."""

    why: Why = meta()

    def describe(self) -> str:
        return "the save stops a snipe, and no other attack"


@dataclass(frozen=True)
class InjuredUse:
    why: Why = meta()

    def describe(self) -> str:
        return "an injured player still uses the abilities items lend him"


@dataclass(frozen=True)
class InjuresAttacker:
    """On a save: when it stops a snipe, the sniper is injured ("The sniper will fail his
    killing and will get injured as a result."); `ends_snipes`: an injured sniper's kill
    is a plain kill ("The sniper can't use snipe anymore, but can still kill normally.")."""

    why: Why = meta()
    ends_snipes: Why | None = None

    def describe(self) -> str:
        return "when the save stops a snipe, the sniper is injured"


@dataclass(frozen=True)
class Unmask:
    """On a save: when it succeeds against an attack that is not a snipe, the saved target
    and the saver learn who attacked ("The Protected individual and the Protector then
    learns the identity of the attacker(!)")."""

    why: Why = meta()

    def describe(self) -> str:
        return "when the save succeeds, the target and the saver learn who attacked (not a sniper)"


SAVED = "you saved your target"  # what a saver who `SaverKnows` is told (the engine's text)


@dataclass(frozen=True)
class SaverKnows:
    """On a save: when it succeeds, its user learns so ("If successfully healed, the healer
    will know that he successfully healed."): `X learns "you saved your target"` (the
    source gives no text: the engine's)."""

    why: Why = meta()

    def describe(self) -> str:
        return "when the save succeeds, the saver is told so"


@dataclass(frozen=True)
class SaveKnown:
    """On a save: when it succeeds, the saved player learns the save's keyword (logic/
    effects/inquiry.py's `keyword`: "Heal" for a heal or a first aid), and with `attacker`
    each attacker it kept him from too ("The target and the attacker will be notified that
    the target was healed, but not by whom."; "The protected also learns if he was
    Protected.": the saved alone). The saver is not named ("but not by whom")."""

    why: Why = meta()
    attacker: bool = False

    def describe(self) -> str:
        who = (
            "the saved player and the attacker learn"
            if self.attacker
            else "the saved player learns"
        )
        return f"when the save succeeds, {who} the save's keyword"


@dataclass(frozen=True)
class SaveTold:
    """Said of the game: when a save that succeeds keeps an attacked player alive, each
    attacker of `group` (any attacker: None) learns the save's keyword (logic/effects/
    inquiry.py's `keyword`: "Heal" for a heal or a first aid) ("If a member of the Black
    Org attacks a player and that player is saved from death as a result of healing,
    protection, first aid, or anything of the sort, the attacker is informed that healing or
    protecting was in effect (see Keywords for more information on which to report).").
    `names`: the saves it is said of (roots, as `Bypass`'s); empty: any save ("or anything
    of the sort"). A save held by an item (the watch) is no slot's action: not told.
    `target`: the saved player is told, not the attacker; `snipes`: only a save from a
    snipe ("If a protector protects a target from sniping, the target is made aware of the
    fact they were protected (despite the fact that the protector is dead).")."""

    group: str | None
    names: tuple[str, ...]
    why: Why = meta()
    target: bool = False
    snipes: bool = False

    def describe(self) -> str:
        who = f"a member of {self.group}" if self.group else "an attacker"
        if self.target:
            who = "the player"
        saves = ", ".join(self.names) if self.names else "any save"
        against = " from a snipe" if self.snipes else ""
        return f"{who} whose life {saves} saved{against} learns the save's keyword"


@dataclass(frozen=True)
class Sniper:
    why: Why = meta()

    def describe(self) -> str:
        return "sniper: the kill the holder carries out is a snipe"


@dataclass(frozen=True)
class Bypass:
    names: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"a snipe is not stopped by {', '.join(self.names)}"


@dataclass(frozen=True)
class Intercede:
    names: tuple[str, ...]
    why: Why = meta()

    def describe(self) -> str:
        return f"against a snipe, the user of {', '.join(self.names)} dies in the target's place"


def root(name: str) -> str:
    """'Protection', 'Protect' -> 'protect'; 'Healing', 'Heal' -> 'heal'; 'First-Aid',
    'First Aid' -> 'firstaid'; 'Bone Breaker', 'Bone Breaking' -> 'bonebreak'."""
    w = "".join(name.casefold().replace("-", " ").split())
    for suffix in ("ion", "ing", "er", "s"):  # ("Bone Breaker": the breaking's)
        if w.endswith(suffix) and len(w) > len(suffix) + 2:
            w = w[: -len(suffix)]
            break
    return w[:-1] if w.endswith("e") and len(w) > 3 else w


def save_orders(orders: list[Any], roles: list[Any]) -> tuple[list[Any], list[HealingOrder]]:
    """Of the orders of a ruleset's lines ("A > B > C", read as orders of actions), those
    whose every item names a save of the roles' (an ability that protects, by its name or
    its root: "Protect", "Heal", "Bone Breaker") or a protection ("Watch protection"): an
    order of healing said again where no heading says so (DCTP's abilities' sections).
    Returns (the orders left, the orders of healing)."""
    saves = {
        n
        for r in roles
        for a in r.abilities
        if any(isinstance(e, Protect) for e in a.effects)
        for n in _names(a)
    }
    kept: list[Any] = []
    found: list[HealingOrder] = []
    for order in orders:
        words = [w for group in order.items for w, _ in group]
        if len(words) > 1 and all(
            isinstance(w, str) and (root(w) in saves or root(w).endswith("protect")) for w in words
        ):
            groups = tuple(tuple(w for w, _ in group) for group in order.items)
            found.append(HealingOrder(groups, order.why))
        else:
            kept.append(order)
    return kept, found


def _names(ab: Ability) -> set[str]:
    return {root(n) for n in (ab.name, *ab.aliases)}


def _rules(rs: Ruleset, kind: type) -> list[object]:
    return [x for x in rs.healing if isinstance(x, kind)]


def rank(rs: Ruleset, ab: Ability) -> int:
    """The save's group in the order of healing (0 highest); unlisted: below all."""
    return rank_of(rs, _names(ab))


def rank_of(rs: Ruleset, names: set[str]) -> int:
    """The group in the order of healing of a save called by one of `names` (roots):
    its depth among the orders said (`levels`); unlisted: below all."""
    ranks = levels(tuple(x for x in _rules(rs, HealingOrder) if isinstance(x, HealingOrder)))
    if not ranks:
        return 0
    got = [ranks[n] for n in names if n in ranks]
    return min(got) if got else max(ranks.values()) + 1


def levels(orders: tuple[HealingOrder, ...]) -> dict[str, int]:
    """root -> its group in the orders of healing said, merged (`merged`); where they
    disagree (refused when the ruleset is read: logic/lang/assemble/finish.py), the first."""
    got = merged(orders)
    if got is None:
        return {root(n): k for k, group in enumerate(orders[0].groups) for n in group}
    return got


@lru_cache(maxsize=64)
def merged(orders: tuple[HealingOrder, ...]) -> dict[str, int] | None:
    """root -> its group in the orders of healing said, merged: an order said again, whole or
    in part ("Bone Breaker > Watch protection > Protect > Heal > First Aid" in the abilities'
    sections beside the section's "Voice of Reason > Bone Breaking > ... > First Aid"), says
    each save it names comes after those before it; a save's group is the longest chain of
    saves above it. None: the orders disagree (a save above another in one, below it in
    another)."""
    above: dict[str, set[str]] = {}
    for order in orders:
        roots = [{root(n) for n in group} for group in order.groups]
        for k, group in enumerate(roots):
            for n in group:
                above.setdefault(n, set()).update(*roots[:k])
    got: dict[str, int] = {}

    def depth(n: str, seen: frozenset[str]) -> int | None:
        if n in seen:
            return None  # (a cycle: the orders disagree)
        if n not in got:
            ds = [depth(m, seen | {n}) for m in above[n]]
            if None in ds:
                return None
            got[n] = 1 + max((d for d in ds if d is not None), default=-1)
        return got[n]

    if any(depth(n, frozenset()) is None for n in above):
        return None
    return got


def held_saves(b: NightBuilder, q: str) -> list[tuple[Expr, int]]:
    """(it holds, its group) for each save q holds tonight that is no slot's action (an
    item's, `Kind.held_saves`), when the order of healing ranks it."""
    out = []
    for k in b.kinds:
        if k.held_saves:
            for x, names in k.held_saves(b, q):
                out.append((x, rank_of(b.rs, {root(n) for n in names})))
    return out


def _order_why(rs: Ruleset) -> Why | None:
    found = _rules(rs, HealingOrder)
    return found[0].why if found and isinstance(found[0], HealingOrder) else None


def _decides(rs: Ruleset) -> tuple[Why, ...] | None:
    """The sentences that make the order of healing decide which save succeeds (the order
    and what it does, `OrderDecides`), or None when one of them is not said."""
    order = _order_why(rs)
    decides = [x for x in _rules(rs, OrderDecides) if isinstance(x, OrderDecides)]
    if order is None or not decides:
        return None
    return (order, decides[0].why)


def _skips(rs: Ruleset) -> Why | None:
    found = _rules(rs, OrderSkips)
    return found[0].why if found and isinstance(found[0], OrderSkips) else None


def _sent(b: NightBuilder, j: int, q: str, ab: Ability) -> Expr:
    """Slot j sends `ab` at q tonight, whether it takes place or not."""
    return any_of(
        conj(c, b.sc.switch(e.why), b.aims(j, q))
        for c, a in b.sc.abilities(j)
        if a is ab
        for e in a.effects
        if isinstance(e, Protect)
    )


def saves_on(b: NightBuilder, q: str) -> list[tuple[int, Expr, Ability, Protect]]:
    """(slot, its save took place on q, its ability, the save) for each save tonight."""
    return b.once(f"heal:saves:{q}", lambda: _saves(b, q))


def _saves(b: NightBuilder, q: str) -> list[tuple[int, Expr, Ability, Protect]]:
    out = []
    for j in range(b.n):
        for c, ab in b.sc.abilities(j):
            for e in ab.effects:
                if isinstance(e, Protect):
                    x = conj(c, b.sc.switch(e.why), b.ok(j), b.aims(j, q))
                    if x != FALSE:
                        out.append((j, x, ab, e))
    return out


def succeeds(b: NightBuilder, j: int, q: str, ability: Ability | None = None) -> Expr:
    """Slot j's save on q (by `ability`, when given: a slot of a symbolic night may carry
    the abilities of every role) succeeds: q is attacked, it took place on q, and no save
    of a higher group did. (Made once a phase: the injuries, interceding and the kinds ask
    it of every slot and player, and each asks every other save; DCTP's 5-player night
    spent most of its build here.)"""
    key = f"heal:succeeds:{j}:{q}:{'' if ability is None else id(ability)}"
    return b.once(key, lambda: _succeeds(b, j, q, ability))


def _succeeds(b: NightBuilder, j: int, q: str, ability: Ability | None) -> Expr:
    mine = [
        (x, ab) for k, x, ab, _ in saves_on(b, q) if k == j and (ability is None or ab is ability)
    ]
    if not mine:
        return FALSE
    whys = _decides(b.rs)
    if whys is None:  # (no order, or nothing says what it does: every save succeeds)
        return any_of(conj(x, _stoppable(b, q, ab)) for x, ab in mine)
    skips = _skips(b.rs)
    out = []
    for x, ab in mine:
        higher = [  # (a save that stops none of the attacks does not count: Bone Breaking)
            conj(y, _stoppable(b, q, other))
            if skips is not None
            else label(conj(disj(y, _sent(b, k, q, other)), _stoppable(b, q, other)), whys[0])
            for k, y, other, _ in saves_on(b, q)
            if _rank(b, other) < _rank(b, ab)
        ]
        if skips is not None and higher:
            higher = [label(h, skips) for h in higher]
        # a save held (an item's) of a higher group: it stops every attack
        higher += [y for y, k in held_saves(b, q) if k < _rank(b, ab)]
        beaten = any_of(higher)
        if beaten != FALSE:
            switches = conj(*(b.sc.switch(w) for w in whys))
            beaten = label(label(conj(beaten, switches), whys[0]), whys[1])
        out.append(conj(x, neg(beaten), _stoppable(b, q, ab)))
    return any_of(out)


def _rank(b: NightBuilder, ab: Ability) -> int:
    """`rank`, made once a phase for each ability."""
    return b.once(f"heal:rank:{id(ab)}", lambda: rank(b.rs, ab))


def _stoppable(b: NightBuilder, q: str, ab: Ability) -> Expr:
    """An attack on q took place that a save by `ab` stops (a snipe is not stopped by a
    save it bypasses: "If sniped, the target will still die and won't be saved"). Made
    once a phase for each player and ability."""
    return b.once(f"heal:stoppable:{q}:{id(ab)}", lambda: _stoppable_now(b, q, ab))


def _stoppable_now(b: NightBuilder, q: str, ab: Ability) -> Expr:
    bypass = [x for x in _rules(b.rs, Bypass) if isinstance(x, Bypass)]
    names = {root(n) for x in bypass for n in x.names}
    only = next((e for e in ab.effects if isinstance(e, SnipesOnly)), None)
    if only is not None:
        on = b.sc.switch(only.why)
        return any_of(conj(hit, is_snipe(b, i), on) for i, v, hit, _ in attacks(b) if v == q)
    if not (_names(ab) & names):
        return attacked(b, q)
    return any_of(conj(hit, neg(is_snipe(b, i))) for i, v, hit, _ in attacks(b) if v == q)


def is_snipe(b: NightBuilder, i: int) -> Expr:
    """Slot i's kill is a snipe (for the kinds that a snipe changes: an item it breaks)."""
    return b.once(f"heal:snipe:{i}", lambda: _snipe(b, i))


def _snipe(b: NightBuilder, i: int) -> Expr:
    """Slot i's kill is a snipe: it is the faction's kill, carried out by a sniper."""
    if b.sc.slots[i].kind != "kill":
        return FALSE
    parts = []
    for role in b.roles:
        for t in role.traits:
            if isinstance(t, Sniper):
                parts.append(label(conj(b.sc.role_is(b.actor(i), role), b.sc.switch(t.why)), t.why))
    for k in b.kinds:  # a role whose statuses the killer holds tonight (a covered sniper's)
        for role, x in k.borrows(b, b.actor(i)) if k.borrows is not None else ():
            for t in role.traits:
                if isinstance(t, Sniper):
                    parts.append(label(conj(x, b.sc.switch(t.why)), t.why))
    snipe = any_of(parts)
    if snipe == FALSE:
        return snipe
    for e in _all(b.roles, InjuresAttacker):  # an injured sniper kills normally
        if e.ends_snipes is not None:
            hurt = conj(b.sc.marked_before(b.actor(i), INJURED), b.sc.switch(e.ends_snipes))
            snipe = conj(snipe, neg(label(hurt, e.ends_snipes)))
            break
    return snipe


def _all(roles: Sequence[Role], kind: type) -> list[Any]:
    """Every effect of `kind` the roles' abilities carry."""
    return [e for r in roles for a in r.abilities for e in a.effects if isinstance(e, kind)]


def saves_against(b: NightBuilder, q: str, i: int) -> Expr | None:
    """The saves that stop slot i's attack on q, when it may be a snipe (None: it is not
    one, every save counts)."""
    snipe = is_snipe(b, i)
    bypass = [x for x in _rules(b.rs, Bypass) if isinstance(x, Bypass)]
    saves = saves_on(b, q)
    only = [any(isinstance(e, SnipesOnly) for e in ab.effects) for _, _, ab, _ in saves]
    if (snipe == FALSE or not bypass) and not any(only):
        return None
    names = {root(n) for x in bypass for n in x.names}
    plain, held = [], []
    for (_, x, ab, e), snipes_only in zip(saves, only, strict=True):
        if not snipes_only:
            plain.append(label(x, e.why))
        if not _names(ab) & names:
            held.append(label(x, e.why))
    if bypass:
        snipe = label(conj(snipe, b.sc.switch(bypass[0].why)), bypass[0].why)
    return disj(conj(neg(snipe), any_of(plain)), conj(snipe, any_of(held)))


def deaths(b: NightBuilder) -> list[Death]:
    """Against a snipe, the user of an interceding save dies in the target's place."""
    rules = [x for x in _rules(b.rs, Intercede) if isinstance(x, Intercede)]
    if not rules:
        return []
    names = {root(n) for x in rules for n in x.names}
    out: list[Death] = []
    for i, q, hit, _ in attacks(b):
        snipe = is_snipe(b, i)
        if snipe == FALSE:
            continue
        for j, _, ab, _ in saves_on(b, q):
            if _names(ab) & names:  # (a save that failed in the order of healing: no death)
                on = b.sc.switch(rules[0].why)
                cond = label(conj(hit, snipe, succeeds(b, j, q, ab), on), rules[0].why)
                # (in the saver's own step: the save was made before the saver died)
                out.append((b.actor(j), b.tiers[j], cond))
    return out


def _injuries(b: NightBuilder) -> list[tuple[int, Ability, Injury]]:
    return [
        (j, ab, e)
        for j in range(b.n)
        for c, ab in b.sc.abilities(j)
        for e in ab.effects
        if isinstance(e, Injury)
    ]


def _injured_tonight(b: NightBuilder, p: str, failing: bool) -> Expr:
    """p is injured tonight by a save that succeeded (`failing`: only those whose
    injury makes the target's actions fail that night)."""
    out = []
    for j, ab, e in _injuries(b):
        if e.target:
            if failing and e.fails is None:
                continue
            why = e.fails if failing and e.fails else e.why
            on = conj(b.sc.switch(e.why), b.sc.switch(why))
            out.append(label(conj(succeeds(b, j, p, ab), on), why))
        elif not failing and b.actor(j) == p:
            won = any_of(succeeds(b, j, q, ab) for q in b.sc.players)
            out.append(label(conj(won, b.sc.switch(e.why)), e.why))
    if not failing:  # a sniper whose snipe a bone breaking stopped
        out.append(broken_tonight(b, p))
    return any_of(out)


def broken_tonight(b: NightBuilder, p: str) -> Expr:
    """p is injured tonight by a bone breaking: a save that stops a snipe alone stopped
    p's snipe (InjuresAttacker)."""
    out = []
    for j, ab, breaker in _breakers(b):
        for i, q, hit, _ in attacks(b):
            if b.actor(i) == p:
                on = b.sc.switch(breaker.why)
                broke = conj(hit, is_snipe(b, i), succeeds(b, j, q, ab), on)
                out.append(label(broke, breaker.why))
    return any_of(out)


def hurt_saving(b: NightBuilder, p: str) -> Expr:
    """p is injured tonight because a save of p's own succeeded (Ran's "If Ran successfully
    protects, she will become injured."), not because a save landed on p (a first aid)."""
    out = []
    for j, ab, e in _injuries(b):
        if not e.target and b.actor(j) == p:
            won = any_of(succeeds(b, j, q, ab) for q in b.sc.players)
            out.append(label(conj(won, b.sc.switch(e.why)), e.why))
    return any_of(out)


def _breakers(b: NightBuilder) -> list[tuple[int, Ability, InjuresAttacker]]:
    return [
        (j, ab, e)
        for j in range(b.n)
        for c, ab in b.sc.abilities(j)
        for e in ab.effects
        if isinstance(e, InjuresAttacker)
    ]


def stops(b: NightBuilder, i: int) -> Expr:
    """An injured player's abilities do not take place; a target injured tonight (First
    Aid) fails with every action of the night."""
    hurts = _all(b.roles, Injury) + _all(b.roles, InjuresAttacker)
    if not hurts:
        return FALSE
    p = b.actor(i)
    parts = [_injured_tonight(b, p, failing=True)]
    if b.sc.slots[i].kind == "ability":
        hurt = label(b.sc.marked_before(p, INJURED), hurts[0].why)
        if hurt != FALSE:
            parts.append(conj(hurt, neg(_item_allowed(b, i))))
    return any_of(parts)


def _item_allowed(b: NightBuilder, i: int) -> Expr:
    """Slot i uses an item's ability, which an injury does not stop when a sentence says
    so: of any injured player (`InjuredUse`, RC26's) or of a player of the group named
    (`InjuredItems`: "An injured BO can still ... use items"). The item's use asked once."""
    any_player = [x for x in b.rs.healing if isinstance(x, InjuredUse)]
    of_group = [x for x in b.rs.healing if isinstance(x, InjuredItems)]
    if not any_player and not of_group:
        return FALSE
    uses = item_use(b, i)
    if uses == FALSE:
        return FALSE
    p = b.actor(i)
    said = [label(b.sc.switch(x.why), x.why) for x in any_player]
    said += [conj(member_named(b, p, r.group), label(b.sc.switch(r.why), r.why)) for r in of_group]
    return conj(uses, any_of(said))


def day_stops(db: DayBuilder, i: int) -> Expr:
    """An injured player's day abilities do not take place either ("Injured: Player unable
    to use any abilities"), as their night ones (`stops`)."""
    hurts = _all(db.sc.roles(), Injury) + _all(db.sc.roles(), InjuresAttacker)
    if not hurts:
        return FALSE
    return label(db.flagged(db.actor(i), INJURED), hurts[0].why)


def day_hinders(db: DayBuilder, p: str) -> Expr:
    """An injured player's day abilities are stopped, used or not (`day_stops`' reason)."""
    hurts = _all(db.sc.roles(), Injury) + _all(db.sc.roles(), InjuresAttacker)
    if not hurts:
        return FALSE
    return label(db.flagged(p, INJURED), hurts[0].why)


def unmasked(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """The names of the attackers a successful save unmasks, told to its target and its
    user (a snipe's attacker is not named)."""
    out: list[TextSource] = []
    for q in b.sc.players:
        for j, _, ab, _ in saves_on(b, q):
            e = next((x for x in ab.effects if isinstance(x, Unmask)), None)
            if e is None:
                continue
            pieces = tuple(
                (conj(hit, neg(is_snipe(b, i))), b.actor(i))
                for i, v, hit, _ in attacks(b)
                if v == q
            )
            told = conj(succeeds(b, j, q, ab), any_of(x for x, _ in pieces), b.sc.switch(e.why))
            gate = label(told, e.why)
            if gate == FALSE:
                continue
            for who in dict.fromkeys((q, b.actor(j))):
                if b.reads(who):
                    out.append(TextSource(who, gate, None, pieces, e.why))
    return out


def told(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """The keyword of a successful save told to the attackers whose victim it kept alive,
    or to the player it saved (`SaveTold`)."""
    out: list[TextSource] = []
    for rule in (x for x in _rules(b.rs, SaveTold) if isinstance(x, SaveTold)):
        named = {root(n) for n in rule.names}
        for i, q, hit, _ in attacks(b):
            who = q if rule.target else b.actor(i)
            if not b.reads(who):
                continue
            parts = [hit, neg(outcome.died.get(q, FALSE)), b.sc.switch(rule.why)]
            if rule.group:
                parts.append(b.member(b.actor(i), rule.group))
            if rule.snipes:
                parts.append(is_snipe(b, i))
            for j, _, ab, _ in saves_on(b, q):
                if named and not (_names(ab) & named):
                    continue
                gate = label(conj(*parts, succeeds(b, j, q, ab)), rule.why)
                if gate != FALSE:
                    out.append(TextSource(who, gate, keyword(b.rs, ab), (), rule.why))
    return out


def known(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    """A successful save told by its own sentences: to its user (`SaverKnows`), to the
    saved player and the attackers it kept from him (`SaveKnown`)."""
    out: list[TextSource] = []
    for q in b.sc.players:
        for j, _, ab, _ in saves_on(b, q):
            for e in ab.effects:
                if not isinstance(e, (SaverKnows, SaveKnown)):
                    continue
                # (it succeeded: it kept him alive, as `told`'s)
                alive = neg(outcome.died.get(q, FALSE))
                ok = conj(succeeds(b, j, q, ab), alive, b.sc.switch(e.why))
                if isinstance(e, SaverKnows):
                    got = [(b.actor(j), ok, SAVED)]
                else:
                    word = keyword(b.rs, ab)
                    got = [(q, ok, word)]
                    if e.attacker:  # (each attacker whose attack on q the save stopped)
                        got += [
                            (b.actor(i), conj(ok, h), word) for i, v, h, _ in attacks(b) if v == q
                        ]
                for who, x, text in got:
                    gate = label(x, e.why)
                    if gate != FALSE and b.reads(who):
                        out.append(TextSource(who, gate, text, (), e.why))
    return out


def _texts(b: NightBuilder, outcome: Outcome) -> list[TextSource]:
    return unmasked(b, outcome) + told(b, outcome) + known(b, outcome)


def transition(b: NightBuilder, outcome: Outcome) -> dict[Atom, Expr]:
    out: dict[Atom, Expr] = {}
    hurts = [e for _, _, e in _injuries(b)] + [e for _, _, e in _breakers(b)]
    # (a mark carried from an earlier phase cites an injury: tonight's, or any the roles
    # give; an injury of a day, logic/effects/retaliate.py, is carried on all the same)
    said = hurts or _all(b.roles, Injury) + _all(b.roles, InjuresAttacker)
    if not said:
        return out
    why = said[0].why
    for p in b.sc.players:
        now = _injured_tonight(b, p, failing=False) if hurts else FALSE
        before = b.sc.marked_before(p, INJURED)
        if now != FALSE or before != FALSE:  # (an injury of an earlier phase, said again:
            # a chain's night says it whenever it may hold, a concrete one alike)
            out[Atom("mark", p, INJURED)] = disj(label(before, why), now)
    return out


KIND = Kind(
    "heal",
    (
        HealingOrder,
        OrderDecides,
        OrderSkips,
        Injury,
        InjuredItems,
        SnipesOnly,
        InjuresAttacker,
        Unmask,
        SaverKnows,
        SaveKnown,
        SaveTold,
        Sniper,
        Bypass,
        Intercede,
        InjuredUse,
    ),
    deaths=deaths,
    phase_texts=_texts,
    stops=stops,
    transition=transition,
    saves_against=saves_against,
    day_stops=day_stops,
    day_hinders=day_hinders,
)
