"""Chained symbolic nights against the concrete resolver on every casebook ruleset (issue
27: "concrete and symbolic agree on random multi-phase games of every casebook ruleset").

A generator writes valid two-night cases for each ruleset of casebook/: dealt roles and
factions (a neutral role or a player with no role given their faction), each player's
one night ability a night (named when the role has several: `ab:P`; two targets:
`tgt2:P`; an ability aimed at its user or at no one), a role's own kill (`X kills Y`),
a faction's nightkill (one carrier a faction), a decision (`X decides "TEXT"`), and the
forced actions: written, or on night 1 left to the resolver (`forced_completions`, the
random victims included), in which case the chain's target is left open among the other
players. A player whose identity night 1 may change (a conversion, a bond, a defection,
a theft, a swap) has no line on night 2: the case's lines would read the new identity. The
symbolic chain (`logic.engine.chain`, nights only) with its scenario variables fixed to
the case must give exactly the outcomes, night by night, that `resolve` gives.
(tests/test_chain.py compares simpler games on two rulesets.)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from outcomes import OutcomeBlocker

from logic.backends import symbolic
from logic.commands.resolve import resolve
from logic.effects.attack import Kill
from logic.effects.convert import Convert
from logic.effects.exchange import SwapPowers, TakePower
from logic.effects.identity import Bond, Defect, Steal, vanilla_of
from logic.effects.morph import Morph
from logic.engine import chain
from logic.lang.case import parse_cases
from logic.lang.rules import load_ruleset
from logic.model import frame
from logic.model.expr import Evaluator
from logic.model.ir import Ability, Role, Ruleset, canon
from logic.model.semantics import Atom, is_day, night_menus, options_of

ROOT = Path(__file__).parent.parent
NAMES = ("Ann", "Bob", "Cid", "Dee")
CASEBOOK = (
    "metadata-mafia",
    "byond-mafia",
    "werewolf-pool",
    "turtle-chat-mafia",
    "dctp-mini-mafia",
    "trouble-brewing",
)
_LOADED: dict[str, Ruleset] = {}
# roles dealt at most once a game: `resolve` keeps a path per random draw, and each
# Witness draws each night (byond-mafia: three Witnesses over two nights are 262,144
# paths, minutes, for one outcome)
ONE_ONLY = {"witness"}
# the symbolic models enumerated at most per game, each blocking its outcome (every atom's
# and gate's value, and the pieces of the texts told). Blocking the pieces of texts not
# told too made one Trouble Brewing game (an Empath, a Fortune Teller and a Spy over two
# nights, the storyteller's choices free) go past 1,000 models for a few outcomes.
CAP = 200


def ruleset(name: str) -> Ruleset:
    if name not in _LOADED:
        _LOADED[name] = load_ruleset(ROOT / "casebook" / f"{name}.rules")
    return _LOADED[name]


@dataclass(frozen=True)
class Seat:
    name: str
    role: Role = field(repr=False)  # (the case text in the failure says it)
    faction: str
    said: str | None  # the faction the case writes, when the role leaves it open


@dataclass(frozen=True)
class Act:
    """One player's action of a night: their ability slot (`kind` "ability") or their
    faction's nightkill ("kill"); `written` False: a forced act left to the resolver."""

    actor: str
    kind: str
    ability: Ability | None = field(repr=False)
    pick: int
    targets: tuple[str, ...]
    lines: tuple[str, ...]
    decision: int = -1
    written: bool = True


Game = tuple[list[Seat], list[list[Act]]]


def _forced(ab: Ability) -> bool:
    """The resolver makes the act when the case leaves it out: forced, or a random kill."""
    return ab.forced is not None or any(isinstance(e, Kill) and e.random for e in ab.effects)


def _quote(text: str) -> str:
    return f'"{text}"'


@st.composite
def games(draw: Any, rs: Ruleset) -> Game:
    n = draw(st.integers(min_value=2, max_value=4))
    names = list(NAMES[:n])
    never = {canon(r) for r, _ in rs.never_dealt}
    dealable = [r for r in rs.roles if canon(r.name) not in never]
    vanilla = canon(rs.vanilla) if rs.vanilla else None
    roleless = {canon(f) for f, _ in rs.roleless}
    seats: list[Seat] = []
    taken: set[str] = set()
    for name in names:
        pool = dealable
        if rs.unique_roles is not None:
            pool = [r for r in dealable if canon(r.name) not in taken or canon(r.name) == vanilla]
        pool = [r for r in pool if canon(r.name) not in ONE_ONLY or canon(r.name) not in taken]
        role = draw(st.sampled_from(pool))
        taken.add(canon(role.name))
        options = [
            f
            for f in rs.factions_of(role)
            if canon(role.name) == vanilla or canon(f) not in roleless
        ]
        if len(options) > 1:
            said = draw(st.sampled_from(options))
            seats.append(Seat(name, role, said, said))
        else:
            seats.append(Seat(name, role, options[0] if options else role.faction, None))
    nights: list[list[Act]] = []
    changed: set[str] = set()  # players whose role or faction night 1 may change
    for k in (1, 2):
        acts: list[Act] = []
        killers: set[str] = set()
        for seat in seats:
            p, role = seat.name, seat.role
            if p in changed:  # their lines would read the new identity: left out
                continue
            menu = night_menus([role], k)[0]
            own = [a for a in role.abilities if not is_day(a)]
            forced = [a for a in menu if _forced(a)]
            ab: Ability | None = None
            if forced:
                ab = forced[0]
            elif menu and draw(st.booleans()):
                # (an ability that names a list of players, DCTP's Spy: a case writes the
                # list, the symbolic night names one or two players: not drawn)
                listed = [a for a in menu if a.targets >= 0]
                ab = draw(st.sampled_from(listed)) if listed else None
            if ab is not None:
                pick = next(i for i, a in enumerate(menu) if a is ab)
                pinned = ab.on_self or ab.targets == 0
                targets = (
                    () if pinned else tuple(draw(st.sampled_from(names)) for _ in range(ab.targets))
                )
                nk = next((x for x in rs.nightkills if x.member(role, seat.faction)), None)
                first_kill = next(
                    (a for a in role.abilities if any(isinstance(e, Kill) for e in a.effects)),
                    None,
                )
                if k == 1 and forced and draw(st.booleans()) and not pinned and ab.targets == 1:
                    acts.append(Act(p, "ability", ab, pick, (), (), written=False))
                else:
                    if pinned:
                        line = f"{p} uses {_quote(ab.name)}"
                    elif nk is None and first_kill is ab and draw(st.booleans()):
                        line = f"{p} kills {targets[0]}"
                    elif len(own) == 1 and draw(st.booleans()):
                        line = f"{p} targets {' and '.join(targets)}"
                    else:
                        line = f"{p} uses {_quote(ab.name)} on {' and '.join(targets)}"
                    lines = [line]
                    decision = -1
                    options = options_of(ab)
                    if options and draw(st.booleans()):
                        decision = draw(st.integers(min_value=0, max_value=len(options) - 1))
                        lines.append(f"{p} decides {_quote(options[decision])}")
                    acts.append(Act(p, "ability", ab, pick, targets, tuple(lines), decision))
            nk = next((x for x in rs.nightkills if x.member(role, seat.faction)), None)
            if nk is not None and nk.faction not in killers and draw(st.booleans()):
                killers.add(nk.faction)
                t = draw(st.sampled_from(names))
                acts.append(Act(p, "kill", None, 0, (t,), (f"{p} kills {t}",)))
        nights.append(acts)
        for a in acts:
            effects = a.ability.effects if a.ability is not None else ()
            # a player who may hold another role after the night (a Morpher who took one)
            if any(isinstance(e, Defect | Steal | TakePower | Morph) for e in effects):
                changed.add(a.actor)
            if any(isinstance(e, Convert | Bond | SwapPowers) for e in effects):
                # a redirection, or a forced act left to the resolver, may make it land
                # on anyone
                changed.update(names)
    return seats, nights


def case_text(seats: list[Seat], nights: list[list[Act]]) -> str:
    players = ", ".join(
        f"{s.name} is {s.role.name}" + (f" ({s.said})" if s.said else "") for s in seats
    )
    body = "".join(
        f"  night {k}:\n" + "".join(f"    {line}\n" for a in acts for line in a.lines)
        for k, acts in enumerate(nights, 1)
    )
    return f'case "random"\n  players: {players}\n{body}'


def compare(rs: Ruleset, seats: list[Seat], nights: list[list[Act]], made: bool = True) -> None:
    """`resolve`'s outcomes of the game and the chain's, fixed to it, are the same;
    `made`: marks compared on the night they are made only (`_made`)."""
    norm = _made if made else tuple
    text = case_text(seats, nights)
    (case,) = parse_cases(text, "random.case")
    res = resolve(rs, case, text)
    concrete = {norm(tuple(po.atoms for po in p.phases)) for p in res.paths}
    names = [s.name for s in seats]
    pool: list[Role] = []
    for s in seats:
        if all(r is not s.role for r in pool):
            pool.append(s.role)
    # and the roles the game's roles can give (a Cupid's Lovers): a report names them
    for extra in _given_roles(rs, pool):
        if all(r is not extra for r in pool):
            pool.append(extra)
    model = chain(rs, names, len(nights), roles=pool, days=False)
    # players are named here, so no symmetry breaking (it orders anonymous players by role)
    model.equations = [(e, w) for e, w in model.equations if w is not frame.SYMMETRY]
    enc = symbolic.Encoding(model)
    s = symbolic.make_solver(120)
    s.add(*enc.equations())
    # every variable in its domain, those no equation names too (a target only an atom
    # reads: left open below, it must still name a player)
    s.add(*enc.domain_constraints(sorted(model.domains)))
    s.add(*[enc.var(x) for x in model.switches])

    def fix(name: str, v: bool | int) -> None:
        if name in model.domains:
            s.add(enc.var(name) == symbolic.value(v))

    for seat in seats:
        fix(f"role:{seat.name}", next(i for i, r in enumerate(pool) if r is seat.role))
        fix(f"fac:{seat.name}", rs.factions.index(seat.faction))
    for k, acts in enumerate(nights, 1):
        for p in names:
            mine = {a.kind: a for a in acts if a.actor == p}
            use, kill = mine.get("ability"), mine.get("kill")
            fix(f"uses:{p}@n{k}", use is not None)
            fix(f"ab:{p}@n{k}", use.pick if use else 0)
            fix(f"decide:{p}@n{k}", use.decision if use else -1)
            fix(f"kills:{p}@n{k}", kill is not None)
            fix(f"ktgt:{p}@n{k}", names.index(kill.targets[0]) if kill else 0)
            if use is not None and not use.written:  # the resolver picks among the others
                s.add(enc.var(f"tgt:{p}@n{k}") != symbolic.value(names.index(p)))
            else:
                targets = [names.index(t) for t in use.targets] if use else []
                fix(f"tgt:{p}@n{k}", targets[0] if targets else 0)
                fix(f"tgt2:{p}@n{k}", targets[1] if len(targets) > 1 else 0)
    blocker = OutcomeBlocker(model, enc)  # (the enumeration blocks outcomes, not scenarios)
    symbolic_outcomes: set[tuple[frozenset[Atom], ...]] = set()
    seen = 0
    while s.check() == z3.sat and seen < CAP:
        seen += 1
        m = s.model()
        env = {v: symbolic.read(m, enc.var(v)) for v in model.domains}
        ev = Evaluator(env)  # one per model: the phases share their subtrees
        per_night: list[set[Atom]] = [set() for _ in nights]
        for atom, e in model.atoms.items():
            if ev(e):
                k = int(atom.subject.rsplit("(night ", 1)[1].rstrip(")"))
                per_night[k - 1].add(Atom(atom.kind, atom.subject.rsplit(" (", 1)[0], atom.obj))
        for src in model.texts:
            if ev(src.gate):
                k = int(src.actor.rsplit("(night ", 1)[1].rstrip(")"))
                holds = [n for c, n in src.pieces if ev(c)]
                per_night[k - 1].add(
                    Atom("learns", src.actor.rsplit(" (", 1)[0], src.render(holds))
                )
        symbolic_outcomes.add(norm(tuple(frozenset(x) for x in per_night)))
        s.add(blocker.block(ev))
    assert seen < CAP, text
    assert symbolic_outcomes == concrete, _diff(text, concrete, symbolic_outcomes)


def _made(outcome: tuple[frozenset[Atom], ...]) -> tuple[frozenset[Atom], ...]:
    """A game's outcome with each mark (`X: automatic protection`) on the night it is
    made only: the chain reports a mark carried from an earlier night on every later
    night, `resolve` only where the night could make it anew (see
    `test_a_carried_mark_is_reported_again_by_the_chain_only`)."""
    out: list[frozenset[Atom]] = []
    seen: set[Atom] = set()
    for night in outcome:
        out.append(frozenset(a for a in night if a.kind != "mark" or a not in seen))
        seen |= {a for a in night if a.kind == "mark"}
    return tuple(out)


def _diff(
    text: str,
    concrete: set[tuple[frozenset[Atom], ...]],
    symbolic_: set[tuple[frozenset[Atom], ...]],
) -> str:
    def show(outs: set[tuple[frozenset[Atom], ...]]) -> str:
        return "\n".join(
            "  " + " | ".join(", ".join(sorted(str(a) for a in night)) for night in o)
            for o in sorted(outs, key=str)
        )

    return f"{text}\nconcrete only:\n{show(concrete - symbolic_)}\nsymbolic only:\n{show(symbolic_ - concrete)}"


def _game(
    name: str,
    players: list[tuple[str, str, str | None]],
    nights: list[list[tuple[str, str, list[str]]]],
    made: bool = True,
) -> None:
    """A written game: (player, role, faction written) and per night (actor, ability
    name, targets), each line `X uses "ABILITY" on ...` (`kills`: `X kills Y`, the
    faction's nightkill)."""
    rs = ruleset(name)
    seats = []
    for who, role_name, said in players:
        role = rs.role(role_name)
        assert role is not None
        seats.append(Seat(who, role, said or role.faction, said))
    acts = []
    for k, night in enumerate(nights, 1):
        row = []
        for actor, ability, targets in night:
            if ability == "kills":  # the faction's nightkill
                row.append(
                    Act(actor, "kill", None, 0, tuple(targets), (f"{actor} kills {targets[0]}",))
                )
                continue
            role = next(s.role for s in seats if s.name == actor)
            menu = night_menus([role], k)[0]
            pick = next(i for i, a in enumerate(menu) if a.name == ability)
            line = f"{actor} uses {_quote(ability)}" + (
                f" on {' and '.join(targets)}" if targets else ""
            )
            row.append(Act(actor, "ability", menu[pick], pick, tuple(targets), (line,)))
        acts.append(row)
    compare(rs, seats, acts, made)


def test_a_once_a_game_ability_used_again_fails_in_the_chain_too() -> None:
    """Found by the generator: the chain did not count earlier nights' uses, so a
    Blocker's second "once per game" block, and a Witch's second Hex of Silence ("each hex
    once per game"), took place symbolically and failed in `resolve`. The chain now reads
    the earlier nights' uses (`SymbolicNight.sent_before`)."""
    once = [("Ann", "target", ["Ann"])]
    _game("werewolf-pool", [("Ann", "Blocker", "Village"), ("Bob", "Seer", None)], [once, once])
    hex_ = [("Ann", "Hex of Silence", ["Ann"])]
    witch = [("Ann", "Witch", "Town"), ("Bob", "Doctor", None)]
    _game("turtle-chat-mafia", witch, [hex_, hex_])
    # two different hexes are two uses of the budget "three hexes per game": both count
    _game(
        "turtle-chat-mafia",
        witch,
        [[("Ann", "Hex of Silence", ["Bob"])], [("Ann", "Hex of Death", ["Bob"])]],
    )
    steal = [("Ann", "steal", [])]
    _game("turtle-chat-mafia", [("Ann", "Thief", None), ("Bob", "Doctor", None)], [steal, steal])


def test_a_factions_nightkill_spends_none_of_its_carriers_abilities() -> None:
    """Found by the generator (werewolf-pool): the Maniac carries out the Werewolves'
    nightkill on night 1 and uses his own once-a-game kill on night 2. `resolve` counted
    the nightkill (an ability also called "kill") as a use of his, and failed the kill;
    the chain did not. A faction's nightkill is now no use of the carrier's abilities
    (logic/model/transition.py)."""
    _game(
        "werewolf-pool",
        [("Ann", "Alpha", None), ("Cid", "Maniac", None)],
        [[("Cid", "kills", ["Ann"])], [("Cid", "kill", ["Ann"])]],
    )


def test_a_role_given_by_an_earlier_night_is_in_the_chains_pool() -> None:
    """Found by the generator (turtle-chat-mafia): a Cupid makes Ann and Cid Lovers on
    night 1; the Mafia kill Ann on night 2 and learn her role. The chain of the game's
    pool (the roles dealt) told "no one": Lovers, dealt to no one, was not in it. The
    comparison's pool now holds the roles the dealt ones can give."""
    _game(
        "turtle-chat-mafia",
        [
            ("Ann", "Doublevoter", "Town"),
            ("Bob", "Redirector", "Mafia"),
            ("Cid", "Doctor", None),
            ("Dee", "Cupid", "Town"),
        ],
        [[("Dee", "pick", ["Ann", "Cid"])], [("Bob", "kills", ["Ann"])]],
    )


def test_an_ability_that_names_no_one_beside_one_that_does_visits_no_one() -> None:
    """Found by the generator (werewolf-pool): the Maniac's "strengthen" names no one, his
    "kill" one player; the chain read the strengthening's target slot (fixed to the first
    player) as a visit, because only a role all of whose abilities name no one had its
    target emptied (SymbolicNight.aimless now holds a role with any such ability)."""
    _game(
        "werewolf-pool",
        [("Ann", "Seer", None), ("Bob", "Maniac", None)],
        [[], [("Bob", "strengthen", [])]],
    )


def test_powers_that_change_hands_agree_in_the_chain() -> None:
    """The exchange kind (logic/effects/exchange.py) over two nights: a swap (two roles
    change hands), a theft (the thief's role changes, the victim's powers are gone: his
    kill the night after fails), and a theft after the victim spent his once-a-game kill
    (the `stole` and `drained` states carried)."""
    wp = "werewolf-pool"
    _game(
        wp,
        [("Ann", "Swapper", "Village"), ("Bob", "Seer", None), ("Cid", "Hunter", None)],
        [[("Ann", "swap", ["Bob", "Cid"])], []],
    )
    _game(
        wp,
        [("Ann", "Leech", "Werewolf"), ("Bob", "Hunter", None), ("Cid", "Seer", None)],
        [[("Ann", "steal", ["Bob"])], [("Bob", "kill", ["Cid"])]],
    )
    _game(
        wp,
        [("Ann", "Leech", "Werewolf"), ("Bob", "Hunter", None), ("Cid", "Seer", None)],
        [[("Bob", "kill", ["Cid"])], [("Ann", "steal", ["Bob"])]],
    )
    # a swap and a theft giving the Leech two roles the same night: both outcomes (W15)
    _game(
        wp,
        [
            ("Ann", "Swapper", "Village"),
            ("Bob", "Seer", None),
            ("Cid", "Hunter", None),
            ("Dee", "Leech", "Werewolf"),
        ],
        [[("Ann", "swap", ["Dee", "Cid"]), ("Dee", "steal", ["Bob"])]],
    )
    # a swap involving a dead player fails ("Only alive IMO")
    _game(
        wp,
        [("Ann", "Swapper", "Village"), ("Bob", "Seer", None), ("Cid", "Hunter", None)],
        [[("Cid", "kill", ["Bob"])], [("Ann", "swap", ["Bob", "Cid"])]],
    )


def test_a_kill_at_the_time_of_death_agrees_in_the_chain() -> None:
    """The lastshot kind (logic/effects/lastshot.py): the Kamikaze names Bob and is killed
    by the Hunter: Bob dies too; protected by the Guard, he does not; a night the
    Kamikaze survives, his choice kills no one."""
    wp = "werewolf-pool"
    seats = [("Ann", "Kamikaze", None), ("Bob", "Seer", None), ("Cid", "Hunter", None)]
    _game(wp, seats, [[("Ann", "kill", ["Bob"]), ("Cid", "kill", ["Ann"])]])
    _game(wp, seats, [[("Ann", "kill", ["Bob"])], [("Ann", "kill", ["Cid"])]])
    guarded = [("Ann", "Kamikaze", None), ("Bob", "Guard", None), ("Cid", "Hunter", None)]
    _game(
        wp,
        guarded,
        [[("Ann", "kill", ["Bob"]), ("Cid", "kill", ["Ann"]), ("Bob", "target", ["Bob"])]],
    )


def test_a_carried_mark_is_reported_on_the_night_it_is_made_by_both() -> None:
    """Found by the generator (werewolf-pool): the Thug survives one death; attacked on
    night 1, `Ann: automatic protection` is reported on night 1 by both back ends, and on
    night 2 by neither (it was an expected failure: the chain reported it again, its
    atom `before or now`; now a flag once given holds for good in the chain's carry, as
    in `next_history`, and attack.py's atom is the night's own making)."""
    _game(
        "werewolf-pool",
        [("Ann", "Thug", None), ("Bob", "Kamikaze", None)],
        [[("Bob", "kills", ["Ann"])], []],
        made=False,
    )


XFAIL: dict[str, str] = {}


def _given_roles(rs: Ruleset, pool: list[Role]) -> list[Role]:
    """The roles an effect of the pool's roles makes a player hold (a Bond's `role`; a
    Defect's, where None names the ruleset's role of no role: a Traitor's "vanilla
    Mafia", whose killer is told that role)."""
    out = []
    for r in pool:
        for node in (*(e for a in r.abilities for e in a.effects), *r.traits):
            name = getattr(node, "role", None)
            if isinstance(node, Defect):
                name = vanilla_of(rs, name)
            given = rs.role(name) if isinstance(name, str) else None
            if given is not None:
                out.append(given)
    return out


def _marks(name: str) -> list[Any]:
    if name in XFAIL:
        return [pytest.mark.xfail(strict=True, reason=XFAIL[name])]
    return []


@pytest.mark.parametrize("name", [pytest.param(n, marks=_marks(n)) for n in CASEBOOK])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_casebook(name: str, data: Any) -> None:
    rs = ruleset(name)
    compare(rs, *data.draw(games(rs)))


@pytest.mark.slow  # a long cross-check: chained symbolic nights against resolve
@pytest.mark.parametrize("name", [pytest.param(n, marks=_marks(n)) for n in CASEBOOK])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_chain_agrees_with_resolve_on_casebook_long(name: str, data: Any) -> None:
    rs = ruleset(name)
    compare(rs, *data.draw(games(rs)))


def test_a_meddling_agrees_in_the_chain() -> None:
    """The meddle kind (logic/effects/meddle.py): the Seer's scan of the meddled player
    shows the Meddler's answer, or, undecided, a role drawn at random (a draw of both back
    ends); a scan of another player is not faked."""
    rs = ruleset("werewolf-pool")
    seats = []
    for who, name in (("Ann", "Meddler"), ("Bob", "Seer"), ("Cid", "Alpha")):
        role = rs.role(name)
        assert role is not None
        seats.append(Seat(who, role, role.faction, None))
    meddle = night_menus([seats[0].role], 1)[0][0]
    scan = night_menus([seats[1].role], 1)[0][0]
    options = options_of(meddle)
    for decision, scanned in ((-1, "Cid"), (options.index("Guard"), "Cid"), (-1, "Ann")):
        lines = ['Ann uses "meddle" on Cid']
        if decision >= 0:
            lines.append('Ann decides "Guard"')
        night = [
            Act("Ann", "ability", meddle, 0, ("Cid",), tuple(lines), decision),
            Act("Bob", "ability", scan, 0, (scanned,), (f'Bob uses "target" on {scanned}',)),
        ]
        compare(rs, seats, [night])


def test_a_morph_agrees_in_the_chain() -> None:
    """The morph kind (logic/effects/morph.py): the Morpher's role decided, no one holding
    it (his), a player holding it (his faction taken, when chosen so), or none decided; and
    the night after, the Morpher holds what he took."""
    rs = ruleset("werewolf-pool")
    for holder in ("Seer", "Rioter"):
        seats = []
        for who, name, faction in (("Ann", "Morpher", None), ("Bob", holder, "Werewolf")):
            role = rs.role(name)
            assert role is not None
            seats.append(Seat(who, role, faction or role.faction, faction))
        morph = night_menus([seats[0].role], 1)[0][0]
        options = options_of(morph)
        for said in (None, "Rioter", "Rioter and alignment"):
            decision = -1 if said is None else options.index(said)
            lines = ['Ann uses "morph"', *([f'Ann decides "{said}"'] if said else [])]
            night = [Act("Ann", "ability", morph, 0, (), tuple(lines), decision)]
            compare(rs, seats, [night, []])


def _seats(rules: str, *seats: tuple[str, str] | tuple[str, str, str]) -> list[Seat]:
    """Seats of a fixed game: (player, role) with the role's faction, or (player, role,
    faction) with the faction written in the case."""
    rs = ruleset(rules)
    out = []
    for who, name, *written in seats:
        role = rs.role(name)
        assert role is not None
        faction = written[0] if written else None
        out.append(Seat(who, role, faction or role.faction, faction))
    return out


def _tb_seats(*pairs: tuple[str, str]) -> list[Seat]:
    return _seats("trouble-brewing", *pairs)


def test_two_roles_that_tell_one_of_two_players_each_tell_their_own_list() -> None:
    """The Librarian's "1 of 2 players is a particular Outsider" and the Washerwoman's
    "... a particular Townsfolk" name one variable each: in the chain, where the seat may
    hold either role, sharing one cut the Washerwoman's 39 texts to the Librarian's 13, so
    only "Ann or Bob is ..." could be told (resolve told all six true ones)."""
    rs = ruleset("trouble-brewing")
    seats = _tb_seats(("Ann", "Librarian"), ("Bob", "Washerwoman"), ("Cid", "Investigator"))
    check = night_menus([seats[1].role], 1)[0][0]
    line = 'Bob uses "check"'
    compare(rs, seats, [[Act("Bob", "ability", check, 0, (), (line,))], []])


def test_a_poisoned_washerwoman_may_be_told_of_a_character_nobody_holds() -> None:
    """An impaired player is told any of the group's characters, dealt or not: the chain
    over a pool of the two roles dealt tells what resolve tells."""
    rs = ruleset("trouble-brewing")
    seats = _tb_seats(("Ann", "Washerwoman"), ("Bob", "Poisoner"))
    check = night_menus([seats[0].role], 1)[0][0]
    target = night_menus([seats[1].role], 1)[0][0]
    acts = [
        Act("Ann", "ability", check, 0, (), ('Ann uses "check"',)),
        Act("Bob", "ability", target, 0, ("Ann",), ('Bob uses "target" on Ann',)),
    ]
    compare(rs, seats, [acts, []])


def test_a_drained_werewolf_kills_in_both_back_ends() -> None:
    """Found by the long run: a Leech stole a werewolf's power on night 1, and on night 2
    resolve stopped the werewolf's pack kill (the concrete night gives a kill slot the kill
    as its ability, and `drained` stopped any slot with one) where the chain did not."""
    rs = ruleset("werewolf-pool")
    seats = _seats(
        "werewolf-pool",
        ("Ann", "Leech", "Village"),
        ("Bob", "Stalwart"),
        ("Cid", "Reverber", "Werewolf"),
        ("Dee", "Reverber", "Village"),
    )
    steal = night_menus([seats[0].role], 1)[0][0]
    night1 = [Act("Ann", "ability", steal, 0, ("Cid",), ('Ann uses "steal" on Cid',))]
    night2 = [Act("Cid", "kill", None, 0, ("Ann",), ("Cid kills Ann",))]
    compare(rs, seats, [night1, night2])


def test_a_theft_and_a_morph_give_one_atom_in_the_chain() -> None:
    """Found by the default run: a Leech's theft and a Morpher's choice both give
    `Ann becomes Reverber`; the frame kept one kind's condition and dropped the other's, so
    the chain lost the theft wherever the seat might hold the Morpher (the pool had one)."""
    rs = ruleset("werewolf-pool")
    seats = _seats(
        "werewolf-pool",
        ("Ann", "Leech", "Village"),
        ("Bob", "Seer"),
        ("Cid", "Reverber", "Village"),
        ("Dee", "Morpher"),
    )
    steal = night_menus([seats[0].role], 1)[0][0]
    compare(
        rs, seats, [[Act("Ann", "ability", steal, 0, ("Cid",), ('Ann uses "steal" on Cid',))], []]
    )


def test_the_meddlers_scatter_and_the_cover_smoker_agree_in_both_back_ends() -> None:
    """The werewolf pool's W17 and R25 (logic/effects/meddle.py): a shot at the meddled
    player lands on a player drawn at random from the others (`random` in both); a scan
    of a player the Cover Smoker covers fails, a protection of him does not."""
    meddle = [
        ("Ann", "meddle", ["Bob"]),
        ("Hal", "kill", ["Bob"]),
        ("Cid", "target", ["Bob"]),
    ]
    seats: list[tuple[str, str, str | None]] = [
        ("Ann", "Meddler", None),
        ("Bob", "Guard", None),
        ("Hal", "Hunter", None),
        ("Cid", "Seer", None),
    ]
    _game("werewolf-pool", seats, [meddle])
    cover = [("Ann", "smoke", ["Bob"]), ("Cid", "target", ["Bob"]), ("Dee", "target", ["Bob"])]
    seats = [
        ("Ann", "Cover Smoker", None),
        ("Bob", "Alpha", None),
        ("Cid", "Seer", None),
        ("Dee", "Guard", None),
    ]
    _game("werewolf-pool", seats, [cover, []])


def test_a_blamed_kill_is_pinned_in_both_back_ends() -> None:
    """Found by the generator (dctp-mini-mafia): Gin kills Agasa and Anokata blames the
    kill on Agasa herself. `resolve` recorded `Ann pinned Kill>Ann`; the chain did not:
    its night lists one pin for each player who may be the blamer, and the record kept
    the last of them only (crimes.py's `pins` now counts them all)."""
    rs = ruleset("dctp-mini-mafia")
    seats = []
    for who, name in (("Ann", "Agasa"), ("Bob", "Gin"), ("Cid", "Anokata")):
        role = rs.role(name)
        assert role is not None
        seats.append(Seat(who, role, role.faction, None))
    menu = night_menus([seats[2].role], 2)[0]
    pick = next(i for i, a in enumerate(menu) if a.name == "Blame")
    blame = menu[pick]
    lines = ('Cid uses "Blame" on Ann and Ann', 'Cid decides "Kill"')
    night2 = [
        Act("Bob", "kill", None, 0, ("Ann",), ("Bob kills Ann",)),
        Act("Cid", "ability", blame, pick, ("Ann", "Ann"), lines, options_of(blame).index("Kill")),
    ]
    compare(rs, seats, [[], night2])
