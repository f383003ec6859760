"""Schema migrations: a game saved by an older Banker still loads after an upgrade."""

from __future__ import annotations

import json
from datetime import UTC, datetime

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect, text
from sqlmodel import Session, SQLModel, select

from banker import create_app
from banker.service import GameService
from banker.service.broker import Broker
from banker.store.db import FIRST_REVISION, _head, alembic_config, make_engine, migrate
from banker.store.models import Action, Seat
from tests.support.databases import sqlite_url


def a_played_game(tmp_path):
    """Rows of a game with some history, made by today's service on a scratch database."""
    engine = make_engine(sqlite_url(tmp_path / "scratch.sqlite3"))
    migrate(engine)
    service = GameService(engine, Broker())
    game = service.create_game(["Ann", "Bob", "Cy"])
    banker = game.banker.token
    for payload in (
        {"type": "buy", "player": 1, "deed": 39},
        {"type": "pay_player", "player": 2, "to": 3, "amount": 120},
        {"type": "pay_rent", "player": 2, "deed": 39},
        {"type": "undo"},
        {"type": "add_player", "name": "Dee"},
        {"type": "pass_go", "player": 3, "request_id": "tap-7"},
    ):
        service.run(game.game.id, banker, payload, request_id=payload.get("request_id"))
    with Session(engine) as session:
        seats = session.exec(select(Seat).where(Seat.game_id == game.game.id)).all()
        actions = session.exec(
            select(Action).where(Action.game_id == game.game.id).order_by(Action.seq)
        ).all()
        rows = (
            {"id": game.game.id, "join_code": game.game.join_code},
            [(s.player_id, s.token, s.claimed) for s in seats],
            [(a.seq, a.seat_player, a.request_id, a.events, a.created_at) for a in actions],
        )
    state = service.state(game.game.id)
    engine.dispose()
    return rows, state


def save_at_first_revision(connection, rows) -> None:
    """The game written with the columns the first revision has, as an old Banker wrote it."""
    game, seats, actions = rows
    now = datetime.now(UTC)
    connection.execute(
        text("INSERT INTO game (id, join_code, created_at) VALUES (:id, :code, :at)"),
        {"id": game["id"], "code": game["join_code"], "at": now},
    )
    for player_id, token, claimed in seats:
        connection.execute(
            text("INSERT INTO seat (game_id, player_id, token, claimed) VALUES (:g, :p, :t, :c)"),
            {"g": game["id"], "p": player_id, "t": token, "c": claimed},
        )
    for seq, seat_player, request_id, events, created_at in actions:
        connection.execute(
            text(
                "INSERT INTO action (game_id, seq, seat_player, request_id, events, created_at) "
                "VALUES (:g, :s, :p, :r, :e, :at)"
            ),
            {
                "g": game["id"],
                "s": seq,
                "p": seat_player,
                "r": request_id,
                "e": json.dumps(events),
                "at": created_at,  # who sent an action and when is part of its game
            },
        )


def app_on(database_url, tmp_path):
    return create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "INSTANCE_PATH": str(tmp_path),
            "DATABASE_URL": database_url,
            "TIMER": False,
        }
    )


@pytest.mark.parametrize("made_by", ["first revision", "before migrations"])
def test_a_saved_game_loads_after_an_upgrade(tmp_path, database_url, made_by):
    rows, state = a_played_game(tmp_path)
    engine = make_engine(database_url)
    migrate(engine, FIRST_REVISION)
    with engine.begin() as connection:
        if made_by == "before migrations":  # the same tables, made without Alembic's version table
            connection.execute(text("DROP TABLE alembic_version"))
        save_at_first_revision(connection, rows)
    engine.dispose()

    app = app_on(database_url, tmp_path)  # starting Banker runs the migrations to the newest
    try:
        service = app.extensions["banker"]
        with service.engine.connect() as connection:
            assert MigrationContext.configure(connection).get_current_revision() == _head()
        game_id = rows[0]["id"]
        assert service.state(game_id) == state
        assert [line.seq for line in service.history(game_id)] == list(range(state.seq, 0, -1))
        client = app.test_client()
        banker = {"Authorization": f"Bearer {rows[1][0][1]}"}
        url = f"/api/games/{game_id}/commands"
        # a command sent again after the upgrade is still recognised by its request id
        again = client.post(url, json={"type": "pass_go", "player": 3, "request_id": "tap-7"}, headers=banker)
        assert again.status_code == 200 and again.get_json()["seq"] == state.seq
        # and the game goes on
        response = client.post(url, json={"type": "pass_go", "player": 1}, headers=banker)
        assert response.status_code == 200 and response.get_json()["seq"] == state.seq + 1
        assert service.seats.game_for_join_code(rows[0]["join_code"]).id == game_id
        # Dee's place, seated late, may be seated again under a new key: it is not for good
        with Session(service.engine) as session:
            late = session.exec(select(Seat.player_id).where(Seat.game_id == game_id, Seat.late)).all()
        assert late == [4]
    finally:
        app.extensions["banker"].close()


def test_starting_twice_migrates_once_and_the_schema_matches_the_models(tmp_path, database_url):
    app_on(database_url, tmp_path).extensions["banker"].close()
    app = app_on(database_url, tmp_path)
    try:
        engine = app.extensions["banker"].engine
        assert {"game", "seat", "action", "alembic_version"} <= set(inspect(engine).get_table_names())
        with engine.connect() as connection:
            context = MigrationContext.configure(connection, opts={"compare_type": True})
            differences = compare_metadata(context, SQLModel.metadata)
        # a change to banker/store/models.py needs a migration in banker/store/migrations/versions
        assert differences == []
    finally:
        app.extensions["banker"].close()


def test_the_migrations_go_down_and_up_again(tmp_path, database_url):
    engine = make_engine(database_url)
    try:
        migrate(engine)
        with engine.begin() as connection:
            command.downgrade(alembic_config(connection), "base")
        assert not {"game", "seat", "action"} & set(inspect(engine).get_table_names())
        migrate(engine)
        assert {"game", "seat", "action"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
