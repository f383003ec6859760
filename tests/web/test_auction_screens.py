"""The auction on every phone through the test client, on the app's fake clock."""

from __future__ import annotations

import re

import pytest

from tests.support.web import HTMX, csrf_token, do, page, seq, text

BOARDWALK = 39


def bid_buttons(html: str) -> list[str]:
    return re.findall(r'<button class="btn bid"[^>]*>\s*<strong[^>]*>([^<]+)</strong>', html)


def bid_notes(html: str) -> list[str]:
    """What each quick bid says under its amount: how much it raises the high bid, or "opening"."""
    return re.findall(
        r'<button class="btn bid"[^>]*>\s*<strong[^>]*>[^<]+</strong><small>([^<]+)</small>', html
    )


@pytest.fixture
def auction(table):
    response = do(table["Ann"], table["id"], type="decline", player=1, deed=BOARDWALK)
    assert response.status_code == 200, text(response)
    assert "Ann did not buy Boardwalk; the bank auctions it" in text(response)
    return table


def test_declining_puts_the_auction_on_every_phone(auction):
    for name in ("Ann", "Bob", "Cy"):
        html = page(auction[name], auction["id"])
        assert 'id="auction-title" data-kind="Auction">Boardwalk<' in html
        assert "No bids yet" in html
        assert bid_buttons(html) == ["$1", "$10", "$50", "$100"]
        assert bid_notes(html) == ["opening"] * 4  # with no bid there is nothing to raise by $1
        assert 'data-ends-in="20.00"' in html
        # a bid typed in is asked for before it is sent: a blank one was refused "amount 값이 없습니다"
        custom = re.search(r'<form class="row custom-bid".*?</form>', html, re.S).group(0)
        assert re.search(r'<input name="amount"[^>]* required>', custom)


def test_a_bid_shows_on_the_other_phones_with_the_next_steps(app, auction):
    response = do(auction["Bob"], auction["id"], type="bid", player=2, amount=60, deed=BOARDWALK)
    assert "You bid $60 for Boardwalk" in text(response)
    cy = page(auction["Cy"], auction["id"])
    assert '<span class="amount">$60</span>' in cy and "Bob</span>" in cy
    assert bid_buttons(cy) == ["$61", "$70", "$110", "$160"]
    assert bid_notes(cy) == ["+$1", "+$10", "+$50", "+$100"]
    assert "You hold the high bid." in page(auction["Bob"], auction["id"])


def test_a_late_bid_leaves_eight_seconds_on_every_clock(app, clock, auction):
    clock.advance(18)
    do(auction["Bob"], auction["id"], type="bid", player=2, amount=5)
    assert 'data-ends-in="8.00"' in page(auction["Cy"], auction["id"])


def test_when_the_clock_runs_out_the_winner_pays_and_every_phone_hears_sold(app, clock, auction):
    do(auction["Bob"], auction["id"], type="bid", player=2, amount=420)
    before = seq(app, auction["id"])
    clock.advance(20)
    live = auction["Cy"].get(f"/g/{auction['id']}/live?view=player&seq={before}", headers=HTMX)
    html = text(live)
    toast = '<p class="toast ok" role="status"><span class="said"><button type="button" class="more"'
    assert '<div hx-swap-oob="innerHTML:#toast">' + toast in html
    assert "data-more><span>Sold! Bob bought Boardwalk for $420</span></button>" in html  # the news first
    assert "auction-title" not in html
    state = app.extensions["banker"].state(auction["id"])
    assert state.holding(BOARDWALK).owner == 2 and state.player(2).cash == 1080
    assert 'aria-label="Boardwalk, dark blue group, Bob' in page(auction["Ann"], auction["id"])


def test_the_banker_can_sell_now_or_cancel(app, auction):
    bank = page(auction["host"], auction["id"], "/bank")
    assert "Sold now" not in bank and "Close now" in bank and "Cancel auction" in bank
    do(auction["Cy"], auction["id"], type="bid", player=3, amount=30)
    assert "Sold now" in page(auction["host"], auction["id"], "/bank")
    response = do(auction["host"], auction["id"], "bank", type="close_auction")
    assert "Sold! Cy bought Boardwalk for $30" in text(response)
    assert app.extensions["banker"].state(auction["id"]).holding(BOARDWALK).owner == 3


def test_the_banker_bids_for_the_player_it_acts_for(app, auction):
    response = do(auction["host"], auction["id"], "bank", type="bid", player=3, amount=15)
    assert "Cy bid $15 for Boardwalk" in text(response)


BAD_BIDS = [
    ({"player": 2, "amount": 0}, 400, "The amount must be more than 0."),
    ({"player": 2, "amount": "lots"}, 400, "The amount must be a whole number."),
    (
        {"player": 2, "amount": 1501},
        409,
        "You could raise $1,500 in all (cash, mortgages and half the buildings): a bid of $1,501 is more than "
        "you could pay.",
    ),
    ({"player": 1, "amount": 10}, 403, "This phone belongs to Bob; it can only act for them."),
    ({"player": 2, "amount": 10, "deed": 37}, 409, "This auction is for Boardwalk, not Park Place."),
]


@pytest.mark.parametrize(("fields", "status", "message"), BAD_BIDS, ids=[m for _, _, m in BAD_BIDS])
def test_a_bad_bid_gets_a_clear_message_and_changes_nothing(app, auction, fields, status, message):
    before = seq(app, auction["id"])
    response = do(auction["Bob"], auction["id"], type="bid", **fields)
    assert response.status_code == status and message in text(response)
    assert seq(app, auction["id"]) == before


def test_an_outbid_phone_is_told_who_got_there_first(app, auction):
    do(auction["Cy"], auction["id"], type="bid", player=3, amount=100)
    response = do(auction["Bob"], auction["id"], type="bid", player=2, amount=100)
    assert response.status_code == 409
    assert "Outbid: Cy has bid $100; bid at least $101." in text(response)


def test_a_bid_after_the_clock_ran_out_is_too_late(app, clock, auction):
    clock.advance(21)
    response = do(auction["Bob"], auction["id"], type="bid", player=2, amount=10)
    assert response.status_code == 409
    assert "Too late: the clock ran out on the auction of Boardwalk." in text(response)


def test_bidding_without_an_auction_or_opening_a_second_is_refused(app, table):
    response = do(table["Bob"], table["id"], type="bid", player=2, amount=10)
    assert response.status_code == 409 and "There is no auction under way." in text(response)
    do(table["Ann"], table["id"], type="decline", player=1, deed=BOARDWALK)
    response = do(table["Bob"], table["id"], type="decline", player=2, deed=37)
    assert "The auction of Boardwalk is still under way; one auction at a time." in text(response)


def test_only_the_banker_starts_a_building_auction(app, table):
    response = do(table["Bob"], table["id"], type="start_building_auction", kind="house")
    assert response.status_code == 403 and "Only the banker can do that." in text(response)


def test_a_building_auction_lists_each_lot_ready_for_the_building(app, table):
    service = app.extensions["banker"]
    banker = service.seats.of(table["id"])[0].token
    for command in (
        {"type": "buy", "player": 1, "deed": 37},
        {"type": "buy", "player": 1, "deed": 39},
        {"type": "buy", "player": 2, "deed": 1},
        {"type": "buy", "player": 2, "deed": 3},
        {"type": "start_building_auction", "kind": "house"},
    ):
        service.run(table["id"], banker, command)
    bank = page(table["host"], table["id"], "/bank")
    assert "A house on <strong>Park Place</strong> (Ann) · at least $200" in bank
    assert "A house on <strong>Mediterranean Avenue</strong> (Bob) · at least $50" in bank
    # one panel for every phone (rendered once); each phone's script keeps its own player's lots
    bob = re.search(
        r'<section class="card auction".*?</section>', page(table["Bob"], table["id"]), re.S
    ).group(0)
    rows = set(re.findall(r'<div class="bid-row" data-player="(\d)">.*?<strong>([^<]+)</strong>', bob, re.S))
    assert rows == {
        ("1", "Park Place"),
        ("1", "Boardwalk"),
        ("2", "Mediterranean Avenue"),
        ("2", "Baltic Avenue"),
    }
    response = do(table["Bob"], table["id"], type="bid", player=2, amount=50, deed=1)
    assert "You bid $50 for a house on Mediterranean Avenue" in text(response)


def test_the_api_shows_the_auction(client, app, auction):
    token = app.extensions["banker"].seats.of(auction["id"])[2].token
    do(auction["Bob"], auction["id"], type="bid", player=2, amount=25)
    body = client.get(f"/api/games/{auction['id']}", headers={"Authorization": f"Bearer {token}"}).get_json()
    assert body["auction"] == {
        "kind": "deed",
        "deed": BOARDWALK,
        "high_bid": 25,
        "high_bidder": 2,
        "lot": None,
        "step": 1,
        "least_bid": 26,
        "deadline": body["auction"]["deadline"],
        "seconds_left": 20.0,
        "excluded": [],
    }


def test_the_banker_starts_a_building_auction_from_the_bank_screen(app, table):
    assert "Auction a house" in page(table["host"], table["id"], "/bank")
    response = do(table["host"], table["id"], "bank", type="start_building_auction", kind="hotel")
    assert "The bank auctions a hotel" in text(response)
    assert "None of your lots is ready for a hotel just now." in page(table["Ann"], table["id"])


def test_a_game_without_auctions_offers_the_bank_no_building_auction(app):
    game = app.extensions["banker"].create_game(["Ann", "Bob"], options={"auctions": False})
    host = app.test_client()
    host.post(
        f"/seat/{game.banker.token}", data={"csrf_token": csrf_token(host, f"/seat/{game.banker.token}")}
    )
    bank = page(host, game.game.id, "/bank")
    assert "Acting for" in bank and "Building shortage" not in bank and "Auction a house" not in bank


def test_a_phone_that_joins_late_sees_the_auction_under_way(app, clock):
    from tests.support.web import join

    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"])
    service.run(game.game.id, game.banker.token, {"type": "decline", "player": 1, "deed": BOARDWALK})
    service.run(game.game.id, game.banker.token, {"type": "bid", "player": 1, "amount": 75})
    clock.advance(5)
    late = app.test_client()
    join(late, game.game.join_code, 2)
    html = page(late, game.game.id)
    assert (
        'id="auction-title" data-kind="Auction">Boardwalk<' in html
        and '<span class="amount">$75</span>' in html
    )
    assert 'data-ends-in="15.00"' in html and bid_buttons(html)[0] == "$76"
