"""`ruling solve` on Turtle's Chat Mafia: neutral roles on either side, players with no
role (the Secret Boss never has one), "as many town vanilla as non-town", a lynch flip
and a night death (only the killer learns the role), against brute force on a small game;
and the counting program's families of kinds (a role in each faction it may be given to,
one cap between them) against plain enumeration."""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from logic.backends import concrete
from logic.backends.count import Box, Space, count
from logic.commands.resolve import read_outcome
from logic.commands.solve import SolveResult, prior, solve
from logic.engine import build_day, build_night, next_history
from logic.lang.errors import RulingError
from logic.lang.observations import Setup, bind, parse_observations
from logic.lang.rules import load_ruleset, parse_ruleset
from logic.model.ir import canon
from logic.model.semantics import Act, History, Player, is_day

# ----------------------------------------------------------------------------- counting


def enumerate_worlds(space: Space, box: Box) -> tuple[int, list[list[int]], list[int]]:
    """Every assignment of kinds to the named players and to m distinguishable anonymous
    players that the box, the kinds' caps and fewest holders, the families' caps and the
    factions' numbers allow."""
    n, m, r = space.named, space.anon, space.roles
    worlds = 0
    named = [[0] * r for _ in range(n)]
    anon = [0] * r
    for combo in itertools.product(range(r), repeat=n + m):
        if any(combo[p] not in box[p] for p in range(n)):
            continue
        held = Counter(combo)
        if any(held[k] > space.caps[k] or held[k] < space.low(k) for k in range(r)):
            continue
        fam = Counter(space.family[k] for k in combo)
        if any(fam[f] > cap for f, cap in enumerate(space.family_caps)):
            continue
        a = Counter(combo[n:])
        if any(a[k] not in box[n + k] for k in range(r)):
            continue
        factions = Counter(space.factions[k] for k in combo)
        if any(factions[f] != c for f, c in space.need):
            continue
        worlds += 1
        for p in range(n):
            named[p][combo[p]] += 1
        if m:
            anon[combo[n]] += 1
    return worlds, named, anon


def some(draw: Any, d: frozenset[int]) -> frozenset[int]:
    if not d or draw(st.booleans()):
        return d
    return frozenset(draw(st.sets(st.sampled_from(sorted(d)), min_size=1)))


@st.composite
def family_spaces(draw: Any) -> tuple[Space, Box]:
    """Roles of one faction or of two (a neutral role: a kind in each), caps shared by a
    role's kinds, and now and then a kind with a fewest number of holders."""
    roles = draw(st.integers(2, 4))
    factions: list[str] = []
    family: list[int] = []
    for f in range(roles):
        for x in draw(st.sampled_from([("T",), ("M",), ("T", "M"), ("T", "M", "B")])):
            factions.append(x)
            family.append(f)
    kinds = len(factions)
    family_caps = tuple(draw(st.integers(1, 3)) for _ in range(roles))
    caps = tuple(min(3, family_caps[family[k]] + draw(st.integers(0, 1))) for k in range(kinds))
    lows = tuple(draw(st.sampled_from([0, 0, 0, 1, 2])) for _ in range(kinds))
    n = draw(st.integers(0, 2))
    m = draw(st.integers(0, 3))
    mafia = draw(st.integers(0, min(2, n + m)))
    boss = draw(st.integers(0, min(1, n + m - mafia)))
    space = Space(
        tuple(factions),
        caps,
        n,
        m,
        (("M", mafia), ("B", boss), ("T", n + m - mafia - boss)),
        tuple(family),
        family_caps,
        lows,
    )
    return space, tuple(some(draw, d) for d in space.full())


@settings(max_examples=300, deadline=None)
@given(family_spaces())
def test_families_count_matches_enumeration(case: tuple[Space, Box]) -> None:
    space, box = case
    worlds, named, anon = enumerate_worlds(space, box)
    got = count(space, box)
    assert got.worlds == worlds
    if worlds:
        assert got.named == named
        assert got.anon == anon


def test_a_neutral_role_is_held_once_in_either_faction() -> None:
    """Three anonymous players, one Mafia; a neutral role (Town or Mafia, not duplicated),
    a Town role and a role with no role in any faction (no cap): the neutral role's two
    kinds share its one seat."""
    # kinds: Witch (T), Witch (M), Doctor (T), Vanilla (T), Vanilla (M)
    space = Space(
        ("T", "M", "T", "T", "M"),
        (1, 1, 1, 3, 3),
        0,
        3,
        (("M", 1), ("T", 2)),
        (0, 0, 1, 2, 2),
        (1, 1, 3),
    )
    got = count(space, space.full())
    assert got.worlds == enumerate_worlds(space, space.full())[0]
    # the Mafia player: Witch or Vanilla (3 ways to seat them); two Town players: from
    # {Witch (if not Mafia), Doctor, Vanilla x any}: Mafia Witch -> T from Doctor/Vanilla:
    # DV, VD, VV = 3; Mafia Vanilla -> T pairs: WD DW WV VW DV VD VV = 7; 3 * (3 + 7) = 30
    assert got.worlds == 30


# ----------------------------------------------------------------------------- solve

ROOT = Path(__file__).parent.parent
RULES = ROOT / "casebook" / "turtle-chat-mafia.rules"
TURTLE = load_ruleset(RULES)
FLIP = ROOT / "casebook" / "turtle-chat-mafia" / "flip.obs"


def setup_of(text: str, name: str = "t.obs") -> Setup:
    return bind(TURTLE, parse_observations(text, name), text)


def setups(setup: Setup) -> list[dict[str, Player]]:
    """Every world the setup allows, enumerated plainly: each player a role of the pool
    (or none) in a faction the ruleset gives it to (neutral roles to Town or Mafia; no role
    in any faction; the Secret Boss never a role), no role twice, the factions' numbers,
    and as many town vanilla as non-town."""
    rs = TURTLE
    vanilla = rs.role(rs.vanilla or "")
    assert vanilla is not None
    options = [
        (r, f)
        for r in setup.roles
        for f in rs.factions_of(r)
        if r is vanilla or all(canon(f) != canon(x) for x, _ in rs.roleless)
    ]
    want = Counter({canon(f): n for f, n in setup.counts if n})
    n = len(setup.players)
    out = []
    for combo in itertools.product(options, repeat=n):
        roles = Counter(r.name for r, _ in combo if r is not vanilla)
        if any(k > 1 for k in roles.values()):
            continue
        if Counter(canon(f) for _, f in combo) != want:
            continue
        non_town = sum(1 for _, f in combo if f != "Town")
        if sum(1 for r, f in combo if r is vanilla and f == "Town") != non_town:
            continue
        out.append({p: Player(p, r, f) for p, (r, f) in zip(setup.players, combo, strict=True)})
    return out


def kind_name(setup: Setup, pl: Player) -> str:
    several = len([x for x in setup.pool if setup.roles[x.role] is pl.role]) > 1
    return f"{pl.role.name} ({pl.faction})" if several else pl.role.name


def profiles(
    setup: Setup, world: dict[str, Player], night: int, h: History
) -> list[tuple[Act, ...]]:
    """Every action profile of a night: each living player uses a night ability on anyone
    or not (the observer as stated); each faction with a nightkill sends one living member
    on anyone, or no one (both factions in one night)."""
    alive = [p for p in setup.players if p not in h.dead]
    stated = [
        f
        for f in setup.facts
        if f.phase == ("night", night) and f.kind in ("target", "kill", "nothing")
    ]
    mine = {f.obj for f in stated if f.kind == "target"}
    killed = {f.obj for f in stated if f.kind == "kill"}
    per: list[list[tuple[Act, ...]]] = []
    for p in alive:
        opts: list[tuple[Act, ...]] = []
        for ab in world[p].role.abilities:
            if ab.frequency.allows(night, 0) and ab.targets == 1 and not is_day(ab):
                opts += [(Act(p, ab, (t,)),) for t in setup.players]
        if p == setup.me:
            opts = [o for o in opts if {a.targets[0] for a in o} == mine] or [()]
        else:
            opts.append(())
        per.append(opts)
    for nk in TURTLE.nightkills:
        members = [p for p in alive if nk.member(world[p].role, world[p].faction)]
        kills: list[tuple[Act, ...]] = [()]
        kills += [(Act(m, nk.ability, (t,), nk.faction),) for m in members for t in setup.players]
        if stated and setup.me in members:  # the observer's kill as stated (or none)
            kills = [k for k in kills if {a.targets[0] for a in k if a.actor == setup.me} == killed]
            kills = [k for k in kills if not killed or any(a.actor == setup.me for a in k)]
        per.append(kills)
    return [tuple(a for part in combo for a in part) for combo in itertools.product(*per)]


def consistent(setup: Setup, world: dict[str, Player]) -> bool:
    me = setup.me
    if kind_name(setup, world[me]) != setup.pool[setup.me_kind].name:
        return False
    for f in setup.facts:
        if f.kind == "flip" and f.obj not in (
            world[f.subject].role.name,
            kind_name(setup, world[f.subject]),
        ):
            return False
    histories = {History()}
    for n in range(1, setup.nights + 1):
        died = {f.subject for f in setup.facts if f.kind == "died" and f.phase == ("night", n)}
        said = {f.obj for f in setup.facts if f.kind == "learn" and f.phase == ("night", n)}
        lynched = {f.subject for f in setup.facts if f.kind == "lynched" and f.phase == ("day", n)}
        votes = {
            f.subject: f.obj or None
            for f in setup.facts
            if f.kind == "vote" and f.phase == ("day", n)
        }
        nxt: set[History] = set()
        last = n == setup.nights
        for h in histories:
            for acts in profiles(setup, world, n, h):
                model = build_night(TURTLE, world, n, acts, h)
                sols = concrete.solve(model.domains, model.equations, timeout=60)
                assert sols.status != "unknown"
                for env in sols.models:
                    out = read_outcome(model, env, ())
                    if {a.subject for a in out.atoms if a.kind == "dies"} != died:
                        continue
                    got = {a.obj for a in out.atoms if a.kind == "learns" and a.subject == me}
                    if said and got != said:
                        continue
                    h2 = next_history(h, model, env, out, n)
                    if not votes:
                        nxt.add(replace(h2, dead=h2.dead | frozenset(lynched)))
                        continue
                    if any(p in h2.dead for p in votes):
                        continue
                    day = build_day(TURTLE, world, n, votes, {}, h2)
                    dsols = concrete.solve(day.domains, day.equations, timeout=60)
                    assert dsols.status != "unknown"
                    for denv in dsols.models:
                        dout = read_outcome(day, denv, ())
                        if {a.subject for a in dout.atoms if a.kind == "lynched"} == lynched:
                            nxt.add(next_history(h2, day, denv, dout, None))
                if last and nxt:
                    # consistent once the last night (and day) leaves one history: the
                    # rest of its profiles can only add more, and nothing reads them
                    return True
        histories = nxt
        if not histories:
            return False
    return True


def brute(setup: Setup) -> tuple[int, dict[str, Counter[str]]]:
    count_ = 0
    kinds: dict[str, Counter[str]] = {p: Counter() for p in setup.players}
    for world in setups(setup):
        if consistent(setup, world):
            count_ += 1
            for p, pl in world.items():
                kinds[p][kind_name(setup, pl)] += 1
    return count_, kinds


def test_prior_counts_every_setup_the_sentences_allow() -> None:
    """The prior (every role assignment the setup allows) is the plain enumeration's:
    neutral roles on either side, no role twice but many players with no role, the
    Secret Boss with no role, as many town vanilla as non-town."""
    setup = setup_of(FLIP.read_text())
    assert prior(setup) == len(setups(setup)) == 300


def same_as_brute_force(path: Path) -> SolveResult:
    setup = setup_of(path.read_text(), str(path))
    res = solve(setup, timeout=120)
    assert res.status == "sat"
    worlds, kinds = brute(setup)
    assert res.worlds == worlds
    for p in setup.players:
        assert {k: n for k, n in res.roles[p].items() if n} == dict(kinds[p]), p
    return res


def test_flip_obs_matches_brute_force() -> None:
    """flip.obs (a lynch flip, a night death, a day's votes) against every setup and
    every action profile resolved by the concrete back end."""
    res = same_as_brute_force(FLIP)
    assert res.worlds == 4
    assert res.certain()["Eve"] == "Vanilla (Secret Boss)"


def test_killer_obs_matches_brute_force() -> None:
    """killer.obs: the Godfather who killed Cid learns "Investigator (Town)"."""
    res = same_as_brute_force(FLIP.parent / "killer.obs")
    assert res.worlds == 3
    assert res.certain()["Cid"] == "Investigator"


KILLER = """observations "the killer"
  ruleset: turtle-chat-mafia
  players: Ann, Bob, Cid, Dee, Eve
  factions: 1 Mafia, 1 Secret Boss
  roles: Investigator, Godfather, Doublevoter
  I am Ann, Godfather
  night 1: I kill Cid; I learn "Vanilla (Town)"; Cid died
"""


def test_the_killer_learns_the_dead_players_role_and_alignment() -> None:
    """ "If a player is killed, however, only the killer shall know the deceased's
    alignment and role.": the Godfather who killed Cid reads it as his result."""
    res = solve(setup_of(KILLER), timeout=120)
    assert res.status == "sat"
    assert res.certain()["Cid"] == "Vanilla (Town)"
    other = solve(setup_of(KILLER.replace("Vanilla (Town)", "Investigator (Town)")), timeout=120)
    assert other.certain()["Cid"] == "Investigator"
    assert res.worlds + other.worlds < prior(setup_of(KILLER))


def test_a_night_death_reveals_nothing_to_the_others() -> None:
    """The same sentence: a role seen of a player who died at night is refused (the
    observer did not kill them), located at the fact."""
    text = FLIP.read_text().replace("Cid died", "Cid died; Cid was Godfather")
    with pytest.raises(RulingError) as e:
        setup_of(text, "flip.obs")
    msg = str(e.value)
    assert "only the killer learns" in msg and "flip.obs:21:" in msg


def test_a_neutral_role_needs_its_alignment() -> None:
    text = KILLER.replace("I am Ann, Godfather", "I am Ann, Doublevoter")
    with pytest.raises(RulingError, match=r"say which .*Doublevoter \(Town\)"):
        setup_of(text)
    with pytest.raises(RulingError, match="Investigator is given to players of Town"):
        setup_of(KILLER.replace("I am Ann, Godfather", "I am Ann, Investigator (Mafia)"))
    secret = KILLER.replace("I am Ann, Godfather", "I am Ann, Doublevoter (Secret Boss)")
    with pytest.raises(RulingError, match="not 'Secret Boss'"):  # never a role
        setup_of(secret)


def test_the_vanilla_count_is_the_rulesets_sentence() -> None:
    """Without "There will be as many players who are town vanilla as there are players
    who are non-town." the setup allows more worlds (the Town may hold several roles)."""
    text = RULES.read_text()
    line = "There will be as many players who are town vanilla as there are players who are non-town.\n"
    assert line in text
    without = parse_ruleset(text.replace(line, ""), str(RULES))
    assert without.balance is None and TURTLE.balance is not None
    obs = FLIP.read_text()
    loose = bind(without, parse_observations(obs, "flip.obs"), obs)
    assert prior(loose) > prior(setup_of(obs)) == 300
    too_few = obs.replace("factions: 1 Mafia, 1 Secret Boss", "factions: 2 Mafia, 1 Secret Boss")
    with pytest.raises(RulingError, match=r"3 Town player.s. hold no role"):
        setup_of(too_few)


def test_a_claim_names_a_role_and_its_alignment() -> None:
    """'Dee claims Vanilla (Secret Boss)': a Town player's claim is true, so Dee is not
    Town; of the killer's three worlds only Dee's own is left."""
    text = (FLIP.parent / "killer.obs").read_text() + "  claims: Dee claims Vanilla (Secret Boss)\n"
    res = solve(setup_of(text), timeout=120)
    assert res.worlds == 1 and res.certain()["Dee"] == "Vanilla (Secret Boss)"
    text = text.replace("Vanilla (Secret Boss)", "Vanilla (Town)")
    assert solve(setup_of(text), timeout=120).worlds == 3  # true of Town, a lie otherwise
