"""JMA debts on the phones, through the test client: temporary bankruptcy's trades refused in
words, and a player bankrupt on the jail fine, whose deeds the landlord may take for the fine."""

from __future__ import annotations

import re

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

BALTIC, READING, PARK_PLACE, BOARDWALK = 3, 5, 37, 39


def tournament(app, client) -> tuple[str, dict]:
    """A JMA game for Ann, Bob and Cy, the client holding the bank, with a phone for each; Ann owns
    the dark blues, Bob Baltic and $20."""
    response = client.post(
        "/new", data={"csrf_token": csrf_token(client), "name": ["Ann", "Bob", "Cy"], "preset": "jma"}
    )
    game_id = response.headers["Location"].split("/")[2]
    phones = {}
    for player, name in enumerate(("Ann", "Bob", "Cy"), start=1):
        phones[name] = app.test_client()
        join(phones[name], join_code(client, game_id), player)
    as_banker(
        app,
        game_id,
        {"type": "buy", "player": 1, "deed": PARK_PLACE},
        {"type": "buy", "player": 1, "deed": BOARDWALK},
        {"type": "buy", "player": 2, "deed": BALTIC},
        {"type": "pay_bank", "player": 2, "amount": 1420, "reason": "setup"},
    )
    return game_id, phones


def on_the_fine(app, client) -> tuple[str, dict]:
    """Bob left jail owing the $50 fine and landed on Boardwalk: $100 rent he cannot raise either."""
    game_id, phones = tournament(app, client)
    as_banker(app, game_id, {"type": "go_to_jail", "player": 2}, {"type": "pay_jail_fine", "player": 2})
    do(phones["Bob"], game_id, type="pay_rent", player=2, deed=BOARDWALK)
    return game_id, phones


def propose(phone, game_id: str, form: dict):
    return phone.post(f"/g/{game_id}/trade", data=form, headers={**HTMX, "X-CSRFToken": csrf_token(phone)})


def trade_cards(html: str) -> str:
    return "".join(re.findall(r'<section class="card trade-offer".*?</section>', html, re.S))


def cards(html: str) -> str:
    return "".join(re.findall(r'<section class="card debt".*?</section>', html, re.S))


def test_the_landlord_is_offered_the_deeds_for_the_fine_and_takes_them(app, client):
    game_id, phones = on_the_fine(app, client)
    ann = cards(page(phones["Ann"], game_id))
    assert "Bob cannot pay the jail fine" in ann
    assert "Pay Bob's $50 jail fine, take the deeds" in ann
    assert "Ann may pay your jail fine and take your deeds." in cards(page(phones["Bob"], game_id))
    bank = cards(page(client, game_id, "/bank"))
    assert "Ann pays Bob's $50 jail fine, takes the deeds" in bank and "Declare bankruptcy" in bank
    response = do(phones["Ann"], game_id, type="pay_fine_take_deeds", player=1, debtor=2)
    assert "You paid the bank $50 (Bob's jail fine, for the deeds)" in text(response)
    assert "Ann takes over Bob's deeds: Baltic Avenue" in text(response)
    state = app.extensions["banker"].state(game_id)
    assert state.holding(BALTIC).owner == 1 and state.player(2).bankrupt and state.player(1).cash == 700
    assert "cannot pay the jail fine" not in page(phones["Ann"], game_id)


def test_only_the_landlord_may_take_the_deeds_for_the_fine(app, client):
    game_id, phones = on_the_fine(app, client)
    assert "jail fine, take the deeds" not in page(phones["Cy"], game_id)
    before = seq(app, game_id)
    response = do(phones["Cy"], game_id, type="pay_fine_take_deeds", player=3, debtor=2)
    assert response.status_code == 409 and refusal(response) == (
        "Only the player Bob owes for the space the piece landed on may pay the jail fine and take the deeds."
    )
    assert seq(app, game_id) == before


def test_a_classic_game_offers_no_deeds_for_the_fine(app, table):
    as_banker(
        app,
        table["id"],
        {"type": "buy", "player": 1, "deed": PARK_PLACE},
        {"type": "buy", "player": 1, "deed": BOARDWALK},
        {"type": "pay_bank", "player": 2, "amount": 1480, "reason": "setup"},
        {"type": "go_to_jail", "player": 2},
        {"type": "pay_jail_fine", "player": 2},
        {"type": "pay_rent", "player": 2, "deed": BOARDWALK},
    )
    assert "jail fine" not in cards(page(table["Ann"], table["id"]))
    assert "takes the deeds" not in page(table["host"], table["id"], "/bank")


def test_a_card_held_settles_the_fine_before_any_bankruptcy_or_rescue(app, client):
    """001 第3ターン: 「$50を支払うか、釈放券を使用し」: Bob, owing the $50 fine and $100 rent with $20,
    draws Community Chest's Get Out of Jail Free card; it settles the fine, and only then is the
    bankruptcy open, to Ann, for the rent."""
    game_id, phones = on_the_fine(app, client)
    as_banker(app, game_id, {"type": "card", "player": 2, "deck": "community_chest", "card": "CC05"})
    bob = cards(page(phones["Bob"], game_id))
    assert "Settle the jail fine with Get Out of Jail Free" in bob and "Declare bankruptcy" not in bob
    assert "cannot pay the jail fine" not in page(phones["Ann"], game_id)
    bank = cards(page(client, game_id, "/bank"))
    assert "takes the deeds" not in bank and "Declare bankruptcy" not in bank
    response = do(phones["Bob"], game_id, type="use_jail_card", player=2)
    assert (
        "Bob settled the jail fine with the Community Chest Get Out of Jail Free card, which goes back to its"
        " deck" in text(response)
    )
    bob = cards(page(phones["Bob"], game_id))
    assert "You owe $100" in bob and "Get Out of Jail Free" not in bob
    assert "Declare bankruptcy" in cards(page(client, game_id, "/bank"))
    state = app.extensions["banker"].state(game_id)
    assert [(d.creditor, d.amount) for d in state.debts] == [(1, 100)] and state.player(2).cash == 20


def test_in_a_classic_game_too_the_card_settles_the_fine_and_holds_off_bankruptcy(app, table):
    as_banker(
        app,
        table["id"],
        {"type": "pay_bank", "player": 2, "amount": 1480, "reason": "setup"},
        {"type": "go_to_jail", "player": 2},
        {"type": "pay_jail_fine", "player": 2},
        {"type": "card", "player": 2, "deck": "chance", "card": "CH09"},
    )
    bob = cards(page(table["Bob"], table["id"]))
    assert "You owe $50" in bob and "Declare bankruptcy" not in bob
    before = seq(app, table["id"])
    refused = do(table["host"], table["id"], "bank", type="declare_bankruptcy", player=2)
    assert refused.status_code == 409 and refusal(refused) == (
        "Bob holds a Get Out of Jail Free card: it settles the jail fine, so use it first."
    )
    assert seq(app, table["id"]) == before
    do(table["Bob"], table["id"], type="use_jail_card", player=2)
    assert cards(page(table["Bob"], table["id"])) == ""
    assert app.extensions["banker"].state(table["id"]).player(2).cash == 20


def test_a_deed_won_beyond_the_cash_is_raised_without_trading_and_the_others_trade_on(app, client):
    game_id, phones = tournament(app, client)
    as_banker(
        app,
        game_id,
        {"type": "decline", "player": 3, "deed": READING},
        {"type": "bid", "player": 2, "amount": 30},  # Bob has $20 and Baltic to mortgage
        {"type": "close_auction"},
    )
    card = readable(cards(page(phones["Bob"], game_id)))
    assert "Tournament rules: a purchase is paid in cash, raised without trading." in card
    assert "no one else trades meanwhile" not in card
    response = propose(phones["Bob"], game_id, {"to": 3, "give_deeds": [BALTIC], "get_cash": "60"})
    assert refusal(response) == (
        "Under the tournament rules a purchase is paid in cash: raise the $30 (won the auction for Reading "
        "Railroad) by mortgaging or selling buildings, not by trading."
    )
    assert (
        propose(phones["Cy"], game_id, {"to": 1, "give_cash": "400", "get_deeds": [PARK_PLACE]}).status_code
        == 200
    )


def test_the_debtor_is_told_which_trades_are_open_and_others_trading_is_refused(app, client):
    game_id, phones = tournament(app, client)
    do(phones["Bob"], game_id, type="pay_rent", player=2, deed=BOARDWALK)  # $100 with $20
    note = (
        "Tournament rules: trade only to clear this debt, with one player or several at once; no one "
        "else trades meanwhile."
    )
    assert note in readable(cards(page(phones["Bob"], game_id)))
    response = propose(phones["Cy"], game_id, {"to": 1, "give_cash": "200", "get_deeds": [PARK_PLACE]})
    assert refusal(response) == (
        "Under the tournament rules, while Bob cannot pay a debt in cash, trades are only with them."
    )
    assert (
        propose(phones["Cy"], game_id, {"to": 2, "give_cash": "80", "get_deeds": [BALTIC]}).status_code == 200
    )
    assert "Cy offers Bob $80 for Baltic Avenue" in readable(page(phones["Bob"], game_id))


def test_a_trade_that_only_helps_is_agreed_shown_waiting_and_put_through_once_the_rest_is_raised(app, client):
    game_id, phones = tournament(app, client)
    do(phones["Bob"], game_id, type="pay_rent", player=2, deed=BOARDWALK)  # $100 with $20
    propose(phones["Cy"], game_id, {"to": 2, "give_cash": "40", "get_deeds": [BALTIC]})  # $60 of $100
    response = do(phones["Bob"], game_id, type="accept_trade", player=2, trade=1)
    assert "You agreed to Cy's offer: it goes through once your agreed trades clear the debt" in readable(
        text(response)
    )
    state = app.extensions["banker"].state(game_id)
    assert state.trades[0].agreed and state.holding(BALTIC).owner == 2 and state.player(2).cash == 20
    for phone, waits in (
        (phones["Bob"], "It goes through once your agreed trades clear your debt."),
        (phones["Cy"], "It goes through once Bob's agreed trades clear the debt."),
    ):
        shown = readable(page(phone, game_id))
        assert "Agreed: Cy and Bob" in shown and waits in shown
    assert "Mortgage Baltic Avenue" not in readable(cards(page(phones["Bob"], game_id)))  # promised to Cy
    waiting = readable(trade_cards(page(phones["Bob"], game_id)))
    assert "Put the agreed trade through" in waiting
    assert "Together the agreed trades would leave you $60 for the $100 owed" in waiting  # Bob's phone
    assert "Put the agreed trade through" not in readable(page(phones["Cy"], game_id))  # Bob's to put through
    as_banker(
        app, game_id, {"type": "collect_from_bank", "player": 2, "amount": 40, "reason": "a correction"}
    )
    response = do(phones["Bob"], game_id, type="complete_agreed_trades", player=2)
    assert response.status_code == 200 and "You accepted: you get $40; Cy gets Baltic Avenue" in readable(
        text(response)
    )
    state = app.extensions["banker"].state(game_id)
    assert state.holding(BALTIC).owner == 3 and state.player(2).cash == 100 and state.trades == ()


def test_the_debtor_may_not_choose_bankruptcy_and_the_banker_declares_it(app, client):
    game_id, phones = on_the_fine(app, client)
    bob = cards(page(phones["Bob"], game_id))
    words = (
        "Under the tournament rules a player who cannot pay may not choose bankruptcy: make a trade "
        "that clears the debt. When no one will, the banker declares it."
    )
    assert words in readable(bob) and "Declare bankruptcy" not in bob
    before = seq(app, game_id)
    response = do(phones["Bob"], game_id, type="declare_bankruptcy", player=2)
    assert response.status_code == 409 and refusal(response) == words
    assert seq(app, game_id) == before
    assert "Declare bankruptcy" in cards(page(client, game_id, "/bank"))
    as_banker(app, game_id, {"type": "declare_bankruptcy", "player": 2})
    assert app.extensions["banker"].state(game_id).player(2).bankrupt


def test_the_creditor_takes_a_deed_for_the_debt_from_the_trade_form_once_a_rescue_was_offered(app, client):
    """002: a claim counts as cash in a trade; Ann forgives Bob's $100 for Baltic Avenue."""
    game_id, phones = tournament(app, client)
    do(phones["Bob"], game_id, type="pay_rent", player=2, deed=BOARDWALK)  # $100 with $20
    form = readable(text(phones["Ann"].get(f"/g/{game_id}/trade/new?to=2", headers=HTMX)))
    assert "You give" in form and "The $100 Bob owes counts as cash" in form
    in_lieu = {"to": 2, "give_claims": ["2:100"], "get_deeds": [BALTIC]}
    assert refusal(propose(phones["Ann"], game_id, in_lieu)).startswith(
        "Under the tournament rules Ann, who is owed by Bob, may trade with Bob only once another player"
    )
    propose(phones["Cy"], game_id, {"to": 2, "give_cash": "80", "get_deeds": [BALTIC]})  # Cy's rescue offer
    assert propose(phones["Ann"], game_id, in_lieu).status_code == 200
    shown = readable(page(phones["Bob"], game_id))
    assert "Ann offers Bob the $100 Bob owes for Baltic Avenue" in shown
    counter = text(phones["Bob"].get(f"/g/{game_id}/trade/new?counter=2", headers=HTMX))
    assert 'name="get_claims" value="2:100" checked' in counter  # a counter keeps the claim offered
    response = phones["Bob"].post(
        f"/g/{game_id}/trade/2/accept",
        data={"view": "player"},
        headers={**HTMX, "X-CSRFToken": csrf_token(phones["Bob"])},
    )
    assert response.status_code == 200
    state = app.extensions["banker"].state(game_id)
    assert state.debts == () and state.holding(BALTIC).owner == 1 and state.player(2).cash == 20
    before = seq(app, game_id)
    forged = propose(phones["Ann"], game_id, {"to": 3, "give_claims": ["2:100"], "get_cash": "10"})
    assert refusal(forged) == "Bob owes you nothing to hand over." and seq(app, game_id) == before  # Ann's
