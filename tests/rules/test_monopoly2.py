"""Monopoly 2.0: the face-up market of four deeds, one market purchase a turn, buying from an owner
at the printed price outside monopolies, no auctions, mortgages or trading, amounts rounded up to
$5, a house or hotel bought for a whole monopoly at once, nothing sold back to the bank, and five
monopolies win."""

from __future__ import annotations

from dataclasses import replace

from banker.rules import BANK, parse_command
from banker.rules.auctions import Bid, Decline
from banker.rules.bankruptcy import DeclareBankruptcy
from banker.rules.build_plans import BuildGroup
from banker.rules.buildings import Build, SellBuilding
from banker.rules.cards import DrawCard, PlayCard
from banker.rules.debts import PayDebt, raisable
from banker.rules.deeds import Buy
from banker.rules.market import BuyFromMarket, BuyFromOwner, MarketBought, NextTurn, monopolies
from banker.rules.money import CollectFromBank, Paid, PayBank, PayPlayer
from banker.rules.mortgages import Mortgage
from banker.rules.property_payment import PayWithProperty
from banker.rules.rent import PayRent, rent_due
from banker.rules.state import TradeSide
from banker.rules.tally import GameEnded
from banker.rules.trades import ProposeTrade
from banker.rules.undo import Undo
from tests.support.rules import (
    ANN,
    BOB,
    CAT,
    assert_building_supply,
    cash,
    new_game,
    owning,
    refusal,
    refusals,
    run,
)

MEDITERRANEAN, BALTIC, ATLANTIC, PACIFIC = 1, 3, 26, 31
WATER_WORKS, INDIANA = 28, 23


def game(**options):
    """Seed 192: the market shows Mediterranean, Baltic, Atlantic and Pacific; Water Works, Indiana
    Avenue, North Carolina Avenue and Oriental Avenue come up next."""
    return new_game(preset="monopoly2", seed=192, **options)


def test_four_deeds_lie_face_up_and_the_rest_in_the_deck():
    state = game()
    assert state.market == (MEDITERRANEAN, BALTIC, ATLANTIC, PACIFIC)
    assert state.deck[:4] == (WATER_WORKS, INDIANA, 32, 6) and len(state.deck) == 24
    assert state.holdings == {} and all(p.cash == 1500 for p in state.players)
    assert sorted(state.market + state.deck) == sorted(d.position for d in state.edition.deeds)


def test_the_deck_order_comes_from_the_seed():
    assert new_game(preset="monopoly2", seed=5).deck == new_game(preset="monopoly2", seed=5).deck
    assert new_game(preset="monopoly2", seed=5).market != game().market


def test_buying_from_the_market_turns_the_next_deed_over_in_its_place():
    state = game()
    events = run(state, BuyFromMarket(player=ANN, deed=BALTIC)).undo[-1].events
    assert events == (
        Paid(payer=ANN, payee=BANK, amount=60, reason="bought Baltic Avenue from the market"),
        MarketBought(player=ANN, deed=BALTIC, revealed=WATER_WORKS),
    )
    state = run(state, BuyFromMarket(player=ANN, deed=BALTIC))
    assert state.market == (MEDITERRANEAN, WATER_WORKS, ATLANTIC, PACIFIC) and state.deck[0] == INDIANA
    assert state.holding(BALTIC).owner == ANN and cash(state, ANN) == 1440
    assert (
        events[1].describe(state) == "Ann bought Baltic Avenue from the market; Water Works is turned face up"
    )


def test_a_deed_not_face_up_cannot_be_bought():
    assert refusal(game(), BuyFromMarket(player=ANN, deed=39)) == (
        "Boardwalk is not face up in the market. Face up: Mediterranean Avenue, Baltic Avenue, "
        "Atlantic Avenue, Pacific Avenue."
    )


def test_one_market_purchase_a_turn():
    state = run(game(), BuyFromMarket(player=ANN, deed=BALTIC))
    assert refusals(state, BuyFromMarket(player=ANN, deed=MEDITERRANEAN), ANN) == (
        "Ann has already bought from the market this turn: one deed a turn. Ann may buy again next turn, or once another player has bought from it.",
        "You have already bought from the market this turn: one deed a turn. You may buy again next turn, or once another player has bought from it.",
    )
    # the turn moves on: another player buys from the market ...
    state = run(
        state, BuyFromMarket(player=BOB, deed=ATLANTIC), BuyFromMarket(player=ANN, deed=MEDITERRANEAN)
    )
    assert refusal(state, BuyFromMarket(player=ANN, deed=PACIFIC)).startswith("Ann has already bought")
    # ... or someone says so
    state = run(state, NextTurn(player=ANN), BuyFromMarket(player=ANN, deed=PACIFIC))
    assert [state.holding(p).owner for p in (BALTIC, ATLANTIC, MEDITERRANEAN, PACIFIC)] == [
        ANN,
        BOB,
        ANN,
        ANN,
    ]


def test_next_turn_is_for_games_that_count_turns():
    assert parse_command({"type": "next_turn"}) == NextTurn()
    assert NextTurn(player=ANN).allowed_for(game(), ANN) and not NextTurn(player=ANN).allowed_for(game(), BOB)
    assert (
        refusal(new_game(), NextTurn())
        == "This game keeps no turns: only a deed market or token levels need them."
    )


def test_the_market_shrinks_once_the_deck_is_empty():
    state = game(starting_cash=5000)
    for turn in range(24):
        state = run(state, BuyFromMarket(player=(ANN, BOB)[turn % 2], deed=state.market[0]))
    assert len(state.market) == 4 and state.deck == ()
    events = run(state, BuyFromMarket(player=ANN, deed=state.market[0])).undo[-1].events
    assert events[-1].revealed is None
    assert len(run(state, BuyFromMarket(player=ANN, deed=state.market[0])).market) == 3


def test_deeds_are_not_bought_on_landing_nor_auctioned():
    state = game()
    message = (
        "In this game deeds are not bought on landing: buy Boardwalk from the market when it is face up."
    )
    assert refusal(state, Buy(player=ANN, deed=39)) == message
    assert refusal(state, Decline(player=ANN, deed=39)) == message


def test_a_deed_outside_a_monopoly_is_bought_from_its_owner_at_its_printed_price():
    state = run(game(), BuyFromMarket(player=BOB, deed=ATLANTIC), BuyFromOwner(player=ANN, deed=ATLANTIC))
    assert state.holding(ATLANTIC).owner == ANN
    assert (cash(state, ANN), cash(state, BOB)) == (1500 - 260, 1500)
    assert state.undo[-1].events[0] == Paid(
        payer=ANN, payee=BOB, amount=260, reason="bought Atlantic Avenue at its printed price"
    )
    assert (
        state.undo[-1].events[1].describe(state) == "Ann bought Atlantic Avenue from Bob at its printed price"
    )


def test_a_deed_in_a_monopoly_cannot_be_bought_from_its_owner():
    state = run(
        game(),
        BuyFromMarket(player=ANN, deed=MEDITERRANEAN),
        NextTurn(),
        BuyFromMarket(player=ANN, deed=BALTIC),
    )
    assert monopolies(state, ANN) == ["brown"]
    assert refusal(state, BuyFromOwner(player=BOB, deed=BALTIC)) == (
        "Baltic Avenue is part of Ann's monopoly (brown): it cannot be bought from them."
    )
    assert (
        refusal(state, BuyFromOwner(player=BOB, deed=PACIFIC))
        == "Nobody owns Pacific Avenue: the bank sells deeds from the market."
    )
    assert refusals(state, BuyFromOwner(player=ANN, deed=BALTIC), ANN) == (
        "Ann already owns Baltic Avenue.",
        "You already own Baltic Avenue.",
    )


def test_a_deed_bought_from_its_owner_leaves_no_built_group_uneven():
    """Under `build_without_group`, Ann had 4 houses on Oriental, the only light blue she held,
    and bought Bob's bare Vermont from him: her light blues stood at 4 houses and none."""
    state = owning(owning(new_game(build_without_group=True, buy_from_owner=True), ANN, 6), BOB, 8)
    state = run(state, *[Build(deed=6)] * 4)
    assert refusal(state, BuyFromOwner(player=ANN, deed=8)) == (
        "Vermont Avenue cannot be bought while the light blue group has buildings: Oriental Avenue has 4 houses."
    )
    assert run(state, BuyFromOwner(player=CAT, deed=8)).holding(8).owner == CAT  # Cat holds none of them


def test_buying_from_an_owner_is_refused_where_the_rules_do_not_have_it():
    assert refusal(new_game(), BuyFromOwner(player=ANN, deed=BALTIC)) == (
        "Buying a deed from its owner at the printed price is not a rule of this game: offer a trade."
    )


def test_no_mortgages_and_no_trading():
    state = run(game(), BuyFromMarket(player=ANN, deed=BALTIC))
    assert refusal(state, Mortgage(deed=BALTIC)) == "There are no mortgages in this game."
    offer = ProposeTrade(player=ANN, to=BOB, give=TradeSide(deeds=(BALTIC,)), get=TradeSide(cash=100))
    assert refusal(state, offer) == (
        "There is no trading in this game: buy a deed from its owner at its printed price instead."
    )


def test_without_mortgages_bankruptcy_does_not_wait_for_mortgage_values():
    # $1,200 cash and Pacific's $300 printed price (a payment with property) fall short of $1,505
    state = run(game(), BuyFromMarket(player=ANN, deed=PACIFIC), PayBank(player=ANN, amount=1505, reason="x"))
    state = run(state, DeclareBankruptcy(player=ANN))
    assert state.player(ANN).bankrupt
    # the deed goes under the deck; the market already has four
    assert state.deck[-1] == PACIFIC and state.holding(PACIFIC).owner == BANK and len(state.market) == 4


def test_deeds_back_from_a_bankruptcy_fill_an_empty_market():
    state = game(starting_cash=6000)
    for turn in range(25):
        state = run(state, BuyFromMarket(player=(BOB, CAT)[turn % 2], deed=state.market[0]))
    assert len(state.market) == 3 and state.deck == ()
    state = run(state, PayBank(player=BOB, amount=9000, reason="x"), DeclareBankruptcy(player=BOB))
    bobs = 13  # in board order under the deck, the first one turned face up at once
    assert len(state.market) == 4 and len(state.deck) == bobs - 1
    assert state.deck == tuple(sorted(state.deck)) and state.market[-1] < state.deck[0]


def test_amounts_are_rounded_up_to_five():
    state = run(
        game(),
        BuyFromMarket(player=ANN, deed=MEDITERRANEAN),
        NextTurn(),
        BuyFromMarket(player=ANN, deed=BALTIC),
    )
    state = run(state, BuyFromMarket(player=BOB, deed=WATER_WORKS))
    assert rent_due(state, MEDITERRANEAN) == 5  # what the screens show is what is charged
    state = run(state, PayRent(player=CAT, deed=MEDITERRANEAN))  # $2 doubled for the group
    assert cash(state, CAT) == 1495
    state = run(state, PayRent(player=CAT, deed=WATER_WORKS, dice=7))  # 4 x 7 = $28
    assert cash(state, CAT) == 1465
    state = run(state, DrawCard(player=CAT, deck="chance", card="CH13"))  # kept in hand ...
    state = run(state, PlayCard(player=CAT, card="CH13", on=CAT))  # ... and played: speeding fine $15
    assert cash(state, CAT) == 1450
    assert (
        refusal(state, PayBank(player=CAT, amount=33, reason="x")) == "Amounts go in $5 steps in this game."
    )
    assert (
        refusal(state, CollectFromBank(player=CAT, amount=12, reason="x"))
        == "Amounts go in $5 steps in this game."
    )
    assert refusal(state, PayPlayer(player=CAT, to=ANN, amount=7)) == "Amounts go in $5 steps in this game."
    assert all(p.cash % 5 == 0 for p in state.players)


def test_rounding_as_an_option_also_holds_for_bids_and_trades():
    state = run(new_game(round_to=5), Decline(player=ANN, deed=39))
    assert refusal(state, Bid(player=BOB, amount=33)) == "Amounts go in $5 steps in this game."
    offer = ProposeTrade(player=ANN, to=BOB, give=TradeSide(cash=12), get=TradeSide(cash=10))
    assert refusal(new_game(round_to=5), offer) == "Amounts go in $5 steps in this game."


def test_five_monopolies_win_the_game():
    state = game(starting_cash=10_000)
    while not state.ended:
        before = state
        state = run(state, BuyFromMarket(player=ANN, deed=state.market[0]))
        if not state.ended:
            state = run(state, NextTurn())
    events = state.undo[-1].events
    assert isinstance(events[-2], MarketBought) and events[-1] == GameEnded(reason="monopolies", winner=ANN)
    assert len(monopolies(before, ANN)) == 4 and len(monopolies(state, ANN)) == 5 and state.winner == ANN
    assert events[-1].describe(state) == "The monopolies target is reached: the game is over, and Ann wins"
    assert run(state, Undo()).ended is False  # the banker can take back the winning purchase


def browns(**options):
    """Ann holds the brown monopoly (Mediterranean and Baltic: houses and hotels $50 each)."""
    return run(
        game(**options),
        BuyFromMarket(player=ANN, deed=MEDITERRANEAN),
        NextTurn(),
        BuyFromMarket(player=ANN, deed=BALTIC),
    )


def test_one_house_purchase_builds_on_every_lot_of_the_monopoly_at_the_sum_of_their_costs():
    state = browns()
    before = cash(state, ANN)
    state = run(state, Build(deed=BALTIC))
    assert [state.holding(p).houses for p in (MEDITERRANEAN, BALTIC)] == [1, 1]
    # $50 a lot; one house from the bank, in the middle of the run (see the supply tests below)
    assert cash(state, ANN) == before - 100 and state.houses == 31
    paid = state.undo[-1].events[0]
    assert paid == Paid(payer=ANN, payee=BANK, amount=100, reason="a house on every lot of the brown group")
    assert len(state.undo) == 4  # one purchase, one action to take back
    assert_building_supply(state)


def test_the_fifth_purchase_puts_a_hotel_on_every_lot_and_sends_the_houses_back():
    state = run(browns(), *[Build(deed=MEDITERRANEAN)] * 4)
    assert [state.holding(p).houses for p in (MEDITERRANEAN, BALTIC)] == [4, 4] and state.houses == 28
    before = cash(state, ANN)
    state = run(state, Build(deed=MEDITERRANEAN))
    assert all(state.holding(p).hotel and not state.holding(p).houses for p in (MEDITERRANEAN, BALTIC))
    assert cash(state, ANN) == before - 100 and (state.houses, state.hotels) == (32, 11)
    assert state.undo[-1].events[0].reason == "a hotel on every lot of the brown group"
    assert refusal(state, Build(deed=BALTIC)) == "Baltic Avenue already has a hotel."
    assert_building_supply(state)


# 004, Buying Houses and Hotels: "A single House or Hotel purchase affects an entire Monopoly. Houses
# and Hotels are placed in the middle of a run of properties to indicate that they apply to the
# entire monopoly." Note 9: "There should always be at 4 houses to replace a Hotel in the box because
# monopolies share buildings and fewer are needed."
LIGHT_BLUES = (6, 8, 9)  # Oriental, Vermont, Connecticut: $50 a house


def light_blues():
    """Ann holds the light blue monopoly (seed 2406: the market shows all three)."""
    state = new_game(preset="monopoly2", seed=2406, starting_cash=3000)
    for deed in LIGHT_BLUES:
        state = run(state, BuyFromMarket(player=ANN, deed=deed), NextTurn())
    return state


def test_one_purchase_takes_one_house_from_the_bank_for_the_whole_run():
    state = light_blues()
    before = cash(state, ANN)
    state = run(state, Build(deed=8))
    assert [state.holding(p).houses for p in LIGHT_BLUES] == [1, 1, 1]
    assert (state.houses, cash(state, ANN)) == (31, before - 150)  # rent and price as ever: 3 x $50
    assert rent_due(state, 6) == 30  # Oriental Avenue with a house
    state = run(state, Build(deed=8), Build(deed=8), Build(deed=8))
    assert (state.houses, state.hotels) == (28, 12)
    assert_building_supply(state)
    state = run(state, Build(deed=8))  # the hotel: one from the bank, the run's 4 houses back
    assert (state.houses, state.hotels, cash(state, ANN)) == (32, 11, before - 5 * 150)
    assert_building_supply(state)


def test_the_last_house_in_the_bank_builds_on_the_whole_run():
    state = replace(light_blues(), houses=1)
    state = run(state, Build(deed=6))
    assert [state.holding(p).houses for p in LIGHT_BLUES] == [1, 1, 1] and state.houses == 0
    assert refusal(state, Build(deed=6)) == "The bank has no houses left (0/32)."
    state = replace(run(light_blues(), *[Build(deed=6)] * 4), hotels=0)
    assert refusal(state, Build(deed=6)) == "The bank has no hotels left (0/12)."


def test_every_building_comes_back_once_when_a_run_is_handed_over_in_a_payment():
    state = run(light_blues(), *[Build(deed=6)] * 3)
    assert state.houses == 29
    state = run(state, PayBank(player=ANN, amount=cash(state, ANN) + 5, reason="x"))
    state = run(state, PayWithProperty(player=ANN, deeds=(6,)))
    assert state.houses == 32 and state.holding(6).owner == BANK
    assert not any(state.holding(p).houses for p in LIGHT_BLUES)  # the run's buildings go with a deed
    assert_building_supply(state)


def test_a_building_plan_builds_the_whole_group_alike():
    state = browns()
    assert refusal(state, BuildGroup(deed=BALTIC, levels=((MEDITERRANEAN, 1), (BALTIC, 2)))) == (
        "In this game a group is built all at once: plan the same for every lot of the brown group."
    )
    state = run(state, BuildGroup(deed=BALTIC, levels=((MEDITERRANEAN, 3), (BALTIC, 3))))
    assert [state.holding(p).houses for p in (MEDITERRANEAN, BALTIC)] == [3, 3]
    assert cash(state, ANN) == 1500 - 60 - 60 - 300 and state.houses == 29


def test_building_goes_by_lot_in_the_classic_game():
    state = run(new_game(), Buy(player=ANN, deed=MEDITERRANEAN), Buy(player=ANN, deed=BALTIC))
    state = run(state, Build(deed=BALTIC))
    assert [state.holding(p).houses for p in (MEDITERRANEAN, BALTIC)] == [0, 1]


def test_buildings_are_not_sold_back_to_the_bank():
    state = run(browns(), Build(deed=BALTIC), Build(deed=BALTIC))
    message = "Buildings are not sold back to the bank in this game."
    assert refusal(state, SellBuilding(deed=BALTIC)) == message
    assert refusal(state, BuildGroup(deed=BALTIC, levels=((MEDITERRANEAN, 1), (BALTIC, 1)))) == message
    assert refusal(state, Mortgage(deed=BALTIC)) == "There are no mortgages in this game."
    # what a debt can raise counts no building sales: $1,500 - $120 of deeds - $200 of houses
    assert raisable(state, ANN) == 1180
    sold_back = run(new_game(), Buy(player=ANN, deed=MEDITERRANEAN), Buy(player=ANN, deed=BALTIC))
    sold_back = run(sold_back, Build(deed=BALTIC), SellBuilding(deed=BALTIC))  # classic: $25 back
    assert cash(sold_back, ANN) == 1500 - 120 - 50 + 25


def test_a_debtor_is_told_the_ways_this_game_has_to_raise_money():
    """No selling back, no mortgages, no trading: "sell buildings, mortgage or trade" named none of
    the ways out; a debt to the bank is paid with deeds."""
    state = new_game(3, "monopoly2", seed=192)
    state = run(state, BuyFromMarket(player=ANN, deed=MEDITERRANEAN))  # $60: $1,440 left
    state = run(state, PayBank(player=ANN, amount=2000, reason="a big charge"))
    assert refusal(state, PayDebt(player=ANN)) == (
        "Ann owes $2,000 and has $1,440: raise $560 more (pay with property)."
    )
    flush = run(state, CollectFromBank(player=ANN, amount=600, reason="a prize"))
    assert refusals(flush, DeclareBankruptcy(player=ANN), ANN) == (
        "Ann has $2,040, enough to pay the $2,000 owed: pay it instead.",
        "You have $2,040, enough to pay the $2,000 owed: pay it instead.",
    )
