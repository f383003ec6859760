"""Fixtures shared by every layer of tests: an app on a fresh database and a test client.

Every test gets a database of its own (tests/support/databases.py): a SQLite file in its
tmp_path, or, with BANKER_TEST_DATABASE=postgresql (as `.ci/run`'s second run), a fresh schema on
the PostgreSQL server of its test process. Fixtures and helpers that build an engine or start a
server take their URL from `database_url`, so the whole suite runs on either. The PostgreSQL
server is one that each test process starts for itself (tests/support/postgres.py), or the one
BANKER_TEST_POSTGRES_URL names. Nothing is skipped: a skipped test counts as failed."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

import banker.rules
import banker.service.action_log
from banker import create_app
from banker.service import GameService
from banker.service.broker import Broker
from banker.store.db import make_engine
from tests.support import properties, routes, templates
from tests.support.clock import FakeClock
from tests.support.counting import Counter, counting
from tests.support.databases import fresh_database, migrated, migrated_sqlite, suite_database
from tests.support.machine import ensure_packages
from tests.support.postgres import PostgresSchema, ThrowawayPostgres

pytest_plugins = ["tests.support.no_skips"]

# The suite starts Python again and again (its test processes, servers, workers, commands): each
# reads the modules the first compiled, even where PYTHONDONTWRITEBYTECODE is set, instead of
# compiling Banker, its libraries' imports and the tests anew (10 s of a core per test process).
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """One test process more than the cores (`-n auto`): a browser test waits on Chromium and its
    server, and others on a timer, and the third process works meanwhile. On 2 cores the suite
    took 4m31s-4m36s so, against 4m48s-4m52s with one process a core (runs alternated)."""
    return len(os.sched_getaffinity(0)) + 1


def pytest_configure(config: pytest.Config) -> None:
    suite_database()  # a database the suite does not know stops it before any test
    properties.load_profile()
    templates.compile_once()
    routes.compile_once()


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server for the whole session: BANKER_TEST_POSTGRES_URL's, or a
    throwaway one started now (one for each test process)."""
    if url := os.environ.get("BANKER_TEST_POSTGRES_URL"):
        yield url
        return
    ensure_packages()
    server = ThrowawayPostgres()
    try:
        yield server.start()
    finally:
        server.stop()


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh schema on a real PostgreSQL server, whichever database the rest of the suite uses."""
    schema = PostgresSchema(postgres_server)
    try:
        yield schema.url
    finally:
        schema.drop()


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A fresh, empty database of the test's own."""
    with fresh_database(tmp_path, lambda: request.getfixturevalue("postgres_server")) as url:
        yield url


@pytest.fixture(scope="session")
def sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A SQLite database at the newest schema, made once for the test process."""
    return migrated_sqlite(tmp_path_factory.mktemp("template") / "template.sqlite3")


@pytest.fixture
def migrated_url(database_url: str, sqlite_template: Path) -> str:
    """The test's database (`database_url`), at the newest schema."""
    migrated(database_url, sqlite_template)
    return database_url


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(tmp_path, clock, migrated_url) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "INSTANCE_PATH": str(tmp_path),
            "DATABASE_URL": migrated_url,
            "CLOCK": clock,
            "SLEEP": clock.advance,  # a join held back by the brake waits on the fake clock
            "NEW_GAMES_PER_HOUR": 0,  # tests start many games from one address (test_brakes sets a limit)
            "PUBLIC_URL": "http://table.local:5000",
            "STREAM_SECONDS": 0.2,
            "STREAM_KEEPALIVE_SECONDS": 0.05,
            "TIMER": False,
            "WORKERS": 0,  # game files are checked in the request (tests/test_workers.py starts workers)
        }
    )
    yield app
    app.extensions["banker"].close()


@pytest.fixture
def service(migrated_url) -> Iterator[GameService]:
    """The service on a fresh database, on the real clock, without the web around it."""
    engine = make_engine(migrated_url)
    yield GameService(engine, Broker())
    engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


@pytest.fixture
def rows_read(monkeypatch) -> Counter:
    """How many stored actions the service reads out of the log and decodes."""
    return counting(monkeypatch, banker.service.action_log, "decoded")


@pytest.fixture
def events_folded(monkeypatch) -> Counter:
    """How many events are applied to a state (a replay applies every event of the game)."""
    return counting(monkeypatch, banker.rules, "evolve")
