"""The ruleset assembler's parts, composed into `_Assembler` (logic/lang/rules.py): its state and lookups, role lines, prose, and the checks and finish."""
