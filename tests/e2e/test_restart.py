"""Closing the server and starting it again loses nothing, and phones reconnect by themselves."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import api, banker_does, take_seat


def test_a_restart_keeps_the_game_and_the_phones_follow(own_server, phone):
    game = api(own_server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    banker = game["banker_token"]
    banker_does(
        own_server,
        game,
        {"type": "pass_go", "player": 1},
        {"type": "pay_player", "player": 2, "to": 3, "amount": 275},
        {"type": "pay_bank", "player": 3, "amount": 100, "reason": "Luxury Tax"},
        {"type": "undo"},
        {"type": "collect_from_bank", "player": 2, "amount": 20, "reason": "Refund"},
    )
    before = api(own_server, f"/api/games/{game['id']}", token=banker)

    bob = phone()
    take_seat(bob, own_server, game["players"][1]["token"])
    expect(bob.get_by_label("Your cash")).to_have_text("$1,245")

    own_server.stop()
    own_server.start()
    assert api(own_server, f"/api/games/{game['id']}", token=banker) == before

    api(
        own_server,
        f"/api/games/{game['id']}/commands",
        {"type": "pay_player", "player": 1, "to": 2, "amount": 5},
        banker,
    )
    expect(bob.get_by_label("Your cash")).to_have_text("$1,250", timeout=8000)
