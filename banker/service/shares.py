"""How much of this server's time each game's own work took lately (its commands, stored or
refused, and its live streams' pushes), and which games took more than a table ever does.

A table's phones send a command or two a second, an auction's bidding a few dozen, each a
millisecond or so with its streams' pushes: a few hundredths of the server's time. A script can
send hundreds a second on one game, and under `banker serve`, where every request shares one
event loop, every other table's commands would then queue behind them. A game whose work took
more than HURRIED of the last quarter of a second is hurried: its commands and its streams'
pushes wait their turn (banker/web/http/turns.py), so that anything else waiting goes first, and
it still runs as fast as it asks while nobody else is waiting."""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from banker.lru import LRU

HURRIED = 0.1  # of the server's time: a table's bidding war takes a few hundredths
# s: time spent fades to a third in this long. Longer, a script's first moments go unchecked (a
# second: other tables' commands waited behind it for some 0.6 s of each start); shorter, a
# table's few quick taps would look like a script.
WINDOW = 0.25


class Shares:
    """Each game's recent time, a sum that fades with WINDOW: a game spending `c` seconds on each
    of `r` commands a second holds a share of `r * c` of the server."""

    def __init__(self, games: int, clock: Callable[[], float] = time.perf_counter) -> None:
        self.clock = clock
        self._spent: LRU[str, tuple[float, float]] = LRU(games)  # game -> (seconds, as of when)

    def add(self, game_id: str, seconds: float) -> None:
        now = self.clock()
        self._spent.put(game_id, (self._now(game_id, now) + seconds, now))

    def share(self, game_id: str) -> float:
        """The part of the server's time the game's own work took lately (1.0: all of it)."""
        return self._now(game_id, self.clock()) / WINDOW

    def hurried(self, game_id: str) -> bool:
        return self.share(game_id) > HURRIED

    def _now(self, game_id: str, now: float) -> float:
        kept = self._spent.get(game_id)
        if kept is None:
            return 0.0
        seconds, then = kept
        return seconds * math.exp(-max(0.0, now - then) / WINDOW)
