"""Live updates: who is waiting for which game to change.

`Broker` works inside one server process (SQLite, one `banker serve`). `PostgresBroker` also
carries every change between server processes on one PostgreSQL database: it wakes its own
waiters at once, then tells the others with NOTIFY after the command has committed; a listener
thread (a greenlet under `banker serve`) LISTENs and wakes this process's waiters for changes
made elsewhere. A notification lost in a reconnect costs at most one poll (phones poll every 5 s)."""

from __future__ import annotations

import logging
import threading
import uuid

from sqlalchemy import text
from sqlalchemy.engine import Engine

from banker.lru import LRU

log = logging.getLogger(__name__)

CHANNEL = "banker_changed"
SEQS_KEPT = 10_000  # the latest seq of the games changed most recently (a stream's game is one)


class _Waiting:
    """The streams waiting on one game: they share one Event."""

    def __init__(self) -> None:
        self.changed = threading.Event()
        self.streams = 0


class Broker:
    """Publishes "game G is now at seq S" to every stream waiting on that game.

    Waiters of a game share one Event, set and dropped by the next publish: waking a game's
    streams is one call, with no lock for each of them to take in turn (under `banker serve`
    a stream is a greenlet and the Event is gevent's). Only games someone is waiting on have
    one, and only recently changed games have their seq kept: a game nobody watches costs
    nothing here."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiting: dict[str, _Waiting] = {}
        self._seq: LRU[str, int] = LRU(SEQS_KEPT)

    def publish(self, game_id: str, seq: int) -> None:
        with self._lock:
            if seq > (self._seq.get(game_id) or 0):
                self._seq.put(game_id, seq)
            waiting = self._waiting.pop(game_id, None)
        if waiting is not None:
            waiting.changed.set()

    def watched(self, game_id: str) -> bool:
        """Whether a stream of this process is waiting for the game to change."""
        return game_id in self._waiting

    def latest(self, game_id: str) -> int | None:
        """The game's seq as this process last heard it, if it changed lately: the whole truth
        when this process is the only one writing."""
        return self._seq.get(game_id)

    def wait(self, game_id: str, after_seq: int, timeout: float) -> int:
        """Block until the game passes `after_seq` or `timeout` runs out; the latest seq."""
        with self._lock:
            seq = self._seq.get(game_id) or 0
            if seq > after_seq:
                return seq
            waiting = self._waiting.get(game_id)
            if waiting is None:  # the game's first stream to wait makes the Event they share
                waiting = self._waiting[game_id] = _Waiting()
            waiting.streams += 1
        try:
            waiting.changed.wait(timeout)
        finally:
            with self._lock:
                waiting.streams -= 1
                if not waiting.streams and self._waiting.get(game_id) is waiting:
                    del self._waiting[game_id]
                seq = self._seq.get(game_id) or 0
        return seq

    def close(self) -> None:
        """Stop any background work (nothing to stop in one process)."""


class PostgresBroker(Broker):
    """A Broker whose changes reach every server process on the same PostgreSQL database."""

    def __init__(self, engine: Engine, ready_timeout: float = 10.0) -> None:
        super().__init__()
        self._engine = engine
        # the listener holds a plain psycopg connection of its own, outside the engine's pool
        self._conninfo = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self._origin = uuid.uuid4().hex[:12]  # our own notifications come back; skip them
        self._stop = threading.Event()
        self._listening = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="pg-listen", daemon=True)
        self._thread.start()
        # a server is live across processes from its first request on
        if not self._listening.wait(ready_timeout):
            log.warning("not yet listening for changes from other servers; retrying in the background")

    def latest(self, game_id: str) -> None:
        """Unknown: a change made by another server may not have been heard (a notification is
        lost in a reconnect), and only a read of the log says."""
        return None

    def publish(self, game_id: str, seq: int) -> None:
        super().publish(game_id, seq)
        self._notify(f"{self._origin} {game_id} {seq}")

    def _notify(self, payload: str) -> None:
        try:
            with self._engine.connect() as connection:
                # a notice is worth nothing after a crash: its commit need not wait for the disk
                connection.execute(text("SET LOCAL synchronous_commit = off"))
                connection.execute(
                    text("SELECT pg_notify(:channel, :payload)"), {"channel": CHANNEL, "payload": payload}
                )
                connection.commit()
        except Exception:  # the command is stored; other servers' phones catch up by polling
            log.exception("could not tell the other servers about a change")

    def _listen(self) -> None:
        import psycopg

        while not self._stop.is_set():
            try:
                with psycopg.connect(self._conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    while not self._stop.is_set():
                        for note in connection.notifies(timeout=5.0):
                            self._received(note.payload)
                            if self._stop.is_set():
                                break
            except Exception:
                if self._stop.is_set():
                    break
                log.exception("lost the notification channel; reconnecting")
                self._stop.wait(1.0)
            finally:
                self._listening.clear()

    def _received(self, payload: str) -> None:
        origin, _, rest = payload.partition(" ")
        game_id, _, seq = rest.partition(" ")
        if origin == self._origin or not seq.isdigit():
            return
        super().publish(game_id, int(seq))

    def close(self) -> None:
        """Stop listening and let go of the listener's connection."""
        if self._stop.is_set():
            return
        self._stop.set()
        self._notify(f"{self._origin} - -")  # wakes the listener so it sees the stop at once
        self._thread.join(timeout=5.0)
