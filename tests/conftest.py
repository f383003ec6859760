"""Fixtures shared by every layer of tests: an app on a fresh database and a test client.

Every test gets a database of its own: a SQLite file in its tmp_path, or, when
BANKER_TEST_DATABASE_URL names a PostgreSQL database (as `.ci/run`'s second run does), a fresh
schema in that database, dropped afterwards. Fixtures and helpers that build an engine or start a
server take their URL from `database_url`, so the whole suite runs on either."""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url
from sqlalchemy.pool import NullPool

import banker.rules
import banker.service
from banker import create_app
from banker.db import normalise_url

TEST_DATABASE_URL = os.environ.get("BANKER_TEST_DATABASE_URL", "")
# The PostgreSQL-only tests (two servers on one database) use this server even when the rest
# of the suite runs on SQLite; `.ci/run` creates it. Without it they skip, except in CI.
POSTGRES_URL = (
    TEST_DATABASE_URL
    or os.environ.get("BANKER_TEST_POSTGRES_URL")
    or "postgresql+psycopg://banker:banker@127.0.0.1:5432/banker_test"
)
IN_CI = bool(TEST_DATABASE_URL or os.environ.get("BANKER_TEST_POSTGRES_URL") or os.environ.get("CI"))


class PostgresSchema:
    """A fresh, empty schema in a PostgreSQL database: the URL points its connections there."""

    def __init__(self, base_url: str) -> None:
        self.name = f"t_{uuid.uuid4().hex[:16]}"
        self.admin = create_engine(normalise_url(base_url), poolclass=NullPool)
        with self.admin.begin() as connection:
            connection.execute(text(f'CREATE SCHEMA "{self.name}"'))
        self.url = (
            make_url(normalise_url(base_url))
            .update_query_dict({"options": f"-csearch_path={self.name}"})
            .render_as_string(hide_password=False)
        )

    def drop(self) -> None:
        with self.admin.begin() as connection:
            connection.execute(text("SET LOCAL lock_timeout = '10s'"))
            connection.execute(text(f'DROP SCHEMA "{self.name}" CASCADE'))
        self.admin.dispose()


def fresh_database_url(directory: Path, name: str = "test.sqlite3") -> Iterator[str]:
    """A URL for an empty database, on whichever server this test run uses."""
    if not TEST_DATABASE_URL:
        yield f"sqlite:///{directory / name}"
        return
    schema = PostgresSchema(TEST_DATABASE_URL)
    try:
        yield schema.url
    finally:
        schema.drop()


def postgres_reachable(url: str = POSTGRES_URL) -> bool:
    engine = create_engine(normalise_url(url), poolclass=NullPool, connect_args={"connect_timeout": 3})
    try:
        with engine.connect():
            return True
    except Exception:
        return False
    finally:
        engine.dispose()


@pytest.fixture
def database_url(tmp_path) -> Iterator[str]:
    yield from fresh_database_url(tmp_path)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh schema on a real PostgreSQL server: skipped on a machine without one, but in CI
    (where `.ci/run` starts one) a missing server fails the test."""
    if not postgres_reachable():
        if IN_CI:
            pytest.fail(f"PostgreSQL is not reachable at {make_url(POSTGRES_URL)!r}; .ci/run starts it.")
        pytest.skip("no PostgreSQL server reachable (set BANKER_TEST_POSTGRES_URL)")
    schema = PostgresSchema(POSTGRES_URL)
    try:
        yield schema.url
    finally:
        schema.drop()


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
            "PUBLIC_URL": "http://table.local:5000",
            "STREAM_SECONDS": 0.2,
            "STREAM_KEEPALIVE_SECONDS": 0.05,
            "TIMER": False,
        }
    )
    yield app
    app.extensions["banker"].broker.close()
    app.extensions["banker"].engine.dispose()


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
    decode = banker.service._events

    def counting(stored):
        counter.count += 1
        return decode(stored)

    monkeypatch.setattr(banker.service, "_events", counting)
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
