"""One lock per key (a game, a saved edition): within one server process, changes to one thing
run one at a time (writes of one process racing each other would only lose to each other), while
other processes are kept apart by the database's own checks. A lock lives while someone holds it:
things nobody is changing hold none."""

from __future__ import annotations

import threading
import weakref


class KeyedLocks:
    def __init__(self) -> None:
        self._held: weakref.WeakValueDictionary[str, threading.RLock] = weakref.WeakValueDictionary()
        self._lock = threading.Lock()

    def of(self, key: str) -> threading.RLock:
        with self._lock:
            lock = self._held.get(key)
            if lock is None:
                lock = self._held[key] = threading.RLock()
            return lock

    def __len__(self) -> int:
        return len(self._held)
