"""Owns the one JSON form of the IR (and of the IR values a result carries): what
`ruling parse --json` prints, what the web page's `/api/parse` sends as `ir`, and how
every other command's JSON writes a sentence it cites (a `Why`).

The form, value by value:

  Why            {"at": "file:line", "text": ..., "kind": "sentence" | "ruling" | "axiom"}
  an IR node     {"type": its class name, then each field by name} (a Loc too)
  an effect kind (a class, as a priority item's "Roleblocks" names one)
                 its class name, a string ("Roleblock")
  an enum        its value
  tuple, list    a list; a set or frozenset: a list in a fixed order
  dict           an object (keys as strings)
  str, int, float, bool, None   themselves

Anything else is a bug in the IR, not something to print as it comes: `to_json` raises
`TypeError` naming where it met it, so a test over every ruleset finds it, not a user.
"""

from __future__ import annotations

import dataclasses
import enum
import json
from typing import Any

from logic.model.why import Why

PLAIN = (str, int, float, bool, type(None))


def to_json(value: Any, at: str = "$") -> Any:
    """`value` as plain JSON values (see the module's docstring); `at` is where it is, in
    the form `$.priority[7].effects[0]`, for the error a value of no JSON form raises."""
    if isinstance(value, Why):
        return {"at": value.loc.short, "text": value.text, "kind": value.kind}
    if isinstance(value, enum.Enum):
        return to_json(value.value, at)
    if isinstance(value, type):
        return value.__name__
    if dataclasses.is_dataclass(value):
        out: dict[str, Any] = {"type": type(value).__name__}
        for f in dataclasses.fields(value):
            out[f.name] = to_json(getattr(value, f.name), f"{at}.{f.name}")
        return out
    if isinstance(value, (list, tuple)):
        return [to_json(v, f"{at}[{i}]") for i, v in enumerate(value)]
    if isinstance(value, (set, frozenset)):
        items = [to_json(v, f"{at}[]") for v in value]
        return sorted(items, key=lambda v: json.dumps(v, sort_keys=True))
    if isinstance(value, dict):
        return {str(k): to_json(v, f"{at}[{k!r}]") for k, v in value.items()}
    if isinstance(value, PLAIN):
        return value
    raise TypeError(f"{at}: a {type(value).__name__} has no JSON form ({value!r:.80})")
