"""The auction variants on the screens: the bank's opening price on the auction panel, the phones
reading it, the decliner's phone told why it has no bids, and the rules page naming each variant."""

from __future__ import annotations

import pytest

from tests.support.web import do, page, readable, refusal, take_seat, text


@pytest.fixture
def speed(app, client):
    """A speed-die game (its source, 000: the bank names the opening price, no lot unsold) with
    the decliner barred; the bank, Ann and Bob each on a phone of their own."""
    created = client.post(
        "/api/games",
        json={"players": ["Ann", "Bob", "Cy"], "preset": "speed", "options": {"decliner_barred": True}},
    ).get_json()
    phones = {"id": created["id"]}
    for name, token in (
        ("bank", created["banker_token"]),
        *((p["name"], p["token"]) for p in created["players"]),
    ):
        phones[name] = app.test_client()
        take_seat(phones[name], f"/seat/{token}")
    return phones


def test_the_bank_names_the_opening_price_and_every_phone_reads_it(app, speed):
    game_id = speed["id"]
    do(speed["Ann"], game_id, type="decline", player=1, deed=39)
    assert "Open at this price" in readable(page(speed["bank"], game_id, "/bank"))
    reply = do(speed["bank"], game_id, "bank", type="set_opening_price", amount=300)
    assert "The bank opens the auction of Boardwalk at $300" in text(reply)
    assert "Opens at $300" in readable(page(speed["Bob"], game_id))
    refused = do(speed["Bob"], game_id, type="bid", player=2, amount=250)
    assert refusal(refused) == "The opening bid for Boardwalk is at least $300."
    do(speed["Bob"], game_id, type="bid", player=2, amount=300)
    assert "Open at this price" not in readable(page(speed["bank"], game_id, "/bank"))
    assert app.extensions["banker"].state(game_id).auction.high_bid == 300


def test_a_lot_nobody_bid_for_runs_again_from_the_least_bid_without_a_new_opening_price(app, speed):
    game_id = speed["id"]
    do(speed["Ann"], game_id, type="decline", player=1, deed=39)
    do(speed["bank"], game_id, "bank", type="set_opening_price", amount=300)
    reply = do(speed["bank"], game_id, "bank", type="close_auction")
    assert "Nobody bid $300 for Boardwalk: the bank auctions it again from the least bid" in text(reply)
    bank = readable(page(speed["bank"], game_id, "/bank"))
    assert "Close now" in bank and "Open at this price" not in bank
    assert 'placeholder="At least $1"' in page(speed["Bob"], game_id)


def test_only_the_bank_names_the_opening_price_and_only_where_the_rules_say(app, speed, table):
    do(speed["Ann"], speed["id"], type="decline", player=1, deed=39)
    assert refusal(do(speed["Bob"], speed["id"], type="set_opening_price", amount=300)) == (
        "Only the banker can do that."
    )
    do(table["Ann"], table["id"], type="decline", player=1, deed=39)
    assert "Open at this price" not in readable(page(table["host"], table["id"], "/bank"))


def test_the_decliners_phone_says_why_it_has_no_bids(app, speed):
    game_id = speed["id"]
    do(speed["Ann"], game_id, type="decline", player=1, deed=39)
    assert "You declined to buy it (or could not take it when you won): you sit this auction out." in text(
        speed["Ann"].get(f"/g/{game_id}")
    )
    assert refusal(do(speed["Ann"], game_id, type="bid", player=1, amount=10)) == (
        "You declined to buy Boardwalk and may not bid for it."  # on Ann's own phone
    )


def test_the_rules_page_names_the_auction_variants_in_play(app, speed, table):
    rules = readable(page(speed["bank"], speed["id"], "/rules?view=bank"))
    assert "The bank may name an auction's opening price before the first bid." in rules
    assert "Nobody bids at the opening price? The auction runs again from the least bid." in rules
    assert "A player who declines to buy a deed may not bid for it." in rules
    assert "opening price" not in readable(page(table["host"], table["id"], "/rules?view=bank"))
