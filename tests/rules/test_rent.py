"""Rent for every deed at every building level, railroads, utilities and the nearest-cards."""

from __future__ import annotations

import pytest

from banker.rules import rent_due
from banker.rules.board import Deed
from banker.rules.buildings import Build
from banker.rules.cards import DrawCard
from banker.rules.money import Paid
from banker.rules.mortgages import Mortgage
from banker.rules.rent import PayRent
from tests.support.rules import ANN, BOB, CAT, built, cash, new_game, owning, refusal, refusals, run

# The printed title deeds: base rent, 1-4 houses, hotel.
STREET_RENTS = {
    1: (2, 10, 30, 90, 160, 250),
    3: (4, 20, 60, 180, 320, 450),
    6: (6, 30, 90, 270, 400, 550),
    8: (6, 30, 90, 270, 400, 550),
    9: (8, 40, 100, 300, 450, 600),
    11: (10, 50, 150, 450, 625, 750),
    13: (10, 50, 150, 450, 625, 750),
    14: (12, 60, 180, 500, 700, 900),
    16: (14, 70, 200, 550, 750, 950),
    18: (14, 70, 200, 550, 750, 950),
    19: (16, 80, 220, 600, 800, 1000),
    21: (18, 90, 250, 700, 875, 1050),
    23: (18, 90, 250, 700, 875, 1050),
    24: (20, 100, 300, 750, 925, 1100),
    26: (22, 110, 330, 800, 975, 1150),
    27: (22, 110, 330, 800, 975, 1150),
    29: (24, 120, 360, 850, 1025, 1200),
    31: (26, 130, 390, 900, 1100, 1275),
    32: (26, 130, 390, 900, 1100, 1275),
    34: (28, 150, 450, 1000, 1200, 1400),
    37: (35, 175, 500, 1100, 1300, 1500),
    39: (50, 200, 600, 1400, 1700, 2000),
}
RAILROADS = (5, 15, 25, 35)
UTILITIES = (12, 28)


def rich_game():
    return new_game(starting_cash=20_000)


def group_of(state, position: int) -> tuple[int, ...]:
    deed: Deed = state.deed(position)
    return state.edition.groups[deed.group]


def test_the_rent_table_covers_every_street_on_the_board():
    assert sorted(STREET_RENTS) == sorted(d.position for d in new_game().edition.deeds if d.kind == "street")


@pytest.mark.parametrize("position", STREET_RENTS)
def test_a_lone_street_earns_its_base_rent(position):
    state = owning(rich_game(), ANN, position)
    assert rent_due(state, position) == STREET_RENTS[position][0]


@pytest.mark.parametrize("position", STREET_RENTS)
def test_a_street_earns_double_rent_when_the_owner_holds_the_whole_group(position):
    state = rich_game()
    state = owning(state, ANN, *group_of(state, position))
    assert rent_due(state, position) == 2 * STREET_RENTS[position][0]


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5], ids=["1house", "2houses", "3houses", "4houses", "hotel"])
@pytest.mark.parametrize("position", STREET_RENTS)
def test_a_built_street_earns_the_rent_printed_for_its_buildings(position, level):
    state = rich_game()
    group = group_of(state, position)
    state = built(owning(state, ANN, *group), group, level)
    assert rent_due(state, position) == STREET_RENTS[position][level]
    state = run(state, PayRent(player=BOB, deed=position))
    assert cash(state, BOB) == 20_000 - STREET_RENTS[position][level]


@pytest.mark.parametrize("owned", [1, 2, 3, 4])
@pytest.mark.parametrize("position", RAILROADS)
def test_a_railroad_earns_25_50_100_200_by_the_railroads_its_owner_holds(position, owned):
    others = [r for r in RAILROADS if r != position][: owned - 1]
    state = owning(rich_game(), ANN, position, *others)
    assert rent_due(state, position) == (25, 50, 100, 200)[owned - 1]
    assert rent_due(state, position, card="nearest_railroad") == 2 * (25, 50, 100, 200)[owned - 1]


def test_mortgaged_railroads_still_count_towards_the_owners_railroads():
    state = run(owning(rich_game(), ANN, 5, 15, 25), Mortgage(deed=15))
    assert rent_due(state, 5) == 100


def test_a_railroad_held_by_someone_else_does_not_count():
    state = owning(owning(rich_game(), ANN, 5, 15), BOB, 25)
    assert rent_due(state, 5) == 50


@pytest.mark.parametrize("dice", [2, 7, 12])
@pytest.mark.parametrize("position", UTILITIES)
def test_one_utility_earns_four_times_the_dice(position, dice):
    state = owning(rich_game(), ANN, position)
    assert rent_due(state, position, dice=dice) == 4 * dice


@pytest.mark.parametrize("dice", [2, 7, 12])
@pytest.mark.parametrize("position", UTILITIES)
def test_both_utilities_earn_ten_times_the_dice(position, dice):
    state = owning(rich_game(), ANN, *UTILITIES)
    assert rent_due(state, position, dice=dice) == 10 * dice


@pytest.mark.parametrize("both", [False, True], ids=["one utility", "both utilities"])
@pytest.mark.parametrize("position", UTILITIES)
def test_the_nearest_utility_card_costs_ten_times_the_roll_whatever_the_owner_holds(position, both):
    state = owning(rich_game(), ANN, *(UTILITIES if both else (position,)))
    assert rent_due(state, position, dice=9, card="nearest_utility") == 90


def test_paying_utility_rent_moves_the_amount_to_the_owner():
    state = run(owning(new_game(), ANN, 12), PayRent(player=BOB, deed=12, dice=8))
    assert (cash(state, ANN), cash(state, BOB)) == (1500 - 150 + 32, 1500 - 32)


def test_a_nearest_railroad_card_pays_twice_the_rent():
    state = owning(new_game(), ANN, 5, 15)
    events = PayRent(player=BOB, deed=15, card="nearest_railroad").decide(state, 0)
    reason = "rent for Pennsylvania Railroad, 2 railroads owned, x2 by the card"
    assert events == [Paid(payer=BOB, payee=ANN, amount=100, reason=reason)]


def test_the_rent_line_reads_what_was_paid_and_why():
    state = rich_game()
    state = built(owning(state, ANN, 37, 39), (37, 39), 2)
    (event,) = PayRent(player=BOB, deed=39).decide(state, 0)
    assert event.describe(state) == "Bob paid Ann $600 (rent for Boardwalk with 2 houses)"


def test_an_unbuilt_lot_of_a_group_with_houses_still_earns_double_rent():
    state = run(owning(rich_game(), ANN, 6, 8, 9), Build(deed=6), Build(deed=8))
    assert (rent_due(state, 6), rent_due(state, 9)) == (30, 16)


def test_an_unowned_utility_owes_nothing_and_needs_no_dice():
    assert rent_due(new_game(), 12) == 0


def test_double_rent_holds_on_an_unbuilt_lot_while_another_lot_of_the_group_is_mortgaged():
    state = run(owning(new_game(), ANN, 6, 8, 9), Mortgage(deed=6))
    assert rent_due(state, 9) == 16


def test_the_stricter_rule_cancels_double_rent_when_any_lot_of_the_group_is_mortgaged():
    state = run(owning(new_game(mortgaged_lot_cancels_double_rent=True), ANN, 6, 8, 9), Mortgage(deed=6))
    assert rent_due(state, 9) == 8


def test_a_group_shared_between_owners_earns_single_rent():
    state = owning(owning(new_game(), ANN, 37), BOB, 39)
    assert (rent_due(state, 37), rent_due(state, 39)) == (35, 50)


def test_no_rent_is_due_on_a_deed_the_bank_owns():
    state = new_game()
    assert rent_due(state, 39) == 0
    assert refusal(state, PayRent(player=BOB, deed=39)) == "Nobody owns Boardwalk: there is no rent to pay."


def test_no_rent_is_due_on_a_mortgaged_deed():
    state = run(owning(new_game(), ANN, 39), Mortgage(deed=39))
    assert rent_due(state, 39) == 0
    assert refusal(state, PayRent(player=BOB, deed=39)) == "Boardwalk is mortgaged: it earns no rent."


def test_nobody_pays_rent_to_themselves():
    state = owning(new_game(), ANN, 39)
    assert refusals(state, PayRent(player=ANN, deed=39), ANN) == (
        "Ann owns Boardwalk: there is no rent to pay.",
        "You own Boardwalk: there is no rent to pay.",
    )


def test_utility_rent_needs_the_dice_total():
    state = owning(new_game(), ANN, 12)
    assert (
        refusal(state, PayRent(player=BOB, deed=12))
        == "Enter the dice total to work out the rent for Electric Company."
    )


@pytest.mark.parametrize("dice", [0, 1, 13, -4])
def test_utility_rent_refuses_a_dice_total_outside_2_to_12(dice):
    state = owning(new_game(), ANN, 12)
    assert refusal(state, PayRent(player=BOB, deed=12, dice=dice)) == "A dice total is between 2 and 12."


@pytest.mark.parametrize(("utilities", "dice", "rent"), [((12,), 15, 60), ((12, 28), 15, 150), ((12,), 2, 8)])
def test_with_the_speed_die_a_utility_re_roll_is_three_dice_totalling_2_to_15(utilities, dice, rent):
    state = owning(new_game(preset="speed"), ANN, *utilities)
    paid = run(state, PayRent(player=BOB, deed=12, dice=dice))
    assert (cash(paid, ANN), cash(paid, BOB)) == (cash(state, ANN) + rent, 2500 - rent)


def test_the_speed_die_game_refuses_a_total_three_dice_cannot_show():
    state = owning(new_game(preset="speed"), ANN, 12)
    assert refusal(state, PayRent(player=BOB, deed=12, dice=16)) == "A dice total is between 2 and 15."
    assert refusal(state, PayRent(player=BOB, deed=12, dice=1)) == "A dice total is between 2 and 15."
    card = run(state, DrawCard(player=BOB, deck="chance", card="CH07", from_space=7, dice=15))
    assert cash(card, BOB) == 2500 - 150  # the nearest-utility card: 10 x the three dice


def test_a_nearest_card_must_fit_the_deed():
    state = owning(new_game(), ANN, 12, 5)
    assert (
        refusal(state, PayRent(player=BOB, deed=12, dice=5, card="nearest_railroad"))
        == "The nearest-railroad card leads to a railroad; Electric Company is a utility."
    )
    assert (
        refusal(state, PayRent(player=BOB, deed=5, card="chairman"))
        == "The card must be one of: nearest_railroad, nearest_utility."
    )


def test_rent_on_an_unknown_deed_is_refused():
    assert refusal(new_game(), PayRent(player=BOB, deed=7)) == "There is no title deed at board position 7."


def test_a_rent_the_cash_cannot_cover_becomes_a_debt_to_the_owner():
    state = built(owning(new_game(starting_cash=3000), ANN, 37, 39), (37, 39), 5)
    state = run(state, PayRent(player=CAT, deed=37))
    assert cash(state, CAT) == 3000 - 1500
    state = run(state, PayRent(player=CAT, deed=39))
    assert cash(state, CAT) == 1500
    assert [(d.debtor, d.creditor, d.amount, d.reason) for d in state.debts] == [
        (CAT, ANN, 2000, "rent for Boardwalk with a hotel")
    ]


def test_the_owner_may_collect_rent_from_their_phone_and_the_payer_may_pay_it():
    state = owning(new_game(), ANN, 39)
    command = PayRent(player=BOB, deed=39)
    assert command.allowed_for(state, ANN)
    assert command.allowed_for(state, BOB)
    assert not command.allowed_for(state, CAT)
