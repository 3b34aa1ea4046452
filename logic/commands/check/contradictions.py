"""Owns the contradiction search: sentences that can never hold together (a minimal unsat
core), two sentences that say different things of a role's visiting class or of whether a
role has an ability defined once (its section and its card: logic/lang/assemble/given.py),
and the gap of a role with an ability in none of the visiting lists."""

from __future__ import annotations

from collections.abc import Iterator

from logic.commands.check.findings import Finding
from logic.commands.check.search import Search
from logic.model.ir import canon


class Contradictions(Search):
    """The contradiction (and gap) search of a check."""

    def contradictions(self) -> Iterator[Finding]:
        """The sentences that no scenario satisfies together (one query over the night at
        the bound, then a minimal core when it is unsat), the visiting lists' clashes with
        the roles' own text, the disagreements of a section and a card, and the gaps."""
        self.progress("contradictions")
        n = self.night
        # (one query, not incremental, over the whole night: bit-blasted afresh, as the
        # other single hard queries are. Z3's incremental SMT solver, which only
        # simplifies what it is given as it goes, took 25 M units (14 s CPU) on the
        # werewolf pool's 5-player night where this takes 0.5 M; DCTP's 7.2 M -> 0.7 M.)
        s = self.session("blast")
        s.add(n.valid)
        flags = list(n.switch.values())
        r = self.check(s, "contradiction search", *flags)
        if r == "unsat":
            core = self.core_at(n, {})
            yield Finding(
                "contradiction", "no scenario at all satisfies these sentences together", (), core
            )
        for cl in self.rs.class_lists:
            for name in cl.roles:
                role = self.rs.role(name)
                for ab in role.abilities if role else ():
                    if role and ab.visit_class is not None and ab.visit_class is not cl.visit_class:
                        yield Finding(
                            "contradiction",
                            f"{role.name} is listed as {cl.visit_class.value} but its own text says "
                            f"{ab.visit_class.value}",
                            (role.name,),
                            (cl.why, ab.class_why),
                        )
        for d in self.rs.disagreements:  # a section and a card: the role has it either way
            yield Finding("contradiction", d.message, (d.role,), (d.first, d.second))
        if self.rs.class_lists:
            listed = {canon(r) for cl in self.rs.class_lists for r in cl.roles}
            for role in self.rs.roles:
                names = {canon(role.name)} | {
                    canon(a) for a, t, _ in self.rs.aliases if canon(t) == canon(role.name)
                }
                if role.abilities and not names & listed:
                    classes = sorted(
                        {ab.visit_class.value for ab in role.abilities if ab.visit_class}
                    )
                    how = f" (its own text makes it {', '.join(classes)})" if classes else ""
                    yield Finding(
                        "gap",
                        f"{role.name} has an ability but is in none of the visiting lists{how}",
                        (role.name,),
                        (self.rs.class_lists[0].why, role.why),
                    )
