"""Owns scenario binding: how a case's lines become the acts of a phase of a ruleset.

A case names players, roles and actions in words; binding decides what they mean under
the rules, before any phase is built: which role and faction a dealt player holds (and
the ruleset's limits on dealing), which ability a line uses (day or night, by name or the
only one usable tonight, its frequency and target count), a faction's nightkill and its
one carrier, a decision left to a player (`X decides "TEXT"`, logic/effects/forge.py),
a day's votes, tie-breaking picks and day actions, the forced actions a case leaves out
and random victims (every way they can go, with the draws), and the order of phases.
A name or action the rules do not allow is a `RulingError` at the word. The commands
(`logic/commands/resolve.py`) run the bound phases; the changes of identity between
phases are applied by the caller (`Binder.at`).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from logic.lang.case import PREP, Case, Line, PhaseBlock
from logic.lang.errors import Loc, RulingError, error_at_word, line_of
from logic.model.ir import LIST, Ability, Frequency, Ruleset, Why, canon
from logic.model.phase import IDENTITY

if TYPE_CHECKING:
    from logic.effects.base import Kind

from logic.model.semantics import (
    Act,
    History,
    Player,
    drawn_kill,
    forced_abilities,
    is_day,
    kills,
    options_of,
)


class Binder:
    """Turns a case's names into players and acts of the ruleset; bad names are errors."""

    def __init__(
        self, ruleset: Ruleset, case: Case, text: str | None = None, kinds: Sequence[Kind] = ()
    ) -> None:
        self.rs = ruleset
        self.case = case
        self.text = text
        # the kinds asked for abilities a player holds beside his role's (`Kind.lends`)
        self.kinds = tuple(kinds)
        self.decided: dict[str, str] = {}  # what each player decides in the block read
        self.players: dict[str, Player] = {}  # as the case deals them
        self.canon_names: dict[str, str] = {}
        self.bind_players()
        self.now: dict[str, Player] = dict(self.players)  # as the phase being read finds them

    def at(self, history: History) -> dict[str, Player]:
        """The players as the phase read next finds them: the dealt players with the
        changes of role and faction the earlier phases in `history` made; that phase's
        lines read their abilities so."""
        self.now = identities(self.rs, self.players, history)
        return self.now

    def error(
        self,
        message: str,
        why: Why,
        token: str | None = None,
        expected: Iterable[str] = (),
        after: str | None = None,
    ) -> RulingError:
        """An error at `why`'s line, the caret under the whole word `token`."""
        source = (
            line_of(self.text, why.loc.line) if self.text is not None and why.loc.line else why.text
        )
        loc = why.loc if self.text is not None else Loc(why.loc.file, why.loc.line, 1)
        return error_at_word(message, loc, source, token, expected, after)

    def bind_players(self) -> None:
        if not self.case.players:
            raise self.error("this case gives no players (add a 'players:' line)", self.case.why)
        seen_roles: dict[str, str] = {}
        for d in self.case.players:
            role = self.rs.role(d.role)
            faction_only = self.rs.faction(d.role) if role is None else None
            if faction_only is not None and self.rs.vanilla is not None:
                # "Sam is Secret Boss": an alignment without a role
                role = self.rs.role(self.rs.vanilla)
                d = replace(d, faction=d.faction or faction_only)
            if role is None:
                raise self.error(
                    f"{d.role!r} is not a role of {self.rs.name}",
                    d.why,
                    d.role.split()[0],
                    (r.name for r in self.rs.roles),
                )
            faction = role.faction
            options = self.rs.factions_of(role)
            if d.faction is None and len(options) > 1:
                why_ = next((w for c, _, w in self.rs.neutral if canon(c) == canon(faction)), None)
                said = f" ({why_.loc.short})" if why_ is not None else ""
                raise self.error(
                    f"{role.name} may be given to {' or '.join(options)}{said}: write "
                    f"'{d.name} is {role.name} ({options[0]})'",
                    d.why,
                    d.role.split()[0],
                    options,
                )
            if d.faction is not None:
                f = self.rs.faction(d.faction)
                if f is None:
                    raise self.error(
                        f"{d.faction!r} is not a faction of {self.rs.name}",
                        d.why,
                        d.faction,
                        self.rs.factions,
                    )
                faction = f
            never_role = next((w for f, w in self.rs.roleless if canon(f) == canon(faction)), None)
            if (
                never_role is not None
                and self.rs.vanilla
                and canon(role.name) != canon(self.rs.vanilla)
            ):
                raise self.error(
                    f"a player of the {faction} never has a role ({never_role.loc.short}: "
                    f'"{never_role.text}")',
                    d.why,
                    d.role.split()[0],
                )
            key = canon(d.name)
            if key in self.canon_names:
                raise self.error(f"the player {d.name} is listed twice", d.why, d.name)
            vanilla = self.rs.vanilla is not None and canon(role.name) == canon(self.rs.vanilla)
            paired = any(getattr(t, "shared", False) for t in role.traits)  # the Lovers
            again = canon(role.name) in seen_roles and not (vanilla or paired)
            if self.rs.unique_roles is not None and again:
                raise self.error(
                    f"{seen_roles[canon(role.name)]} and {d.name} are both {role.name}, but the "
                    f"ruleset says roles are not duplicated ({self.rs.unique_roles.loc.short})",
                    d.why,
                    d.name,
                )
            never = next((w for r, w in self.rs.never_dealt if canon(r) == canon(role.name)), None)
            if never is not None:
                raise self.error(
                    f"no player is dealt {role.name} at the start ({never.loc.short}: "
                    f'"{never.text}"); a case reaches it through the phase that makes it',
                    d.why,
                    d.role.split()[0],
                )
            seen_roles[canon(role.name)] = d.name
            self.canon_names[key] = d.name
            self.players[d.name] = Player(d.name, role, faction)

    def player(self, name: str, why: Why, after: str | None = None) -> str:
        found = self.canon_names.get(canon(name))
        if found is None:
            raise self.error(
                f"{name!r} is not a player in this case", why, name, self.players, after
            )
        return found

    def once(self, acts: list[Act], actor: str, ability: Ability, phase: str, line: Line) -> None:
        """Refuse a second action of `actor` with `ability` in one phase."""
        earlier = next((a for a in acts if a.actor == actor and a.ability == ability), None)
        if earlier is not None and earlier.why is not None:
            raise self.error(
                f"{actor} already uses {ability.name} in this {phase} "
                f"(line {earlier.why.loc.line}); one action per ability a phase",
                line.why,
                line.actor,
            )

    def ability_for(
        self, actor: str, line: Line, night: int, history: History, day: bool = False
    ) -> Ability:
        """The ability a line uses: among the role's day abilities in a day block, among
        its night abilities in a night block."""
        role = self.now[actor].role
        # the prep phase (night 0) has its own abilities ("During the Prep phase, ..."),
        # used then and only then
        prep = not day and night == 0
        usable = [
            a
            for a in self.abilities_of(actor, history, day, night)
            if is_day(a) == day and (a.frequency is Frequency.PREP) == prep
        ]
        if line.ability is not None:
            named = [a for a in usable if canon(a.name) == canon(line.ability)]
            if not named:
                names = sorted({a.name for a in usable}) or ["(none)"]
                when = "day " if day else "prep " if prep else ""
                raise self.error(
                    f"{role.name} has no {when}ability called {line.ability!r}",
                    line.why,
                    line.ability,
                    names,
                )
            usable = named
        else:  # an ability a line must name (an effect's `by_name`: the vest's strap)
            usable = [a for a in usable if not _by_name(a)] or usable
        if not usable:
            when = "day" if day else "prep" if prep else "night"
            other = "night" if day else "day"
            more = (
                f" (its abilities are used by {other}: a '{other} N:' block)"
                if role.abilities
                else ""
            )
            raise self.error(
                f"{actor} is {role.name}, which has no {when} ability to use{more}",
                line.why,
                line.actor,
            )
        available = [a for a in usable if history.may_use(actor, a, night)]
        pick = available or usable
        if len({id(a) for a in pick}) > 1:
            names = sorted({a.name for a in pick})
            raise self.error(
                f"{role.name} has several abilities here; write '{actor} uses ABILITY on ...'",
                line.why,
                line.actor,
                names,
            )
        ability = pick[0]
        if ability.targets == LIST and line.targets:  # "names a list of players": any length
            return ability
        if len(line.targets) != ability.targets:
            want = "one target" if ability.targets == 1 else f"{ability.targets} targets"
            raise self.error(
                f"{role.name}'s {ability.name} takes {want}, but this line gives {len(line.targets)}",
                line.why,
                line.verb,
            )
        return ability

    def abilities_of(self, actor: str, history: History, day: bool, number: int) -> list[Ability]:
        """The actor's role's abilities, and those a kind lends him in this phase (a worn
        role's, `Kind.lends`; one his role has by name is his role's)."""
        own = list(self.now[actor].role.abilities)
        roles = {p: pl.role.name for p, pl in self.now.items()}
        phase = ("day" if day else "night", number)
        names = {canon(a.name) for a in own}
        for k in self.kinds:
            if k.lends:
                for a in k.lends(self.rs, history, roles, actor, phase, self.decided.get(actor)):
                    if canon(a.name) not in names:
                        own.append(a)
                        names.add(canon(a.name))
        return own

    def _decisions(self, block: PhaseBlock) -> None:
        """What each player decides in `block` (a kind may lend abilities by it)."""
        self.decided = {}
        for line in block.lines:
            if line.verb == "decides" and line.text is not None:
                self.decided[self.player(line.actor, line.why)] = line.text

    def acts(self, block: PhaseBlock, history: History) -> tuple[Act, ...]:
        self._decisions(block)
        out: list[Act] = []
        killers: dict[str, Line] = {}
        decided: list[tuple[str, Line]] = []
        # second actions of one ability, and the refusals they get unless a kind allows
        again: list[Act] = []
        pending: list[tuple[RulingError, str, Ability]] = []
        for line in block.lines:
            actor = self.player(line.actor, line.why)
            targets = tuple(self.player(t, line.why, line.verb) for t in line.targets)
            if line.verb == "votes":
                raise self.error("votes belong in a 'day N:' block", line.why, "votes")
            if line.manner is not None:  # (a night's actions all take effect at its end)
                word = "publicly" if line.manner == "public" else "privately"
                raise self.error(
                    "a use is public or private by day: a night's actions are PMed and "
                    "take effect at its end",
                    line.why,
                    word,
                )
            if line.verb == "nothing":
                continue
            if line.verb in ("decides", "excludes"):
                decided.append((actor, line))
                continue
            if line.verb == "kills" and block.kind == PREP:
                raise self.error("no one kills in the prep phase", line.why, "kills")
            if line.verb == "kills":
                _kill(self, out, killers, actor, targets, block, line)
                continue
            night = block.number
            ability = self.ability_for(actor, replace(line, targets=targets), night, history)
            try:
                self.once(out, actor, ability, block.kind, line)
            except RulingError as refused:  # a second use: a kind may allow it (`doubles`)
                if any(a.actor == actor and a.ability == ability for a in again):
                    raise
                again.append(Act(actor, ability, targets, None, line.why))
                pending.append((refused, actor, ability))
            if ability.on_self and not targets:  # "activate": the ability acts on its user
                targets = (actor,)
            out.append(Act(actor, ability, targets, None, line.why))
        for err, actor, ability in pending:
            if not any(k.doubles and k.doubles(out, actor, ability) for k in self.kinds):
                raise err
        for actor, line in decided:
            if line.verb == "excludes":
                out = _exclude(self, out, actor, line)
            else:
                out = self.decide(out, actor, line, prep=block.kind == PREP)
        return tuple(out)

    def decide(
        self, acts: list[Act], actor: str, line: Line, day: bool = False, prep: bool = False
    ) -> list[Act]:
        """`X decides "TEXT"`: the decision goes with X's action that leaves one to its
        player (logic/effects/forge.py), which X then takes (with no target, if no line
        gives one); in a day block, X's day action that leaves one; in the prep block, X's
        prep action that leaves one (and in a night block, never a prep action)."""
        role = self.players[actor].role
        # the deciding abilities the player uses in this block (a lent one too), else his
        # role's
        used = [a.ability for a in acts if a.actor == actor and options_of(a.ability)]
        deciding = used or [
            a
            for a in role.abilities
            if is_day(a) == day and (a.frequency is Frequency.PREP) == prep and options_of(a)
        ]
        if not deciding:
            raise self.error(
                f"{actor} is {role.name}, whose sentences leave no decision to its player",
                line.why,
                line.actor,
            )
        # of several (a lent one beside the role's own), the one whose options hold the text
        fits = [
            a for a in deciding if any(canon(o) == canon(line.text or "") for o in options_of(a))
        ]
        ability = (fits or deciding)[0]
        options = options_of(ability)
        text = next((o for o in options if canon(o) == canon(line.text or "")), None)
        if text is None:
            raise self.error(
                f"{role.name} decides one of: {', '.join(options)}",
                line.why,
                f'"{line.text}"',
                [f'"{o}"' for o in options],
            )
        for k, a in enumerate(acts):
            if a.actor == actor and a.ability == ability:
                if a.decision is not None:
                    phase = "day" if day else "night"
                    raise self.error(
                        f"{actor} already decides in this {phase}", line.why, "decides"
                    )
                return [*acts[:k], replace(a, decision=text), *acts[k + 1 :]]
        return [*acts, Act(actor, ability, (), None, line.why, decision=text)]

    def votes(
        self, block: PhaseBlock, history: History
    ) -> tuple[
        dict[str, str | None],
        dict[str, str],
        tuple[Act, ...],
        tuple[str, ...],
        tuple[tuple[str, str | None, int], ...],
    ]:
        """A day's votes, the picks of tie-breaking roles ('Judy targets Bob' / 'Judy uses
        Judgment on Bob' in a day block), the day actions ('Sam uses kill on Bob', 'Sam
        kills Bob', 'Ivy uses discard'), the voters in the order their last votes were
        cast, and every vote line in order (voter, target, its line: the day's timeline,
        logic/model/day.Timeline)."""
        votes: dict[str, str | None] = {}
        choices: dict[str, str] = {}
        acts: list[Act] = []
        order: list[str] = []
        steps: list[tuple[str, str | None, int]] = []
        breakers = {canon(r.name) for r in self.rs.tie_breakers()}
        decided: list[tuple[str, Line]] = []
        self._decisions(block)
        for line in block.lines:
            actor = self.player(line.actor, line.why)
            if line.verb == "excludes":
                raise self.error("a player excludes options of a night action", line.why)
            if line.verb == "decides":
                decided.append((actor, line))
                continue
            targets = tuple(self.player(t, line.why, line.verb) for t in line.targets)
            role = self.now[actor].role
            day_abilities = [
                a for a in self.abilities_of(actor, history, True, block.number) if is_day(a)
            ]
            if line.verb in ("targets", "uses", "kills") and day_abilities:
                ability = self.ability_for(
                    actor, replace(line, targets=targets), block.number, history, day=True
                )
                if any(a.actor == actor and a.ability == ability for a in acts):
                    raise self.error(
                        f"{actor} already uses {ability.name} in this day", line.why, line.actor
                    )
                acts.append(Act(actor, ability, targets, None, line.why, manner=line.manner))
                continue
            if line.manner is not None:
                word = "publicly" if line.manner == "public" else "privately"
                raise self.error("only a day action is used publicly or privately", line.why, word)
            if line.verb in ("targets", "uses") and canon(role.name) in breakers:
                if len(targets) != 1:
                    raise self.error("a tie-break names one player", line.why, line.verb)
                choices[actor] = targets[0]
                continue
            if line.verb not in ("votes", "nothing"):
                raise self.error(
                    f"'{line.verb}' is a night action; days have votes and day actions",
                    line.why,
                    line.verb,
                )
            if line.verb == "nothing":
                continue
            votes[actor] = targets[0] if targets else None
            steps.append((actor, votes[actor], line.why.loc.line))
            if actor in order:
                order.remove(actor)
            if targets:
                order.append(actor)
        for actor, line in decided:
            acts = self.decide(acts, actor, line, day=True)
        return votes, choices, tuple(acts), tuple(order), tuple(steps)


def forced_completions(
    binder: Binder, night: int, acts: tuple[Act, ...], history: History
) -> list[tuple[tuple[Act, ...], tuple[str, ...], tuple[tuple[str, object], ...]]]:
    """Every way the forced actions left out of the scenario can go, with the notes that
    say what was assumed, and the draws (a random target is a pick the rules make at
    random: "randomly selects a target to kill")."""
    alive = [p for p in binder.players if p not in history.dead]
    choices: list[list[tuple[Act, str, tuple[str, object] | None]]] = []
    for p in alive:
        role = binder.now[p].role
        forced = forced_abilities(role, night, history, p)
        drawn = [
            (ab, k)
            for ab in role.abilities
            if (k := drawn_kill(ab)) is not None
            and history.may_use(p, ab, night)
            and all(ab is not f for f, _ in forced)
        ]
        for ability, why_ in [(a, f.why) for a, f in forced] + [(a, k.why) for a, k in drawn]:
            if any(a.actor == p and a.ability == ability for a in acts):
                continue
            random = any(ability is a for a, _ in drawn)
            options: list[tuple[Act, str, tuple[str, object] | None]] = [
                (
                    Act(p, ability, (t,), None, why_),
                    f"{p}'s {ability.name} ({why_.loc.short}) is drawn at random: {t}"
                    if random
                    else f"{p} must {ability.name} ({why_.loc.short}) and gave no target: assumed {t}",
                    (f"night {night}: {p}", t) if random else None,
                )
                for t in alive
                if t != p
            ]
            if options:
                choices.append(options)
    if not choices:
        return [(acts, (), ())]
    return [
        (
            acts + tuple(c[0] for c in combo),
            tuple(c[1] for c in combo),
            tuple(c[2] for c in combo if c[2] is not None),
        )
        for combo in itertools.product(*choices)
    ]


def check_phase_order(binder: Binder, case: Case) -> None:
    """Phases run in the order given; each appears once and nights (and days) count up."""
    seen: dict[tuple[str, int], PhaseBlock] = {}
    last: dict[str, PhaseBlock] = {}
    for block in case.phases:
        key = (block.kind, block.number)
        if key in seen:
            raise binder.error(
                f"{block.label} appears twice (first on line {seen[key].why.loc.line})",
                block.why,
                block.kind,
            )
        before = last.get(block.kind)
        if before is not None and before.number > block.number:
            raise binder.error(
                f"{block.label} comes after {before.label} (line {before.why.loc.line}); "
                "phases run in the order given",
                block.why,
                block.kind,
            )
        if block.kind == PREP and seen:
            raise binder.error(
                "the prep phase comes before night 1: write it first", block.why, block.kind
            )
        if block.number < 1 and block.kind != PREP:
            raise binder.error(
                f"phases are numbered from 1, not {block.number}", block.why, block.kind
            )
        seen[key] = block
        last[block.kind] = block


def identities(rs: Ruleset, players: Mapping[str, Player], history: History) -> dict[str, Player]:
    """The players with the changes of role and faction `history` records."""
    out = dict(players)
    for p, role_name, faction in history.state(IDENTITY):
        pl = out[p]
        role = rs.role(role_name) if role_name is not None else None
        out[p] = Player(p, role or pl.role, faction or pl.faction)
    return out


def _by_name(ability: Ability) -> bool:
    """Whether a case's line uses the ability only by its name (an effect node's `by_name`:
    a faction's optional action beside its members' own, logic/effects/vest.py's strap)."""
    return any(getattr(e, "by_name", False) for e in ability.effects)


def _excludable(ability: Ability) -> bool:
    """A sentence of the ability lets its player leave options out of the host's draw (an
    effect node's `excludes`: logic/effects/meddle.py)."""
    return any(getattr(e, "excludes", None) is not None for e in ability.effects)


def _kill(
    bd: Binder,
    out: list[Act],
    killers: dict[str, Line],
    actor: str,
    targets: tuple[str, ...],
    block: PhaseBlock,
    line: Line,
) -> None:
    """A case's `X kills Y`: the faction's nightkill X carries out, else X's own kill."""
    pl = bd.now[actor]
    faction = pl.faction
    nk = next((k for k in bd.rs.nightkills if k.member(pl.role, faction)), None)
    if nk is not None:
        if faction in killers:
            raise bd.error(
                f"only one {faction} player carries out the nightkill "
                f"(already {killers[faction].actor} on line {killers[faction].why.loc.line})",
                line.why,
                line.actor,
            )
        killers[faction] = line
        out.append(Act(actor, nk.ability, targets, nk.faction, line.why))
        return
    own = [a for a in bd.now[actor].role.abilities if kills(a)]
    if not own:
        by_day = any(is_day(a) for a in bd.now[actor].role.abilities)
        raise bd.error(
            f"{actor} is {bd.now[actor].role.name} ({faction}), which has no "
            + ("night kill (its powers are used by day: a 'day N:' block)" if by_day else "kill"),
            line.why,
            line.actor,
        )
    # (a role's own kill is an ability like any other: once a phase; found
    # by the fuzzer, 2,001 "Rog kills Ann" lines built a night for 12 s)
    bd.once(out, actor, own[0], block.kind, line)
    out.append(Act(actor, own[0], targets, None, line.why))


def _exclude(bd: Binder, acts: list[Act], actor: str, line: Line) -> list[Act]:
    """`X excludes "A", "B"`: options X's night action leaves out of the host's draw,
    where a sentence of its ability lets him (an effect's `excludes`); X takes it."""
    role = bd.players[actor].role
    used = [a.ability for a in acts if a.actor == actor and _excludable(a.ability)]
    own = [a for a in role.abilities if not is_day(a) and _excludable(a)]
    if not (used or own):
        raise bd.error(
            f"{actor} is {role.name}, whose sentences let its player exclude nothing",
            line.why,
            line.actor,
        )
    ability = (used or own)[0]
    options = options_of(ability)
    for text in line.texts:
        if canon(text) not in {canon(o) for o in options}:
            raise bd.error(
                f"{role.name} excludes some of: {', '.join(options)}",
                line.why,
                f'"{text}"',
                [f'"{o}"' for o in options],
            )
    left = tuple(o for o in options if canon(o) in {canon(t) for t in line.texts})
    for k, a in enumerate(acts):
        if a.actor == actor and a.ability == ability:
            return [*acts[:k], replace(a, excludes=(*a.excludes, *left)), *acts[k + 1 :]]
    return [*acts, Act(actor, ability, (), None, line.why, excludes=left)]
