"""The game clocks: when each game next needs the server's attention without any phone asking (its
auction's deadline, or the end of a timed game), kept for every such game whether its state is
kept or not, and the timer that wakes at the nearest one.

A clock that ran out before this server watched it (the server stopped or asleep, the game still in
its file) ran out while nobody could play: an auction's runs again for its time, a timed game's for
the time it had left at its last action."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from banker.rules import Command, GameState
from banker.rules.auctions import CloseAuction, ResumeAuction
from banker.rules.tally import LONGEST_LEFT, ResumeClock, TimeUp
from banker.store.db import FULL_DISK_LOGGED, FaultLog, disk_full

log = logging.getLogger(__name__)
# seconds a clock may have run out before this server watched it, or the timer may wake late,
# before the server counts itself away then (stopped, asleep): another server watching the game
# closes its auction within a second
AWAY = 10.0


def deadline(state: GameState) -> float | None:
    """When the game next needs the server: its auction's deadline, or the end of a timed game."""
    if state.ended:
        return None
    times = [state.auction.deadline] if state.auction is not None else []
    if state.rules.end_at and not state.overtime:
        times.append(state.rules.end_at)
    return min(times) if times else None


class NothingDue(Exception):
    """Raised when settling a game finds nothing due: someone else closed (or extended) the
    auction or ended the game in the meantime."""


class Clocks:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self._deadlines: dict[str, float] = {}  # game id -> its next deadline
        # game id -> since when this server has watched that deadline (taken bids for its auction)
        self._since: dict[str, float] = {}
        self._changed = threading.Condition()
        self._full_disk_log = FaultLog(log, clock, FULL_DISK_LOGGED)

    def due(self, state: GameState) -> bool:
        when = deadline(state)
        return when is not None and self.clock() >= when

    def settling(
        self, game_id: str, played_at: Callable[[int], float]
    ) -> Callable[[GameState, float], Command]:
        """What settles the game's clock that ran out by `now`: its auction closed, or its time up;
        or, for a clock that ran out unwatched, started again (see the module). `played_at(seq)`:
        when the game's action `seq` was stored."""

        def settle(state: GameState, now: float) -> Command:
            when = deadline(state)
            if when is None or now < when:
                raise NothingDue
            if state.auction is not None and now >= state.auction.deadline:
                return (
                    ResumeAuction()
                    if self._unwatched(game_id, state.auction.deadline, now)
                    else CloseAuction()
                )
            if self._unwatched(game_id, state.rules.end_at, now):
                left = min(state.rules.end_at - played_at(state.seq), LONGEST_LEFT)
                if left >= 1:
                    return ResumeClock(left=int(left))
            return TimeUp()

        return settle

    def _unwatched(self, game_id: str, ran_out: float, now: float) -> bool:
        with self._changed:
            return ran_out < self._since.get(game_id, now) - AWAY

    def watch(self, game_id: str, state: GameState) -> None:
        """Keep the game's deadline as its newest state has it, and wake the timer."""
        with self._changed:
            when = deadline(state)
            if when is None:
                self._deadlines.pop(game_id, None)
                self._since.pop(game_id, None)
            else:
                self._deadlines[game_id] = when
                self._since.setdefault(game_id, self.clock())
            self._changed.notify_all()

    def forget(self, game_id: str) -> None:
        """Drop the deadline of a game that was deleted."""
        with self._changed:
            self._deadlines.pop(game_id, None)
            self._since.pop(game_id, None)

    def running(self, game_id: str) -> bool:
        """Whether no clock of the game has run out."""
        with self._changed:
            when = self._deadlines.get(game_id)
        return when is None or self.clock() < when

    def games_due(self) -> list[str]:
        with self._changed:
            deadlines = dict(self._deadlines)
        now = self.clock()
        return [game_id for game_id, when in deadlines.items() if when <= now]

    def next_in(self) -> float | None:
        """The seconds until the nearest deadline; None when no game has one."""
        with self._changed:
            upcoming = list(self._deadlines.values())
        return max(0.0, min(upcoming) - self.clock()) if upcoming else None

    def run(self, stop: threading.Event, settle: Callable[[], float | None]) -> None:
        """Close auctions and end timed games on time even when no phone asks: `settle` what is
        due, then sleep until the nearest deadline or until a new one is set. Runs in its own
        thread (a greenlet under `banker serve`)."""
        while not stop.is_set():
            delay = self.tick(settle)
            asked = min(delay, 60.0) if delay is not None else 60.0
            with self._changed:
                slept_at = self.clock()
                self._changed.wait(timeout=asked)
            self.woke(slept_at, asked)

    def woke(self, slept_at: float, asked: float) -> None:
        """The timer woke from a wait of `asked` seconds begun at `slept_at`: much later, and the
        machine slept (or the server was stopped) meanwhile, taking no bids."""
        with self._changed:
            if self.clock() - slept_at > asked + AWAY:
                self._since = dict.fromkeys(self._since, self.clock())

    def tick(self, settle: Callable[[], float | None]) -> float | None:
        """One round of the timer: the seconds until the next deadline (a second when settling
        failed: a database hiccup must not stop the clock)."""
        try:
            return settle()
        except Exception as error:
            if disk_full(error):  # tried again every second: its traceback once a minute
                self._full_disk_log.log(error)
            else:
                log.exception("settling due games failed")
            return 1.0
