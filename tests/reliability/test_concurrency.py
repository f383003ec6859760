"""Many hands on one game at once, through the service on a real database: nothing lost, nothing
applied twice, money conserved, and every command either applied or refused with a reason."""

from __future__ import annotations

import random
import threading
from collections import Counter

import pytest

from banker.rules import RuleError
from banker.rules.game import Joined
from banker.service import GameService
from banker.service.broker import Broker
from tests.support.databases import logged_events
from tests.support.rules import total_cash

THREADS = 16
PAYMENTS = 500


def test_sixteen_threads_of_random_payments_lose_nothing_and_conserve_money(service):
    game = service.create_game([f"P{i}" for i in range(1, 9)])
    game_id = game.game.id
    players = {seat.player_id: seat.token for seat in game.players}
    banker = game.banker.token
    applied: list[tuple[int, dict]] = []  # (seq, command)
    refusals: Counter[str] = Counter()
    crashes: list[BaseException] = []
    lock = threading.Lock()

    def hand(number: int) -> None:
        rng = random.Random(number)
        me = number % 8 + 1
        for _ in range(PAYMENTS):
            roll = rng.random()
            payer = me if number < 8 else rng.randint(1, 8)  # half the threads are the bank's
            token = players[me] if number < 8 else banker
            if roll < 0.8:
                to = rng.choice([p for p in players if p != payer])
                command = {"type": "pay_player", "player": payer, "to": to, "amount": rng.randint(1, 400)}
            elif roll < 0.9:
                command = {"type": "pass_go", "player": payer}
            else:
                command = {
                    "type": "collect_from_bank",
                    "player": payer,
                    "amount": rng.randint(1, 100),
                    "reason": "Prize",
                }
            try:
                result = service.run(game_id, token, command)
            except RuleError as error:
                with lock:
                    refusals[error.message] += 1
            except BaseException as error:  # anything else is a failure of the test
                crashes.append(error)
                return
            else:
                with lock:
                    applied.append((result.seq, command))

    threads = [threading.Thread(target=hand, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert crashes == []
    assert len(applied) + sum(refusals.values()) == THREADS * PAYMENTS
    assert all(message.strip() for message in refusals), refusals
    assert not any("busy" in message for message in refusals), refusals
    state = service.state(game_id)
    # no lost update: every applied command has its own seq, and the log has nothing else
    seqs = sorted(seq for seq, _ in applied)
    assert seqs == list(range(2, state.seq + 1))
    # money: only the bank adds any; between players it only moves
    added = sum(
        200 if c["type"] == "pass_go" else c["amount"] for _, c in applied if c["type"] != "pay_player"
    )
    assert total_cash(state) == 8 * 1500 + added
    # and each player's cash is exactly what the applied commands, in seq order, make it
    cash = dict.fromkeys(players, 1500)
    for _, c in sorted(applied, key=lambda pair: pair[0]):
        if c["type"] == "pay_player":
            cash[c["player"]] -= c["amount"]
            cash[c["to"]] += c["amount"]
        else:
            cash[c["player"]] += 200 if c["type"] == "pass_go" else c["amount"]
        assert cash[c["player"]] >= 0
    assert {p.id: p.cash for p in state.players} == cash
    assert GameService(service.engine, Broker()).state(game_id) == state
    print(f"\n{len(applied)} applied, {sum(refusals.values())} refused: {dict(refusals.most_common(3))}")


def test_the_same_request_id_sent_a_thousand_times_applies_once(service):
    game = service.create_game(["Ann", "Bob"])
    game_id, token = game.game.id, game.players[0].token
    command = {"type": "pay_player", "player": 1, "to": 2, "amount": 25}
    answers: list[int] = []
    crashes: list[BaseException] = []

    def tapper() -> None:
        for _ in range(125):
            try:
                answers.append(service.run(game_id, token, command, request_id="double-tap-1").seq)
            except BaseException as error:
                crashes.append(error)

    threads = [threading.Thread(target=tapper) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert crashes == []
    assert len(answers) == 1000 and set(answers) == {2}
    state = service.state(game_id)
    assert state.seq == 2
    assert [p.cash for p in state.players] == [1475, 1525]


def test_the_same_request_id_through_the_api_applies_once(app, client):
    created = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()
    url = f"/api/games/{created['id']}/commands"
    headers = {"Authorization": f"Bearer {created['players'][0]['token']}"}
    body = {"type": "pay_player", "player": 1, "to": 2, "amount": 7, "request_id": "tap"}
    answers = [client.post(url, json=body, headers=headers) for _ in range(50)]
    assert {r.status_code for r in answers} == {200}
    assert {r.get_json()["seq"] for r in answers} == {2}
    assert app.extensions["banker"].state(created["id"]).player(1).cash == 1493


@pytest.mark.parametrize("trial", range(10))
def test_sixteen_phones_racing_for_one_seat_seat_exactly_one(service, trial):
    """On PostgreSQL a read-then-write claim let several phones read 'free' and all take the seat."""
    game = service.create_game(["Ann", "Bob"])
    game_id = game.game.id
    start = threading.Barrier(THREADS)
    won: list[int] = []
    refused: list[str] = []
    crashes: list[BaseException] = []

    def phone(number: int) -> None:
        start.wait()
        try:
            service.claim_seat(game_id, 1)
        except RuleError as error:
            refused.append(error.message)
        except BaseException as error:
            crashes.append(error)
        else:
            won.append(number)

    threads = [threading.Thread(target=phone, args=(n,)) for n in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert crashes == []
    assert len(won) == 1, f"{len(won)} phones took Ann's seat"
    assert len(refused) == THREADS - 1 and all("already joined" in m for m in refused), refused
    joined = [e for e in logged_events(service, game_id) if isinstance(e, Joined)]
    assert joined == [Joined(player=1)]
    assert [s.claimed for s in service.seats.of(game_id)] == [True, True, False]
