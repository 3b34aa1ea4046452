"""Owns the checks and the finish, once every statement is read: the order of actions from
the priority list or the orders of operations, GMs' patches, the setup's balance, and the
`Ruleset` built."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from logic.effects.afterlife import ReadFate
from logic.effects.attack import Kill
from logic.effects.deal import PLAIN, given_to, plain_role
from logic.effects.guilt import Guilt
from logic.effects.heal import HealingOrder, merged, save_orders
from logic.effects.intercept import Intercept
from logic.effects.interrogate import INTERROGATION, Interrogate, InterrogatesAs
from logic.effects.investigate import Investigate
from logic.effects.react import Explode, Guard
from logic.effects.records import RecordsCheck
from logic.effects.registry import KINDS
from logic.effects.succession import SafeFrom, Succession
from logic.lang.assemble.prose import ProseAssembler
from logic.lang.assemble.state import AssemblerState, guilty_word, innocent_word
from logic.lang.kinds.inquiry import UNSAID
from logic.lang.lexicon import plural
from logic.lang.read.pieces import REST
from logic.model.ir import (
    Ability,
    Frequency,
    NightKill,
    PriorityEntry,
    Role,
    Ruleset,
    SeenBy,
    TargetIn,
    Why,
    canon,
)
from logic.model.win import Victory


def _victims(state: Any, rule: Any) -> tuple[TargetIn, ...]:
    """ "Each night, the werewolves choose a villager to kill.": the group the faction's
    victim must be of (the word resolved as the ruleset names its groups)."""
    return (TargetIn(state.group_named(rule.victims, rule.why), rule.why),) if rule.victims else ()


def _order_lists(p: PriorityEntry, ability: Ability) -> bool:
    """Whether an order item names this ability or a kind of effect it has."""
    names = {canon(n) for n in (ability.name, *ability.aliases)}
    if p.ability is not None and canon(p.ability) in names:
        return True
    return bool(p.effects) and any(isinstance(e, p.effects) for e in ability.effects)


def _stem(word: str) -> str:
    """'Roleblocks' -> 'roleblock', 'Hexes' -> 'hex', 'Investigations' -> 'investigation'."""
    w = canon(word)
    if w.endswith("xes"):
        return w[:-2]
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


def _faction_watched(asm: AssemblerState, e: Any) -> Any:
    """A Spy's faction ("the Mafia", "the werewolves"): the faction the word names (a
    role's plural, "werewolves" read as the role Werewolf, names the faction)."""
    if not isinstance(e, Investigate) or e.faction is None:
        return e
    words = (e.faction, plural(e.faction))
    faction = next((f for w in words if (f := asm.members_of(w) or asm.faction_named(w))), None)
    if faction is None:
        faction = asm.resolve_faction(e.faction, e.why)  # (its error: the factions)
    return replace(e, faction=faction)


def _factions_watched(asm: AssemblerState, role: Role) -> tuple[Ability, ...]:
    """The role's abilities, a Spy's faction resolved."""
    return tuple(
        replace(a, effects=tuple(_faction_watched(asm, e) for e in a.effects))
        for a in role.abilities
    )


def _kin(asm: AssemblerState, ability: Ability) -> set[str]:
    """Every other name a keyword line gives `ability` ("Discombobulate — Discombobulation
    (Tricking)"), canonical."""
    own = {canon(n) for n in (ability.name, *ability.aliases)}
    out: set[str] = set()
    for k in asm.keywords:
        line = {canon(n) for n in (k.keyword, *k.names)}
        if own & line:
            out |= line
    return out


class ChecksAssembler(AssemblerState):
    """What a role's check shows, settled once every faction is known: a card's checks,
    the faction a check asks about, what the police records show by faction."""

    def _card_checks(self, roles: list[Role]) -> list[Role]:
        """An interrogation whose sentence names its answers but not the line of the card
        it reads ('learns whether that player is a child, a teenager or an adult',
        logic/lang/kinds/inquiry.py): the check of the card lines ('Observe: Adult',
        'Observe: Adult/Teenager/Child') whose answers hold every one of them. No such
        check, or two, is the sentence's error: the reading is not guessed. An ability that
        learns what a card shows is a check ("checks", not "targets"), here, in one place
        for both grammars: the frame grammar's readers name the ability ("Age-Observe",
        logic/lang/read/inquiry.py) without saying what it is used as."""
        cards: dict[str, set[str]] = {}
        for r in roles:
            for t in r.traits:
                if isinstance(t, InterrogatesAs):
                    cards.setdefault(t.check, set()).update(canon(x) for x in t.text.split("/"))
        out = []
        for role in roles:
            abilities = []
            for a in role.abilities:
                fx: list[Any] = []
                # 'She'll get the result "true" or "false".' after an ability whose node
                # answers a yes-or-no question of its own (`answered`): the node's answers
                answers: Any = next((e for e in a.effects if hasattr(e, "answered")), None)
                for e in a.effects:
                    held = [k for k, x in enumerate(fx) if x is answers]
                    if held and isinstance(e, Interrogate) and len(e.results) == 2:
                        fx[held[0]] = answers = answers.answered(e.results, e.why)
                        continue
                    if isinstance(e, Interrogate) and e.check == INTERROGATION and not cards:
                        # 'a result of either "Guilty" or "Innocent"' in a ruleset whose
                        # cards state no interrogation: the answers of a faction check
                        quoted = self._quoted_check(e, role)
                        if quoted is not None:
                            fx.append(quoted)
                            continue
                    if isinstance(e, Interrogate) and e.check == UNSAID:
                        said = {canon(x) for x in e.results}
                        fits = sorted(c for c, answers in cards.items() if said <= answers)
                        check = self._factions_check(e, role, fits)
                        if check is not None:  # "whether they are Town or Mafia"
                            fx.append(check)
                            continue
                        if len(fits) != 1:
                            raise self.error(
                                f"no line of a role's card (such as 'Observe: {e.results[0]}') "
                                f"has the answers {', '.join(e.results)}"
                                if not fits
                                else f"the answers {', '.join(e.results)} are on the card "
                                f"lines of {' and '.join(fits)}: say which is learnt",
                                e.why,
                            )
                        e = replace(e, check=fits[0])
                    fx.append(e)
                if a.verb == "targets" and any(isinstance(e, Interrogate) for e in fx):
                    # what it learns is on the target's card: a check, whichever grammar
                    # read its sentence (an interrogation, an age observation)
                    a = replace(a, verb="checks")
                abilities.append(a if tuple(fx) == a.effects else replace(a, effects=tuple(fx)))
            out.append(replace(role, abilities=tuple(abilities)) if abilities else role)
        return out

    def _quoted_check(self, e: Interrogate, role: Role) -> RecordsCheck | None:
        """The two quoted answers of a check, where no card states one: "Mafia" or "Not
        Mafia" (a faction and its negation), "Guilty" or "Innocent" (the guilty answer for
        the one faction not the role's own), "Town" or "Mafia" (as unquoted answers): a
        check of the records with those texts, the one for a member first; None when the
        answers are none of these (an interrogation, as the card states)."""
        if len(e.results) != 2:
            return None
        for yes, no in (e.results, e.results[::-1]):
            named = self.faction_named(yes)
            if named is not None and canon(no) in (canon(f"not {yes}"), canon(f"not {named}")):
                return RecordsCheck(named, yes, no, e.why)
            if guilty_word(yes) and (innocent_word(no) or self.faction_named(no) == role.faction):
                others = [f for f in self.factions if canon(f) != canon(role.faction)]
                if len(others) != 1:
                    raise self.error(
                        f"this check answers {yes!r} or {no!r}, and {role.name}'s faction "
                        f"has {len(others)} others: say which it looks for ('learns whether "
                        "they are Mafia')",
                        e.why,
                    )
                return RecordsCheck(others[0], yes, no, e.why)
        if all(self.faction_named(x) is not None for x in e.results):
            check = self._factions_check(replace(e, check=UNSAID), role, [])
            if check is not None:
                yes_ = [x for x in e.results if self.faction_named(x) == check.faction]
                no_ = [x for x in e.results if x not in yes_]
                return replace(check, yes=yes_[0], no=no_[0] if no_ else None)
        return None

    def _factions_check(self, e: Interrogate, role: Role, fits: list[str]) -> RecordsCheck | None:
        """'learns whether they are Town or Mafia' where no card line has those answers and
        each is a faction of the ruleset: a check of the records for the one of them that is
        not the role's own (the check answers one faction, yes or no); None when that is not
        what the answers say (an error asks which faction when the role's own is not one)."""
        if fits or len(e.results) != 2:
            return None
        guilty = [x for x in e.results if guilty_word(x)]  # the faction looked for
        if len(guilty) == 1:  # "Town or Scum": the role's own faction, or the one checked
            own = self.faction_named(next(x for x in e.results if x not in guilty))
            if own is None or canon(own) != canon(role.faction):
                raise self.error(
                    f"this check answers {' or '.join(e.results)}: the answer beside "
                    f"{guilty[0]!r} is {role.name}'s own faction, {role.faction}",
                    e.why,
                )
            others = [f for f in self.factions if canon(f) != canon(role.faction)]
            wrong = (
                f"{guilty[0]!r} names no one faction of {', '.join(self.factions)}: name the "
                "one the check looks for ('whether they are Town or Mafia')"
            )
        else:
            named = [self.faction_named(x) for x in e.results]
            if any(n is None for n in named):
                return None
            others = [n for n in named if n is not None and canon(n) != canon(role.faction)]
            wrong = (
                f"this check answers {' or '.join(e.results)}, and {role.name} is of neither: "
                "say which faction it looks for ('learns whether they are Mafia')"
            )
        if len(others) != 1:
            raise self.error(wrong, e.why)
        return RecordsCheck(others[0], None, None, e.why)

    def _records_factions(self, role: Role) -> Role:
        """A records check's faction as the ruleset names it ('a werewolf gives you
        "Suspicious"': the Werewolves), when one faction is that name, singular or plural;
        otherwise as written (a check for a faction the ruleset does not have says no)."""

        def one(name: str) -> str:
            c = canon(name)
            return c[:-3] + "f" if c.endswith("ves") else c.removesuffix("s")

        def named(name: str, why: Why) -> str:
            found = [f for f in self.factions if one(f) == one(name)]
            members = self.members_of(name)  # "a villager": of the Village
            if len(found) != 1 and members is not None:
                return members
            if len(found) != 1 and self.find_role(name) is not None:
                raise self.error(
                    f"{name!r} is a role, and no faction's members are called so: a check of "
                    "a faction names one ('whether they are Mafia'); a check of a role "
                    "learns it ('learn their role')",
                    why,
                    token=name,
                )
            return found[0] if len(found) == 1 else name

        abilities = []
        for a in role.abilities:
            fx = tuple(
                replace(e, faction=named(e.faction, e.why))
                if isinstance(e, RecordsCheck) and e.faction and not e.faction.startswith("like:")
                else e
                for e in a.effects
            )
            abilities.append(a if fx == a.effects else replace(a, effects=fx))
        return replace(role, abilities=tuple(abilities)) if abilities else role


def _vanilla_said(facts: dict[str, Any]) -> tuple[str, Why] | None:
    """The role of players with no role and its sentence: one a sentence names ("Vanilla
    players are ..."), or the engine's PLAIN where the deal is by categories of roles and
    no sentence says every player has one (logic/effects/deal.py's `plain_role`)."""
    if "vanilla" in facts:
        name, why = facts["vanilla"]
        return name, why
    plain = plain_role(facts.get("kind_rules", ()))
    return (PLAIN, plain) if plain is not None else None


class FinishAssembler(ProseAssembler, ChecksAssembler):
    """The part of `_Assembler` (logic/lang/rules.py) that checks and finishes."""

    def order_entries(self, roles: list[Role]) -> list[PriorityEntry]:
        """The items of an order of operations as priority entries: a role, an ability
        by its name ("Hamedo", "Hexes"), the effects of a kind by its noun ("Roleblocks",
        "Nightkills"), or a hastened nightkill. An item that names nothing of the ruleset
        is kept (its tier stays empty)."""
        nouns: dict[str, tuple[type, ...]] = {}  # (kinds may share a noun: "Investigations")
        for k in KINDS:
            for n, nodes in k.nouns:
                nouns[_stem(n)] = (*nouns.get(_stem(n), ()), *nodes)
        out: list[PriorityEntry] = []
        for order in self.dawn_orders:
            items = [(t, w) for t, g in enumerate(order.items, start=1) for w in g]
            for tier, (words, after) in items:
                why = order.why
                if words == REST:  # "All other actions"
                    out.append(PriorityEntry(tier, None, why=why, ability=words, rest=True))
                    continue
                key = canon(words)
                role = self.find_role(words)
                if role is not None:  # a role, or a role's possessive ("X's arrow")
                    out.append(PriorityEntry(tier, role.name, why=why))
                    continue
                if after is None and key.startswith("hastened "):
                    nodes = nouns.get(_stem(key.split(" ", 1)[1]), (Kill,))
                    out.append(PriorityEntry(tier, None, why=why, effects=nodes, hastened=True))
                    continue
                names = {
                    n
                    for r in roles
                    for a in r.abilities
                    for n in (a.name, *a.aliases)
                    if canon(n) == key or _stem(canon(n).split()[0]) == _stem(key)
                }
                # an item that a keyword line gives as another name ("Discombobulation")
                names |= {a.name for r in roles for a in r.abilities if key in _kin(self, a)}
                out += [PriorityEntry(tier, None, why=why, ability=n) for n in sorted(names)]
                if _stem(key) in nouns:  # and the effects it names, by any ability's name
                    out.append(PriorityEntry(tier, None, why=why, effects=nouns[_stem(key)]))
                elif not names:  # names nothing of this ruleset (yet): kept, empty
                    out.append(PriorityEntry(tier, None, why=why, ability=words))
        return out

    def apply_patches(self, roles: list[Role]) -> list[Role]:
        """The GM's notes that settle how a role's effect works."""
        out = []
        for role in roles:
            abilities = []
            for ab in role.abilities:
                fx = []
                for e in ab.effects:
                    if isinstance(e, ReadFate):  # "the Ghost or Zombie": roles of the ruleset
                        for name in e.roles:
                            self.resolve_role(name, e.why)
                    for p in self.patches:
                        if isinstance(e, Guard) and canon(p.roles[0]) == canon(role.name):
                            if p.kind == "guard follows":
                                e = replace(e, follows=p.why)
                            elif p.kind == "guard spares":
                                spared = self.resolve_role(p.roles[1], p.why)
                                e = replace(e, spares=(*e.spares, spared), spares_why=p.why)
                    fx.append(e)
                abilities.append(replace(ab, effects=tuple(fx)))
            traits = []
            for t in role.traits:
                for p in self.patches:
                    bomb = canon(p.roles[0]) == canon(role.name)
                    if isinstance(t, Explode) and p.kind == "explode spares" and bomb:
                        spared = self.resolve_role(p.roles[1], p.why)
                        t = replace(t, spared=(*t.spared, spared), spared_why=p.why)
                    if (
                        isinstance(t, Explode)
                        and p.kind == "explode hastener"
                        and canon(p.roles[0]) == canon(role.name)
                    ):
                        t = replace(t, hastener=p.why)
                traits.append(t)
            out.append(replace(role, abilities=tuple(abilities), traits=tuple(traits)))
        for p in self.patches:  # every note names roles of the ruleset
            for name in p.roles:
                self.resolve_role(name, p.why)
        return out

    def finish(self) -> Ruleset:
        """The `Ruleset`, once every statement is read: prose assembled, patches applied,
        every name resolved and the turn order checked."""
        for _alias, target, why in self.aliases:
            if canon(target) not in self.roles:
                raise self.error(f"{target!r} is not a role of this ruleset", why)
        roles = [self.roles[k] for k in self.role_order]
        roles, group_kills, facts = self.assemble_prose(roles)
        roles = self._given_to(facts, roles)
        vanilla = self._vanilla_role(facts, roles)
        neutral = self._neutral_category(facts)
        roleless = tuple((self.resolve_faction(n, w), w) for n, w in facts.get("roleless", []))
        balance = self.balance(facts["balance"]) if "balance" in facts else None
        self._endgame_victories(facts)
        roles = self.apply_patches(roles)
        for node in self.healing:  # a whole-game sentence that gives roles an ability
            if getattr(node, "grants", False):  # (logic/effects/aptx.py, vest.py), read
                roles = node.granted(roles, self.factions, self.healing)  # with the others
        roles = [self._records_factions(r) for r in roles]
        roles = self._card_checks(roles)
        _healing_said_again(self, roles)
        self.priority.extend(self.order_entries(roles))
        roles, seen = self._names_resolved(roles)
        nightkills = self._faction_nightkills()
        nightkills.extend(group_kills)
        priority = self._priority_resolved(nightkills)
        if priority and not self.dawn_orders:  # (an order of operations may leave powers out)
            self._check_priority_lists(roles, priority, nightkills)
        outcome_rulings = tuple(
            replace(
                r,
                actor=self.resolve_role(r.actor, r.why) if r.actor else None,
                target=self.resolve_role(r.target, r.why) if r.target else None,
                subject=self.resolve_role(r.subject, r.why) if r.subject else None,
            )
            for r in self.outcome_rulings
        )
        orders = []
        for o in self.orders:
            first, second = self.resolve_role(o.first, o.why), self.resolve_role(o.second, o.why)
            if canon(first) == canon(second):
                raise self.error(f"this ruling orders {first} before itself", o.why)
            orders.append(replace(o, first=first, second=second))
        roles = self._listed_classes(roles)
        roles = _pools_filled(roles)
        return Ruleset(
            framework=self.framework[0] if self.framework else "tiers",
            framework_why=self.framework[1] if self.framework else None,
            name=self.title,
            roles=tuple(roles),
            factions=tuple(self.factions),
            nightkills=tuple(nightkills),
            priority=tuple(priority),
            seen_by=tuple(seen),
            class_lists=tuple(self.class_lists),
            aliases=tuple(self.aliases),
            unique_roles=self.unique,
            rulings=tuple(self.rulings),
            outcome_rulings=outcome_rulings,
            orders=tuple(orders),
            keywords=tuple(self.keywords),
            healing=tuple(self.healing),
            kind_rules=tuple(facts.get("kind_rules", ())),
            source=self.filename,
            lynch=facts.get("lynch"),
            tie_rules=tuple(facts["tie_rules"]),
            victories=tuple(facts["victories"]),
            casualties=facts["casualties"][0] if "casualties" in facts else None,
            casualties_why=facts["casualties"][1] if "casualties" in facts else None,
            reverts=tuple(facts["reverts"]),
            faction_traits=tuple(facts["faction_traits"]),
            duel=facts.get("duel"),
            neutral=neutral,
            vanilla=vanilla,
            roleless=roleless,
            balance=balance,
            day_rules=tuple(facts["day_rules"]),
            never_dealt=tuple((self.resolve_role(r, w), w) for r, w in facts["never_dealt"]),
        )

    def _vanilla_role(self, facts: dict[str, Any], roles: list[Role]) -> str | None:
        """The role of players with no role, in any faction (added to `roles` when no line
        defines it), if a sentence names one."""
        said = _vanilla_said(facts)
        if said is None:
            return None
        vanilla, why = said
        if canon(vanilla) not in self.roles:
            self.roles[canon(vanilla)] = Role(vanilla, "", why=why)
            roles.append(self.roles[canon(vanilla)])
        return vanilla

    def _given_to(self, facts: dict[str, Any], roles: list[Role]) -> list[Role]:
        """The roles a sentence gives to one faction's players ("Village Exclusive - These
        roles can only be assigned to villagers ...": logic/effects/deal.py's `Exclusive`)
        take that faction; a heading's group left with no role is then no faction."""
        given = given_to(
            facts.get("kind_rules", ()), self.members_of, [(r.name, r.faction) for r in roles]
        )
        if isinstance(given, tuple):
            to, why = given
            raise self.error(
                f"{to!r} names the members of no faction of this ruleset", why, token=to
            )
        faction: dict[str, tuple[str, Why]] = {}
        for name, f, why in given:
            had = faction.setdefault(canon(name), (f, why))
            if canon(had[0]) != canon(f):
                raise self.error(
                    f"{name} is given to the {had[0]} ({had[1].loc.short}) and to the {f}", why
                )
        out = []
        for r in roles:
            if canon(r.name) in faction:
                r = replace(r, faction=faction[canon(r.name)][0])
                self.roles[canon(r.name)] = r
            out.append(r)
        groups = {canon(r.faction) for r in out}
        moved_from = {canon(r.faction) for r in roles if canon(r.name) in faction}
        self.factions = [
            f for f in self.factions if canon(f) in groups or canon(f) not in moved_from
        ]
        return out

    def _neutral_category(
        self, facts: dict[str, Any]
    ) -> tuple[tuple[str, tuple[str, ...], Why], ...]:
        """The neutral category and the factions it allows, if a sentence names one (the
        category is then no faction)."""
        neutral: tuple[tuple[str, tuple[str, ...], Why], ...] = ()
        if "neutral" in facts:
            category, allowed, why = facts["neutral"]
            allowed = tuple(self.resolve_faction(f, why) for f in allowed)
            neutral = ((self.resolve_faction(category, why), allowed, why),)
            self.factions = [f for f in self.factions if canon(f) != canon(category)]
        return neutral

    def _endgame_victories(self, facts: dict[str, Any]) -> None:
        """The two victories an endgame sentence gives, added to the facts' victories."""
        endgame = facts.get("endgame", {})
        if "endgame victory" in endgame:  # "victory is given to the Secret Boss if he is
            (first, second), why = endgame["endgame victory"]  # alive, or the Mafia if not"
            n = endgame.get("endgame", (2, why))[0]
            over: tuple[str, ...] = ()
            if "endgame over" in endgame:
                over = (self.resolve_group(endgame["endgame over"][0], why),)
            group = self.resolve_group(first, why)
            facts["victories"] += [
                Victory(group, "endgame", group, n, over, why),
                Victory(self.resolve_group(second, why), "endgame", group, n, over, why, True),
            ]

    def _names_resolved(self, roles: list[Role]) -> tuple[list[Role], list[SeenBy]]:
        """The roles with what they appear as resolved, and the seen-by lines; every faction
        and role a sentence names must exist."""
        # Names used in sentences must exist; a role named in a sentence is the role, as
        # its heading spells it ("by parity cop", "to the Parity Cop": one role)
        roles = [
            replace(
                r,
                appears_as=tuple(
                    replace(ap, to=self.resolve_role(ap.to, ap.why)) if ap.to is not None else ap
                    for ap in r.appears_as
                ),
                abilities=_factions_watched(self, r),
            )
            for r in roles
        ]
        for role in roles:
            for a in role.abilities:
                for e in a.effects:
                    if isinstance(e, Intercept | Guilt):
                        self.resolve_faction(e.faction, e.why)
                    if isinstance(e, Guilt) and not any(isinstance(x, Kill) for x in a.effects):
                        raise self.error(
                            f"a death for guilt on ability {a.name!r}, which kills no one "
                            "(say it after the sentence of the role's kill)",
                            e.why,
                        )
                    if isinstance(e, SafeFrom):  # "protect ... from the werewolves"
                        self.resolve_group(e.group, e.why)
            for t in role.traits:  # "If the Sheriff dies, you become the Sheriff."
                if isinstance(t, Succession) and not t.self_kill:
                    for name in (t.becomes, t.dies):
                        if name is not None:
                            self.resolve_group(name, t.why)
            for ap in role.appears_as:
                self.resolve_faction(ap.faction, ap.why)
                if ap.to is not None:
                    self.resolve_role(ap.to, ap.why)
        seen = [
            replace(s, roles=tuple(self.resolve_role(r, s.why) for r in s.roles))
            for s in self.seen_by
        ]
        for cl in self.class_lists:
            for r in cl.roles:
                self.resolve_role(r, cl.why)
        return roles, seen

    def _faction_nightkills(self) -> list[NightKill]:
        """The factions' nightkills that nightkill rules give, with their visiting class."""
        nightkills = []
        for rule in self.nightkill_rules:
            faction = self.resolve_faction(rule.faction, rule.why)
            vc = None
            class_why = rule.why
            for kv in self.kill_visits:
                if canon(kv.faction) == canon(faction):
                    vc, class_why = kv.visit_class, kv.why
            ability = Ability(
                "kill",
                "kills",
                Frequency.EACH_NIGHT,
                (Kill(rule.why),),
                visit_class=vc,
                why=rule.why,
                class_why=class_why,
                restrictions=_victims(self, rule),
            )
            nightkills.append(
                NightKill(faction, ability, rule.why if rule.exclusive else None, rule.why)
            )
        return nightkills

    def _priority_resolved(self, nightkills: list[NightKill]) -> list[PriorityEntry]:
        """The priority entries with the roles and factions they name resolved (a faction's
        nightkill must exist)."""
        priority = []
        for p in self.priority:
            if p.nightkill_of is not None:
                faction = self.resolve_faction(p.nightkill_of, p.why)
                if not any(k.faction == faction for k in nightkills):
                    raise self.error(
                        f"the {faction} faction has no nightkill in this ruleset", p.why
                    )
                priority.append(replace(p, nightkill_of=faction))
            elif p.subject is None:  # an order item naming an ability or a kind of effect
                priority.append(p)
            else:
                subject = self.resolve_role(p.subject, p.why)
                iff = self.resolve_role(p.iff_targeting, p.why) if p.iff_targeting else None
                priority.append(replace(p, subject=subject, iff_targeting=iff))
        return priority

    def _check_priority_lists(
        self, roles: list[Role], priority: list[PriorityEntry], nightkills: list[NightKill]
    ) -> None:
        """A priority list must list every role with a night ability and every nightkill
        (an ability used by day is not in the night's order)."""
        listed = {canon(p.subject) for p in priority if p.subject}
        for role in roles:
            nightly = [
                a for a in role.abilities if not any(getattr(e, "by_day", False) for e in a.effects)
            ]
            if (
                nightly
                and canon(role.name) not in listed
                and not any(_order_lists(p, a) for p in priority for a in nightly)
            ):
                raise self.error(
                    f"the role {role.name!r} has an ability but is not in the priority list",
                    role.why,
                )
        for k in nightkills:
            if not any(p.nightkill_of == k.faction or _order_lists(p, k.ability) for p in priority):
                raise self.error(f"the {k.faction} nightkill is not in the priority list", k.why)

    def _listed_classes(self, roles: list[Role]) -> list[Role]:
        """The roles with the visiting class of a list that names them, for abilities
        whose own sentences give none."""
        # a role named in a list such as "Visiting roles: ..." whose own sentences give no
        # visiting class takes the list's
        class_of = {
            canon(self.resolve_role(r, cl.why)): cl for cl in self.class_lists for r in cl.roles
        }
        return [
            replace(
                role,
                abilities=tuple(
                    replace(a, visit_class=listing.visit_class, class_why=listing.why)
                    if a.visit_class is None
                    else a
                    for a in role.abilities
                ),
            )
            if (listing := class_of.get(canon(role.name))) is not None
            else role
            for role in roles
        ]

    def balance(self, value: tuple[tuple[str, str], Why]) -> tuple[str, str, str, Why]:
        """ "as many players who are FACTION ROLE as there are players who are non-OTHER":
        the first name's last words name a role (the role of players with no role, too),
        the words before it a faction; the second is "non-" and a faction."""
        (held, other), why = value
        words = held.split()
        for cut in range(1, len(words)):
            faction, role = " ".join(words[:cut]), " ".join(words[cut:])
            known = self.find_role(role)
            if known is not None and self.faction_named(faction) is not None:
                found = known.name
                break
        else:
            raise self.error(
                f"{held!r} is not a faction and a role (as in 'town vanilla')", why, token=held
            )
        if not other.lower().startswith("non-"):
            raise self.error(f"expected 'non-FACTION', not {other!r}", why, token=other)
        return (
            found,
            self.resolve_faction(faction, why),
            self.resolve_faction(other[4:], why),
            why,
        )


def _pools_filled(roles: list[Role]) -> list[Role]:
    """An effect whose options are the roles of some factions (its `pool`: a meddling's
    fake answers, a morph's roles) gets them, in the ruleset's order, once every role is
    known (through its `with_pool`, if it has one, else as they are); an effect whose
    options are chosen among every role (a role followed) through its `with_roles`."""

    def filled(e: Any) -> Any:
        pool = getattr(e, "pool", ())
        with_roles = getattr(e, "with_roles", None)
        if with_roles is not None and getattr(e, "options", None) == ():
            return with_roles(roles)  # options among every role (a role followed)
        if not pool or getattr(e, "options", None) != ():
            return e
        names = tuple(r.name for r in roles if any(canon(r.faction) == canon(f) for f in pool))
        with_pool = getattr(e, "with_pool", None)
        return with_pool(names) if with_pool is not None else replace(e, options=names)

    out = []
    for role in roles:
        abilities = tuple(
            replace(a, effects=effects)
            if (effects := tuple(filled(e) for e in a.effects)) != a.effects
            else a
            for a in role.abilities
        )
        out.append(role if abilities == role.abilities else replace(role, abilities=abilities))
    return out


def _healing_said_again(a: FinishAssembler, roles: list[Role]) -> None:
    """The orders of a's lines whose every item is a save are orders of healing said again
    with no heading before them (logic/effects/heal.py's save_orders); one that disagrees
    with those before it is refused, not settled."""
    a.dawn_orders, said_again = save_orders(a.dawn_orders, roles)
    a.healing.extend(said_again)
    heal_orders = tuple(x for x in a.healing if isinstance(x, HealingOrder))
    if said_again and merged(heal_orders) is None:
        raise a.error("this order of healing disagrees with one said before", said_again[-1].why)
