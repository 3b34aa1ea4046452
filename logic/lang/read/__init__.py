"""The ruleset reader's parts: one Transformer mixin per effect kind or topic, composed into `_ToIR` (logic/lang/rules.py), and the sentence pieces they hand to the assembler."""
