"""A full disk: every phone is told so in words, and the log gets the traceback once a minute,
not once for each of the requests a table keeps sending while nothing can be saved."""

from __future__ import annotations

import threading
from collections.abc import Callable
from logging import Logger

from banker.rules.text import Text

FULL_DISK = Text(
    "The bank cannot save anything: the server's disk is full. Nothing was changed. "
    "The host needs to free some space on it; then try again."
)
LOG_EVERY = 60.0  # seconds


class FullDiskLog:
    """Logs a full disk's traceback at most once every LOG_EVERY seconds of `clock`."""

    def __init__(self, logger: Logger, clock: Callable[[], float]) -> None:
        self.logger = logger
        self.clock = clock
        self._logged_at: float | None = None
        self._lock = threading.Lock()

    def log(self, error: BaseException) -> None:
        with self._lock:
            now = self.clock()
            if self._logged_at is not None and now - self._logged_at < LOG_EVERY:
                return
            self._logged_at = now
        self.logger.error(
            "the disk is full: nothing can be saved until space is freed (logged once a minute)",
            exc_info=error,
        )
