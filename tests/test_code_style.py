"""The code stays tidy: ruff's rules (pyproject.toml) hold across the package and the tests."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "banker", "tests"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_vulture_finds_no_dead_code():
    """At 60% confidence, past the known false positives of tests/vulture_whitelist.py: nothing in
    the package that only the tests use (pyproject's [tool.vulture] checks it alone), and nothing
    in the tests that nothing uses."""
    for paths in ([], ["banker", "tests", "tests/vulture_whitelist.py"]):
        result = subprocess.run(
            [sys.executable, "-m", "vulture", *paths], cwd=ROOT, capture_output=True, text=True
        )
        assert result.returncode == 0, result.stdout + result.stderr


def imported_modules(path: Path) -> set[str]:
    """The dotted names `path` imports, relative imports resolved."""
    package = ".".join(path.relative_to(ROOT).parent.parts)
    found = set()
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package.rsplit(".", node.level - 1)[0] if node.level else ""
            module = ".".join(part for part in (base, node.module) if part)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def test_no_test_module_imports_another_test_module_or_a_conftest():
    """What tests share lives in tests/support (helpers) and the conftest files (fixtures)."""
    imports = []
    for path in sorted((ROOT / "tests").rglob("*.py")):
        for module in imported_modules(path):
            name = module.rsplit(".", 1)[-1]
            if module.startswith("tests.") and (name.startswith("test_") or name == "conftest"):
                imports.append(f"{path.relative_to(ROOT)} imports {module}")
    assert imports == []
