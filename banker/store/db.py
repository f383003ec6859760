"""The database engine and its schema: SQLite in instance/ by default (WAL), PostgreSQL or any
SQLAlchemy URL otherwise. The schema is Alembic's migrations (banker/store/migrations), run to the
newest revision on startup, so a game saved by an older Banker still loads after an upgrade."""

from __future__ import annotations

import functools
import json
import re
import sqlite3
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from logging import Logger
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import event, inspect, text
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.exc import DisconnectionError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlmodel import create_engine

from banker.store import models  # noqa: F401  (registers the tables)

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
FIRST_REVISION = "0001"  # the tables as Banker created them before it had migrations
MIGRATION_LOCK = 0x42414E4B  # a PostgreSQL advisory lock: one process migrates at a time
POSTGRES_DISK_FULL = "53100"  # SQLSTATE disk_full (psycopg.errors.DiskFull)


def normalise_url(url: str) -> str:
    """`postgresql://` means the psycopg 3 driver Banker ships with (the `postgres` extra)."""
    parsed = make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)


def make_engine(url: str) -> Engine:
    url = normalise_url(url)
    if not url.startswith("sqlite"):
        # Under `banker serve` every phone's request is a greenlet: keep enough connections.
        return create_engine(
            url, pool_pre_ping=True, pool_size=10, max_overflow=20, json_deserializer=read_stored_json
        )
    engine = create_engine(
        url,
        connect_args={"check_same_thread": False, "timeout": 30},
        pool_size=20,
        json_deserializer=read_stored_json,
    )

    @event.listens_for(engine, "connect")
    def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        # WAL lets phones read while a command writes; NORMAL sync keeps every committed
        # command through a process crash, which is the failure a table actually sees.
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def disk_full(error: BaseException) -> bool:
    """Whether a database error says there is no room left to write: SQLite's SQLITE_FULL
    ("database or disk is full") or PostgreSQL's disk_full, as raised or wrapped by SQLAlchemy."""
    original = getattr(error, "orig", error)
    if isinstance(original, sqlite3.Error):
        return getattr(original, "sqlite_errorcode", 0) & 0xFF == sqlite3.SQLITE_FULL  # its primary code
    return getattr(original, "sqlstate", None) == POSTGRES_DISK_FULL


def out_of_reach(error: BaseException) -> bool:
    """Whether a database error says the database cannot serve this request just now, so that the
    same request a moment later may well go through: PostgreSQL restarting or unreachable (its
    connections refused, cut or found dead), no connection free in the pool in time, or SQLite's
    file locked by another writer for longer than the wait. Other errors, a full disk included,
    are faults of their own."""
    if isinstance(error, DisconnectionError | PoolTimeout):
        return True
    if not isinstance(error, OperationalError | InterfaceError) or disk_full(error):
        return False
    if isinstance(error.orig, sqlite3.Error):  # e.g. a missing table is no reason to try again
        code = getattr(error.orig, "sqlite_errorcode", 0) & 0xFF  # its primary code
        return code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return True


# how JSON spells a surrogate: "\ud83d\ude00" is a pair (one emoji), "\ud800" alone is none
_SURROGATE_ESCAPE = r"\\u[dD][89a-fA-F]"
_ESCAPE_IN_TEXT = re.compile(_SURROGATE_ESCAPE)
_ESCAPE_IN_BYTES = re.compile(_SURROGATE_ESCAPE.encode())
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def read_stored_json(raw: str | bytes) -> Any:
    """A stored JSON value (SQLite hands text, psycopg bytes) with every text fit to be sent: a
    game stored before text was checked at the door may hold a lone surrogate, which JSON can
    spell and UTF-8 cannot, so no page showing it could be sent. It reads as U+FFFD, the
    replacement character, and the game opens again. Only a value spelling a surrogate is
    looked through."""
    value = json.loads(raw)
    escapes = _ESCAPE_IN_TEXT if isinstance(raw, str) else _ESCAPE_IN_BYTES
    return _repaired(value) if escapes.search(raw) else value


def _repaired(value: Any) -> Any:
    if isinstance(value, str):
        return _LONE_SURROGATE.sub("\ufffd", value)
    if isinstance(value, list):
        return [_repaired(item) for item in value]
    if isinstance(value, dict):
        return {_repaired(key): _repaired(item) for key, item in value.items()}
    return value


def alembic_config(connection: Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if connection is not None:
        config.attributes["connection"] = connection
    return config


@functools.cache
def _head() -> str | None:
    return ScriptDirectory.from_config(alembic_config()).get_current_head()


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to `revision` (the newest by default). A database Banker made before
    it had migrations is recognised by its tables and taken from the first revision."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # two servers starting on one database: the second waits, then finds nothing to do
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        current = MigrationContext.configure(connection).get_current_revision()
        if revision == "head" and current is not None and current == _head():
            return  # the usual start: nothing to do, and no need to load the migration scripts
        config = alembic_config(connection)
        if current is None and inspect(connection).has_table("action"):
            command.stamp(config, FIRST_REVISION)
        command.upgrade(config, revision)


# Banker's tables in its schema (a database may hold other schemas), with their indexes and TOAST
POSTGRES_STORED = """
SELECT coalesce(sum(pg_total_relation_size(c.oid)), 0) FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = current_schema() AND c.relkind = 'r'
"""


def stored_bytes(engine: Engine) -> int:
    """How much Banker's database holds: SQLite's pages in use (its file keeps the pages of what was
    deleted, for what comes next), or on PostgreSQL its tables."""
    with engine.connect() as connection:
        if connection.dialect.name != "sqlite":
            return int(connection.execute(text(POSTGRES_STORED)).scalar() or 0)
        pages, free, size = (
            connection.execute(text(f"PRAGMA {name}")).scalar() or 0
            for name in ("page_count", "freelist_count", "page_size")
        )
        return (pages - free) * size


LOG_EVERY = 60.0  # seconds
FULL_DISK_LOGGED = "the disk is full: nothing can be saved until space is freed (logged once a minute)"
OUT_OF_REACH_LOGGED = "the database cannot be reached: answering 503 until it can (logged once a minute)"


class FaultLog:
    """Logs a fault that every request meets while it lasts (a full disk, a database restarting):
    its `message` and traceback at most once every LOG_EVERY seconds of `clock`."""

    def __init__(self, logger: Logger, clock: Callable[[], float], message: str) -> None:
        self.logger = logger
        self.clock = clock
        self.message = message
        self._logged_at: float | None = None
        self._lock = threading.Lock()

    def log(self, error: BaseException) -> None:
        with self._lock:
            now = self.clock()
            if self._logged_at is not None and now - self._logged_at < LOG_EVERY:
                return
            self._logged_at = now
        self.logger.error(self.message, exc_info=error)


def utc(at: datetime) -> datetime:
    """A time the database gave, in UTC (SQLite keeps no time zone: its times are UTC)."""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(UTC)
