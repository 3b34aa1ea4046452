"""The game model: the IR, the expression language, frame axioms, frameworks, phases and their chaining."""
