"""kill -9 under load: `banker serve` is killed 3 times (20 in the long form) at random moments while a client fires
commands through the JSON API, and started again. A client that got no answer sends the same
request again with the same request_id, as a phone would. Afterwards every acknowledged command
is in the log with the answer it got, every command sent is applied exactly once, nothing is
half-applied, and the log folds to the same state as the server's cache."""

from __future__ import annotations

import random
import threading
import time

import pytest
from sqlmodel import Session, select

from banker.service import GameService
from banker.service.broker import Broker
from banker.store.db import make_engine
from banker.store.models import Action
from tests.support.properties import tries
from tests.support.servers import ServeProcess, request

KILLS = tries(short=3, long=20)  # each restart takes seconds of both cores
PLAYERS = 4


@pytest.mark.long_form
def test_kill_nine_again_and_again_under_load_loses_no_acknowledged_command(tmp_path, database_url):
    server = ServeProcess(database_url, tmp_path / "server.log")
    server.start()
    status, game = request(
        server.port, "POST", "/api/games", {"players": [f"P{i}" for i in range(1, PLAYERS + 1)]}
    )
    assert status == 201
    game_id, banker = game["id"], game["banker_token"]
    rng = random.Random(7)
    acknowledged: dict[str, tuple[int, list]] = {}  # request id -> (seq, events) as answered
    sent: list[dict] = []
    stop = threading.Event()
    failures: list[str] = []
    resent: list[str] = []  # request ids sent again after a kill cut them off

    def fire() -> None:
        number = 0
        while not stop.is_set():
            number += 1
            payer = rng.randint(1, PLAYERS)
            command = {
                "type": "pay_player",
                "player": payer,
                "to": payer % PLAYERS + 1,
                "amount": rng.randint(1, 3),  # small: nobody runs out, so nothing is refused
                "request_id": f"crash-{number}",
            }
            sent.append(command)
            while True:  # until this command is answered: the same request_id every time
                try:
                    status, body = request(
                        server.port, "POST", f"/api/games/{game_id}/commands", command, banker, 3.0
                    )
                except OSError:
                    if stop.is_set() and server.process is None:
                        return
                    resent.append(command["request_id"])
                    time.sleep(0.02)  # the server is down or restarting
                    continue
                if status != 200:
                    failures.append(f"{command}: {status} {body}")
                    return
                acknowledged[command["request_id"]] = (body["seq"], body["events"])
                break

    firing = threading.Thread(target=fire, name="client")
    firing.start()
    try:
        for _ in range(KILLS):
            time.sleep(rng.uniform(0.05, 0.35))
            server.kill()
            server.start()
        time.sleep(0.3)
    finally:
        stop.set()
        firing.join(timeout=30)
        server.stop()
    assert not firing.is_alive()
    assert failures == []
    assert len(acknowledged) >= 20, "the client hardly got anything through"

    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            rows = session.exec(select(Action).where(Action.game_id == game_id).order_by(Action.seq)).all()
        # nothing half-applied: a contiguous log, each row a whole command with its events
        assert [row.seq for row in rows] == list(range(1, len(rows) + 1))
        by_request = {row.request_id: row for row in rows if row.request_id}
        assert len(by_request) == len(rows) - 1  # every command row came from the client, once
        for request_id, (seq, events) in acknowledged.items():
            row = by_request[request_id]
            assert (row.seq, row.events) == (seq, events), request_id
        # every command sent was applied exactly once (the last may have been cut off unsent)
        done = [c for c in sent if c["request_id"] in by_request]
        assert len(done) >= len(sent) - 1 and len(done) == len(by_request)
        cash = dict.fromkeys(range(1, PLAYERS + 1), 1500)
        for c in done:
            cash[c["player"]] -= c["amount"]
            cash[c["to"]] += c["amount"]
        service = GameService(engine, Broker())
        state = service.state(game_id)
        assert {p.id: p.cash for p in state.players} == cash
        assert state.seq == len(rows)
    finally:
        engine.dispose()
    # and a server started on it now answers with that same state
    server.start()
    try:
        status, body = request(server.port, "GET", f"/api/games/{game_id}", token=banker)
        assert status == 200 and body["seq"] == len(rows)
        assert {p["id"]: p["cash"] for p in body["players"]} == cash
    finally:
        server.stop()
    print(
        f"\n{KILLS} kills, {len(sent)} commands sent, {len(acknowledged)} acknowledged, "
        f"{len(set(resent))} sent again after a kill, {len(rows)} actions in the log"
    )
