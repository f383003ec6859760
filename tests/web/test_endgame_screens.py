"""The end of a game on the phones: the tally, the chart, the history to download."""

from __future__ import annotations

import csv
import io
import json

import pytest

from tests.support.web import as_banker, do, page, tally_rows, text

PARK_PLACE, BOARDWALK = 37, 39


@pytest.fixture
def played(app, table):
    """Ann owns the dark blues with a house each; Bob and Cy paid her rent; Cy won Reading Railroad
    at auction."""
    as_banker(
        app,
        table["id"],
        {"type": "buy", "player": 1, "deed": PARK_PLACE},
        {"type": "buy", "player": 1, "deed": BOARDWALK},
        {"type": "build", "deed": PARK_PLACE},
        {"type": "build", "deed": BOARDWALK},
        {"type": "pay_rent", "player": 2, "deed": BOARDWALK},
        {"type": "pay_rent", "player": 3, "deed": PARK_PLACE},
        {"type": "decline", "player": 2, "deed": 5},
        {"type": "bid", "player": 3, "amount": 230},
        {"type": "close_auction"},
    )
    return table


def test_the_banker_ends_the_game_and_every_phone_points_to_the_tally(app, played):
    response = do(played["host"], played["id"], "bank", type="end_game")
    assert "The table agreed to end the game: the game is over, and Ann wins" in text(response)
    for name in ("Ann", "Bob", "Cy"):
        html = page(played[name], played["id"])
        assert "Game over" in html and "Ann wins!" in html and "The tally, the biggest moments" in html
        assert html.count("<polyline") == 3 and "<strong>$1,875</strong>" in html


def test_only_the_banker_ends_the_game(app, played):
    response = do(played["Bob"], played["id"], type="end_game")
    assert response.status_code == 403 and "Only the banker can do that." in text(response)


def test_the_tally_ranks_everyone_with_cash_deeds_and_buildings(app, played):
    do(played["host"], played["id"], "bank", type="end_game")
    html = page(played["Bob"], played["id"], "/tally")
    # Ann: $1,500 - $750 - $400 + $200 + $175 rent = $725 cash; deeds $750; two houses $400
    assert tally_rows(html) == [
        "1 Ann Cash $725 Deeds $750 Buildings $400 $1,875",
        "2 Bob Cash $1,300 Deeds $0 Buildings $0 $1,300",
        "3 Cy Cash $1,095 Deeds $200 Buildings $0 $1,295",
    ]
    assert 'role="img" aria-label="Net worth over the game"' in html and html.count("<polyline") == 3
    assert "Biggest rent: Bob paid Ann $200 (rent for Boardwalk with 1 house)" in html
    assert "Dearest auction: Cy bought Reading Railroad for $230" in html


def test_a_tie_at_the_top_is_shown_as_a_tie(app, table):
    do(table["host"], table["id"], "bank", type="end_game")
    html = page(table["Ann"], table["id"], "/tally")
    assert "A tie at the top: Ann, Bob and Cy" in html
    assert html.count('1=<span class="sr-only"> (tied)</span>') == 3


def test_the_history_filters_by_player_and_downloads(app, played):
    everyone = page(played["Ann"], played["id"], "/history")
    only_cy = page(played["Ann"], played["id"], "/history?player=3")
    assert "Bob paid Ann $200" in everyone and "Bob paid Ann $200" not in only_cy
    assert "Cy paid Ann $175" in only_cy
    rows = list(csv.reader(io.StringIO(played["Ann"].get(f"/g/{played['id']}/history.csv?player=3").text)))
    assert rows[0] == ["seq", "what happened", "undone"] and any("Cy paid Ann $175" in r[1] for r in rows)
    data = json.loads(played["Ann"].get(f"/g/{played['id']}/history.json").text)
    assert data[0]["seq"] == 1 and "New game for Ann, Bob, Cy" in data[0]["text"]


def test_a_stranger_sees_no_tally_or_history(app, played):
    stranger = app.test_client()
    for path in ("/tally", "/history", "/history.csv"):
        assert stranger.get(f"/g/{played['id']}{path}").status_code == 403


def test_a_timed_game_ends_by_itself_when_any_phone_looks(app, clock):
    from tests.support.web import join

    game = app.extensions["banker"].create_game(["Ann", "Bob"], options={"end_at": int(clock() + 3600)})
    phone = app.test_client()
    join(phone, game.game.join_code, 1)
    assert "Game over" not in page(phone, game.game.id)
    clock.advance(3600)
    html = page(phone, game.game.id)
    assert "Game over" in html and "A tie at the top!" in html


def test_the_api_gives_the_tally_and_the_history(client, app, played):
    token = app.extensions["banker"].seats.of(played["id"])[0].token
    headers = {"Authorization": f"Bearer {token}"}
    body = client.get(f"/api/games/{played['id']}/tally", headers=headers).get_json()
    assert [(p["name"], p["total"], p["rank"]) for p in body["players"]] == [
        ("Ann", 1875, 1),
        ("Bob", 1300, 2),
        ("Cy", 1295, 3),
    ]
    history = client.get(f"/api/games/{played['id']}/history?player=2", headers=headers).get_json()
    assert history["older"] is None and all("Bob" in line["text"] for line in history["lines"][1:])


def test_finished_games_stay_in_the_archive_with_their_tally(app, played):
    do(played["host"], played["id"], "bank", type="end_game")
    home = text(played["host"].get("/"))
    assert "Your games on this phone" in home
    assert f'href="/g/{played["id"]}/tally"' in home and "Over · Ann won" in home
    assert played["host"].get(f"/g/{played['id']}/tally").status_code == 200
