"""How many live streams each game holds open in this server process, kept under a cap. A table
uses a dozen (each phone, the bank, a table display, a phone's second tab); thousands opened on
one game by a script would make every change of that game wake them all. A stream refused here
answers 503: the page polls meanwhile, as it does whenever its stream is down, and tries again."""

from __future__ import annotations

import threading
from collections import Counter

from flask import Flask, current_app


class StreamSlots:
    def __init__(self, per_game: int) -> None:
        self.per_game = per_game
        self._open: Counter[str] = Counter()
        self._lock = threading.Lock()

    def take(self, game_id: str) -> bool:
        """A slot for one more stream of the game; False when it holds its cap already."""
        with self._lock:
            if self._open[game_id] >= self.per_game:
                return False
            self._open[game_id] += 1
            return True

    def give_back(self, game_id: str) -> None:
        with self._lock:
            self._open[game_id] -= 1
            if not self._open[game_id]:
                del self._open[game_id]

    def held(self, game_id: str) -> int:
        return self._open[game_id]


def register(app: Flask) -> None:
    app.extensions["banker_streams"] = StreamSlots(app.config["STREAMS_PER_GAME"])


def slots() -> StreamSlots:
    return current_app.extensions["banker_streams"]
