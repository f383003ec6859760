"""Temporary bankruptcy (仮破産, JMA rules 002): while a player owes more than their cash, trades
are only with them and only ones that clear the debt; an offer that no longer clears it when it
is accepted is void; the creditor trades with the debtor only after a third player's rescue offer.
Amounts from the US deeds: Boardwalk with 2 houses rents for $600, a railroad mortgages for $100."""

from __future__ import annotations

import pytest

from banker.rules.debts import PayDebt
from banker.rules.money import PayBank, PayTax
from banker.rules.mortgages import Mortgage
from banker.rules.rent import PayRent
from banker.rules.state import TradeSide
from banker.rules.trades import AcceptTrade, ProposeTrade
from banker.rules.undo import Undo
from tests.rules.conftest import ANN, BOB, CAT, DAN, built, cash, new_game, owning, refusal, run

READING, SHORT_LINE, PARK_PLACE, BOARDWALK, BALTIC = 5, 35, 37, 39, 3
INCOME_TAX = 4


def short_bob(preset: str = "jma"):
    """Bob ($300 cash, Reading and Short Line) landed on Ann's Boardwalk with 2 houses: owes $600."""
    state = owning(new_game(4, preset, starting_cash=3000), ANN, PARK_PLACE, BOARDWALK)
    state = built(state, (PARK_PLACE, BOARDWALK), 2)
    state = owning(state, BOB, READING, SHORT_LINE)
    state = owning(state, CAT, BALTIC)
    state = run(state, PayBank(player=BOB, amount=2300, reason="earlier losses"))
    return run(state, PayRent(player=BOB, deed=BOARDWALK))


def buys(buyer: int, seller: int, deed: int, price: int) -> ProposeTrade:
    return ProposeTrade(player=buyer, to=seller, give=TradeSide(cash=price), get=TradeSide(deeds=(deed,)))


def test_the_jma_preset_has_temporary_bankruptcy_and_classic_does_not():
    assert new_game(preset="jma").rules.temporary_bankruptcy
    assert not new_game().rules.temporary_bankruptcy


def test_while_a_player_cannot_pay_only_trades_with_them_are_open():
    state = short_bob()
    assert cash(state, BOB) == 300 and [(d.creditor, d.amount) for d in state.debts] == [(ANN, 600)]
    assert refusal(state, buys(DAN, CAT, BALTIC, 100)) == (
        "Under the tournament rules, while Bob cannot pay a debt in cash, trades are only with them."
    )


def test_a_trade_that_clears_the_debt_goes_through_and_the_debt_is_paid():
    state = run(short_bob(), buys(CAT, BOB, READING, 320), AcceptTrade(player=BOB, trade=1))
    assert cash(state, BOB) == 620 and state.holding(READING).owner == CAT
    state = run(state, PayDebt(player=BOB))
    assert cash(state, BOB) == 20 and state.debts == ()
    run(state, buys(DAN, CAT, BALTIC, 100))  # trading is open to all again


def test_a_trade_that_leaves_the_debt_uncleared_is_refused_until_the_rest_is_raised():
    state = short_bob()
    assert refusal(state, buys(CAT, BOB, READING, 150)) == (
        "Under the tournament rules a trade must clear Bob's debt of $600, and after this one Bob would have "
        "$450: raise the rest first (mortgage or sell buildings) or ask for more."
    )
    state = run(state, Mortgage(deed=SHORT_LINE))  # $400 cash
    assert "after this one Bob would have $550" in refusal(state, buys(CAT, BOB, READING, 150))
    state = run(state, buys(CAT, BOB, READING, 200), AcceptTrade(player=BOB, trade=1))
    assert cash(state, BOB) == 600


def test_an_offer_that_no_longer_clears_the_debt_when_accepted_is_void():
    state = run(short_bob(), buys(CAT, BOB, READING, 320))
    state = run(state, PayTax(player=BOB, space=INCOME_TAX))  # $200 paid from the cash: $100 left
    assert refusal(state, AcceptTrade(player=BOB, trade=1)) == (
        "This offer is void: Under the tournament rules a trade must clear Bob's debt of $600, and after "
        "this one Bob would have $420: raise the rest first (mortgage or sell buildings) or ask for more."
    )


def test_an_offer_between_others_made_before_the_debt_is_void_while_it_lasts():
    state = owning(new_game(4, "jma", starting_cash=3000), ANN, PARK_PLACE, BOARDWALK)
    state = built(state, (PARK_PLACE, BOARDWALK), 2)
    state = run(owning(state, CAT, BALTIC), buys(DAN, CAT, BALTIC, 100))
    state = run(
        state, PayBank(player=BOB, amount=2900, reason="earlier losses"), PayRent(player=BOB, deed=BOARDWALK)
    )
    assert refusal(state, AcceptTrade(player=CAT, trade=1)).startswith(
        "This offer is void: Under the tournament rules, while Bob cannot pay a debt in cash"
    )


def test_several_offers_may_be_open_at_once_and_the_one_accepted_clears_the_debt():
    state = run(short_bob(), buys(CAT, BOB, READING, 320), buys(DAN, BOB, SHORT_LINE, 310))
    state = run(state, AcceptTrade(player=BOB, trade=2), PayDebt(player=BOB))
    assert cash(state, BOB) == 10 and state.debts == () and state.holding(SHORT_LINE).owner == DAN


def test_the_creditor_trades_with_the_debtor_only_after_a_third_players_rescue_offer():
    state = short_bob()
    why = (
        "Under the tournament rules Ann, who is owed by Bob, may trade with Bob only once another player "
        "has offered Bob a trade that clears the debt."
    )
    assert refusal(state, buys(ANN, BOB, READING, 320)) == why
    sells = ProposeTrade(player=BOB, to=ANN, give=TradeSide(deeds=(READING,)), get=TradeSide(cash=320))
    assert refusal(state, sells) == why
    state = run(state, buys(DAN, BOB, SHORT_LINE, 300))  # clears the debt: Ann may bid against it
    state = run(state, buys(ANN, BOB, READING, 320), AcceptTrade(player=BOB, trade=2), PayDebt(player=BOB))
    assert state.holding(READING).owner == ANN and cash(state, BOB) == 20


def test_a_player_whose_cash_covers_the_debt_trades_only_keeping_it_covered():
    state = run(short_bob(), Mortgage(deed=READING), Mortgage(deed=SHORT_LINE))  # $500 for $600
    state = run(state, buys(CAT, BOB, READING, 120), AcceptTrade(player=BOB, trade=1))  # a mortgaged deed
    assert cash(state, BOB) == 620
    assert "after this one Bob would have $580" in refusal(state, buys(BOB, CAT, BALTIC, 40))


@pytest.mark.parametrize("preset", ["classic", "speed"])
def test_other_presets_keep_trading_open_to_everyone(preset):
    state = short_bob(preset)
    state = run(state, buys(DAN, CAT, BALTIC, 100), buys(ANN, BOB, READING, 10), buys(CAT, BOB, READING, 1))
    assert len(state.trades) == 3


def test_undo_brings_back_the_debt_a_trade_cleared():
    state = run(short_bob(), buys(CAT, BOB, READING, 320))
    undone = run(state, AcceptTrade(player=BOB, trade=1), PayDebt(player=BOB), Undo(), Undo())
    assert undone.holding(READING).owner == BOB and cash(undone, BOB) == 300
    assert [(d.creditor, d.amount) for d in undone.debts] == [(ANN, 600)]
