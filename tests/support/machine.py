"""What the test suite needs from the machine besides Python packages, installed on first need.

The browser tests drive Debian's chromium through Playwright (with fonts-noto-cjk for the
Korean and Japanese screens), the PostgreSQL tests start a throwaway server from Debian's
postgresql, and the deployment test puts Debian's nginx in front of two servers. On a Debian or Ubuntu machine run as
root, whatever is missing is installed with apt-get, all at once, the first time a test needs any
of it; anywhere else a missing one fails that test with the command that installs it. The test
processes run side by side (pytest-xdist): one installs while the others wait on a file lock,
then find nothing missing."""

from __future__ import annotations

import fcntl
import functools
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

# libatomic1: Playwright's own node program needs it, and a minimal Debian lacks it
PACKAGES = ("chromium", "fonts-noto-cjk", "libatomic1", "postgresql", "nginx")
LOCK = Path(tempfile.gettempdir()) / "banker-tests-packages.lock"


def ensure_packages() -> None:
    """Installs the packages of PACKAGES that this machine lacks, or fails the test saying why."""
    if problem := _install_missing():
        pytest.fail(problem)


@functools.cache  # once per test process, whichever test needs it first
def _install_missing() -> str | None:
    if shutil.which("dpkg-query") is None:
        return None  # not Debian: what is missing fails the test that needs it, saying what it needs
    with LOCK.open("a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        return _install(missing=[package for package in PACKAGES if not _is_installed(package)])


def _install(missing: list[str]) -> str | None:
    if not missing:
        return None
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        return f"The tests need Debian's {', '.join(missing)}: apt-get install -y {' '.join(missing)}"
    environment = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for command in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", *missing]):
        done = subprocess.run(command, env=environment, capture_output=True, text=True)
        if done.returncode != 0:
            return f"{' '.join(command)} failed:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
    return None


def _is_installed(package: str) -> bool:
    found = subprocess.run(
        ["dpkg-query", "--show", "--showformat=${db:Status-Status}", package], capture_output=True, text=True
    )
    return found.stdout == "installed"
