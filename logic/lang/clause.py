"""Owns the clause language: one sentence of a role's text, in any voice a GM writes it,
read into what it means. `grammar/clause.lark` has the shapes (who acts, may / must /
cannot, the verb of an effect kind and its object, when and how often, what happens to
the target), `grammar/lexicon.toml` the words (logic/lang/lexicon.py tokenizes them).

`read_sentence` returns the sentence's meaning as a tuple of parts: IR nodes of the effect
kinds (`Protect`, `Roleblock`, `Investigate`, `Result`, restrictions, `AppearsAs`) and the
clause-level parts below (`Starts`: the sentence gives an ability; `ClassIs`; `About`: a
part said of a role the sentence names). The ruleset reader (logic/lang/rules.py) turns
them into its pieces. A sentence with readings that mean different things is an error
that lists them, never one reading picked silently.
"""

from __future__ import annotations

import difflib
import functools
import itertools
from collections.abc import Iterable
from dataclasses import fields, is_dataclass, replace
from typing import Any

from lark import Token, Transformer, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.visitors import CollapseAmbiguities

from logic.effects.attack import Kill, Protect
from logic.effects.block import Jail, Roleblock
from logic.effects.inquiry import ActionCheck, StakeOut
from logic.effects.interrogate import Interrogate
from logic.effects.investigate import Cond, Info, Investigate, Result
from logic.effects.records import Frame, OnRecords
from logic.effects.succession import SafeFrom
from logic.lang import earley, fragments, kinds, lexicon, parse_cache
from logic.lang.clause_parts import (
    NUMBERS,
    About,
    Actor,
    ClassIs,
    FromGroup,
    Into,
    Must,
    NoReading,
    Nothing,
    Objects,
    Otherwise,
    Starts,
    Tail,
    TargetRef,
    Verb,
    about,
    pointed,
    subject_of,
)
from logic.lang.errors import Loc, RulingError
from logic.lang.kinds import common, common2, phrasing, traits
from logic.lang.kinds.inquiry import UNSAID
from logic.lang.kinds.verbs import DECLARED, HEAD, USED_AS, effects_of
from logic.lang.read.pieces import _AbilityName
from logic.model.ir import (
    AppearsAs,
    Forced,
    Frequency,
    NoConsecutive,
    NoSelfTarget,
    NoTargetAgain,
    NoUseAgain,
    VisitClass,
    Why,
)

MAX_READINGS = 24
"""The most derivations of one sentence read before giving up on telling them apart
(a sentence of this language has a handful; more means a loop in the grammar)."""


# ----------------------------------------------------------------------------- the parser


@functools.cache
def _grammar() -> str:
    return fragments.grammar_text("clause.lark", lexicon.terminals())


@functools.cache
def parser() -> earley.Parser:
    return parse_cache.built(
        "clause",
        earley.VERSION + "\n" + _grammar(),
        lambda: earley.Parser(_grammar(), start="sentence", propagate_positions=True),
    )


# ----------------------------------------------------------------------------- reading


class _Read(kinds.Readings, Transformer[Token, Any]):
    """One derivation of a sentence -> its parts. Methods named after clause.lark's rules
    (each kind's, logic/lang/kinds/)."""

    def __init__(self, why: Why) -> None:
        super().__init__()
        self.why = why

    def _no_reading(self, reason: str) -> Exception:
        raise NoReading(reason)

    def _said_of(self, children: list[Any], part: Any) -> tuple[Any, ...]:
        return about(children, part)

    def _subject_of(self, children: list[Any]) -> str | None:
        return subject_of(children)

    def _tail(self, parts: tuple[Any, ...]) -> Any:
        return Tail(parts)

    # who, when
    def actor(self, children: list[Token]) -> Actor:
        names = [str(c) for c in children if c.type == "ROLENAME"]
        words = [str(c).lower() for c in children]
        return Actor(names[0] if names else None, pointed=words[:1] == ["that"])

    def each_night(self, _: list[Any]) -> Frequency:
        return Frequency.EACH_NIGHT

    def once_per_game(self, _: list[Any]) -> Frequency:
        return Frequency.ONCE_PER_GAME

    def first_night(self, _: list[Any]) -> Frequency:
        return Frequency.FIRST_NIGHT

    def on_night(self, children: list[Token]) -> Frequency:
        night = next(int(c) for c in children if c.type == "NUMERAL")
        if night == 1:
            return Frequency.FIRST_NIGHT
        raise NoReading(f"an ability used on night {night} only")

    def prep_phase(self, _: list[Any]) -> Frequency:
        return Frequency.PREP

    def subsequent_nights(self, _: list[Any]) -> Frequency:
        return Frequency.SUBSEQUENT_NIGHTS

    def every_second_night(self, _: list[Any]) -> Frequency:
        return Frequency.EVERY_SECOND_NIGHT

    # objects
    def one_player(self, children: list[Any]) -> Objects:
        living = any(isinstance(c, Token) and c.type == "ALIVE" for c in children)
        # "another player": one player, not the user (as "one other player")
        other = any(isinstance(c, Token) and str(c).lower() == "another" for c in children)
        victim = any(
            isinstance(c, Token) and c.type == "PLAYER" and str(c).lower() == "victim"
            for c in children
        )
        return Objects(1, other, living=living, victim=victim)

    def other_player(self, _: list[Any]) -> Objects:
        return Objects(1, True)

    def players(self, children: list[Token]) -> Objects:
        n = next(c for c in children if c.type in ("NUMBER", "NUMERAL"))
        count = int(n) if n.type == "NUMERAL" else NUMBERS[str(n).lower()]
        return Objects(count, False)

    def target(self, children: list[Any]) -> TargetRef:
        if phrasing.is_you(children) and not any(isinstance(c, Verb) for c in children):
            # a role PM's "you" is the role, never its target ("anyone you heal" is)
            raise NoReading("'you' is the role, not its target")
        verb = next((c.category for c in children if isinstance(c, Verb)), None)
        named = any(isinstance(c, Token) and c.type == "TARGET" for c in children)
        return TargetRef(named or verb is not None, verb)

    def act_verb(self, children: list[Token]) -> Verb:
        word = children[0]
        # a verb capitalised inside a sentence names the ability ("to Protect at night")
        named = (word.start_pos or 0) > 0 and str(word)[:1].isupper()
        # a kind's own verb is its mechanic's name ("Can arrest any player": an Arrest)
        named = named or word.type in DECLARED
        lemma = lexicon.lexicon().lemmas.get(str(word).lower(), str(word))
        name = lemma[:1].upper() + lemma[1:] if named else None
        # "choose a target to attack": an attack is a kill (the noun, "is attacked", is
        # ATTACK in every other place)
        return Verb("KILL" if word.type == "ATTACK" else word.type, name)

    def actions(self, _: list[Any]) -> Objects:
        return Objects(2, False, actions=True)

    def from_group(self, children: list[Any]) -> FromGroup:
        return FromGroup(
            next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        )

    def victim_of(self, children: list[Any]) -> FromGroup:
        """'the werewolves' victim': one player, saved from that group's kills only."""
        return self.from_group(children)

    def into_faction(self, children: list[Token]) -> Into:
        return Into(str(next(c for c in children if c.type in ("NAME", "ROLENAME"))))

    # abilities
    def ability(self, children: list[Any]) -> tuple[Any, ...]:
        why = self.why
        subject = subject_of(children)
        verbs = [c.category for c in children if isinstance(c, Verb)]
        if not verbs:
            raise NoReading("an ability with no verb")
        freqs = [c for c in children if isinstance(c, Frequency)]
        obj = next((c for c in children if isinstance(c, Objects)), Objects(1, False))
        if obj.victim and set(verbs) <= {"CHOOSE", "TARGET"}:
            verbs = [*verbs, "KILL"]  # "the werewolves choose a victim": whom they kill
        into = next((c.faction for c in children if isinstance(c, Into)), None)
        tails = [c for c in children if isinstance(c, Tail)]
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        if len({f for f in freqs}) > 1 and Frequency.EACH_NIGHT not in freqs:
            raise NoReading("two different frequencies")
        if (
            obj.living
            and set(verbs) <= {"CHECK", "CHOOSE", "TARGET"}
            and not freqs
            and _also(children)
        ):
            # a stated preference: "may also check a living player" says whom the check
            # before reaches (grammar/clause/afterlife.lark's read_living), not a new check
            # (with no frequency and no effect of its own: a check, a choice, a target)
            raise NoReading("'also ... a living player': the check before reaches the living")
        head = next((v for v in HEAD if v in verbs), verbs[0])
        verb = USED_AS[head]
        count, other = obj.count, obj.other
        name = next((c.name for c in children if isinstance(c, Verb) and c.name), None)
        if obj.actions:  # "investigates a number of actions": who did what to whom
            if "CHECK" not in verbs:
                raise NoReading("only an investigation is used on actions")

            return (Starts("targets", frequency, why, subject, 2, name), ActionCheck(why))
        parts: list[Any] = [Starts(verb, frequency, why, subject, count, name)]
        for v in verbs:
            parts.extend(effects_of(v, why, into, count))
        for t in tails:
            parts.extend(t.parts)
        parts.extend(common.uses_parts(children, why))  # "three times per game"
        if other:
            parts.append(NoSelfTarget(why))
        if any(isinstance(c, Must) for c in children):  # "must kill a player each night"
            parts.append(Forced(why))
        against = next((c.group for c in children if isinstance(c, FromGroup)), None)
        if against is not None:  # "protect ... from the werewolves": that group's kills only
            if not any(isinstance(p, Protect) for p in parts):
                raise NoReading(f"an ability 'from the {against}' that protects no one")
            safe = SafeFrom(against, tonight=True, why=why)
            parts = [safe if isinstance(p, Protect) else p for p in parts]
        return tuple(parts)

    # effects on the target
    def effect(self, children: list[Any]) -> tuple[Any, ...]:
        tails = tuple(p for c in children if isinstance(c, Tail) for p in c.parts)
        return (*_named_target(children, self.why), *tails)

    def effect_tail(self, children: list[Any]) -> Tail:
        raise AssertionError("every effect_tail has an alias")

    def no_kill(self, _: list[Any]) -> Tail:
        return Tail((Protect(self.why),))

    def no_kill_by(self, children: list[Any]) -> Tail:
        group = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return Tail((SafeFrom(group, tonight=True, why=self.why),))

    def blocked(self, _: list[Any]) -> Tail:
        return Tail((Roleblock(self.why),))

    def blocked_action(self, children: list[Any]) -> tuple[Any, ...]:
        return (*_named_target(children, self.why), Roleblock(self.why))

    def jailed(self, _: list[Any]) -> Tail:
        return Tail((Jail(self.why),))

    def will_die(self, _: list[Any]) -> Tail:
        """'That player will die.': a kill (succession.lark's "they die" is the
        storyteller's, which only safety stops)."""
        return Tail((Kill(self.why),))

    # what is learnt
    def stake_out(self, children: list[Any]) -> tuple[Any, ...]:
        """'Learns of all actions performed on a player that night.': who did what to
        the player watched (logic/effects/inquiry.py)."""
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        starts = Starts("targets", frequency, self.why, subject_of(children))
        return (starts, StakeOut(self.why), *common.uses_parts(children, self.why))

    def learn(self, children: list[Any]) -> tuple[Any, ...]:
        info = next(c for c in children if isinstance(c, Info))
        implied = common2.implied(children, self.why, "checks")  # with no ability before it
        return (*implied, Investigate(info, self.why))

    def info_visits(self, _: list[Any]) -> Info:
        return Info.VISITS

    def info_visitors(self, _: list[Any]) -> Info:
        return Info.VISITORS

    def info_visitor_roles(self, _: list[Any]) -> Info:
        return Info.VISITOR_ROLES

    def info_role(self, _: list[Any]) -> Info:
        return Info.ROLE

    # results
    def result(self, children: list[Any]) -> tuple[Any, ...]:
        pairs: list[tuple[str, Any]] = []  # each text and when it is received
        pending: str | None = None
        for c in children:
            if isinstance(c, Token) and c.type == "STRING":
                if pending is not None:
                    raise NoReading("a result with no condition")
                pending = str(c)[1:-1]
            elif isinstance(c, Cond | traits.Member):
                if pending is None:
                    raise NoReading("a condition with no result")
                pairs.append((pending, c))
                pending = None
            elif isinstance(c, Otherwise | traits.Else):
                pairs.append((c.text, Cond.FAILED))
        if pending is not None or not pairs:
            raise NoReading("a result with no condition")
        if any(isinstance(c, traits.Member) for _, c in pairs):
            check = traits.records_check(pairs, self.why)
            if check is None:
                raise NoReading("results by faction and by success at once")
            return (check,)
        return tuple(Result(text, cond, self.why) for text, cond in pairs)

    def must(self, _: list[Any]) -> Must:
        return Must()

    def learn_ability(self, children: list[Any]) -> tuple[Any, ...]:
        """'Each night the Seer learns the role of one player.': a check that learns."""
        freqs = [c for c in children if isinstance(c, Frequency)]
        frequency = next((f for f in freqs if f is not Frequency.EACH_NIGHT), Frequency.EACH_NIGHT)
        obj = next(c for c in children if isinstance(c, Objects))
        if obj.actions or obj.count != 1:
            raise NoReading("a role is learnt of one player")
        parts: list[Any] = [Starts("checks", frequency, self.why, subject_of(children))]
        parts.append(Investigate(Info.ROLE, self.why))
        parts.extend(common.uses_parts(children, self.why))
        if obj.other:
            parts.append(NoSelfTarget(self.why))
        if any(isinstance(c, Must) for c in children):
            parts.append(Forced(self.why))
        return tuple(parts)

    def prep_name(self, children: list[Any]) -> tuple[Any, ...]:
        names = [str(c) for c in children if isinstance(c, Token) and c.type == "NAME"]
        return (_AbilityName(names[0], tuple(names[1:]), self.why, prep=True),)

    def powerless(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)

    def text_name(self, children: list[Token]) -> Token:
        """An answer written as a name ("either Town or Mafia"): a faction's, said so."""
        return Token("TEXT", str(children[0]))

    def one_of(self, children: list[Any]) -> tuple[Any, ...]:
        texts = [
            str(c)[1:-1] if c.type == "STRING" else str(c)
            for c in children
            if isinstance(c, Token) and c.type in ("STRING", "GUILTY", "INNOCENT", "TEXT")
        ]
        # with no ability before it, the check it is the result of ("You will receive a
        # result of either Innocent or Guilty." alone)
        implied_check = common2.implied(children, self.why, "checks")
        if any(isinstance(c, Token) and c.type == "TEXT" for c in children):
            # answers named ("Town or Mafia"): a card line's, or factions' (finish.py)
            return (*implied_check, Interrogate(tuple(texts), self.why, check=UNSAID))
        return (*implied_check, Interrogate(tuple(texts), self.why))

    def if_successful(self, _: list[Any]) -> Cond:
        return Cond.SUCCESSFUL

    def result_otherwise(self, children: list[Token]) -> Otherwise:
        text = next(str(c) for c in children if isinstance(c, Token) and c.type == "STRING")
        return Otherwise(text[1:-1])

    # restrictions
    def no_self(self, children: list[Any]) -> tuple[Any, ...]:
        why = self.why  # with no ability before it, the ability its verb says
        implied = tuple(p for i in common2.implied(children, why) for p in about(children, i))
        return (*implied, *about(children, NoSelfTarget(why)))

    def no_repeat(self, children: list[Any]) -> tuple[Any, ...]:
        """'You cannot investigate the same player twice.': never again in the game."""
        why = self.why  # with no ability before it, the ability its verb says
        implied = tuple(p for i in common2.implied(children, why) for p in about(children, i))
        return (*implied, *about(children, NoTargetAgain(why)))

    def no_consecutive(self, children: list[Any]) -> tuple[Any, ...]:
        tokens = [c for c in children if isinstance(c, Token)]
        successfully = any(t.type == "SUCCESSFULLY" for t in tokens)
        counts = [
            int(t) if t.type == "NUMERAL" else NUMBERS.get(str(t).lower(), 0)
            for t in tokens
            if t.type in ("NUMBER", "NUMERAL")
        ]
        if any(n != 2 for n in counts):  # "on three consecutive nights" is another rule
            raise NoReading("a target kept off more than two nights in a row")
        why = self.why
        implied = tuple(p for i in common2.implied(children, why) for p in about(children, i))
        return (*implied, *about(children, NoConsecutive(successfully, why)))

    def no_use_again(self, children: list[Any]) -> tuple[Any, ...]:
        why = self.why  # with no ability before it, the ability its verb says
        implied = tuple(p for i in common2.implied(children, why) for p in about(children, i))
        return (*implied, *about(children, NoUseAgain(why)))

    def forced(self, children: list[Any]) -> tuple[Any, ...]:
        return about(children, Forced(self.why))

    # how a player shows
    def appears(self, children: list[Any]) -> tuple[Any, ...]:
        tokens = [c for c in children if isinstance(c, Token)]
        names = [str(t) for t in tokens if t.type in ("NAME", "ROLENAME")]
        as_ = names[0]
        to = names[1] if len(names) > 1 else None
        pointed(children, "how a player shows to checks (a frame)")
        return about(children, AppearsAs(as_, to, self.why))

    def appears_to_subject(self, children: list[Any]) -> tuple[Any, ...]:
        names = [
            str(c) for c in children if isinstance(c, Token) and c.type in ("NAME", "ROLENAME")
        ]
        return (AppearsAs(names[-1], names[0], self.why),)  # "the Cop sees him as Mafia"

    # visiting
    def visiting(self, _: list[Any]) -> tuple[Any, ...]:
        return (ClassIs(VisitClass.VISITING, self.why),)

    def non_visiting(self, _: list[Any]) -> tuple[Any, ...]:
        return (ClassIs(VisitClass.NON, self.why),)

    def semi_visiting(self, _: list[Any]) -> tuple[Any, ...]:
        return (ClassIs(VisitClass.SEMI, self.why),)

    def sentence(self, children: list[Any]) -> tuple[Any, ...]:
        out: list[Any] = []
        seen: set[Any] = set()
        so = False  # after "so": what the clause before it brings about
        on_target = False  # a clause before said of the ability's target
        for c in children:
            if isinstance(c, Token) and str(c).lower() == "so":
                so = True
            if isinstance(c, tuple):
                if on_target and any(isinstance(part, traits.Trait) for part in c):
                    # "Jailed players cannot perform actions and cannot be targeted.": a
                    # clause with no subject after one said of the target is the target's
                    raise NoReading("a clause with no subject after one about the target")
                on_target = on_target or any(isinstance(p, common2.Implied) for p in c)
                if so and any(_shows(part) for part in c):
                    # "frame one player so they appear guilty": how the target shows that
                    # night, a frame (logic/effects/records.py), not the role's own
                    c = tuple(_as_frame(part, self.why) for part in c)
                for part in c:  # "chooses one player to protect; that player cannot be
                    key = _key(part)  # killed": one protection, said twice
                    if key not in seen:
                        seen.add(key)
                        out.append(part)
        # "frame someone so they appear as Mafia": one frame, the faction it names (the
        # verb's own frame shows "guilty"): a part said more exactly `refines` another
        refining = [r for p in out if (r := getattr(p, "refines", None)) is not None]
        return tuple(p for p in out if not any(r(p) for r in refining))


def _shows(part: Any) -> bool:
    """Whether `part` says how its role shows to checks (an appearance, a record)."""
    inner = getattr(part, "part", part)  # a trait's part
    return isinstance(inner, AppearsAs | OnRecords)


def _as_frame(part: Any, why: Why) -> Any:
    """How the target shows after "so" ("... so they appear guilty"): a frame as the
    faction the appearance names ("" for guilty), or the part itself when it says none."""
    inner = getattr(part, "part", part)
    if isinstance(inner, AppearsAs):
        return Frame(why, inner.faction)
    if isinstance(inner, OnRecords):
        if not inner.guilty:
            raise NoReading("a target made to look innocent (no effect kind clears a record)")
        return Frame(why)
    return part


def _also(children: list[Any]) -> bool:
    """Whether the clause says 'also' by its modal ("may also", "also may")."""
    kinds = [c.type if isinstance(c, Token) else None for c in children]
    modal = ("MAY", "GET_TO", "WILL")
    return any(
        (a in modal and b == "AND") or (a == "AND" and b in modal)
        for a, b in itertools.pairwise(kinds)
    )


def _named_target(children: list[Any], why: Why) -> tuple[Any, ...]:
    """'Your target cannot be killed that night.' with no ability before it: the ability
    the target is of, each night (`Implied`: after an ability it adds nothing)."""
    for c in children:
        if isinstance(c, TargetRef) and c.named:
            # "the Frightened player ...": an ability of that verb, used as its verb is
            # (what befalls the target is the sentence's tail, not the verb's effect)
            return (common2.Implied(USED_AS.get(c.verb or "", "targets"), (), why),)
    return ()


# ----------------------------------------------------------------------------- the entry point


def read_sentence(
    sentence: str,
    loc: Loc,
    roles: Iterable[str] = (),
    source_line: str | None = None,
    explain: bool = True,
) -> tuple[Any, ...]:
    """The parts `sentence` means (a sentence of a role's text, at `loc`), or a
    `RulingError` at the word where reading stopped, saying what was read up to there
    (and, when `explain`, every word that could have come next)."""
    why = Why(loc, " ".join(sentence.split()))
    try:
        tokens = lexicon.tokenize(sentence, roles)
    except lexicon.Unknown as e:
        err = _error(
            f"unexpected character {sentence[e.offset]!r} in this ruleset",
            loc,
            e.offset,
            source_line,
        )
        raise replace(err, syntax=True) from None
    if not tokens:
        raise _error("an empty sentence", loc, 0, source_line)
    try:
        tree = _parse_once_more(tokens, explain)
    except UnexpectedInput as e:
        missing = _unknown_role(e, tokens)
        if missing is not None:
            known = ", ".join(sorted(roles)) or "none"
            raise _error(
                f"{str(missing)!r} is no role of this ruleset (roles: {known}); the sentence "
                "reads with a role's name there",
                loc,
                missing.start_pos or 0,
                source_line,
                len(str(missing)),
            ) from None
        return _fail(_at_unknown_word(e, tokens), tokens, sentence, loc, source_line)
    try:
        readings = _readings(tree, why)
    except NoReading as e:
        raise _error(
            f"read, but it means nothing the engine models ({e})", loc, 0, source_line
        ) from None
    if len(readings) > 1:
        shown = "; ".join(describe(r) for r in readings[:3])
        raise _error(f"this sentence has {len(readings)} readings: {shown}", loc, 0, source_line)
    return readings[0]


@functools.cache
def _kept() -> parse_cache.TreeCache:
    """The parses kept between runs (logic/lang/parse_cache.py)."""
    return parse_cache.TreeCache("clause", earley.VERSION + "\n" + _grammar())


def _parse(tokens: list[Token], explain: bool = True) -> Tree[Token]:
    """A sentence's parse, by its tokens: a ruleset says one sentence on many roles' lines
    (DCTP's 'The player can Investigate a certain number of actions "#".' on 13), and the
    Earley parse is most of a sentence's reading; the reading (its `why`) is done again."""
    return parse_cache.parse(_kept(), parser, tokens, explain)


def _parse_once_more(tokens: list[Token], explain: bool) -> Tree[Token]:
    """The parse of `tokens`; when there is none and the sentence ends with a bare "once"
    ("You may vest yourself once.", "You may heal yourself only once."), the parse with
    "per game" read after it (once a game), else the first failure. (As a `when` of its
    own, "once" would also begin "once per night" and make it two; the shapes that end
    with "once", "It only works once.", read first.)"""
    try:
        return _parse(tokens, explain)
    except UnexpectedInput:
        once = _bare_once(tokens)
        if len(once) == len(tokens):
            raise
        try:
            return _parse(once, False)
        except UnexpectedInput:
            pass
        raise


def _bare_once(tokens: list[Token]) -> list[Token]:
    """`tokens` with "per game" after a bare "once" that ends the sentence (not "at once")."""
    out: list[Token] = []
    for k, t in enumerate(tokens):
        out.append(t)
        bare = k + 1 == len(tokens) or tokens[k + 1].type == "DOT"
        if t.type == "ONCE" and bare and not (k and tokens[k - 1].type == "DURING"):  # "at once"
            out += [Token.new_borrow_pos("PER", "per", t), Token.new_borrow_pos("GAME", "game", t)]
    return out


MAX_AMBIGUITIES = 16
"""The most places of a sentence's parse that may hold several derivations: past it, the
derivations (their product) are too many to read, and the writer is asked to split it."""


def _readings(tree: Tree[Token], why: Why) -> list[tuple[Any, ...]]:
    """The distinct meanings of the derivations of `tree` (locations aside); `NoReading`
    with the last reason when no derivation means anything."""
    if sum(1 for _ in tree.find_data("_ambig")) > MAX_AMBIGUITIES:
        raise NoReading("it can be read in too many ways: split it into shorter sentences")
    out: list[tuple[Any, ...]] = []
    seen: set[Any] = set()
    reason = "no reading"
    for d in CollapseAmbiguities().transform(tree)[:MAX_READINGS]:
        try:
            parts = _Read(why).transform(d)
        except Exception as e:  # a reading's method refusing a derivation
            orig = getattr(e, "orig_exc", e)
            if not isinstance(orig, NoReading):
                raise
            reason = str(orig)
            continue
        # an ability said, then a clause whose verb implies one ("investigate a player
        # and learn if they are guilty"): after an ability, the implied one adds nothing
        # (logic/lang/assemble/roles.py), and the reading is the one without it
        if any(isinstance(p, Starts) for p in parts):
            first = next(k for k, p in enumerate(parts) if isinstance(p, Starts))
            parts = tuple(
                p for k, p in enumerate(parts) if k < first or not isinstance(p, common2.Implied)
            )
        key = _key(parts)
        if key not in seen:
            seen.add(key)
            out.append(parts)
    if not out:
        raise NoReading(reason)
    return out


def _key(parts: Any) -> Any:
    """A value equal for equal meanings (dataclasses compare without their `why`)."""
    if isinstance(parts, tuple):
        return tuple(_key(p) for p in parts)
    if is_dataclass(parts) and not isinstance(parts, type):
        return (
            type(parts).__name__,
            *(_key(getattr(parts, f.name)) for f in fields(parts) if f.compare and f.name != "why"),
        )
    return parts


def describe(parts: tuple[Any, ...]) -> str:
    """A reading in words, for an error that lists several."""
    out = []
    for p in parts:
        d = getattr(p, "describe", None)
        out.append(d() if callable(d) else type(p).__name__.lower())
    return ", ".join(out)


def _at_unknown_word(e: UnexpectedInput, tokens: list[Token]) -> UnexpectedInput:
    """Where reading stopped just after a word the lexicon does not know (a NAME), that
    word is the likelier mistake ("Targts a player"): the failure at it, when the
    sentence cannot go on with any word there but a name."""
    tok = e.token if isinstance(e, UnexpectedToken) else None
    at = next((k for k, t in enumerate(tokens) if t is tok), None)
    if not at or tokens[at - 1].type != "NAME":
        return e
    word = tokens[at - 1]
    try:
        parser().parse([*tokens[: at - 1], Token("UNKNOWN", str(word), start_pos=word.start_pos)])
    except UnexpectedToken as there:
        if there.token.type == "UNKNOWN":
            return there
    except UnexpectedInput:
        pass
    return e


def _unknown_role(e: UnexpectedInput, tokens: list[Token]) -> Token | None:
    """A capitalised word the ruleset has no role of ("If the Doctor dies, ..." in a
    ruleset with no Doctor: a verb, or a name, to the lexicon), before the place reading
    stopped, where the sentence reads whole with a role's name instead (at each place the
    word is written): that word is the likelier mistake."""
    tok = e.token if isinstance(e, UnexpectedToken) else None
    end = next((k for k, t in enumerate(tokens) if t is tok), len(tokens))
    tried: set[str] = set()
    for k in range(1, min(end + 1, len(tokens))):
        word = tokens[k]
        text = str(word)
        if word.type in ("ROLENAME", "STRING") or not text[:1].isupper() or text in tried:
            continue
        tried.add(text)
        swapped = [
            Token("ROLENAME", text, start_pos=t.start_pos) if str(t) == text else t for t in tokens
        ]
        try:
            parser().parse(swapped)
        except UnexpectedInput:
            continue
        return word
    return None


def _fail(
    e: UnexpectedInput, tokens: list[Token], sentence: str, loc: Loc, source_line: str | None
) -> Any:
    unmodelled = next((t for t in tokens if t.type == "UNMODELLED"), None)
    if unmodelled is not None:  # grammar/lexicon/phrasing.toml: a verb no effect kind has
        where = unmodelled.start_pos or 0
        raise _error(
            f"{str(unmodelled)!r} is an action the engine does not model: keep the "
            "sentence as 'Not modelled (REASON): ...'",
            loc,
            where,
            source_line,
            len(str(unmodelled)),
        )
    tok = e.token if isinstance(e, UnexpectedToken) else None
    if isinstance(e, UnexpectedEOF) or tok is None or tok.type == "$END":
        at = len(sentence.rstrip())
        err = _error("this sentence ends before it says what it means", loc, at, source_line)
        return _raise(replace(err, syntax=True))
    at = tok.start_pos or 0
    read = sentence[:at].strip()
    expected = expected_words(set(getattr(e, "expected", ()) or ()), str(tok))
    err = _error(f"unexpected {str(tok)!r} in this ruleset", loc, at, source_line)
    raise RulingError(
        err.message,
        err.loc,
        err.source_line,
        expected,
        len(str(tok)),
        understood=read or None,
        syntax=True,
    )


_SIGNS = {
    "NAME": "a name",
    "ROLENAME": "a role's name",
    "STRING": 'a quoted text ("...")',
    "NUMERAL": "a number",
    **{v: f'"{k}"' for k, v in lexicon.PUNCTUATION.items() if k in ",.;:()-/"},
}


def expected_words(names: set[str], near: str | None = None) -> tuple[str, ...]:
    """The words of the categories the parser could take at a failure, quoted, those
    nearest to the unexpected word `near` first."""
    lex = lexicon.lexicon()
    out: set[str] = set()
    for n in names:
        if n in _SIGNS:
            out.add(_SIGNS[n])
        else:
            # a verb by its lemma ("kill", not "kills", "killed", "killing"); a contraction
            # as written ("can't"), not as the tokenizer splits it ("can 't")
            out.update(
                f'"{w}"'
                for w in lex.words_of(n)
                if " '" not in w and lex.lemmas.get(w.lower(), w.lower()) == w.lower()
            )
    ordered = sorted(out, key=lambda w: (not w.startswith("a "), w.lower()))
    if near is None:
        return tuple(ordered)
    close = difflib.get_close_matches(f'"{near.lower()}"', ordered, n=3, cutoff=0.6)
    return (*close, *(w for w in ordered if w not in close))


def _raise(err: RulingError) -> Any:
    raise err


def _error(
    message: str, loc: Loc, offset: int, source_line: str | None, width: int = 1
) -> RulingError:
    return RulingError(
        message, Loc(loc.file, loc.line, loc.column + offset), source_line, width=width
    )


__all__ = ["About", "ClassIs", "Starts", "UnexpectedCharacters", "describe", "read_sentence"]
