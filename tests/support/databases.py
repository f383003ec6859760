"""Where a test keeps its data: a SQLite file of its own, or, with BANKER_TEST_DATABASE=postgresql
(as `.ci/run`'s second run), a fresh schema on a PostgreSQL server (tests/support/postgres.py);
and what the data holds."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from sqlmodel import Session, func, select

from banker.rules import Event
from banker.service import GameService
from banker.store.models import Action, Game, Seat

DATABASES = ("sqlite", "postgresql")


def suite_database() -> str:
    """The database every test's data goes to: BANKER_TEST_DATABASE's, SQLite by default."""
    database = os.environ.get("BANKER_TEST_DATABASE", "sqlite")
    if database not in DATABASES:
        raise pytest.UsageError(f"BANKER_TEST_DATABASE is sqlite or postgresql, not {database!r}")
    return database


def sqlite_url(path: Path) -> str:
    return f"sqlite:///{path}"


def rows(app) -> tuple[int, int, int]:
    """How many games, seats and actions the app's database holds."""
    with Session(app.extensions["banker"].engine) as session:
        return tuple(
            session.exec(select(func.count()).select_from(table)).one() for table in (Game, Seat, Action)
        )


def logged_events(service: GameService, game_id: str) -> list[Event]:
    """Every event of the game's log, oldest first."""
    return [event for action in service.stored_after(game_id, 0) for event in action.events]
