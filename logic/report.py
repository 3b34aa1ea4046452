"""Owns presenting results: rich text for people and plain JSON for tools, for the
`parse`, `resolve`, `casebook`, `check` and `coverage` commands. Nothing here decides
anything."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.markup import escape

from logic.commands.ask import Answer
from logic.commands.casebook import CaseResult
from logic.commands.check import Report as CheckReport
from logic.commands.check.findings import common_causes
from logic.commands.coverage import STATUSES, Coverage, Held
from logic.commands.deletions import ANSWERS, Deletions
from logic.commands.diff import Change, DiffReport
from logic.commands.resolve import Resolution
from logic.model.frameworks import FRAMEWORKS
from logic.model.ir import (
    Ability,
    Role,
    Ruleset,
    Sentence,
    Why,
)
from logic.model.serial import to_json

# ----------------------------------------------------------------------------- parse


def effect_text(e: Any) -> str:
    return str(e.describe())


def _tiers(
    rs: Ruleset, role: str | None = None, faction: str | None = None, ability: Ability | None = None
) -> str:
    items = []
    own = any(
        (role and p.subject == role) or (faction and p.nightkill_of == faction) for p in rs.priority
    )
    if ability is not None and not own:
        names = {n.casefold() for n in (ability.name, *ability.aliases)}
        for p in rs.priority:  # an order of operations: by the ability's name or effects
            by_name = p.ability is not None and p.ability.casefold() in names
            by_kind = bool(p.effects) and not p.hastened
            if by_name or (by_kind and any(isinstance(e, p.effects) for e in ability.effects)):
                items.append(f"tier {p.tier}")
                break
    for p in rs.priority:
        if (role and p.subject == role) or (faction and p.nightkill_of == faction):
            cond = (
                f" if targeting {p.iff_targeting}"
                if p.iff_targeting
                else (" otherwise" if p.otherwise else "")
            )
            items.append(f"tier {p.tier}{cond}")
    rest = next((p.tier for p in rs.priority if p.rest), None)
    if not items and rest is not None and (ability is not None or role):
        return f"tier {rest} (all other actions)"
    return ", ".join(items) or "no tier"


def _ability_lines(a: Ability, tiers: str) -> list[str]:
    vc = a.visit_class.value if a.visit_class else "visiting class not given"
    aka = f" (also {', '.join(a.aliases)})" if a.aliases else ""
    if a.on_self:
        what = "acts on its user"
    elif a.targets == 0:
        what = "names no one"
    elif a.targets < 0:
        what = f"{a.verb} a list of players"
    elif a.targets >= 2:
        n = {2: "two", 3: "three", 4: "four"}.get(a.targets, str(a.targets))
        what = f"{a.verb} {n} players"
    else:
        what = f"{a.verb} a player"
    out = [
        f"  ability {a.name!r}{aka}: {what} {a.frequency.value}; {vc}; {tiers}   [{a.why.loc.short}]"
    ]
    for e in (*a.effects, *a.restrictions):
        mark = " (ruling)" if e.why.kind == "ruling" else ""
        out.append(f"    - {effect_text(e)}{mark}   [{e.why.loc.short}]")
    return out


def _role_lines(rs: Ruleset, roles: list[Role]) -> list[str]:
    out = []
    for role in roles:
        out.append(f"{role.name} ({role.faction})   [{role.why.loc.short}]")
        if not role.abilities:
            out.append("  no abilities")
        for a in role.abilities:
            out.extend(_ability_lines(a, _tiers(rs, role=role.name, ability=a)))
        for ap in role.appears_as:
            to = f" to {ap.to}" if ap.to else ""
            out.append(f"  checks as {ap.faction}{to}   [{ap.why.loc.short}]")
        for trait in role.traits:
            out.append(f"  {effect_text(trait)}   [{trait.why.loc.short}]")
    return out


def ruleset_lines(rs: Ruleset) -> list[str]:
    out = [f"Ruleset: {rs.name}   ({rs.source})"]
    if rs.unique_roles:
        out.append(f"Setup: roles are not duplicated   [{rs.unique_roles.loc.short}]")
    if rs.framework_why is not None:
        summary = FRAMEWORKS[rs.framework].summary
        out.append(
            f"Nights resolved by: {rs.framework} ({summary})   [{rs.framework_why.loc.short}]"
        )
    for faction in rs.factions:
        out.append("")
        out.append(f"{faction}:")
        nk = rs.nightkill(faction)
        if nk:
            excl = "; the killer cannot use their other action" if nk.exclusive else ""
            vc = (
                nk.ability.visit_class.value
                if nk.ability.visit_class
                else "visiting class not given"
            )
            out.append(
                f"  nightkill: one member kills a player; {vc}{excl}; {_tiers(rs, faction=faction, ability=nk.ability)}   [{nk.why.loc.short}]"
            )
            for r in nk.ability.restrictions:  # "choose a villager to kill"
                out.append(f"    - {effect_text(r)}   [{r.why.loc.short}]")
        for f, trait in rs.faction_traits:
            if f == faction:
                out.append(f"  {effect_text(trait)}   [{trait.why.loc.short}]")
        out.extend(_role_lines(rs, [r for r in rs.roles if r.faction == faction]))
    for category, allowed, why in rs.neutral:  # roles given to players of several factions
        out.append("")
        out.append(f"{category} (given to players of {' or '.join(allowed)}):   [{why.loc.short}]")
        out.extend(_role_lines(rs, [r for r in rs.roles if r.faction == category]))
    vanilla = rs.role(rs.vanilla) if rs.vanilla else None
    if vanilla is not None:
        out.append("")
        out.append(
            f"Players with no role: {vanilla.name}, in any faction   [{vanilla.why.loc.short}]"
        )
    rest: list[str] = []
    if rs.duel is not None:
        rest.append(f"  {effect_text(rs.duel)}   [{rs.duel.why.loc.short}]")
    if rest:
        out.append("")
        out.extend(rest)
    if rs.seen_by:
        out.append("")
        out.append("Who sees visits:")
        for s in rs.seen_by:
            who = ", ".join(s.roles) if s.roles else "no one"
            out.append(f"  {s.visit_class.value} actions are seen by {who}   [{s.why.loc.short}]")
    game = [
        *(
            [f"attacks are settled at step {rs.casualties}   [{rs.casualties_why.loc.short}]"]
            if rs.casualties is not None and rs.casualties_why is not None
            else []
        ),
        *([f"{effect_text(rs.lynch)}   [{rs.lynch.why.loc.short}]"] if rs.lynch else []),
        *(f"{effect_text(r)}   [{r.why.loc.short}]" for r in rs.tie_rules),
        *(f"{effect_text(r)}   [{r.why.loc.short}]" for r in rs.day_rules),  # reveals, no votes
        *(f"{effect_text(r)}   [{r.why.loc.short}]" for r in rs.reverts),
        *(f"{effect_text(v)}   [{v.why.loc.short}]" for v in rs.victories),
        *(f"{effect_text(k)}   [{k.why.loc.short}]" for k in rs.kind_rules),
    ]
    if game:
        out.append("")
        out.append("The game:")
        out.extend(f"  {g}" for g in game)
    for alias, target, why in rs.aliases:
        out.append(f"Alias: {alias} = {target}   [{why.loc.short}]")
    if rs.rulings:
        out.append("")
        out.append("Rulings:")
        out.extend(f"  {w.text}   [{w.loc.short}]" for w in rs.rulings)
        out.extend(f"  {effect_text(o)}   [{o.why.loc.short}]" for o in rs.orders)
        # what a labelled ruling's outcome does (its words above are how the GM put it)
        said = {w.loc for w in rs.rulings}
        out.extend(
            f"  {effect_text(o)}   [{o.why.loc.short}]"
            for o in rs.outcome_rulings
            if o.why.loc in said
        )
    kept = _kept_lines(rs)
    if kept:
        out.append("")
        out.append("Kept, not modelled:")
        out.extend(kept)
    return out


def _kept_lines(rs: Ruleset) -> list[str]:
    """The Flavour:, Not modelled and Source: lines, one line each, marked by kind."""
    lines: dict[tuple[str, int], list[str]] = {}
    marks: dict[tuple[str, int], str] = {}
    for s in rs.sentences:
        if s.kind == "rule":
            continue
        at = (s.loc.file, s.loc.line)
        lines.setdefault(at, []).append(s.text)
        if s.kind == "not modelled":
            marks[at] = f"[not modelled: {s.reason}]"
        elif s.kind == "source" and s.rewords is not None:
            marks[at] = f"[source, reworded at line {s.rewords.loc.line}]"
        elif s.kind == "example":
            marks[at] = f"[example, played by {_plays(s)}]"
        elif s.kind == "said again":
            marks[at] = f"[said again, read on {_said_at(s)}]"
        else:
            marks[at] = f"[{s.kind}]"
    return [f"  {marks[at]} {' '.join(texts)}   [{at[0]}:{at[1]}]" for at, texts in lines.items()]


def _plays(s: Sentence) -> str:
    """An example's cases: 'a.case "A", "B"; b.case "C"'."""
    files: dict[str, list[str]] = {}
    for r in s.plays:
        files.setdefault(r.file, []).append(f'"{r.title}"')
    return "; ".join(f"{f} {', '.join(titles)}" for f, titles in files.items())


def _said_at(s: Sentence) -> str:
    """A said-again sentence's pointers: 'line 12, "That player cannot be killed."'."""
    return ", ".join(f"line {r.line}" if r.line is not None else f'"{r.text}"' for r in s.repeats)


# ----------------------------------------------------------------------------- resolve


def _print_case(console: Console, witness: str, indent: str) -> None:
    """A witness case, dimmed and indented, ready to copy."""
    for line in witness.rstrip("\n").splitlines():
        console.print(f"{indent}[dim]{escape(line)}[/dim]")


def _cite(whys: tuple[Why, ...]) -> list[str]:
    sentences = [w for w in whys if w.kind != "axiom"]
    axioms = [w for w in whys if w.kind == "axiom"]
    return [f"{w.loc.short}: {w.text}" for w in sentences] + [w.text for w in axioms]


def print_resolution(res: Resolution, console: Console, explain: bool = True) -> None:
    case = res.case
    colour = {
        "determined": "green",
        "ambiguous": "yellow",
        "random": "cyan",
        "storyteller": "blue",
        "paradox": "red",
        "unknown": "magenta",
    }[res.verdict]
    console.print(f"[bold]{escape(case.title)}[/bold]  ({case.file}:{case.why.loc.line})")
    console.print(f"verdict: [bold {colour}]{res.verdict}[/]")
    if res.timed_out:
        console.print(f"  {escape(res.timed_out)}")
    outcomes = {p.key(): p for p in res.paths}
    for n, path in enumerate(outcomes.values(), 1):
        if len(outcomes) > 1:
            console.print(f"\n[bold]outcome {n} of {len(outcomes)}[/bold]")
        for po in path.phases:
            console.print(f"  [underline]{po.phase}[/underline]")
            for note in po.assumptions:
                console.print(f"    [dim]assumption: {escape(note)}[/dim]")
            for atom in sorted(po.atoms):
                console.print(f"    {escape(str(atom))}")
                if explain:
                    for line in _cite(po.why(atom)):
                        console.print(f"        [dim]because {escape(line)}[/dim]")
            spared = dict(po.spared)
            for who, whys in po.survivors_at_risk:
                console.print(f"    {escape(who)} survives")
                if explain:
                    for line in _cite(whys):
                        console.print(f"        [dim]because {escape(line)}[/dim]")
                    for line in _cite(spared.get(who, ())):
                        console.print(f"        [dim]did not apply: {escape(line)}[/dim]")
    if res.differing:
        console.print("\n[yellow]atoms that differ between outcomes:[/yellow]")
        for d in res.differing:
            console.print(f"  {escape(d)}")
    for px in res.paradoxes:
        console.print(f"\n[red]{px.phase}: no outcome satisfies these sentences together:[/red]")
        for note in px.assumptions:
            console.print(f"    [dim]assumption: {escape(note)}[/dim]")
        for line in _cite(px.core):
            console.print(f"  {escape(line)}")
    console.print()


def resolution_json(res: Resolution) -> dict[str, Any]:
    outcomes = []
    for path in {p.key(): p for p in res.paths}.values():
        outcomes.append(
            [
                {
                    "phase": po.phase,
                    "assumptions": list(po.assumptions),
                    "atoms": [
                        {
                            "atom": str(a),
                            "kind": a.kind,
                            "subject": a.subject,
                            "object": a.obj,
                            "because": [to_json(w) for w in po.why(a)],
                        }
                        for a in sorted(po.atoms)
                    ],
                    "survivors": [
                        {
                            "player": who,
                            "because": [to_json(w) for w in whys],
                            "not_applied": [to_json(w) for w in dict(po.spared).get(who, ())],
                        }
                        for who, whys in po.survivors_at_risk
                    ],
                }
                for po in path.phases
            ]
        )
    return {
        "case": res.case.title,
        "at": f"{res.case.file}:{res.case.why.loc.line}",
        "verdict": res.verdict,
        "timed_out": res.timed_out,
        "outcomes": outcomes,
        "differing": res.differing,
        "paradoxes": [
            {
                "phase": p.phase,
                "core": [to_json(w) for w in p.core],
                "assumptions": list(p.assumptions),
            }
            for p in res.paradoxes
        ],
    }


# ----------------------------------------------------------------------------- casebook


def print_case_failures(results: list[CaseResult], console: Console) -> None:
    for r in results:
        for expected, gave, line in r.failures:
            console.print(
                f"{escape(r.case.file)}:{line}: FAIL {escape(r.case.title)!r}: "
                f"expected `{escape(expected)}`, but {escape(gave)}",
                highlight=False,
            )


def casebook_json(results: list[CaseResult]) -> dict[str, Any]:
    return {
        "passed": sum(r.passed for r in results),
        "failed": sum(not r.passed for r in results),
        "cases": [
            {
                "case": r.case.title,
                "at": f"{r.case.file}:{r.case.why.loc.line}",
                "verdict": r.resolution.verdict,
                "passed": r.passed,
                "failures": [{"expected": e, "gave": g, "line": n} for e, g, n in r.failures],
            }
            for r in results
        ],
    }


def print_deletions(found: list[Deletions], console: Console) -> None:
    """Per ruleset, the tally of what deleting each sentence does, then each sentence no
    case pins (where to add a case), each that says what the engine does anyway (and
    which of its axioms), and each whose cases ran out of time."""
    for d in found:
        tally = ", ".join(f"{d.count(a)} {a}" for a in ANSWERS)
        console.print(
            f"{escape(str(d.path))}: {len(d.answers)} sentences acted on, {d.cases} cases: {tally}",
            highlight=False,
        )
        for title in d.failing:
            console.print(f"  (the case {escape(title)!r} fails with every sentence: left out)")
        for a in d.answers:
            if a.answer in ("not pinned", "unknown", "default"):
                who = f"{a.sentence.label}: " if a.sentence.label else ""
                why = {
                    "not pinned": "no case notices its deletion: add a case where it decides "
                    "the outcome",
                    "default": f"default: the engine does this without it ({a.by})",
                }.get(a.answer, f"unknown: {a.by}")
                console.print(
                    f"  {escape(str(d.path))}:{a.sentence.loc.line}: {escape(who + a.sentence.text)}"
                    f"\n      {escape(why)}",
                    highlight=False,
                )
                if a.suggestion and "\n" in a.suggestion:  # a case to add
                    console.print("      a case that pins it:", highlight=False)
                    for line in a.suggestion.split("\n"):
                        console.print(f"        {escape(line)}", highlight=False)
                elif a.suggestion:  # why there is none
                    console.print(f"      ({escape(a.suggestion)})", highlight=False)


def deletions_json(found: list[Deletions]) -> dict[str, Any]:
    return {
        "rulesets": [
            {
                "ruleset": str(d.path),
                "cases": d.cases,
                "failing": d.failing,
                "tally": {a: d.count(a) for a in ANSWERS},
                "sentences": [
                    {
                        "line": a.sentence.loc.line,
                        "label": a.sentence.label,
                        "text": a.sentence.text,
                        "answer": a.answer,
                        "by": a.by,
                        "suggestion": a.suggestion,
                    }
                    for a in d.answers
                ],
            }
            for d in found
        ]
    }


# ----------------------------------------------------------------------------- check


def print_check(rep: CheckReport, console: Console) -> None:
    rs = rep.ruleset
    console.print(
        f"[bold]{escape(rs.name)}[/bold] ({escape(rs.source)}): {_nights(rep.nights)}, {rep.players} players "
        f"(paradoxes at {rep.paradox_players}); {rep.queries} solver queries in {rep.seconds:.1f} s"
    )
    if not rep.findings:
        console.print("[green]no findings[/green]")
    causes = common_causes(rep.findings)
    if causes:
        console.print("most findings cite:")
        for w, kind, n, of in causes[:5]:
            console.print(f"  {n} of {of} {kind}: {escape(_cite((w,))[0])}", highlight=False)
    colour = {
        "contradiction": "red",
        "paradox": "red",
        "ambiguous": "yellow",
        "dead rule": "magenta",
        "redundant ruling": "cyan",
        "gap": "blue",
    }
    for n, f in enumerate(rep.findings, 1):
        console.print(
            f"\n[bold]{n}. [{colour.get(f.kind, 'white')}]{f.kind}[/]: {escape(f.summary)}[/bold]"
        )
        if f.differing:
            console.print("   outcomes differ in (first / second):")
            for d in f.differing:
                console.print(f"     {escape(d)}")
        if f.choices:
            console.print(
                f"   decided by the host's open choice {escape(' and '.join(f.choices))}: "
                "every other scenario where it decides is this finding again (not listed)"
            )
        if f.sentences:
            console.print("   sentences involved:")
            for line in _cite(f.sentences):
                console.print(f"     {escape(line)}")
        if f.witness:
            console.print("   witness (paste into a .case file, check with `ruling resolve`):")
            _print_case(console, f.witness, "     ")
    for u in dict.fromkeys(rep.unknown):  # one line per kind of query that ran out
        console.print(f"\n[magenta]{escape(u)}[/magenta]")
    for s in rep.skipped:
        console.print(f"[dim]not checked: {escape(s)}[/dim]")
    console.print()


def _nights(n: int) -> str:
    return "first night" if n == 1 else f"nights 1-{n}"


def check_json(rep: CheckReport) -> dict[str, Any]:
    return {
        "nights": rep.nights,
        "ruleset": rep.ruleset.name,
        "source": rep.ruleset.source,
        "players": rep.players,
        "paradox_players": rep.paradox_players,
        "queries": rep.queries,
        "seconds": round(rep.seconds, 3),
        "unknown": rep.unknown,
        "skipped": rep.skipped,
        "common_causes": [
            {"sentence": to_json(w), "kind": kind, "findings": n, "of": of}
            for w, kind, n, of in common_causes(rep.findings)
        ],
        "findings": [
            {
                "kind": f.kind,
                "summary": f.summary,
                "roles": list(f.roles),
                "sentences": [to_json(w) for w in f.sentences],
                "differing": list(f.differing),
                "choices": list(f.choices),
                "witness": f.witness,
            }
            for f in rep.findings
        ],
    }


# ----------------------------------------------------------------------------- ask


def print_answer(ans: Answer, console: Console) -> None:
    colour = {
        "entailed": "green",
        "clarifies": "cyan",
        "amends": "yellow",
        "contradicted": "red",
        "unknown": "magenta",
    }[ans.verdict]
    console.print(f"ruling: {escape(ans.ruling.text)}")
    console.print(f"verdict: [bold {colour}]{ans.verdict}[/]")
    if ans.note:
        console.print(f"  {escape(ans.note)}")
    if ans.because:
        head = "it follows from:" if ans.verdict == "entailed" else "it cannot hold together with:"
        console.print(f"  {head}")
        for line in _cite(ans.because):
            console.print(f"    {escape(line)}")
    if ans.witness:
        what = {
            "amends": "a scenario the rules determine, which it changes",
            "clarifies": "a scenario the rules leave open, which it settles",
        }.get(ans.verdict, "witness")
        console.print(f"  {what}:")
        _print_case(console, ans.witness, "    ")
    for title, res in (("under the rules alone", ans.without), ("with the ruling", ans.with_)):
        if res is None:
            continue
        console.print(f"  {title}: {res.verdict}")
        for k, line in enumerate(_outcome_lines(res), 1):
            console.print(f"    outcome {k}: {escape(line)}")
    if ans.determined_by:
        console.print("  the rules determined it by:")
        for line in _cite(ans.determined_by):
            console.print(f"    {escape(line)}")
    if ans.verdict == "amends":
        for title, changes in (("amends", ans.amended), ("also clarifies", ans.clarified)):
            for ch in changes:
                console.print(f"  {title}: {escape(_change_line(ch))}")
    elif ans.verdict == "clarifies":
        for ch in ans.clarified:
            console.print(f"  clarifies: {escape(_change_line(ch))}")
    for title, items in (
        ("settles the ambiguity of", ans.removes),
        ("[yellow]creates an ambiguity[/yellow]", ans.adds),
        ("leaves ambiguous", ans.remaining),
    ):
        for item in items:
            console.print(f"  {title}: {escape(item)}")
    for u in dict.fromkeys(ans.unknown):
        console.print(f"  [magenta]{escape(u)}[/magenta]")
    console.print()


def _change_line(ch: Change) -> str:
    """A changed scenario in one line: who acts, and the outcomes before -> after."""
    acts = [
        x.strip()
        for x in ch.witness.splitlines()
        if " targets " in x or " kills " in x or x.strip().startswith("players:")
    ]
    before = " | ".join(_outcome_lines(ch.old))
    after = " | ".join(_outcome_lines(ch.new))
    return f"{'; '.join(acts)}: {ch.old.verdict} [{before}] -> {ch.new.verdict} [{after}]"


def _change_json(ch: Change) -> dict[str, Any]:
    return {
        "roles": list(ch.roles),
        "witness": ch.witness,
        "before": resolution_json(ch.old),
        "after": resolution_json(ch.new),
    }


def answer_json(ans: Answer) -> dict[str, Any]:
    return {
        "ruling": to_json(ans.ruling),
        "verdict": ans.verdict,
        "because": [to_json(w) for w in ans.because],
        "witness": ans.witness,
        "without": resolution_json(ans.without) if ans.without else None,
        "with": resolution_json(ans.with_) if ans.with_ else None,
        "determined_by": [to_json(w) for w in ans.determined_by],
        "amends": [_change_json(ch) for ch in ans.amended],
        "clarifies": [_change_json(ch) for ch in ans.clarified],
        "settles_ambiguity": ans.removes,
        "creates_ambiguity": ans.adds,
        "leaves_ambiguous": ans.remaining,
        "unknown": ans.unknown,
        "queries": ans.queries,
        "note": ans.note,
    }


# ----------------------------------------------------------------------------- diff


def _outcome_lines(res: Resolution) -> list[str]:
    keep = ("dies", "fails", "roleblocked", "learns", "visits")
    return [
        ", ".join(str(a) for a in sorted(o.atoms) if a.kind in keep) or "(nothing happens)"
        for o in res.outcomes()
    ]


def print_diff(rep: DiffReport, console: Console) -> None:
    console.print(
        f"[bold]{escape(rep.old.source)}[/bold] -> [bold]{escape(rep.new.source)}[/bold]: "
        f"first night, {rep.players} players, {rep.queries} solver queries"
    )
    for title, names in (
        ("roles only in the old version", rep.only_old),
        ("roles only in the new", rep.only_new),
    ):
        if names:
            console.print(f"  {title}: {escape(', '.join(names))} (not compared)")
    if not rep.changes and not rep.refused:
        console.print("[green]no scenario's outcome changes[/green]")
    for refused in rep.refused:  # a deal one version allows and the other refuses
        console.print(f"  a scenario one version deals and the other refuses: {escape(refused)}")
    for n, c in enumerate(rep.changes, 1):
        console.print(f"\n[bold]{n}. {escape(' + '.join(c.roles))}[/bold]")
        _print_case(console, c.witness, "   ")
        for title, res in (("old", c.old), ("new", c.new)):
            console.print(f"   {title}: {res.verdict}")
            for line in _outcome_lines(res):
                console.print(f"     {escape(line)}")
    if rep.unknown:
        console.print(f"\n[magenta]{escape(rep.unknown)}[/magenta]")
    console.print()


def diff_json(rep: DiffReport) -> dict[str, Any]:
    return {
        "old": rep.old.source,
        "new": rep.new.source,
        "players": rep.players,
        "queries": rep.queries,
        "unknown": rep.unknown,
        "only_old": rep.only_old,
        "only_new": rep.only_new,
        "refused": rep.refused,
        "changes": [
            {
                "roles": list(c.roles),
                "witness": c.witness,
                "old": resolution_json(c.old),
                "new": resolution_json(c.new),
            }
            for c in rep.changes
        ],
    }


# ----------------------------------------------------------------------------- solve


def _pct(n: int, total: int) -> str:
    return f"{100 * n / total:.0f}%" if total else "-"


def print_solve(res: Any, console: Console, tips: list[Any] | None = None) -> None:
    """`ruling solve`: the count, the marginals table, certainties, examples or a core;
    with --sample the estimate and its interval; with --suggest the ranked targets."""
    from rich.table import Table

    s = res.setup
    counts = ", ".join(f"{n} {f}" for f, n in s.counts)
    console.print(
        f"{s.title or 'observations'}: {len(s.players)} players ({counts}), nights 1-{s.nights}"
    )
    console.print("assumptions:", markup=False)
    for a in res.assumptions:
        console.print(f"  - {a}", markup=False)
    if res.status == "unknown":
        console.print(f"consistent worlds: {res.unknown}", markup=False)
        return
    if res.status == "unsat":
        console.print("no world is consistent with these observations; these cannot all hold:")
        for w in res.core:
            where = w.loc.short if w.loc.line else w.loc.file
            console.print(f"  {where}: {w.text}", markup=False)
        return
    sm = res.sample
    if sm is not None:
        est = res.setups * sm.hits / sm.drawn if sm.drawn else 0
        console.print(
            f"estimated consistent worlds: {est:,.0f} (95% interval {res.setups * sm.low:,.0f} "
            f"to {res.setups * sm.high:,.0f}) of {res.setups:,} role assignments with your "
            f"role and the flipped roles; {sm.hits} of {sm.drawn} draws were consistent"
            + (f" ({sm.unknown} draws not decided in time)" if sm.unknown else ""),
            markup=False,
        )
        title = f"probability of each role (share of the {sm.hits} consistent draws)"
    else:
        console.print(
            f"consistent worlds: {res.worlds:,} of {res.setups:,} role assignments the setup "
            f"allows (prior: uniform over those {res.setups:,})",
            markup=False,
        )
        title = "probability of each role (uniform over consistent worlds)"
    if not res.worlds:
        console.print("no consistent world was drawn; try more draws", markup=False)
        return
    table = Table(title=title)
    table.add_column("player")
    factions = [f for f, _ in s.counts]
    for f in factions:
        table.add_column(f, justify="right")
    table.add_column("roles")
    for p in s.players:
        roles = sorted(res.roles[p].items(), key=lambda kv: (-kv[1], kv[0]))
        shown = ", ".join(f"{r} {_pct(n, res.worlds)}" for r, n in roles)
        table.add_row(
            p, *(_pct(res.factions[p].get(f, 0), res.worlds) for f in factions), escape(shown)
        )
    console.print(table)
    certain = res.certain()
    if certain:
        console.print(
            "certain: " + ", ".join(f"{p} is {x}" for p, x in certain.items()), markup=False
        )
    for k, w in enumerate(res.examples, 1):
        console.print(
            f"example world {k}: " + ", ".join(f"{p} {r}" for p, r in w.items()), markup=False
        )
    if tips is not None:
        _print_tips(tips, console, res.worlds)
    console.print(f"({res.queries} solver queries, {res.seconds:.2f} s)", markup=False)


def _print_tips(tips: list[Any], console: Console, worlds: int) -> None:
    from rich.table import Table

    if not tips:
        console.print("suggest: your role has no target to rank tonight", markup=False)
        return
    table = Table(title="tonight's targets, by the worlds expected to be left (fewest first)")
    table.add_column("target")
    table.add_column("worlds left (expected)", justify="right")
    table.add_column("gain (bits)", justify="right")
    table.add_column("possible results -> consistent worlds that can give it")
    for t in tips:
        shown = "; ".join(
            f"{' + '.join(repr(x) for x in got) or 'nothing'} -> {n:,}" for got, n in t.outcomes
        )
        if t.unknown:
            shown = (shown + "; " if shown else "") + "time ran out before every result was counted"
        left = "unknown" if t.unknown else f"{t.expected:,.{1 if t.expected < 1000 else 0}f}"
        gain = "unknown" if t.unknown else f"{t.gain:.2f}"
        table.add_row(t.target, left, gain, escape(shown))
    console.print(table)
    over = [t for t in tips if not t.unknown and t.pairs > worlds]
    console.print(
        f"A result's count is the consistent worlds (of {worlds:,}) in which tonight's check "
        "can give it. A world can give more than one result: what you learn depends on what "
        "the other players do tonight (someone may roleblock or jail you, and you learn "
        "nothing) and on any step the rules leave random or open"
        + (
            f"; so the counts can add up to more ({over[0].target}: {over[0].pairs:,})."
            if over
            else "."
        )
        + " Both measures take every pair of a world and a result it can give as equally "
        "likely: P(result) = its count / the sum of the counts; worlds left = the sum of "
        "P(result) x its count.",
        markup=False,
    )


ASSUMPTIONS = (
    "good players' claims and information are true unless their ability malfunctions",
    "evil players may claim and say anything",
    "every death is announced; the game goes on (no team has won)",
    "what the storyteller and the evil players choose is whatever explains what was seen",
)


def print_clocktower(res: Any, console: Console) -> None:
    """A Clocktower game's consistent starting worlds (logic/commands/solve/clocktower.py)."""
    console.print(f"{escape(res.title)}: {len(res.seats)} players")
    console.print("assumptions:")
    for a in ASSUMPTIONS:
        console.print(f"  - {a}")
    console.print(
        f"consistent starting worlds: {len(res.worlds)} of {res.checked} the setup allows"
    )
    for k, world in enumerate(res.worlds, 1):
        seats = ", ".join(f"{p} {c}" for p, c in zip(res.seats, world, strict=True))
        console.print(f"world {k}: {escape(seats)}")
    console.print(f"({res.seconds:.2f} s CPU)")


def clocktower_json(res: Any) -> dict[str, Any]:
    """A Clocktower game's answer, in `solve`'s keys (docs/json.md): `worlds` counts the
    consistent starting worlds, `examples` lists them all (seat -> character)."""
    roles: dict[str, dict[str, int]] = {p: {} for p in res.seats}
    for world in res.worlds:
        for p, c in zip(res.seats, world, strict=True):
            roles[p][c] = roles[p].get(c, 0) + 1
    return {
        "sample": None,
        "suggest": None,
        "title": res.title,
        "status": "sat" if res.worlds else "unsat",
        "worlds": len(res.worlds),
        "setups": res.checked,
        "prior": "every starting assignment the setup allows, counted once",
        "assumptions": list(ASSUMPTIONS),
        "liars": "evil",
        "roles": roles,
        "factions": {},
        "certain": [
            f"{p} is {c}" for p, cs in roles.items() for c, n in cs.items() if n == len(res.worlds)
        ],
        "examples": [dict(zip(res.seats, w, strict=True)) for w in res.worlds],
        "core": [],
        "unknown": None,
        "bounds": None,
        "seconds": round(res.seconds, 3),
        "queries": 0,
    }


def solve_json(res: Any, tips: list[Any] | None = None) -> dict[str, Any]:
    sm = res.sample
    return {
        "sample": None
        if sm is None
        else {
            "draws": sm.drawn,
            "consistent": sm.hits,
            "undecided": sm.unknown,
            "interval95": [res.setups * sm.low, res.setups * sm.high],
            "estimate": res.setups * sm.hits / sm.drawn if sm.drawn else 0,
        },
        "suggest": None
        if tips is None
        else [
            {
                "target": t.target,
                "gain_bits": None if t.unknown else t.gain,
                "expected_worlds_left": None if t.unknown else t.expected,
                "result_world_pairs": t.pairs,
                "unknown": t.unknown,
                "outcomes": [{"learn": list(got), "worlds": n} for got, n in t.outcomes],
            }
            for t in tips
        ],
        "title": res.setup.title,
        "status": res.status,
        "worlds": res.worlds if res.status == "sat" else (0 if res.status == "unsat" else None),
        "setups": res.setups,
        "prior": "uniform over the role assignments the setup allows",
        "assumptions": list(res.assumptions),
        "liars": res.liars,
        "roles": res.roles,
        "factions": res.factions,
        "certain": res.certain(),
        "examples": res.examples,
        "core": [to_json(w) for w in res.core],
        "unknown": res.unknown,
        "bounds": list(res.bounds) if res.bounds else None,
        "seconds": round(res.seconds, 3),
        "queries": res.queries,
    }


# ----------------------------------------------------------------------------- coverage

_STATUS_COLOUR = {
    "verbatim": "green",
    "reworded": "cyan",
    "played": "blue",
    "said again": "bright_green",
    "said again (stated)": "bright_cyan",
    "not modelled": "yellow",
    "flavour": "magenta",
    "missing": "red",
}


# the totals' headers of the columns whose names are long (80 columns hold them all)
_SHORT = {"said again (stated)": "said, stated"}


def _held_where(h: Held) -> str:
    """The ruleset's line holding a sentence, with the reason or the rewording."""
    if h.by is None:
        return ""
    if h.status == "not modelled":
        return f"{h.by.loc.line} ({h.by.reason})"
    if h.status == "reworded" and h.by.rewords is not None:
        return f"{h.by.loc.line} -> {h.by.rewords.loc.line}: {h.by.rewords.text}"
    if h.status == "played":
        return f"{h.by.loc.line} (played by {_plays(h.by)})"
    if h.status.startswith("said again"):
        why = f"; {h.by.reason}" if h.by.reason and h.status != "said again" else ""
        return f"{h.by.loc.line} (read on {_said_at(h.by)}{why})"
    return str(h.by.loc.line)


def _section_title(section: str) -> str:
    return section or "(before the first heading)"


def print_coverage(cov: Coverage, console: Console) -> None:
    """`ruling coverage`: a table per section of the source, then the totals."""
    from rich.table import Table

    console.print(
        f"[bold]{escape(cov.ruleset.name)}[/bold] ({escape(cov.ruleset.source)}) "
        f"against {escape(cov.source)}"
    )
    for section in cov.sections():
        table = Table(title=escape(_section_title(section)), title_justify="left")
        table.add_column("line", justify="right")
        table.add_column("status")
        table.add_column("source sentence")
        table.add_column("ruleset line")
        for h in cov.held:
            if h.sentence.section != section:
                continue
            colour = _STATUS_COLOUR[h.status]
            table.add_row(
                str(h.sentence.line),
                f"[{colour}]{h.status}[/]",
                escape(h.sentence.text),
                escape(_held_where(h)),
            )
        console.print(table)
    total = Table(title="coverage by section", title_justify="left")
    total.add_column("section", min_width=12)
    counts = cov.counts()
    # the played and said-again columns only where such lines are kept (80 columns hold
    # the others)
    optional = ("played", "said again", "said again (stated)")
    shown = [k for k in (*STATUSES, "total") if k not in optional or counts[k]]
    for status in shown:
        head = _SHORT.get(status, status).replace(" ", "\n")
        total.add_column(head, justify="right", no_wrap=True)
    for section in cov.sections():
        of = cov.counts(section)
        total.add_row(escape(_section_title(section)), *(str(of[k]) for k in shown))
    total.add_row("[bold]total[/bold]", *(f"[bold]{counts[k]}[/bold]" for k in shown))
    # with the played and said-again columns, the totals outgrow 80 columns: printed wider
    # rather than with the sections' names cut away (each column its widest header word
    # and its edges)
    words = [max(len(w) for w in _SHORT.get(k, k).split()) for k in shown]
    wide = 12 + sum(max(w, 5) + 3 for w in words) + 4
    narrow = console.width
    console.width = max(narrow, wide)
    try:
        console.print(total)
    finally:
        console.width = narrow


def coverage_json(cov: Coverage) -> dict[str, Any]:
    def one(h: Held) -> dict[str, Any]:
        by = h.by
        return {
            "text": h.sentence.text,
            "status": h.status,
            "line": by.loc.line if by else None,
            "section": h.sentence.section,
            "source_line": h.sentence.line,
            "label": h.sentence.label,
            "reason": (
                by.reason if by and h.status in ("not modelled", "said again (stated)") else None
            ),
            "said_again_on": (
                [r.line if r.line is not None else r.text for r in by.repeats]
                if by and h.status.startswith("said again")
                else None
            ),
            "played_by": (
                [{"file": r.file, "case": r.title} for r in by.plays]
                if by and h.status == "played"
                else None
            ),
            "reworded_as": (
                {"text": by.rewords.text, "line": by.rewords.loc.line}
                if by and by.rewords is not None
                else None
            ),
        }

    return {
        "ruleset": cov.ruleset.source,
        "source": cov.source,
        "sentences": [one(h) for h in cov.held],
        "counts": cov.counts(),
        "sections": [{"section": s, "counts": cov.counts(s)} for s in cov.sections()],
    }
