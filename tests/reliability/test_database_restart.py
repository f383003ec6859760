"""The database away for a moment: while PostgreSQL restarts under a running `banker serve`, every
request is answered 503 "try again" in words, never a 500, and once it is back the very next
request goes through on fresh connections (the pool tests each one before lending it). A command
sent again with its request_id, as a phone's Retry does, is applied once. SQLite's file locked by
another writer for longer than the wait is the same "try again"; its other errors are not."""

from __future__ import annotations

import http.client
import json
import sqlite3
from collections.abc import Iterator

import pytest
from sqlalchemy.exc import DisconnectionError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from banker.store.db import out_of_reach
from tests.support.machine import ensure_packages
from tests.support.postgres import ThrowawayPostgres
from tests.support.servers import ServeProcess, seat_cookie
from tests.support.web import do, new_game, seq, text

AWAY = "The bank cannot reach its saved games just now. Try again in a few seconds."


@pytest.fixture
def restartable_postgres() -> Iterator[ThrowawayPostgres]:
    """A PostgreSQL server of this test's own: stopping the session's would fail every other test."""
    ensure_packages()
    server = ThrowawayPostgres()
    server.start()
    try:
        yield server
    finally:
        server.stop()


def ask(port: int, method: str, path: str, body=None, headers=None) -> tuple[int, dict[str, str], str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        sent = {"Content-Type": "application/json", "Connection": "close", **(headers or {})}
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=sent)
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode()
    finally:
        connection.close()


def test_a_postgresql_restart_answers_try_again_and_then_the_game_goes_on(tmp_path, restartable_postgres):
    database = restartable_postgres
    server = ServeProcess(database.url, tmp_path / "serve.log")
    server.start()
    try:
        status, _, created = ask(server.port, "POST", "/api/games", {"players": ["Ann", "Bob"]})
        assert status == 201
        game = json.loads(created)
        game_id, bank = game["id"], {"Authorization": f"Bearer {game['banker_token']}"}
        commands = f"/api/games/{game_id}/commands"

        def pay(request_id: str) -> tuple[int, dict[str, str], str]:
            command = {
                "type": "pay_bank",
                "player": 1,
                "amount": 10,
                "reason": "Fee",
                "request_id": request_id,
            }
            return ask(server.port, "POST", commands, command, bank)

        assert pay("before")[0] == 200
        database.pause()
        try:
            during = [pay(f"during-{number}") for number in range(16)]
            page = ask(
                server.port,
                "GET",
                f"/g/{game_id}/bank",
                headers={"Cookie": seat_cookie(game_id, "bank", game["banker_token"])},
            )
        finally:
            database.resume()
        assert [status for status, _, _ in during] == [503] * 16
        assert all(
            json.loads(body)["error"] == AWAY and headers["Retry-After"] == "5" for _, headers, body in during
        )
        assert page[0] == 503 and AWAY in page[2]

        # back: the first request goes through, and a command sent again is applied once
        again = pay("during-0")
        assert again[0] == 200, again
        assert pay("during-0")[2] == again[2]
        status, _, state = ask(server.port, "GET", f"/api/games/{game_id}", headers=bank)
        assert status == 200 and json.loads(state)["seq"] == 3
        logged = server.log.read_text()
        assert logged.count("the database cannot be reached") == 1 and "unexpected error" not in logged
    finally:
        server.stop()


def sqlite_error(tmp_path, locked: bool) -> sqlite3.OperationalError:
    """SQLite's own error, with its code: 'database is locked' for a writer that waits no time
    while another holds the file, else 'no such table'."""
    path = tmp_path / "errors.sqlite3"
    holder = sqlite3.connect(path, isolation_level=None)
    if locked:
        holder.execute("BEGIN EXCLUSIVE")
    writer = sqlite3.connect(path, timeout=0)
    try:
        writer.execute("INSERT INTO action VALUES (1)")
    except sqlite3.OperationalError as error:
        return error
    finally:
        writer.close()
        holder.close()
    raise AssertionError("SQLite raised nothing")


@pytest.mark.parametrize("locked", [True, False])
def test_a_locked_sqlite_file_is_try_again_and_its_other_errors_are_not(tmp_path, locked):
    error = sqlite_error(tmp_path, locked)
    assert out_of_reach(OperationalError("INSERT INTO action ...", {}, error)) is locked


@pytest.mark.parametrize("error", [DisconnectionError("gone"), PoolTimeout("QueuePool limit reached")])
def test_a_connection_found_dead_or_none_free_in_time_is_try_again(error):
    assert out_of_reach(error)


def test_a_database_out_of_reach_reaches_the_phone_as_try_again(app, monkeypatch, tmp_path):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    before = seq(app, game_id)
    locked = sqlite_error(tmp_path, locked=True)

    def away(*args, **kwargs):
        raise OperationalError("INSERT INTO action ...", {}, locked)

    monkeypatch.setattr(app.extensions["banker"], "run", away)
    response = do(host, game_id, view="bank", type="pass_go", player="1")
    assert response.status_code == 503 and AWAY in text(response)
    assert response.headers["Retry-After"] == "5" and seq(app, game_id) == before
