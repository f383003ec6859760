from __future__ import annotations

import pytest

from tests.support.web import do, join, join_code, new_game


@pytest.fixture
def table(app):
    """A game for Ann, Bob and Cy: the host's client holds the bank, one client per phone."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob", "Cy")
    code = join_code(host, game_id)
    phones = {}
    for player_id, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
        phones[name] = app.test_client()
        join(phones[name], code, player_id)
    return {"id": game_id, "code": code, "host": host, **phones}


@pytest.fixture
def bought(app, table):
    """Ann owns the brown group and Reading Railroad, Bob owns two railroads and Electric Company."""
    game_id = table["id"]
    for player, deed in ((1, 1), (1, 3), (1, 5), (2, 15), (2, 25), (2, 12)):
        assert do(table["host"], game_id, "bank", type="buy", player=player, deed=deed).status_code == 200
    return table
