"""House rules and the other rule systems on the phones: the jackpot, Just Go, the Monopoly 2.0
market, Millionaire token levels and its Fortune and Lifestyle cards."""

from __future__ import annotations

import re

from banker.rules.cards import DrawCard, PlayCard
from banker.rules.editions import custom_edition
from banker.web.panels.systems import market_panel
from tests.support.rules import new_game, run
from tests.support.small_board import millionaire_board
from tests.support.web import HTMX, csrf_token, do, readable, refusal, seated, take_seat, tap, text


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


def test_monopoly2s_jail_has_no_fine_to_tap(app):
    game_id, ann, _, _ = seated(app, "monopoly2")
    classic_id, classic_ann, _, _ = seated(app)
    assert '"type": "pay_fine"' in text(classic_ann.get(f"/g/{classic_id}"))
    assert '"type": "pay_fine"' not in text(ann.get(f"/g/{game_id}"))


def test_the_monopoly2_market_sells_one_deed_a_turn(app):
    game_id, ann, _, service = seated(app, "monopoly2")
    html = text(ann.get(f"/g/{game_id}"))
    market = re.search(r'<section class="card market".*?</section>', html, re.S).group(0)
    face_up = service.state(game_id).market
    assert len(face_up) == 4 and market.count('<li class="market-lot"') == 4
    assert market.count(">Buy</button>") == 4 and "24 more face down." in readable(market)
    first, second = face_up[0], face_up[1]
    do(ann, game_id, type="buy_from_market", player=1, deed=first)
    market = re.search(
        r'<section class="card market".*?</section>', text(ann.get(f"/g/{game_id}")), re.S
    ).group(0)
    # said once for the market, not a 30-word sentence under each deed left
    assert readable(market).count("already bought from the market this turn") == 1
    assert "You have already bought from the market this turn" in readable(market)  # Ann's own phone
    assert market.count('aria-disabled="true" title="You have already bought') == 4  # refilled
    response = do(ann, game_id, type="buy_from_market", player=1, deed=second)
    assert response.status_code == 409
    do(ann, game_id, type="next_turn", player=1)
    assert do(ann, game_id, type="buy_from_market", player=1, deed=second).status_code == 200


def market_of(phone, game_id: str) -> str:
    return readable(
        re.search(r'<section class="card market".*?</section>', text(phone.get(f"/g/{game_id}")), re.S).group(
            0
        )
    )


def test_a_card_that_lets_its_player_buy_shows_the_deed_on_their_market_card(app):
    game_id, ann, bob, service = seated(app, "monopoly2")
    do(ann, game_id, type="card", player=1, deck="chance", card="CH05")  # into Ann's hand
    response = do(ann, game_id, type="play_card", player=1, card="CH05", on=1, from_space=36)
    assert "The card lets you buy Reading Railroad from the bank" in readable(text(response))
    offered = "The card lets you buy Reading Railroad from the bank, until this turn is over."
    anns = market_of(ann, game_id)  # once, with the card's words, even when the market holds it too
    assert offered in anns and anns.count("Reading Railroad railroad group · $200 Buy · −$200") == 1
    bobs = market_of(bob, game_id)  # the market is dealt at random: Reading may be on it for anyone
    reading = service.state(game_id).deed(5)
    assert "The card lets" not in bobs and ((reading.short or reading.name) in bobs) == (
        5 in service.state(game_id).market
    )
    assert do(ann, game_id, type="buy", player=1, deed=5).status_code == 200
    assert service.state(game_id).holding(5).owner == 1 and offered not in market_of(ann, game_id)


def test_a_card_played_on_another_player_lets_them_buy_until_the_turn_of_the_player_who_played_it_ends(app):
    """Bob, sent to Reading Railroad by Ann's card in Ann's turn, may not wait for his own turn."""
    game_id, ann, bob, _ = seated(app, "monopoly2")
    do(ann, game_id, type="card", player=1, deck="chance", card="CH05")
    do(ann, game_id, type="play_card", player=1, card="CH05", on=2, from_space=36)
    assert "The card lets you buy Reading Railroad from the bank, until this turn is over." in market_of(
        bob, game_id
    )
    do(ann, game_id, type="next_turn", player=1)
    assert "The card lets" not in market_of(bob, game_id)
    assert do(bob, game_id, type="buy", player=2, deed=5).status_code == 409


def test_the_card_sheet_does_not_tell_which_cards_are_held_in_hand(app):
    """004: cards in hand "do not have to be shown to others until they are played": Bob's Chance
    sheet marked the Dividend card Ann had just drawn as in a player's hand."""
    game_id, ann, bob, _ = seated(app, "monopoly2")
    do(ann, game_id, type="card", player=1, deck="chance", card="CH08")
    for phone in (bob, ann):
        sheet = tap(phone, game_id, 7)
        assert "in a player's hand" not in sheet and "Dividend" in sheet
    response = do(bob, game_id, type="card", player=2, deck="chance", card="CH08")  # a slip: said then
    assert refusal(response) == "That Chance card is in a player's hand, so it is not in the deck."


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


def millionaire_table(app):
    return seated(app, "millionaire", custom_edition(millionaire_board()))


def test_an_unowned_deed_offers_its_fortune_card_and_a_lifestyle_space_its_deck(app):
    game_id, ann, _, service = millionaire_table(app)
    sheet = readable(tap(ann, game_id, 4))
    assert "first tap the Fortune card drawn on it" in sheet
    assert (
        "Free house" in sheet
        and "Sly Deal" in sheet
        and "Just Say No" in sheet
        and "Buy for $100" not in sheet
    )
    assert "Buy for 100K" in sheet
    lifestyle = readable(tap(ann, game_id, 2))
    assert (
        "Tap the Millionaire Lifestyle card Ann drew." in lifestyle and "Rent out your jet ski" in lifestyle
    )
    do(ann, game_id, type="card", player=1, deck="lifestyle", card="L1", from_space=2)
    assert service.state(game_id).player(1).cash == 372 + 20


def test_an_unowned_deeds_sheet_offers_buy_once_its_fortune_card_is_drawn(app):
    game_id, ann, bob, service = millionaire_table(app)
    do(ann, game_id, type="card", player=1, deck="fortune", card="F7", from_space=4)
    assert service.state(game_id).player(1).cash == 372 + 20
    sheet = readable(tap(ann, game_id, 4))
    assert "The bank owns this deed." in sheet and "Fortune card" not in sheet
    assert "Buy for 100K" in sheet and "Don't buy · auction it" in sheet and "Sly Deal" not in sheet
    second = do(
        ann, game_id, type="card", player=1, deck="fortune", card="F1", from_space=4
    )  # her own phone: "you"
    assert refusal(second) == (
        "You have already drawn a Fortune card on this landing: one card a landing, then buy the deed or not."
    )
    assert service.state(game_id).player(1).hand == ()
    assert "first tap the Fortune card drawn on it" in readable(tap(bob, game_id, 6))  # his own landing


def test_a_deed_whose_fortune_card_was_drawn_offers_none_to_a_later_lander(app):
    game_id, ann, bob, service = millionaire_table(app)
    do(ann, game_id, type="card", player=1, deck="fortune", card="F7", from_space=4)
    do(ann, game_id, type="next_turn", player=1)  # she left it unbought (say no one bid)
    sheet = readable(tap(bob, game_id, 4))
    assert "The bank owns this deed. Its Fortune card has been drawn." in sheet
    assert "Buy for 100K" in sheet and "Sly Deal" not in sheet and "Free house" not in sheet
    response = do(bob, game_id, type="card", player=2, deck="fortune", card="F1", from_space=4)
    assert refusal(response) == (
        "The Fortune card on Lot 4 was turned over on an earlier landing: each deed holds one card, for the "
        "first player to land there."
    )
    assert service.state(game_id).player(2).hand == ()


def test_a_kept_card_shows_in_the_hand_and_is_played_from_the_phone(app):
    game_id, ann, bob, service = millionaire_table(app)
    do(ann, game_id, type="card", player=1, deck="fortune", card="F2", from_space=4)
    do(bob, game_id, type="buy", player=2, deed=4)
    wallet = text(ann.get(f"/g/{game_id}"))
    assert "Your kept cards" in wallet and "Play Sly Deal" in wallet
    assert '<option value="4">Lot 4 · Bob</option>' in wallet
    assert "Ann" in wallet and "1 kept card" in readable(text(bob.get(f"/g/{game_id}")))
    response = do(ann, game_id, type="play_card", player=1, card="F2", deed=4)
    assert "You played Sly Deal; You took Lot 4 from Bob" in readable(text(response))
    state = service.state(game_id)
    assert state.holding(4).owner == 1 and state.player(1).hand == ()
    assert "Your kept cards" not in text(ann.get(f"/g/{game_id}"))


def test_a_refused_card_says_why_and_changes_nothing(app):
    game_id, ann, bob, service = millionaire_table(app)
    do(bob, game_id, type="card", player=2, deck="fortune", card="F4", from_space=4)
    before = service.state(game_id)
    response = do(bob, game_id, type="play_card", player=2, card="F4")
    assert refusal(response) == (  # on Bob's own phone
        "Just Say No refuses a Forced or Sly Deal played on you, or a rent or card payment you have just "
        "made; the last thing done to or by you was neither."
    )
    assert service.state(game_id) == before


def test_the_bank_screen_shows_each_hand_with_its_cards_to_play(app):
    game_id, ann, _, service = millionaire_table(app)
    do(ann, game_id, type="card", player=1, deck="fortune", card="F1", from_space=1)
    banker = app.test_client()
    link = f"/seat/{service.seats.of(game_id)[0].token}"
    banker.post(link, data={"csrf_token": csrf_token(banker, link)})
    html = text(banker.get(f"/g/{game_id}/bank"))
    assert '<div class="hand card">' in html  # a card of its own on the bank's screen
    bank = readable(html)
    assert "Ann's kept cards" in bank and "Play Free house" in bank


def test_an_ended_game_plays_no_kept_card(app):
    game_id, ann, _, service = millionaire_table(app)
    do(ann, game_id, type="card", player=1, deck="fortune", card="F1", from_space=1)
    banker = app.test_client()
    take_seat(banker, f"/seat/{service.seats.of(game_id)[0].token}")
    do(banker, game_id, "bank", type="end_game")
    for screen in (text(banker.get(f"/g/{game_id}/bank")), text(ann.get(f"/g/{game_id}"))):
        assert "Game over" in screen and "kept cards" not in screen and "Play Free house" not in screen


def test_the_rules_page_says_what_the_boards_fortune_and_lifestyle_cards_do(app):
    game_id, ann, _, _ = millionaire_table(app)
    rules = readable(text(ann.get(f"/g/{game_id}/rules")))
    assert "Cards Some cards pay or cost more the higher your token's level." in rules
    assert "Fortune cards marked Keep Until Needed stay in your hand until you play them, once:" in rules
    assert "Sly Deal: take one deed from another player, not from a group they own whole." in rules
    assert (
        "Just Say No: refuse a deal played on you, or the rent or card payment you have just made." in rules
    )
    classic, phone, _, _ = seated(app)
    assert "Keep Until Needed" not in text(phone.get(f"/g/{classic}/rules"))


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
    built = text(ann.get(f"/g/{game_id}/space/1?view=player&plan=1,1", headers=HTMX))
    assert "plan=0,0" not in built and "plan=2,2" in built  # "−1 on each" would be a sale: off
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
    take_seat(host, f"/seat/{service.seats.of(game_id)[0].token}")
    html = text(host.get(f"/g/{game_id}/bank"))
    assert re.search(r'<div id="kept" class="region">\s*</div>', html)  # no Fortune card, no empty box
    bank = readable(html)
    assert "Ann's cards Community Chest · Pay hospital fees of $100." in bank
    assert "Play on Ann · −$100" in bank and "yourself" not in bank
    assert do(bob, game_id, type="card", player=2, deck="community_chest", card="CC11").status_code == 409
    response = do(ann, game_id, type="play_card", player=1, card="CC11", on=2)
    assert response.status_code == 200
    assert "You played Community Chest on Bob: Pay hospital fees of $100." in readable(text(response))
    assert service.state(game_id).player(2).cash == 1400 and service.state(game_id).player(1).hand == ()
    assert "Your cards" not in text(ann.get(f"/g/{game_id}"))


def test_an_advance_whose_outcome_turns_on_where_the_piece_stands_is_played_from_a_form(app):
    game_id, ann, bob, service = seated(app, card_hands=True)
    do(bob, game_id, type="buy", player=2, deed=12)  # Electric Company
    do(ann, game_id, type="card", player=1, deck="chance", card="CH07")  # nearest utility
    do(ann, game_id, type="card", player=1, deck="chance", card="CH01")  # Boardwalk: never past GO
    html = text(ann.get(f"/g/{game_id}"))
    form = re.search(r'<form class="row"[^>]*>.*?</form>', html, re.S).group(0)
    assert 'name="card" value="CH07"' in form and '<option value="2">Bob</option>' in form
    assert '<option value="1">yourself</option>' in form and '<option value="7">7 · Chance</option>' in form
    assert 'name="dice"' in form and "Their roll, if another player owns the utility" in readable(form)
    assert "Play on Bob" in readable(html)  # Boardwalk is a button for each player
    before = service.state(game_id).seq
    response = do(ann, game_id, type="play_card", player=1, card="CH07", on=1, from_space="")
    assert (
        refusal(response)
        == "Say where Ann stands: it decides which space is nearest and whether the piece passes GO."
    )
    response = do(ann, game_id, type="play_card", player=1, card="CH07", on=1, from_space=7, dice="")
    assert refusal(response) == (
        "Say what Ann rolled: Electric Company is Bob's, and the card charges ten times the roll."
    )
    assert service.state(game_id).seq == before
    response = do(ann, game_id, type="play_card", player=1, card="CH07", on=1, from_space=36, dice=9)
    assert response.status_code == 200
    state = service.state(game_id)
    assert (state.player(1).cash, state.player(2).cash) == (1610, 1440)  # +$200 past GO, 10 x 9 rent


def test_a_deed_a_card_lets_its_player_buy_is_offered_once_when_the_market_holds_it_too():
    state = new_game(preset="monopoly2", seed=5)  # this deal turns Reading Railroad face up
    state = run(state, DrawCard(player=1, deck="chance", card="CH05"))
    state = run(state, PlayCard(player=1, card="CH05", on=1, from_space=36))
    assert 5 in state.market and state.card_buys == ((1, 5),)
    panel = market_panel(state, state.player(1))
    assert panel.card_buys[0][0].position == 5 and 5 not in [deed.position for deed, _ in panel.deeds]
