"""Income Tax and Luxury Tax, from the rule set in force."""

from __future__ import annotations

import pytest

from banker.rules import BANK
from banker.rules.money import Paid, PayBank, PayTax
from tests.support.rules import ANN, cash, new_game, refusal, refusals, run


@pytest.mark.parametrize(("space", "amount", "name"), [(4, 200, "Income Tax"), (38, 100, "Luxury Tax")])
def test_a_tax_space_takes_its_amount_for_the_bank(space, amount, name):
    state = new_game()
    assert PayTax(player=ANN, space=space).decide(state, 0) == [Paid(ANN, BANK, amount, name)]
    assert cash(run(state, PayTax(player=ANN, space=space)), ANN) == 1500 - amount


def test_tax_amounts_follow_the_tables_options():
    state = new_game(luxury_tax=75, income_tax=150)
    state = run(state, PayTax(player=ANN, space=38), PayTax(player=ANN, space=4))
    assert cash(state, ANN) == 1500 - 75 - 150


@pytest.mark.parametrize(("space", "message"), [(8, "Vermont Avenue"), (0, "GO"), (41, "space 41")])
def test_there_is_no_tax_anywhere_else(space, message):
    assert refusal(new_game(), PayTax(player=ANN, space=space)) == f"There is no tax to pay on {message}."


def test_a_player_worth_nothing_owes_no_percentage_tax_and_reads_it_on_their_own_phone():
    state = run(new_game(income_tax_percent=10), PayBank(player=ANN, amount=1500))
    assert refusals(state, PayTax(player=ANN, space=4), ANN) == (
        "Ann owes no tax: Income Tax: 10% of $0 net worth comes to nothing.",
        "You owe no tax: Income Tax: 10% of $0 net worth comes to nothing.",
    )
