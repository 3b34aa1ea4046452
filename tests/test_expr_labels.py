"""`expr.labels` on a formula whose subtrees are shared (as the chained nights' lasting
states share each night): every sentence once, in first-seen order, each shared node
walked once (walked as a tree, the werewolf pool's `check --nights 2` built its nights
for over 30 minutes)."""

from __future__ import annotations

import time

from logic.lang.errors import Loc
from logic.model.expr import And, Label, Not, Or, Var, labels
from logic.model.why import Why


def _why(k: int) -> Why:
    return Why(Loc("x.rules", k), f"sentence {k}")


def test_labels_of_a_shared_dag_in_first_seen_order() -> None:
    x = Label(Var("a"), _why(1))
    for k in range(2, 26):  # 2**24 paths: walked as a tree, over 10 s
        x = Or((Label(And((x, Var(f"v{k}"))), _why(k)), Not(x)))
    start = time.process_time()
    got = labels(x)
    assert time.process_time() - start < 1.0
    assert got == [_why(k) for k in range(25, 0, -1)]


def test_labels_of_a_tree_keep_their_order() -> None:
    a, b, c = _why(1), _why(2), _why(3)
    x = And((Label(Var("p"), b), Or((Label(Var("q"), a), Label(Var("r"), b))), Label(Var("s"), c)))
    assert labels(x) == [b, a, c]
