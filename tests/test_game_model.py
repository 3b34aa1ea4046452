"""The general game model on BYOND Mafia: a night, a day and a night, resolved by the
concrete back end (`resolve`, python-constraint) and by the symbolic chain (`chain` with a
day between the nights, Z3) must give exactly the same outcomes, phase by phase, on
random games (hypothesis). The state that crosses phases (deaths, the lynch, arrests,
reversed records) is read by the later phases, so a wrong transition shows up as a
different outcome there.

Also: the grammars have no LALR conflict (Lark resolves a shift/reduce conflict silently
in favour of the shift, which once made a priority list unreadable), and the day's
constraints on their own (weights, ties, the Judge, random ties)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import lark
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from outcomes import chain_outcomes

from logic.backends import concrete, symbolic
from logic.commands.resolve import resolve
from logic.effects import vote
from logic.effects.attack import Kill
from logic.engine import chain
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model import frame
from logic.model.ir import Ruleset
from logic.model.semantics import Atom

ROOT = Path(__file__).parent.parent
BYOND = load_ruleset(ROOT / "casebook" / "byond-mafia.rules")
NAMES = ("Ann", "Bob", "Cid", "Dee")
OUTCOME_KINDS = {"dies", "lynched", "fails", "succeeds", "roleblocked", "visits", "learns", "wins"}


def test_grammars_have_no_lalr_conflicts(caplog: pytest.LogCaptureFixture) -> None:
    """Lark logs a shift/reduce conflict at debug level and shifts; we want none."""
    lark.logger.setLevel(logging.DEBUG)
    try:
        for name in ("ruleset", "case", "observations"):
            text = (ROOT / "grammar" / f"{name}.lark").read_text()
            with caplog.at_level(logging.DEBUG, logger="lark"):
                lark.Lark(text, parser="lalr", lexer="contextual", debug=True)
            conflicts = [r.getMessage() for r in caplog.records if "onflict" in r.getMessage()]
            assert not conflicts, f"{name}.lark: {conflicts}"
            caplog.clear()
    finally:
        lark.logger.setLevel(logging.WARNING)


Game = tuple[list[str], list[dict[str, tuple[str, str]]], dict[str, str]]


@st.composite
def games(draw: Any, rs: Ruleset) -> Game:
    n = draw(st.integers(min_value=3, max_value=4))
    names = list(NAMES[:n])
    roles = [draw(st.sampled_from(rs.roles)).name for _ in names]
    nights: list[dict[str, tuple[str, str]]] = []
    for _ in (1, 2):
        acts: dict[str, tuple[str, str]] = {}
        group_done = False
        for name, role_name in zip(names, roles, strict=True):
            role = rs.role(role_name)
            assert role is not None
            others = [x for x in names if x != name]
            group = any(nk.member(role, role.faction) for nk in rs.nightkills)
            if group and not group_done and draw(st.booleans()):
                acts[name] = ("kills", draw(st.sampled_from(names)))
                group_done = True
                continue
            for ab in role.abilities:
                random = any(isinstance(e, Kill) and e.random for e in ab.effects)
                must = random or ab.forced is not None
                if must or draw(st.booleans()):
                    acts[name] = ("targets", draw(st.sampled_from(others if must else names)))
        nights.append(acts)
    votes = {
        name: draw(st.sampled_from([*names, "no one"])) for name in names if draw(st.booleans())
    }
    return [f"{a} is {r}" for a, r in zip(names, roles, strict=True)], nights, votes


def _case(
    players: list[str], nights: list[dict[str, tuple[str, str]]], votes: dict[str, str]
) -> str:
    def night(k: int) -> str:
        acts = nights[k - 1]
        return f"  night {k}:\n" + "".join(f"    {a} {v} {t}\n" for a, (v, t) in acts.items())

    day = "  day 1:\n" + "".join(f"    {a} votes {t}\n" for a, t in votes.items())
    if not votes:
        day = "  day 1:\n"
    return f'case "random"\n  players: {", ".join(players)}\n{night(1)}{day}{night(2)}'


def _compare(
    rs: Ruleset, players: list[str], nights: list[dict[str, tuple[str, str]]], votes: dict[str, str]
) -> None:
    text = _case(players, nights, votes)
    (case,) = parse_cases(text, "random.case")
    res = resolve(rs, case, text)
    assert res.verdict != "unknown", text
    concrete_outcomes = {
        tuple(frozenset(a for a in po.atoms if a.kind in OUTCOME_KINDS) for po in p.phases)
        for p in res.paths
    }
    names = [p.split(" is ")[0] for p in players]
    pool = [r for r in rs.roles if any(p.endswith(f" is {r.name}") for p in players)]
    model = chain(rs, names, 2, roles=pool, days=True)
    model.equations = [(e, w) for e, w in model.equations if w is not frame.SYMMETRY]
    enc = symbolic.Encoding(model)
    s = symbolic.make_solver(60)
    s.add(*enc.equations())
    s.add(*[enc.var(x) for x in model.switches])
    role_index = {r.name: i for i, r in enumerate(pool)}
    for p in players:
        name, role = p.split(" is ")
        s.add(enc.var(f"role:{name}") == symbolic.value(role_index[role]))
    for k, acts in enumerate(nights, 1):
        for name in names:
            verb, target = acts.get(name, ("", ""))
            s.add(enc.var(f"uses:{name}@n{k}") == (verb == "targets"))
            if rs.nightkills:
                s.add(enc.var(f"kills:{name}@n{k}") == (verb == "kills"))
            if verb:
                var = "tgt" if verb == "targets" else "ktgt"
                s.add(enc.var(f"{var}:{name}@n{k}") == symbolic.value(names.index(target)))
    for name in names:
        t = votes.get(name, "no one")
        s.add(enc.var(f"vote:{name}@d1") == symbolic.value(-1 if t == "no one" else names.index(t)))
    phases = ("night 1", "day 1", "night 2")
    found = {
        tuple(
            frozenset(
                Atom(a.kind, a.subject.rsplit(" (", 1)[0], a.obj)
                for a in outcome
                if a.subject.rsplit(" (", 1)[1][:-1] == phase
            )
            for phase in phases
        )
        for outcome in chain_outcomes(model, enc, s, OUTCOME_KINDS, 200)
    }
    assert found == concrete_outcomes, text


@pytest.mark.slow  # a long cross-check: the chain with a day against resolve (about 2 minutes)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_chain_with_a_day_agrees_with_resolve_on_byond(data: Any) -> None:
    _compare(BYOND, *data.draw(games(BYOND)))


# ----------------------------------------------------------------------------- the day alone

DAY_RULES = """\
Ruleset: Days
Possible Town Roles
Citizen: No special powers.
Senator: Their vote counts as two in the voting round.
Judge: The Judge gives final judgment in the case of a tie during voting.
Possible Mafia Roles
Goon: No special powers.
The player with the most votes (or the player chosen by the Judge) is removed for the remainder of the game.
"""


def _lynch(
    rs: Ruleset,
    roles: dict[str, str],
    votes: dict[str, str | None],
    choices: dict[str, str] | None = None,
) -> set[int]:
    """Every value of `lynch` the day's constraints allow."""
    players = tuple(roles)
    role_of = {p: rs.role(r) for p, r in roles.items()}
    assert all(role_of.values())
    inputs = vote.concrete_inputs(players, role_of, frozenset(), votes, choices or {})  # type: ignore[arg-type]
    day = vote.day_constraints(rs, inputs)
    sols = concrete.solve(day.domains, day.equations)
    return {m["lynch"] for m in sols.models}


def test_plurality_weights_and_the_judge() -> None:
    rs = parse_ruleset(DAY_RULES, "days.rules")
    roles = {"Ann": "Goon", "Bob": "Senator", "Cid": "Citizen", "Dee": "Judge"}
    # the Senator's vote counts twice: 2 against 1
    assert _lynch(rs, roles, {"Bob": "Ann", "Cid": "Bob"}) == {0}
    # a tie (2 against 2) with the Judge alive and picking Cid (index 2): Cid is removed
    assert _lynch(rs, roles, {"Bob": "Ann", "Cid": "Bob", "Dee": "Bob"}, {"Dee": "Ann"}) == {0}
    # a tie whose Judge has not picked: every pick the Judge could make
    assert _lynch(rs, roles, {"Bob": "Ann", "Cid": "Bob", "Dee": "Bob"}) == {-1, 0, 1}
    # no votes at all: no one
    assert _lynch(rs, roles, {}) == {-1}


def test_a_random_tie_is_random_not_ambiguous() -> None:
    rs = parse_ruleset(
        DAY_RULES.replace(
            "Judge: The Judge gives final judgment in the case of a tie during voting.\n", ""
        ).replace(" (or the player chosen by the Judge)", "")
        + "Ties are broken at random.\n",
        "days.rules",
    )
    roles = {"Ann": "Goon", "Cid": "Citizen", "Eve": "Citizen"}
    text = 'case "tie"\n  players: Ann is Goon, Cid is Citizen, Eve is Citizen\n  day 1:\n    Ann votes Cid\n    Cid votes Ann\n'
    (case,) = parse_cases(text, "tie.case")
    res = resolve(rs, case, text)
    assert res.verdict == "random"
    assert {a for o in res.outcomes() for a in o.atoms if a.kind == "lynched"} == {
        Atom("lynched", "Ann"),
        Atom("lynched", "Cid"),
    }
    assert _lynch(rs, roles, {"Ann": "Cid", "Cid": "Ann"}) == {0, 1}


def test_draws_that_give_one_outcome_make_one_path() -> None:
    """Three Witnesses over two nights: each Witness's chance and sight are drawn each
    night (4,096 draws a night), but the paths are the distinct outcomes (a path per
    draw was 262,144 on night 2: resolve ran for over ten minutes), and the verdict is
    still "random": no one sequence of draws reaches two outcomes."""
    text = (
        'case "three Witnesses"\n  players: Ann is Mafia, Wil is Witness, Wes is Witness, '
        "Wyn is Witness, Cid is Citizen, Dee is Citizen, Eve is Citizen\n"
        "  night 1:\n    Ann kills Cid\n  night 2:\n    Ann kills Dee\n"
    )
    (case,) = parse_cases(text, "witnesses.case")
    res = resolve(BYOND, case, text)
    assert res.verdict == "random"
    assert len(res.paths) == len({p.key() for p in res.paths}) == 64


def test_paths_one_sequence_of_draws_reaches() -> None:
    """`_reached_together`: the pairs of paths one sequence of draws reaches, phase by
    phase; a pair of different outcomes there makes the verdict ambiguous, not random."""
    from logic.commands.resolve import _reached_together

    # night 1: two draws, each to its own path
    one = _reached_together({(0, 0)}, [{(("d", 1),): {0}, (("d", 2),): {1}}])
    assert one == {(0, 0), (1, 1)}
    # night 2, no draw: each path goes on alone (random), or path 0 splits (not random)
    assert _reached_together(one, [{(): {0}}, {(): {1}}]) == {(0, 0), (1, 1)}
    assert (0, 1) in _reached_together(one, [{(): {0, 1}}, {(): {2}}])


# ----------------------------------------------------------------------------- rulings as GMs write them

NATURAL = """\
Ruleset: Natural rulings
Possible Town Roles
Doctor: Targets a player each night. That player cannot be killed that night.
Nosy Neighbor: Visits a player each night. No other special powers.
Possible Mafia Roles
Goon: No special powers.
Nightkill
However, the mafia MUST select a player to carry out the nightkill if they intend to kill on a given night, and this player CANNOT use their other night action.
Rulings
Ruling: Nosy neighbor would be forced to visit, yeah.
Ruling: The Doctor cannot target himself.
"""


def test_rulings_in_the_gms_own_words() -> None:
    """Metadata Mafia's first line, "Nosy neighbor would be forced to visit, yeah.", and
    "The Doctor cannot target himself." read as a forced action and a restriction."""
    rs = parse_ruleset(NATURAL, "natural.rules")
    nosy, doctor = rs.role("Nosy Neighbor"), rs.role("Doctor")
    assert nosy is not None and doctor is not None
    assert nosy.abilities[0].forced is not None
    assert nosy.abilities[0].forced.why.kind == "ruling"
    text = (
        'case "self-save"\n  players: Doc is Doctor, Gus is Goon, Nia is Nosy Neighbor\n'
        "  night 1:\n    Gus kills Doc\n    Doc targets Doc\n    Nia targets Gus\n"
    )
    (case,) = parse_cases(text, "self.case")
    res = resolve(rs, case, text)
    assert res.verdict == "determined"
    (outcome,) = res.outcomes()
    assert Atom("fails", "Doc") in outcome.atoms and Atom("dies", "Doc") in outcome.atoms
    assert doctor.abilities[0].restrictions[0].why.text.endswith("cannot target himself.")


def test_an_arrest_carries_into_the_next_night_in_both_back_ends() -> None:
    """The Deputy's arrest on night 1 stops the arrested Mafia's kill on night 2 (step 2,
    before the Deputy's step 11): the chain carries the arrest as the resolver does."""
    players = ["Dep is Deputy", "She is Sheriff", "Ann is Mafia"]
    nights = [{"Dep": ("targets", "Ann")}, {"Ann": ("kills", "She")}]
    _compare(BYOND, players, nights, {})
