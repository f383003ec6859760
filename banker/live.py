"""Live updates inside one server process: who is waiting for which game to change."""

from __future__ import annotations

import threading


class Broker:
    """Publishes "game G is now at seq S" to every stream waiting on that game."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._conditions: dict[str, threading.Condition] = {}
        self._seq: dict[str, int] = {}

    def _condition(self, game_id: str) -> threading.Condition:
        with self._lock:
            return self._conditions.setdefault(game_id, threading.Condition())

    def publish(self, game_id: str, seq: int) -> None:
        condition = self._condition(game_id)
        with condition:
            if seq > self._seq.get(game_id, 0):
                self._seq[game_id] = seq
            condition.notify_all()

    def wait(self, game_id: str, after_seq: int, timeout: float) -> int:
        """Block until the game passes `after_seq` or `timeout` runs out; the latest seq."""
        condition = self._condition(game_id)
        with condition:
            condition.wait_for(lambda: self._seq.get(game_id, 0) > after_seq, timeout)
            return self._seq.get(game_id, 0)
