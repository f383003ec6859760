from __future__ import annotations

import pytest

from tests.web.helpers import join, join_code, new_game


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
