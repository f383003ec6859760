"""Paying a debt with property in Monopoly 2.0 (seed 004, "Re-selling and Payment"): deeds at their
printed price, the buildings of their group with them at what they cost, the rest in cash, no
change for property that overpays."""

from __future__ import annotations

from banker.rules import BANK, parse_command
from banker.rules.bankruptcy import DeclareBankruptcy, DeedsHandedOver
from banker.rules.buildings import Build, BuildingsChanged, SellBuilding
from banker.rules.debts import DebtsSettled
from banker.rules.deeds import Buy
from banker.rules.market import BuyFromMarket, NextTurn
from banker.rules.money import Paid, PayBank, PayTax
from banker.rules.mortgages import Mortgage
from banker.rules.property_payment import PayWithProperty
from banker.rules.rent import PayRent
from banker.rules.state import FREE_PARKING
from banker.rules.undo import Undo
from tests.support.rules import (
    ANN,
    BOB,
    CAT,
    assert_building_supply,
    built,
    cash,
    new_game,
    refusal,
    refusals,
    run,
)

MEDITERRANEAN, BALTIC, ORIENTAL, VERMONT, ATLANTIC, PACIFIC = 1, 3, 6, 8, 26, 31


def browns(houses: int = 0, **options):
    """Seed 192's market: Ann holds the brown monopoly ($60 each; houses and hotels $50) built
    `houses` rounds up (5: a hotel on each)."""
    state = new_game(preset="monopoly2", seed=192, **options)
    state = run(
        state,
        BuyFromMarket(player=ANN, deed=MEDITERRANEAN),
        NextTurn(),
        BuyFromMarket(player=ANN, deed=BALTIC),
    )
    return run(state, *[Build(deed=BALTIC)] * houses)


def test_a_debt_to_the_bank_is_paid_with_a_deed_its_groups_houses_and_the_rest_in_cash():
    state = run(browns(houses=1), PayBank(player=ANN, amount=1400, reason="x"))
    assert cash(state, ANN) == 1280 and state.debts[0].amount == 1400
    state = run(state, PayWithProperty(player=ANN, deeds=(BALTIC,)))
    # Baltic $60 and a house on each brown $100: $160; the other $1,240 in cash
    assert cash(state, ANN) == 40 and not state.debts
    assert state.undo[-1].events == (
        BuildingsChanged(deed=MEDITERRANEAN, houses=0),
        BuildingsChanged(deed=BALTIC, houses=0),
        Paid(payer=ANN, payee=BANK, amount=1240, reason="the rest of the debt in cash"),
        DeedsHandedOver(player=ANN, to=BANK, deeds=(BALTIC,)),
        DebtsSettled(debtor=ANN, creditor=BANK),
    )
    assert state.holding(BALTIC).owner == BANK and state.deck[-1] == BALTIC  # under the deed deck
    assert state.holding(MEDITERRANEAN).owner == ANN and state.houses == 32
    assert_building_supply(state)


def test_a_player_paid_with_hotels_gets_their_cost_from_the_bank_and_no_change():
    state = run(browns(houses=5), PayBank(player=ANN, amount=880, reason="x"))  # the hotels: $1,000
    state = run(state, BuyFromMarket(player=BOB, deed=ATLANTIC), PayRent(player=ANN, deed=ATLANTIC))
    assert cash(state, ANN) == 0 and state.debts[0].amount == 25  # $22, rounded up to $5
    state = run(state, PayWithProperty(player=ANN, deeds=(MEDITERRANEAN,)))
    # each hotel cost $50 and the 4 houses it replaced $200: $500 for the two, exchanged at the bank
    assert state.undo[-1].events[2] == Paid(
        payer=BANK,
        payee=BOB,
        amount=500,
        reason="buildings handed over in a payment, exchanged with the bank",
    )
    assert cash(state, BOB) == 1500 - 260 + 500 and cash(state, ANN) == 0  # $535 overpaid: no change
    assert state.holding(MEDITERRANEAN).owner == BOB and state.holding(BALTIC).owner == ANN
    assert (state.houses, state.hotels) == (32, 12) and not state.debts
    assert state.undo[-1].events[-1].describe(state) == "Ann owes Bob nothing now"
    assert_building_supply(state)
    assert run(state, Undo()).holding(MEDITERRANEAN).hotel  # the banker can take it back


def test_only_the_debts_to_the_chosen_creditor_are_settled():
    state = run(browns(), PayBank(player=ANN, amount=1380, reason="x"))
    state = run(state, BuyFromMarket(player=BOB, deed=ATLANTIC), PayRent(player=ANN, deed=ATLANTIC))
    assert [d.creditor for d in state.debts] == [BOB]
    state = run(state, PayBank(player=ANN, amount=100, reason="tax"))
    assert refusals(state, PayWithProperty(player=ANN, deeds=(BALTIC,)), ANN) == (
        "Ann owes Bob and the bank: say which one the deeds go to.",
        "You owe Bob and the bank: say which one the deeds go to.",
    )
    assert refusals(state, PayWithProperty(player=ANN, deeds=(BALTIC,), to=CAT), ANN) == (
        "Ann owes Cat nothing.",
        "You owe Cat nothing.",
    )
    state = run(state, PayWithProperty(player=ANN, deeds=(BALTIC,), to=BOB))
    assert [(d.creditor, d.amount) for d in state.debts] == [(BANK, 100)]
    assert state.holding(BALTIC).owner == BOB and cash(state, BOB) == 1500 - 260


def test_what_property_cannot_pay_is_refused_in_words():
    state = run(browns(), PayBank(player=ANN, amount=1400, reason="x"))
    assert refusal(state, PayWithProperty(player=ANN, deeds=())) == "Choose the deeds to hand over."
    assert (
        refusal(state, PayWithProperty(player=ANN, deeds=(BALTIC, BALTIC)))
        == "Each deed can be handed over only once."
    )
    assert refusals(state, PayWithProperty(player=ANN, deeds=(PACIFIC,)), ANN) == (
        "Ann does not own Pacific Avenue.",
        "You do not own Pacific Avenue.",
    )
    assert refusals(state, PayWithProperty(player=BOB, deeds=(BALTIC,)), BOB) == (
        "Bob owes nothing.",
        "You owe nothing.",
    )


def test_a_bare_deed_never_joins_the_creditors_built_lots_of_its_group():
    """Building without the whole group, Ann has 2 houses on Oriental: Bob's Vermont handed to her
    would stand bare beside them, which a trade refuses too."""
    state = new_game(build_without_group=True, pay_with_property=True)
    state = run(state, Buy(player=ANN, deed=ORIENTAL), Buy(player=BOB, deed=VERMONT))
    state = run(
        state, Build(deed=ORIENTAL), Build(deed=ORIENTAL), PayBank(player=BOB, amount=1350, reason="x")
    )
    state = run(state, PayRent(player=BOB, deed=ORIENTAL))
    assert [(d.creditor, d.amount) for d in state.debts] == [(ANN, 90)] and cash(state, BOB) == 50
    assert refusal(state, PayWithProperty(player=BOB, deeds=(VERMONT,), to=ANN)) == (
        "Vermont Avenue cannot go to Ann while their light blue group has buildings: "
        "Oriental Avenue has 2 houses."
    )
    state = run(state, SellBuilding(deed=ORIENTAL), SellBuilding(deed=ORIENTAL))
    state = run(state, PayWithProperty(player=BOB, deeds=(VERMONT,), to=ANN))
    assert state.holding(VERMONT).owner == ANN and state.debts == ()


def test_a_deed_short_of_the_cash_part_is_refused():
    state = run(
        browns(), PayBank(player=ANN, amount=1380, reason="x"), PayBank(player=ANN, amount=1440, reason="y")
    )
    assert cash(state, ANN) == 0 and [d.amount for d in state.debts] == [1440]
    assert refusal(state, PayWithProperty(player=ANN, deeds=(BALTIC,))) == (
        "The deeds come to $60 of the $1,440 owed: the other $1,380 is more than Ann's $0 in cash."
        " Choose more deeds."
    )


def test_the_classic_game_pays_debts_in_cash_and_a_mortgaged_deed_never_pays():
    state = run(new_game(), Buy(player=ANN, deed=BALTIC), PayBank(player=ANN, amount=1500, reason="x"))
    assert refusal(state, PayWithProperty(player=ANN, deeds=(BALTIC,))) == (
        "In this game debts are paid in cash, not with deeds."
    )
    state = run(new_game(pay_with_property=True), Buy(player=ANN, deed=BALTIC), Mortgage(deed=BALTIC))
    state = run(state, PayBank(player=ANN, amount=1500, reason="x"))
    assert refusal(state, PayWithProperty(player=ANN, deeds=(BALTIC,))) == (
        "Baltic Avenue is mortgaged: a mortgaged deed cannot pay a debt."
    )


def test_bankruptcy_waits_while_cash_and_deeds_would_pay():
    state = run(browns(houses=1), PayBank(player=ANN, amount=1380, reason="x"))  # $1,280 cash
    # the browns $120 and their houses $100: $1,500 could be paid
    assert refusals(state, DeclareBankruptcy(player=ANN), ANN) == (
        "Ann could still pay the $1,380 owed with cash and deeds: pay with property first.",
        "You could still pay the $1,380 owed with cash and deeds: pay with property first.",
    )
    state = run(state, PayBank(player=ANN, amount=200, reason="y"))
    assert run(state, DeclareBankruptcy(player=ANN)).player(ANN).bankrupt


def test_a_bankrupt_players_buildings_reach_the_creditor_at_their_cost():
    state = new_game(pay_with_property=True, starting_cash=5000)
    state = run(state, Buy(player=ANN, deed=MEDITERRANEAN), Buy(player=ANN, deed=BALTIC))
    state = built(state, (MEDITERRANEAN, BALTIC), 1)
    state = run(state, PayBank(player=ANN, amount=4780, reason="x"))
    state = built(run(state, Buy(player=BOB, deed=37), Buy(player=BOB, deed=39)), (37, 39), 5)
    state = run(state, PayRent(player=ANN, deed=39))  # $2,000 for Boardwalk's hotel
    before = cash(state, BOB)
    state = run(state, DeclareBankruptcy(player=ANN))
    assert state.undo[-1].events[2] == Paid(
        payer=BANK,
        payee=ANN,
        amount=100,
        reason="buildings handed over in a payment, exchanged with the bank",
    )
    assert cash(state, BOB) == before + 100  # the two houses at their cost, not the $50 a sale pays


def test_a_form_sends_the_deeds_as_a_list_or_as_text():
    assert parse_command({"type": "pay_with_property", "player": 1, "deeds": "1,3"}) == PayWithProperty(
        player=1, deeds=(1, 3)
    )
    assert parse_command({"type": "pay_with_property", "player": 1, "deeds": [39], "to": 0}) == (
        PayWithProperty(player=1, deeds=(39,), to=0)
    )


def test_a_debt_to_the_free_parking_pot_is_paid_in_cash_so_deeds_do_not_hold_off_bankruptcy():
    state = run(browns(free_parking_jackpot=True), PayBank(player=ANN, amount=1330, reason="x"))  # $50 left
    state = run(state, PayTax(player=ANN, space=4))  # $200 into the pot, which takes cash only
    assert [(d.creditor, d.amount) for d in state.debts] == [(FREE_PARKING, 200)]
    assert refusal(state, PayWithProperty(player=ANN, deeds=(BALTIC,))).startswith(
        "A debt to the Free Parking"
    )
    assert run(state, DeclareBankruptcy(player=ANN)).player(ANN).bankrupt


def test_deeds_go_to_the_one_creditor_they_may_pay_when_the_pot_is_owed_too():
    state = run(browns(free_parking_jackpot=True), PayBank(player=ANN, amount=1370, reason="x"))  # $10 left
    state = run(state, BuyFromMarket(player=BOB, deed=ATLANTIC), PayRent(player=ANN, deed=ATLANTIC))
    state = run(state, PayTax(player=ANN, space=4))
    assert [(d.creditor, d.amount) for d in state.debts] == [
        (BOB, 25),
        (FREE_PARKING, 200),
    ]  # rounded up to $5
    state = run(state, PayWithProperty(player=ANN, deeds=(BALTIC,)))  # Bob, without saying so
    assert state.holding(BALTIC).owner == BOB
    assert [(d.creditor, d.amount) for d in state.debts] == [(FREE_PARKING, 200)]


def test_a_pot_debt_that_a_mortgage_would_pay_says_to_mortgage_not_to_pay_with_property():
    state = new_game(pay_with_property=True, free_parking_jackpot=True)
    state = run(state, Buy(player=ANN, deed=39), PayBank(player=ANN, amount=1060, reason="x"))  # $40 left
    state = run(state, PayTax(player=ANN, space=4))  # $200 to the pot, which takes cash
    assert refusal(state, DeclareBankruptcy(player=ANN)) == (
        "Ann could still raise $240 towards the $200 owed: sell buildings, mortgage or trade first."
    )
