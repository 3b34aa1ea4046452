"""Owns the shape of an effect kind: the hooks through which the phase builder
(logic/model/semantics.py) asks each kind for its part of a night.

A kind is a module of logic/effects/ that owns its IR nodes (frozen dataclasses with a
`why` and a `describe()`), their constraints within a phase, and their part of the state
transition; it exports one `KIND`, listed once in logic/effects/registry.py. The builder
knows no kind by name: it asks every kind in turn for

  deaths      (victim, tier, condition) for each way a player can die tonight
  stops       why slot i's action does not take place (a labelled expression)
  unstoppable slot i's action takes place whatever would stop it (a bribed kill)
  texts       the result texts slot i's action may produce
  withholds   slot i's result texts are not told tonight (an officer suspended tonight)
  phase_texts texts told to players whatever they did (reports, glimpses, warnings)
  relays      texts told to players from the night's other texts (a leader's reports of
              his subordinates' results), asked once every other text is known
  atoms       further outcome atoms of the night (`X is roleblocked`)
  retarget    where slot i's k-th target lands (redirection: every kind reads the
              effective target through the builder's `aims`)
  transition  atoms that say what the next phase inherits (`X's record is reversed`,
              `X becomes Mafia`)
  lasting     the states the kind carries from one phase to the next (`Lasting`): how a
              phase's atoms move each, concretely and symbolically, and how a night reads it
  echoes      deaths that follow from the others (a linked player dies as well)
  nouns, verbs  what an order of operations or a ruling's condition calls its effects
  actions     the verbs of the clause language whose ability is the kind's (a lexicon
              category, what the ability is used as, the node the verb gives its target)

A day is built by the same kind of frame (logic/model/day.py's `DayBuilder`, over a
concrete or a symbolic day), which asks every kind for its part of the day:

  day_stops     why day slot i's action does not take place (a roleblock lasting into
                the day, an arrest, a target that does not fit)
  day_held      p can neither act nor vote today (an arrest)
  day_back      p, dead when the day began, is back and votes today (a revival)
  day_revived   p, dead when the day began, is alive again at its end
  day_removed   p is taken out of the vote today (a day kill that removes votes)
  day_unpowered p's role powers are not in effect today (given up, roleblocked)
  day_hinders   p's day abilities are stopped today, whether he uses one or not (a
                frightening of the night before, an injury): asked of a group's members
                (logic/effects/identify.py)
  day_exempt    day slot i's action on q is not stopped by q's arrest today (a cover
                that still works)
  day_marked    the statuses p holds today, with their sources (hexes of the night
                before, the day's sway)
  day_moment    where day slot i's action takes effect on the day's timeline, given where
                its case line stands (a private use at the deadline: logic/effects/manner.py)
  day_timed     the lynch's inputs as the day's timeline leaves them (the votes standing
                when the day ended, a majority lock: logic/effects/timeline.py), asked
                by the lynch's kind before it decides
  day_lynch     the lynch: adds its variables and equations, returns its atoms
  day_deaths    deaths of the day other than the lynch (a day kill)
  day_spares    p does not die of a day's kill today (a death survived by day)
  day_echoes    deaths that follow from the others (a linked player dies as well)
  day_atoms     further atoms of the day (the marks it leaves, records that revert)
  day_texts     the day's texts (announcements, reveals, reports)

A storyteller's game over its observations (Blood on the Clocktower's puzzles: what
each player was told, night by night) is played out concretely, one starting world at a
time, by logic/model/table.py, which asks every kind for its `table` (`Table`: the deal,
the night's choices and deaths, what a node may tell its player, the day's events).

and, where one kind's reading depends on another's, the asking kind asks every kind
(it imports none of them):

  kill_modified  slot i's kill is strengthened / hastened tonight
  garbles        slot i's results tonight are another kind's, not its own (a drunk's
                 random interrogation)
  posthumous     slot i is a power used once dead (the frame's "the dead do not act"
                 does not stop it)
  member_after   who belongs to a group once the phase's changes of identity are made
                 (for the win conditions the frame checks after a phase)
  saves_against  the saves that stop slot i's attack on q, when not every save does
  spares         slot i's attack on q does not kill q (a defection, a safety from the
                 attacker's group)
  held_saves     saves q holds tonight that are no slot's action (an item's), with the
                 names an order of healing ranks them by (logic/effects/heal.py)
  stops_auto     q's automatic protection is stopped tonight
  shows_role     what a role scan of q shows instead of his role tonight (a fake result)
  skews          what slot i's records checks show instead, whoever the target (a
                 checker's sanity)
  worn_card      the role whose card a check of q reads instead of his own (a disguise)
  worn_roles     the roles q wears whose cards' items he holds too (a disguise's)
  lends          the abilities p holds beside his role's (a worn role's), for the binding
  borrows        the roles whose statuses p holds tonight beside his own (a covered
                 ally's sniping)
  arrests        q's arrests tonight that are another kind's than crimes' (a pinch's)
  item_use       slot i uses an ability an item its actor holds gives him (a bow-tie's,
                 the Black Suitcase's)

A kind adds to the night through the builder's narrow interface: `b.choice(name,
values, random=...)` for a variable of its own (an open choice or a draw), `b.once(key,
make)` for a subterm made once a night, `b.define` for a named subterm, and the
scenario's questions (`b.sc`). So adding a mechanic touches its own module, the registry
line, and the grammar.

The import graph of logic/ has no cycle (tests/test_architecture.py): the model
(logic/model/ir.py) does not import the kinds' nodes, and a kind imports another only
where it reads that kind's nodes or helpers, never back.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

from logic.model.expr import FALSE, Const, Expr, all_of, any_of, conj, eq, label, neg
from logic.model.why import Why, meta

if TYPE_CHECKING:
    from collections.abc import Iterator

    from logic.model.day import DayBuilder
    from logic.model.ir import Ability, Ruleset
    from logic.model.phase import Act, Atom, ChainEnd, History, PhaseEnd, TextSource
    from logic.model.semantics import NightBuilder
    from logic.model.table import Event, Play, Script, State


class Effect(Protocol):
    """An IR node of an effect kind. Three optional class attributes are read by the
    frame, which names no node: `by_day` (True: the ability that carries it is used by
    day, not in the night's slot), `by_name` (True: a case's line uses the ability only
    when it names it, `X uses NAME on Y`: a faction's optional action beside a member's
    own) and `options` (the options the node leaves its player to decide among, written
    in a case as `X decides "TEXT"`). A node with `kills` is
    what a case's `X kills Y` line uses (with `random`: its target is drawn). A role's
    trait with `shared` lets more than one player hold the role where roles are unique."""

    @property
    def why(self) -> Why: ...

    def describe(self) -> str: ...


Death = tuple[str, Expr, Expr]  # (victim, the tier it takes effect, the condition)


def member_named(b: Any, p: str, name: str) -> Expr:
    """p holds the role called `name`, or belongs to the faction called so or by its
    initials ("BO": the Black Org), by the builder's scenario (a night's or a day's)."""
    role = b.rs.role(name)
    if role is not None:
        return cast("Expr", b.sc.role_is(p, role))
    letters = "".join(ch for ch in name if ch.isalpha()).casefold()
    for f in b.rs.factions:
        initials = "".join(w[:1] for w in f.split()).casefold()
        if f.casefold() == name.casefold() or initials == letters:
            return cast("Expr", b.sc.faction_is(p, f))
    return Const(False)


def item_use(b: NightBuilder, i: int) -> Expr:
    """Slot i uses an ability an item its actor holds tonight gives him (every kind's
    `item_use`)."""
    return any_of(k.item_use(b, i) for k in b.kinds if k.item_use)


@dataclass(frozen=True)
class SectionTrait:
    """A trait an ability section's sentence gives the section's own ability ("Night
    action, crime, can be covered."): `check`, the ability's name, is filled in by its
    section (logic/lang/assemble/given.py's `_of_section`, which asks `of_section`); each
    section's sentence is a trait of its own (logic/lang/assemble/prose.py's _same_trait).
    cover.py's Uncovered and Coverable, block.py's Unhindered."""

    check: tuple[str, ...] = ()
    why: Why = meta()
    of_section: ClassVar[bool] = True

    @property
    def names(self) -> tuple[str, ...]:
        return self.check


@dataclass(frozen=True)
class Outcome:
    """What the phase builder knows once deaths are settled, for the kinds' late hooks."""

    alive_after: dict[str, Expr]  # p is alive when the phase ends
    died: dict[str, Expr]  # p dies in this phase


@dataclass(frozen=True)
class Lasting:
    """A state a kind carries from one phase to the next (a reversed record, an arrest,
    a mark with a duration, a change of role), declared once for both back ends.

    `empty` is its concrete value before the game (hashable: it is part of a `History`).
    `step` moves a concrete value over a phase's outcome (`PhaseEnd`: the atoms that
    hold); `chain` moves its symbolic value over a phase of a chain (`ChainEnd`: each atom
    with the expression that makes it hold, over that phase's variables); `view` gives a
    concrete value in the symbolic form, for night `night` (a night reads only that form,
    through `NightBuilder.before`). The phase frame knows no state by name: resolve's and
    the chain's transitions are loops over the kinds' `lasting`."""

    name: str
    empty: Any
    step: Callable[[Any, PhaseEnd], Any]
    chain: Callable[[Any, ChainEnd], Any]
    view: Callable[[Any, int], Any]


@dataclass(frozen=True)
class Table:
    """A kind's part of a game played out at the table (logic/model/table.py): a
    storyteller's game over its observations, one starting world at a time, each of the
    storyteller's and the players' unobserved choices a branch (existential). The frame
    plays the phases and asks every kind; each hook answers for the kind's own nodes
    (None: not the kind's concern). Generators yield the states a step may leave.

      teams     each faction's team (the ruleset's own sentences)
      liars     the team whose players may claim anything and whose information is free
      caps      with n players, the most characters of each type a game may deal (None:
                the kind deals no game of n)
      hides     a seat that claims `claim` may hold `hidden` instead (`me`: the observer)
      dealt     a starting world the deal allows (by seat, with the seats' claims)
      acting    nodes whose working matters beyond what their holder is told
      setup     the choices made before the first night (a red herring)
      choices   the night's choices made before anyone dies (whom an ability impairs)
      deaths    the night's deaths (the given seats died: the kill that explains them)
      settle    after deaths: what ends with them (an impairment whose maker died)
      impaired  seat k's ability does not work now (its information is free)
      statement the information is about its teller's own change (`I became the X`)
      learns    whether seat k learns now at all (an ability used on its holder's death)
      told      whether `text` may be what the node tells seat k (the world, `before` and
                after the night's deaths; the storyteller's registrations make it so)
      day       day event i is the kind's: the states it leaves, each with the next event
      executed  seat k is executed: what the kind makes of it (a team that loses)
      dies      seat k dies by day: what the kind makes of it (the Demon passes on)
      won       a team has won (too few players alive)
      day_end   what ends with the day
    """

    teams: Callable[[Ruleset], dict[str, str]] | None = None
    liars: Callable[[Script], str | None] | None = None
    caps: Callable[[Script, int], dict[str, int] | None] | None = None
    hides: Callable[[Script, str, str, bool], bool] | None = None
    dealt: Callable[[Script, Sequence[str], Sequence[str]], bool] | None = None
    acting: tuple[type, ...] = ()
    setup: Callable[[Play, State], Iterator[State]] | None = None
    choices: Callable[[Play, State, int, Sequence[Event]], Iterator[State]] | None = None
    deaths: Callable[[Play, State, int, Sequence[Event]], Iterator[State]] | None = None
    settle: Callable[[Play, State], None] | None = None
    impaired: Callable[[Play, State, int], bool] | None = None
    statement: Callable[[Play, State, State, int, str], bool | None] | None = None
    learns: Callable[[Play, State, State, int, str], bool | None] | None = None
    told: Callable[[Play, State, State, int, Any, str], bool | None] | None = None
    day: (
        Callable[[Play, State, Sequence[Event], int], Iterator[tuple[State, int]] | None] | None
    ) = None
    executed: Callable[[Play, State, int], Iterator[State] | None] | None = None
    dies: Callable[[Play, State, int], Iterator[State] | None] | None = None
    won: Callable[[Play, State], bool] | None = None
    day_end: Callable[[Play, State], None] | None = None


@dataclass(frozen=True)
class Kind:
    name: str
    nodes: tuple[type, ...] = ()
    deaths: Callable[[NightBuilder], list[Death]] | None = None
    stops: Callable[[NightBuilder, int], Expr] | None = None
    # slot i's action takes place, taken, whatever a stopper, a ruling or a death would say
    unstoppable: Callable[[NightBuilder, int], Expr] | None = None
    texts: Callable[[NightBuilder, int], list[TextSource]] | None = None
    # slot i's result texts (every kind's) are not told tonight, when it holds
    withholds: Callable[[NightBuilder, int], Expr] | None = None
    phase_texts: Callable[[NightBuilder, Outcome], list[TextSource]] | None = None
    relays: Callable[[NightBuilder, Sequence[TextSource]], list[TextSource]] | None = None
    atoms: Callable[[NightBuilder, Outcome], dict[Atom, Expr]] | None = None
    # moves slot i's k-th target (an index term) to where it lands (redirection)
    retarget: Callable[[NightBuilder, int, int, Expr], Expr] | None = None
    # what an order of operations calls the kind's effects ("Roleblocks"), in the singular
    nouns: tuple[tuple[str, tuple[type, ...]], ...] = ()
    # the verbs of a ruling's condition that name the kind's effects, not an ability
    # ("whoever roleblocks the Doctor": every ability with a Roleblock), in the stem
    verbs: tuple[tuple[str, tuple[type, ...]], ...] = ()
    transition: Callable[[NightBuilder, Outcome], dict[Atom, Expr]] | None = None
    # deaths that follow from other deaths (a linked player dies as well)
    echoes: Callable[[NightBuilder, Sequence[Death]], list[Death]] | None = None
    # Hooks into an attack (logic/effects/attack.py asks every kind; it names none):
    # slot i's kill is changed in a way (`mode`: "strengthen", "hasten") tonight
    kill_modified: Callable[[NightBuilder, int, str], Expr] | None = None
    # the saves that stop slot i's attack on q, when not every save does (None: all do)
    saves_against: Callable[[NightBuilder, str, int], Expr | None] | None = None
    # slot i's attack on q does not kill q for a reason of the kind's (a defection)
    spares: Callable[[NightBuilder, str, int], Expr] | None = None
    # saves q holds tonight that are no slot's action (an item's), each with its names in
    # an order of healing ("Watch Protection"): (it holds, its names, its sentence)
    held_saves: Callable[[NightBuilder, str], list[tuple[Expr, tuple[str, ...]]]] | None = None
    # q's automatic protection (a faction's trait) is stopped tonight
    stops_auto: Callable[[NightBuilder, str], Expr] | None = None
    # (actor, keyword, when) for each action that did not take place but is seen on q
    # tonight, by investigations and on the record of crimes, as if it had (a blamed action)
    pretends: Callable[[NightBuilder, str], list[tuple[str, str, Expr]]] | None = None
    # the same, for actions seen on q by tonight's investigations but kept off the record of
    # crimes (a pretended action a sentence says is no crime: the Black Suitcase's)
    feigns: Callable[[NightBuilder, str], list[tuple[str, str, Expr]]] | None = None
    # actions of this keyword are not seen by investigations of actions tonight, when it holds
    unseen: Callable[[NightBuilder, str], Expr] | None = None
    # what a role scan of q shows instead of his role tonight, and when (a fake result)
    shows_role: Callable[[NightBuilder, str], list[tuple[str, Expr]]] | None = None
    # what slot i's records check (asking after `faction`) shows instead, and when: True
    # (guilty), False (innocent), None (the opposite) (a checker's sanity, sanity.py)
    skews: Callable[[NightBuilder, int, str], list[tuple[Expr, bool | None]]] | None = None
    # what a check by `checker` shows of q (who holds `role`, of `faction`) instead, and
    # when: (a result of `results`, the condition) (a registration, logic/effects/registration.py)
    shows_as: (
        Callable[[NightBuilder, str, Any, str, str, Sequence[str]], list[tuple[str, Expr]]] | None
    ) = None
    # the roles whose card slot i's check `check` of q reads instead of q's own, and when:
    # (role, the condition) (a disguise, logic/effects/disguise.py; asked by interrogate.py)
    worn_card: Callable[[NightBuilder, int, str, str], list[tuple[Any, Expr]]] | None = None
    # the roles q wears over his own tonight whose cards' items he holds too, and when
    # (a disguise's; asked by logic/effects/items.py)
    worn_roles: Callable[[NightBuilder, str], list[tuple[Any, Expr]]] | None = None
    # the roles (by name) q wears tonight over his own, and when (a disguise's; asked by
    # logic/effects/detect.py: a role only worn is not one dealt)
    wears: Callable[[NightBuilder, str], list[tuple[str, Expr]]] | None = None
    # the abilities p holds beside his role's in a phase (("night" or "day", its number);
    # `decided`: what p decides in that phase's block; each player's role by name), read
    # from the history: a worn role's (a disguise's; asked by logic/model/binding.py, which
    # binds a case's lines to abilities)
    lends: (
        Callable[[Ruleset, History, Mapping[str, str], str, tuple[str, int], str | None], list[Any]]
        | None
    ) = None
    # (role, when): the roles whose statuses p holds tonight beside his own (a cover's ally,
    # logic/effects/cover.py; asked by logic/effects/heal.py: a covered sniper's snipe)
    borrows: Callable[[NightBuilder, str], list[tuple[Any, Expr]]] | None = None
    # q's arrests tonight that are another kind's (an auto-arrest by a pinch): (it holds, the
    # tier it happens, the slot) (asked by logic/effects/crimes.py, whose custody they join)
    arrests: Callable[[NightBuilder, str], list[tuple[Expr, Expr, int]]] | None = None
    # slot i uses an ability an item its actor holds tonight gives him (a lent bow-tie's, the
    # Black Suitcase's pretend; asked by logic/effects/heal.py and crimes.py: an injured or a
    # suspended player's item actions, when a sentence lets them through)
    item_use: Callable[[NightBuilder, int], Expr] | None = None
    # binding: a night's second action of an ability by a player may be bound (an
    # amplification aimed at him among the night's acts); whether it takes place is the
    # kind's `stops`
    doubles: Callable[[Sequence[Act], str, Ability], bool] | None = None
    # slot i's results tonight are the kind's own, not its ability's (a drunk's random one)
    garbles: Callable[[NightBuilder, int], Expr] | None = None
    # slot i is a power used once dead (the frame's "the dead do not act" does not stop it)
    posthumous: Callable[[NightBuilder, int], Expr] | None = None
    # `member(p, group)` after the phase's atoms (a change of identity moves p)
    member_after: (
        Callable[
            [Ruleset, Callable[[str, str], Expr], dict[Atom, Expr]], Callable[[str, str], Expr]
        ]
        | None
    ) = None
    # the states the kind carries from phase to phase
    lasting: tuple[Lasting, ...] = ()
    # abilities named by a verb of the kind's own: (the lexicon's category of the verb,
    # what the ability is used as: "targets", "checks", ..., the node it gives: a
    # function of the sentence), read by logic/lang/kinds/verbs.py
    actions: tuple[tuple[str, str, Callable[[Why], Effect]], ...] = ()
    # The day's hooks (logic/model/day.py's `DayBuilder` asks every kind; see above)
    day_stops: Callable[[DayBuilder, int], Expr] | None = None
    day_held: Callable[[DayBuilder, str], Expr] | None = None
    day_back: Callable[[DayBuilder, str], Expr] | None = None
    day_revived: Callable[[DayBuilder, str], Expr] | None = None
    day_removed: Callable[[DayBuilder, str], Expr] | None = None
    day_unpowered: Callable[[DayBuilder, str], Expr] | None = None
    day_hinders: Callable[[DayBuilder, str], Expr] | None = None
    # day slot i's action on q is not stopped by q's arrest today (a cover that still works,
    # logic/effects/cover.py; asked by logic/effects/dayarrest.py)
    day_exempt: Callable[[DayBuilder, int, str], Expr] | None = None
    # (role, p wears it today) for each role p may wear over his own, by day (`wears`'s
    # day: logic/effects/disguise.py; asked by logic/effects/identify.py)
    day_wears: Callable[[DayBuilder, str], list[tuple[str, Expr]]] | None = None
    day_marked: Callable[[DayBuilder, str, str], list[tuple[Expr, str]]] | None = None
    day_moment: Callable[[DayBuilder, int, Expr, Expr], Expr] | None = None
    day_timed: Callable[[DayBuilder, Any], Any] | None = None
    day_lynch: Callable[[DayBuilder], dict[Atom, Expr]] | None = None
    day_deaths: Callable[[DayBuilder], list[tuple[str, Expr]]] | None = None
    day_spares: Callable[[DayBuilder, str], Expr] | None = None
    day_echoes: Callable[[DayBuilder, dict[Atom, Expr]], dict[Atom, Expr]] | None = None
    day_atoms: Callable[[DayBuilder, Outcome], dict[Atom, Expr]] | None = None
    day_texts: Callable[[DayBuilder, Outcome], list[TextSource]] | None = None
    # its part of a game played out at the table (`Table`, logic/model/table.py)
    table: Table | None = None


def withheld(b: NightBuilder, i: int) -> Expr:
    """Slot i's results are not told tonight (some kind's `withholds`: an officer suspended
    this phase); asked by the frame of every slot's texts and by a kind whose phase texts are
    a slot's results (an investigation's)."""
    hooks = [k.withholds for k in b.kinds if k.withholds]
    if not hooks:
        return FALSE
    return b.once(f"withheld:{i}", lambda: any_of(w(b, i) for w in hooks))


def holds_trait(b: NightBuilder, p: str, node: type, when: Callable[[Any], bool] = bool) -> Expr:
    """p holds a role with a trait of class `node` (for which `when` holds), labelled with
    the trait's sentence: an immunity read by the kind it stops (attack, block)."""
    return any_of(
        label(b.sc.role_is(p, r), cast(Any, t).why)
        for r in b.rs.roles
        for t in r.traits
        if isinstance(t, node) and when(t)
    )


def night_role_names(roles: Sequence[Any]) -> tuple[str, ...]:
    """The names of the roles with a night ability (an ability none of whose effects is
    used by day): the options of a role decided among those that act at night."""
    return tuple(
        r.name
        for r in roles
        if any(not any(getattr(e, "by_day", False) for e in a.effects) for a in r.abilities)
    )


def line_rules(b: Any, node: type, tag: str) -> list[tuple[Any, Why, Any]]:
    """(role, the sentence, the trait) for each role whose line says `tag`: a field of a
    trait of class `node` that holds the sentence saying it (travel's, a bribe's, ...)."""
    return [
        (r, w, t)
        for r in b.rs.roles
        for t in r.traits
        if isinstance(t, node) and (w := getattr(t, tag)) is not None
    ]


def line_says(b: Any, p: str, node: type, tag: str) -> Expr:
    """p holds a role whose line says `tag` (`line_rules`), its sentence in force."""
    return any_of(
        conj(b.sc.role_is(p, r), label(b.sc.switch(w), w)) for r, w, _ in line_rules(b, node, tag)
    )


def first_drawn(b: NightBuilder | DayBuilder, name: str, holds: Sequence[Expr]) -> list[Expr]:
    """Of the candidates in a fixed order, the one drawn at random (`name`, a draw of the
    phase, night or day: `random`): the first whose `holds` holds from the drawn place on,
    going round, so that every value of the draw picks one that holds when any does (a draw
    the scenario fixes never leaves the phase without an outcome) and each that holds may be picked.
    The i-th expression: candidate i is the one drawn (none, when none holds)."""
    n = len(holds)
    if n == 0:
        return []
    drawn = b.choice(name, range(n), random=True)
    out = []
    for k in range(n):
        ways = []
        for d in range(n):
            skipped = [neg(holds[(d + j) % n]) for j in range((k - d) % n)]
            ways.append(conj(eq(drawn, Const(d)), all_of(skipped)))
        out.append(conj(holds[k], any_of(ways)))
    return out
