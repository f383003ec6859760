"""Bankruptcy to a player and to the bank, with the exact amounts."""

from __future__ import annotations

from banker.rules import decide
from banker.rules.auctions import Bid, CloseAuction, Decline
from banker.rules.bankruptcy import DeclareBankruptcy, SettleMortgage
from banker.rules.buildings import Build, SellBuilding
from banker.rules.cards import DrawCard
from banker.rules.debts import raisable
from banker.rules.deeds import Buy
from banker.rules.money import PayBank
from banker.rules.mortgages import Mortgage, Unmortgage
from banker.rules.rent import PayRent
from banker.rules.undo import Undo
from tests.support.rules import (
    ANN,
    BOB,
    CAT,
    assert_building_supply,
    built,
    cash,
    new_game,
    owning,
    refusal,
    refusals,
    run,
    total_cash,
)

BOARDWALK, PARK_PLACE, READING = 39, 37, 5
ORANGES = (16, 18, 19)


def hotels_against_hotels():
    """Ann: dark blues with hotels ($250 left). Cat: oranges with hotels, Reading Railroad
    mortgaged and the Chance Get Out of Jail Free card ($840 left); Cat lands on Boardwalk."""
    state = owning(new_game(starting_cash=3000), ANN, PARK_PLACE, BOARDWALK)
    state = built(state, (PARK_PLACE, BOARDWALK), 5)
    state = built(owning(state, CAT, *ORANGES, READING), ORANGES, 5)
    state = run(state, Mortgage(deed=READING), DrawCard(player=CAT, deck="chance", card="CH09"))
    return run(state, PayRent(player=CAT, deed=BOARDWALK))


def test_the_setup_owes_more_than_cat_could_raise():
    state = hotels_against_hotels()
    assert cash(state, ANN) == 250 and cash(state, CAT) == 840
    # cash + 3 orange hotels at half ($50 + 4 x $50 each) + orange mortgage values ($90 + $90 + $100)
    assert raisable(state, CAT) == 840 + 3 * 250 + 280 == 1870 < 2000


def test_bankrupt_to_a_player_with_hotels_on_the_board():
    state = run(hotels_against_hotels(), DeclareBankruptcy(player=CAT))
    assert state.player(CAT).bankrupt and cash(state, CAT) == 0 and state.player(CAT).place == 3
    assert cash(state, ANN) == 250 + 840 + 750  # Cat's cash and the half price of the hotels
    assert all(state.holding(p).owner == ANN for p in (*ORANGES, READING))
    assert not any(state.holding(p).hotel or state.holding(p).houses for p in ORANGES)
    assert state.hotels == 10 and state.houses == 32  # Ann's two hotels stay on the board
    assert_building_supply(state)
    assert state.player(ANN).jail_cards == ("chance",)
    assert state.holding(READING).mortgaged and state.mortgage_choices == ((ANN, READING),)
    assert state.debts == () and not state.ended


def test_the_history_tells_the_bankruptcy_in_order():
    state = hotels_against_hotels()
    lines = [event.describe(state) for event in decide(state, DeclareBankruptcy(player=CAT))]
    assert lines[3:] == [
        "Cat collected $750 from the bank (buildings sold to the bank)",
        "Cat paid Ann $1,590 (bankruptcy)",
        "Ann takes over Cat's deeds: Reading Railroad, St. James Place, Tennessee Avenue, New York Avenue",
        "Ann takes Cat's Get Out of Jail Free cards",
        "Cat is bankrupt to Ann and out of the game",
    ]


def test_the_creditor_keeps_a_mortgaged_deed_for_the_10_percent_fee_and_pays_it_again_to_lift():
    state = run(hotels_against_hotels(), DeclareBankruptcy(player=CAT))
    state = run(state, SettleMortgage(player=ANN, deed=READING, choice="keep"))
    assert cash(state, ANN) == 1840 - 10 and state.mortgage_choices == ()
    assert state.holding(READING).mortgaged
    state = run(state, Unmortgage(deed=READING))
    assert cash(state, ANN) == 1840 - 10 - 110


def test_the_creditor_may_lift_the_mortgage_at_once_for_value_plus_10_percent():
    state = run(hotels_against_hotels(), DeclareBankruptcy(player=CAT))
    state = run(state, SettleMortgage(player=ANN, deed=READING, choice="lift"))
    assert cash(state, ANN) == 1840 - 110 and not state.holding(READING).mortgaged


def test_a_mortgage_received_is_not_lifted_before_its_choice_is_made():
    """Ann skipped the choice and lifted the mortgage plainly for $110, without the 10% fee; her
    choice then stood on a deed no longer mortgaged, and "lift" charged the $110 again."""
    state = run(hotels_against_hotels(), DeclareBankruptcy(player=CAT))
    assert refusals(state, Unmortgage(deed=READING), ANN) == (
        "Ann must first choose whether to keep Reading Railroad mortgaged or lift the mortgage.",
        "You must first choose whether to keep Reading Railroad mortgaged or lift the mortgage.",
    )


def test_a_mortgage_choice_is_made_once_and_only_by_the_new_owner():
    state = run(hotels_against_hotels(), DeclareBankruptcy(player=CAT))
    assert refusals(state, SettleMortgage(player=BOB, deed=READING), BOB) == (
        "Bob has no choice to make on Reading Railroad.",
        "You have no choice to make on Reading Railroad.",
    )
    assert refusal(state, SettleMortgage(player=ANN, deed=READING, choice="sell")) == (
        "For Reading Railroad, choose keep (pay the 10% fee) or lift."
    )
    state = run(state, SettleMortgage(player=ANN, deed=READING))
    assert refusal(state, SettleMortgage(player=ANN, deed=READING)) == (
        "Ann has no choice to make on Reading Railroad."
    )


def bankrupt_to_the_bank():
    """Cat owns the browns and Reading Railroad (mortgaged) and owes the bank $1,500; has $1,280."""
    state = owning(new_game(), CAT, 1, 3, READING)
    state = run(state, Mortgage(deed=READING), PayBank(player=CAT, amount=1500, reason="fines"))
    assert cash(state, CAT) == 1280 and raisable(state, CAT) == 1280 + 30 + 30
    return run(state, DeclareBankruptcy(player=CAT), now=1000.0)


def test_bankrupt_to_the_bank_auctions_each_deed_unmortgaged_in_board_order():
    state = bankrupt_to_the_bank()
    assert cash(state, CAT) == 0 and state.player(CAT).bankrupt
    assert all(state.holding(p).owner == 0 and not state.holding(p).mortgaged for p in (1, 3, READING))
    assert (state.auction.deed, state.auction_queue) == (1, (3, READING))
    sold = []
    for bidder in (ANN, BOB, ANN):
        deed = state.auction.deed
        state = run(state, Bid(player=bidder, amount=50), CloseAuction(), now=1001.0)
        sold.append((deed, state.holding(deed).owner))
    assert sold == [(1, ANN), (3, BOB), (READING, ANN)]
    assert state.auction is None and state.auction_queue == ()
    assert (cash(state, ANN), cash(state, BOB)) == (1400, 1450)


def test_a_deed_waiting_for_its_auction_is_not_bought_meanwhile():
    """Bob landed on Reading while Mediterranean was under the hammer and bought it for $200;
    when its turn came the bank auctioned it anyway, to Ann for $1, and Bob was left with nothing."""
    state = bankrupt_to_the_bank()
    assert refusal(state, Buy(player=BOB, deed=READING)) == (
        "Reading Railroad waits for its auction, after the one under way: bid for it then."
    )
    assert refusal(state, Decline(player=BOB, deed=READING))


def test_the_cards_of_a_player_bankrupt_to_the_bank_go_back_under_their_decks():
    state = run(new_game(), DrawCard(player=CAT, deck="chance", card="CH09"))
    state = run(state, PayBank(player=CAT, amount=1600, reason="x"), DeclareBankruptcy(player=CAT))
    assert all(not p.jail_cards for p in state.players)
    state = run(state, DrawCard(player=ANN, deck="chance", card="CH09"))  # back in the deck
    assert state.player(ANN).jail_cards == ("chance",)


def test_owing_each_player_from_a_card_is_bankruptcy_to_the_bank():
    state = run(new_game(), PayBank(player=ANN, amount=1480, reason="x"))
    state = run(state, DrawCard(player=ANN, deck="chance", card="CH15"), DeclareBankruptcy(player=ANN))
    assert (cash(state, BOB), cash(state, CAT)) == (1500, 1500)
    assert total_cash(state) == 3000 and state.player(ANN).bankrupt


def test_the_last_player_standing_wins():
    state = run(
        new_game(players=2), PayBank(player=BOB, amount=1600, reason="x"), DeclareBankruptcy(player=BOB)
    )
    assert state.ended and state.winner == ANN
    assert refusal(state, PayBank(player=ANN, amount=1, reason="x")) == "This game has ended."


def test_bankruptcy_is_only_for_when_everything_is_not_enough():
    state = run(owning(new_game(), CAT, BOARDWALK), PayBank(player=CAT, amount=1200, reason="x"))
    assert refusals(state, DeclareBankruptcy(player=CAT), CAT) == (
        "Cat could still raise $1,300 towards the $1,200 owed: sell buildings, mortgage or trade first.",
        "You could still raise $1,300 towards the $1,200 owed: sell buildings, mortgage or trade first.",
    )
    assert refusals(new_game(), DeclareBankruptcy(player=ANN), ANN) == (
        "Ann owes nothing: there is no bankruptcy to declare.",
        "You owe nothing: there is no bankruptcy to declare.",
    )


def test_a_bankrupt_player_does_nothing_more_and_debts_to_them_are_forgiven():
    state = run(owning(new_game(), CAT, BOARDWALK), PayBank(player=BOB, amount=1500, reason="x"))
    state = run(state, PayRent(player=BOB, deed=BOARDWALK))  # Bob owes Cat $50
    state = run(state, PayBank(player=CAT, amount=1700, reason="x"), DeclareBankruptcy(player=CAT))
    assert state.debts_of(BOB) == ()
    assert refusal(state, PayBank(player=CAT, amount=1, reason="x")) == "Cat is out of the game."


def test_undo_brings_a_bankrupt_player_back_exactly():
    before = hotels_against_hotels()
    state = run(before, DeclareBankruptcy(player=CAT), Undo())
    assert state.players == before.players and state.holdings == before.holdings
    assert state.debts == before.debts


def test_without_the_whole_group_a_mortgaged_lot_received_joins_the_creditors_built_lots_as_it_is():
    """A bankruptcy cannot be refused as a trade is: Boardwalk comes mortgaged and bare beside Bob's
    3 houses on Park Place, and the building rules take it from there."""
    state = owning(new_game(3, build_without_group=True, starting_cash=3000), BOB, PARK_PLACE)
    state = run(state, Build(deed=PARK_PLACE), Build(deed=PARK_PLACE), Build(deed=PARK_PLACE))
    state = run(owning(state, ANN, BOARDWALK), Mortgage(deed=BOARDWALK))
    state = run(state, PayBank(player=ANN, amount=cash(state, ANN)), PayRent(player=ANN, deed=PARK_PLACE))
    state = run(
        state, DeclareBankruptcy(player=ANN), SettleMortgage(player=BOB, deed=BOARDWALK, choice="keep")
    )
    assert (state.holding(PARK_PLACE).houses, state.holding(BOARDWALK).mortgaged) == (3, True)
    mortgaged = "Boardwalk is mortgaged: lift the mortgage before building in the dark blue group."
    assert refusal(state, Build(deed=PARK_PLACE)) == refusal(state, Build(deed=BOARDWALK)) == mortgaged
    assert run(state, SellBuilding(deed=PARK_PLACE)).holding(PARK_PLACE).houses == 2
    lifted = run(state, Unmortgage(deed=BOARDWALK))
    assert (
        refusal(lifted, Build(deed=PARK_PLACE))
        == "Build evenly: Boardwalk has no buildings, build there first."
    )
    assert run(lifted, Build(deed=BOARDWALK)).holding(BOARDWALK).houses == 1


def test_a_keep_or_lift_choice_still_open_goes_with_its_deed_in_a_bankruptcy():
    """Ann, bankrupt with Cat's mortgaged Reading Railroad still to settle, kept her choice for
    good: the bank's screen showed it with buttons refused ("Ann is out of the game")."""
    state = run(owning(new_game(4, starting_cash=5000), CAT, READING), Mortgage(deed=READING))
    state = built(owning(state, BOB, PARK_PLACE, BOARDWALK), (PARK_PLACE, BOARDWALK), 3)
    state = built(owning(state, ANN, 1, 3), (1, 3), 5)
    state = run(state, PayBank(player=ANN, amount=cash(state, ANN) - 5), PayRent(player=ANN, deed=BOARDWALK))
    state = run(state, PayBank(player=CAT, amount=cash(state, CAT) - 1), PayRent(player=CAT, deed=1))
    state = run(state, DeclareBankruptcy(player=CAT))
    assert state.mortgage_choices == ((ANN, READING),)
    state = run(state, DeclareBankruptcy(player=ANN))
    assert state.mortgage_choices == ((BOB, READING),)
    assert run(state, SettleMortgage(player=BOB, deed=READING, choice="keep")).mortgage_choices == ()
