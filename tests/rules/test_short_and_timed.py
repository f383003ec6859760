"""The short game and the timed game: deeds dealt at the start from a seed, hotels after three
houses, the end at the second bankruptcy (which hands the creditor the buildings as they stand) or
when the clock runs out."""

from __future__ import annotations

import json
import re

import pytest

from banker.rules import InvalidCommand, event_from_json, fold, start_game
from banker.rules.auctions import Bid, Decline
from banker.rules.bankruptcy import DeclareBankruptcy, DeedsHandedOver, GameWon
from banker.rules.buildings import Build, BuildingsChanged
from banker.rules.debts import owed
from banker.rules.game import refuse_end_passed, remade
from banker.rules.money import CollectFromBank, Paid, PayBank
from banker.rules.rent import PayRent
from banker.rules.state import TradeSide
from banker.rules.tally import ClockResumed, EndGame, GameEnded, ResumeClock, TimeUp, tally
from banker.rules.trades import ProposeTrade
from banker.rules.undo import Undo
from tests.support.rules import ANN, BOB, CAT, DAN, NAMES, built, cash, new_game, owning, refusal, run

MEDITERRANEAN, BALTIC = 1, 3
OVERTIME_WORDS = "The game's time is up and its end was undone: the bank ends it with End game."


def owned(state, player):
    return sorted(p for p, h in state.holdings.items() if h.owner == player)


def test_the_bank_deals_two_deeds_to_each_player_who_pay_their_price():
    state = new_game(preset="short", seed=7)
    # seed 7: Ann States Avenue $140 and Virginia Avenue $160; Bob Connecticut Avenue $120 and
    # Electric Company $150; Cat Pacific Avenue $300 and Park Place $350
    assert [owned(state, p) for p in (ANN, BOB, CAT)] == [[13, 14], [9, 12], [31, 37]]
    assert [cash(state, p) for p in (ANN, BOB, CAT)] == [1500 - 300, 1500 - 270, 1500 - 650]
    assert all(not h.mortgaged and not h.houses for h in state.holdings.values())


def test_the_deal_is_decided_by_the_seed_and_kept_in_the_log():
    event = start_game(NAMES, "short", seed=42)
    assert event == start_game(NAMES, "short", seed=42)
    assert event.dealt != start_game(NAMES, "short", seed=43).dealt
    stored = event_from_json(json.loads(json.dumps(event.to_json())))
    assert stored == event and fold([(1, [stored])]) == fold([(1, [event])])


def test_no_deed_is_dealt_twice_whatever_the_seed():
    for seed in range(200):
        dealt = start_game([f"P{i}" for i in range(8)], "short", seed=seed).dealt
        deeds = [position for hand in dealt for position in hand]
        assert len(dealt) == 8 and all(len(hand) == 2 for hand in dealt)
        assert len(set(deeds)) == 16


def test_the_history_says_what_was_dealt():
    state = new_game(preset="short", seed=7)
    event = start_game(NAMES[:3], "short", seed=7)
    assert event.describe(state) == (
        "New game for Ann, Bob, Cat; everyone starts with $1,500; "
        "the bank dealt Ann States Avenue and Virginia Avenue for $300; "
        "the bank dealt Bob Connecticut Avenue and Electric Company for $270; "
        "the bank dealt Cat Pacific Avenue and Park Place for $650"
    )


def test_in_the_short_game_a_hotel_follows_three_houses_and_counts_them_in_the_tally():
    state = owning(new_game(preset="short", seed=7), ANN, MEDITERRANEAN, BALTIC)  # browns not dealt
    assert cash(state, ANN) == 1200 - 120
    for _ in range(3):
        state = run(state, Build(deed=MEDITERRANEAN), Build(deed=BALTIC))
    assert (state.holding(MEDITERRANEAN).houses, state.houses, cash(state, ANN)) == (3, 26, 1080 - 300)
    events = run(state, Build(deed=MEDITERRANEAN)).undo[-1].events
    assert BuildingsChanged(deed=MEDITERRANEAN, houses=0, hotel=True) in events
    state = run(state, Build(deed=MEDITERRANEAN), Build(deed=BALTIC))
    assert (state.houses, state.hotels, cash(state, ANN)) == (32, 10, 780 - 100)
    ann = next(line for line in tally(state) if line.player.id == ANN)
    # $680; the browns $120 and the dealt $300; each hotel $50 and the 3 houses it replaced at $50
    assert (ann.cash, ann.deeds, ann.buildings, ann.total) == (680, 420, 2 * (50 + 3 * 50), 1500)
    state = run(state, PayRent(player=BOB, deed=MEDITERRANEAN))
    assert cash(state, BOB) == 1230 - 250  # the hotel rent


def test_the_short_game_ends_at_the_second_bankruptcy_and_the_tally_decides():
    # seed 0: Ann Oriental and Connecticut; Bob Mediterranean and Kentucky; Cat Electric Company
    # and Pennsylvania Railroad; Dan B. & O. Railroad and Marvin Gardens
    state = new_game(4, preset="short", seed=0)
    state = run(state, PayBank(player=DAN, amount=100, reason="a fine"))
    state = run(state, PayBank(player=BOB, amount=5000, reason="x"), DeclareBankruptcy(player=BOB))
    assert not state.ended and state.auction is not None  # Bob's deeds go under the hammer
    state = run(state, PayBank(player=CAT, amount=5000, reason="x"))
    events = run(state, DeclareBankruptcy(player=CAT)).undo[-1].events
    assert (events[-1].reason, events[-1].winner) == ("bankruptcies", ANN)
    ended = run(state, DeclareBankruptcy(player=CAT))
    assert ended.ended and ended.winner == ANN and ended.auction is None and ended.auction_queue == ()
    # Ann $1,280 + $220 of deeds; Dan $920 + $480
    assert [(line.player.name, line.total, line.rank) for line in tally(ended)][:2] == [
        ("Ann", 1500, 1),
        ("Dan", 1400, 2),
    ]
    # Bob's Kentucky Avenue still waiting for its auction, Cat's Electric Company and Pennsylvania
    # Railroad handed to the bank: all three stay there
    assert events[-1].describe(ended) == (
        "A bankruptcy ends this game: the game is over, and Ann wins; the auction of Mediterranean "
        "Avenue is called off; 3 deeds waiting for their auctions stay with the bank"
    )


def test_with_three_players_the_second_bankruptcy_leaves_the_last_player_standing():
    state = new_game(preset="short", seed=7)
    state = run(state, PayBank(player=BOB, amount=5000, reason="x"), DeclareBankruptcy(player=BOB))
    assert not state.ended
    state = run(state, PayBank(player=CAT, amount=5000, reason="x"))
    events = run(state, DeclareBankruptcy(player=CAT)).undo[-1].events
    assert isinstance(events[-1], GameWon) and not any(isinstance(e, GameEnded) for e in events)


def test_the_timed_game_deals_two_deeds_each_and_ends_by_the_clock():
    state = new_game(preset="timed", seed=7, end_at=5000)
    assert [owned(state, p) for p in (ANN, BOB, CAT)] == [[13, 14], [9, 12], [31, 37]]
    assert state.rules.houses_before_hotel == 4 and state.rules.end_at_bankruptcies == 0
    assert refusal(state, TimeUp()) == "The game ends in 84 minutes, not yet."
    state = run(state, PayBank(player=BOB, amount=10, reason="x"), PayBank(player=CAT, amount=20, reason="y"))
    ended = run(state, TimeUp(), now=5000.0)
    assert ended.ended and ended.winner == ANN  # $1,500 of net worth against $1,490 and $1,480


def test_a_timed_games_end_undone_leaves_the_bank_to_end_it_once_a_slip_is_mended():
    """Undone, the end by the clock was due again at once: every undo took back a new end, and a
    slip made before it could never be reached."""
    state = new_game(preset="timed", seed=7, end_at=5000)
    slip = run(state, PayBank(player=BOB, amount=900, reason="a slip"))
    ended = run(slip, TimeUp(), now=5000.0)
    reopened = run(ended, Undo(), now=5001.0)
    assert not reopened.ended and reopened.overtime
    assert refusal(reopened, TimeUp(), now=5001.0) == (
        "The game's time is up and its end was undone: the bank ends it with End game."
    )
    mended = run(reopened, Undo(), now=5002.0)
    assert cash(mended, BOB) == cash(state, BOB) and mended.overtime  # kept by every further undo
    final = run(mended, EndGame(), now=5003.0)
    assert final.undo[-1].events[-1] == GameEnded(reason="time", winner=final.winner)
    assert not run(state, EndGame()).overtime and run(state, EndGame()).undo[-1].events[-1].reason == "agreed"


def test_the_clock_running_out_says_what_it_called_off_and_the_tally_settles_the_debts():
    """The end called off an auction with a bid on it and an open offer without a word: the table
    asked who had won the deed."""
    state = new_game(preset="timed", seed=7, end_at=5000)  # Ann $1,200, Bob $1,230, Cat $850
    offer = ProposeTrade(player=ANN, to=BOB, give=TradeSide(cash=100), get=TradeSide(deeds=(12,)))
    state = run(state, offer, PayBank(player=BOB, amount=1200, reason="x"), now=4900)
    state = run(state, PayRent(player=BOB, deed=PARK_PLACE), now=4950)  # $35 he cannot pay: owed
    state = run(state, Decline(player=CAT, deed=MEDITERRANEAN), Bid(player=ANN, amount=50), now=4990)
    assert state.auction.deadline > 5000 and len(state.trades) == 1 and owed(state, BOB) == 35
    ended = run(state, TimeUp(), now=5000.0)
    event = ended.undo[-1].events[-1]
    assert event.describe(state) == (
        "Time is up: the game is over, and Cat wins; the auction of Mediterranean Avenue is called off, "
        "Ann's bid of $50 not taken; 1 open trade offer lapses"
    )
    assert event_from_json(json.loads(json.dumps(event.to_json()))) == event
    assert ended.auction is None and ended.trades == () and ended.holding(MEDITERRANEAN).owner == 0
    assert (cash(ended, ANN), cash(ended, BOB)) == (1200, 30)  # no bid taken, no trade made
    # Cat $850 + $650 of deeds + Bob's $35 of rent; Ann $1,200 + $300; Bob $30 + $270 - $35
    assert [(line.player.name, line.total, line.rank) for line in tally(ended)] == [
        ("Cat", 1535, 1),
        ("Ann", 1500, 2),
        ("Bob", 265, 3),
    ]
    quiet = run(new_game(preset="timed", seed=7, end_at=5000), TimeUp(), now=5000.0)
    assert quiet.undo[-1].events[-1] == GameEnded(reason="time")  # nothing to call off; a tie


def test_a_clock_run_out_while_nobody_could_play_goes_on_with_the_time_it_had_left():
    """A timed game saved with 25 minutes left and opened the next day was over as it opened."""
    state = new_game(preset="timed", seed=7, end_at=5000)
    assert refusal(state, ResumeClock(left=1500), now=4999.0) == "The game's clock is still running."
    resumed = run(state, ResumeClock(left=1500), now=90_000.5)
    assert resumed.rules.end_at == 91_500 and not resumed.ended
    event = resumed.undo[-1].events[-1]
    assert event == ClockResumed(end_at=91_500, left=1500)
    assert event.describe(state) == (
        "Nobody could play while the bank was away: the game goes on with 25 minutes left"
    )
    for left in (29, 70):
        assert ClockResumed(end_at=90_000 + left, left=left).describe(state).endswith("with 1 minute left")
    assert event_from_json(json.loads(json.dumps(event.to_json()))) == event
    assert refusal(resumed, TimeUp(), now=91_499.0) == "The game ends in 1 minute, not yet."
    assert run(resumed, TimeUp(), now=91_500.0).ended
    for left in (0, 24 * 3600 + 1):
        assert refusal(state, ResumeClock(left=left), now=90_000.0) == (
            "A game goes on with 1 second to 1,440 minutes left."
        )
    assert refusal(new_game(), ResumeClock(left=60), now=90_000.0) == "This game has no end time."
    overtime = run(run(state, TimeUp(), now=5000.0), Undo(), now=5001.0)
    assert refusal(overtime, ResumeClock(left=60), now=90_000.0) == OVERTIME_WORDS


@pytest.mark.parametrize("preset", ["timed", "classic"])
def test_a_new_game_must_end_after_it_starts(preset):
    started = start_game(NAMES, preset, options={"end_at": 5000}, seed=7)
    refuse_end_passed(started, now=4999.0)
    for now in (5000.0, 8600.0):  # a game over as it starts
        with pytest.raises(InvalidCommand, match=re.escape("The game's end time (option end_at) has passed")):
            refuse_end_passed(started, now)
    assert remade(started) == started  # a game file's start, made again long after, is not refused


def test_the_classic_game_deals_nothing_and_ends_only_by_agreement_or_last_standing():
    state = new_game(seed=7)
    assert state.holdings == {} and all(p.cash == 1500 for p in state.players)
    state = run(state, PayBank(player=BOB, amount=5000, reason="x"), DeclareBankruptcy(player=BOB))
    assert not state.ended
    assert run(state, EndGame()).ended


# 003, the short game, 3: "When the second player becomes bankrupt, the game ends. The player who
# became bankrupt, transfers to his creditor (bank or another player) everything that owns,
# including buildings and other property. Then each of the participants remaining in the game
# summarizes ... Houses rated at the cost of purchase. Hotels rated by cost of purchase, including
# the cost of three houses that this hotel was exchanged."
ST_JAMES, TENNESSEE, NEW_YORK, PARK_PLACE, BOARDWALK = 16, 18, 19, 37, 39


def cat_on_dans_boardwalk(bob_out: bool = True, cat_level: int = 3, **options):
    """Seed 0 with auctions off: Bob is out first (with `bob_out`); Cat (the oranges with 3 houses each, Electric
    Company and Pennsylvania Railroad, no cash) lands on Dan's Boardwalk hotel, $2,000 she cannot
    raise; Dan has $670 and the dark blues with a hotel each besides his dealt deeds."""
    state = new_game(4, preset="short", seed=0, auctions=False, **options)
    if bob_out:
        state = run(state, PayBank(player=BOB, amount=5000, reason="x"), DeclareBankruptcy(player=BOB))
    state = run(state, CollectFromBank(player=CAT, amount=1000, reason="setup"))
    state = owning(state, CAT, ST_JAMES, TENNESSEE, NEW_YORK)
    state = built(state, (ST_JAMES, TENNESSEE, NEW_YORK), cat_level)
    state = run(state, PayBank(player=CAT, amount=cash(state, CAT), reason="x"))
    state = run(state, CollectFromBank(player=DAN, amount=2000, reason="setup"))
    state = built(owning(state, DAN, PARK_PLACE, BOARDWALK), (PARK_PLACE, BOARDWALK), 4)
    assert (cash(state, CAT), cash(state, DAN)) == (0, 670)
    return run(state, PayRent(player=CAT, deed=BOARDWALK))


def test_the_bankruptcy_that_ends_the_short_game_hands_the_buildings_over_standing():
    state = cat_on_dans_boardwalk()
    events = run(state, DeclareBankruptcy(player=CAT)).undo[-1].events
    assert not any(isinstance(e, BuildingsChanged | Paid) for e in events)
    assert events[-1] == GameEnded(reason="bankruptcies", winner=DAN)
    # the history says the houses go with the deeds: a bankruptcy's are sold to the bank at half
    handed = next(e for e in events if isinstance(e, DeedsHandedOver))
    assert handed.describe(state) == (
        "Dan takes over Cat's deeds with the 9 houses standing on them: Electric Company, "
        "Pennsylvania Railroad, St. James Place, Tennessee Avenue, New York Avenue"
    )
    assert event_from_json(json.loads(json.dumps(handed.to_json()))) == handed
    ended = run(state, DeclareBankruptcy(player=CAT))
    assert [ended.holding(p).houses for p in (ST_JAMES, TENNESSEE, NEW_YORK)] == [3, 3, 3]
    assert all(ended.holding(p).owner == DAN for p in (12, 15, ST_JAMES, TENNESSEE, NEW_YORK))
    assert (ended.houses, ended.hotels) == (32 - 9, 12 - 2)
    dan = next(line for line in tally(ended) if line.player.id == DAN)
    # his deeds $1,230 and Cat's $910; the dark blue hotels at $200 and 3 houses at $200 each, and
    # Cat's 9 orange houses at their cost, $100 each
    assert (dan.cash, dan.deeds, dan.buildings, dan.total) == (670, 2140, 2 * 800 + 900, 5310)


def test_hotels_handed_over_standing_are_said_too():
    state = cat_on_dans_boardwalk(cat_level=4)  # the oranges' hotels, after 3 houses
    events = run(state, DeclareBankruptcy(player=CAT)).undo[-1].events
    handed = next(e for e in events if isinstance(e, DeedsHandedOver))
    assert (handed.houses, handed.hotels) == (None, 3)
    assert "Cat's deeds with the 3 hotels standing on them: " in handed.describe(state)


def test_without_the_rule_the_buildings_were_sold_to_the_bank_at_half_first():
    state = cat_on_dans_boardwalk(final_bankruptcy_keeps_buildings=False)
    events = run(state, DeclareBankruptcy(player=CAT)).undo[-1].events
    handed = next(e for e in events if isinstance(e, DeedsHandedOver))
    assert (handed.houses, handed.hotels) == (None, None) and "standing" not in handed.describe(state)
    ended = run(state, DeclareBankruptcy(player=CAT))
    assert ended.houses == 32 and cash(ended, DAN) == 670 + 9 * 50
    dan = next(line for line in tally(ended) if line.player.id == DAN)
    assert (dan.buildings, dan.total) == (2 * 800, 4860)


def test_a_bankruptcy_that_does_not_end_the_game_sells_the_buildings_at_half_as_ever():
    state = cat_on_dans_boardwalk(bob_out=False)
    state = run(state, DeclareBankruptcy(player=CAT))
    assert not state.ended and (state.houses, state.hotels) == (32, 10) and cash(state, DAN) == 670 + 9 * 50
    state = run(state, PayBank(player=DAN, amount=10_000, reason="x"), DeclareBankruptcy(player=DAN))
    assert state.ended and (state.houses, state.hotels) == (32, 12)  # to the bank: the bank takes all
