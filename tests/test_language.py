"""The language in the GMs' words: priority rulings ("The Jailer acts before the
Hooker."), read, given their meaning in the order of the night, and judged by `ask`."""

from __future__ import annotations

from pathlib import Path

import pytest

from logic.commands.ask import Answer, Asker, with_ruling
from logic.commands.resolve import resolve
from logic.lang.case import parse_cases
from logic.lang.errors import RulingError
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model.ir import Ruleset

ROOT = Path(__file__).parent.parent
METADATA = ROOT / "casebook" / "metadata-mafia.rules"
BLOCKERS = ROOT / "tests" / "rulesets" / "blockers.rules"


def ask(path: Path, ruling: str, players: int = 4) -> Answer:
    base, combined, why = with_ruling(path, ruling)
    return Asker(base, combined, why, players=players, timeout=60).answer(False)


# ----------------------------------------------------------------------------- priority


def test_a_priority_ruling_the_list_already_holds_is_entailed() -> None:
    """Metadata Mafia's priority list puts the Jailer (1) before the Hooker (2)."""
    ans = ask(METADATA, "The Jailer acts before the Hooker.")
    assert ans.verdict == "entailed"
    assert "priority list already has it" in ans.note and "Jailer: step 1" in ans.note


@pytest.mark.parametrize(
    "ruling", ["The Hooker acts before the Jailer.", "Ruling: the Jailer goes after the Hooker."]
)
def test_a_priority_ruling_that_reverses_the_list_amends_it(ruling: str) -> None:
    ans = ask(METADATA, ruling)
    assert ans.verdict == "amends", ans.verdict


def jailer_and_hooker(rs: Ruleset) -> set[str]:
    case = parse_cases(
        'case "x"\n  ruleset: metadata-mafia\n'
        "  players: Bob is Jailer, Cid is Vanilla Townie, Eve is Hooker\n"
        "  night 1:\n    Bob targets Cid\n    Eve targets Bob\n"
    )[0]
    res = resolve(rs, case)
    assert res.verdict == "determined"
    return {str(a) for a in res.outcomes()[0].atoms}


def test_the_moved_role_acts_first_and_the_ruling_is_cited() -> None:
    """The Hooker moved before the Jailer blocks him: Cid is no longer jailed."""
    base, combined, _ = with_ruling(METADATA, "The Hooker acts before the Jailer.")
    before, after = jailer_and_hooker(base), jailer_and_hooker(combined)
    assert "Cid is roleblocked" in before and "Cid is roleblocked" not in after
    assert "Bob is roleblocked" in after
    rs = parse_ruleset(
        METADATA.read_text() + "Ruling: The Hooker acts before the Jailer.\n", str(METADATA)
    )
    assert [o.describe() for o in rs.orders] == ["order: Hooker acts before Jailer"]


def test_a_priority_ruling_without_a_list_moves_the_role_before_the_other() -> None:
    """Without a priority list the framework orders effects; a ruling that the Medic acts
    before the Blocker (which the framework does not say) changes a night."""
    ans = ask(BLOCKERS, "The Blocker acts after the Medic.", players=3)
    assert ans.verdict == "amends"


@pytest.mark.parametrize(
    ("ruling", "message", "column"),
    [
        ("The Jailer acts before the Zorro.", "'Zorro' is not a role", 28),
        ("The Jailer acts before the Jailer.", "before itself", 1),
        ("The Jailer acts before.", "unexpected '.'", 23),
    ],
)
def test_bad_priority_rulings_are_located(ruling: str, message: str, column: int) -> None:
    with pytest.raises(RulingError) as e:
        with_ruling(METADATA, ruling)
    assert message in e.value.message
    assert e.value.loc is not None and e.value.loc.column == column


# ----------------------------------------------------------------------------- other words

SYNONYMS = ROOT / "tests" / "rulesets" / "synonyms.rules"
PLAIN = ROOT / "tests" / "rulesets" / "synonyms-plain.rules"


def test_synonyms_and_pronouns_read_as_the_plain_words() -> None:
    """ "May choose a player", "He selects one person per night", "They can target
    someone", "Their target cannot die", "That person may not be killed", "The target
    is blocked", "He cannot target himself", "Is incapable of saving herself", and the
    rulings "can't target himself", "picks", "chooses", "is killed": the same abilities,
    effects, restrictions and rulings as the plain sentences, sentence for sentence."""
    words, plain = load_ruleset(SYNONYMS), load_ruleset(PLAIN)
    assert [r.abilities for r in words.roles] == [r.abilities for r in plain.roles]
    assert words.outcome_rulings == plain.outcome_rulings
    assert [r.name for r in words.roles] == ["Medic", "Nurse", "Blocker", "Seer", "Townie", "Goon"]
    medic = words.roles[0].abilities[0]
    assert [type(e).__name__ for e in medic.effects] == ["Protect"]
    assert [type(r).__name__ for r in medic.restrictions] == ["NoSelfTarget"]
    # each sentence is cited as written
    assert any("Their target cannot die" in w.text for e in medic.effects for w in [e.why])


@pytest.mark.parametrize(
    ("sentence", "word", "expected"),
    [
        ("Their target cannot vanish that night.", "vanish", {'"be"', '"die"'}),
        ("May choose a horse each night.", "horse", {'"player"', '"person"', '"target"'}),
        ("He cannot target everyone.", "everyone", {'"himself"', '"themselves"'}),
    ],
)
def test_other_words_keep_located_errors(sentence: str, word: str, expected: set[str]) -> None:
    text = f"Ruleset: X\n\nPossible Town Roles\nMedic: {sentence}\n"
    with pytest.raises(RulingError) as e:
        parse_ruleset(text, "x.rules")
    err = e.value
    assert err.loc is not None and err.loc.line == 4
    assert err.loc.column == len("Medic: ") + sentence.index(word) + 1
    assert expected <= set(err.expected), err.expected


def test_the_doctor_cant_target_himself_in_other_words() -> None:
    """Rulings of the no-self form in other words give the plain ruling's restriction."""
    for ruling in (
        "The Doctor can't target himself.",
        "The Doctor may not choose himself.",
        "The Doctor is incapable of saving himself.",
    ):
        _, combined, _ = with_ruling(METADATA, ruling)
        doctor = combined.role("Doctor")
        assert doctor is not None
        assert any(
            type(r).__name__ == "NoSelfTarget" and r.why.kind == "ruling"
            for ab in doctor.abilities
            for r in ab.restrictions
        ), ruling


THIRD = """Ruleset: Third

Possible Town Roles
Doctor: The Doctor may choose one person each night. Their target cannot die that night. The Doctor cannot target himself. Visiting role.
Cop: The Cop checks a player each night. Learns the role of their target. Non-visiting role.
Guard: On the first night, the Guard selects someone. That person is blocked that night.
"""

THIRD_PLAIN = """Ruleset: Third

Possible Town Roles
Doctor: Targets a player each night. That player cannot be killed that night. Cannot self-target. Visiting role.
Cop: Checks a player each night. Learns the role of that player. Non-visiting role.
Guard: On the first night, targets a player. That player is roleblocked that night.
"""


def test_a_role_line_in_the_third_person_reads_as_the_plain_words() -> None:
    third, plain = parse_ruleset(THIRD, "third.rules"), parse_ruleset(THIRD_PLAIN, "plain.rules")
    assert [r.abilities for r in third.roles] == [r.abilities for r in plain.roles]
    assert third.roles[2].abilities[0].frequency.name == "FIRST_NIGHT"


@pytest.mark.parametrize(
    "sentence", ["The Cop may choose one person each night.", "The Cop cannot target himself."]
)
def test_a_third_person_sentence_about_another_role_is_refused(sentence: str) -> None:
    text = (
        f"Ruleset: X\n\nPossible Town Roles\nCop: Checks a player each night.\nDoctor: {sentence}\n"
    )
    with pytest.raises(RulingError) as e:
        parse_ruleset(text, "x.rules")
    assert "this sentence is about Cop, but it is on Doctor's line" in e.value.message
    assert e.value.loc is not None and (e.value.loc.line, e.value.loc.column) == (5, 13)


# ----------------------------------------------------------------------------- role texts


def _one_role(role: str, text: str) -> Ruleset:
    return parse_ruleset(f"Ruleset: New\nPossible Town Roles\n{role}: {text}\n", "new.rules")


def test_every_example_of_the_language_reads() -> None:
    """grammar/examples.toml: each example, the wording `ruling parse` suggests, reads as
    one meaning (with the Doctor as the role of the line)."""
    from logic.lang import clause, suggest
    from logic.lang.errors import Loc

    for kind, (_, sentences) in suggest.examples().items():
        for text in sentences:
            parts = clause.read_sentence(
                text.replace("{role}", "Doctor"), Loc("x", 1, 1), {"Doctor"}
            )
            assert parts, (kind, text)


def test_a_cop_s_results_are_a_check_of_the_target_s_faction() -> None:
    """'is told "Guilty" if that player is Mafia, or "Innocent" if not': yes for a member
    of the Mafia, no for anyone else (the police-records check the BYOND Sheriff has)."""
    from logic.effects.records import RecordsCheck

    for text in (
        'Every night the Cop investigates one player and is told "Guilty" if that player is '
        'Mafia, or "Innocent" if not.',
        'Each night you may check a player. You receive "Guilty" if they are Mafia and "Innocent" otherwise.',
    ):
        (ability,) = _one_role("Cop", text).role("Cop").abilities  # type: ignore[union-attr]
        (check,) = ability.effects
        assert check == RecordsCheck("Mafia", "Guilty", "Innocent")


def test_a_result_for_a_faction_and_one_for_success_do_not_mix() -> None:
    """Results by faction and a result 'if successful' in one sentence: no reading."""
    with pytest.raises(RulingError):
        _one_role(
            "Cop",
            'Checks a player each night. Receives "Guilty" if that player is Mafia and "Done" if successful.',
        )


def test_role_texts_in_three_voices_give_the_effects_the_engine_has() -> None:
    """The Bodyguard dies in their place (Protect sacrifice), the roleblock's target is
    told, a vest (AutoProtect), a vote that counts twice (VoteWeight), the last player
    alive wins (Victory 'last'), a night's target who cannot vote the next day (a hex, the
    vote with no power: once read as the Soother's day action VoteBlock, which made the
    night ability a day one)."""
    from logic.effects.attack import AutoProtect, Protect
    from logic.effects.block import Roleblock
    from logic.effects.hex import Hex
    from logic.effects.vote import VoteWeight

    guard = _one_role(
        "Bodyguard",
        "Guards another player each night. If they are attacked, the Bodyguard dies in their place.",
    ).role("Bodyguard")
    assert guard is not None and guard.abilities[0].effects == (Protect(sacrifice=True),)
    block = _one_role(
        "Escort", "You may block one player per night. The target is told they were roleblocked."
    ).role("Escort")
    assert block is not None
    (rb,) = block.abilities[0].effects
    assert isinstance(rb, Roleblock) and rb.tells is not None
    vest = _one_role(
        "Survivor", "You have a vest that saves you the first time you would be killed at night."
    )
    assert [t for t in vest.role("Survivor").traits] == [AutoProtect()]  # type: ignore[union-attr]
    mayor = _one_role("Mayor", "The Mayor's vote counts as two votes.").role("Mayor")
    assert mayor is not None and mayor.traits == (VoteWeight(2),)
    sk = _one_role(
        "Serial Killer", "Kills a player each night. He wins if he is the last player alive."
    )
    (v,) = sk.victories
    assert (v.winner, v.condition, v.group, v.others) == (
        "Serial Killer",
        "last",
        "Serial Killer",
        0,
    )
    vb = _one_role(
        "Vote Blocker", "Every night you may choose someone; they can't vote the next day."
    )
    assert vb.role("Vote Blocker").abilities[0].effects == (Hex("powerless"),)  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "text",
    [
        'Shows up as "Maybe" to the Cop.',  # neither guilty nor innocent
        "Your vote counts once.",
    ],
)
def test_a_role_text_the_engine_has_no_meaning_for_is_refused(text: str) -> None:
    with pytest.raises(RulingError):
        _one_role("Odd", text)


def test_the_project_s_own_role_texts_read() -> None:
    """tests/language/wordings.json: each new role text, in both voices, reads into at
    least one ability, effect or trait."""
    import json

    items = json.loads((ROOT / "tests" / "language" / "wordings.json").read_text(encoding="utf-8"))
    for it in items:
        if it["ruleset"] != "new":
            continue
        for voice in ("third", "second"):
            if it.get(voice):  # with the checkers role texts name ("to the Cop")
                others = "".join(
                    f"{r}: Checks a player each night.\n"
                    for r in ("Cop", "Detective")
                    if r != it["role"]
                )
                src = f"Ruleset: New\nPossible Town Roles\n{it['role']}: {it[voice]}\n{others}"
                role = parse_ruleset(src, "new.rules").role(it["role"])
                assert role is not None and (role.abilities or role.traits or role.appears_as), it
