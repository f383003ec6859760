"""A game on a custom edition over a real database: the board is stored with the game."""

from __future__ import annotations

from banker.rules.board import edition_to_json
from banker.rules.editions import load_edition
from banker.service import GameService
from banker.service.broker import Broker


def springfield() -> dict:
    data = edition_to_json(load_edition("us"))
    data["edition"] = "Springfield"
    data["properties"][-1]["name"] = data["spaces"][39]["name"] = "Evergreen Terrace"
    data["properties"][-1]["price"] = 450
    return data


def test_a_custom_edition_game_folds_to_the_same_state_after_a_restart(service):
    game = service.create_game(["Ann", "Bob"], edition=springfield())
    game_id, banker = game.game.id, game.banker.token
    service.run(game_id, banker, {"type": "buy", "player": 1, "deed": 39})
    service.run(game_id, banker, {"type": "pay_rent", "player": 2, "deed": 39})
    service.run(game_id, banker, {"type": "pay_tax", "player": 2, "space": 38})
    restarted = GameService(service.engine, Broker())  # an empty cache, like a restarted server
    state = restarted.state(game_id)
    assert state == service.state(game_id)
    assert state.edition.id == "custom" and state.deed(39).name == "Evergreen Terrace"
    assert state.player(1).cash == 1500 - 450 + 50
    assert edition_to_json(state.edition) == springfield()
    assert restarted.history(game_id, limit=None)[1].text == "Bob paid Ann $50 (rent for Evergreen Terrace)"
