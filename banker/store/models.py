"""The database tables: games (with their table display's key), seats, the append-only action
log, each long game's latest snapshot, counts per client address, and the editions saved to play
on."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, Column, LargeBinary, UniqueConstraint
from sqlmodel import Field, SQLModel

KEY_LENGTH = 64  # the longest id or token the tables keep


def could_be_key(text: object) -> bool:
    """Whether `text` could be an id or a token the tables keep: printable, at most KEY_LENGTH
    characters. Anything else is nobody's and is not looked up: PostgreSQL refuses a text holding
    a NUL character outright (a 500), where SQLite finds nothing."""
    return isinstance(text, str) and text.isprintable() and len(text) <= KEY_LENGTH


def _now() -> datetime:
    return datetime.now(UTC)


class Game(SQLModel, table=True):
    id: str = Field(primary_key=True, max_length=16)
    join_code: str = Field(index=True, unique=True, max_length=8)
    created_at: datetime = Field(default_factory=_now)
    # the key of the table display's link (no seat: it shows the game, never acts); None: no link
    display_token: str | None = Field(default=None, max_length=64)


class Seat(SQLModel, table=True):
    """A place at the table: a player (player_id 1..8) or the banker (player_id 0)."""

    __table_args__ = (UniqueConstraint("game_id", "player_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", index=True, max_length=16)
    player_id: int
    token: str = Field(index=True, unique=True, max_length=64)
    claimed: bool = False
    # a late player's place: after an undo it may be seated again, under a new token
    late: bool = False


class Action(SQLModel, table=True):
    """The events of one command, and the command. `seq` is the game's version; the unique key makes a
    concurrent append fail instead of overwriting, and the loser retries on fresh state.
    A request id belongs to the seat that sent it, with a digest of the command it named."""

    __table_args__ = (
        UniqueConstraint("game_id", "seq"),
        UniqueConstraint(
            "game_id", "seat_player", "request_id", name="action_game_id_seat_player_request_id_key"
        ),
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: str = Field(foreign_key="game.id", max_length=16)
    seq: int
    seat_player: int  # who sent it: a player id, or 0 for the banker
    request_id: str | None = Field(default=None, max_length=64)
    command_digest: str | None = Field(default=None, max_length=64)
    events: list[dict[str, Any]] = Field(sa_column=Column(JSON, nullable=False))
    created_at: datetime = Field(default_factory=_now)
    # the command the events were decided from (Command.to_json); None for a game's start, and for
    # actions stored before commands were kept
    command: dict[str, Any] | None = Field(default=None, sa_column=Column(JSON, nullable=True))


class Snapshot(SQLModel, table=True):
    """A game as folded up to `seq` by the rules code whose digest is `rules` (compressed): a cache,
    so that a long game is opened from it and the actions after it, not folded from its start."""

    game_id: str = Field(foreign_key="game.id", primary_key=True, max_length=16)
    seq: int
    rules: str = Field(max_length=16)
    folded: bytes = Field(sa_column=Column(LargeBinary, nullable=False))


class AddressCount(SQLModel, table=True):
    """How often one client address did one kind of thing (guessed a join code wrong, started a
    game) in its current window. In the database, so every server on it counts together."""

    __tablename__ = "address_count"

    kind: str = Field(primary_key=True, max_length=8)
    address: str = Field(primary_key=True, max_length=64)
    count: int
    until: float = Field(index=True)  # the window's end (seconds since the epoch); then the row goes


class SavedEdition(SQLModel, table=True):
    """A board a table made in the editor or brought as a file, kept to start games on: the edition
    file format, a draft while figures are blank (banker/rules/editions/draft.py). Its id is its
    key, as a seat's token is; `version` goes up with each change, so two phones changing it at
    once cannot overwrite each other. `address` is who saved it, for the limit per address."""

    __tablename__ = "saved_edition"

    id: str = Field(primary_key=True, max_length=16)
    title: str = Field(max_length=80)
    data: dict[str, Any] = Field(sa_column=Column(JSON, nullable=False))
    version: int = 1
    address: str = Field(index=True, max_length=64)
    created_at: datetime = Field(default_factory=_now)
    updated_at: datetime = Field(default_factory=_now)
