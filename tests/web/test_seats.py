"""The seats a phone holds: the bounded seat cookie, and seat links taken with a tap."""

from __future__ import annotations

from banker.web.seats import GAMES_KEPT
from tests.web.helpers import join, join_code, new_game, text


def test_the_seat_cookie_keeps_the_most_recent_games_well_under_a_browsers_4_kb(app, client):
    games = []
    for _ in range(GAMES_KEPT + 10):
        game_id = new_game(client, "Ann", "Bob")
        join(client, join_code(client, game_id), 1)  # a bank and a player seat in every game
        games.append(game_id)
    assert len(client.get_cookie("session").value) < 2048
    recent, older = games[-GAMES_KEPT:], games[:-GAMES_KEPT]
    for game_id in recent:
        assert client.get(f"/g/{game_id}/bank").status_code == 200
        assert 'aria-label="Your cash"' in text(client.get(f"/g/{game_id}"))
    for game_id in older:
        assert client.get(f"/g/{game_id}/bank").status_code == 403
    home = text(client.get("/"))
    assert all(f"/g/{game_id}" in home for game_id in recent)
    assert not any(f"/g/{game_id}" in home for game_id in older)

    oldest = games[0]  # its seat link brings it back, as the newest
    bank_token = app.extensions["banker"].seats(oldest)[0].token
    client.get(f"/seat/{bank_token}")
    assert client.get(f"/g/{oldest}/bank").status_code == 200
    assert client.get(f"/g/{games[-GAMES_KEPT]}/bank").status_code == 403


def test_a_seat_cookie_from_before_the_bound_still_opens_its_games(app, client):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    bank_token = app.extensions["banker"].seats(game_id)[0].token
    with client.session_transaction() as session:
        session["seats"] = {game_id: {"bank": bank_token}}
    assert client.get(f"/g/{game_id}/bank").status_code == 200
    join(client, join_code(client, game_id), 2)
    assert 'aria-label="Your cash"' in text(client.get(f"/g/{game_id}"))
    assert client.get(f"/g/{game_id}/bank").status_code == 200
