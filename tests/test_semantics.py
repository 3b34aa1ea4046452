"""The night semantics on small rulesets: each test states the rule it checks and
asserts the whole outcome that matters (verdict, atoms, and the sentences cited)."""

from __future__ import annotations

from pathlib import Path

from logic.commands.resolve import Resolution, resolve
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset
from logic.model.semantics import Atom

HERE = Path(__file__).parent
BLOCKERS = load_ruleset(HERE / "rulesets" / "blockers.rules")
METADATA = load_ruleset(HERE.parent / "casebook" / "metadata-mafia.rules")


def run(ruleset_src: object, body: str) -> Resolution:
    text = f'case "t"\n{body}'
    (case,) = parse_cases(text, "t.case")
    return resolve(ruleset_src, case, text)  # type: ignore[arg-type]


def atoms(res: Resolution) -> list[frozenset[Atom]]:
    return sorted((o.atoms for o in res.outcomes()), key=sorted)


def test_mutual_roleblock_in_one_tier_is_ambiguous() -> None:
    """Two roleblockers in the same tier targeting each other: nothing says who wins, so
    both outcomes are allowed and the verdict is ambiguous, never silently resolved."""
    res = run(
        BLOCKERS,
        "players: Ann is Blocker, Bob is Blocker\nnight 1:\n Ann targets Bob\n Bob targets Ann\n",
    )
    assert res.verdict == "ambiguous"
    outs = atoms(res)
    assert len(outs) == 2
    fails = sorted(next(a.subject for a in o if a.kind == "fails") for o in outs)
    assert fails == ["Ann", "Bob"]
    assert "night 1: Ann's action fails" in res.differing
    assert "night 1: Bob's action fails" in res.differing


def test_odd_cycle_of_roleblocks_is_a_paradox_naming_its_sentences() -> None:
    """A blocks B, B blocks C, C blocks A in one tier: each action takes place iff the
    previous one does not, which no outcome satisfies."""
    res = run(
        BLOCKERS,
        "players: Ann is Blocker, Bob is Blocker, Cid is Blocker\n"
        "night 1:\n Ann targets Bob\n Bob targets Cid\n Cid targets Ann\n",
    )
    assert res.verdict == "paradox"
    assert res.paths == []
    (px,) = res.paradoxes
    texts = {w.text for w in px.core}
    assert "Blocker: That player is roleblocked that night." in texts
    assert any(t.startswith("[roleblock]") for t in texts)
    # the core is minimal: the Medic's and the nightkill's sentences are not in it
    assert not any("cannot be killed" in t or "nightkill" in t for t in texts)


def test_even_cycle_of_four_blockers_has_exactly_two_outcomes() -> None:
    """A->B->C->D->A: the alternating assignments are the only two fixed points."""
    res = run(
        BLOCKERS,
        "players: Ann is Blocker, Bob is Blocker, Cid is Blocker, Dee is Blocker\n"
        "night 1:\n Ann targets Bob\n Bob targets Cid\n Cid targets Dee\n Dee targets Ann\n",
    )
    assert res.verdict == "ambiguous"
    succeeded = sorted(
        tuple(sorted(a.subject for a in o if a.kind == "succeeds")) for o in atoms(res)
    )
    assert succeeded == [("Ann", "Cid"), ("Bob", "Dee")]


def test_protection_stops_the_nightkill_and_the_explanation_cites_it() -> None:
    """'That player cannot be killed that night.' The Medic's target survives the kill,
    and the explanation of the survival names the Medic's sentence."""
    res = run(
        BLOCKERS,
        "players: Ann is Medic, Bob is Goon, Cid is Townie\nnight 1:\n"
        " Ann targets Cid\n Bob kills Cid\n",
    )
    assert res.verdict == "determined"
    (out,) = res.outcomes()
    assert Atom("dies", "Cid") not in out.atoms
    (cid,) = [whys for who, whys in out.survivors_at_risk if who == "Cid"]
    assert any(w.text == "Medic: That player cannot be killed that night." for w in cid)


def test_blocked_medic_does_not_protect() -> None:
    """Without the Medic's protection the same kill lands: the Blocker stops the Medic."""
    res = run(
        BLOCKERS,
        "players: Ann is Medic, Bob is Goon, Cid is Townie, Dee is Blocker\nnight 1:\n"
        " Ann targets Cid\n Bob kills Cid\n Dee targets Ann\n",
    )
    assert res.verdict == "determined"
    (out,) = res.outcomes()
    assert {Atom("dies", "Cid"), Atom("fails", "Ann"), Atom("roleblocked", "Ann")} <= out.atoms
    why = {w.text for w in out.why(Atom("dies", "Cid"))}
    assert "[kill] A player who is attacked and not protected dies." in why


def test_jailer_tier_one_stops_the_hooker_and_the_kill_on_the_jailed() -> None:
    """Metadata Mafia: '1. Jailer'. The jailed player is roleblocked and 'cannot be
    targeted by night actions that night', so a nightkill aimed at them fails too."""
    res = run(
        METADATA,
        "players: Ann is Jailer, Bob is Hooker, Cid is Interceptor, Dee is Vanilla Townie\n"
        "night 1:\n Ann targets Dee\n Bob targets Ann\n Cid kills Dee\n",
    )
    assert res.verdict == "determined"
    (out,) = res.outcomes()
    assert Atom("dies", "Dee") not in out.atoms
    assert Atom("fails", "Cid") in out.atoms
    # the Hooker (tier 2) does not stop the Jailer (tier 1): a later block is too late
    assert Atom("succeeds", "Ann") in out.atoms
    assert Atom("roleblocked", "Ann") in out.atoms


def test_parity_cop_compares_with_the_last_player_scanned() -> None:
    """'Receives "even" if the player is of the same alignment as the LAST player
    scanned': night 2 compares with night 1, night 3 with night 2."""
    res = run(
        METADATA,
        "players: Ann is Parity Cop, Bob is Hooker, Cid is Miller, Dee is Doctor\n"
        "night 1:\n Ann targets Bob\nnight 2:\n Ann targets Cid\nnight 3:\n Ann targets Dee\n"
        'expect:\n Ann learns "null" on night 1\n',
    )
    assert res.verdict == "determined"
    (path,) = {p.key(): p for p in res.paths}.values()
    learned = [sorted(a.obj for a in po.atoms if a.kind == "learns") for po in path.phases]
    # Miller checks as mafia (even with the Hooker); the Doctor is Town, the Miller seen as Mafia.
    assert learned == [["null"], ["even"], ["odd"]]


def test_roles_are_not_named_in_the_engine() -> None:
    """Roles are data: no module of logic/ names a role of the casebook."""
    names = {r.name for r in METADATA.roles} | {r.name for r in BLOCKERS.roles}
    for path in (HERE.parent / "logic").glob("*.py"):
        text = path.read_text()
        for name in names:
            assert f'"{name}"' not in text and f"'{name}'" not in text, (path, name)


def test_dead_players_do_not_act() -> None:
    """A player killed on night 1 does not act on night 2 (frame axiom)."""
    res = run(
        BLOCKERS,
        "players: Ann is Blocker, Bob is Goon, Cid is Townie\n"
        "night 1:\n Bob kills Ann\nnight 2:\n Ann targets Bob\n",
    )
    (path,) = res.paths
    assert Atom("dies", "Ann") in path.phases[0].atoms
    assert Atom("fails", "Ann") in path.phases[1].atoms
    assert [po.phase for po in path.phases] == ["night 1", "night 2"]
    why = {w.text for w in path.phases[1].why(Atom("fails", "Ann"))}
    assert any(t.startswith("[dead-do-not-act]") for t in why)
