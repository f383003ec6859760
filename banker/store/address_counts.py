"""Counts per client address, kept in the database so that every server on it counts together:
wrong join codes in the last minute (the join brake), games started in the last hour and the
kilobytes of game files imported in the last day."""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import delete, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from banker.store.models import AddressCount


class AddressCounts:
    """How many times each address did one `kind` of thing in its current window: the window opens
    with the address's first time and lasts `window` seconds, then counting starts again. Rows of
    windows that have passed are deleted whenever a new window opens, so they never pile up."""

    def __init__(self, engine: Engine, kind: str, window: float, clock: Callable[[], float]) -> None:
        self.engine = engine
        self.kind = kind
        self.window = window
        self.clock = clock

    def count(self, address: str) -> int:
        query = select(AddressCount.count).where(*self._current(address, self.clock()))
        with self.engine.connect() as connection:
            return connection.execute(query).scalar() or 0

    def seconds_left(self, address: str) -> float:
        """How long until the address's current window closes and its count starts again (0: none
        is open)."""
        now = self.clock()
        query = select(AddressCount.until).where(*self._current(address, now))
        with self.engine.connect() as connection:
            until = connection.execute(query).scalar()
        return max(0.0, until - now) if until is not None else 0.0

    def add(self, address: str, amount: int = 1) -> None:
        try:
            self._add(address, amount)
        except IntegrityError:  # another server opened this address's window just then: count in it
            self._add(address, amount)

    def _add(self, address: str, amount: int) -> None:
        now = self.clock()
        with self.engine.begin() as connection:
            counted = update(AddressCount).where(*self._current(address, now))
            if connection.execute(counted.values(count=AddressCount.count + amount)).rowcount:
                return
            connection.execute(delete(AddressCount).where(AddressCount.until <= now))
            connection.execute(
                insert(AddressCount).values(
                    kind=self.kind, address=address[:64], count=amount, until=now + self.window
                )
            )

    def _current(self, address: str, now: float) -> tuple:
        return (
            AddressCount.kind == self.kind,
            AddressCount.address == address[:64],
            AddressCount.until > now,
        )
