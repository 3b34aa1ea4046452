"""How a witness is widened into a policy (`Policies`): an action it takes is taken by
the first player who can, so that one consistent point covers every point where its
actors are others (`Solver.covered`; `_Tonight.learn`)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from logic.backends import symbolic
from logic.backends.symbolic import mk_and, mk_ite, mk_not, mk_or
from logic.commands.solve.chain import Chain
from logic.effects.investigate import Investigate, Result
from logic.lang.observations import Setup
from logic.model.chain import qualify
from logic.model.ir import canon

FALSE_TERM = symbolic.value(False)


class Policies:
    """A count's witnesses as policies over its chain (`policy`): each action variable's
    term over the roles and presences. Knows which kinds must act each night
    (`forced`) and each player's slots (`slot`)."""

    def __init__(self, setup: Setup, chain: Chain) -> None:
        self.setup = setup
        self.chain = c = chain
        self.forced = {
            n: [
                k
                for k, x in enumerate(setup.pool)
                if any(
                    ab.frequency.allows(n, 0) and ab.forced is not None
                    for ab in setup.roles[x.role].abilities
                )
            ]
            for n in range(1, setup.nights + 1)
        }
        # each player's slots, per night: their 'takes place' variables
        self.slot: dict[tuple[str, int, str], str] = {}
        seen: Counter[tuple[str, str]] = Counter()
        for name, actor in c.model.slot_vars:
            night = name.rsplit("@n", 1)[1]
            kind = "kill" if seen[actor, night] else "ability"  # the ability, then the kill
            seen[actor, night] += 1
            self.slot[actor, int(night), kind] = name

    def forced_term(self, p: str, n: int) -> Any:
        """Whether p holds a role that must act on night n, over the point's variables."""
        c = self.chain
        if p in c.virtual:
            return symbolic.value(c.virtual[p] in self.forced[n])
        return mk_or([c.bit(p, k) for k in self.forced[n]])

    def policy(
        self, witness: dict[str, Any], world: dict[str, int], idle: bool = False
    ) -> dict[str, Any]:
        """The witness as a policy: each variable's term over the roles and presences
        (`pairs` makes them pairs to substitute). The witness is widened first:
        an action is taken, on the same target, by the first player who can (the
        witness's actor first): for a faction's kill, its first member; for an ability
        that stops or saves someone, the first player with an ability of (at least)
        the same effects. So a witness also covers the points where its actors are
        others. With `idle`, a free named player the witness keeps idle
        (`Solver.decide`) is idle whatever their role (`idle_policy`): a role that must
        act aims at its holder, whoever that is. Any policy is sound: a point it
        satisfies is consistent."""
        c = self.chain
        subs = dict(witness)
        kept = self.idle_policy(witness, world, subs) if idle else set()
        busy = {
            (y, n)
            for (y, n, kind) in self.slot
            if kind == "ability"
            and symbolic.is_true(witness[qualify(f"uses:{y}", n)])
            and (y, n) not in kept
        }
        for (x, n, kind), ok in self.slot.items():
            acts, aim = ("kills", "ktgt") if kind == "kill" else ("uses", "tgt")
            if x == self.setup.me or not symbolic.is_true(witness[qualify(f"{acts}:{x}", n)]):
                continue
            if (x, n) in kept and kind == "ability":
                continue
            if kind == "kill":  # the faction's members
                faction = canon(self.setup.pool[world[x]].faction)
                able = frozenset(
                    k for k, r in enumerate(self.setup.pool) if canon(r.faction) == faction
                )
            else:  # the roles that can do what x did
                found = self.able(n, world[x])
                if found is None:
                    continue
                able = found
            dead = c.dead_before[("night", n)]
            others = [
                y
                for y in c.players
                if y not in (x, self.setup.me) and y not in dead and (y, n) not in busy
            ]
            earlier: Any = FALSE_TERM
            for y in [x, *others]:
                if (y, n, kind) not in self.slot:
                    continue
                able_y = self.holds(y, able)
                take = mk_and([able_y, mk_not(earlier)])
                acted, target = qualify(f"{acts}:{y}", n), qualify(f"{aim}:{y}", n)
                slot = self.slot[y, n, kind]
                aimed = witness[qualify(f"{aim}:{x}", n)]
                if y != x and kind == "ability" and (y, n) in kept:
                    # else the player's idle action, whatever their role
                    subs[acted] = mk_or([take, subs[acted]])
                    subs[target] = mk_ite(take, aimed, subs[target])
                    subs[slot] = mk_ite(take, witness[ok], subs[slot])
                else:
                    subs[acted] = take
                    subs[target] = mk_ite(take, aimed, witness[target])
                    # the action takes place as the witness's did (an action not taken
                    # fails)
                    subs[slot] = mk_and([take, witness[ok]])
                earlier = mk_or([earlier, able_y])
        return subs

    def idle_policy(
        self, witness: dict[str, Any], world: dict[str, int], subs: dict[str, Any]
    ) -> set[tuple[str, int]]:
        """Widen the idle actions of the witness's free named players into `subs`: a
        player the witness keeps idle on a night (acting only as their role must, on
        themselves) is idle whatever their role: they act, on themselves, exactly when
        the role they hold must (`forced_term`); such an action is guessed to take
        place as the witness's did, or, where the witness's player did not act, when
        they are alive (a wrong guess only covers fewer points). The (player, night)
        pairs so widened."""
        c = self.chain
        out: set[tuple[str, int]] = set()
        for (y, n, kind), slot in self.slot.items():
            if kind != "ability" or y not in c.free:
                continue
            acted, target = qualify(f"uses:{y}", n), qualify(f"tgt:{y}", n)
            forced = world[y] in self.forced[n]
            if symbolic.is_true(witness[acted]) != forced:
                continue
            me = symbolic.value(c.index[y])
            if forced and not witness[target].eq(me):
                continue
            must = self.forced_term(y, n)
            takes = (
                witness[slot] if forced else symbolic.value(y not in c.dead_before[("night", n)])
            )
            subs[acted] = must
            subs[target] = mk_ite(must, me, witness[target])
            subs[slot] = mk_and([must, takes])
            out.add((y, n))
        return out

    def pairs(self, policy: dict[str, Any]) -> list[tuple[Any, Any]]:
        """A policy's terms for the nights' variables, as pairs to substitute."""
        c = self.chain
        return [(c.enc.var(v), t) for v, t in policy.items() if v in c.model.domains]

    def able(self, n: int, role: int) -> frozenset[int] | None:
        """The kinds with an ability on night n whose effects include those of kind
        `role`'s (None when its ability only informs: nothing to stand in for)."""
        pool = self.setup.pool

        def kinds(r: int) -> list[frozenset[str]]:
            return [
                frozenset(
                    type(e).__name__ for e in ab.effects if not isinstance(e, Investigate | Result)
                )
                for ab in self.setup.roles[pool[r].role].abilities
                if ab.frequency.allows(n, 0)
            ]

        mine = [k for k in kinds(role) if k]
        if not mine:
            return None
        return frozenset(r for r in range(len(pool)) if any(k >= mine[0] for k in kinds(r)))

    def holds(self, p: str, roles: frozenset[int]) -> Any:
        """Whether p is (present and) of one of `roles`, over the point's variables."""
        c = self.chain
        if p in c.virtual:
            return c.present[p] if c.virtual[p] in roles else FALSE_TERM
        if p in c.root:
            return symbolic.value(c.root[p] in roles)
        return mk_or([c.bit(p, k) for k in sorted(roles)])
