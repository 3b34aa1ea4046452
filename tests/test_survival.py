"""The clause language's reading of surviving (grammar/clause/survival.lark,
logic/lang/kinds/survival.py): a role's own automatic protection and its span, how long a
target's protection lasts, defecting instead of dying, the last player alive; each in the
three voices, and wordings that must not read as these."""

from __future__ import annotations

from typing import Any

import pytest

from logic.effects.attack import AutoProtect
from logic.effects.identity import Defect
from logic.lang.errors import RulingError
from logic.lang.rules import parse_ruleset


def ruleset(line: str) -> Any:
    return parse_ruleset(
        f"Ruleset: X\nPossible Town Roles\nDoctor: Protects a player each night.\n"
        f"Possible Mafia Roles\nMafioso: Has no powers.\n{line}\n",
        "x",
    )


def traits(rs: Any, name: str) -> list[Any]:
    return list(next(r for r in rs.roles if r.name == name).traits)


@pytest.mark.parametrize(
    "text",
    [
        "Second, the Boss is afforded one automatic protection against a nightkill.",
        "The Boss has one automatic protection from a nightkill.",
        "You are given one automatic protection against a nightkill.",
    ],
)
def test_an_own_automatic_protection(text: str) -> None:
    got = [t for t in traits(ruleset(f"Boss: {text}"), "Boss") if isinstance(t, AutoProtect)]
    assert len(got) == 1 and got[0].span is None


@pytest.mark.parametrize(
    "span",
    [
        "This protection will protect the Boss from all nightkills and wears off at Day.",
        "This protection protects the Boss from every nightkill and expires at Day.",
        "This protection will protect the Boss from all nightkills, and it lasts until Day.",
    ],
)
def test_the_span_of_an_own_protection(span: str) -> None:
    rs = ruleset(f"Boss: You have one automatic protection against a nightkill. {span}")
    assert any(isinstance(t, AutoProtect) and t.span for t in traits(rs, "Boss"))


@pytest.mark.parametrize(
    "span",
    [
        "This protection wears off at Day.",
        "The protection only lasts until Day.",
        "Your protection wears off once Day begins.",
    ],
)
def test_a_targets_protection_lasting_until_day_changes_nothing(span: str) -> None:
    plain = ruleset("")
    rs = parse_ruleset(
        f"Ruleset: X\nPossible Town Roles\nDoctor: Protects a player each night. {span}\n"
        "Possible Mafia Roles\nMafioso: Has no powers.\n\n",
        "x",
    )
    assert rs.roles == plain.roles


@pytest.mark.parametrize(
    "text",
    [
        "However, if he is targeted by the mafia's nightkill, he may choose, instead of dying, to "
        "become a vanilla Mafia, immediately receiving all the powers and victory conditions "
        "associated with his new alignment.",
        "If the Mafia's nightkill targets the Traitor, he can choose to become a vanilla Mafia rather than die.",
        "If you are attacked by the Mafia's nightkill, you may choose to become a plain member of the Mafia "
        "instead of dying.",
    ],
)
def test_defecting_instead_of_dying(text: str) -> None:
    rs = parse_ruleset(
        f"Ruleset: X\nPossible Town Roles\nTraitor: {text}\nPossible Mafia Roles\nMafioso: Has no powers.\n",
        "x",
    )
    traitor = next(r for r in rs.roles if r.name == "Traitor")
    (defect,) = [e for a in traitor.abilities for e in a.effects if isinstance(e, Defect)]
    assert defect.by.lower() == "mafia" and defect.faction == "Mafia" and defect.role is None


def test_defecting_into_a_role_not_said_is_not_read() -> None:
    # "become Mafia": with its role or with none? Not said: refused, not guessed.
    with pytest.raises(RulingError):
        parse_ruleset(
            "Ruleset: X\nPossible Town Roles\nTraitor: If you are targeted by the Mafia's nightkill, "
            "you may choose to become Mafia instead of dying.\n",
            "x",
        )


@pytest.mark.parametrize(
    "text",
    [
        "The Boss wins when he is the sole living player.",
        "The Boss wins if he is the last player left alive.",
        "You win when you're the only player still alive.",
    ],
)
def test_the_last_player_alive(text: str) -> None:
    rs = ruleset(f"Boss: {text}")
    assert [v.condition for v in rs.victories if v.winner == "Boss"] == ["last"]


@pytest.mark.parametrize(
    "count", ["The Boss has two abilities.", "You have two special powers.", "Has three abilities."]
)
def test_a_count_of_abilities_is_read_and_adds_nothing(count: str) -> None:
    rs = ruleset(f"Boss: {count} You have one automatic protection against a nightkill.")
    plain = ruleset("Boss: You have one automatic protection against a nightkill.")
    assert [r.abilities for r in rs.roles] == [r.abilities for r in plain.roles]
    assert [s.kind for s in rs.sentences if s.text.startswith(count.split()[0])][:1] == [
        "no effect"
    ]
