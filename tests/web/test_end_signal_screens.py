"""The JMA tournament's signalled end on the screens: the bank's button, every phone's final-turn
line, and building refused in words."""

from __future__ import annotations

from tests.support.web import (
    HTMX,
    as_banker,
    csrf_token,
    do,
    join,
    join_code,
    page,
    readable,
    refusal,
    seq,
    text,
)

MEDITERRANEAN, BALTIC, READING = 1, 3, 5
FINAL_TURN = (
    "The end of the game is signalled: no more trades or building. Rent, taxes and cards are still"
    " paid until the banker ends the game."
)


def tournament(app, client) -> tuple[str, object]:
    """A JMA game for Ann and Bob, the client holding the bank; Ann's phone, Ann owning the browns and Reading."""
    response = client.post(
        "/new", data={"csrf_token": csrf_token(client), "name": ["Ann", "Bob"], "preset": "jma"}
    )
    game_id = response.headers["Location"].split("/")[2]
    ann = app.test_client()
    join(ann, join_code(client, game_id), 1)
    as_banker(
        app,
        game_id,
        *({"type": "buy", "player": 1, "deed": deed} for deed in (MEDITERRANEAN, BALTIC, READING)),
    )
    return game_id, ann


def test_the_bank_signals_the_end_and_every_phone_shows_the_final_turn(app, client):
    game_id, ann = tournament(app, client)
    assert "Signal the end" in page(client, game_id, "/bank") and FINAL_TURN not in page(ann, game_id)
    assert "Auction a house" in page(client, game_id, "/bank")
    response = do(client, game_id, "bank", type="signal_end")
    assert "The end of the game is signalled: the final turn is played out" in text(response)
    assert "Signal the end" not in page(client, game_id, "/bank")
    assert "Auction a house" not in page(client, game_id, "/bank")  # a house won is one built
    assert FINAL_TURN in page(ann, game_id) and FINAL_TURN in page(client, game_id, "/bank")


def test_a_classic_bank_has_no_end_to_signal(app, table):
    assert "Signal the end" not in page(table["host"], table["id"], "/bank")


def test_after_the_signal_a_trade_is_refused_in_words_and_changes_nothing(app, client):
    game_id, ann = tournament(app, client)
    do(client, game_id, "bank", type="signal_end")
    before = seq(app, game_id)
    response = do(ann, game_id, type="build", deed=MEDITERRANEAN)
    assert refusal(response) == (
        "The end of the game has been signalled: no more trades or building until the tally."
    )
    assert seq(app, game_id) == before


def test_after_the_signal_a_streets_sheet_offers_no_building(app, client):
    game_id, ann = tournament(app, client)
    sheet = text(ann.get(f"/g/{game_id}/space/{BALTIC}?view=player", headers=HTMX))
    assert 'class="plan' in sheet and "Your deed." in sheet
    do(client, game_id, "bank", type="signal_end")
    sheet = readable(text(ann.get(f"/g/{game_id}/space/{BALTIC}?view=player", headers=HTMX)))
    assert "Your deed. The end of the game is signalled: no more building." in sheet
    at_the_bank = readable(text(client.get(f"/g/{game_id}/space/{BALTIC}?view=bank&player=1", headers=HTMX)))
    assert "Ann's deed. The end of the game is signalled: no more building." in at_the_bank
    assert 'class="plan' not in sheet and "Mortgage" in sheet
    railroad = readable(text(ann.get(f"/g/{game_id}/space/{READING}?view=player", headers=HTMX)))
    assert "Your deed." in railroad and "no more building" not in railroad
