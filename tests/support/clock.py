"""A clock the tests move by hand."""

from __future__ import annotations


class FakeClock:
    """Time the tests move by hand: nothing ever sleeps through an auction."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
