"""Auction variants as options: an opening price the bank names (000), no lot left unsold (000),
and the decliner barred from bidding (003, first section)."""

from __future__ import annotations

from banker.rules.auctions import (
    AuctionClosed,
    Bid,
    CloseAuction,
    Decline,
    SetOpeningPrice,
    StartBuildingAuction,
)
from banker.rules.money import PayBank
from banker.rules.state import BANK
from banker.rules.undo import Undo
from tests.support.rules import ANN, BOB, CAT, cash, new_game, refusal, refusals, run

BOARDWALK = 39


def test_the_bank_names_the_opening_price_and_lower_bids_are_refused():
    """000: 「경매 시작가는 은행을 맡은 사람 마음대로」 — Boardwalk ($400 printed) opened at $300."""
    state = run(new_game(auction_opening_price=True), Decline(player=ANN, deed=BOARDWALK), now=0.0)
    state = run(state, SetOpeningPrice(amount=300), now=15.0)
    assert state.auction.opening == 300 and state.auction.deadline == 15.0 + 20  # the clock starts again
    assert (
        refusal(state, Bid(player=BOB, amount=299), now=16.0)
        == "The opening bid for Boardwalk is at least $300."
    )
    state = run(state, Bid(player=BOB, amount=300), CloseAuction(), now=16.0)
    assert state.holding(BOARDWALK).owner == BOB and cash(state, BOB) == 1200


def test_the_opening_price_is_named_before_the_first_bid_and_only_under_the_option():
    state = run(
        new_game(auction_opening_price=True), Decline(player=ANN, deed=BOARDWALK), Bid(player=BOB, amount=50)
    )
    assert refusal(state, SetOpeningPrice(amount=300)) == (
        "The bidding for Boardwalk has begun: the opening price is named before the first bid."
    )
    classic = run(new_game(), Decline(player=ANN, deed=BOARDWALK))
    assert refusal(classic, SetOpeningPrice(amount=300)) == (
        "These rules open every auction at the least bid: the bank names no opening price."
    )
    jma = run(new_game(preset="jma", auction_opening_price=True), Decline(player=ANN, deed=BOARDWALK))
    assert refusal(jma, SetOpeningPrice(amount=305)) == "Bids go up in $10 steps."


def test_nobody_bidding_at_the_opening_price_runs_the_auction_again_from_the_least_bid():
    """000: 「유찰은 허용되지 않는다. 안 팔릴 경우 당연히 최저가 입찰로 바꿔 경매에 부친다 ... 이론상 0에 가까운
    값에 낙찰」 — nobody bids $300 for Boardwalk; run again, Cat takes it for $1."""
    state = new_game(auction_opening_price=True, no_unsold_lots=True)
    state = run(state, Decline(player=ANN, deed=BOARDWALK), SetOpeningPrice(amount=300), now=0.0)
    state = run(state, CloseAuction(), now=30.0)
    assert state.auction is not None and state.auction.opening == 0 and state.auction.deadline == 30.0 + 20
    state = run(state, Bid(player=CAT, amount=1), CloseAuction(), now=31.0)
    assert state.holding(BOARDWALK).owner == CAT and cash(state, CAT) == 1499


def test_a_lot_run_again_from_the_least_bid_takes_no_new_opening_price():
    """000: 「안 팔릴 경우 당연히 최저가 입찰로 바꿔 경매에 부친다」: a second opening price would leave
    the lot unsold again, round after round."""
    state = new_game(auction_opening_price=True, no_unsold_lots=True)
    state = run(state, Decline(player=ANN, deed=BOARDWALK), SetOpeningPrice(amount=300), CloseAuction())
    assert refusal(state, SetOpeningPrice(amount=300)) == (
        "Nobody bid at the opening price for Boardwalk: it runs again from the least bid, with no new"
        " opening price."
    )
    state = run(state, CloseAuction())  # nobody bids even $1: the bank keeps it
    assert state.auction is None and state.holding(BOARDWALK).owner == BANK


def test_nobody_bidding_even_from_the_least_bid_leaves_the_deed_with_the_bank():
    state = new_game(auction_opening_price=True, no_unsold_lots=True)
    state = run(state, Decline(player=ANN, deed=BOARDWALK), CloseAuction())
    assert state.auction is None and state.holding(BOARDWALK).owner == BANK


def test_without_the_option_a_lot_nobody_bid_for_stays_with_the_bank():
    state = new_game(auction_opening_price=True)
    state = run(state, Decline(player=ANN, deed=BOARDWALK), SetOpeningPrice(amount=300), CloseAuction())
    assert state.auction is None and state.holding(BOARDWALK).owner == BANK


def test_the_decliner_may_not_bid_when_the_rules_bar_them():
    """003: "The player who has refused to purchase real estate does not take part in the auction"."""
    state = run(new_game(decliner_barred=True), Decline(player=ANN, deed=BOARDWALK))
    assert refusals(state, Bid(player=ANN, amount=10), ANN) == (
        "Ann declined to buy Boardwalk and may not bid for it.",
        "You declined to buy Boardwalk and may not bid for it.",
    )
    state = run(state, Bid(player=BOB, amount=10), CloseAuction())
    assert state.holding(BOARDWALK).owner == BOB
    classic = run(new_game(), Decline(player=ANN, deed=BOARDWALK), Bid(player=ANN, amount=10))
    assert classic.auction.high_bidder == ANN  # RULES.md: the decliner included


def test_a_winner_who_cannot_pay_and_a_barred_decliner_leave_nobody_to_rerun_for():
    state = run(
        new_game(2, decliner_barred=True), Decline(player=ANN, deed=BOARDWALK), Bid(player=BOB, amount=1500)
    )
    state = run(state, PayBank(player=BOB, amount=1500, reason="fine"), CloseAuction())
    (closed,) = [e for e in state.undo[-1].events if isinstance(e, AuctionClosed)]
    assert closed.outcome == "untaken" and state.holding(BOARDWALK).owner == BANK


def test_a_barred_decliner_is_told_why_again_when_the_auction_runs_again():
    state = run(
        new_game(decliner_barred=True), Decline(player=ANN, deed=BOARDWALK), Bid(player=BOB, amount=400)
    )
    state = run(state, PayBank(player=BOB, amount=1400, reason="losses"), CloseAuction())
    assert state.auction is not None and state.auction.excluded == (ANN, BOB)
    assert refusals(state, Bid(player=ANN, amount=10), ANN) == (
        "Ann declined to buy Boardwalk and may not bid for it.",
        "You declined to buy Boardwalk and may not bid for it.",
    )


def test_an_opening_price_in_a_building_shortage_auction_and_its_undo():
    state = new_game(auction_opening_price=True)
    state = run(state, StartBuildingAuction(kind="house"), SetOpeningPrice(amount=150))
    assert state.auction.opening == 150
    assert run(state, Undo()).auction.opening == 0
