"""A full disk: every phone is told so in words and nothing is half-saved, the screens still
read, and the log gets the traceback once a minute instead of on every request. SQLite's own size
limit (PRAGMA max_page_count) makes the real "database or disk is full" without filling a disk;
PostgreSQL's disk_full is told apart by its class."""

from __future__ import annotations

import logging
import sqlite3

import pytest
from psycopg import errors as postgres
from sqlalchemy import event
from sqlalchemy.exc import OperationalError

from banker.store.db import disk_full
from tests.support.databases import sqlite_url
from tests.support.web import csrf_token, do, join, join_code, new_game, seq, text

FULL = "the server's disk is full. Nothing was changed."


@pytest.fixture
def database_url(tmp_path) -> str:
    return sqlite_url(tmp_path / "full.sqlite3")  # PRAGMA max_page_count is SQLite's


def fill_the_disk(engine) -> None:
    """No more pages than the database has now: the next write that needs one is refused."""
    with engine.connect() as connection:
        pages = connection.exec_driver_sql("PRAGMA page_count").scalar()

    @event.listens_for(engine, "connect")
    def _no_more_pages(dbapi_connection, _record) -> None:
        dbapi_connection.execute(f"PRAGMA max_page_count = {pages}")

    engine.dispose()  # every connection from now on has the limit


def tracebacks(caplog) -> int:
    return sum(1 for record in caplog.records if record.exc_info and disk_full(record.exc_info[1]))


def test_a_full_disk_says_so_on_every_screen_and_logs_its_traceback_once_a_minute(app, clock, caplog):
    host, ann = app.test_client(), app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    join(ann, join_code(host, game_id), 1)
    fill_the_disk(app.extensions["banker"].engine)
    caplog.set_level(logging.ERROR)

    for _ in range(500):  # the pages on hand fill up first
        paid = do(ann, game_id, type="pay_bank", player="1", amount="1", reason="Fee")
        if paid.status_code != 200:
            break
    assert paid.status_code == 507 and FULL in text(paid)
    before = seq(app, game_id)
    api = app.extensions["banker"].seats.of(game_id)[0].token
    command = host.post(
        f"/api/games/{game_id}/commands",
        json={"type": "pass_go", "player": 1},
        headers={"Authorization": f"Bearer {api}"},
    )
    assert command.status_code == 507 and FULL in command.get_json()["error"]
    assert do(ann, game_id, type="pass_go", player="1").status_code == 507
    another = host.post("/new", data={"csrf_token": csrf_token(host), "name": ["Cy", "Di"]})
    assert another.status_code == 507 and FULL in text(another)
    assert seq(app, game_id) == before
    assert 'aria-label="Your cash"' in text(ann.get(f"/g/{game_id}"))  # reading goes on
    assert tracebacks(caplog) == 1

    clock.advance(61)
    assert do(ann, game_id, type="pass_go", player="1").status_code == 507
    assert tracebacks(caplog) == 2


@pytest.mark.parametrize(
    ("error", "full"),
    [
        (postgres.DiskFull("could not extend file: No space left on device"), True),
        (postgres.OutOfMemory("out of memory"), False),
        (postgres.QueryCanceled("canceling statement due to statement timeout"), False),
        (sqlite3.OperationalError("database is locked"), False),
        (sqlite3.OperationalError("database or disk is full"), False),  # made by hand: no SQLite code
    ],
)
def test_postgresqls_disk_full_is_told_apart_from_other_database_errors(error, full):
    assert disk_full(OperationalError("INSERT INTO action ...", {}, error)) is full
    assert disk_full(error) is full


def test_postgresqls_disk_full_reaches_the_phone_as_a_full_disk(app, monkeypatch, caplog):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")

    def no_room(*args, **kwargs):
        raise OperationalError("INSERT INTO action ...", {}, postgres.DiskFull("could not extend file"))

    monkeypatch.setattr(app.extensions["banker"], "run", no_room)
    response = do(host, game_id, view="bank", type="pass_go", player="1")
    assert response.status_code == 507 and FULL in text(response)
    assert tracebacks(caplog) == 1


def test_the_timer_meeting_a_full_disk_logs_its_traceback_once_a_minute_and_tries_again(app, clock, caplog):
    """An auction whose clock ran out on a full disk: the timer tries to close it every second."""
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"])
    game_id, bank = game.game.id, game.banker.token
    service.run(game_id, bank, {"type": "decline", "player": 1, "deed": 39})
    fill_the_disk(service.engine)
    for _ in range(500):  # the pages on hand fill up first
        try:
            service.run(game_id, bank, {"type": "pay_bank", "player": 2, "amount": 1, "reason": "Fee"})
        except OperationalError as error:
            assert disk_full(error)
            break
    caplog.set_level(logging.ERROR)
    clock.advance(60)  # past the auction's deadline
    for _ in range(5):
        assert service.clocks.tick(service.settle_all_due) == 1.0
        clock.advance(1)
    assert tracebacks(caplog) == 1
    clock.advance(60)
    assert service.clocks.tick(service.settle_all_due) == 1.0 and tracebacks(caplog) == 2
