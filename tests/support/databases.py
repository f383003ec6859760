"""Where a test keeps its data: a SQLite file of its own, or, with BANKER_TEST_DATABASE=postgresql
(as `.ci/run`'s second run), a fresh schema on a PostgreSQL server (tests/support/postgres.py).
A database at the newest schema is a copy of one migrated once per test process: running the
migrations for each of a thousand tests took minutes."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from sqlalchemy.engine import make_url
from sqlmodel import Session, func, select

from banker.rules import Event
from banker.service import GameService
from banker.store.db import make_engine, migrate
from banker.store.models import Action, Game, Seat
from tests.support.postgres import PostgresSchema

DATABASES = ("sqlite", "postgresql")


def suite_database() -> str:
    """The database every test's data goes to: BANKER_TEST_DATABASE's, SQLite by default."""
    database = os.environ.get("BANKER_TEST_DATABASE", "sqlite")
    if database not in DATABASES:
        raise pytest.UsageError(f"BANKER_TEST_DATABASE is sqlite or postgresql, not {database!r}")
    return database


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


@contextmanager
def fresh_database(folder: Path, postgres_server: Callable[[], str]) -> Iterator[str]:
    """The URL of a fresh, empty database: a SQLite file in `folder`, or a schema of its own on
    the PostgreSQL server whose URL `postgres_server` gives, dropped afterwards."""
    if suite_database() == "postgresql":
        schema = PostgresSchema(postgres_server())
        try:
            yield schema.url
        finally:
            schema.drop()
    else:
        yield sqlite_url(folder / "test.sqlite3")


def migrated_sqlite(path: Path) -> Path:
    """A SQLite file at the newest schema, made once at `path` and copied from then on."""
    engine = make_engine(sqlite_url(path))
    migrate(engine)
    engine.dispose()  # the last connection closed: the write-ahead log is in the file
    return path


def migrated(url: str, template: Path) -> None:
    """The empty database at `url` brought to the newest schema: a SQLite file by copying
    `template` (made by `migrated_sqlite`), any other database by running the migrations."""
    parsed = make_url(url)
    if parsed.drivername.startswith("sqlite"):
        shutil.copyfile(template, parsed.database)
        return
    engine = make_engine(url)
    migrate(engine)
    engine.dispose()


def rows(app) -> tuple[int, int, int]:
    """How many games, seats and actions the app's database holds."""
    with Session(app.extensions["banker"].engine) as session:
        return tuple(
            session.exec(select(func.count()).select_from(table)).one() for table in (Game, Seat, Action)
        )


def logged_events(service: GameService, game_id: str) -> list[Event]:
    """Every event of the game's log, oldest first."""
    return [event for action in service.log.after(game_id, 0) for event in action.events]
