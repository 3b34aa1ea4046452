"""The shape of `logic/` that lets a newcomer change one part without the others: no module
imports, at run time, a module that imports it back (directly or around a loop).

The graph is read from the source: every `import` that runs (at a module's top or inside
a function; not one under `if TYPE_CHECKING:`, which only the type checker reads), with
the packages each import runs first (`import a.b.c` runs `a/__init__` and `a/b/__init__`).
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _modules(top: Path, package: str) -> dict[str, Path]:
    out = {}
    for p in sorted((top / package).rglob("*.py")):
        parts = list(p.relative_to(top).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = p
    return out


def _type_checking_only(parents: list[ast.AST]) -> bool:
    return any(isinstance(a, ast.If) and "TYPE_CHECKING" in ast.unparse(a.test) for a in parents)


def import_graph(top: Path, package: str) -> dict[str, set[str]]:
    """Module -> the modules of `package` its run-time imports run."""
    mods = _modules(top, package)
    graph: dict[str, set[str]] = {m: set() for m in mods}
    for m, path in mods.items():
        here = m.split(".") if path.name == "__init__.py" else m.split(".")[:-1]
        stack: list[tuple[ast.AST, list[ast.AST]]] = [(ast.parse(path.read_text()), [])]
        while stack:
            node, parents = stack.pop()
            stack.extend((c, [*parents, node]) for c in ast.iter_child_nodes(node))
            if isinstance(node, ast.Import):
                named = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    up = here[: len(here) - node.level + 1]
                    base = ".".join([*up, *([node.module] if node.module else [])])
                named = [base, *(f"{base}.{a.name}" for a in node.names)]
            else:
                continue
            if _type_checking_only(parents):
                continue
            for name in named:
                bits = name.split(".")
                for k in range(1, len(bits) + 1):
                    target = ".".join(bits[:k])
                    if target in mods and target != m and not m.startswith(target + "."):
                        graph[m].add(target)
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected parts of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            part = []
            while True:
                w = stack.pop()
                on.discard(w)
                part.append(w)
                if w == v:
                    break
            if len(part) > 1:
                out.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def test_logic_has_no_import_cycle() -> None:
    found = cycles(import_graph(ROOT, "logic"))
    assert not found, "modules that import each other (around a loop): " + "; ".join(
        ", ".join(part) for part in found
    )


def test_a_cycle_through_a_function_and_a_package_is_found(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "kinds").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "engine.py").write_text("from pkg.kinds import attack\n")
    (pkg / "kinds" / "__init__.py").write_text("from pkg.kinds import attack\n")
    (pkg / "kinds" / "attack.py").write_text(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from pkg import engine\n"
        "def hit():\n    from pkg.engine import build\n"
    )
    assert cycles(import_graph(tmp_path, "pkg")) == [
        ["pkg.engine", "pkg.kinds", "pkg.kinds.attack"]
    ]
    # the same import read only by the type checker is no cycle
    (pkg / "kinds" / "attack.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pkg.engine import build\n"
    )
    assert cycles(import_graph(tmp_path, "pkg")) == []


def test_the_architecture_pages_sentence_reads_as_it_says(tmp_path: Path) -> None:
    """docs/architecture.md follows one ruleset's sentence to the IR: the ruleset it shows
    reads, and the Doctor's sentence is the protection the page says it is."""
    from logic.effects.attack import Protect
    from logic.lang.rules import load_ruleset

    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    shown = page.split("```")[1]
    path = tmp_path / "small.rules"
    path.write_text(shown.lstrip("\n"), encoding="utf-8")
    rs = load_ruleset(path)
    (doctor,) = [r for r in rs.roles if r.name == "Doctor"]
    (ability,) = doctor.abilities
    assert ability.verb == "targets"
    assert [type(e) for e in ability.effects] == [Protect]
    assert "The Doctor may protect one player each night." in ability.why.text


MAX_CLASS = 400
MAX_FUNCTION = 100


def too_long(source: str, where: str) -> list[str]:
    """The classes over MAX_CLASS lines and functions over MAX_FUNCTION in `source` (a
    span from `class` or `def` to its last line)."""
    out = []
    for n in ast.walk(ast.parse(source)):
        if isinstance(n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            size = (n.end_lineno or n.lineno) - n.lineno + 1
            limit = MAX_CLASS if isinstance(n, ast.ClassDef) else MAX_FUNCTION
            if size > limit:
                out.append(f"{where}:{n.lineno} {n.name} ({size} lines)")
    return out


def test_no_class_over_400_lines_and_no_function_over_100() -> None:
    found = [
        x
        for p in sorted((ROOT / "logic").rglob("*.py"))
        for x in too_long(p.read_text(encoding="utf-8"), str(p.relative_to(ROOT)))
    ]
    assert not found, "split these: " + "; ".join(found)


def test_a_long_function_is_found() -> None:
    body = "".join(f"    x{k} = {k}\n" for k in range(100))
    assert too_long(f"def f():\n{body}", "f.py") == ["f.py:1 f (101 lines)"]
    assert too_long(f"def f():\n{body[: -len('    x99 = 99') - 1]}", "f.py") == []


def test_framework_categories_name_nodes_of_registered_kinds() -> None:
    """A framework's categories name effect nodes by class name (the frame imports no
    kind): every name is a node of a kind the composition root hands in."""
    from logic.engine import KINDS
    from logic.model.frameworks import FRAMEWORKS

    nodes = {n.__name__ for k in KINDS for n in k.nodes}
    for f in FRAMEWORKS.values():
        missing = [name for name, _ in f.categories if name not in nodes]
        assert not missing, f"{f.name}: {missing}"


def test_the_model_imports_no_kind() -> None:
    """The model (logic/model/: the phase frame, the chain, the day, the scenario's
    binding) runs only the kinds' interface (logic/effects/base.py); the kinds are handed
    in by logic/engine.py, the composition root, and the frame reads their nodes by the
    attributes `Effect` documents (`by_day`, `options`, `kills`, `shared`)."""
    graph = import_graph(ROOT, "logic")
    assert "logic.model.semantics" in graph  # (the graph of logic/, not of an empty folder)
    for m, targets in sorted(graph.items()):
        if m.startswith("logic.model"):
            kinds = {t for t in targets if t.startswith("logic.effects.")}
            assert kinds <= {"logic.effects.base"}, f"{m} imports {sorted(kinds)}"


def test_commands_leave_z3_to_the_symbolic_back_end() -> None:
    """A solver's life (time limits, assumptions, cores, shrinking, `unknown`) and the terms
    around an encoding are logic/backends/symbolic.py's: no command imports Z3."""
    found = [
        str(p.relative_to(ROOT))
        for p in sorted((ROOT / "logic" / "commands").rglob("*.py"))
        for n in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if (isinstance(n, ast.Import) and any(a.name.split(".")[0] == "z3" for a in n.names))
        or (isinstance(n, ast.ImportFrom) and (n.module or "").split(".")[0] == "z3")
    ]
    assert not found, "these drive Z3 themselves: " + ", ".join(found)


def test_the_clocktower_command_names_no_kind() -> None:
    """`ruling solve` on a Clocktower game is a thin driver over the table frame
    (logic/model/table.py): what each mechanic means lives in its kind's `table` hooks
    (logic/effects/base.py's `Table`), so the command imports no kind's nodes."""
    graph = import_graph(ROOT, "logic")
    targets = graph["logic.commands.solve.clocktower"]
    assert not {t for t in targets if t.startswith("logic.effects")}, sorted(targets)
    assert "logic.model.table" in targets
