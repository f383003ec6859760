"""The JMA tournament's end (seed 002, ゲーム終了): the end is signalled, the final turn is played
out with rent, taxes and cards still charged but no trades or building, then the tally."""

from __future__ import annotations

from dataclasses import replace

from banker.rules.auctions import StartBuildingAuction
from banker.rules.build_plans import BuildGroup
from banker.rules.buildings import Build
from banker.rules.cards import DrawCard
from banker.rules.money import PayTax
from banker.rules.rent import PayRent
from banker.rules.state import TradeSide
from banker.rules.tally import EndGame, SignalEnd
from banker.rules.trades import AcceptTrade, ProposeTrade
from banker.rules.undo import Undo
from tests.support.rules import ANN, BOB, cash, new_game, owning, refusal, run

MEDITERRANEAN, BALTIC, INCOME_TAX, READING = 1, 3, 4, 5
CLOSED = "The end of the game has been signalled: no more trades or building until the tally."


def signalled():
    state = owning(new_game(preset="jma"), ANN, MEDITERRANEAN, BALTIC, READING)
    state = run(
        state, ProposeTrade(player=BOB, to=ANN, give=TradeSide(cash=300), get=TradeSide(deeds=(READING,)))
    )
    return run(state, SignalEnd())


def test_the_jma_preset_signals_the_end_first_and_classic_does_not():
    assert new_game(preset="jma").rules.signalled_end
    assert not new_game().rules.signalled_end
    assert (
        refusal(new_game(), SignalEnd())
        == "This game ends with the tally at once: there is no end to signal."
    )


def test_after_the_signal_open_trades_are_called_off_and_no_trade_or_building_is_taken():
    state = signalled()
    assert state.ending and not state.ended
    assert state.trades == ()  # 「未完了の「交渉」「競売」などは取りやめます」
    deal = ProposeTrade(player=ANN, to=BOB, give=TradeSide(deeds=(READING,)), get=TradeSide(cash=300))
    assert refusal(state, deal) == CLOSED
    assert refusal(state, Build(deed=MEDITERRANEAN)) == CLOSED
    assert refusal(state, BuildGroup(deed=MEDITERRANEAN, levels=((MEDITERRANEAN, 1), (BALTIC, 1)))) == CLOSED
    assert refusal(state, StartBuildingAuction(kind="house")) == CLOSED  # a house won is one built
    assert refusal(state, SignalEnd()) == "The end of the game has already been signalled."


def test_after_the_signal_a_group_is_still_sold_down_by_a_plan():
    """002 forbids trades and building in the final turn, not selling: a plan that only sells was
    refused as building, while the same houses sold one at a time went through."""
    state = owning(new_game(preset="jma"), ANN, MEDITERRANEAN, BALTIC)
    state = run(state, *(Build(deed=lot) for lot in (MEDITERRANEAN, BALTIC, MEDITERRANEAN, BALTIC)))
    state = run(state, SignalEnd())
    sold = run(state, BuildGroup(deed=MEDITERRANEAN, levels=((MEDITERRANEAN, 0), (BALTIC, 1))))
    assert (sold.holding(MEDITERRANEAN).houses, sold.holding(BALTIC).houses) == (0, 1)
    assert cash(sold, ANN) == cash(state, ANN) + 3 * 25  # three houses back at half their $50
    assert refusal(state, BuildGroup(deed=MEDITERRANEAN, levels=((MEDITERRANEAN, 3), (BALTIC, 2)))) == CLOSED


def test_an_offer_made_before_the_signal_cannot_be_accepted_after_it():
    state = owning(new_game(preset="jma"), ANN, READING)
    state = run(
        state, ProposeTrade(player=BOB, to=ANN, give=TradeSide(cash=300), get=TradeSide(deeds=(READING,)))
    )
    ending = replace(run(state, SignalEnd()), trades=state.trades)  # were the offer still open
    assert refusal(ending, AcceptTrade(player=ANN, trade=1)) == CLOSED


def test_rent_taxes_and_cards_are_still_charged_in_the_final_turn():
    state = signalled()
    state = run(state, PayRent(player=BOB, deed=READING))
    assert (cash(state, ANN), cash(state, BOB)) == (1500 - 60 - 60 - 200 + 25, 1500 - 25)
    state = run(state, PayTax(player=BOB, space=INCOME_TAX))
    assert cash(state, BOB) == 1500 - 25 - 200
    state = run(state, DrawCard(player=BOB, deck="chance", card="CH13"))
    assert cash(state, BOB) == 1500 - 25 - 200 - 15


def test_the_banker_closes_the_final_turn_with_the_tally():
    state = run(signalled(), PayRent(player=BOB, deed=READING), EndGame())
    assert state.ended and state.winner == ANN


def test_undo_takes_the_signal_back_exactly():
    before = owning(new_game(preset="jma"), ANN, READING)
    before = run(
        before, ProposeTrade(player=BOB, to=ANN, give=TradeSide(cash=300), get=TradeSide(deeds=(READING,)))
    )
    undone = run(run(before, SignalEnd()), Undo())
    assert replace(undone, seq=0, played=0, undo=()) == replace(before, seq=0, played=0, undo=())
    assert not undone.ending and undone.trades
