"""House rules and the other rule systems on the phones: the jackpot, Just Go, the Monopoly 2.0
market, Millionaire token levels."""

from __future__ import annotations

import re

from tests.web.helpers import HTMX, do, join, readable, take_seat, text


def seated(app, preset="classic", **options):
    """A game for Ann and Bob; returns (game id, Ann's phone, Bob's phone, the service)."""
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], preset=preset, options=options or None)
    phones = []
    for player in (1, 2):
        phone = app.test_client()
        join(phone, game.game.join_code, player)
        phones.append(phone)
    return game.game.id, phones[0], phones[1], service


def tap(client, game_id, position):
    return text(client.get(f"/g/{game_id}/space/{position}?view=player", headers=HTMX))


def test_the_jackpot_grows_with_taxes_shows_on_the_map_and_is_collected_at_free_parking(app):
    game_id, ann, bob, service = seated(app, free_parking_jackpot=True, jackpot_seed=500)
    assert "Jackpot $500" in text(ann.get(f"/g/{game_id}"))
    do(bob, game_id, type="pay_tax", player=2, space=4)
    assert "Jackpot $700" in text(ann.get(f"/g/{game_id}"))
    assert "Collect the jackpot · +$700" in readable(tap(ann, game_id, 20))
    do(ann, game_id, type="free_parking", player=1)
    state = service.state(game_id)
    assert state.player(1).cash == 2200 and state.free_parking == 500  # the bank seeds it again


def test_just_go_offers_double_for_landing_on_go(app):
    game_id, ann, _, service = seated(app, just_go=True)
    sheet = tap(ann, game_id, 0)
    assert "Collect the salary · +$200" in readable(sheet) and "Landed on GO · +$400" in readable(sheet)
    do(ann, game_id, type="pass_go", player=1, landed="true")
    assert service.state(game_id).player(1).cash == 1900


def test_the_monopoly2_market_sells_one_deed_a_turn(app):
    game_id, ann, _, service = seated(app, "monopoly2")
    html = text(ann.get(f"/g/{game_id}"))
    market = re.search(r'<section class="card market".*?</section>', html, re.S).group(0)
    face_up = service.state(game_id).market
    assert len(face_up) == 4 and readable(market).count("Buy · −$") == 4
    first, second = face_up[0], face_up[1]
    do(ann, game_id, type="buy_from_market", player=1, deed=first)
    market = re.search(
        r'<section class="card market".*?</section>', text(ann.get(f"/g/{game_id}")), re.S
    ).group(0)
    assert "already bought from the market this turn" in market
    response = do(ann, game_id, type="buy_from_market", player=1, deed=second)
    assert response.status_code == 409
    do(ann, game_id, type="next_turn", player=1)
    assert do(ann, game_id, type="buy_from_market", player=1, deed=second).status_code == 200


def test_a_deed_outside_a_monopoly_can_be_bought_from_its_owner_in_monopoly2(app):
    game_id, ann, bob, service = seated(app, "monopoly2")
    deed = service.state(game_id).market[0]
    do(ann, game_id, type="buy_from_market", player=1, deed=deed)
    name = service.state(game_id).deed(deed).name
    price = service.state(game_id).money(service.state(game_id).deed(deed).price)
    assert f"Buy it from Ann for {price}" in tap(bob, game_id, deed), f"no offer to buy {name} from Ann"


def test_millionaire_shows_amounts_in_k_and_sells_a_token_level_at_go(app):
    game_id, ann, _, service = seated(app, "millionaire")
    wallet = text(ann.get(f"/g/{game_id}"))
    assert 'aria-label="Your cash"><data value="372">372K<' in wallet
    assert "Token level <strong>1</strong> of 3 · salary 150K" in wallet and "Raise my token" not in wallet
    do(ann, game_id, type="pass_go", player=1)
    wallet = text(ann.get(f"/g/{game_id}"))
    assert "Raise my token a level · −50K" in readable(wallet)
    do(ann, game_id, type="buy_level", player=1)
    state = service.state(game_id)
    assert state.player(1).level == 2 and state.player(1).cash == 372 + 150 - 50


def test_a_whole_group_is_built_with_one_purchase_and_nothing_is_sold_back(app):
    game_id, ann, _, service = seated(app, build_whole_group=True, sell_back=False)
    for deed in (1, 3):
        do(ann, game_id, type="buy", player=1, deed=deed)
    sheet = tap(ann, game_id, 1)
    assert "Build · −$100" in readable(sheet) and "+1 house on each" in sheet
    assert "One more on" not in sheet and "One fewer on" not in sheet  # no lot is built alone
    assert "plan=2,2" in sheet and "plan=2,1" not in sheet
    assert do(ann, game_id, type="build", deed=3).status_code == 200
    state = service.state(game_id)
    assert (state.holding(1).houses, state.holding(3).houses) == (1, 1)
    assert state.player(1).cash == 1500 - 120 - 100
    response = do(ann, game_id, type="sell_building", deed=3)
    assert response.status_code == 409
    assert "Buildings are not sold back to the bank in this game." in text(response)
    do(ann, game_id, type="pay_bank", player=1, amount=1400, reason="Fine")
    wallet = readable(text(ann.get(f"/g/{game_id}")))
    assert "You owe $1,400" in wallet and "Sell a house" not in wallet
    assert "Declare bankruptcy" in wallet  # $1,280 in cash, and no building sale counts


def test_a_card_kept_in_hand_shows_on_its_holders_phone_and_the_bank_and_is_played_on_anyone(app):
    game_id, ann, bob, service = seated(app, card_hands=True)
    response = do(ann, game_id, type="card", player=1, deck="community_chest", card="CC11")
    assert "You drew Community Chest and keep it: Pay hospital fees of $100." in text(response)
    wallet = readable(text(ann.get(f"/g/{game_id}")))
    assert "Your cards Community Chest · Pay hospital fees of $100." in wallet
    assert "Play on yourself · −$100" in wallet and "Play on Bob" in wallet
    assert "Pay hospital fees" not in readable(text(bob.get(f"/g/{game_id}")))  # not shown until played
    host = app.test_client()
    take_seat(host, f"/seat/{service.seats(game_id)[0].token}")
    bank = readable(text(host.get(f"/g/{game_id}/bank")))
    assert "Ann's cards Community Chest · Pay hospital fees of $100." in bank
    assert "Play on Ann · −$100" in bank and "yourself" not in bank
    assert do(bob, game_id, type="card", player=2, deck="community_chest", card="CC11").status_code == 409
    response = do(ann, game_id, type="play_card", player=1, card="CC11", on=2)
    assert response.status_code == 200
    assert "You played Community Chest on Bob: Pay hospital fees of $100." in readable(text(response))
    assert service.state(game_id).player(2).cash == 1400 and service.state(game_id).player(1).hand == ()
    assert "Your cards" not in text(ann.get(f"/g/{game_id}"))
