"""The arrows between the code's rooms point one way. Every import in banker/ (at the top of a
module or inside a function) is an arrow from its module to the module it names; at every level
of the package, the rooms side by side (the modules and sub-packages of one folder) must not
import each other in a circle, and the rules core imports nothing but itself and the standard
library."""

from __future__ import annotations

import ast
import sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "banker"


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of banker/ that `name` imports, and the other top-level names it imports."""
    found = set()
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(
                    [*package.split(".")[: len(package.split(".")) - node.level + 1], base]
                ).strip(".")
            found.add(base)
            # `from banker.service import game_files` names a module too
            found.update(f"{base}.{alias.name}" for alias in node.names if f"{base}.{alias.name}" in known)
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {
        name: {imported for imported in _imports(name, path, known) if imported in known and imported != name}
        for name, path in modules.items()
    }


def _room(module: str, level: str) -> str | None:
    """The room of `module` among the children of the folder `level`: the child it is, or is in."""
    if not module.startswith(level + "."):
        return None
    return level + "." + module[len(level) + 1 :].split(".")[0]


def _circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one room (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    sys.setrecursionlimit(10_000)

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in edges.get(node, ()):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                circles.append(sorted(group))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return circles


def test_no_rooms_side_by_side_import_each_other_in_a_circle():
    graph = _graph()
    folders = sorted({name for name, path in _modules().items() if path.name == "__init__.py"})
    found = []
    for level in folders:
        edges: dict[str, set[str]] = defaultdict(set)
        for module, targets in graph.items():
            source = _room(module, level)
            for target in targets:
                into = _room(target, level)
                if source and into and source != into:
                    edges[source].add(into)
        found += [f"in {level}: {' <-> '.join(circle)}" for circle in _circles(edges)]
    assert not found, "\n".join(found)


def test_the_rules_core_imports_only_itself_and_the_standard_library():
    modules = _modules()
    known = set(modules)
    for name, path in modules.items():
        if not name.startswith("banker.rules"):
            continue
        for imported in _imports(name, path, known):
            top = imported.split(".")[0]
            assert imported.startswith("banker.rules") or (
                top in sys.stdlib_module_names or top == "__future__"
            ), f"{name} imports {imported}"


def test_the_check_sees_a_circle_and_an_import_out_of_the_rules():
    assert _circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _circles({"a": {"b"}, "b": set()}) == []
    assert _room("banker.web.panels.offers", "banker.web") == "banker.web.panels"
    assert _room("banker.rules.game", "banker.web") is None
