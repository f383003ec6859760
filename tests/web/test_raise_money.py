"""A purchase or a round of houses the cash cannot cover offers, right on the sheet, the ways to
raise the money: each sale or mortgage the rules allow now, with what it brings."""

from __future__ import annotations

import re

from tests.support.web import buttons, do, readable, state, tap, text


def test_a_deed_the_cash_cannot_buy_offers_mortgages_and_sales_with_their_amounts(app, bought):
    game_id = bought["id"]
    do(bought["Ann"], game_id, type="build_group", deed=1, levels='{"1": 1, "3": 1}')
    do(bought["Ann"], game_id, type="pay_player", player=1, to=2, amount=900)  # $1,500 - 320 - 100 - 900
    sheet = tap(bought["Ann"], game_id, 39)
    assert "You have $180 and need $220 more to pay $400." in readable(sheet)  # Ann's own phone
    assert "$220 short: raise it here" in sheet
    assert buttons(sheet[sheet.index('class="raise-money"') :]) == [
        "Mortgage Reading Railroad · +$100",  # a mortgage first: it costs least to undo
        "Sell a house on Mediterranean Avenue · +$25",
        "Sell a house on Baltic Avenue · +$25",
    ]
    # a way to raise it opens the same deed again, to buy it once the cash is there
    response = do(bought["Ann"], game_id, type="mortgage", deed=5, then_space=39)
    assert state(app, game_id).player(1).cash == 280
    assert "Boardwalk" in text(response) and "$120 short: raise it here" in text(response)


def test_a_round_of_houses_the_cash_cannot_cover_offers_what_lies_outside_the_group(bought):
    game_id = bought["id"]
    do(bought["Ann"], game_id, type="pay_player", player=1, to=2, amount=1150)  # $30 left
    sheet = tap(bought["Ann"], game_id, 1)
    assert "$70 short: raise it here" in sheet  # a house on each brown: $100
    assert buttons(sheet[sheet.index('class="raise-money"') :]) == ["Mortgage Reading Railroad · +$100"]


def test_a_refusal_that_more_cash_would_not_mend_offers_no_ways_to_raise(bought):
    sheet = tap(bought["Ann"], bought["id"], 1, plan="2,0")  # uneven: cash is not the matter
    assert "Build evenly" in sheet and "raise-money" not in sheet
    assert "raise-money" not in tap(bought["Bob"], bought["id"], 39)  # Bob can pay for Boardwalk


def test_only_as_many_ways_as_it_takes_are_offered(bought):
    do(bought["Bob"], bought["id"], type="pay_player", player=2, to=1, amount=900)  # $50 left
    sheet = tap(bought["Bob"], bought["id"], 6)  # Oriental Avenue, $100
    assert "$50 short: raise it here" in sheet
    assert buttons(sheet[sheet.index('class="raise-money"') :]) == ["Mortgage Electric Company · +$75"]


def test_a_bidder_short_of_cash_may_bid_up_to_what_they_could_raise(app, bought):
    game_id = bought["id"]
    do(bought["Bob"], game_id, type="pay_player", player=2, to=1, amount=950)  # $0 and three deeds
    assert do(bought["Ann"], game_id, type="decline", player=1, deed=39).status_code == 200
    panel = text(bought["Bob"].get(f"/g/{game_id}"))
    panel = panel[panel.index('class="auction') :]
    bids = re.findall(r'<button class="btn bid" (disabled)?[^>]*>\s*<strong[^>]*>(\$[0-9,]+)</strong>', panel)
    assert [(amount, bool(disabled)) for disabled, amount in bids] == [
        ("$1", False),
        ("$10", False),
        ("$50", False),
        ("$100", False),
    ]
    # two railroads and Electric Company would raise $275: a bid up to it stands, a winner owes the rest
    refused = do(bought["Bob"], game_id, type="bid", player=2, amount=276)
    assert refused.status_code == 409 and "You could raise $275 in all" in readable(text(refused))
    assert do(bought["Bob"], game_id, type="bid", player=2, amount=275).status_code == 200
    assert state(app, game_id).auction.high_bid == 275
