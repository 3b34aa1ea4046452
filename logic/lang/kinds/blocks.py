"""Owns the clause language's readings of grammar/clause/blocks.lark, verdicts.lark and
theft.lark (words in grammar/lexicon/blocks.toml), mixed into logic/lang/kinds.Readings,
into the frame reader's pieces of a role line:

- a jail and a roleblock (logic/effects/block.py): a role that locks someone up
  (`Roleblock`), every action on the jailed player failing (`Jail`), a block that reaches
  the powers of an alignment when it holds certain roles (`Roleblock(alignment_of=...)`),
  one for the night and the following day (`Roleblock(whole_night=..., into_day=...)`),
  one that does not reach an alignment's powers (`Roleblock(roles_only=...)`, added to the
  block another sentence gives);
- an alignment check's results, and the reasons one is "Unknown" (`AlignmentCheck`);
- a role stolen from the victim of a faction's kill, once per game (`Steal`); and two notes
  on the dead that say what the engine does anyway (`Nothing`)."""

from __future__ import annotations

from typing import Any

from lark import Token

from logic.effects.block import Jail, Roleblock, Unhindered, Untargetable
from logic.effects.identity import Steal
from logic.effects.investigate import AlignmentCheck
from logic.lang.clause_parts import NoReading, Nothing
from logic.lang.kinds.common import _own, on_itself
from logic.lang.kinds.traits import Adds, Trait
from logic.lang.read.pieces import _Capability, _Trait
from logic.model.ir import Frequency, Why


class BkRole(str):
    """A role the sentence names."""


def _roles(children: list[Any]) -> list[str]:
    return [str(c) for c in children if isinstance(c, BkRole)]


def _rolenames(children: list[Any]) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == "ROLENAME"]


class BlockReading:
    """The methods of blocks.lark's, verdicts.lark's and theft.lark's rules."""

    why: Why

    def bk_role(self, children: list[Any]) -> BkRole:
        return BkRole(_rolenames(children)[0])

    def _block(self, role: str | None, block: Any, adds: bool = False) -> tuple[Any, ...]:
        return (_Capability(role, (block,), (), None, False, self.why, adds=adds),)

    def bk_lock_up(self, children: list[Any]) -> tuple[Any, ...]:
        return self._block(_roles(children)[0], Roleblock(self.why))

    def bk_jailed_fail(self, children: list[Any]) -> tuple[Any, ...]:
        return self._block(None, Jail(self.why))

    def bk_alignment(self, children: list[Any]) -> tuple[Any, ...]:
        why = self.why
        block = Roleblock(why, roles_only=why, alignment_of=tuple(_roles(children)))
        return self._block(None, block)

    def bk_span(self, children: list[Any]) -> tuple[Any, ...]:
        return self._block(None, Roleblock(self.why, whole_night=self.why, into_day=self.why))

    def bk_roles_only(self, children: list[Any]) -> tuple[Any, ...]:
        return self._block(None, Roleblock(self.why, roles_only=self.why), adds=True)

    def bk_commute(self, children: list[Any]) -> tuple[Any, ...]:
        """A jail of oneself: no action reaches the holder that night (block.py's Jail on
        its user)."""
        return on_itself(children, self.why, "Commute", (Jail(self.why),))

    def bk_gone(self, _: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)

    def bk_untargetable(self, children: list[Any]) -> tuple[Any, ...]:
        """The holder's trait (`Untargetable`), said of "you" or a role's name; said of
        "they", the target of the ability before, it is no reading here: the clause reads
        it as what the ability does to its target (a jail: "Each night you may jail a
        player. They cannot be targeted that night."); "non-killing" before "actions"
        leaves kills out, another word there is no reading."""
        tokens = [c for c in children if isinstance(c, Token)]
        if any(t.type == "HE" and str(t).casefold() != "you" for t in tokens):
            raise NoReading("said of the target: the ability's effect on it")
        named = [str(t).casefold().replace("-", "") for t in tokens if t.type == "NAME"]
        if named not in ([], ["nonkilling"], ["nonkill"]):
            raise NoReading("not a kind of action the engine tells apart")
        return _own(children, Trait(Untargetable(kills=not named, why=self.why)), self.why)

    # verdicts.lark
    def vd_result(self, children: list[Any]) -> BkRole:
        return BkRole(str(children[0]))

    def vd_results(self, children: list[Any]) -> tuple[Any, ...]:
        check = AlignmentCheck(tuple(_roles(children)), self.why)
        return (_Capability(None, (check,), (), None, False, self.why),)

    def vd_verdict(self, children: list[Any]) -> BkRole:
        return BkRole(str(children[0]))

    def vd_unknown(self, children: list[Any]) -> tuple[Any, ...]:
        (unknown,) = _roles(children)
        hidden = tuple(_rolenames(children))
        check = AlignmentCheck((), self.why, unknown, self.why, hidden)
        return (_Capability(None, (check,), (), None, False, self.why),)

    # theft.lark
    def th_group(self, children: list[Any]) -> BkRole:
        return BkRole(str(children[0]))

    def th_steal(self, children: list[Any]) -> tuple[Any, ...]:
        (faction,) = _roles(children)
        why = self.why
        steal = Steal(faction, why)
        cap = _Capability(
            None, (steal,), (), Frequency.ONCE_PER_GAME, False, why, name="steal", targets=0
        )
        return (cap,)

    def th_dead_vote(self, children: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)

    def th_clear_sight(self, children: list[Any]) -> tuple[Any, ...]:
        return (Nothing(self.why),)

    def bk_core_power(self, children: list[Any]) -> str:
        return "infection" if any(c.type == "CONVERT" for c in children) else "kill"

    def bk_core(self, children: list[Any]) -> tuple[Any, ...]:
        out = [Adds(Roleblock, "roles_only", self.why)]
        if "infection" in children:
            out.append(Adds(Roleblock, "infection", self.why))
        return tuple(out)

    def unhindered(self, children: list[Any]) -> tuple[Any, ...]:
        """The section's ability cannot be frightened or discombobulated (a trait the
        section names: `of_section`)."""
        return (_Trait(None, Unhindered(why=self.why), self.why),)

    def bk_unhindered(self, children: list[Any]) -> tuple[Any, ...]:
        """ "Can't be discombobulated or frightened." (a sentence of its own in a section)."""
        return self.unhindered(children)
