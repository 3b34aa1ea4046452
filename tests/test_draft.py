"""`ruling draft`: a GM's post turned into a first ruleset. Role lines in the layouts hosts
use, faction headings, each sentence the language reads kept as a rule and every other as
`Not modelled (unread):`; the draft always parses, hostile posts included."""

from __future__ import annotations

import io
import json
import time
from pathlib import Path

import pytest

from logic.cli import main
from logic.commands.coverage import coverage
from logic.commands.draft import UNREAD, Draft, draft
from logic.lang.grammar import MAX_STATEMENTS
from logic.lang.rules import parse_ruleset

DOCTOR = "Targets a player each night. That player cannot be killed that night."
UNREADABLE = "The Doctor is the town's best friend, and everyone loves him."


def drafted(text: str) -> Draft:
    d = draft(text, "post.txt")
    parse_ruleset(d.text, "draft.rules")  # the draft always parses
    return d


def statuses(d: Draft) -> dict[str, str]:
    return {s.text: s.status for s in d.sentences}


def run(*argv: str | Path) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = main([str(a) for a in argv], stdout=out, stderr=err)
    return code, out.getvalue(), err.getvalue()


# ----------------------------------------------------------------------------- layouts


@pytest.mark.parametrize(
    "line",
    [
        f"Doctor: {DOCTOR}",
        f"Doctor - {DOCTOR}",
        f"1) Doctor: {DOCTOR}",
        f"1. Doctor - {DOCTOR}",
        f"**Doctor**: {DOCTOR}",
        f"[b]Doctor[/b]: {DOCTOR}",
        f"Doctor\n{DOCTOR}",
        "[b]Doctor[/b]\nTargets a player each night.\nThat player cannot be killed that night.",
    ],
)
def test_a_role_line_in_each_layout_is_read(line: str) -> None:
    d = drafted(f"Town Roles\n{line}\n")
    assert d.roles == (("Doctor", "Town"),)
    assert d.count("read") == 2 and d.count("unread") == 0
    rs = parse_ruleset(d.text, "draft.rules")
    assert [(r.name, r.faction) for r in rs.roles] == [("Doctor", "Town")]
    assert "Doctor: Targets a player each night. That player cannot be killed" in d.text


@pytest.mark.parametrize(
    ("post", "faction"),
    [
        (f"Doctor (Town): {DOCTOR}", "Town"),
        (f"Doctor [Village]: {DOCTOR}", "Village"),
        (f"Doctor (Town Protective): {DOCTOR}", "Town"),
        (f"[b]Doctor[/b] (Mafia)\n{DOCTOR}", "Mafia"),
        (f"**Doctor** - Village\n{DOCTOR}", "Village"),
        (f"Doctor x2: {DOCTOR}", "Unknown"),
        (f"5x Doctor: {DOCTOR}", "Unknown"),
        (f"Doctor (x2) - {DOCTOR}", "Unknown"),
        (f"[b]Doctor[/b] (Wolves) x2\n{DOCTOR}", "Werewolf"),
        (f"Role: Doctor\nAlignment: Town\nAbility: {DOCTOR}", "Town"),
        (f"[b]Doctor[/b]\nFaction: Mafia\nAbilities: {DOCTOR}", "Mafia"),
    ],
)
def test_a_role_title_with_its_faction_or_count_and_role_cards(post: str, faction: str) -> None:
    """Hosts write a role's faction and count around its name ("Seer (Village)", "Villager
    x4", "5x Vanilla Townie") and lay roles out as cards ("Role:", "Alignment:", "Ability:"):
    the name is the role's, the faction (where the title or card gives one) its faction,
    the card's text its sentences."""
    d = drafted(f"Roles\n{post}\n")
    assert d.roles == (("Doctor", faction),)
    assert d.count("read") == 2 and d.count("unread") == 0
    rs = parse_ruleset(d.text, "draft.rules")
    assert [(r.name, r.faction) for r in rs.roles] == [("Doctor", faction)]


@pytest.mark.parametrize(
    ("heading", "faction"),
    [
        ("Town Roles", "Town"),
        ("Town Roles:", "Town"),
        ("Possible Town Roles", "Town"),
        ("Town:", "Town"),
        ("## Mafia Roles", "Mafia"),
        ("[b]MAFIA ROLES[/b]", "Mafia"),
        ("Werewolves", "Werewolf"),
        ("VILLAGE CORE:", "Village"),
        ("Vampire Roles", "Vampire"),
        ("These roles are aligned with the Citizens:", "Citizens"),
    ],
)
def test_headings_that_name_a_faction_give_it_to_the_roles_below(
    heading: str, faction: str
) -> None:
    d = drafted(f"{heading}\nDoctor: {DOCTOR}\n")
    assert d.roles == (("Doctor", faction),)
    rs = parse_ruleset(d.text, "draft.rules")
    assert rs.roles[0].faction == faction


def test_roles_per_faction_and_the_rules_of_the_game_under_a_heading_of_their_own() -> None:
    post = f"""My Game

Town Roles
Doctor: {DOCTOR}
Cop: Checks a player each night. Learns the role of that player.

Mafia Roles
Goon: No special powers.

Game Rules
Roles will not be duplicated.
The day lasts 48 hours.
The moon is full on even nights.
"""
    d = drafted(post)
    assert d.factions() == {"Town": ["Doctor", "Cop"], "Mafia": ["Goon"]}
    assert statuses(d)["The moon is full on even nights."] == "unread"
    assert f"{UNREAD}The moon is full on even nights." in d.text
    # a mechanic the engine does not model, named (it was unread before 28 November 2026)
    assert statuses(d)["The day lasts 48 hours."] == "not modelled"
    assert "Not modelled (real time): The day lasts 48 hours." in d.text
    assert "# Game Rules" in d.text  # the GM's heading, over one the language knows
    rs = parse_ruleset(d.text, "draft.rules")
    assert {r.name for r in rs.roles} == {"Doctor", "Cop", "Goon"}


def test_a_sentence_is_read_after_the_ones_before_it_on_its_role_line() -> None:
    d = drafted(f"Town Roles\nDoctor: {UNREADABLE} {DOCTOR} Cannot self-target.\n")
    st = statuses(d)
    assert st["That player cannot be killed that night."] == "read"
    assert st["Cannot self-target."] == "read"
    assert st[f"Doctor: {UNREADABLE}"] == "unread"
    lines = d.text.splitlines()
    rule = lines.index(f"Doctor: {DOCTOR} Cannot self-target.")
    assert lines[rule + 1] == f"{UNREAD}Doctor: {UNREADABLE}"


def test_a_list_read_only_whole_is_read_at_the_end_of_its_section() -> None:
    """Each entry of a priority list alone leaves a role out of the list: the entries the
    grammar reads are tried again together."""
    post = f"""Town Roles
Jailer: Targets a player each night. That player is roleblocked.
Doctor: {DOCTOR}

Role Priority
1. Jailer
2. Doctor
"""
    d = drafted(post)
    assert d.count("unread") == 0
    rs = parse_ruleset(d.text, "draft.rules")
    assert [(e.tier, e.subject) for e in rs.priority] == [(1, "Jailer"), (2, "Doctor")]


def test_a_role_with_nothing_read_is_kept_with_its_sentences_unread() -> None:
    d = drafted(f"Town Roles\nDoctor: {UNREADABLE}\n")
    assert d.roles == (("Doctor", "Town"),) and d.count("read") == 0
    assert "# Doctor: no sentence read yet" in d.text
    assert f"{UNREAD}Doctor: {UNREADABLE}" in d.text


def test_notes_and_lists_under_a_role_are_not_roles() -> None:
    post = f"""Town Roles
1. Doctor - {DOCTOR}
Note: Added protection from infection
2. Witch - She has hexes. The hexes are:
-Hex of Silence - The hexed player may not speak.
-Hex of Death - The hexed player dies.
"""
    d = drafted(post)
    assert [r for r, _ in d.roles] == ["Doctor", "Witch"]


def test_a_heading_over_role_lines_names_their_group() -> None:
    post = f"""VILLAGE CORE:
1. Doctor - {DOCTOR}

GENERAL POOL:
1. Thief - Steals a power.
2. Judge - Saves a player from the lynch.

Contact:
Re: the last game
"""
    d = drafted(post)
    assert d.factions() == {"Village": ["Doctor"], "General Pool": ["Thief", "Judge"]}


def test_a_post_with_no_faction_heading_gives_its_roles_the_faction_unknown() -> None:
    d = drafted(f"Doctor: {DOCTOR}\nCop: Checks a player each night.\n")
    assert d.factions() == {"Unknown": ["Doctor", "Cop"]}
    assert "Possible Unknown Roles" in d.text


def test_a_post_with_no_roles() -> None:
    d = drafted("Welcome to the game!\n\nPlease be nice. Votes close at noon.\n")
    assert d.roles == () and d.count("read") == 0 and d.count("unread") == 3


def test_coverage_of_the_draft_holds_every_sentence_of_the_post(tmp_path: Path) -> None:
    post = f"Town Roles\nDoctor: {UNREADABLE} {DOCTOR}\n\nRules\n{UNREADABLE}\n"
    d = drafted(post)
    cov = coverage(parse_ruleset(d.text, "draft.rules"), post, "post.txt")
    counts = cov.counts()
    assert counts["missing"] == 0
    assert counts["verbatim"] == d.count("read") and counts["not modelled"] == d.count("unread")


# ----------------------------------------------------------------------------- bullets, counts, mechanics


def test_a_bullet_does_not_stop_a_line_from_reading() -> None:
    post = (
        "Rules\n- Ties are broken randomly.\n* Town wins when all Mafia are dead.\n"
        "\u2022 The Mafia wins when they equal or outnumber the Town.\n\n"
        f"Town Roles\nDoctor: {DOCTOR}\n\nMafia Roles\nGoon: No special powers.\n"
    )
    d = drafted(post)
    assert d.count("unread") == 0 and d.count("not modelled") == 0
    for line in (
        "Ties are broken randomly.",
        "Town wins when all Mafia are dead.",
        "The Mafia wins when they equal or outnumber the Town.",
    ):
        assert line in d.text.splitlines()
        assert statuses(d)[line] == "read"


@pytest.mark.parametrize(
    "label",
    [
        "5x Vanilla Townie",
        "5 x Vanilla Townie",
        "Vanilla Townie x5",
        "Vanilla Townie (x5)",
        "Vanilla Townie (5)",
        "5 Vanilla Townies",
    ],
)
def test_a_count_beside_a_roles_name_is_not_part_of_it(label: str) -> None:
    """The role is "Vanilla Townie"; the count is a comment under its line (a ruleset holds
    no setup counts)."""
    d = drafted(f"Town Roles\n{label}: No special powers.\n")
    assert d.roles == (("Vanilla Townie", "Town"),)
    assert d.count("read") == 1
    lines = d.text.splitlines()
    assert "Vanilla Townie: No special powers." in lines
    assert any(ln.startswith("# Vanilla Townie: 5 in the setup") for ln in lines)


def test_a_plural_after_a_count_is_made_singular() -> None:
    d = drafted("Mafia Roles\n2 Mafia Goons: No special powers.\n")
    assert d.roles == (("Mafia Goon", "Mafia"),)


def test_a_mechanic_the_engine_does_not_model_is_kept_with_its_name(tmp_path: Path) -> None:
    post = (
        "Rules\n- A player is lynched once a majority of living players vote for them.\n"
        "- Days last 48 hours.\n- Do not quote or share your role PM.\n"
        f"- {UNREADABLE}\n\nMafia Roles\n"
        "Goon: You may talk with your partner at night. Kills a player each night.\n"
    )
    d = drafted(post)
    lines = d.text.splitlines()
    for mechanic, sentence in (
        ("majority lynch", "A player is lynched once a majority of living players vote for them."),
        ("real time", "Days last 48 hours."),
        ("conduct", "Do not quote or share your role PM."),
        ("chat", "Goon: You may talk with your partner at night."),
    ):
        assert f"Not modelled ({mechanic}): {sentence}" in lines
        (s,) = [x for x in d.sentences if x.text == sentence]
        assert (s.status, s.mechanic) == ("not modelled", mechanic)
    assert UNREAD + UNREADABLE in lines
    assert (d.count("read"), d.count("not modelled"), d.count("unread")) == (1, 4, 1)
    (tmp_path / "post.txt").write_text(post, encoding="utf-8")
    code, out, _ = run("draft", "--json", tmp_path / "post.txt")
    assert code == 0
    data = json.loads(out)
    assert (data["read"], data["not_modelled"], data["unread"]) == (1, 4, 1)
    assert {ln["mechanic"] for ln in data["lines"]} >= {"majority lynch", "chat", None}


# ----------------------------------------------------------------------------- hostile posts


@pytest.mark.parametrize(
    "post",
    [
        "#" * 50,
        "# Town Roles\nDoctor: # not a comment. #1 rule.\n",
        "Town Roles\n" + "Doctor: Targets a player each night.\n" * 3,  # one role, three times
        'Town Roles\n"Odd" Name: Targets a player each night.\nJack-o\'-lantern: Kills.\n',
        "\u2028\x0c\x0b\x85 text \x01 more\n",
        "Not modelled (x): y\nSource: z\nFlavour: w\n",  # the ruleset's own kept lines
        "Role Priority\n1. Nobody\nRuling: Ghost must visit each night.\n",
        "(((((((((( )))))))\n:::: - - - ::\n1.\n-\n",
    ],
)
def test_odd_posts_give_a_draft_that_parses(post: str) -> None:
    drafted(post)


def test_a_post_of_more_statements_than_a_ruleset_may_hold_is_merged() -> None:
    post = "\n".join(f"Line number {i} says nothing the language reads." for i in range(1200))
    d = drafted(post)
    assert d.count("unread") == 1200
    statements = [ln for ln in d.text.splitlines() if ln and not ln.startswith("#")]
    assert len(statements) <= MAX_STATEMENTS


def test_a_huge_line_is_drafted_within_its_budget() -> None:
    start = time.perf_counter()
    d = draft("Ab cd. " * 100_000, "post.txt", budget=3)
    assert time.perf_counter() - start < 30
    assert d.untried > 0 and d.count("unread") == len(d.sentences)
    parse_ruleset(d.text, "draft.rules")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "the post file is empty"),
        (b"   \n\n", "empty (it holds only blank space)"),
        (b"Town Roles\nDoctor: \x00\n", "post.txt:2:9: this looks like a binary file"),
        (b"Town Roles\n\xff\xfe\n", "post.txt:2:1: the post file is not UTF-8 text"),
    ],
)
def test_unreadable_posts_are_refused_with_exit_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, content: bytes, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("post.txt").write_bytes(content)
    code, out, err = run("draft", "post.txt")
    assert code == 2 and out == ""
    assert message in err and "Traceback" not in err


def test_a_missing_post_and_an_output_it_cannot_write(tmp_path: Path) -> None:
    code, _, err = run("draft", tmp_path / "none.txt")
    assert code == 2 and "no such post file" in err
    post = tmp_path / "post.txt"
    post.write_text(f"Town Roles\nDoctor: {DOCTOR}\n")
    code, _, err = run("draft", post, "-o", tmp_path / "no" / "such" / "draft.rules")
    assert code == 2 and "cannot write the draft" in err


# ----------------------------------------------------------------------------- the command


def test_the_command_writes_the_draft_and_a_summary(tmp_path: Path) -> None:
    post = tmp_path / "post.txt"
    post.write_text(f"Town Roles\nDoctor: {DOCTOR} {UNREADABLE}\n\nMafia Roles\nGoon: Shh.\n")
    code, out, err = run("draft", post)
    assert code == 0
    parse_ruleset(out, "draft.rules")
    assert "4 sentences, 2 read, 2 unread" in err
    assert "roles found: 2" in err and "Town (1): Doctor" in err and "Mafia (1): Goon" in err
    target = tmp_path / "draft.rules"
    code, out2, err2 = run("draft", post, "-o", target)
    assert code == 0 and out2 == "" and target.read_text() == out
    assert f"the draft is in {target}" in err2
    code, js, _ = run("draft", post, "--json")
    data = json.loads(js)
    assert (data["read"], data["unread"], data["sentences"]) == (2, 2, 4)
    assert data["factions"] == {"Town": ["Doctor"], "Mafia": ["Goon"]}
    assert data["ruleset"] == out
    assert {ln["status"] for ln in data["lines"]} == {"read", "unread"}
    code, _, _ = run("parse", target)
    assert code == 0


POSTS = sorted((Path(__file__).parent.parent / "casebook").glob("*.rules"))


@pytest.mark.parametrize("post", POSTS, ids=lambda p: p.stem)
def test_the_draft_of_each_casebook_text_parses(post: Path) -> None:
    """Each casebook ruleset's text, pasted as a post: its draft parses, and every
    sentence is read or kept unread."""
    d = draft(post.read_text(encoding="utf-8"), str(post))
    parse_ruleset(d.text, "draft.rules")
    assert d.sentences and d.count("read") + d.count("unread") == len(d.sentences)
