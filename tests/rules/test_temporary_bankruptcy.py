"""Temporary bankruptcy (仮破産, JMA rules 002): while a player owes more than their cash, trades
are only with them and only ones that clear the debt; an offer that no longer clears it when it
is accepted is void; the creditor trades with the debtor only after a third player's rescue offer.
Amounts from the US deeds: Boardwalk with 2 houses rents for $600, a railroad mortgages for $100."""

from __future__ import annotations

from dataclasses import replace

import pytest

from banker.rules import describe_action
from banker.rules.auctions import Bid, CloseAuction, Decline
from banker.rules.bankruptcy import DeclareBankruptcy
from banker.rules.cards import DrawCard
from banker.rules.debts import PayDebt
from banker.rules.money import CollectFromBank, PayBank
from banker.rules.mortgages import Mortgage
from banker.rules.rent import PayRent
from banker.rules.state import TradeSide
from banker.rules.trades import AcceptTrade, CancelTrade, CompleteAgreedTrades, ProposeTrade, TradeAgreed
from banker.rules.undo import Undo
from tests.support.rules import (
    ANN,
    BALTIC,
    BOARDWALK,
    BOB,
    BROWN,
    CAT,
    DAN,
    PARK_PLACE,
    READING,
    SHORT_LINE,
    built,
    buys,
    cash,
    new_game,
    owning,
    refusal,
    refusals,
    run,
    short_bob,
)

INCOME_TAX = 4


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


def test_a_trade_that_only_helps_is_agreed_and_waits_and_one_that_does_not_help_is_refused():
    state = run(short_bob(), buys(CAT, BOB, READING, 150))  # $450 of $600: it helps
    state = run(state, AcceptTrade(player=BOB, trade=1))
    assert state.undo[-1].events == (
        TradeAgreed(trade=1, proposer=CAT, partner=BOB, debtor=BOB, partner_mortgages=()),
    )
    assert state.undo[-1].events[0].describe(state) == (
        "Bob agreed to Cat's offer: it goes through once Bob's agreed trades clear the debt"
    )
    assert state.holding(READING).owner == BOB and cash(state, BOB) == 300  # nothing moved yet
    assert refusals(state, AcceptTrade(player=BOB, trade=1), BOB) == (
        "Bob has already agreed to this trade: it goes through with the other agreed trades once "
        "together they clear the debt.",
        "You have already agreed to this trade: it goes through with the other agreed trades once "
        "together they clear the debt.",
    )
    assert refusals(state, buys(BOB, CAT, BALTIC, 100), BOB) == (  # Bob buying: further from paying
        "Under the tournament rules a trade must bring Bob nearer to paying the $600 owed, and after this "
        "one Bob would have $200.",
        "Under the tournament rules a trade must bring you nearer to paying the $600 owed, and after this "
        "one you would have $200.",
    )


def test_agreed_trades_with_several_players_go_through_together_once_they_clear_the_debt():
    """002, 仮破産: the debtor negotiates with several players in parallel."""
    state = run(short_bob(), buys(CAT, BOB, READING, 150), buys(DAN, BOB, SHORT_LINE, 160))
    state = run(state, AcceptTrade(player=BOB, trade=1))
    state = run(state, AcceptTrade(player=BOB, trade=2))  # $300 + $150 + $160 = $610 for $600
    assert [e.type for e in state.undo[-1].events] == ["trade_completed", "trade_completed"]
    assert (state.holding(READING).owner, state.holding(SHORT_LINE).owner) == (CAT, DAN)
    assert cash(state, BOB) == 610 and state.trades == ()
    state = run(state, PayDebt(player=BOB))
    assert cash(state, BOB) == 10 and state.debts == ()
    assert run(state, Undo(), Undo()).trades[0].agreed  # the banker's undo restores the agreement


def test_agreed_trades_are_completed_once_the_rest_is_raised_and_lapse_on_bankruptcy():
    state = run(short_bob(), buys(CAT, BOB, READING, 150), AcceptTrade(player=BOB, trade=1))
    assert refusals(state, CompleteAgreedTrades(player=BOB), BOB) == (
        "Together the agreed trades would leave Bob $450 for the $600 owed: raise the rest first, or "
        "agree another trade.",
        "Together the agreed trades would leave you $450 for the $600 owed: raise the rest first, or "
        "agree another trade.",
    )
    raised = run(
        short_bob(), buys(CAT, BOB, READING, 210), AcceptTrade(player=BOB, trade=1), Mortgage(deed=SHORT_LINE)
    )
    raised = run(raised, CompleteAgreedTrades(player=BOB), PayDebt(player=BOB))  # $300 + $100 + $210
    assert cash(raised, BOB) == 10 and raised.holding(READING).owner == CAT
    assert refusals(raised, CompleteAgreedTrades(player=BOB), BOB) == (
        "Bob has no agreed trades waiting.",
        "You have no agreed trades waiting.",
    )
    # had no one else helped ($300 and $200 of mortgages for $600), the agreed trade is void: it
    # lapses with Bob's bankruptcy
    out = run(state, DeclareBankruptcy(player=BOB))
    assert out.player(BOB).bankrupt and out.trades == () and out.holding(READING).owner == ANN


def test_an_agreed_trade_gone_out_of_date_is_named_when_the_trades_would_go_through():
    state = run(short_bob(), buys(CAT, BOB, READING, 150), AcceptTrade(player=BOB, trade=1))
    state = run(state, PayBank(player=CAT, amount=2840, reason="elsewhere"))  # $100 left
    state = run(state, buys(DAN, BOB, SHORT_LINE, 200))  # with Cat's $150, enough
    assert refusals(state, AcceptTrade(player=BOB, trade=2), CAT) == (
        "The agreed trade between Cat and Bob is out of date: Cat has $100, not the $150 in the offer.",
        "Your agreed trade with Bob is out of date. You have $100, not the $150 in the offer.",
    )


def test_an_offer_between_others_made_before_the_debt_is_void_while_it_lasts():
    state = owning(new_game(4, "jma", starting_cash=3000), ANN, PARK_PLACE, BOARDWALK)
    state = built(state, (PARK_PLACE, BOARDWALK), 2)
    state = run(owning(state, CAT, BALTIC), buys(DAN, CAT, BALTIC, 100))
    state = run(
        state, PayBank(player=BOB, amount=2900, reason="earlier losses"), PayRent(player=BOB, deed=BOARDWALK)
    )
    assert refusal(state, AcceptTrade(player=CAT, trade=1)).startswith(
        "This offer is void. Under the tournament rules, while Bob cannot pay a debt in cash"
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


def test_players_owed_by_pay_each_player_trade_with_the_debtor_as_any_other_player():
    # 002, 特殊な破産-1: bankrupt on "pay each player $50", the debtor pays no player (to the bank),
    # so the players owed take nothing from it and wait for no third player: here there is none
    state = owning(new_game(3, "jma"), BOB, READING)
    state = run(state, PayBank(player=BOB, amount=1240, reason="earlier losses"))
    state = run(state, DrawCard(player=BOB, deck="chance", card="CH15"))  # $60 for $50 to each
    assert [(d.creditor, d.amount) for d in state.debts] == [(ANN, 50), (CAT, 50)]
    state = run(state, buys(ANN, BOB, READING, 200), AcceptTrade(player=BOB, trade=1), PayDebt(player=BOB))
    assert state.holding(READING).owner == ANN and (cash(state, ANN), cash(state, BOB)) == (1350, 160)


def test_the_creditors_offer_is_void_once_the_rescue_offer_that_opened_it_is_withdrawn():
    state = run(short_bob(), buys(DAN, BOB, SHORT_LINE, 300), buys(ANN, BOB, READING, 320))
    state = run(state, CancelTrade(player=DAN, trade=1))
    assert refusal(state, AcceptTrade(player=BOB, trade=2)) == (
        "This offer is void. Under the tournament rules Ann, who is owed by Bob, may trade with Bob only "
        "once another player has offered Bob a trade that clears the debt."
    )


def test_a_player_whose_cash_covers_the_debt_trades_only_keeping_it_covered():
    state = run(short_bob(), Mortgage(deed=READING), Mortgage(deed=SHORT_LINE))  # $500 for $600
    state = run(state, buys(CAT, BOB, READING, 120), AcceptTrade(player=BOB, trade=1))  # a mortgaged deed
    assert cash(state, BOB) == 620
    assert "after this one Bob would have $580" in refusal(state, buys(BOB, CAT, BALTIC, 40))


@pytest.mark.parametrize("preset", ["classic", "speed"])
def test_other_presets_keep_trading_open_to_everyone(preset):
    state = short_bob(preset)
    state = run(state, buys(DAN, CAT, BALTIC, 100), buys(ANN, BOB, READING, 10), buys(CAT, BOB, READING, 100))
    assert len(state.trades) == 3


def test_undo_brings_back_the_debt_a_trade_cleared():
    state = run(short_bob(), buys(CAT, BOB, READING, 320))
    undone = run(state, AcceptTrade(player=BOB, trade=1), PayDebt(player=BOB), Undo(), Undo())
    assert undone.holding(READING).owner == BOB and cash(undone, BOB) == 300
    assert [(d.creditor, d.amount) for d in undone.debts] == [(ANN, 600)]


def test_a_trade_that_clears_the_debt_alone_takes_the_agreed_ones_with_it():
    state = run(short_bob(), buys(CAT, BOB, READING, 150), AcceptTrade(player=BOB, trade=1))
    state = run(state, buys(DAN, BOB, SHORT_LINE, 310), AcceptTrade(player=BOB, trade=2))
    assert [e.type for e in state.undo[-1].events] == ["trade_completed", "trade_completed"]
    assert cash(state, BOB) == 760 and state.trades == ()


def test_agreed_trades_wait_for_their_debtor_alone_even_once_the_debt_is_paid_otherwise():
    state = run(short_bob(), buys(CAT, BOB, READING, 150), AcceptTrade(player=BOB, trade=1))
    state = run(state, CollectFromBank(player=BOB, amount=300, reason="a correction"), PayDebt(player=BOB))
    state = run(state, buys(DAN, CAT, BALTIC, 100), AcceptTrade(player=CAT, trade=2))  # Cat's other trade
    assert [t.id for t in state.trades] == [1] and state.holding(READING).owner == BOB
    state = run(state, CompleteAgreedTrades(player=BOB))  # Bob puts it through as agreed
    assert state.holding(READING).owner == CAT and cash(state, BOB) == 150


def claim(debtor: int, amount: int) -> TradeSide:
    return TradeSide(claims=((debtor, amount),))


def test_a_claim_counts_as_cash_in_a_trade_and_is_owed_to_its_new_holder():
    """002, 交渉: 債権は「現金」と同様にみなします. Ann hands Cat the $600 Bob owes her for Baltic."""
    state = run(short_bob(), buys(DAN, BOB, SHORT_LINE, 320))  # a rescue offer: Ann may now trade
    sale = ProposeTrade(player=ANN, to=CAT, give=claim(BOB, 600), get=TradeSide(deeds=(BALTIC,)))
    assert refusal(state, sale) == (
        "Under the tournament rules, while Bob cannot pay a debt in cash, trades are only with them."
    )
    bought = run(state, AcceptTrade(player=BOB, trade=1), PayDebt(player=BOB))
    assert bought.debts == ()  # with Bob's debt paid, Ann has no claim left to hand over
    assert refusals(bought, sale, ANN) == (
        "Bob owes Ann nothing to hand over.",
        "Bob owes you nothing to hand over.",
    )


def test_a_claim_for_cash_is_cash_for_cash_under_the_tournament_rules():
    """Bob's cash covers the $600 he owes Ann, not paid yet: Ann sold Cat the claim for $10, and
    Bob then paid Cat $600, a $590 gift from Ann."""
    state = run(short_bob(), Mortgage(deed=READING), Mortgage(deed=SHORT_LINE))
    state = run(state, CollectFromBank(player=BOB, amount=200, reason="passed GO"))
    sale = ProposeTrade(player=ANN, to=CAT, give=claim(BOB, 600), get=TradeSide(cash=10))
    assert refusal(state, sale) == (
        "Cash for cash is a gift or a loan, which the tournament rules do not allow: "
        "Ann would give the $600 Bob owes and get $10."
    )
    forgiven = ProposeTrade(player=ANN, to=BOB, give=claim(BOB, 600), get=TradeSide(cash=10))
    assert refusal(state, forgiven).startswith("Cash for cash is a gift or a loan")


def test_the_creditor_forgives_the_debt_for_deeds_once_a_rescue_was_offered():
    state = run(short_bob(), buys(DAN, BOB, SHORT_LINE, 310))  # Dan's rescue offer opens Ann's
    in_lieu = ProposeTrade(
        player=ANN, to=BOB, give=claim(BOB, 600), get=TradeSide(deeds=(READING, SHORT_LINE))
    )
    proposed = run(state, in_lieu)
    assert proposed.undo[-1].events[0].describe(proposed) == (
        "Ann offers Bob the $600 Bob owes for Reading Railroad and Short Line"
    )
    state = run(proposed, AcceptTrade(player=BOB, trade=2))
    assert state.debts == () and cash(state, BOB) == 300  # the debt is forgiven, the cash untouched
    assert (state.holding(READING).owner, state.holding(SHORT_LINE).owner) == (ANN, ANN)
    assert refusal(state, AcceptTrade(player=BOB, trade=1)).startswith("This offer is out of date")


def test_a_claim_offered_is_checked_against_what_is_owed_and_only_under_the_tournament_rules():
    state = run(short_bob(), buys(DAN, BOB, SHORT_LINE, 310))
    too_much = ProposeTrade(player=ANN, to=BOB, give=claim(BOB, 700), get=TradeSide(deeds=(READING,)))
    assert refusals(state, too_much, ANN) == (
        "Bob owes Ann $600, not the $700 in the offer.",
        "Bob owes you $600, not the $700 in the offer.",
    )
    nothing = ProposeTrade(player=CAT, to=BOB, give=claim(BOB, 600), get=TradeSide(deeds=(READING,)))
    assert refusal(state, nothing) == "Bob owes Cat nothing to hand over."
    classic = short_bob("classic")
    assert refusal(
        classic, ProposeTrade(player=ANN, to=BOB, give=claim(BOB, 600), get=TradeSide(deeds=(READING,)))
    ) == ("Debts are not traded in this game: only deeds, cash and Get Out of Jail Free cards.")


def test_a_deed_promised_in_an_agreed_trade_is_not_mortgaged_meanwhile():
    state = run(short_bob(), buys(CAT, BOB, READING, 150), AcceptTrade(player=BOB, trade=1))
    assert refusal(state, Mortgage(deed=READING)) == (
        "Reading Railroad is promised in an agreed trade: it goes as it was agreed."
    )
    run(state, Mortgage(deed=SHORT_LINE))  # the rest may be raised


def test_a_claim_sold_names_its_debtor_among_the_trades_parties():
    """Bob's debt now owed to Cat is news to Bob: the trade is in his own history and pushed to him."""
    state = run(short_bob(), CollectFromBank(player=BOB, amount=400, reason="a correction"))  # covers it
    sale = ProposeTrade(player=ANN, to=CAT, give=claim(BOB, 600), get=TradeSide(deeds=(BALTIC,)))
    state = run(state, sale)
    assert BOB in state.undo[-1].events[0].parties()
    state = run(state, AcceptTrade(player=CAT, trade=1))
    completed = state.undo[-1].events[0]
    assert completed.type == "trade_completed" and set(completed.parties()) == {ANN, CAT, BOB}
    assert [(d.debtor, d.creditor, d.amount) for d in state.debts] == [(BOB, CAT, 600)]


def test_a_claim_on_a_player_goes_to_the_creditor_of_its_holder_gone_bankrupt():
    """A claim counts as cash (002): Cat's $250 owed to Ann was dropped when Ann went bankrupt to
    Bob, and Cat kept the money Bob was owed with the rest of Ann's cash."""
    state = new_game(3, "jma", starting_cash=5000)
    state = built(owning(state, ANN, *BROWN), BROWN, 5)  # Mediterranean's rent with a hotel: $250
    state = built(owning(state, BOB, PARK_PLACE, BOARDWALK), (PARK_PLACE, BOARDWALK), 5)
    state = run(state, PayBank(player=CAT, amount=4900), PayRent(player=CAT, deed=1))  # owes Ann $250
    state = run(state, PayBank(player=ANN, amount=cash(state, ANN) - 10), PayRent(player=ANN, deed=BOARDWALK))
    gone = run(state, DeclareBankruptcy(player=ANN))
    assert [(d.creditor, d.amount) for d in gone.debts_of(CAT)] == [(BOB, 250)]
    # the history words each action on the state after it, the undo preview on the state before
    for worded_on in (state, gone):
        assert "Bob takes over what is owed to Ann: Cat $250;" in describe_action(
            worded_on, gone.undo[-1].events
        )
    # Bob's own debt to Ann is forgiven him: he takes over all she had
    owing_bob = run(state, PayBank(player=BOB, amount=cash(state, BOB) - 10), PayRent(player=BOB, deed=3))
    gone = run(owing_bob, DeclareBankruptcy(player=ANN))
    assert gone.debts_of(BOB) == () and [(d.creditor, d.amount) for d in gone.debts_of(CAT)] == [(BOB, 250)]


def won_beyond_her_cash():
    """Ann, with $0 and Reading, wins Boardwalk at auction for $100 under the tournament rules."""
    state = owning(owning(new_game(4, "jma"), ANN, READING), CAT, BALTIC)
    state = run(state, PayBank(player=ANN, amount=1300, reason="x"))
    state = run(state, Decline(player=BOB, deed=BOARDWALK), now=0)
    state = run(state, Bid(player=ANN, amount=100), now=1)
    return run(state, CloseAuction(), now=30)


def test_a_deed_won_beyond_the_cash_is_a_purchase_raised_by_mortgaging_not_by_trading():
    # 002: 「権利書の購入の際は、手持ちの現金によるほか、手持ちの権利書を抵当に入れたり、家・ホテルを
    # 売却して現金を調達することができますが、交渉はできません。」 and a purchase is not a debt
    state = won_beyond_her_cash()
    (owed,) = state.debts
    assert state.holding(BOARDWALK).owner == ANN and (owed.amount, owed.purchase) == (100, True)
    why = (
        "Under the tournament rules a purchase is paid in cash: Ann raises the $100 (won the auction for "
        "Boardwalk) by mortgaging or selling buildings, not by trading."
    )
    assert refusals(state, buys(CAT, ANN, READING, 150), ANN) == (
        why,
        "Under the tournament rules a purchase is paid in cash: raise the $100 (won the auction for "
        "Boardwalk) by mortgaging or selling buildings, not by trading.",
    )
    assert (
        refusal(
            state,
            ProposeTrade(
                player=ANN, to=BOB, give=TradeSide(cash=0, deeds=(READING,)), get=TradeSide(cash=150)
            ),
        )
        == why
    )
    assert (
        refusal(state, PayDebt(player=ANN))
        == "Ann owes $100 and has $0: raise $100 more (sell buildings or mortgage)."
    )
    # not a debt: the other players' trades go on
    assert (
        run(state, buys(BOB, CAT, BALTIC, 100), AcceptTrade(player=CAT, trade=1)).holding(BALTIC).owner == BOB
    )
    # raised by the mortgage, paid: Ann trades again
    state = run(state, Mortgage(deed=READING), PayDebt(player=ANN))
    assert state.debts == () and cash(state, ANN) == 0
    assert run(state, buys(CAT, ANN, READING, 150)).trades


def test_an_offer_made_before_the_purchase_is_void_while_it_is_owed():
    state = owning(owning(new_game(4, "jma"), ANN, READING), CAT, BALTIC)
    state = run(state, PayBank(player=ANN, amount=1300, reason="x"), buys(CAT, ANN, READING, 150))
    state = run(state, Decline(player=BOB, deed=BOARDWALK), now=0)
    state = run(state, Bid(player=ANN, amount=100), now=1)
    state = run(state, CloseAuction(), now=30)
    assert refusal(state, AcceptTrade(player=ANN, trade=1)).startswith(
        "This offer is void. Under the tournament rules a purchase is paid in cash"
    )


def test_outside_the_tournament_rules_a_winner_short_of_cash_may_trade_to_pay():
    state = owning(owning(new_game(4), ANN, READING), CAT, BALTIC)
    state = run(state, PayBank(player=ANN, amount=1300, reason="x"))
    state = run(state, Decline(player=BOB, deed=BOARDWALK), now=0)
    state = run(state, Bid(player=ANN, amount=100), now=1)
    state = run(state, CloseAuction(), now=30)
    assert not state.debts[0].purchase and "purchase" not in state.undo[-1].events[1].to_json()
    state = run(state, buys(CAT, ANN, READING, 150), AcceptTrade(player=ANN, trade=1), PayDebt(player=ANN))
    assert state.debts == () and cash(state, ANN) == 50


def swapping_reading_for_the_browns(preset):
    """Ann, with $0 and Reading, asks Bob for Mediterranean (mortgaged: a $3 fee to keep it) and
    Baltic (bare: it mortgages for $30)."""
    state = owning(owning(new_game(3, preset), ANN, READING), BOB, BROWN[0], BALTIC)
    state = run(state, Mortgage(deed=BROWN[0]), PayBank(player=ANN, amount=1300, reason="x"))
    return state, ProposeTrade(
        player=ANN, to=BOB, give=TradeSide(deeds=(READING,)), get=TradeSide(deeds=BROWN)
    )


def test_the_fee_on_a_mortgaged_deed_may_be_raised_from_a_deed_of_the_same_trade():
    # 002, 抵当: 「…新しい所有者は、速やかに権利書の抵当価格の10%を銀行に支払わなければなりません。
    # …（同時に取得した資産をこの支払に充てることができます。）」
    state, swap = swapping_reading_for_the_browns("jma")
    state = run(state, swap, AcceptTrade(player=BOB, trade=1))
    assert [state.holding(p).owner for p in BROWN] == [ANN, ANN] and cash(state, ANN) == 0
    assert [(d.creditor, d.amount, d.reason) for d in state.debts] == [
        (0, 3, "10% fee to keep Mediterranean Avenue mortgaged")
    ]
    # 負債とは: 「交渉により入手した抵当入り権利書の税金の支払などは「負債」ではありません」: raised as a
    # purchase is, without trading, and the others trade on
    assert state.debts[0].purchase
    assert refusal(state, buys(CAT, ANN, BALTIC, 60)).startswith(
        "Under the tournament rules a purchase is paid in cash"
    )
    assert run(state, buys(CAT, BOB, READING, 300)).trades
    state = run(state, Mortgage(deed=BALTIC), PayDebt(player=ANN))
    assert state.debts == () and cash(state, ANN) == 27


def test_a_fee_beyond_what_the_trade_brought_or_a_lift_is_still_paid_in_cash():
    state, swap = swapping_reading_for_the_browns("jma")
    only_the_mortgaged = ProposeTrade(
        player=ANN, to=BOB, give=TradeSide(deeds=(READING,)), get=TradeSide(deeds=BROWN[:1])
    )
    assert refusal(run(state, only_the_mortgaged), AcceptTrade(player=BOB, trade=1)).startswith(
        "After the trade Ann would have $0 and needs $3 more for the mortgaged deeds"
    )
    lifted = replace(swap, mortgages=((BROWN[0], "lift"),))
    assert refusal(run(state, lifted), AcceptTrade(player=BOB, trade=1)).startswith(
        "After the trade Ann would have $0 and needs $33 more for the mortgaged deeds"
    )
    classic, swap = swapping_reading_for_the_browns("classic")  # outside the tournament rules: cash alone
    assert refusal(run(classic, swap), AcceptTrade(player=BOB, trade=1)).startswith(
        "After the trade Ann would have $0 and needs $3 more for the mortgaged deeds"
    )
