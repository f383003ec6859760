"""Long work in turns. Folding or wording a long game's whole log (after a restart, or once it was
dropped from memory) takes a second, and under `banker serve` other requests (greenlets) run only
when this one pauses: without pauses every other table's commands would wait for all of it."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

T = TypeVar("T")

AT_ONCE = 500  # rows folded, decoded or worded before letting other requests run


def in_turns(
    rows: Iterable[T], at_once: int | None = None, pause: Callable[[], object] | None = None
) -> Iterator[T]:
    """The rows one by one, pausing after every `at_once` (AT_ONCE) of them: by `pause`, else by a
    sleep of 0."""
    every, step_aside = at_once or AT_ONCE, pause or _yield
    for index, row in enumerate(rows):
        if index and not index % every:
            step_aside()
        yield row


def _yield() -> None:
    time.sleep(0)  # under `banker serve`, gevent's: every greenlet ready to run goes first
