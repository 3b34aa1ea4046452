"""Role cards, as DCTP's post writes its roles: a title "NAME, what it is" over keyword
lines ("Night action: Slander", "Interrogation: BO"). `ruling coverage` counts the card's
lines as sentences of that role (not headings), `ruling draft` finds the card's role, and
lines kept for coverage do not count toward the statement limit."""

from __future__ import annotations

import pytest

from logic.commands.draft import draft
from logic.lang.errors import RulingError
from logic.lang.grammar import MAX_STATEMENTS
from logic.lang.prose import read_document
from logic.lang.rules import parse_ruleset

POST = """Roles

Gin, Mafia Slanderer
Night action: Slander, Investigate 3
Interrogation: BO
Scent: Yes

Disguise: No
Observe: Adult

Megure, Police Inspector
Night/Day action: Arrest
Interrogation: Not BO

Time Rules
The day lasts ten minutes.
"""


def test_a_cards_keyword_lines_are_sentences_of_its_role() -> None:
    read = {(s.text, s.label) for s in read_document(POST)}
    assert ("Gin, Mafia Slanderer", "Gin") in read
    assert ("Night action: Slander, Investigate 3", "Gin") in read
    assert ("Interrogation: BO", "Gin") in read
    assert ("Disguise: No", "Gin") in read  # a blank line inside the card
    assert ("Night/Day action: Arrest", "Megure") in read
    assert ("Interrogation: Not BO", "Megure") in read
    texts = {s.text for s in read_document(POST)}
    assert "Roles" not in texts and "Time Rules" not in texts  # headings stay headings
    assert "The day lasts ten minutes." in texts


def test_a_colon_label_over_a_list_is_not_a_keyword_line() -> None:
    read = read_document("Notes\n\nPanties: All females:\nVermouth, Chianti\n")
    assert all(s.text != "Panties: All females:" for s in read)


def test_the_draft_finds_a_cards_role_and_its_faction() -> None:
    d = draft(POST, "post.txt")
    parse_ruleset(d.text, "draft.rules")
    roles = {s.role for s in d.sentences if s.role}
    assert {"Gin", "Megure"} <= roles
    assert "Possible Mafia Roles" in d.text  # "Mafia Slanderer": the card's faction
    gin = [s.text for s in d.sentences if s.role == "Gin"]
    assert "Disguise: No" in gin and "Interrogation: BO" in gin


def test_kept_lines_do_not_count_toward_the_statement_limit() -> None:
    role = "Asami: Targets a player each night. That player is roleblocked that night.\n"
    kept = "Not modelled (a role's card): Scent: Yes.\nFlavour: a line.\n"
    head = "Ruleset: X\nPossible Town Roles\n"
    parse_ruleset(head + role + kept * (MAX_STATEMENTS // 2), "x.rules")
    # and in the statement-by-statement path (a line the frame grammar cannot read)
    odd = "Asami: Each night, Asami may pick someone to distract.\n"
    parse_ruleset(head + odd + kept * (MAX_STATEMENTS // 2), "x.rules")
    with pytest.raises(RulingError) as e:
        parse_ruleset(head + role * (MAX_STATEMENTS + 1), "x.rules")
    assert f"more than {MAX_STATEMENTS} statements" in e.value.message
