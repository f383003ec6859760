"""Auctions through the service: the clock runs out, someone notices, the close happens once."""

from __future__ import annotations

import random
import threading
import time

import pytest
from sqlmodel import Session, select

from banker.rules import RuleError
from banker.rules.auctions import CloseAuction, ResumeAuction
from banker.service import GameService
from banker.service.broker import Broker
from banker.store.db import make_engine
from banker.store.models import Action

BOARDWALK = 39


@pytest.fixture
def service(migrated_url, clock):
    engine = make_engine(migrated_url)
    yield GameService(engine, Broker(), clock=clock)
    engine.dispose()


def open_auction(service, players=("Ann", "Bob", "Cy")):
    game = service.create_game(list(players))
    tokens = {seat.player_id: seat.token for seat in game.players}
    service.run(game.game.id, tokens[1], {"type": "decline", "player": 1, "deed": BOARDWALK})
    return game.game.id, tokens, game.banker.token


def stored_events(service, game_id, kind):
    with Session(service.engine) as session:
        rows = session.exec(select(Action.events).where(Action.game_id == game_id)).all()
    return [event for events in rows for event in events if event["type"] == kind]


def test_reading_the_game_after_the_deadline_closes_the_auction_once(service, clock):
    game_id, tokens, _ = open_auction(service)
    service.run(game_id, tokens[2], {"type": "bid", "player": 2, "amount": 420})
    clock.advance(19.9)
    assert service.state(game_id).auction is not None
    clock.advance(0.1)
    state = service.state(game_id)
    assert state.auction is None and state.holding(BOARDWALK).owner == 2 and state.player(2).cash == 1080
    service.state(game_id)
    assert len(stored_events(service, game_id, "auction_closed")) == 1


def test_many_observers_at_the_deadline_close_it_exactly_once(service, clock):
    game_id, tokens, _ = open_auction(service)
    service.run(game_id, tokens[3], {"type": "bid", "player": 3, "amount": 100})
    clock.advance(25)
    observers = [GameService(service.engine, Broker(), clock=clock) for _ in range(6)]  # six servers
    results = []
    threads = [threading.Thread(target=lambda s=s: results.append(s.settle_due(game_id))) for s in observers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(result is not None for result in results) == 1
    assert len(stored_events(service, game_id, "auction_closed")) == 1
    assert service.state(game_id).player(3).cash == 1400


def test_a_clock_run_out_while_the_server_was_stopped_starts_again_with_its_bids(service, clock):
    """Phones cannot bid while the server is stopped: an auction whose clock ran out then, closed
    at the restart, went to whoever bid last before it (or to nobody) without a word."""
    game_id, tokens, _ = open_auction(service)
    service.run(game_id, tokens[3], {"type": "bid", "player": 3, "amount": 100})
    clock.advance(20 + 300)  # stopped at 5 s and started again five minutes later
    restarted = GameService(service.engine, Broker(), clock=clock)
    auction = restarted.state(game_id).auction
    assert auction is not None and (auction.high_bid, auction.high_bidder) == (100, 3)
    assert auction.deadline == clock() + 20
    assert stored_events(restarted, game_id, "auction_resumed")
    restarted.run(game_id, tokens[2], {"type": "bid", "player": 2, "amount": 150})
    clock.advance(20)
    assert restarted.state(game_id).holding(BOARDWALK).owner == 2


def test_a_game_file_brought_in_after_its_auctions_clock_ran_out_resumes_it(service, clock):
    game_id, tokens, _ = open_auction(service)
    saved = service.export_game(game_id)
    clock.advance(600)
    moved = service.import_game(saved).game.id
    assert service.state(moved).auction.deadline == clock() + 20
    assert service.state(game_id).auction is None  # the game this server watched closed on time


def test_a_server_that_slept_through_an_auctions_end_starts_its_clock_again(service, clock):
    game_id, _, _ = open_auction(service)
    state = service.state(game_id)
    clock.advance(300)
    settle = service.clocks.settling(game_id, played_at=lambda seq: service.log.played_at(game_id, seq))
    assert isinstance(settle(state, clock()), CloseAuction)  # watched all along
    service.clocks.woke(slept_at=clock() - 300, asked=20)
    assert isinstance(settle(state, clock()), ResumeAuction)


def test_a_bid_after_the_deadline_is_refused_as_too_late(service, clock):
    game_id, tokens, _ = open_auction(service)
    clock.advance(20)
    with pytest.raises(RuleError, match="Too late: the clock ran out on the auction of Boardwalk."):
        service.run(game_id, tokens[2], {"type": "bid", "player": 2, "amount": 10})
    assert service.state(game_id).holding(BOARDWALK).owner == 0


def test_the_timer_says_how_long_until_the_next_deadline_and_closes_what_is_due(service, clock):
    game_id, tokens, _ = open_auction(service)
    assert service.settle_all_due() == pytest.approx(20)
    clock.advance(12)
    service.run(game_id, tokens[2], {"type": "bid", "player": 2, "amount": 10})
    assert service.settle_all_due() == pytest.approx(8)
    clock.advance(8)
    assert service.settle_all_due() is None
    assert service.states.current(game_id).state.holding(BOARDWALK).owner == 2


def test_the_timer_thread_closes_an_auction_without_any_request(service, clock):
    game_id, tokens, _ = open_auction(service)
    service.run(game_id, tokens[2], {"type": "bid", "player": 2, "amount": 10})
    clock.advance(30)  # the fake clock is past the deadline: the timer needs no real waiting
    stop = threading.Event()
    timer = threading.Thread(target=service.clocks.run, args=(stop, service.settle_all_due), daemon=True)
    timer.start()
    deadline = time.monotonic() + 5
    while service.states.current(game_id).state.auction is not None and time.monotonic() < deadline:
        service.broker.wait(game_id, service.states.current(game_id).state.seq, 0.05)
    stop.set()
    assert service.states.current(game_id).state.holding(BOARDWALK).owner == 2


def test_an_auction_survives_a_restart_with_its_remaining_time(service, clock):
    game_id, tokens, _ = open_auction(service)
    clock.advance(15)
    service.run(game_id, tokens[2], {"type": "bid", "player": 2, "amount": 10})
    restarted = GameService(service.engine, Broker(), clock=clock)
    auction = restarted.state(game_id).auction
    assert auction is not None and auction.deadline - clock() == pytest.approx(8)
    assert (auction.high_bid, auction.high_bidder) == (10, 2)


def test_eight_phones_bidding_at_once_keep_every_accepted_bid_above_the_last(service, clock):
    players = [f"P{i}" for i in range(1, 9)]
    game_id, tokens, _ = open_auction(service, players)
    accepted: list[tuple[int, int]] = []  # (seq, amount)
    refusals: list[str] = []
    lock = threading.Lock()

    def bidder(player_id: int) -> None:
        rng = random.Random(player_id)
        for _ in range(15):
            auction = service.state(game_id).auction
            amount = auction.high_bid + rng.randint(1, 20)
            try:
                result = service.run(
                    game_id, tokens[player_id], {"type": "bid", "player": player_id, "amount": amount}
                )
            except RuleError as error:
                with lock:
                    refusals.append(error.message)
                continue
            with lock:
                accepted.append((result.seq, amount))

    threads = [threading.Thread(target=bidder, args=(player_id,)) for player_id in range(1, 9)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    amounts = [amount for _, amount in sorted(accepted)]
    # every bid was taken or refused in words (a thread that died would leave one out); how many of
    # them were outbid on the way depends on how the threads took turns
    assert len(accepted) + len(refusals) == 8 * 15
    assert len(amounts) >= 2
    assert all(later > earlier for earlier, later in zip(amounts, amounts[1:], strict=False))
    auction = service.state(game_id).auction
    assert auction.high_bid == max(amounts)
    assert all(m.startswith(("Outbid:", "P")) for m in refusals)  # outbid, or already the high bidder
    assert len(stored_events(service, game_id, "bid_placed")) == len(amounts)
