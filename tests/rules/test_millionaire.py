"""Monopoly Millionaire on the classic board: amounts in K, token levels bought at GO with their
salaries, the cash target, and the first bankruptcy ending the game with the richest in cash
winning."""

from __future__ import annotations

from banker.rules import BANK, parse_command
from banker.rules.bankruptcy import DeclareBankruptcy
from banker.rules.cards import DrawCard
from banker.rules.levels import BuyLevel, LevelBought
from banker.rules.market import NextTurn
from banker.rules.money import CollectFromBank, GoReached, Paid, PassGo, PayBank
from banker.rules.tally import GameEnded, tally
from banker.rules.undo import Undo
from tests.rules.conftest import ANN, BOB, CAT, cash, new_game, owning, refusal, run

PARK_PLACE = 37


def game(**options):
    return new_game(preset="millionaire", **options)


def events_of(state, *commands):
    return run(state, *commands).undo[-1].events


def test_everyone_starts_with_372k_and_amounts_read_in_k():
    state = game()
    assert [p.cash for p in state.players] == [372, 372, 372] and [p.level for p in state.players] == [
        1,
        1,
        1,
    ]
    state = run(state, PassGo(player=ANN))
    assert state.undo[-1].events[0].describe(state) == "Ann collected 150K from the bank (Passed GO)"
    assert state.money(state.rules.cash_target) == "M1"  # the electronic-banking style: a million


def test_a_token_level_is_bought_at_go_and_raises_the_salary():
    state = game()
    assert events_of(state, PassGo(player=ANN)) == (
        Paid(payer=BANK, payee=ANN, amount=150, reason="Passed GO"),
        GoReached(player=ANN),
    )
    state = run(state, PassGo(player=ANN))
    assert events_of(state, BuyLevel(player=ANN)) == (
        Paid(payer=ANN, payee=BANK, amount=50, reason="token level 2"),
        LevelBought(player=ANN, level=2),
    )
    state = run(state, BuyLevel(player=ANN))
    assert (state.player(ANN).level, cash(state, ANN)) == (2, 372 + 150 - 50)
    assert state.undo[-1].events[1].describe(state) == "Ann's token is now level 2: a salary of 200K"
    state = run(state, PassGo(player=ANN))
    assert cash(state, ANN) == 472 + 200
    state = run(state, BuyLevel(player=ANN), PassGo(player=ANN))
    assert (state.player(ANN).level, cash(state, ANN)) == (3, 672 - 50 + 250)
    assert state.undo[-1].events[-1].describe(state) == "Ann is at GO with a top-level token"
    assert refusal(state, BuyLevel(player=ANN)) == "Ann's token is already at the top level (3)."


def test_a_level_is_bought_only_on_reaching_go_once_a_salary():
    state = game()
    message = "Ann can buy a token level only on reaching GO: collect the salary first."
    assert refusal(state, BuyLevel(player=ANN)) == message
    state = run(state, PassGo(player=ANN), BuyLevel(player=ANN))
    assert refusal(state, BuyLevel(player=ANN)) == message  # one level a time round
    state = run(state, PassGo(player=ANN), PassGo(player=BOB))
    assert refusal(state, BuyLevel(player=ANN)) == message  # Bob's turn now
    state = run(state, BuyLevel(player=BOB), PassGo(player=BOB), BuyLevel(player=BOB), PassGo(player=ANN))
    state = run(state, PassGo(player=BOB))  # Bob's token is at the top: Ann's chance passes all the same
    assert refusal(state, BuyLevel(player=ANN)) == message
    state = run(state, PassGo(player=CAT), NextTurn())
    assert refusal(state, BuyLevel(player=CAT)) == (
        "Cat can buy a token level only on reaching GO: collect the salary first."
    )
    assert parse_command({"type": "buy_level", "player": 2}) == BuyLevel(player=BOB)


def test_a_card_that_pays_the_salary_pays_the_level_and_offers_a_level():
    state = run(game(), PassGo(player=ANN), BuyLevel(player=ANN))
    state = run(state, DrawCard(player=ANN, deck="chance", card="CH02"))  # advance to GO
    assert cash(state, ANN) == 472 + 200 and state.at_go == ANN


def test_just_go_doubles_the_levels_salary():
    state = run(game(just_go=True), PassGo(player=ANN), BuyLevel(player=ANN), PassGo(player=ANN, landed=True))
    assert cash(state, ANN) == 472 + 400


def test_games_without_levels_refuse_to_sell_one():
    state = run(new_game(), PassGo(player=ANN))
    assert refusal(state, BuyLevel(player=ANN)) == "There are no token levels in this game."
    assert [type(e) for e in state.undo[-1].events] == [Paid]


def test_the_first_to_the_cash_target_wins():
    state = run(game(), CollectFromBank(player=BOB, amount=627, reason="x"))
    assert not state.ended and cash(state, BOB) == 999
    events = events_of(state, PassGo(player=BOB))
    assert events[-1] == GameEnded(reason="cash_target", winner=BOB)
    assert events[-1].describe(state) == "The cash target is reached: the game is over, and Bob wins"
    assert run(state, PassGo(player=BOB)).winner == BOB


def test_the_cash_target_is_an_option():
    state = run(game(cash_target=500), CollectFromBank(player=ANN, amount=128, reason="x"))
    assert state.ended and state.winner == ANN


def test_the_first_bankruptcy_ends_the_game_and_the_richest_in_cash_wins():
    state = owning(game(), ANN, PARK_PLACE)  # Ann: 22K cash and a 350K deed
    state = run(state, PayBank(player=BOB, amount=100, reason="x"))  # Bob: 272K cash
    state = run(state, PayBank(player=CAT, amount=1000, reason="x"))
    events = events_of(state, DeclareBankruptcy(player=CAT))
    assert events[-1] == GameEnded(reason="bankruptcies", winner=BOB)
    ended = run(state, DeclareBankruptcy(player=CAT))
    assert ended.ended and ended.winner == BOB
    # ranked by cash; the net worth still shows
    assert [(line.player.name, line.cash, line.total, line.rank) for line in tally(ended)] == [
        ("Bob", 272, 272, 1),
        ("Ann", 22, 372, 2),
        ("Cat", 0, 0, 3),
    ]
    assert run(ended, Undo()).ended is False
