"""The suite's own rules: a test that skips fails the run (tests/support/no_skips.py), and a run
that finds no test fails too, in one test process or in several (pytest-xdist, as the suite runs);
the apps a test process makes share the templates it compiled."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from banker import create_app
from tests.support.templates import Compiled

ROOT = Path(__file__).resolve().parent.parent
PROCESSES = pytest.mark.parametrize("workers", [["-n", "0"], ["-n", "2"]], ids=["one process", "two"])


def pytest_in(folder: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "tests.support.no_skips",
            "-p",
            "no:cacheprovider",
            *arguments,
        ],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
    )


@PROCESSES
def test_a_skipped_test_fails_the_run(tmp_path, workers):
    (tmp_path / "test_one.py").write_text(
        "import pytest\n\ndef test_skips():\n    pytest.skip('no server here')\n\n"
        "@pytest.mark.xfail(reason='known')\ndef test_expected_to_fail():\n    assert False\n"
    )
    run = pytest_in(tmp_path, *workers, str(tmp_path))
    assert run.returncode == 1, run.stdout
    assert "1 failed, 1 xfailed" in run.stdout
    assert "skipped, and no test may be skipped" in run.stdout and "no server here" in run.stdout


@PROCESSES
def test_a_run_that_finds_no_test_fails(tmp_path, workers):
    (tmp_path / "test_none.py").write_text("def helper():\n    pass\n")
    run = pytest_in(tmp_path, *workers, str(tmp_path))
    assert run.returncode == pytest.ExitCode.NO_TESTS_COLLECTED, run.stdout


def test_the_apps_a_test_process_makes_share_their_compiled_templates(app):
    """Each test makes an app of its own: they draw with the templates the test process compiled
    once (tests/support/templates.py), not each app compiling them anew."""
    again = create_app({**app.config, "INSTANCE_PATH": app.instance_path})
    assert isinstance(app.jinja_env.bytecode_cache, Compiled)
    assert again.jinja_env.bytecode_cache is app.jinja_env.bytecode_cache
    again.extensions["banker"].close()
