"""A purchase or a round of houses the cash cannot cover offers, right on the sheet, the ways to
raise the money: each sale or mortgage the rules allow now, with what it brings."""

from __future__ import annotations

from tests.web.helpers import do, readable, text
from tests.web.test_board import buttons, state, tap


def test_a_deed_the_cash_cannot_buy_offers_mortgages_and_sales_with_their_amounts(app, bought):
    game_id = bought["id"]
    do(bought["Ann"], game_id, type="build_group", deed=1, levels='{"1": 1, "3": 1}')
    do(bought["Ann"], game_id, type="pay_player", player=1, to=2, amount=900)  # $1,500 - 320 - 100 - 900
    sheet = tap(bought["Ann"], game_id, 39)
    assert "Ann has $180 and needs $220 more to pay $400." in readable(sheet)
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


def test_a_bidder_without_the_cash_for_the_least_bid_is_offered_the_ways_to_raise_it(bought):
    game_id = bought["id"]
    do(bought["Bob"], game_id, type="pay_player", player=2, to=1, amount=950)  # Bob has $0
    assert do(bought["Ann"], game_id, type="decline", player=1, deed=39).status_code == 200
    panel = text(bought["Bob"].get(f"/g/{game_id}"))
    panel = panel[panel.index('class="auction') :]
    assert "$1 short: raise it here" in panel
    assert buttons(panel[panel.index('class="raise-money"') :])[0] == "Mortgage Electric Company · +$75"
    assert "raise-money" not in text(bought["Cy"].get(f"/g/{game_id}"))  # Cy has the cash
