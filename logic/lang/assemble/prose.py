"""Owns assembling prose: the capabilities and traits that prose sentences (turn order steps,
role texts) give a role, merged into one ability per role."""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

from logic.effects import vote
from logic.effects.attack import Kill, Protect
from logic.effects.block import Roleblock
from logic.effects.investigate import AlignmentCheck
from logic.effects.records import RecordsCheck, Reverse
from logic.effects.redirect import Redirect
from logic.effects.report import Witness
from logic.effects.status import Arrest
from logic.lang.assemble.state import AssemblerState
from logic.lang.read.pieces import _Capability
from logic.model.ir import Ability, Frequency, NightKill, PriorityEntry, Restriction, Role, canon


def _merge_effect(old: Any, new: Any) -> Any:
    """Two sentences about the same effect of one ability: keep what each adds."""
    if old is None:
        return new
    if isinstance(new, Kill):
        return replace(
            old,
            strength=max(old.strength, new.strength),
            random=old.random or new.random,
            lethal_if=old.lethal_if or new.lethal_if,
        )
    if isinstance(new, Protect):
        return replace(
            old,
            sacrifice=old.sacrifice or new.sacrifice,
            tells=old.tells or new.tells,
            strikes=old.strikes or new.strikes,
        )
    if isinstance(new, RecordsCheck):
        faction = (
            old.faction if old.faction and not old.faction.startswith("like:") else new.faction
        )
        return replace(
            old, faction=faction or old.faction, yes=old.yes or new.yes, no=old.no or new.no
        )
    if isinstance(new, Arrest):
        return replace(old, until=old.until or new.until)
    # any other kind: each field keeps what a sentence gave it
    return replace(
        old,
        **{
            f.name: getattr(old, f.name) or getattr(new, f.name)
            for f in fields(old)
            if f.name != "why"
        },
    )


def _same_trait(a: Any, b: Any) -> bool:
    """Two sentences giving a role the same passive effect (kept once, the first cited)."""
    return (
        type(a) is type(b)
        and getattr(a, "when", None) == getattr(b, "when", None)
        and getattr(a, "per", None) == getattr(b, "per", None)
        and getattr(a, "check", None) == getattr(b, "check", None)  # a card's lines
    )


def _ability_name(effects: dict[type, Any]) -> str:
    """A name for an ability assembled from prose, by its effects."""
    for kind, name in (
        (RecordsCheck, "investigate"),
        (AlignmentCheck, "investigate"),
        (Redirect, "redirect"),
        (Roleblock, "roleblock"),
        (Kill, "kill"),
        (Protect, "protect"),
        (Arrest, "arrest"),
        (Reverse, "reverse"),
    ):
        if kind in effects:
            return name
    return "act"


class ProseAssembler(AssemblerState):
    """The part of `_Assembler` (logic/lang/rules.py) that assembles prose."""

    def assemble_prose(
        self, roles: list[Role]
    ) -> tuple[list[Role], list[NightKill], dict[str, Any]]:
        """Roles' abilities and traits from prose sentences, the group kills, the turn
        order, and the facts about the game as a whole."""
        by_key = {canon(r.name): r for r in roles}
        merged, nightkills = self._prose_capabilities(by_key)
        records = self._records_by_role()
        checks: dict[str, RecordsCheck] = {}
        for key, caps in merged.items():
            self._give_prose_ability(by_key, key, caps, records, checks)
        # "Like the Sheriff, the FBI uses police records": the other role's records check
        for key, role in list(by_key.items()):
            fixed = [self._settle_checks(key, role, ab, checks) for ab in role.abilities]
            by_key[key] = replace(role, abilities=tuple(fixed))
        faction_traits = self._prose_traits(by_key)
        facts = self._game_facts(faction_traits)
        both = vote.clash(facts["tie_rules"], facts["day_rules"])
        if both is not None:
            first, second, what = both
            raise self.error(
                f"this sentence and line {first.loc.line}'s disagree on {what}",
                second,
                ((first.text, first.loc),),
            )
        return [by_key[canon(r.name)] for r in roles], nightkills, facts

    def _prose_capabilities(
        self, by_key: dict[str, Role]
    ) -> tuple[dict[str, list[tuple[_Capability, int | None]]], list[NightKill]]:
        """Which capabilities are group kills (a faction's or a role's) and which a role's
        own, by role; each step's place in the turn order."""
        merged: dict[str, list[tuple[_Capability, int | None]]] = {}
        nightkills: list[NightKill] = []
        for name, cap, tier in self.capabilities:
            if cap.group and canon(name) not in by_key and self.has_faction(name):
                # an alignment's own nightkill ("the mafia may choose one person each night")
                faction = self.resolve_faction(name, cap.why)
                if not any(k.faction == faction and k.role is None for k in nightkills):
                    ability = Ability(
                        "kill", "kills", Frequency.EACH_NIGHT, (Kill(cap.why),), why=cap.why
                    )
                    for kv in self.kill_visits:  # "any ... role executing the faction's nightkill"
                        if canon(kv.faction) == canon(faction):
                            ability = replace(ability, visit_class=kv.visit_class, class_why=kv.why)
                    nightkills.append(NightKill(faction, ability, None, cap.why))
                continue
            role = by_key[canon(self.resolve_role(name, cap.why))]
            if cap.group:
                if not any(k.role and canon(k.role) == canon(role.name) for k in nightkills):
                    ability = Ability(
                        "kill", "kills", Frequency.EACH_NIGHT, (Kill(cap.why),), why=cap.why
                    )
                    nightkills.append(NightKill(role.faction, ability, None, cap.why, role.name))
                if tier is not None:
                    self.priority.append(PriorityEntry(tier, None, role.faction, why=cap.why))
                continue
            merged.setdefault(canon(role.name), []).append((cap, tier))
            if tier is not None:
                self.priority.append(PriorityEntry(tier, role.name, why=cap.why))
        return merged, nightkills

    def _records_by_role(self) -> dict[str, Any]:
        """What the records show for each role's check, by the role's key."""
        records = {
            canon(self.resolve_role(r or "", f.why)): f.value
            for f, _, r in self.facts
            if f.kind == "records" and r is not None
        }
        for f, tier, _ in self.facts:  # a step's records sentence is about that step's role
            if f.kind == "records" and tier is not None:
                for name, _, t in self.capabilities:
                    if t == tier:
                        records[canon(self.resolve_role(name, f.why))] = f.value
        return records

    def _give_prose_ability(
        self,
        by_key: dict[str, Role],
        key: str,
        caps: list[tuple[_Capability, int | None]],
        records: dict[str, Any],
        checks: dict[str, RecordsCheck],
    ) -> None:
        """The one ability a role's prose sentences give it, or add to its line's one ability."""
        effects: dict[type, Any] = {}
        restrictions: list[Restriction] = []
        frequency = Frequency.EACH_NIGHT
        given = {type(e) for cap, _ in caps if not cap.adds for e in cap.effects}
        for cap, _ in caps:
            for e in cap.effects:
                if type(e) not in given:
                    raise self.error(
                        f"this sentence adds to the role's {_ability_name({type(e): e})}, "
                        "but no sentence of the role gives it",
                        cap.why,
                    )
                effects[type(e)] = _merge_effect(effects.get(type(e)), e)
            restrictions.extend(
                r for r in cap.restrictions if not any(type(x) is type(r) for x in restrictions)
            )
            frequency = cap.frequency or frequency
        own_name = next((c.name for c, _ in caps if c.name), None)
        targets = next((c.targets for c, _ in caps if c.targets is not None), 1)
        on_self = any(c.on_self for c, _ in caps)
        if RecordsCheck in effects and key in records:
            faction, yes, no = records[key]
            c = effects[RecordsCheck]
            effects[RecordsCheck] = replace(c, faction=faction, yes=c.yes or yes, no=c.no or no)
        if RecordsCheck in effects:
            checks[key] = effects[RecordsCheck]
        first = caps[0][0].why
        kill = Kill in effects
        name = own_name or _ability_name(effects)
        ability = Ability(
            name,
            "kills" if kill and len(effects) == 1 else "targets",
            frequency,
            tuple(effects.values()),
            tuple(restrictions),
            targets=targets,
            on_self=on_self,
            why=first,
        )
        role = by_key[key]
        if len(role.abilities) == 1 and not own_name:
            # a role whose line gives it one ability: its prose sentences add to that
            # ability, as they add to the one ability prose gives a role
            only = role.abilities[0]
            had = {type(e): e for e in only.effects}
            for kind, e in effects.items():
                had[kind] = _merge_effect(had.get(kind), e)
            more = tuple(r for r in restrictions if type(r) not in map(type, only.restrictions))
            changed = replace(
                only, effects=tuple(had.values()), restrictions=(*only.restrictions, *more)
            )
            if any(c.frequency for c, _ in caps):
                changed = replace(changed, frequency=frequency)
            by_key[key] = replace(role, abilities=(changed,))
            return
        by_key[key] = replace(role, abilities=(*role.abilities, ability))

    def _settle_checks(
        self, key: str, role: Role, ab: Ability, checks: dict[str, RecordsCheck]
    ) -> Ability:
        """The faction each records check of an ability answers (another role's, the kill's
        'yes', the one other faction), or an error where none is said."""
        fx = list(ab.effects)
        for k, e in enumerate(fx):
            if isinstance(e, RecordsCheck) and e.faction.startswith("like:"):
                other = checks.get(canon(self.resolve_role(e.faction[5:], e.why)))
                faction = other.faction if other else ""
                check = replace(e, faction=faction)
                fx[k] = checks[key] = check
        for k, e in enumerate(fx):
            if isinstance(e, Kill) and e.lethal_if and e.lethal_if.startswith("yes:"):
                mine = checks.get(key)
                if mine is None or not mine.faction:
                    raise self.error(
                        "this kill needs a records check to say who comes up 'yes'", e.why
                    )
                fx[k] = replace(e, lethal_if=mine.faction)
        for k, e in enumerate(fx):
            if isinstance(e, RecordsCheck) and not e.faction:
                # "learn their alignment": with two factions, whether the target
                # is of the one that is not the role's own (the check answers one
                # faction, yes or no; with more factions it cannot say which)
                others = [f for f in self.factions if canon(f) != canon(role.faction)]
                if len(others) == 1 and role.faction:
                    fx[k] = checks[key] = replace(e, faction=others[0])
        for e in fx:
            if isinstance(e, RecordsCheck) and not e.faction:
                raise self.error(
                    "this check does not say what the records show (add the step's "
                    "'The records may either say ...' sentence, or name the faction: "
                    "'learns whether they are Mafia')",
                    e.why,
                )
        return replace(ab, effects=tuple(fx))

    def _prose_traits(self, by_key: dict[str, Role]) -> list[tuple[str, Any]]:
        """Which traits are a faction's (returned) and which a role's (given to it), one per
        passive effect."""
        faction_traits: list[tuple[str, Any]] = []
        for name, trait in self.traits:
            if canon(name) not in by_key and self.has_faction(name):  # an alignment's power
                faction = self.resolve_faction(name, trait.why)
                old = next(
                    (t for f, t in faction_traits if f == faction and _same_trait(t, trait)), None
                )
                if old is None:
                    faction_traits.append((faction, trait))
                else:
                    merged_trait = _merge_effect(old, trait)
                    faction_traits = [
                        (f, merged_trait if t is old else t) for f, t in faction_traits
                    ]
                continue
            key = canon(self.resolve_role(name, trait.why))
            role = by_key[key]
            same = next((x for x in role.traits if _same_trait(x, trait)), None)
            if same is None:
                by_key[key] = replace(role, traits=(*role.traits, trait))
            elif not isinstance(same, Witness) and hasattr(
                same, "why"
            ):  # another sentence about it
                both = _merge_effect(same, trait)
                by_key[key] = replace(
                    role, traits=tuple(both if x is same else x for x in role.traits)
                )
            elif isinstance(same, Witness) and same.chance is None:  # another sentence about it
                both = replace(same, chance=getattr(trait, "chance", None))
                by_key[key] = replace(
                    role, traits=tuple(both if x is same else x for x in role.traits)
                )
        return faction_traits

    def _game_facts(self, faction_traits: list[tuple[str, Any]]) -> dict[str, Any]:
        """The facts about the game as a whole, by kind, with their names resolved."""
        facts: dict[str, Any] = {
            "tie_rules": [],
            "victories": [],
            "reverts": [],
            "day_rules": [],
            "faction_traits": faction_traits,
            "never_dealt": [],
        }
        for f, tier, line_role in self.facts:
            match f.kind:
                case "casualties":
                    facts["casualties"] = (tier, f.why)
                case "lynch":
                    facts["lynch"] = f.value
                case "tie":
                    rule = f.value
                    if rule.kind in ("choice", "vote", "exclude"):
                        name = rule.role or line_role or ""
                        rule = replace(rule, role=self.resolve_role(name, f.why))
                    if rule not in facts["tie_rules"]:
                        facts["tie_rules"].append(rule)
                case "victory":
                    v = f.value
                    if not v.winner:  # said on a role's line: "He wins if ..." (the
                        # group its condition names stays: "You win when all Mafia are dead")
                        v = replace(v, winner=line_role or "", group=v.group or line_role or "")
                    v = replace(
                        v,
                        winner=self.resolve_against(v.winner, v.group, f.why),
                        group=self.resolve_against(v.group, v.winner, f.why),
                        side=self.resolve_group(v.side, f.why) if v.side else "",
                        over=tuple(self.resolve_group(x, f.why) for x in v.over),
                    )
                    if v not in facts["victories"]:  # said again ("Trick the Town into
                        # lynching you. If you are lynched, you win."): the first sentence's
                        facts["victories"].append(v)
                case "revert":
                    name = f.value.role
                    singular = name[:-1] if name.lower().endswith("s") else name
                    role_name = self.resolve_role(
                        singular if canon(singular) in self.roles else name, f.why
                    )
                    facts["reverts"].append(replace(f.value, role=role_name))
                case "duel":
                    facts["duel"] = f.value
                case "endgame" | "endgame victory" | "endgame over":
                    facts.setdefault("endgame", {})[f.kind] = (f.value, f.why)
                case "neutral":
                    category, factions = f.value
                    facts["neutral"] = (category, factions, f.why)
                case "vanilla":
                    facts["vanilla"] = (f.value, f.why)
                case "never dealt":
                    facts["never_dealt"].append((f.value, f.why))
                case "no role":
                    facts.setdefault("roleless", []).append((f.value, f.why))
                case "balance":
                    facts["balance"] = (f.value, f.why)
                case "records" | "round" | "simultaneous" | "role types" | "modify" | "nature":
                    pass  # read; the engine's frame, a heading or an effect kind holds them
                case "day":
                    facts["day_rules"].append(f.value)
                case "kind rule":
                    facts.setdefault("kind_rules", []).append(f.value)
                case "records" | "round":
                    pass
        return facts
