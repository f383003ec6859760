"""Each game's share of the server's time (banker/service/shares.py): what a game's commands took
lately, fading with the seconds, and which games go faster than any table."""

from __future__ import annotations

import math

import pytest

from banker.rules import RuleError
from banker.service.shares import HURRIED, WINDOW, Shares
from tests.support.clock import FakeClock


def test_the_time_a_game_took_fades_to_a_third_each_window():
    clock = FakeClock()
    shares = Shares(10, clock)
    shares.add("g", 0.02)  # 20 ms of work: a share of 0.02 s over the window
    assert shares.share("g") == pytest.approx(0.02 / WINDOW)
    clock.now += WINDOW
    assert shares.share("g") == pytest.approx(0.02 / WINDOW / math.e)
    shares.add("g", 0.01)  # added to what is left, not to what there was
    assert shares.share("g") == pytest.approx((0.02 / math.e + 0.01) / WINDOW)
    clock.now += 20 * WINDOW
    assert shares.share("g") < 1e-9
    assert shares.share("never seen") == 0.0


@pytest.mark.parametrize(
    ("per_second", "each", "hurried"),
    [
        (2, 0.003, False),  # a table: a command or two a second, a few ms each with its streams
        (10, 0.005, False),  # an auction's bidding war: 10 bids a second, 8 phones and a display
        (80, 0.0035, True),  # 8 scripted seats every 100 ms, 40 streams on the game
        (700, 0.0003, True),  # 8 scripted seats as fast as they are answered, nobody watching
    ],
)
def test_a_game_holds_its_commands_per_second_times_their_time_and_only_a_script_is_hurried(
    per_second, each, hurried
):
    clock = FakeClock()
    shares = Shares(10, clock)
    held = []
    for ms in range(10_000):  # ten seconds of it, looked at every millisecond of the last five
        if ms * per_second // 1000 != (ms + 1) * per_second // 1000:
            shares.add("g", each)
        if ms >= 5000:
            held.append(shares.share("g"))
        clock.now += 0.001
    assert sum(held) / len(held) == pytest.approx(per_second * each, rel=0.05)
    assert shares.hurried("g") is hurried
    assert not shares.hurried("another game")
    assert HURRIED == 0.1 and WINDOW == 0.25


def test_only_the_games_used_lately_are_kept():
    shares = Shares(2, FakeClock())
    for game in ("a", "b", "c"):
        shares.add(game, 0.05)
    assert [shares.share(game) for game in ("a", "b", "c")] == [0.0, 0.05 / WINDOW, 0.05 / WINDOW]


def test_each_command_adds_the_time_it_took_to_its_own_games_share_refused_or_not(service, monkeypatch):
    readings = iter(range(1000))
    monkeypatch.setattr(service.shares, "clock", lambda: next(readings) * 0.002)  # 2 ms a reading
    game, other = service.create_game(["Ann", "Bob"]), service.create_game(["Cy", "Di"])
    pay = {"type": "pay_player", "player": 1, "to": 2, "amount": 5}
    service.run(game.game.id, game.banker.token, pay)
    paid = service.shares.share(game.game.id)
    assert 0 < paid < 0.01
    with pytest.raises(RuleError):
        service.run(game.game.id, game.banker.token, {**pay, "amount": 10**9})
    assert service.shares.share(game.game.id) > paid * 0.9  # a refusal took its time too
    assert service.shares.share(other.game.id) == 0.0  # nothing was sent to it
