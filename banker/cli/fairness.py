"""Each client address's share of `banker serve`, and the turns of an address that takes more
than a table's phones ever do.

Requests that are not pages go straight on (banker/web/http/turns.py), and each one ready to run
goes before a request that comes after it. A flood of cheap ones from one address (a wrong token,
a form without its CSRF token, a broken JSON body: each refused in a fraction of a millisecond,
from 60 connections as fast as they were answered) made another table's commands wait some 30
times as long. So the time each request runs (its own time: `RunTimes`, not the time it waits
for the network or for others) is added to its address's share (banker/service/shares.py), and an
address over HURRIED waits, before each request, for a moment the server has nothing else to do,
one request at a time. Alone on the server it goes as fast as it asks. A live stream's pushes
count for its game, not for its address: only the opening of a stream counts here."""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import Any

import gevent
import greenlet
from gevent.lock import Semaphore

from banker.service.shares import Shares

ADDRESSES_KEPT = 10_000  # the addresses heard from most recently; an older one starts again at 0


class RunTimes:
    """How long each greenlet being measured has run, told by the greenlet switches: the time
    the others ran while it waited is not its own."""

    def __init__(self, clock: Callable[[], float] = time.perf_counter) -> None:
        self._clock = clock
        self._ran: dict[Any, float] = {}
        self._since = clock()  # when the running greenlet began to run
        self._before = greenlet.settrace(self._switched)

    def _switched(self, event: str, args: Any) -> None:
        if event in ("switch", "throw"):
            now = self._clock()
            origin = args[0]
            if origin in self._ran:
                self._ran[origin] += now - self._since
            self._since = now
        if self._before is not None:
            self._before(event, args)

    def begin(self) -> None:
        """Measure the running greenlet from now."""
        self._ran[greenlet.getcurrent()] = self._since - self._clock()

    def end(self) -> float:
        """The seconds the running greenlet has run since `begin`, measured no more (0.0 if it
        was not being measured)."""
        ran = self._ran.pop(greenlet.getcurrent(), None)
        return 0.0 if ran is None else ran + self._clock() - self._since

    def close(self) -> None:
        greenlet.settrace(self._before)


class Fairness:
    """The addresses' shares, and the line each hurried address's requests wait in."""

    def __init__(self, times: RunTimes | None = None) -> None:
        self.times = times or RunTimes()
        self.shares = Shares(ADDRESSES_KEPT)
        self._lines: dict[str, Line] = {}  # the hurried addresses with a request waiting or held

    def took(self, address: str | None, seconds: float) -> None:
        if address is not None and seconds:
            self.shares.add(address, seconds)

    def turn(self, address: str | None) -> Turn:
        """The turn of a request from `address`: for an address over HURRIED, entering it waits
        for the server to have nothing else to do, after the address's requests already waiting,
        and it is held until the answer is drawn (`Turn.end`; the answer is written out after).
        Each address has a line of its own: a busy table that is hurried too waits for an idle
        moment, not behind a flood's queue. Held while the answer is drawn, not only to its start:
        on PostgreSQL a request waits for the database, an idle moment in which the next would
        start, and a flood's requests in flight held the connection pool. Not while it is written
        out: a browser loading a page read one answer only as another of its requests came back,
        and that one waited for the turn."""
        if address is None or not self.shares.hurried(address):
            return Turn(None)
        line = self._lines.get(address)
        if line is None:
            line = self._lines[address] = Line(partial(self._lines.pop, address))
        return Turn(line)


class Line:
    """A hurried address's requests, one at a time; `emptied` is called when none waits."""

    def __init__(self, emptied: Callable[[], object]) -> None:
        self.turn = Semaphore()
        self.waiting = 0
        self.emptied = emptied


class Turn:
    """One request's turn in its address's line (none for an address that is not hurried)."""

    def __init__(self, line: Line | None) -> None:
        self._line = line
        self._held = False

    def __enter__(self) -> Turn:
        line = self._line
        if line is None:
            return self
        line.waiting += 1
        try:
            line.turn.acquire()
            self._held = True
            gevent.idle()
        except BaseException:
            self.end()
            raise
        return self

    def end(self) -> None:
        """Give the turn back (once the answer is drawn; at the latest, at the request's end)."""
        line, self._line = self._line, None
        if line is None:
            return
        if self._held:
            line.turn.release()
        line.waiting -= 1
        if not line.waiting:
            line.emptied()

    def __exit__(self, *_: object) -> None:
        self.end()
