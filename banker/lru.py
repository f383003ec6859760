"""What a server keeps in memory per game: the most recently used entries, up to a bound.

A server may see any number of games over its life; each thing it keeps per game (folded states,
history lines, join codes, rendered boards) is kept for the recently used ones only, so memory
stays bounded however many games are created. Whatever is dropped is derived again from the
database when it is next needed."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class LRU(Generic[K, V]):
    """A mapping that keeps the most recently used entries while their total weight is at most
    `bound` (each entry weighs 1 unless `weight` says otherwise); safe to share between threads:
    changes take a lock, reads need none."""

    def __init__(self, bound: int, weight: Callable[[V], int] = lambda value: 1) -> None:
        self.bound = bound
        self._weight = weight
        self._entries: OrderedDict[K, V] = OrderedDict()
        self._total = 0
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        # without the lock: each step is one call into the OrderedDict, whole under the GIL, and
        # a hit is asked for far more often than anything is kept (under `banker serve` the lock
        # is a greenlet's, taken in Python)
        value = self._entries.get(key)
        if value is not None:
            try:
                self._entries.move_to_end(key)
            except KeyError:  # dropped meanwhile by another thread: still the value it held
                pass
        return value

    def put(self, key: K, value: V) -> None:
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._total -= self._weight(old)
            self._entries[key] = value
            self._total += self._weight(value)
            while self._total > self.bound and len(self._entries) > 1:
                _, dropped = self._entries.popitem(last=False)
                self._total -= self._weight(dropped)

    def pop(self, key: K) -> None:
        """Forget the entry of `key`, if any."""
        with self._lock:
            old = self._entries.pop(key, None)
            if old is not None:
                self._total -= self._weight(old)

    def __len__(self) -> int:
        return len(self._entries)
