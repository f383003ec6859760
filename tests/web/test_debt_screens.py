"""Debts and bankruptcy on the phones, through the test client."""

from __future__ import annotations

import pytest

from tests.support.web import as_banker, buttons, debt_card, do, page, readable, refusals, seq, tap, text

BOARDWALK, PARK_PLACE = 39, 37


@pytest.fixture
def owing(app, table):
    """Cy (browns, a house each) lands on Ann's Boardwalk hotel: owes $2,000 with $1,220."""
    build = [{"type": "build", "deed": d} for _ in range(5) for d in (PARK_PLACE, BOARDWALK)]
    as_banker(
        app,
        table["id"],
        {"type": "collect_from_bank", "player": 1, "amount": 1500, "reason": "setup"},
        {"type": "buy", "player": 1, "deed": PARK_PLACE},
        {"type": "buy", "player": 1, "deed": BOARDWALK},
        *build,
        {"type": "buy", "player": 3, "deed": 1},
        {"type": "buy", "player": 3, "deed": 3},
        {"type": "build", "deed": 1},
        {"type": "build", "deed": 3},
        {"type": "pay_bank", "player": 3, "amount": 60, "reason": "setup"},
    )
    response = do(table["Cy"], table["id"], type="pay_rent", player=3, deed=BOARDWALK)
    assert "You owe Ann $2,000 (rent for Boardwalk with a hotel): not enough cash yet" in text(response)
    return table


def test_the_debtor_sees_what_to_raise_and_every_way_to_raise_it(owing):
    card = debt_card(page(owing["Cy"], owing["id"]))
    assert "You owe $2,000" in card and "Ann $2,000 (rent for Boardwalk with a hotel)" in card
    assert "You have $1,220: raise <strong>$780</strong> more." in card
    assert "Sell a house on Mediterranean Avenue · +$25" in readable(card)
    assert "Sell a house on Baltic Avenue · +$25" in readable(card)
    assert "Pay $2,000 once raised" in card
    assert "Declare bankruptcy" in card  # $1,220 + $50 + $60 could still not make $2,000


def test_the_creditor_and_the_banker_see_the_debt(owing):
    assert "Cy owes you $2,000" in page(owing["Ann"], owing["id"])
    assert "Cy owes $2,000" in debt_card(page(owing["host"], owing["id"], "/bank"))


def test_a_debtor_cannot_buy_until_the_debt_is_paid(app, owing):
    response = do(owing["Cy"], owing["id"], type="buy", player=3, deed=5)
    assert response.status_code == 409
    assert "You owe $2,000: pay that first; raise $780 more" in text(response)  # Cy's own phone
    as_bank = do(owing["host"], owing["id"], "bank", type="buy", player=3, deed=5)
    assert as_bank.status_code == 409
    assert "Cy owes $2,000: pay that first; raise $780 more" in text(as_bank)


def test_the_debtors_phone_shows_a_tax_to_the_bank_held_and_the_banks_sheet_may_charge_it(owing):
    """What would pay the bank while Cy owes a player is refused on Cy's own phone (the bankruptcy
    would then go to the bank, Ann getting nothing), and the sheet says so before the tap."""
    held = "You owe $2,000: pay that first (sell buildings, mortgage or trade)."  # Cy's own phone
    on_the_phone = tap(owing["Cy"], owing["id"], 38)
    assert buttons(on_the_phone) == ["✕"] and refusals(on_the_phone) == [held]  # only the close
    assert "Pay Luxury Tax" in readable(on_the_phone)
    as_bank = tap(owing["host"], owing["id"], 38, view="bank", player=3)
    assert buttons(as_bank) == ["✕", "Pay Luxury Tax · −$100"]
    assert held not in as_bank
    refused = do(owing["Cy"], owing["id"], type="pay_tax", player=3, space=38)
    assert refused.status_code == 409 and held in text(refused)


def test_paying_the_debt_once_the_cash_is_there(app, owing):
    as_banker(app, owing["id"], {"type": "collect_from_bank", "player": 3, "amount": 800, "reason": "loan"})
    assert "The cash covers it now." in debt_card(page(owing["Cy"], owing["id"]))
    response = do(owing["Cy"], owing["id"], type="pay_debt", player=3)
    assert "You paid Ann $2,000" in text(response)
    assert 'class="card debt"' not in page(owing["Cy"], owing["id"])
    state = app.extensions["banker"].state(owing["id"])
    assert state.player(3).cash == 20 and state.debts == ()


def test_bankruptcy_to_a_player_leaves_a_gracious_screen_and_the_creditor_a_choice(app, owing):
    as_banker(
        app,
        owing["id"],
        *({"type": "sell_building", "deed": d} for d in (1, 3)),
        {"type": "mortgage", "deed": 1},
    )
    response = do(owing["Cy"], owing["id"], type="declare_bankruptcy", player=3)
    # the headline first
    assert "data-more><span>You are bankrupt and out of the game</span></button>" in text(response)
    cy = page(owing["Cy"], owing["id"])
    assert "You're out" in cy and "You finished 3 of 3. Stay and watch" in cy and "Passed GO" not in cy
    ann = page(owing["Ann"], owing["id"])
    assert "Mortgaged deed received" in ann
    assert "Keep it mortgaged · −$3" in readable(ann) and "Lift the mortgage now · −$33" in readable(ann)
    # the same choice left open at the game's end is the tally's, not a card to answer
    as_banker(app, owing["id"], {"type": "end_game"})
    assert "Mortgaged deed received" not in page(owing["Ann"], owing["id"])
    assert "Mortgaged deed received" not in page(owing["host"], owing["id"], "/bank")
    as_banker(app, owing["id"], {"type": "undo"})
    assert "Mortgaged deed received" in page(owing["Ann"], owing["id"])
    before = seq(app, owing["id"])
    response = do(owing["Ann"], owing["id"], type="settle_mortgage", player=1, deed=1, choice="lift")
    assert "You paid the bank $33" in text(response) and seq(app, owing["id"]) == before + 1
    assert "Mortgaged deed received" not in page(owing["Ann"], owing["id"])


def test_bankruptcy_while_money_can_still_be_raised_is_refused(app, table):
    as_banker(app, table["id"], {"type": "buy", "player": 2, "deed": BOARDWALK})
    as_banker(app, table["id"], {"type": "pay_bank", "player": 2, "amount": 1200, "reason": "x"})
    bob = page(table["Bob"], table["id"])
    assert "Declare bankruptcy" not in debt_card(bob)
    response = do(table["Bob"], table["id"], type="declare_bankruptcy", player=2)
    assert response.status_code == 409
    assert "You could still raise $1,300 towards the $1,200 owed" in text(response)  # Bob's own phone
    as_bank = do(table["host"], table["id"], "bank", type="declare_bankruptcy", player=2)
    assert "Bob could still raise $1,300 towards the $1,200 owed" in text(as_bank)


def test_the_last_player_standing_wins_on_every_screen(app, client):
    from tests.support.web import join

    game = app.extensions["banker"].create_game(["Ann", "Bob"])
    join(client, game.game.join_code, 1)
    as_banker(app, game.game.id, {"type": "pay_bank", "player": 2, "amount": 1600, "reason": "x"})
    as_banker(app, game.game.id, {"type": "declare_bankruptcy", "player": 2})
    html = page(client, game.game.id)
    assert "Game over" in html and "Ann wins!" in html and "Passed GO" not in html


def test_a_bankrupt_players_deeds_auctioned_one_after_another_say_which_come_next(app, table):
    # the first deed's auction gave no sign the others would follow it under the hammer
    game_id = table["id"]
    as_banker(
        app,
        game_id,
        {"type": "buy", "player": 2, "deed": 1},
        {"type": "buy", "player": 2, "deed": 3},
        {"type": "buy", "player": 2, "deed": 5},
        {"type": "pay_bank", "player": 2, "amount": 1300, "reason": "losses"},
        {"type": "pay_bank", "player": 2, "amount": 500, "reason": "a fine"},
        {"type": "declare_bankruptcy", "player": 2},
    )
    html = page(table["Ann"], game_id)
    assert 'id="auction-title" data-kind="Auction">Mediterranean Avenue<' in html
    assert "Then under the hammer: Baltic Avenue and Reading Railroad" in html
