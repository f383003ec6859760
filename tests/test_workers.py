"""Game files are checked, stored and written out by worker processes, off the event loop: a
long import keeps no other table waiting. A few jobs may wait for a worker; past that the asker
is told to try again (503), and nothing is changed."""

from __future__ import annotations

import os
import threading
import time

import pytest

import banker.service.transfers
from banker.service import GameService
from banker.service.broker import Broker
from banker.service.errors import Busy
from banker.service.game_files import BadGameFile
from banker.store.db import make_engine, migrate
from tests.support.jobs import niceness, wait_for


@pytest.fixture
def with_a_worker(database_url):
    engine = make_engine(database_url)
    migrate(engine)
    service = GameService(engine, Broker(), workers=1, waiting=0)
    yield service
    service.transfers.workers.close()
    engine.dispose()


def played(service: GameService) -> str:
    game = service.create_game(["Ann", "Bob", "Cy"])
    for n in range(30):
        service.run(
            game.game.id, game.banker.token, {"type": "pay_player", "player": 1, "to": 2, "amount": n + 1}
        )
    return game.game.id


def test_a_game_file_goes_out_and_comes_back_through_a_worker_process(with_a_worker):
    service = with_a_worker
    game_id = played(service)
    moved = service.import_game(service.export_game(game_id))
    assert moved.game.id != game_id and moved.state == service.state(game_id)
    assert len(service.seats.of(moved.game.id)) == 4  # the bank and three players, each a new token
    with pytest.raises(BadGameFile, match="not a Banker game file"):  # a refusal crosses as it was
        service.import_game(b'{"format": "something else"}')


def test_a_worker_gives_way_to_the_server_when_the_cores_are_busy(with_a_worker):
    """A saved game being checked waits for a table's command, not the other way round."""
    workers = with_a_worker.transfers.workers
    assert workers.run(niceness) == min(os.nice(0) + banker.service.workers.NICENESS, 19)


def test_a_job_past_what_the_workers_can_take_is_refused_and_changes_nothing(with_a_worker, tmp_path):
    service = with_a_worker
    workers = service.transfers.workers
    raw = service.export_game(played(service))
    release = tmp_path / "release"
    answers = []
    holding = threading.Thread(target=lambda: answers.append(workers.run(wait_for, str(release))))
    holding.start()
    try:
        deadline = time.monotonic() + 30
        while workers.asked == 0 and time.monotonic() < deadline:
            time.sleep(0.01)
        games = service.seats.ids()
        with pytest.raises(Busy, match="busy"):
            service.import_game(raw)
        assert service.seats.ids() == games
    finally:
        release.touch()
        holding.join(30)
    assert answers == ["done"]
    assert service.import_game(raw).state.seq == 31  # the worker is free again


def test_a_busy_answer_reaches_the_phone_as_503_try_again(app, client, monkeypatch):
    service = app.extensions["banker"]
    raw = service.export_game(service.create_game(["Ann", "Bob"]).game.id)

    def busy(job, *args):
        raise Busy(banker.service.workers.BUSY)

    monkeypatch.setattr(service.transfers.workers, "run", busy)
    response = client.post("/api/games/import", data=raw, content_type="application/json")
    assert response.status_code == 503 and "Try again in a few seconds" in response.get_json()["error"]
    assert response.headers["Retry-After"] == "5"  # as the words say


def test_an_unchanged_game_is_written_out_once(app, monkeypatch):
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"])
    written = []
    exported = banker.service.transfers.exported
    monkeypatch.setattr(
        banker.service.transfers, "exported", lambda *a: written.append(a[1:]) or exported(*a)
    )
    first = service.export_game(game.game.id)
    assert service.export_game(game.game.id) == first and len(written) == 1
    service.run(game.game.id, game.banker.token, {"type": "pass_go", "player": 1})
    assert service.export_game(game.game.id) != first and len(written) == 2
    service.export_game(game.game.id, backup=True)
    assert written[-1] == (game.game.id, True)
