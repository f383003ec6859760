"""Fixtures shared by every layer of tests: an app on a fresh database and a test client.

Every test gets a database of its own: a SQLite file in its tmp_path, or, with
BANKER_TEST_DATABASE=postgresql (as `.ci/run`'s second run), a fresh schema on the session's
PostgreSQL server. Fixtures and helpers that build an engine or start a server take their URL from
`database_url`, so the whole suite runs on either. The PostgreSQL server is one the session starts
for itself (tests/postgres.py), or the one BANKER_TEST_POSTGRES_URL names. Nothing is skipped: a
skipped test counts as failed."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

import banker.rules
import banker.service.action_log
from banker import create_app
from banker.service import GameService
from banker.service.broker import Broker
from banker.store.db import make_engine, migrate
from tests.machine import ensure_packages
from tests.postgres import PostgresSchema, ThrowawayPostgres

pytest_plugins = ["tests.no_skips"]

TEST_DATABASE = os.environ.get("BANKER_TEST_DATABASE", "sqlite")
if TEST_DATABASE not in ("sqlite", "postgresql"):
    raise pytest.UsageError(f"BANKER_TEST_DATABASE is sqlite or postgresql, not {TEST_DATABASE!r}")


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """The URL of a PostgreSQL server for the whole session: BANKER_TEST_POSTGRES_URL's, or a
    throwaway one started now."""
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
def database_url(request: pytest.FixtureRequest, tmp_path) -> str:
    if TEST_DATABASE == "postgresql":
        return request.getfixturevalue("postgres_url")
    return f"sqlite:///{tmp_path / 'test.sqlite3'}"


class FakeClock:
    """Time the tests move by hand: nothing ever sleeps through an auction."""

    def __init__(self, now: float = 1_000_000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def app(tmp_path, clock, database_url) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "INSTANCE_PATH": str(tmp_path),
            "DATABASE_URL": database_url,
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
    app.extensions["banker"].broker.close()
    app.extensions["banker"].engine.dispose()


@pytest.fixture
def service(database_url) -> Iterator[GameService]:
    """The service on a fresh database, on the real clock, without the web around it."""
    engine = make_engine(database_url)
    migrate(engine)
    yield GameService(engine, Broker())
    engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()


class Counter:
    def __init__(self) -> None:
        self.count = 0


@pytest.fixture
def rows_read(monkeypatch) -> Counter:
    """How many stored actions the service reads out of the log and decodes."""
    counter = Counter()
    decode = banker.service.action_log.decoded

    def counting(stored):
        counter.count += 1
        return decode(stored)

    monkeypatch.setattr(banker.service.action_log, "decoded", counting)
    return counter


@pytest.fixture
def events_folded(monkeypatch) -> Counter:
    """How many events are applied to a state (a replay applies every event of the game)."""
    counter = Counter()
    evolve = banker.rules.evolve

    def counting(state, event):
        counter.count += 1
        return evolve(state, event)

    monkeypatch.setattr(banker.rules, "evolve", counting)
    return counter
