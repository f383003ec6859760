"""Buying title deeds from the bank, and who may act on a deed."""

from __future__ import annotations

from banker.rules import BANK, parse_command
from banker.rules.deeds import Buy, DeedBought
from banker.rules.money import Paid
from banker.rules.mortgages import Mortgage
from tests.support.rules import ANN, BOB, cash, new_game, owning, refusal, run


def test_buying_a_deed_pays_the_printed_price_to_the_bank_and_transfers_it():
    state = new_game()
    events = Buy(player=ANN, deed=39).decide(state, 0)
    assert events == [Paid(payer=ANN, payee=BANK, amount=400, reason="bought Boardwalk"), DeedBought(ANN, 39)]
    state = run(state, Buy(player=ANN, deed=39))
    assert cash(state, ANN) == 1100
    assert state.holding(39).owner == ANN
    assert [e.describe(state) for e in events] == [
        "Ann paid the bank $400 (bought Boardwalk)",
        "Ann now owns Boardwalk",
    ]


def test_a_deed_already_owned_cannot_be_bought():
    state = owning(new_game(), ANN, 39)
    assert refusal(state, Buy(player=BOB, deed=39)) == "Boardwalk is already owned by Ann."
    assert refusal(state, Buy(player=ANN, deed=39)) == "Boardwalk is already owned by Ann."


def test_a_buyer_short_of_cash_is_told_the_shortfall():
    state = owning(new_game(), ANN, 39, 37, 34, 32)  # $1,370 spent
    assert refusal(state, Buy(player=ANN, deed=31)) == "Ann has $130 and needs $170 more to pay $300."


def test_only_board_positions_with_a_title_deed_can_be_bought():
    assert refusal(new_game(), Buy(player=ANN, deed=4)) == "There is no title deed at board position 4."
    assert refusal(new_game(), Buy(player=ANN, deed=40)) == "There is no title deed at board position 40."


def test_an_unknown_player_cannot_buy():
    assert refusal(new_game(), Buy(player=7, deed=39)) == "There is no player 7 in this game."


def test_a_buy_command_reads_from_json():
    assert parse_command({"type": "buy", "player": "1", "deed": 39}) == Buy(player=1, deed=39)


def test_owner_commands_act_for_the_deeds_owner_whoever_sends_them():
    state = owning(new_game(), ANN, 39)
    command = Mortgage(deed=39)
    assert command.acting_player(state) == ANN
    assert command.allowed_for(state, ANN)
    assert not command.allowed_for(state, BOB)


def test_a_deed_nobody_owns_is_refused_by_the_rules_from_any_phone():
    # no other player's to act for: the phone hears what is wrong, not "This phone belongs to Ann"
    command = Mortgage(deed=39)
    assert command.acting_player(new_game()) is None
    assert command.allowed_for(new_game(), ANN)
    assert refusal(new_game(), command) == "Nobody owns Boardwalk."
    state = owning(new_game(), BOB, 39)
    assert not command.allowed_for(state, ANN) and command.allowed_for(state, BOB)
