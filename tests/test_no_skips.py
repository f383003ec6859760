"""The suite's own rule: a test that skips fails the run (tests/support/no_skips.py)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_a_skipped_test_fails_the_run(tmp_path):
    (tmp_path / "test_one.py").write_text(
        "import pytest\n\ndef test_skips():\n    pytest.skip('no server here')\n\n"
        "@pytest.mark.xfail(reason='known')\ndef test_expected_to_fail():\n    assert False\n"
    )
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.support.no_skips",
            "-p",
            "no:cacheprovider",
            str(tmp_path),
        ],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
    )
    assert run.returncode == 1, run.stdout
    assert "1 failed, 1 xfailed" in run.stdout
    assert "skipped, and no test may be skipped" in run.stdout and "no server here" in run.stdout
