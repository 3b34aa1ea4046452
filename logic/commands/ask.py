"""Owns `ruling ask`: is a GM's proposed ruling already implied by the rules
(`entailed`), a settling of what they leave open (`clarifies`), a change to what they
determine (`amends`), or against them (`contradicted`)?

The ruling is written in the ruleset language (`Nosy Neighbor must visit each night.`,
`If two players target each other, all actions fail.`) and added to the ruleset as one
more labelled sentence. Over a symbolic first night (`check.Night`), and the day after it
when the ruling is about the day and the ruleset says how a lynch goes (the paradox
search then with that night idle: the search over both does not end in minutes):
  contradicted  some legal scenario had an outcome without the ruling and has none with
                it (CEGAR, as for paradoxes); the core names the sentences it fights
  entailed      turning the ruling off changes no outcome of any scenario; the sentences
                without which it would matter are shown as the reason
  clarifies     the scenarios whose outcomes it changes are all ones the rules leave open
                (ambiguous, random or a paradox without it): it settles them, and no
                outcome the rules determine changes
  amends        some scenario the rules determine comes out differently with it: that
                scenario, its outcome before and after, and the sentences that determined
                it are shown (the scenarios it clarifies are listed too)
The changed scenarios are found as `ruling diff` finds them (the rules against the rules
with the ruling, one witness per smallest class of acting roles, at this bound), each
resolved concretely under both.
and, for every verdict, which ambiguities of the rules it settles (a witness of the
rules' ambiguity search that is no longer ambiguous with it), creates, or leaves.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

from logic.backends import symbolic
from logic.commands.check import NAMES, Checker, Night, OutOfTime, minimal_only
from logic.commands.diff import Change, diff
from logic.commands.resolve import Resolution, resolve
from logic.lang import grammar
from logic.lang.case import parse_cases
from logic.lang.errors import Loc, RulingError
from logic.lang.rules import parse_ruleset
from logic.model import order
from logic.model.ir import Ruleset, Why, canon
from logic.model.semantics import is_day

VERDICTS = ("entailed", "clarifies", "amends", "contradicted", "unknown")
PREFIX = "Ruling: "


@dataclass
class Answer:
    verdict: str
    ruling: Why
    because: tuple[Why, ...] = ()
    witness: str | None = None
    without: Resolution | None = None  # the witness under the rules alone
    with_: Resolution | None = None  # the witness with the ruling added
    removes: list[str] = field(default_factory=list)  # ambiguity classes it settles
    adds: list[str] = field(default_factory=list)  # ambiguity classes it creates
    remaining: list[str] = field(default_factory=list)  # ambiguity classes left with it
    unknown: list[str] = field(default_factory=list)
    queries: int = 0
    note: str = ""
    amended: list[Change] = field(default_factory=list)  # determined scenarios it changes
    clarified: list[Change] = field(default_factory=list)  # open scenarios it settles
    determined_by: tuple[Why, ...] = ()  # why the rules gave the amended outcome


def with_ruling(path: str | Path, ruling: str) -> tuple[Ruleset, Ruleset, Why]:
    """The ruleset, and the ruleset with `ruling` added (errors point into the ruling)."""
    return with_ruling_text(grammar.read_source(path, "ruleset"), str(path), ruling)


def with_ruling_text(text: str, name: str, ruling: str) -> tuple[Ruleset, Ruleset, Why]:
    """`with_ruling` for a ruleset given as text (`name` says where it came from): the
    ruling is parsed alone for its errors, then appended as a line."""
    base = parse_ruleset(text, name)
    body = grammar.normalize_newlines(ruling).strip()
    if not body:
        raise RulingError("the ruling is empty", Loc("<ruling>", 1, 1), ruling.strip("\r\n"))
    has_prefix = body.lower().startswith("ruling:")
    line = body if has_prefix else PREFIX + body
    shift = 0 if has_prefix else len(PREFIX)
    try:
        grammar.parse(line + "\n", "<ruling>", "ruleset", "ruling")
    except RulingError as e:
        raise _in_ruling(e, body, shift, 1) from None
    n = text.count("\n") + (0 if text.endswith("\n") else 1)
    combined_text = text + ("" if text.endswith("\n") else "\n") + line + "\n"
    try:
        combined = parse_ruleset(combined_text, name)
    except RulingError as e:
        if e.loc is not None and e.loc.file == name and e.loc.line > n:
            raise _in_ruling(e, body, shift, n + 1) from None
        raise
    return base, combined, combined.rulings[-1]


def _in_ruling(e: RulingError, body: str, shift: int, first: int) -> RulingError:
    """`e`, raised at line `first` + k of a text holding the ruling from line `first` on,
    as an error at `<ruling>`:k+1 (the first line's columns less the `Ruling: ` added)."""
    lines = body.split("\n")
    k = min(max(0, (e.loc.line if e.loc else first) - first), len(lines) - 1)
    col = (e.loc.column if e.loc else 1) - (shift if k == 0 else 0)
    return RulingError(
        e.message, Loc("<ruling>", k + 1, max(1, col)), lines[k], e.expected, e.width
    )


class Asker:
    def __init__(
        self,
        base: Ruleset,
        combined: Ruleset,
        ruling: Why,
        players: int = 5,
        timeout: float = 10.0,
        deadline: float | None = None,
    ) -> None:
        self.base = base
        self.combined = combined
        self.why = ruling
        self.players = players
        self.timeout = timeout
        self.deadline = deadline
        # a ruling about the day is asked over a night and the day after it (a chain has
        # a day when the ruleset says how a lynch goes)
        self.by_day = day_changes(base, combined)
        self.day = bool(self.by_day) and combined.lynch is not None
        self.checker = Checker(
            combined, players=players, timeout=timeout, deadline=deadline, day=self.day
        )

    @cached_property
    def night(self) -> Night:
        return self.checker.night  # (built when first wanted: `OutOfTime` past the deadline)

    @cached_property
    def off(self) -> list[Any]:
        """The switches of the ruling's sentences."""
        return self.night.switches_of(self.why, whole_line=True)

    def answer(self, ambiguity: bool = True) -> Answer:
        try:
            ans = self._verdict()
            if ambiguity:
                self._ambiguity(ans)
        except OutOfTime:  # a night not built before the command's --timeout
            ans = Answer("unknown", self.why)
            self.checker.report.unknown.append("ask: unknown (the command's --timeout ran out)")
        ans.unknown = list(self.checker.report.unknown)
        if self.day and ans.verdict != "unknown":
            ans.note = " ".join(
                x
                for x in (
                    ans.note,
                    f"(asked over a night and the day after it: it changes {self.by_day}; "
                    "a scenario it leaves with no outcome was searched with that night idle)",
                )
                if x
            )
        ans.queries = self.checker.report.queries
        ans.ruling = self.cited(ans.ruling)
        ans.because = tuple(self.cited(w) for w in ans.because)
        ans.determined_by = tuple(self.cited(w) for w in ans.determined_by)
        return ans

    def cited(self, why: Why) -> Why:
        """`why` as the user sees it: the ruling under test is `<ruling>:LINE`, not a line
        past the end of the ruleset file (it was read as the file's last lines)."""
        first = self.why.loc
        if why.loc.file != first.file or why.loc.line < first.line:
            return why
        return replace(why, loc=Loc("<ruling>", why.loc.line - first.line + 1, why.loc.column))

    def _verdict(self) -> Answer:
        c = self.checker
        if not self.off:
            if self.by_day and not self.day:
                return Answer(
                    "unknown",
                    self.why,
                    note=f"not checked: it changes {self.by_day}, used by day, and the "
                    "ruleset does not say how a lynch goes, so ask's scenarios are one night "
                    "(check a day with a case and `ruling resolve`)",
                )
            note = order.already(self.combined, self.why)
            return Answer(
                "entailed",
                self.why,
                note=note
                or "its condition never arises in this ruleset (no role's action matches it), "
                "so it changes nothing",
            )
        # contradicted: a legal scenario with an outcome under the rules and none with it
        small = Night(
            self.combined, NAMES[: c.report.paradox_players], deadline=self.deadline, day=self.day
        )
        small_off = small.switches_of(self.why, whole_line=True)

        def rules_allow_an_outcome(n: Night) -> list[Any]:
            base_valid = symbolic.substitute(
                n.valid, [(x, symbolic.value(False)) for x in small_off]
            )
            # (a ruling about the day: the night before it idle, its actions and votes
            # open; the search over the night and the day does not end in minutes)
            idle = n.idle_nights() if self.day else []
            return [n.renamed(base_valid, "rules"), *idle]

        for bad, _klass in c.paradoxes(small, extra=rules_allow_an_outcome):
            core = c.core_at(small, bad)
            witness = small.witness(bad, "the ruling cannot hold here", ["paradox"])
            return self._with_outcomes(Answer("contradicted", self.why, core, witness), witness)
        if c.report.unknown:
            return Answer("unknown", self.why)
        status, env = c.ablation(self.off, "ask")
        if status == "unknown":
            return Answer("unknown", self.why)
        if status == "unsat":
            return Answer("entailed", self.why, self._reasons())
        assert env is not None
        return self._changes()

    def _changes(self) -> Answer:
        """Every class of scenario the ruling changes (as `diff` finds them), each sorted
        into amended (the rules determined it) or clarified (they left it open)."""
        rep = diff(
            self.base,
            self.combined,
            self.players,
            self.timeout,
            deadline=self.deadline,
            title="the ruling changes this night",
            night=self.night,
            old_off=tuple(
                name for name, x in self.night.switch.items() if any(x.eq(o) for o in self.off)
            ),
        )
        self.checker.report.queries += rep.queries
        if rep.unknown:
            self.checker.report.unknown.append(rep.unknown)
        amended = [ch for ch in rep.changes if ch.old.verdict == "determined"]
        clarified = [ch for ch in rep.changes if ch.old.verdict != "determined"]
        if amended:
            first = amended[0]
            ans = Answer("amends", self.why, witness=first.witness, without=first.old)
            ans.with_ = first.new
            ans.determined_by = determined_by(first.old, first.new, self.base)
        elif clarified:
            first = clarified[0]
            ans = Answer("clarifies", self.why, witness=first.witness, without=first.old)
            ans.with_ = first.new
        elif rep.unknown:
            return Answer("unknown", self.why)
        else:
            return Answer(
                "entailed",
                self.why,
                self._reasons(),
                note="it changes only which of equal free choices is made, no outcome",
            )
        ans.amended, ans.clarified = amended, clarified
        return ans

    def _reasons(self) -> tuple[Why, ...]:
        """The sentences without which the ruling would change some outcome."""
        out: list[Why] = []
        n = self.night
        for name, why in n.model.switches.items():
            x = n.switch[name]
            if any(x.eq(o) for o in self.off):
                continue
            # with sentence `why` off in both, does the ruling now matter?
            r, _ = self.checker.ablation(self.off, "ask: reasons", also_off=[x])
            if r == "sat" and why not in out:
                out.append(why)
        return tuple(out)

    def _with_outcomes(self, ans: Answer, witness: str) -> Answer:
        """Resolve the witness under the rules alone and with the ruling."""
        (case,) = parse_cases(witness, "<witness>")
        ans.without = resolve(self.base, case, witness)
        ans.with_ = resolve(self.combined, case, witness)
        return ans

    def _ambiguity(self, ans: Answer) -> None:
        """Which ambiguity witnesses of the rules the ruling settles, and which new ones it
        creates: one search over the night with the ruling and without it (the ruling's
        switches are one open choice), then each witness of one side is resolved
        (concretely) under the other."""

        def still_ambiguous(rs: Ruleset, witness: str) -> bool:
            (case,) = parse_cases(witness, "<witness>")
            return resolve(rs, case, witness).verdict == "ambiguous"

        found = list(self.checker.ambiguities(toggled=self.off))
        rules = minimal_only([f for f in found if not f.with_toggled], lambda f: f.roles)
        ruled = minimal_only([f for f in found if f.with_toggled], lambda f: f.roles)
        if not self.off:  # the ruling never applies: one ruleset, and its ambiguities stay
            ruled = rules
        for f in rules:
            if f.witness and not still_ambiguous(self.combined, f.witness):
                ans.removes.append(f"{f.summary} (e.g. {_one_line(f.witness)})")
        for f in ruled:
            if f.witness and not still_ambiguous(self.base, f.witness):
                ans.adds.append(f"{f.summary} (e.g. {_one_line(f.witness)})")
            elif f.witness:
                ans.remaining.append(f"{f.summary} (e.g. {_one_line(f.witness)})")


def day_changes(base: Ruleset, combined: Ruleset) -> str:
    """What a ruling changes that is used by day ("the Executioner's substitute", "the
    day's rules"), or "" when it changes nothing of the day: the night that `ask`
    searches holds no switch of such a ruling, and its silence there is no verdict."""
    before = {r.name: r for r in base.roles}
    out: list[str] = []
    for role in combined.roles:
        was = before.get(role.name)
        for k, ab in enumerate(role.abilities):
            old = was.abilities[k] if was is not None and k < len(was.abilities) else None
            if ab != old and is_day(ab):
                out.append(f"the {role.name}'s {ab.name}")
    for name, what in (
        ("day_rules", "the day's rules"),
        ("lynch", "the lynch"),
        ("tie_rules", "the rules on ties"),
    ):
        if getattr(base, name) != getattr(combined, name):
            out.append(what)
    return ", ".join(out)


def determined_by(before: Resolution, after: Resolution, rules: Ruleset) -> tuple[Why, ...]:
    """The sentences behind the atoms of the determined outcome `before` that the ruling
    changes (gone in some outcome `after`), or, when it only adds atoms, behind every atom
    of `before` about the players the added atoms name; then the priority list's entries
    of those players' roles, when they sit in different tiers (the order decided it)."""
    (old,) = before.outcomes()
    new = [o.atoms for o in after.outcomes()]
    gone = [a for a in sorted(old.atoms) if any(a not in n for n in new)]
    added = {a.subject for n in new for a in n - old.atoms}
    if not gone:
        gone = [a for a in sorted(old.atoms) if a.subject in added or a.obj in added]
    out: list[Why] = []
    for a in gone:
        out.extend(w for w in old.why(a) if w not in out)
    named = {a.subject for a in gone} | {a.obj for a in gone if a.obj} | added
    roles = {canon(p.role.name) for name, p in before.players.items() if name in named}
    entries = [e for e in rules.priority if e.subject is not None and canon(e.subject) in roles]
    entries += [
        e
        for e in rules.priority
        if e.subject is not None
        and (found := rules.role(e.subject)) is not None
        and canon(found.name) in roles
        and e not in entries
    ]
    if len({e.tier for e in entries}) > 1:
        out.extend(e.why for e in sorted(entries, key=lambda e: e.tier) if e.why not in out)
    return tuple(out)


def _one_line(witness: str) -> str:
    """A witness case in one line: its players and actions."""
    lines = [x.strip() for x in witness.splitlines()]
    players = next((x.removeprefix("players: ") for x in lines if x.startswith("players:")), "")
    acts = [x for x in lines if " targets " in x or " kills " in x]
    return f"{players}; " + "; ".join(acts)
