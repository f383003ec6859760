"""The code stays tidy: ruff's rules (pyproject.toml) hold across the package and the tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    result = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "banker", "tests"], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_rules_core_imports_no_web_database_or_qr_code():
    forbidden = ("flask", "sqlmodel", "sqlalchemy", "qrcode", "gevent")
    for path in (ROOT / "banker" / "rules").glob("*.py"):
        for line in path.read_text().splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                assert words[1].split(".")[0] not in forbidden, f"{path.name}: {line}"
