"""Owns reading a ruleset: `grammar/ruleset.lark` parse tree -> `ir.Ruleset`.

One Transformer (methods named after grammar rules) turns each sentence into an IR
piece labelled with its `Why`; `_Assembler` then walks the statements in order (headings
set the faction of the roles below them, sentences attach to the ability before them),
resolves names and checks what the grammar cannot: unknown roles in lists, duplicated
roles, a priority list that misses an acting role. Every sentence the ruleset holds,
kept lines (`Flavour:`, `Not modelled (REASON):`, `Source:`) included, is recorded with
its line in `Ruleset.sentences` for `ruling coverage`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from lark import Token, Tree, v_args
from lark.tree import Meta

from logic.lang import grammar
from logic.lang.errors import Loc, RulingError, line_of
from logic.lang.prose import split_sentences
from logic.model.ir import (
    Ability,
    AppearsAs,
    ClassList,
    Cond,
    Effect,
    Forced,
    Frequency,
    Info,
    Intercept,
    Investigate,
    Jail,
    Kill,
    NightKill,
    NoConsecutive,
    NoSelfTarget,
    OutcomeRuling,
    PriorityEntry,
    Protect,
    Restriction,
    Result,
    Role,
    Roleblock,
    Ruleset,
    SeenBy,
    Sentence,
    VisitClass,
    Why,
    canon,
)

# ----------------------------------------------------------------------------- sentence pieces
# Small values the Transformer hands to the assembler; each carries its sentence's Why.


@dataclass(frozen=True)
class _AbilityStart:
    verb: str
    frequency: Frequency
    why: Why


@dataclass(frozen=True)
class _AbilityName:
    name: str
    aliases: tuple[str, ...]
    why: Why


@dataclass(frozen=True)
class _ClassDecl:
    visit_class: VisitClass
    why: Why


@dataclass(frozen=True)
class _Note:
    why: Why


@dataclass(frozen=True)
class _Heading:
    kind: str  # "faction", "priority", "mechanic", "nightkill", "rulings", "setup"
    value: str
    why: Why


@dataclass(frozen=True)
class _RoleDef:
    name: str
    sentences: tuple[Any, ...]
    why: Why


@dataclass(frozen=True)
class _KillVisits:
    faction: str
    visit_class: VisitClass
    why: Why


@dataclass(frozen=True)
class _NightKillRule:
    faction: str
    exclusive: bool
    why: Why


@dataclass(frozen=True)
class _Alias:
    alias: str
    target: str
    why: Why


@dataclass(frozen=True)
class _UniqueRoles:
    why: Why


@dataclass(frozen=True)
class _Ruling:
    body: Any  # _RoleDef or SeenBy
    why: Why


@dataclass(frozen=True)
class _Title:
    name: str


@dataclass(frozen=True)
class _Kept:
    """A `Flavour:`, `Not modelled (REASON):` or `Source:` line: sentences kept, not modelled."""

    kind: str  # "flavour", "not modelled", "source"
    text: str
    loc: Loc  # where the free text starts
    reason: str | None = None


_VERB_NAME = {"targets": "target", "checks": "check", "visits": "visit", "kills": "kill"}


@v_args(meta=True)
class _ToIR(grammar.SourceTransformer):
    """Parse tree -> sentence pieces. One method per grammar rule."""

    # names
    def name(self, meta: Meta, children: list[Token]) -> str:
        if len(children) == 1 and children[0].type == "STRING":
            return str(children[0])[1:-1].strip()
        return " ".join(str(c) for c in children)

    def words(self, meta: Meta, children: list[Token]) -> str:
        return " ".join(str(c) for c in children)

    def name_list(self, meta: Meta, children: list[str]) -> tuple[str, ...]:
        return tuple(children)

    def start(self, meta: Meta, children: list[Any]) -> list[Any]:
        return children

    # headings
    def title(self, meta: Meta, children: list[str]) -> _Title:
        return _Title(children[0])

    def faction_heading(self, meta: Meta, children: list[str]) -> _Heading:
        return _Heading("faction", children[0], self._why(meta))

    def priority_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("priority", "", self._why(meta))

    def mechanic_heading(self, meta: Meta, children: list[str]) -> _Heading:
        return _Heading("mechanic", children[0], self._why(meta))

    def nightkill_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("nightkill", "", self._why(meta))

    def rulings_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("rulings", "", self._why(meta))

    def setup_heading(self, meta: Meta, children: list[Any]) -> _Heading:
        return _Heading("setup", "", self._why(meta))

    # roles
    def role_def(self, meta: Meta, children: list[Any]) -> _RoleDef:
        return _RoleDef(children[0], tuple(children[1:]), self._why(meta))

    def no_powers(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    def ability_name(self, meta: Meta, children: list[str]) -> _AbilityName:
        return _AbilityName(children[0], tuple(children[1:]), self._why(meta))

    def verb(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0]).lower()

    def first_night(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.FIRST_NIGHT

    def subsequent_nights(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.SUBSEQUENT_NIGHTS

    def each_night(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.EACH_NIGHT

    def once_per_game(self, meta: Meta, children: list[Any]) -> Frequency:
        return Frequency.ONCE_PER_GAME

    def ability(self, meta: Meta, children: list[Any]) -> _AbilityStart:
        verb = next(c for c in children if isinstance(c, str))
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = Frequency.EACH_NIGHT
        for f in freqs:
            if f is not Frequency.EACH_NIGHT:
                frequency = f
        return _AbilityStart(verb, frequency, self._why(meta))

    def protect(self, meta: Meta, children: list[Any]) -> Protect:
        return Protect(self._why(meta))

    def jail(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def roleblock(self, meta: Meta, children: list[Any]) -> tuple[Effect, ...]:
        why = self._why(meta)
        return (Roleblock(why), Jail(why)) if children else (Roleblock(why),)

    def after_role(self, meta: Meta, children: list[str]) -> str:
        return children[0]

    def intercept(self, meta: Meta, children: list[str]) -> Intercept:
        return Intercept(children[0], self._why(meta))

    def learns_visits(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.VISITS, self._why(meta))

    def learns_visitors(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.VISITORS, self._why(meta))

    def learns_visitor_roles(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.VISITOR_ROLES, self._why(meta))

    def learns_role(self, meta: Meta, children: list[Any]) -> Investigate:
        return Investigate(Info.ROLE, self._why(meta))

    def cond_successful(self, meta: Meta, children: list[Any]) -> Cond:
        return Cond.SUCCESSFUL

    def cond_same_as_last(self, meta: Meta, children: list[Any]) -> Cond:
        return Cond.SAME_AS_LAST

    def cond_opposite_as_last(self, meta: Meta, children: list[Any]) -> Cond:
        return Cond.OPPOSITE_AS_LAST

    def result_clause(self, meta: Meta, children: list[Any]) -> tuple[str, Cond]:
        return (str(children[0])[1:-1], children[1])

    def otherwise(self, meta: Meta, children: list[Token]) -> tuple[str, Cond]:
        return (str(children[0])[1:-1], Cond.FAILED)

    def result(self, meta: Meta, children: list[tuple[str, Cond]]) -> tuple[Effect, ...]:
        why = self._why(meta)
        return tuple(Result(text, cond, why) for text, cond in children)

    def no_self_target(self, meta: Meta, children: list[Any]) -> NoSelfTarget:
        return NoSelfTarget(self._why(meta))

    def no_consecutive(self, meta: Meta, children: list[Any]) -> NoConsecutive:
        return NoConsecutive(bool(children), self._why(meta))

    def must_act(self, meta: Meta, children: list[Any]) -> Forced:
        return Forced(self._why(meta))

    def visiting(self, meta: Meta, children: list[Any]) -> VisitClass:
        return VisitClass.VISITING

    def semi_visiting(self, meta: Meta, children: list[Any]) -> VisitClass:
        return VisitClass.SEMI

    def non_visiting(self, meta: Meta, children: list[Any]) -> VisitClass:
        return VisitClass.NON

    def visit_class_decl(self, meta: Meta, children: list[VisitClass]) -> _ClassDecl:
        return _ClassDecl(children[0], self._why(meta))

    def checks_as(self, meta: Meta, children: list[str]) -> AppearsAs:
        to = children[1] if len(children) > 1 else None
        return AppearsAs(children[0], to, self._why(meta))

    def anonymous_visit(self, meta: Meta, children: list[Any]) -> _Note:
        return _Note(self._why(meta))

    # visiting classes
    def anonymous(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def seen_by(self, meta: Meta, children: list[Any]) -> SeenBy:
        roles = next(c for c in children if isinstance(c, tuple))
        return SeenBy(VisitClass.VISITING, roles, True in children, self._why(meta))

    def seen_by_none(self, meta: Meta, children: list[Any]) -> SeenBy:
        return SeenBy(VisitClass.NON, (), False, self._why(meta))

    def visit_class_list(self, meta: Meta, children: list[Any]) -> tuple[Any, ...]:
        vc, roles, *notes = children
        why = self._why(meta)
        out: list[Any] = [ClassList(vc, roles, why)]
        for note in notes:
            if isinstance(note, SeenBy):
                out.append(replace(note, visit_class=vc))
            else:
                out.append(note)
        return tuple(out)

    def seen_rule(self, meta: Meta, children: list[Any]) -> SeenBy:
        return SeenBy(children[0], children[1], False, self._why(meta))

    def even_if(self, meta: Meta, children: list[Any]) -> None:
        return None

    def kill_visits_rule(self, meta: Meta, children: list[Any]) -> _KillVisits:
        faction = children[0]
        vc = next(c for c in children if isinstance(c, VisitClass))
        return _KillVisits(faction, vc, self._why(meta))

    def intend(self, meta: Meta, children: list[Any]) -> None:
        return None

    def exclusive(self, meta: Meta, children: list[Any]) -> bool:
        return True

    def nightkill_rule(self, meta: Meta, children: list[Any]) -> _NightKillRule:
        return _NightKillRule(children[0], True in children, self._why(meta))

    # priority
    def iff_targeting(self, meta: Meta, children: list[str]) -> tuple[str, str]:
        return ("iff", children[0])

    def otherwise_condition(self, meta: Meta, children: list[Any]) -> tuple[str, str]:
        return ("otherwise", "")

    def priority_role(self, meta: Meta, children: list[Any]) -> PriorityEntry:
        cond = children[1] if len(children) > 1 else None
        return PriorityEntry(
            0,
            children[0],
            iff_targeting=cond[1] if cond and cond[0] == "iff" else None,
            otherwise=bool(cond and cond[0] == "otherwise"),
            why=self._why(meta),
        )

    def priority_nightkill(self, meta: Meta, children: list[str]) -> PriorityEntry:
        return PriorityEntry(0, None, nightkill_of=children[0], why=self._why(meta))

    def priority_entry(self, meta: Meta, children: list[Any]) -> tuple[PriorityEntry, ...]:
        tier = int(children[0])
        return tuple(
            replace(e, tier=tier, why=replace(e.why, text=f"{tier}. {e.why.text}"))
            for e in children[1:]
        )

    # setup, aliases, rulings
    def unique_roles(self, meta: Meta, children: list[Any]) -> _UniqueRoles:
        return _UniqueRoles(self._why(meta))

    def setup_bullet(self, meta: Meta, children: list[Any]) -> Any:
        return children[0]

    def alias(self, meta: Meta, children: list[str]) -> _Alias:
        return _Alias(children[0], children[1], self._why(meta))

    def ruling_role(self, meta: Meta, children: list[Any]) -> _RoleDef:
        return _RoleDef(children[0], tuple(children[1:]), self._why(meta, "ruling"))

    def ruling(self, meta: Meta, children: list[Any]) -> _Ruling:
        why = self._why(meta, "ruling")
        body = children[0]
        if isinstance(body, OutcomeRuling):
            body = replace(body, why=why)
        return _Ruling(body, why)

    def action_verb(self, meta: Meta, children: list[Token]) -> str:
        return str(children[0]).lower()

    def mutual_condition(self, meta: Meta, children: list[str]) -> dict[str, Any]:
        return {"mutual": True, "verb": children[0]}

    def targets_condition(self, meta: Meta, children: list[str]) -> dict[str, Any]:
        actor, verb, target = children
        return {"actor": actor, "verb": verb, "target": target}

    def all_fail(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return {"consequence": "all fail"}

    def _subject(self, kind: str, children: list[Any]) -> dict[str, Any]:
        return {"consequence": kind, "subject": children[0]}

    def subject_fails(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("fails", children)

    def subject_succeeds(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("succeeds", children)

    def subject_dies(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("dies", children)

    def subject_survives(self, meta: Meta, children: list[Any]) -> dict[str, Any]:
        return self._subject("survives", children)

    def outcome_ruling(self, meta: Meta, children: list[dict[str, Any]]) -> OutcomeRuling:
        cond, conseq = children
        return OutcomeRuling(**cond, **conseq, why=self._why(meta, "ruling"))

    # sentences kept for coverage
    def _kept(self, kind: str, text: Token, reason: Token | None = None) -> _Kept:
        loc = Loc(self.filename, text.line or 0, text.column or 0)
        return _Kept(kind, str(text).strip(), loc, " ".join(reason.split()) if reason else None)

    def flavour(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("flavour", children[-1])

    def not_modelled(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("not modelled", children[-1], children[0])

    def source_note(self, meta: Meta, children: list[Token]) -> _Kept:
        return self._kept("source", children[-1])


def _as_ruling(why: Why) -> Why:
    return replace(why, kind="ruling")


def _flatten(items: Any) -> list[Any]:
    out: list[Any] = []
    for item in items:
        if isinstance(item, tuple) and not isinstance(item, PriorityEntry):
            out.extend(_flatten(item))
        else:
            out.append(item)
    return out


class _Assembler:
    """Walks the statements in order and builds the Ruleset."""

    def __init__(self, text: str, filename: str) -> None:
        self.text = text
        self.filename = filename
        self.title = Path(filename).stem
        self.faction: str | None = None
        self.factions: list[str] = []
        self.roles: dict[str, Role] = {}
        self.role_order: list[str] = []
        self.priority: list[PriorityEntry] = []
        self.seen_by: list[SeenBy] = []
        self.class_lists: list[ClassList] = []
        self.aliases: list[tuple[str, str, Why]] = []
        self.unique: Why | None = None
        self.rulings: list[Why] = []
        self.kill_visits: list[_KillVisits] = []
        self.nightkill_rules: list[_NightKillRule] = []
        self.outcome_rulings: list[OutcomeRuling] = []

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

    def run(self, statements: list[Any]) -> Ruleset:
        for st in _flatten(statements):
            self.statement(st)
        return self.finish()

    def statement(self, st: Any) -> None:
        match st:
            case _Title(name):
                self.title = name
            case _Heading("faction", value, _):
                self.faction = self.add_faction(value)
            case _Heading():
                pass
            case _RoleDef():
                self.role_def(st)
            case _UniqueRoles(why):
                self.unique = why
            case ClassList():
                self.class_lists.append(st)
            case SeenBy():
                self.seen_by.append(st)
            case _KillVisits():
                self.kill_visits.append(st)
            case _NightKillRule():
                self.nightkill_rules.append(st)
            case PriorityEntry():
                self.priority.append(st)
            case _Alias(alias, target, why):
                self.aliases.append((alias, target, why))
            case _Ruling(body, why):
                self.rulings.append(why)
                if isinstance(body, OutcomeRuling):
                    self.outcome_rulings.append(body)
                elif isinstance(body, SeenBy):
                    self.seen_by.append(replace(body, why=_as_ruling(body.why)))
                else:
                    self.role_def(body, ruling=True)
            case _Kept():
                pass  # held in Ruleset.sentences (_held_sentences)
            case None:
                pass
            case _:
                raise AssertionError(f"unhandled statement {st!r}")

    def role_def(self, rd: _RoleDef, ruling: bool = False) -> None:
        key = canon(rd.name)
        existing = self.roles.get(key)
        if ruling:
            if existing is None:
                raise self.error(
                    f"this ruling names the role {rd.name!r}, which is not defined above", rd.why
                )
            role = existing
        else:
            if existing is not None:
                raise self.error(
                    f"the role {rd.name!r} is defined twice",
                    rd.why,
                    (("defined here first", existing.why.loc),),
                )
            if self.faction is None:
                raise self.error(
                    f"the role {rd.name!r} has no faction: put it under a heading such as "
                    "'Possible Town Roles'",
                    rd.why,
                )
            role = Role(rd.name, self.faction, why=rd.why)
            self.role_order.append(key)
        abilities = list(role.abilities)
        appears = list(role.appears_as)
        notes = list(role.notes)
        current: int | None = len(abilities) - 1 if (ruling and abilities) else None
        pending_name: tuple[str, tuple[str, ...]] | None = None
        for s in _flatten(rd.sentences):
            # Explanations cite a role's sentence with the role's name in front of it.
            why = replace(s.why, text=f"{role.name}: {s.why.text}")
            s = replace(s, why=_as_ruling(why) if ruling else why)
            match s:
                case _AbilityName(name, aliases, _):
                    # names the ability before it, or else the next one
                    if current is not None and pending_name is None:
                        a = abilities[current]
                        abilities[current] = replace(a, name=name, aliases=aliases)
                    else:
                        pending_name = (name, aliases)
                case _AbilityStart(verb, freq, why):
                    name, aliases = pending_name or (_VERB_NAME[verb], ())
                    pending_name = None
                    abilities.append(Ability(name, verb, freq, why=why, aliases=aliases))
                    current = len(abilities) - 1
                    if verb == "kills":
                        abilities[current] = replace(abilities[current], effects=(Kill(why),))
                case _ClassDecl(vc, why):
                    # A role-level class ("Visiting role.") covers every ability of the role.
                    abilities = [replace(a, visit_class=vc, class_why=why) for a in abilities]
                case AppearsAs():
                    appears.append(s)
                case _Note(why):
                    notes.append(why)
                case Protect() | Roleblock() | Jail() | Intercept() | Investigate() | Result():
                    if current is None:
                        raise self.error(
                            "this sentence needs an ability before it (e.g. 'Targets a player each night.')",
                            s.why,
                        )
                    a = abilities[current]
                    abilities[current] = replace(a, effects=(*a.effects, s))
                case NoSelfTarget() | NoConsecutive() | Forced():
                    if current is None:
                        raise self.error("this restriction needs an ability before it", s.why)
                    a = abilities[current]
                    restr: tuple[Restriction, ...] = (*a.restrictions, s)
                    abilities[current] = replace(a, restrictions=restr)
                case _:
                    raise AssertionError(f"unhandled sentence {s!r}")
        # "Visits a player": the verb itself says the ability visits, when no class is given.
        abilities = [
            replace(a, visit_class=VisitClass.VISITING, class_why=a.why)
            if a.visit_class is None and a.verb == "visits"
            else a
            for a in abilities
        ]
        self.roles[key] = replace(
            role, abilities=tuple(abilities), appears_as=tuple(appears), notes=tuple(notes)
        )

    # ------------------------------------------------------------------ checks and finish

    def resolve_role(self, name: str, why: Why) -> str:
        key = canon(name)
        for alias, target, _ in self.aliases:
            if canon(alias) == key:
                key = canon(target)
        role = self.roles.get(key)
        if role is None:
            known = ", ".join(self.roles[k].name for k in self.role_order)
            raise self.error(
                f"{name!r} is not a role of this ruleset (roles: {known})", why, token=name
            )
        return role.name

    def resolve_faction(self, name: str, why: Why) -> str:
        for f in self.factions:
            if canon(f) == canon(name):
                return f
        raise self.error(
            f"{name!r} is not a faction of this ruleset (factions: {', '.join(self.factions)})",
            why,
            token=name,
        )

    def finish(self) -> Ruleset:
        for _alias, target, why in self.aliases:
            if canon(target) not in self.roles:
                raise self.error(f"{target!r} is not a role of this ruleset", why)
        roles = [self.roles[k] for k in self.role_order]
        # Names used in sentences must exist.
        for role in roles:
            for a in role.abilities:
                for e in a.effects:
                    if isinstance(e, Intercept):
                        self.resolve_faction(e.faction, e.why)
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
            )
            nightkills.append(
                NightKill(faction, ability, rule.why if rule.exclusive else None, rule.why)
            )
        priority = []
        for p in self.priority:
            if p.nightkill_of is not None:
                faction = self.resolve_faction(p.nightkill_of, p.why)
                if not any(k.faction == faction for k in nightkills):
                    raise self.error(
                        f"the {faction} faction has no nightkill in this ruleset", p.why
                    )
                priority.append(replace(p, nightkill_of=faction))
            else:
                assert p.subject is not None
                subject = self.resolve_role(p.subject, p.why)
                iff = self.resolve_role(p.iff_targeting, p.why) if p.iff_targeting else None
                priority.append(replace(p, subject=subject, iff_targeting=iff))
        if priority:
            listed = {canon(p.subject) for p in priority if p.subject}
            for role in roles:
                if role.abilities and canon(role.name) not in listed:
                    raise self.error(
                        f"the role {role.name!r} has an ability but is not in the priority list",
                        role.why,
                    )
            for k in nightkills:
                if not any(p.nightkill_of == k.faction for p in priority):
                    raise self.error(
                        f"the {k.faction} nightkill is not in the priority list", k.why
                    )
        outcome_rulings = tuple(
            replace(
                r,
                actor=self.resolve_role(r.actor, r.why) if r.actor else None,
                target=self.resolve_role(r.target, r.why) if r.target else None,
                subject=self.resolve_role(r.subject, r.why) if r.subject else None,
            )
            for r in self.outcome_rulings
        )
        return Ruleset(
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
            source=self.filename,
        )


def _statement_body(text: str, st: Tree[Token]) -> tuple[str | None, int]:
    """(label, offset of the first sentence) of a statement: a role line's name and a
    ruling's "Ruling" are written before its sentences and are not part of them."""
    if st.data == "role_def" and len(st.children) > 1:
        name, first = st.children[0], st.children[1]
        assert isinstance(name, Tree) and isinstance(first, Tree)
        label = " ".join(text[name.meta.start_pos : name.meta.end_pos].split()).strip('"')
        return label, first.meta.start_pos
    if st.data == "ruling" and st.children and isinstance(st.children[0], Tree):
        body = st.children[0].meta.start_pos
        return text[st.meta.start_pos : body].strip().rstrip(":").strip(), body
    return None, st.meta.start_pos


def _held_sentences(
    text: str, filename: str, tree: Tree[Token], statements: list[Any]
) -> tuple[Sentence, ...]:
    """Every sentence the ruleset holds, in file order: the sentences of each statement
    (split as `ruling coverage` splits the source) and of the kept lines; a `Source:`
    line's sentences point at the statement after it, which rewords them."""
    out: list[Sentence] = []
    pending: list[int] = []  # source sentences waiting for the statement that rewords them

    def split(body: str, line: int, column: int, **fields: Any) -> list[Sentence]:
        found, at = [], 0
        for piece in split_sentences(body):
            at = body.find(piece, at)
            loc = Loc(filename, line, column + max(at, 0))
            found.append(Sentence(" ".join(piece.split()), loc=loc, **fields))
            at += len(piece)
        return found

    def fail(message: str, at: Sentence) -> RulingError:
        return RulingError(message, Loc(filename, at.loc.line, 1), line_of(text, at.loc.line))

    for st, item in zip(tree.children, statements, strict=True):
        assert isinstance(st, Tree)
        if isinstance(item, _Kept):
            if pending and item.kind != "source":
                raise fail(
                    f"a Source: line comes just before the statement that rewords it, "
                    f"not before a {'Flavour' if item.kind == 'flavour' else 'Not modelled'}: line",
                    out[pending[0]],
                )
            kept = split(
                item.text, item.loc.line, item.loc.column, kind=item.kind, reason=item.reason
            )
            if item.kind == "source":
                pending.extend(range(len(out), len(out) + len(kept)))
            out.extend(kept)
            continue
        label, start = _statement_body(text, st)
        line = st.meta.line
        column = start - text.rfind("\n", 0, start)
        sentences = split(text[start : st.meta.end_pos], line, column, kind="rule", label=label)
        raw = text[st.meta.start_pos : st.meta.end_pos]
        why = Why(Loc(filename, line, st.meta.column), " ".join(raw.split()))
        for k in pending:
            out[k] = replace(out[k], rewords=why)
        pending = []
        out.extend(sentences)
    if pending:
        raise fail("this Source: line has no statement after it to reword it", out[pending[0]])
    return tuple(out)


def parse_ruleset(text: str, filename: str = "<ruleset>") -> Ruleset:
    """Parse ruleset text into the IR; raises `RulingError` on bad input."""
    tree: Tree[Token] = grammar.parse(text, filename, "ruleset", "ruleset")
    statements = _ToIR(text, filename).transform(tree)
    rs = _Assembler(text, filename).run(statements)
    return replace(rs, sentences=_held_sentences(text, filename, tree, statements))


def load_ruleset(path: str | Path) -> Ruleset:
    """Read and parse a ruleset file."""
    text = grammar.read_source(path, "ruleset")
    return parse_ruleset(text, str(path))
