"""Jobs the tests hand a worker process (banker/service/workers.py), which imports them by name."""

from __future__ import annotations

import os
import time
from pathlib import Path


def wait_for(parts, path: str) -> str:
    """Hold the worker until `path` exists."""
    while not Path(path).exists():
        time.sleep(0.01)
    return "done"


def niceness(parts) -> int:
    """The worker's niceness."""
    return os.nice(0)
