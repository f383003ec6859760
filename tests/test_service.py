"""The game service over a real database: the log, the cache, races and repeats."""

from __future__ import annotations

import secrets
import threading
from datetime import UTC

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from banker.rules import RuleError, Sent
from banker.service import GameService
from banker.service.broker import Broker
from banker.service.errors import Forbidden, NotFound
from tests.support.clock import FakeClock
from tests.support.rules import total_cash


def fresh_copy(service):
    """Another service on the same database with an empty cache, like a restarted server."""
    return GameService(service.engine, Broker())


def test_a_restarted_service_folds_the_log_to_the_same_state(service):
    game = service.create_game(["Ann", "Bob", "Cy"])
    banker = game.banker.token
    service.run(game.game.id, banker, {"type": "pass_go", "player": 1})
    service.run(game.game.id, banker, {"type": "pay_player", "player": 1, "to": 3, "amount": 640})
    service.run(game.game.id, banker, {"type": "undo"})
    service.run(game.game.id, banker, {"type": "pay_bank", "player": 2, "amount": 100})
    assert fresh_copy(service).state(game.game.id) == service.state(game.game.id)


def test_a_restarted_service_knows_who_sent_the_last_action_and_when(service):
    """A player's take-back needs both, so they come from the log, not only from the cache."""
    clock = FakeClock()
    service = GameService(service.engine, Broker(), clock=clock)
    game = service.create_game(["Ann", "Bob"])
    ann = game.players[0].token
    paid = service.run(game.game.id, ann, {"type": "pay_player", "player": 1, "to": 2, "amount": 90})
    clock.advance(9.5)
    restarted = GameService(service.engine, Broker(), clock=clock)
    assert restarted.state(game.game.id).undo[-1].sent == Sent(by=1, at=clock() - 9.5)
    restarted.run(game.game.id, ann, {"type": "take_back", "player": 1, "seq": paid.seq})
    assert [p.cash for p in service.state(game.game.id).players] == [1500, 1500]


def test_a_cache_catches_up_with_actions_stored_by_another_process(service):
    game = service.create_game(["Ann", "Bob"])
    other = fresh_copy(service)
    other.run(game.game.id, game.banker.token, {"type": "pass_go", "player": 2})
    assert service.state(game.game.id).player(2).cash == 1700


def test_a_command_decided_on_a_stale_cache_is_decided_again_on_the_log(service):
    game = service.create_game(["Ann", "Bob"])
    game_id, banker = game.game.id, game.banker.token
    other = fresh_copy(service)
    service.state(game_id)  # this server now holds seq 1
    other.run(game_id, banker, {"type": "pay_player", "player": 1, "to": 2, "amount": 1000})
    # decided first on the stale $1,500: the write at seq 2 is refused, and it is decided again
    result = service.run(game_id, banker, {"type": "pay_bank", "player": 1, "amount": 400})
    assert result.seq == 3
    assert service.state(game_id).player(1).cash == 100
    assert fresh_copy(service).state(game_id) == service.state(game_id)


def test_a_refusal_on_a_stale_cache_is_checked_against_the_log_first(service):
    game = service.create_game(["Ann", "Bob"])
    game_id, banker = game.game.id, game.banker.token
    other = fresh_copy(service)
    other.run(game_id, banker, {"type": "pay_player", "player": 1, "to": 2, "amount": 1400})
    service.state(game_id)  # Ann holds $100 here
    other.run(game_id, banker, {"type": "pay_player", "player": 2, "to": 1, "amount": 2000})
    # on this server's stale state Ann cannot buy Boardwalk ($400); on the log she can
    result = service.run(game_id, banker, {"type": "buy", "player": 1, "deed": 39})
    assert result.seq == 4
    assert service.state(game_id).player(1).cash == 1700
    with pytest.raises(RuleError, match="already"):
        service.run(game_id, banker, {"type": "buy", "player": 1, "deed": 39})


def test_every_stored_action_is_told_to_the_live_streams(service):
    game = service.create_game(["Ann", "Bob"])
    result = service.run(game.game.id, game.players[0].token, {"type": "pass_go", "player": 1})
    assert service.broker.wait(game.game.id, after_seq=1, timeout=0) == result.seq == 2


def test_a_command_steps_aside_for_its_games_waiting_streams_and_only_then(service, monkeypatch):
    """Under `banker serve` the step aside (a sleep of 0) lets the game's streams push the change
    before the command's answer; a game nobody watches has nothing to let first, and stepping
    aside would only queue its answer behind other games' streams."""
    import banker.service.recorder as recorder

    asides: list[float] = []
    monkeypatch.setattr(recorder.time, "sleep", asides.append)
    game = service.create_game(["Ann", "Bob"])
    game_id, ann = game.game.id, game.players[0].token
    service.run(game_id, ann, {"type": "pass_go", "player": 1})
    assert asides == []
    heard: list[int] = []
    stream = threading.Thread(target=lambda: heard.append(service.broker.wait(game_id, 2, timeout=10)))
    stream.start()
    pause = threading.Event()  # time.sleep is the fake here
    while not service.broker.watched(game_id) and stream.is_alive():
        pause.wait(0.001)
    service.run(game_id, ann, {"type": "pass_go", "player": 1})
    stream.join()
    assert asides == [0] and heard == [3]


def test_concurrent_payments_lose_nothing_and_keep_seq_contiguous(service):
    game = service.create_game([f"P{i}" for i in range(1, 9)])
    game_id = game.game.id
    outcomes: list[str] = []

    def pay(seat):
        for i in range(25):
            payload = {
                "type": "pay_player",
                "player": seat.player_id,
                "to": seat.player_id % 8 + 1,
                "amount": 1 + i,
            }
            try:
                service.run(game_id, seat.token, payload)
                outcomes.append("applied")
            except RuleError as error:
                outcomes.append(error.message)

    threads = [threading.Thread(target=pay, args=(seat,)) for seat in game.players]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    state = service.state(game_id)
    assert outcomes.count("applied") == 200
    assert state.seq == 201 and total_cash(state) == 8 * 1500
    # each player paid 1+2+...+25 = 325 and received the same from their neighbour
    assert all(p.cash == 1500 for p in state.players)
    assert fresh_copy(service).state(game_id) == state


def test_a_request_id_applies_once_even_when_sent_again_and_again(service):
    game = service.create_game(["Ann", "Bob"])
    token = game.players[0].token
    results = {
        service.run(
            game.game.id,
            token,
            {"type": "pay_player", "player": 1, "to": 2, "amount": 9},
            request_id="double-tap",
        ).seq
        for _ in range(20)
    }
    assert results == {2}
    assert service.state(game.game.id).player(1).cash == 1491


payloads = st.lists(
    st.one_of(
        st.builds(lambda p: {"type": "pass_go", "player": p}, st.integers(1, 3)),
        st.builds(
            lambda p, a: {"type": "pay_bank", "player": p, "amount": a},
            st.integers(1, 3),
            st.integers(-5, 2000),
        ),
        st.builds(
            lambda p, a: {"type": "collect_from_bank", "player": p, "amount": a, "reason": "Prize"},
            st.integers(1, 3),
            st.integers(1, 500),
        ),
        st.builds(
            lambda p, t, a: {"type": "pay_player", "player": p, "to": t, "amount": a},
            st.integers(1, 3),
            st.integers(0, 4),
            st.integers(1, 2000),
        ),
        st.just({"type": "undo"}),
    ),
    max_size=25,
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(payloads)
def test_any_commands_through_the_service_keep_the_cache_equal_to_the_log(service, commands):
    game = service.create_game(["Ann", "Bob", "Cy"])
    for payload in commands:
        try:
            service.run(game.game.id, game.banker.token, payload)
        except RuleError:
            pass
    cached = service.state(game.game.id)
    assert fresh_copy(service).state(game.game.id) == cached
    history = service.history(game.game.id, limit=1000)
    assert [line.seq for line in history] == list(range(cached.seq, 0, -1))


NO_LOANS = (
    "No loans or gifts under the tournament rules: money moves between players only by trades and "
    "the payments the rules fix. The banker can make a correction."
)


@pytest.mark.parametrize(
    "command",
    [
        {"type": "pay_player", "player": 1, "to": 2, "amount": 300},
        {"type": "collect_from_bank", "player": 1, "amount": 300, "reason": "a loan"},
    ],
)
def test_under_the_tournament_rules_only_the_banker_moves_a_typed_in_sum(service, command):
    game = service.create_game(["Ann", "Bob"], preset="jma")
    ann, banker = game.players[0].token, game.banker.token
    with pytest.raises(RuleError) as refused:
        service.run(game.game.id, ann, command)
    assert refused.value.message == NO_LOANS
    assert service.state(game.game.id).seq == game.state.seq  # nothing stored
    corrected = service.run(game.game.id, banker, command)  # the banker's correction goes through
    assert corrected.state.player(1).cash in (1200, 1800)
    classic = service.create_game(["Ann", "Bob"])
    paid = service.run(classic.game.id, classic.players[0].token, command)
    assert paid.state.player(1).cash in (1200, 1800)  # a switch, off in the classic game


def test_a_roll_is_thrown_by_the_service_and_sent_again_it_is_the_same_roll(service):
    """The phone asks; the service throws (a cryptographic source by default); a roll whose answer
    was lost and is sent again with its request_id is the roll already made, not a second one."""
    faces = iter([5, 2, 6, 6])
    service.throw = lambda choices: next(faces)
    game = service.create_game(["Ann", "Bob"], options={"phone_dice": True})
    ann = game.players[0].token
    roll = {"type": "roll_dice", "player": 1, "dice": [6, 6]}
    first = service.run(game.game.id, ann, roll, request_id="roll-1")
    again = service.run(game.game.id, ann, roll, request_id="roll-1")
    assert again.seq == first.seq and again.events == first.events
    assert service.state(game.game.id).player(1).roll.dice == (5, 2)


def test_the_service_throws_dice_from_a_cryptographic_source_by_default(service):
    assert GameService(service.engine, Broker()).throw is secrets.choice


def test_the_log_keeps_the_command_of_each_action_the_servers_own_and_a_seat_taken_too(service):
    """As decided, the dice thrown included: a game file is checked by deciding it again."""
    clock = FakeClock(1_000_000.123456789)  # finer than the microsecond the log keeps
    service = GameService(service.engine, Broker(), clock=clock, throw=lambda faces: faces[1])
    game = service.create_game(["Ann", "Bob"], options={"phone_dice": True, "auction_seconds": 30})
    game_id, ann = game.game.id, game.players[0].token
    service.run(game_id, ann, {"type": "roll_dice", "player": 1, "dice": [6, 6]}, request_id="roll-1")
    service.run(game_id, game.banker.token, {"type": "decline", "player": 2, "deed": 39})
    service.claim_seat(game_id, 2)
    clock.advance(31)
    service.settle_due(game_id)
    actions = service.log.file_actions(game_id)
    assert [action.command for action in actions] == [
        None,  # the start: the game made, no command
        {"type": "roll_dice", "player": 1, "speed": False, "dice": [2, 2], "face": ""},
        {"type": "decline", "player": 2, "deed": 39},
        {"type": "join", "player": 2},
        {"type": "close_auction"},
    ]


def test_a_timed_game_whose_end_was_undone_is_not_ended_again_by_the_clock(service):
    clock = FakeClock(1_000_000.0)
    service = GameService(service.engine, Broker(), clock=clock)
    game = service.create_game(["Ann", "Bob"], "timed", options={"end_at": 1_003_600})
    game_id, bank = game.game.id, game.banker.token
    before = [player.cash for player in service.state(game_id).players]
    service.run(game_id, bank, {"type": "pay_player", "player": 1, "to": 2, "amount": 100})
    clock.advance(3601)
    assert service.state(game_id).ended  # the clock ended it
    service.run(game_id, bank, {"type": "undo"})
    clock.advance(60)
    service.settle_due(game_id)
    assert not service.state(game_id).ended  # nothing due: the bank ends it
    service.run(game_id, bank, {"type": "undo"})  # the slip
    assert [player.cash for player in service.state(game_id).players] == before
    service.run(game_id, bank, {"type": "end_game"})
    assert service.state(game_id).ended


def test_a_timed_game_opened_after_its_end_time_goes_on_with_the_minutes_it_had_left(service):
    """Saved with 25 minutes left and opened the next day, the game was over as it opened; so was
    one whose server was stopped past its end. Nobody could play meanwhile: the clock goes on from
    where the last action left it, and runs out as ever."""
    clock = FakeClock(1_000_000.0)
    service = GameService(service.engine, Broker(), clock=clock)
    game = service.create_game(["Ann", "Bob"], "timed", options={"end_at": 1_003_600})
    game_id, bank = game.game.id, game.banker.token
    clock.advance(2100)
    service.run(game_id, bank, {"type": "pay_player", "player": 1, "to": 2, "amount": 100})  # 25 min left
    saved = service.export_game(game_id)
    clock.advance(86_400)
    opened = service.import_game(saved).game.id
    state = service.state(opened)
    assert not state.ended and state.rules.end_at == int(clock()) + 1500
    assert service.state(game_id).ended  # this server watched its clock run out: over on time
    again = service.import_game(service.export_game(opened)).game.id  # its resumption decided again
    assert service.state(again).rules.end_at == state.rules.end_at
    clock.advance(1499)
    assert not service.state(opened).ended
    clock.advance(1)
    assert service.state(opened).ended

    restarted_game = service.create_game(["Ann", "Bob"], "timed", options={"end_at": int(clock()) + 600})
    game_id = restarted_game.game.id
    clock.advance(60)
    service.run(game_id, restarted_game.banker.token, {"type": "pass_go", "player": 1})  # 9 minutes left
    clock.advance(3600)  # the server stopped meanwhile
    restarted = GameService(service.engine, Broker(), clock=clock)
    assert restarted.state(game_id).rules.end_at == int(clock()) + 540
    assert service.log.file_actions(game_id)[-1].events[0]["type"] == "clock_resumed"


def test_a_command_is_decided_at_the_time_stored_with_it(service):
    """To the microsecond, so that deciding it again at that time gives the same auction clock."""
    clock = FakeClock(1_000_000.123456789)
    service = GameService(service.engine, Broker(), clock=clock)
    game = service.create_game(["Ann", "Bob"], options={"auction_seconds": 30})
    service.run(game.game.id, game.banker.token, {"type": "decline", "player": 2, "deed": 39})
    declined = service.log.file_actions(game.game.id)[-1]
    opened = declined.events[-1]
    assert opened["type"] == "auction_opened"
    assert opened["deadline"] == declined.at.replace(tzinfo=UTC).timestamp() + 30


@pytest.mark.parametrize("again", ["Eve", "Dee"], ids=["another player", "the same name again"])
def test_a_late_seat_undone_and_seated_again_gets_a_new_key_on_every_server(service, again):
    """Dee is seated late and her phone takes the seat; the bank undoes it and seats Eve in the
    same place. Dee's key, kept by the place's seat, made her phone act as Eve, here and on a
    server that had seen it before. Now each seating gets a key of its own, and a free seat."""
    game = service.create_game(["Ann", "Bob"])
    game_id, bank = game.game.id, game.banker.token
    service.run(game_id, bank, {"type": "add_player", "name": "Dee"})
    dee = service.claim_seat(game_id, 3).token
    other = fresh_copy(service)  # another server on the same database, which knows Dee's key
    assert other.seats.seat(game_id, dee).player_id == 3
    service.run(game_id, bank, {"type": "undo"})
    service.run(game_id, bank, {"type": "add_player", "name": again})

    seat = service.seats.of(game_id)[3]
    assert seat.token != dee and not seat.claimed
    fee = {"type": "pay_bank", "player": 3, "amount": 200, "reason": "Fee"}
    for server in (service, other):
        with pytest.raises(Forbidden):
            server.run(game_id, dee, fee)
        with pytest.raises(Forbidden):
            server.seats.seat(game_id, dee)
        with pytest.raises(NotFound):
            server.seats.seat_by_token(dee)
    assert service.state(game_id).player(3).cash == 1500
    assert service.claim_seat(game_id, 3).token == seat.token  # the new seating's phone takes it
    other.run(game_id, seat.token, fee)
    assert service.state(game_id).player(3).cash == 1300


def test_a_new_key_is_stored_with_its_action_and_leaves_a_seat_taken_or_free_as_it_was(service):
    """Ann's phone is lost; Bob never joined. A new key for each: Ann's seat stays taken (nobody
    takes it from the join screen), Bob's stays free to take, and each is in the game's log."""
    game = service.create_game(["Ann", "Bob"])
    game_id = game.game.id
    ann = service.claim_seat(game_id, 1).token
    before = service.state(game_id).seq
    service.replace_key(game_id, 1)
    service.replace_key(game_id, 2)
    seats = service.seats.of(game_id)
    assert seats[1].token != ann and seats[1].claimed
    assert seats[2].token != game.players[1].token and not seats[2].claimed
    assert [action.command for action in service.log.file_actions(game_id)[before:]] == [
        {"type": "replace_key", "player": 1},
        {"type": "replace_key", "player": 2},
    ]
    with pytest.raises(Forbidden):
        service.run(game_id, ann, {"type": "pass_go", "player": 1})
    with pytest.raises(RuleError, match="Ann has already joined on another phone"):
        service.claim_seat(game_id, 1)
    assert service.claim_seat(game_id, 2).token == seats[2].token
    with pytest.raises(RuleError, match="There is no player 3 in this game."):
        service.replace_key(game_id, 3)
    assert [seat.token for seat in service.seats.of(game_id)][1:] == [seats[1].token, seats[2].token]


def test_an_imported_games_late_seat_seated_again_gets_a_new_key_on_every_server_too(service):
    played = service.create_game(["Ann", "Bob"])
    service.run(played.game.id, played.banker.token, {"type": "add_player", "name": "Dee"})
    game = service.import_game(service.export_game(played.game.id))
    game_id, bank = game.game.id, game.banker.token
    dee = service.claim_seat(game_id, 3).token
    other = fresh_copy(service)
    assert other.seats.seat(game_id, dee).player_id == 3
    service.run(game_id, bank, {"type": "undo"})
    service.run(game_id, bank, {"type": "add_player", "name": "Eve"})
    with pytest.raises(Forbidden):
        other.seats.seat(game_id, dee)
