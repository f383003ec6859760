"""Mortgaging a deed to the bank and lifting the mortgage with 10% interest."""

from __future__ import annotations

import pytest

from banker.rules import BANK
from banker.rules.buildings import SellBuilding
from banker.rules.money import Paid, PayTax
from banker.rules.mortgages import Mortgage, Mortgaged, MortgageLifted, Unmortgage
from tests.support.rules import ANN, built, cash, new_game, owning, refusal, run


def test_mortgaging_pays_the_owner_the_mortgage_value():
    state = owning(new_game(), ANN, 39)
    events = Mortgage(deed=39).decide(state, 0)
    assert events == [Mortgaged(39), Paid(BANK, ANN, 200, "mortgaged Boardwalk")]
    state = run(state, Mortgage(deed=39))
    assert state.holding(39).mortgaged
    assert cash(state, ANN) == 1500 - 400 + 200


@pytest.mark.parametrize(
    ("position", "mortgage", "cost"),
    [(1, 30, 33), (37, 175, 193), (12, 75, 83), (28, 75, 83), (39, 200, 220), (5, 100, 110)],
)
def test_lifting_a_mortgage_costs_the_value_plus_ten_percent_rounded_up(position, mortgage, cost):
    state = run(owning(new_game(), ANN, position), Mortgage(deed=position))
    before = cash(state, ANN)
    events = Unmortgage(deed=position).decide(state, 0)
    assert events[0].amount == cost
    assert events[1] == MortgageLifted(position)
    state = run(state, Unmortgage(deed=position))
    assert not state.holding(position).mortgaged
    assert cash(state, ANN) == before - cost


def test_the_unmortgage_line_shows_the_interest():
    state = run(owning(new_game(), ANN, 37), Mortgage(deed=37))
    paid, lifted = Unmortgage(deed=37).decide(state, 0)
    assert paid.describe(state) == "Ann paid the bank $193 (lifted the mortgage on Park Place: $175 + 10%)"
    assert lifted.describe(state) == "Park Place is no longer mortgaged"


def test_a_mortgaged_deed_cannot_be_mortgaged_again():
    state = run(owning(new_game(), ANN, 39), Mortgage(deed=39))
    assert refusal(state, Mortgage(deed=39)) == "Boardwalk is already mortgaged."


def test_only_a_mortgaged_deed_can_be_unmortgaged():
    assert refusal(owning(new_game(), ANN, 39), Unmortgage(deed=39)) == "Boardwalk is not mortgaged."


def test_a_lot_cannot_be_mortgaged_while_its_group_has_buildings():
    state = built(owning(new_game(), ANN, 37, 39), (37, 39), 1)
    state = run(state, SellBuilding(deed=39))
    assert (
        refusal(state, Mortgage(deed=39))
        == "Sell the buildings in the dark blue group first: Park Place has 1 house."
    )
    state = run(state, SellBuilding(deed=37), Mortgage(deed=39))
    assert state.holding(39).mortgaged


def test_lifting_a_mortgage_needs_the_cash():
    state = run(owning(new_game(starting_cash=500), ANN, 39), Mortgage(deed=39), PayTax(player=ANN, space=4))
    assert refusal(state, Unmortgage(deed=39)) == "Ann has $100 and needs $120 more to pay $220."


def test_nobody_can_mortgage_an_unknown_or_unowned_deed():
    assert refusal(new_game(), Mortgage(deed=2)) == "There is no title deed at board position 2."
    assert refusal(new_game(), Unmortgage(deed=39)) == "Nobody owns Boardwalk."
