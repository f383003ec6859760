"""The house-rule switches, each off by default: the Free Parking jackpot, Just Go, income tax as a
percentage of net worth, building without the whole group, and uneven building."""

from __future__ import annotations

from dataclasses import replace

from banker.rules import BANK, parse_command
from banker.rules.bankruptcy import DeclareBankruptcy, WentBankrupt
from banker.rules.buildings import Build, BuildingsChanged, SellBuilding
from banker.rules.cards import DrawCard
from banker.rules.debts import PayDebt
from banker.rules.jackpot import FreeParking
from banker.rules.jail import GoToJail, PayJailFine
from banker.rules.money import DebtIncurred, Paid, PassGo, PayBank, PayTax
from banker.rules.mortgages import Mortgage
from banker.rules.rent import PayRent
from banker.rules.state import FREE_PARKING, TradeSide
from banker.rules.trades import AcceptTrade, ProposeTrade
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
    run,
    total_cash,
)

MEDITERRANEAN, BALTIC = 1, 3
ORIENTAL, VERMONT, CONNECTICUT = 6, 8, 9
INCOME_TAX, LUXURY_TAX = 4, 38
BOARDWALK = 39


def events_of(state, *commands):
    """The events of the last command, after the others."""
    return run(state, *commands).undo[-1].events


# Free Parking jackpot


def jackpot_game(seed=500):
    options = {"free_parking_jackpot": True} | ({"jackpot_seed": seed} if seed else {})
    return new_game(**options)


def test_the_bank_seeds_the_pot_at_the_start():
    assert jackpot_game().free_parking == 500
    assert jackpot_game(seed=0).free_parking == 0
    assert new_game().free_parking == 0


def test_taxes_fines_and_card_payments_go_into_the_pot():
    state = jackpot_game()
    state = run(state, PayTax(player=ANN, space=INCOME_TAX))
    assert (state.free_parking, cash(state, ANN)) == (700, 1300)
    state = run(state, PayTax(player=BOB, space=LUXURY_TAX))
    assert state.free_parking == 800
    state = run(state, GoToJail(player=BOB), PayJailFine(player=BOB))
    assert (state.free_parking, cash(state, BOB)) == (850, 1350)
    state = run(state, DrawCard(player=CAT, deck="community_chest", card="CC11"))  # hospital fees $100
    state = run(state, DrawCard(player=CAT, deck="chance", card="CH13"))  # speeding fine $15
    assert (state.free_parking, cash(state, CAT)) == (965, 1385)
    assert total_cash(state) + state.free_parking == 3 * 1500 + 500


def test_the_pot_of_the_two_taxes_only_takes_income_and_luxury_tax_and_nothing_else():
    """001, ジャックポット: 「所得税、物品税でプレイヤーが支払った税金をプールしておき、フリーパーキングの
    マスに止まったプレイヤーが全額受け取ることができるというルール。」"""
    state = new_game(free_parking_jackpot=True, jackpot_from="taxes")
    state = run(state, PayTax(player=ANN, space=INCOME_TAX), PayTax(player=BOB, space=LUXURY_TAX))
    assert (state.free_parking, cash(state, ANN), cash(state, BOB)) == (300, 1300, 1400)
    assert events_of(state, GoToJail(player=BOB), PayJailFine(player=BOB))[0] == Paid(
        payer=BOB, payee=BANK, amount=50, reason="jail fine"
    )
    state = run(state, GoToJail(player=BOB), PayJailFine(player=BOB))
    state = run(state, DrawCard(player=CAT, deck="community_chest", card="CC11"))  # hospital fees $100
    state = run(state, DrawCard(player=CAT, deck="chance", card="CH13"))  # speeding fine $15
    assert (state.free_parking, cash(state, BOB), cash(state, CAT)) == (300, 1350, 1385)
    state = run(state, FreeParking(player=CAT))
    assert (state.free_parking, cash(state, CAT)) == (0, 1685)


def test_card_repairs_go_into_the_pot():
    state = owning(jackpot_game(), ANN, MEDITERRANEAN, BALTIC)
    state = run(state, Build(deed=MEDITERRANEAN), Build(deed=BALTIC), Build(deed=MEDITERRANEAN))
    state = run(state, DrawCard(player=ANN, deck="chance", card="CH12"))  # $25 a house
    assert state.free_parking == 500 + 3 * 25


def test_payments_to_the_bank_players_and_purchases_stay_out_of_the_pot():
    state = run(jackpot_game(), PayBank(player=ANN, amount=70, reason="a deal with the bank"))
    state = owning(state, BOB, BOARDWALK)
    state = run(state, DrawCard(player=CAT, deck="chance", card="CH15"))  # pay each player $50
    assert state.free_parking == 500
    assert (cash(state, ANN), cash(state, BOB), cash(state, CAT)) == (1430 + 50, 1100 + 50, 1400)


def test_landing_on_free_parking_collects_the_pot_and_the_bank_puts_the_seed_back():
    state = run(jackpot_game(), PayTax(player=ANN, space=INCOME_TAX), PayTax(player=BOB, space=LUXURY_TAX))
    assert events_of(state, FreeParking(player=CAT)) == (
        Paid(payer=FREE_PARKING, payee=CAT, amount=800, reason="the jackpot"),
        Paid(payer=BANK, payee=FREE_PARKING, amount=500, reason="a new jackpot"),
    )
    after = run(state, FreeParking(player=CAT))
    assert (cash(after, CAT), after.free_parking) == (2300, 500)
    assert [e.describe(after) for e in after.undo[-1].events] == [
        "Cat collected $800 from Free Parking (the jackpot)",
        "The bank put $500 on Free Parking (a new jackpot)",
    ]
    assert state.undo[-1].events[0].describe(state) == "Bob paid $100 into the Free Parking pot (Luxury Tax)"
    assert run(after, Undo()).free_parking == 800


def test_without_a_seed_the_pot_empties_and_an_empty_pot_pays_nothing():
    state = run(jackpot_game(seed=0), PayTax(player=ANN, space=INCOME_TAX), FreeParking(player=BOB))
    assert (state.free_parking, cash(state, BOB)) == (0, 1700)
    assert (
        refusal(state, FreeParking(player=CAT))
        == "The Free Parking pot is empty: there is nothing to collect."
    )


def test_without_the_house_rule_taxes_go_to_the_bank_and_free_parking_pays_nothing():
    state = new_game()
    assert events_of(state, PayTax(player=ANN, space=INCOME_TAX)) == (
        Paid(payer=ANN, payee=BANK, amount=200, reason="Income Tax"),
    )
    assert run(state, PayTax(player=ANN, space=INCOME_TAX)).free_parking == 0
    assert (
        refusal(state, FreeParking(player=ANN))
        == "Free Parking pays nothing in this game: there is no jackpot."
    )


def test_a_tax_the_cash_cannot_cover_is_owed_to_the_pot_and_paid_into_it():
    state = run(jackpot_game(), PayBank(player=ANN, amount=1400, reason="x"))
    (debt,) = events_of(state, PayTax(player=ANN, space=INCOME_TAX))
    assert debt == DebtIncurred(debtor=ANN, creditor=FREE_PARKING, amount=200, reason="Income Tax")
    assert debt.describe(state) == "Ann owes Free Parking $200 (Income Tax): not enough cash yet"
    state = run(state, PayTax(player=ANN, space=INCOME_TAX))
    assert state.free_parking == 500
    state = run(state, DrawCard(player=ANN, deck="community_chest", card="CC02"), PayDebt(player=ANN))
    assert (state.free_parking, cash(state, ANN), state.debts) == (700, 100, ())


def test_going_bankrupt_over_a_tax_owed_to_the_pot_is_bankruptcy_to_the_bank():
    state = run(
        jackpot_game(), PayBank(player=ANN, amount=1450, reason="x"), PayTax(player=ANN, space=INCOME_TAX)
    )
    events = events_of(state, DeclareBankruptcy(player=ANN))
    assert WentBankrupt(player=ANN, creditor=BANK) in events
    assert Paid(payer=ANN, payee=BANK, amount=50, reason="bankruptcy") in events
    assert run(state, DeclareBankruptcy(player=ANN)).free_parking == 500


# Just Go


def test_just_go_pays_400_for_landing_exactly_on_go():
    state = new_game(just_go=True)
    assert events_of(state, PassGo(player=ANN, landed=True)) == (
        Paid(payer=BANK, payee=ANN, amount=400, reason="Landed on GO: Just Go pays double"),
    )
    assert cash(run(state, PassGo(player=ANN)), ANN) == 1700  # passing pays the salary


def test_without_just_go_landing_on_go_pays_the_salary():
    state = run(new_game(), PassGo(player=ANN, landed=True))
    assert cash(state, ANN) == 1700
    assert state.undo[-1].events[0].reason == "Landed on GO"


def test_the_api_reads_landed():
    assert parse_command({"type": "pass_go", "player": 1, "landed": True}) == PassGo(player=1, landed=True)
    assert parse_command({"type": "pass_go", "player": 1}) == PassGo(player=1, landed=False)


# Income tax as a percentage of net worth


def test_income_tax_is_ten_percent_of_a_net_worth_of_1200():
    state = new_game(income_tax_percent=10, starting_cash=1200)
    assert events_of(state, PayTax(player=ANN, space=INCOME_TAX)) == (
        Paid(payer=ANN, payee=BANK, amount=120, reason="Income Tax: 10% of $1,200 net worth"),
    )


def test_income_tax_on_a_net_worth_of_2000_is_its_10_percent_equal_to_the_flat_200():
    state = new_game(income_tax_percent=10, starting_cash=2000)
    assert events_of(state, PayTax(player=ANN, space=INCOME_TAX)) == (
        Paid(payer=ANN, payee=BANK, amount=200, reason="Income Tax: 10% of $2,000 net worth"),
    )  # it read "$200, less than 10% of $2,000"


def test_income_tax_is_200_on_a_net_worth_of_3000():
    state = new_game(income_tax_percent=10, starting_cash=3000)
    assert events_of(state, PayTax(player=ANN, space=INCOME_TAX)) == (
        Paid(payer=ANN, payee=BANK, amount=200, reason="Income Tax: $200, less than 10% of $3,000 net worth"),
    )


def test_the_percentage_counts_deeds_and_buildings_at_their_tally_value():
    state = owning(new_game(income_tax_percent=10), ANN, MEDITERRANEAN, BALTIC, BOARDWALK)
    state = run(state, Build(deed=MEDITERRANEAN), Build(deed=BALTIC), Mortgage(deed=BOARDWALK))
    # cash $1,500 - $520 - $100 + $200 = $1,080; deeds $120 + $200 (mortgaged, at half); houses $100
    state = run(state, PayTax(player=ANN, space=INCOME_TAX))
    assert cash(state, ANN) == 1080 - 150


def test_the_percentage_leaves_luxury_tax_alone_and_rounds_down():
    state = new_game(income_tax_percent=10, starting_cash=1239)
    assert cash(run(state, PayTax(player=ANN, space=LUXURY_TAX)), ANN) == 1139
    assert cash(run(state, PayTax(player=ANN, space=INCOME_TAX)), ANN) == 1239 - 123


# Building without the whole group


def test_classic_building_needs_the_whole_group():
    state = owning(owning(new_game(), ANN, MEDITERRANEAN), BOB, BALTIC)
    assert refusal(state, Build(deed=MEDITERRANEAN)) == (
        "Building needs the whole brown group: Baltic Avenue is owned by Bob."
    )


def test_building_without_the_group_on_each_owners_own_lots():
    state = owning(owning(new_game(build_without_group=True), ANN, MEDITERRANEAN), BOB, BALTIC)
    state = run(state, Build(deed=MEDITERRANEAN), Build(deed=MEDITERRANEAN), Build(deed=BALTIC))
    assert (state.holding(MEDITERRANEAN).houses, state.holding(BALTIC).houses) == (2, 1)
    assert (cash(state, ANN), cash(state, BOB), state.houses) == (1440 - 100, 1440 - 50, 29)
    state = run(state, PayRent(player=CAT, deed=MEDITERRANEAN))
    assert cash(state, CAT) == 1500 - 30  # the two-house rent
    assert_building_supply(state)


def test_evenness_holds_across_the_lots_the_owner_has_in_the_group():
    state = owning(owning(new_game(build_without_group=True), ANN, ORIENTAL, VERMONT), CAT, CONNECTICUT)
    state = run(state, Build(deed=ORIENTAL))
    assert (
        refusal(state, Build(deed=ORIENTAL))
        == "Build evenly: Vermont Avenue has no buildings, build there first."
    )
    state = run(state, Mortgage(deed=CONNECTICUT))  # Cat's lot: Ann's houses do not stop it
    state = run(state, SellBuilding(deed=ORIENTAL), Mortgage(deed=VERMONT))
    assert refusal(state, Build(deed=ORIENTAL)) == (
        "Vermont Avenue is mortgaged: lift the mortgage before building in the light blue group."
    )


def test_another_owners_houses_in_the_group_do_not_stop_a_trade_or_a_mortgage():
    state = owning(owning(new_game(build_without_group=True), ANN, MEDITERRANEAN), BOB, BALTIC)
    state = run(state, Build(deed=MEDITERRANEAN))
    state = run(
        state, ProposeTrade(player=BOB, to=CAT, give=TradeSide(deeds=(BALTIC,)), get=TradeSide(cash=60))
    )
    state = run(state, AcceptTrade(player=CAT, trade=1), Mortgage(deed=BALTIC))
    assert state.holding(BALTIC).owner == CAT and state.holding(BALTIC).mortgaged
    assert refusal(state, Mortgage(deed=MEDITERRANEAN)).startswith(
        "Sell the buildings in the brown group first"
    )


# Uneven building


def test_classic_building_is_even():
    state = run(owning(new_game(), ANN, MEDITERRANEAN, BALTIC), Build(deed=MEDITERRANEAN))
    assert (
        refusal(state, Build(deed=MEDITERRANEAN))
        == "Build evenly: Baltic Avenue has no buildings, build there first."
    )


def test_uneven_building_builds_and_sells_in_any_order():
    state = owning(new_game(uneven_building=True), ANN, MEDITERRANEAN, BALTIC)
    state = run(state, *[Build(deed=MEDITERRANEAN)] * 4)
    assert (state.holding(MEDITERRANEAN).houses, state.holding(BALTIC).houses) == (4, 0)
    state = run(state, Build(deed=MEDITERRANEAN), Build(deed=BALTIC), Build(deed=BALTIC))
    assert state.holding(MEDITERRANEAN).hotel and state.holding(BALTIC).houses == 2
    assert cash(state, ANN) == 1380 - 7 * 50
    state = run(state, SellBuilding(deed=BALTIC))  # the lower lot first
    assert state.holding(BALTIC).houses == 1 and cash(state, ANN) == 1030 + 25
    assert refusal(state, Build(deed=MEDITERRANEAN)) == "Mediterranean Avenue already has a hotel."
    assert_building_supply(state)


def test_uneven_building_breaks_one_hotel_down_as_far_as_the_banks_houses_go():
    game = new_game(uneven_building=True)
    game = replace(game, edition=replace(game.edition, houses=6), houses=6)
    state = owning(game, ANN, MEDITERRANEAN, BALTIC)
    state = run(state, *[Build(deed=MEDITERRANEAN)] * 5, *[Build(deed=BALTIC)] * 4)
    assert (state.houses, state.holding(MEDITERRANEAN).hotel) == (2, True)
    events = events_of(state, SellBuilding(deed=MEDITERRANEAN))
    assert events[0] == BuildingsChanged(deed=MEDITERRANEAN, houses=2)
    # half of the hotel's $50 and of the 2 houses it cannot come back as
    assert events[1] == Paid(
        payer=BANK,
        payee=ANN,
        amount=75,
        reason="sold the hotel on Mediterranean Avenue; the bank had 2 of 4 houses to break it down",
    )
    after = run(state, SellBuilding(deed=MEDITERRANEAN))
    assert after.houses == 0 and after.holding(BALTIC).houses == 4
    assert_building_supply(after)


def test_uneven_building_under_the_hotel_sale_principle_takes_the_lot_to_bare_land():
    game = new_game(uneven_building=True, hotel_sale_principle=True)
    game = replace(game, edition=replace(game.edition, houses=6), houses=6)
    state = owning(game, ANN, MEDITERRANEAN, BALTIC)
    state = run(state, *[Build(deed=MEDITERRANEAN)] * 5, *[Build(deed=BALTIC)] * 4)
    events = events_of(state, SellBuilding(deed=MEDITERRANEAN))
    assert events[0] == BuildingsChanged(deed=MEDITERRANEAN, houses=0)
    assert events[1].amount == (50 + 4 * 50) // 2  # the hotel and the 4 houses it replaced, half
    after = run(state, SellBuilding(deed=MEDITERRANEAN))
    assert after.houses == 2 and after.holding(BALTIC).houses == 4
    assert_building_supply(after)
