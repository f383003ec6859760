"""A player takes back their own slip: the last action, sent from their phone within ten seconds,
reversed exactly as the banker's Undo does it, and refused in words otherwise."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import assume, given
from hypothesis import strategies as st

from banker.rules import BANK, RuleError, decide, take_back_seconds
from banker.rules.auctions import Bid, Decline
from banker.rules.bankruptcy import DeclareBankruptcy
from banker.rules.game import Join
from banker.rules.money import CollectFromBank, PassGo, PayBank, PayPlayer
from banker.rules.state import TradeSide
from banker.rules.trades import AcceptTrade, ProposeTrade
from banker.rules.undo import TAKE_BACK_SECONDS, TakeBack, Undo, Undone
from tests.support.rules import ANN, BOB, CAT, cash, new_game, refusal, run

T = 1_000.0  # the server's clock when the slip was sent
BOARDWALK = 39


def same_game(a, b):
    return replace(a, seq=0, played=0, undo=()) == replace(b, seq=0, played=0, undo=())


def test_a_player_takes_back_their_own_payment_and_the_money_goes_back_exactly():
    start = new_game()
    paid = run(start, PayPlayer(player=ANN, to=BOB, amount=90, reason="rent"), now=T, by=ANN)
    assert (cash(paid, ANN), cash(paid, BOB)) == (1410, 1590)
    (undone,) = decide(paid, TakeBack(player=ANN, seq=paid.seq), T + 4)
    assert undone == Undone(seq=paid.seq, summary="Ann paid Bob $90 (rent)", by=ANN)
    assert undone.describe(paid) == "Ann took back: Ann paid Bob $90 (rent)"
    assert undone.is_news  # every other phone is told why its money moved
    back = run(paid, TakeBack(player=ANN, seq=paid.seq), now=T + 4, by=ANN)
    assert (cash(back, ANN), cash(back, BOB), cash(back, CAT)) == (1500, 1500, 1500)
    assert same_game(back, start) and back.seq == paid.seq + 1


def test_the_bankers_undo_is_not_news_and_reads_as_before():
    paid = run(new_game(), PayPlayer(player=ANN, to=BOB, amount=90), now=T, by=BANK)
    (undone,) = decide(paid, Undo(), T)
    assert undone.describe(paid) == "Undone: Ann paid Bob $90" and not undone.is_news


def test_ten_seconds_exactly_is_still_in_time_and_a_moment_later_is_not():
    paid = run(new_game(), PayBank(player=ANN, amount=60, reason="Doctor's fee"), now=T, by=ANN)
    take_back = TakeBack(player=ANN, seq=paid.seq)
    assert decide(paid, take_back, T + TAKE_BACK_SECONDS)
    assert refusal(paid, take_back, T + TAKE_BACK_SECONDS + 0.01) == (
        "Too late to take it back: that was more than 10 seconds ago. The banker can undo it."
    )
    assert take_back_seconds(paid, ANN, paid.seq, T + 6) == 4
    assert take_back_seconds(paid, ANN, paid.seq, T + 11) == 0


def test_once_anyone_acted_since_the_slip_stays_for_the_banker():
    paid = run(new_game(), PayPlayer(player=ANN, to=BOB, amount=90), now=T, by=ANN)
    seen = paid.seq
    later = run(paid, PassGo(player=CAT), now=T + 1, by=CAT)
    assert refusal(later, TakeBack(player=ANN, seq=seen), T + 2) == (
        "Something else has happened since, so it cannot be taken back here; the banker can undo it."
    )
    # the same phone acting again moves the game on too: only the newest action can go
    again = run(paid, PassGo(player=ANN), now=T + 1, by=ANN)
    assert refusal(again, TakeBack(player=ANN, seq=seen), T + 2).startswith("Something else has happened")
    assert cash(run(again, TakeBack(player=ANN, seq=again.seq), now=T + 2, by=ANN), ANN) == 1410


def test_a_phone_taking_its_seat_meanwhile_leaves_the_slip_to_take_back():
    # Cy's phone joining (an action of the log) refused Ann's take-back as if someone had acted
    paid = run(new_game(), PayPlayer(player=ANN, to=BOB, amount=90), now=T, by=ANN)
    joined = run(paid, Join(player=CAT), now=T + 1, by=BANK)
    assert joined.seq == paid.seq + 1 and joined.played == paid.seq
    assert take_back_seconds(joined, ANN, paid.seq, T + 2) == 8
    back = run(joined, TakeBack(player=ANN, seq=paid.seq), now=T + 2, by=ANN)
    assert (cash(back, ANN), cash(back, BOB)) == (1500, 1500) and back.played == back.seq
    # an undo is no seat taken: the slip before it is the banker's to undo
    paid_twice = run(paid, PayPlayer(player=BOB, to=ANN, amount=5), now=T + 1, by=BOB)
    undone = run(paid_twice, Undo(), now=T + 2, by=BANK)
    assert undone.undo[-1].seq == paid.seq
    assert refusal(undone, TakeBack(player=ANN, seq=paid.seq), T + 3).startswith(
        "Something else has happened"
    )


def test_only_the_phone_that_sent_an_action_can_take_it_back():
    by_the_bank = run(new_game(), CollectFromBank(player=ANN, amount=100, reason="Prize"), now=T, by=BANK)
    assert refusal(by_the_bank, TakeBack(player=ANN, seq=by_the_bank.seq), T + 1) == (
        "Only the phone that sent it can take it back; the banker can undo it."
    )
    # Bob's charge of rent is Bob's to take back, not Ann's, though it was her money
    paid = run(new_game(), PayPlayer(player=ANN, to=BOB, amount=90), now=T, by=ANN)
    assert refusal(paid, TakeBack(player=BOB, seq=paid.seq), T + 1).startswith("Only the phone that sent it")


def test_a_take_back_cannot_itself_be_taken_back_nor_reach_further():
    state = run(new_game(), PassGo(player=ANN), PayPlayer(player=ANN, to=BOB, amount=90), now=T, by=ANN)
    state = run(state, TakeBack(player=ANN, seq=state.seq), now=T + 1, by=ANN)
    assert (
        refusal(state, TakeBack(player=ANN, seq=state.seq), T + 2)
        == "There is nothing of yours to take back."
    )
    assert cash(state, ANN) == 1700  # Passed GO stays: the banker's Undo can still reach it


def test_a_trade_the_partner_accepted_is_not_theirs_alone_to_take_back():
    state = run(new_game(), PassGo(player=ANN), now=T, by=BANK)
    offer = ProposeTrade(player=ANN, to=BOB, give=TradeSide(cash=100), get=TradeSide())
    state = run(state, offer, now=T, by=ANN)
    state = run(state, AcceptTrade(player=BOB, trade=1), now=T + 1, by=BOB)
    assert refusal(state, TakeBack(player=BOB, seq=state.seq), T + 2) == (
        "A trade both players agreed to cannot be taken back by one of them; the banker can undo it."
    )
    assert cash(run(state, Undo(), now=T + 2), BOB) == 1500  # the banker can


def test_withdrawing_an_offer_just_made_is_a_slip_like_any_other():
    offer = ProposeTrade(player=ANN, to=BOB, give=TradeSide(cash=100), get=TradeSide())
    state = run(new_game(), offer, now=T, by=ANN)
    assert run(state, TakeBack(player=ANN, seq=state.seq), now=T + 1, by=ANN).trades == ()


def test_a_bankruptcy_is_not_taken_back_from_the_players_phone():
    owing = run(new_game(), PayBank(player=CAT, amount=2000, reason="Fine"), now=T, by=CAT)
    gone = run(owing, DeclareBankruptcy(player=CAT), now=T + 1, by=CAT)
    assert refusal(gone, TakeBack(player=CAT, seq=gone.seq), T + 2) == (
        "A bankruptcy cannot be taken back from a player's phone; the banker can undo it."
    )


def test_a_bid_nobody_has_bid_over_can_be_taken_back_and_the_clock_gets_time_again():
    state = run(new_game(), Decline(player=ANN, deed=BOARDWALK), now=T, by=ANN)
    state = run(state, Bid(player=BOB, amount=50), now=T + 1, by=BOB)
    bid_over = run(state, Bid(player=CAT, amount=60), now=T + 2, by=CAT)
    assert refusal(bid_over, TakeBack(player=BOB, seq=state.seq), T + 3).startswith("Something else")
    back = run(bid_over, TakeBack(player=CAT, seq=bid_over.seq), now=T + 3, by=CAT)
    assert (back.auction.high_bid, back.auction.high_bidder) == (50, BOB)
    assert back.auction.deadline >= T + 3 + back.rules.auction_extension_seconds


def test_a_game_ended_by_the_slip_is_the_bankers_to_reopen():
    state = run(new_game(2, cash_target=1600), now=T)
    won = run(state, CollectFromBank(player=ANN, amount=100, reason="Prize"), now=T, by=ANN)
    assert won.ended
    assert refusal(won, TakeBack(player=ANN, seq=won.seq), T + 1) == "This game has ended."


free_form = st.one_of(
    st.builds(PayBank, player=st.just(ANN), amount=st.integers(1, 1500), reason=st.just("Fee")),
    st.builds(CollectFromBank, player=st.just(ANN), amount=st.integers(1, 5000), reason=st.just("Prize")),
    st.builds(PayPlayer, player=st.just(ANN), to=st.sampled_from([BOB, CAT]), amount=st.integers(1, 1500)),
)


@given(before=st.lists(free_form, max_size=3), slip=free_form, delay=st.floats(0, TAKE_BACK_SECONDS))
def test_money_is_the_same_after_a_payment_and_its_take_back_to_the_dollar(before, slip, delay):
    try:
        start = run(new_game(), *before, now=T - 60, by=ANN)
        done = run(start, slip, now=T, by=ANN)
    except RuleError:  # a payment the cash cannot cover, or one while a debt waits
        assume(False)
    back = run(done, TakeBack(player=ANN, seq=done.seq), now=T + delay, by=ANN)
    assert [p.cash for p in back.players] == [p.cash for p in start.players]
    assert back.debts == start.debts and same_game(back, start)
