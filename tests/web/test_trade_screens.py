"""Trades on the phones: build an offer, see it live on the partner's phone, answer it."""

from __future__ import annotations

import re

import pytest

from tests.support.web import HTMX, as_banker, csrf_token, do, page, seq, text

BOARDWALK, PARK_PLACE, READING = 39, 37, 5


def post(client, path, data):
    return client.post(path, data=data, headers={**HTMX, "X-CSRFToken": csrf_token(client)})


def offer_card(html: str) -> str:
    return re.search(r'<section class="card trade-offer".*?</section>', html, re.S).group(0)


@pytest.fixture
def deeds(app, table):
    """Ann owns Boardwalk, Bob owns Park Place (mortgaged) and Reading Railroad."""
    as_banker(
        app,
        table["id"],
        {"type": "buy", "player": 1, "deed": BOARDWALK},
        {"type": "buy", "player": 2, "deed": PARK_PLACE},
        {"type": "buy", "player": 2, "deed": READING},
        {"type": "mortgage", "deed": PARK_PLACE},
    )
    return table


def test_the_offer_builder_lists_both_players_deeds(deeds):
    html = text(deeds["Ann"].get(f"/g/{deeds['id']}/trade/new?to=2", headers=HTMX))
    assert "Offer to Bob" in html and "You give" in html and "Bob gives" in html
    bank = text(deeds["host"].get(f"/g/{deeds['id']}/trade/new?view=bank&player=1&to=2", headers=HTMX))
    assert "Offer: Ann ↔ Bob" in bank and "Ann gives" in bank
    assert re.search(r'name="give_deeds" value="39"', html)
    assert re.search(r'name="get_deeds" value="37"', html) and re.search(r'name="get_deeds" value="5"', html)
    assert "keep it mortgaged ($18)" in html and "lift now ($193)" in html


def test_an_offer_shows_live_on_the_partners_phone_and_accepting_moves_everything(app, deeds):
    game_id = deeds["id"]
    response = post(
        deeds["Ann"],
        f"/g/{game_id}/trade",
        {
            "to": 2,
            "give_deeds": [BOARDWALK],
            "give_cash": "100",
            "get_deeds": [PARK_PLACE],
            "mortgage_37": "keep",
        },
    )
    assert response.status_code == 200, text(response)
    assert 'id="trade-form" hx-swap-oob="true"' in text(response)  # the builder folds away
    card = offer_card(page(deeds["Bob"], game_id))
    assert "Ann offers you a trade" in card
    assert "You give Park Place; you get Boardwalk and $100" in card
    assert "Waiting for Bob to answer" in page(deeds["Ann"], game_id)
    assert "trade-offer" not in page(deeds["Cy"], game_id)

    trade = app.extensions["banker"].state(game_id).trades[0].id
    response = post(deeds["Bob"], f"/g/{game_id}/trade/{trade}/accept", {})
    assert response.status_code == 200, text(response)
    state = app.extensions["banker"].state(game_id)
    assert state.holding(BOARDWALK).owner == 2 and state.holding(PARK_PLACE).owner == 1
    assert state.holding(PARK_PLACE).mortgaged
    assert state.player(1).cash == 1500 - 400 - 100 - 18  # the 10% fee to keep Park Place mortgaged
    assert state.player(2).cash == 1500 - 350 - 200 + 175 + 100
    assert state.trades == ()


def test_an_offer_for_other_deeds_of_a_player_with_a_mortgaged_one_goes(app, deeds):
    # the form sends the keep-or-lift choice drawn beside each of Bob's mortgaged deeds, asked for or
    # not: "Park Place is not part of what Ann receives" refused every offer to a player holding one
    form = {"to": 2, "give_cash": "300", "get_deeds": [READING], "mortgage_37": "keep"}
    response = post(deeds["Ann"], f"/g/{deeds['id']}/trade", form)
    assert response.status_code == 200, text(response)
    (trade,) = app.extensions["banker"].state(deeds["id"]).trades
    assert trade.get.deeds == (READING,) and trade.proposer_mortgages == ()


def test_an_offer_gone_out_of_date_says_so_to_both_sides_and_cannot_be_accepted(app, deeds):
    # its maker read "Waiting for Bob to answer" with no word, and Bob a live Accept that only refused;
    # then its maker's heading still said it waited for an answer that could not come
    game_id = deeds["id"]
    post(deeds["Ann"], f"/g/{game_id}/trade", {"to": 2, "give_cash": "300", "get_deeds": [READING]})
    post(deeds["Cy"], f"/g/{game_id}/trade", {"to": 2, "give_cash": "250", "get_deeds": [READING]})
    cy_offer = app.extensions["banker"].state(game_id).trades[1].id
    post(deeds["Bob"], f"/g/{game_id}/trade/{cy_offer}/accept", {})
    why = "This offer is out of date: Bob no longer owns Reading Railroad."
    ann = offer_card(page(deeds["Ann"], game_id))
    assert "Bob cannot accept your offer now" in ann and why in ann and "Withdraw my offer" in ann
    assert "Waiting for Bob" not in ann
    assert f'data-attention="{game_id}-trade-1-stale"' in ann  # it opens in the dock to say so
    bob = offer_card(page(deeds["Bob"], game_id))  # Bob's own phone: the deed was his
    to_bob = "This offer is out of date. You no longer own Reading Railroad."
    assert to_bob in bob and why not in bob
    assert re.search(r'<button class="btn primary wide" disabled>Accept</button>', bob)
    assert why in offer_card(page(deeds["host"], game_id, "/bank"))
    tapped = post(deeds["Bob"], f"/g/{game_id}/trade/1/accept", {})
    assert tapped.status_code == 409 and to_bob in text(tapped)


def test_the_bank_names_on_each_answer_the_player_it_answers_for(app, deeds):
    # the bank acting for Ann read plain Accept / Decline on Ann's offer to Bob: they answer for Bob
    game_id = deeds["id"]
    post(deeds["Ann"], f"/g/{game_id}/trade", {"to": 2, "give_cash": "300", "get_deeds": [READING]})
    bank = offer_card(page(deeds["host"], game_id, "/bank"))
    for label in ("Accept for Bob", "Decline for Bob", "Counter for Bob…", "Withdraw Ann's offer"):
        assert f">{label}</button>" in bank, label


def test_the_partner_chooses_to_lift_a_mortgaged_deed_received(app, deeds):
    game_id = deeds["id"]
    post(deeds["Bob"], f"/g/{game_id}/trade", {"to": 1, "give_deeds": [PARK_PLACE], "get_cash": "400"})
    card = offer_card(page(deeds["Ann"], game_id))
    assert "Park Place comes mortgaged" in card and "10% fee $18" in card and "Lift it now · $193" in card
    trade = app.extensions["banker"].state(game_id).trades[0].id
    post(deeds["Ann"], f"/g/{game_id}/trade/{trade}/accept", {"mortgage_37": "lift"})
    state = app.extensions["banker"].state(game_id)
    assert not state.holding(PARK_PLACE).mortgaged and state.player(1).cash == 1100 - 400 - 193


def test_declining_and_withdrawing_close_the_offer_and_the_other_side_is_told(app, deeds):
    game_id = deeds["id"]
    answers = (
        ("decline_trade", "Bob", 2, "Ann", "Bob declined your offer"),
        ("cancel_trade", "Ann", 1, "Bob", "Ann withdrew the offer to you"),
    )
    for answer, client, player, other, told in answers:
        post(deeds["Ann"], f"/g/{game_id}/trade", {"to": 2, "give_cash": "10", "get_deeds": [READING]})
        trade = app.extensions["banker"].state(game_id).trades[0].id
        before = seq(app, game_id)
        response = post(deeds[client], f"/g/{game_id}/do", {"type": answer, "player": player, "trade": trade})
        assert response.status_code == 200, text(response)
        assert app.extensions["banker"].state(game_id).trades == ()
        # the offer leaves the other phone with a word, not without one
        live = text(deeds[other].get(f"/g/{game_id}/live?view=player&seq={before}", headers=HTMX))
        said = re.search(r'<p class="toast ok" role="status"><span class="said">(.*?)</span>', live)
        assert said.group(1) == told
        cy = text(deeds["Cy"].get(f"/g/{game_id}/live?view=player&seq={before}", headers=HTMX))
        assert ("Bob declined Ann's offer" if player == 2 else "Ann withdrew the offer to Bob") in cy


def test_a_counter_offer_keeps_the_jail_card_the_offer_asked_for(app, deeds):
    # Counter… ticked the deeds and the cash but not the card: sent as drawn, it left the card out
    game_id = deeds["id"]
    as_banker(app, game_id, {"type": "card", "player": 2, "deck": "chance", "card": "CH09"})
    form = {"to": 2, "give_cash": "50", "get_deeds": [READING], "get_jail_cards": ["chance"]}
    post(deeds["Ann"], f"/g/{game_id}/trade", form)
    first = app.extensions["banker"].state(game_id).trades[0].id
    counter = text(deeds["Bob"].get(f"/g/{game_id}/trade/new?counter={first}", headers=HTMX))
    assert re.search(r'name="give_jail_cards" value="chance" checked', counter)
    fresh = text(deeds["Bob"].get(f"/g/{game_id}/trade/new?to=1", headers=HTMX))
    assert 'name="give_jail_cards" value="chance">' in fresh  # a new offer starts with nothing ticked


def test_a_counter_offer_starts_from_the_offer_turned_round_and_replaces_it(app, deeds):
    game_id = deeds["id"]
    post(deeds["Ann"], f"/g/{game_id}/trade", {"to": 2, "give_cash": "150", "get_deeds": [READING]})
    first = app.extensions["banker"].state(game_id).trades[0].id
    form = text(deeds["Bob"].get(f"/g/{game_id}/trade/new?counter={first}", headers=HTMX))
    assert "Counter-offer to Ann" in form
    assert re.search(r'name="give_deeds" value="5" checked', form) and 'name="get_cash"' in form
    assert 'value="150"' in form
    before = seq(app, game_id)
    post(
        deeds["Bob"],
        f"/g/{game_id}/trade",
        {"to": 1, "counter": first, "give_deeds": [READING], "get_cash": "180"},
    )
    trades = app.extensions["banker"].state(game_id).trades
    assert [(t.proposer, t.partner, t.get.cash) for t in trades] == [(2, 1, 180)]
    assert seq(app, game_id) == before + 1  # one action: one undo takes the counter-offer back whole
    # Ann's phone still shows Bob's counter-offer... which Bob withdraws meanwhile
    do(deeds["Bob"], game_id, type="cancel_trade", player=2, trade=trades[0].id)
    stale = deeds["Ann"].get(f"/g/{game_id}/trade/new?counter={trades[0].id}", headers=HTMX)
    assert stale.status_code == 409 and "it may have been answered or withdrawn" in text(stale)


def test_a_bad_offer_gets_a_clear_message_and_changes_nothing(app, deeds):
    before = seq(app, deeds["id"])
    response = post(deeds["Ann"], f"/g/{deeds['id']}/trade", {"to": 2, "give_cash": "5000"})
    assert response.status_code == 409
    assert "You have $1,100, not the $5,000 in the offer." in text(response)  # on Ann's own phone
    response = post(deeds["Ann"], f"/g/{deeds['id']}/trade", {"to": 2, "give_deeds": [READING]})
    assert response.status_code == 409 and "Reading Railroad" in text(response)
    assert seq(app, deeds["id"]) == before


def test_a_phone_cannot_accept_an_offer_made_to_someone_else(app, deeds):
    post(deeds["Ann"], f"/g/{deeds['id']}/trade", {"to": 2, "give_cash": "10", "get_deeds": [READING]})
    trade = app.extensions["banker"].state(deeds["id"]).trades[0].id
    response = post(deeds["Cy"], f"/g/{deeds['id']}/trade/{trade}/accept", {})
    assert response.status_code == 403
    assert app.extensions["banker"].state(deeds["id"]).trades != ()


def test_accepting_an_offer_withdrawn_meanwhile_is_told_so_from_a_phone_and_from_the_bank(app, deeds):
    game_id = deeds["id"]
    post(deeds["Bob"], f"/g/{game_id}/trade", {"to": 1, "give_deeds": [READING], "get_cash": "50"})
    trade = app.extensions["banker"].state(game_id).trades[0].id
    post(deeds["Bob"], f"/g/{game_id}/do", {"type": "cancel_trade", "player": 2, "trade": trade})
    before = seq(app, game_id)
    for client, view in ((deeds["Ann"], "player"), (deeds["host"], "bank")):
        response = post(client, f"/g/{game_id}/trade/{trade}/accept", {"view": view})
        assert response.status_code == 409
        assert f"There is no open trade offer #{trade}: it may have been answered or withdrawn." in text(
            response
        )
    assert seq(app, game_id) == before


def test_an_accept_sent_again_after_a_lost_answer_answers_as_the_first_time(app, deeds):
    """The page's Retry sends a tap again with its request_id (static/js/table.js)."""
    game_id = deeds["id"]
    post(deeds["Bob"], f"/g/{game_id}/trade", {"to": 1, "give_deeds": [READING], "get_cash": "50"})
    trade = app.extensions["banker"].state(game_id).trades[0].id
    first, again = (
        post(deeds["Ann"], f"/g/{game_id}/trade/{trade}/accept", {"request_id": "tap-7"}) for _ in range(2)
    )
    assert first.status_code == again.status_code == 200
    assert "You accepted: you get Reading Railroad; Bob gets $50" in text(again)
    assert app.extensions["banker"].state(game_id).player(1).cash == 1500 - 400 - 50


def test_the_other_phone_hears_of_the_trade_with_the_10_percent_fee_it_paid(app, deeds):
    game_id = deeds["id"]
    post(deeds["Ann"], f"/g/{game_id}/trade", {"to": 2, "give_deeds": [BOARDWALK], "get_deeds": [PARK_PLACE]})
    before = seq(app, game_id)
    trade = app.extensions["banker"].state(game_id).trades[0].id
    post(deeds["Bob"], f"/g/{game_id}/trade/{trade}/accept", {})
    live = text(deeds["Ann"].get(f"/g/{game_id}/live?view=player&seq={before}", headers=HTMX))
    # the news leads the money it moved for her, in one toast
    news = re.search(r'<li class="news">(.*?)</li>', live).group(1)
    fee = re.search(r'<li class="spend"><b>(.*?)</b> <span>(.*?)</span>', live).groups()
    assert (news, fee) == (
        "Bob accepted your offer: you get Park Place; Bob gets Boardwalk",
        ("−$18", "to the bank · 10% fee to keep Park Place mortgaged"),
    )
