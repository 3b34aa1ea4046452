"""Owns `ruling solve`: which worlds (role assignments) are consistent with what one
player has seen, counted exactly, and how likely each player is to be each role.

A world is consistent when SOME choice of the other players' legal actions, resolved by
the ruleset's semantics, yields every observation. The nights are the checker's chained
symbolic nights (`chain.chain`: one semantics, roles and actions as variables), told
who died when and building only the results someone reports; Z3 answers every
question about them.

Anonymous players. Players the observations never name are interchangeable, so they
are not modelled one by one: each role they might hold gets a VIRTUAL player who holds
it and is present (alive, able to act and be targeted) exactly when some anonymous
player holds that role (a role that may be held k times gets k copies, present in
order). A POINT fixes the named players' roles and which virtual players are present;
it stands for every world that arranges those roles over the anonymous players, and
`count.py` counts them.

The cover. A loop asks Z3 for a point that no earlier answer covers and decides it:
  - consistent: Z3 gives a witness (the actions; players stay idle where they can). It
    is widened into a policy (a faction's kill, or an action that stops or saves
    someone, is taken by the first player who can, the witness's actor first) and
    substituted into the nights, leaving a formula over the roles and presences: every
    point it holds for is consistent, whatever else is true of it. All those points are
    covered at once (any policy is sound; a good one covers more);
  - inconsistent: a small unsat core of the point's literals ("Bob is not the Doctor",
    "no anonymous player is the Jailer"), shrunk by deletions that Z3 shows sound within
    `PROBE` seconds, is a box of points, all inconsistent.
When no point is left, the consistent worlds are every world less those in the
inconsistent boxes, which are few (measured: 4 or 5 on the casebook's games): their
union is split into disjoint boxes and counted with the marginals (`count.py`). The
queries are many and small: Z3's SAT-based finite-domain solver (QF_FD) answers them
3-4x faster than its default solver here.

Assumptions (stated in the output): every role assignment the setup allows is equally
likely; players of the faction that takes the rest of the table (the uninformed
majority, Town) tell the truth, others may claim anything (`liars="all"`: every claim
may be false); every death is announced; on a day whose votes are given, every vote
is (the lynch then follows from them by the ruleset's day rules, `chain.day`); night N
comes before day N.

Where each part is:
  - `solver.py`: one count (`Solver`, `solve`): the cover's loop, deciding points;
  - `chain.py`: the nights, the facts and the points as Z3 terms (`Chain`), and which
    players are named (`order`);
  - `policy.py`: a witness widened into a policy, so that it covers many points;
  - `worlds.py`: what the cover showed (`Cover`), counted: the consistent worlds and
    each player's roles and factions in them (the probabilities);
  - `unsat.py`: the facts that cannot hold together, when no world is consistent;
  - `priors.py`: the role assignments the setup allows (`prior`) and their space;
  - `liars.py`: who may lie (`Liars`) and the assumptions stated in the output;
  - `result.py`: the answer (`SolveResult`, with `Sample` for an estimate);
  - `sampling.py`: `--sample N`, an estimate from draws of the prior (`sample`);
  - `suggestions.py`: `--suggest`, tonight's targets ranked (`suggest`); `tips.py`:
    one target's suggestion and its figures (`Suggestion`); `tonight.py`: every
    target's results counted in one pass (`_Tonight`); `one_by_one.py`: each target
    counted from scratch (`_rank`, kept to check the shared count against);
  - `nogc.py`: the garbage collector kept off while a count runs (`without_gc`);
  - `clocktower.py`: a Clocktower game's observations (seats, hidden characters, what
    each character told its player), bound and handed to the table frame
    (logic/model/table.py), which plays its starting worlds out phase by phase over the
    storyteller's and the evil players' choices and asks each kind (`Kind.table`).
"""

from logic.commands.solve.chain import Chain, order
from logic.commands.solve.liars import Liars, assumptions
from logic.commands.solve.nogc import without_gc
from logic.commands.solve.one_by_one import _rank
from logic.commands.solve.priors import fill, prior
from logic.commands.solve.result import Sample, SolveResult
from logic.commands.solve.sampling import draw, sample, wilson
from logic.commands.solve.solver import DEFAULT_TIMEOUT, Solver, _Timeout, solve
from logic.commands.solve.suggestions import suggest
from logic.commands.solve.tips import Suggestion
from logic.commands.solve.tonight import _Tonight
from logic.commands.solve.worlds import Cover

__all__ = [
    "DEFAULT_TIMEOUT",
    "Chain",
    "Cover",
    "Liars",
    "Sample",
    "SolveResult",
    "Solver",
    "Suggestion",
    "_Timeout",
    "_Tonight",
    "_rank",
    "assumptions",
    "draw",
    "fill",
    "order",
    "prior",
    "sample",
    "solve",
    "suggest",
    "wilson",
    "without_gc",
]
