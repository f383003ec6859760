"""The action log: each game's actions in order, one row each, its (game, seq) unique. All the
SQL about actions is here: reading them back, appending the next one (a seq or a request id that
another write took first is refused by the unique keys, never overwritten), and finding a
command sent again under its request id."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import bindparam, delete, insert, select
from sqlalchemy.engine import Connection, Engine, Row
from sqlalchemy.exc import IntegrityError

from banker.rules import Command, Event, Sent, event_from_json
from banker.service.errors import NotFound
from banker.service.game_files import FileAction
from banker.service.pacing import in_turns
from banker.store.models import Action, Game

# What every read and every command asks first: the actions stored after the seq this process
# already holds. Built once: building a statement costs more than SQLite takes to answer it.
STORED = (Action.seq, Action.events, Action.seat_player, Action.created_at, Action.request_id)
# From the game's row, so that a game deleted meanwhile (by `banker prune` beside this server, or
# another server's pruning) reads no row at all, and one with nothing new a row of nulls.
STORED_AFTER = (
    select(*STORED)
    .select_from(Game)
    .outerjoin(Action, (Action.game_id == Game.id) & (Action.seq > bindparam("after")))
    .where(Game.id == bindparam("game_id"))
    .order_by(Action.seq)
)
STORED_BETWEEN = (
    select(*STORED)
    .where(Action.game_id == bindparam("game_id"), Action.seq > bindparam("after"))
    .where(Action.seq <= bindparam("upto"))
    .order_by(Action.seq)
)
APPEND = insert(Action)  # plain inserts: the ORM's unit of work costs more than the write itself


class Conflict(Exception):
    """Raised when an append lost its seq or its request id to another write."""


@dataclass(frozen=True)
class RequestKey:
    """A command's request id, which belongs to the seat that sent it, and a digest of the command:
    the same command sent again gets its first result; another command under the id is refused."""

    id: str
    digest: str

    @classmethod
    def of(cls, request_id: str | None, command: Command) -> RequestKey | None:
        if request_id is None:
            return None
        # the command as parsed: a frozen dataclass of plain values, so its repr is its content
        digest = hashlib.sha256(repr(command).encode("utf-8", "backslashreplace")).hexdigest()
        return cls(id=request_id, digest=digest)


@dataclass(frozen=True)
class Stored:
    """One stored action: its seq, the seat that sent it (BANKER for the bank and the server's
    own actions), its events, when it was stored, and the request id the seat's phone sent it
    under (its stream tells the phone, which may not have heard the answer)."""

    seq: int
    by: int
    events: tuple[Event, ...]
    at: datetime
    request_id: str | None = None

    @property
    def news(self) -> bool:
        """Told to every phone as it happens, not only in the history."""
        return any(e.is_news for e in self.events)

    @property
    def sent(self) -> Sent:
        """Who sent it and when, on the server's clock (SQLite keeps no time zone: UTC)."""
        at = self.at if self.at.tzinfo else self.at.replace(tzinfo=UTC)
        return Sent(by=self.by, at=at.timestamp())


@dataclass(frozen=True)
class StoredRequest:
    """A command found stored under its request id: its seq, its events and the digest it was
    stored with (None for one stored before digests were kept)."""

    seq: int
    events: tuple[Event, ...]
    digest: str | None


class ActionLog:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def after(self, game_id: str, seq: int) -> list[Stored]:
        """The actions stored after `seq`, oldest first; NotFound when the game is not (or no
        longer) stored."""
        rows = self._rows(STORED_AFTER, {"game_id": game_id, "after": seq})
        if not rows:
            raise NotFound.game()
        return _stored(row for row in rows if row.seq is not None)

    def between(self, game_id: str, after: int, upto: int) -> list[Stored]:
        """The actions after `after` up to `upto`, oldest first."""
        return self._read(STORED_BETWEEN, {"game_id": game_id, "after": after, "upto": upto})

    def played_at(self, game_id: str, seq: int) -> float:
        """When the game's action `seq` was stored, in seconds since the epoch (UTC)."""
        (action,) = self.between(game_id, seq - 1, seq)
        return action.sent.at

    def append(
        self,
        game_id: str,
        action: Stored,
        command: Command,
        request: RequestKey | None,
        also: Callable[[Connection], None],
    ) -> None:
        """Store `action`, decided from `command`, as the game's next, with `also`'s writes in the
        same transaction; Conflict when its seq or its request id was taken (by this request
        before, or by another command)."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    APPEND,
                    {
                        "game_id": game_id,
                        "seq": action.seq,
                        "seat_player": action.by,
                        "request_id": request.id if request else None,
                        "command_digest": request.digest if request else None,
                        "events": [e.to_json() for e in action.events],
                        "created_at": action.at,
                        "command": command.to_json(),
                    },
                )
                also(connection)
        except IntegrityError as error:
            raise Conflict from error

    def insert(self, connection: Connection, game_id: str, actions: Sequence[FileAction]) -> None:
        """A game's whole log, as a file holds it, in the transaction that creates the game."""
        connection.execute(
            APPEND,
            [
                {
                    "game_id": game_id,
                    "seq": action.seq,
                    "seat_player": action.by,
                    "request_id": action.request_id,
                    "command_digest": action.command_digest,
                    "events": list(action.events),
                    "created_at": action.at,
                    "command": action.command,
                }
                for action in actions
            ],
        )

    def sent_before(self, game_id: str, seat_player: int, request_id: str) -> StoredRequest | None:
        """The action the seat stored under `request_id`, if any."""
        found = select(Action.seq, Action.events, Action.command_digest).where(
            Action.game_id == game_id, Action.seat_player == seat_player, Action.request_id == request_id
        )
        with self.engine.connect() as connection:
            row = connection.execute(found).first()
        if row is None:
            return None
        return StoredRequest(seq=row.seq, events=decoded(row.events), digest=row.command_digest)

    def stored_ids(self, game_id: str, seat_player: int, request_ids: Iterable[str]) -> set[str]:
        """Which of `request_ids` the seat has stored an action under, in one query."""
        found = select(Action.request_id).where(
            Action.game_id == game_id,
            Action.seat_player == seat_player,
            Action.request_id.in_(list(request_ids)),
        )
        with self.engine.connect() as connection:
            return set(connection.execute(found).scalars())

    def file_actions(self, game_id: str) -> tuple[FileAction, ...]:
        """The whole log as a game file carries it, request ids and commands included."""
        every = select(Action).where(Action.game_id == game_id).order_by(Action.seq)
        with self.engine.connect() as connection:
            rows = connection.execute(every).all()
        return tuple(
            FileAction(
                seq=row.seq,
                by=row.seat_player,
                at=row.created_at,
                events=tuple(row.events),
                request_id=row.request_id,
                command_digest=row.command_digest,
                command=row.command,
            )
            for row in rows
        )

    def delete_idle(self, connection: Connection, game_id: str, before: datetime) -> bool:
        """Delete the game's log if none of it was stored from `before` on; whether it was."""
        touched = select(Action.id).where(Action.game_id == game_id, Action.created_at >= before).exists()
        return bool(connection.execute(delete(Action).where(Action.game_id == game_id, ~touched)).rowcount)

    def _read(self, statement: Any, values: dict[str, Any]) -> list[Stored]:
        return _stored(self._rows(statement, values))

    def _rows(self, statement: Any, values: dict[str, Any]) -> Sequence[Row[Any]]:
        with self.engine.connect() as connection:
            return connection.execute(statement, values).all()


def _stored(rows: Iterable[Row[Any]]) -> list[Stored]:
    return [
        Stored(seq=seq, by=by, events=decoded(events), at=at, request_id=request_id)
        for seq, events, by, at, request_id in in_turns(rows)
    ]


def decoded(rows: Sequence[dict[str, Any]]) -> tuple[Event, ...]:
    return tuple(event_from_json(row) for row in rows)
