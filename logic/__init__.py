"""ruling: reads Mafia / Werewolf rulesets in controlled English and reasons about them.

The package is a pipeline of named stages, one module each:
grammar (Lark parsers) -> rules / case (parse trees to IR) -> semantics (IR to labelled
constraints) -> concrete (python-constraint back end) -> resolve (phases, outcomes,
verdicts) -> casebook / report -> cli.
"""

__version__ = "0.1.0"
