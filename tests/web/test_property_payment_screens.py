"""Paying a debt with property on the phones (Monopoly 2.0's rule, here on the classic board so
the deeds can be bought outright): the debt panel opens the screen, each tick brings the new
total, and the confirm hands the deeds over."""

from __future__ import annotations

import re

import pytest

from banker.rules.state import FREE_PARKING
from tests.support.web import HTMX, as_banker, debt_card, do, readable, seated, take_seat, text


@pytest.fixture
def owing(app):
    """Ann (browns, a house on each) owes the bank $1,400 with $1,280."""
    game_id, ann, bob, service = seated(app, pay_with_property=True, build_whole_group=True, sell_back=False)
    as_banker(
        app,
        game_id,
        {"type": "buy", "player": 1, "deed": 1},
        {"type": "buy", "player": 1, "deed": 3},
        {"type": "build", "deed": 3},
        {"type": "pay_bank", "player": 1, "amount": 1400, "reason": "Fine"},
    )
    return game_id, ann, bob, service


def screen(client, game_id, **query):
    response = client.get(f"/g/{game_id}/pay-with-property", query_string=query, headers=HTMX)
    assert response.status_code == 200, text(response)
    return text(response)


def test_the_debt_panel_opens_the_screen_and_each_tick_counts_the_total(owing):
    game_id, ann, _, _ = owing
    card = debt_card(text(ann.get(f"/g/{game_id}")))
    assert f'hx-get="/g/{game_id}/pay-with-property?view=player&player=1"' in card
    assert "Pay with property</button>" in card and "a trade may still help" not in card
    opened = screen(ann, game_id, view="player")
    assert readable(opened).count("with the buildings of its group: $100") == 2
    assert "Mediterranean Avenue · $60" in opened and "Baltic Avenue · $60" in opened
    assert "Deeds and buildings: $0 of the $1,400 owed. The other $1,400 in cash." in opened
    assert "Tick the deeds to hand over." in opened  # the confirm waits for a tick
    ticked = screen(ann, game_id, view="player", to=0, deeds=["3"])
    assert 'value="3" checked' in ticked and 'value="1" checked' not in ticked
    assert "Deeds and buildings: $160 of the $1,400 owed. The other $1,240 in cash." in ticked
    assert "Pay with these deeds · −$1,240" in readable(ticked)
    both = screen(ann, game_id, view="player", deeds=["1", "3"])  # the houses count once
    assert "Deeds and buildings: $220 of the $1,400 owed. The other $1,180 in cash." in both
    closed = screen(ann, game_id, view="player", close=1)  # the button again
    assert "Pay with property</button>" in closed and "Deeds and buildings" not in closed


def test_the_confirm_hands_the_deed_and_its_groups_houses_over(owing):
    game_id, ann, _, service = owing
    payload = re.search(r"hx-vals='([^']*pay_with_property[^']*)'", screen(ann, game_id, deeds=["3"])).group(
        1
    )
    assert '"deeds": "3"' in payload
    response = do(ann, game_id, type="pay_with_property", player=1, to=0, deeds="3")
    assert response.status_code == 200
    state = service.state(game_id)
    assert state.player(1).cash == 40 and not state.debts and state.houses == 32
    assert state.holding(3).owner == 0 and state.holding(1).owner == 1
    assert "You paid the bank $1,240 (the rest of the debt in cash)" in text(response)


def test_the_bank_pays_with_property_for_the_player_it_acts_for(app, owing):
    game_id, _, _, service = owing
    host = app.test_client()
    take_seat(host, f"/seat/{service.seats.of(game_id)[0].token}")
    bank = text(host.get(f"/g/{game_id}/bank"))
    assert f'hx-get="/g/{game_id}/pay-with-property?view=bank&player=1"' in debt_card(bank)
    opened = screen(host, game_id, view="bank", player=1, deeds=["1"])
    assert '<input type="hidden" name="player" value="1">' in opened
    assert "Deeds and buildings: $160 of the $1,400 owed. The other $1,240 in cash." in opened
    response = do(host, game_id, "bank", type="pay_with_property", player=1, deeds="1")
    assert response.status_code == 200 and service.state(game_id).holding(1).owner == 0


def test_a_refused_payment_says_why_and_nothing_moves(owing):
    game_id, ann, bob, service = owing
    response = do(ann, game_id, type="pay_with_property", player=1, deeds="39")
    assert response.status_code == 409 and "You do not own Boardwalk." in text(response)  # Ann's phone
    response = do(bob, game_id, type="pay_with_property", player=1, deeds="3")
    assert response.status_code == 403
    assert service.state(game_id).debts  # still owed
    # a screen for a player who owes nothing is its empty place
    assert screen(bob, game_id, view="player") == '<div id="property-2"></div>'


def test_a_debt_owed_only_to_the_free_parking_pot_offers_no_payment_with_deeds(app):
    """The pot takes cash: a button that opens a screen whose every confirm is refused is a trap."""
    game_id, ann, _, service = seated(app, pay_with_property=True, free_parking_jackpot=True)
    as_banker(
        app,
        game_id,
        {"type": "buy", "player": 1, "deed": 1},
        {"type": "pay_bank", "player": 1, "amount": 1400, "reason": "Fine"},
        {"type": "pay_tax", "player": 1, "space": 4},
    )
    assert [d.creditor for d in service.state(game_id).debts] == [FREE_PARKING]
    card = debt_card(text(ann.get(f"/g/{game_id}")))
    assert "Free Parking" in card and "Pay with property" not in card
    assert screen(ann, game_id, view="player") == '<div id="property-1"></div>'
