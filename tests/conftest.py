"""Fixtures shared by every layer of tests: an app on a fresh database and a test client."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from flask import Flask
from flask.testing import FlaskClient

from banker import create_app


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
def app(tmp_path, clock) -> Iterator[Flask]:
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "INSTANCE_PATH": str(tmp_path),
            "DATABASE_URL": f"sqlite:///{tmp_path / 'test.sqlite3'}",
            "CLOCK": clock,
            "PUBLIC_URL": "http://table.local:5000",
            "STREAM_SECONDS": 0.2,
            "STREAM_KEEPALIVE_SECONDS": 0.05,
            "TIMER": False,
        }
    )
    yield app
    app.extensions["banker"].engine.dispose()


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    return app.test_client()
