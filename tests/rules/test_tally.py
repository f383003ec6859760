"""The tally against hand-computed values, and the ways a game ends."""

from __future__ import annotations

from dataclasses import replace

from banker.rules.bankruptcy import DeclareBankruptcy
from banker.rules.cards import DrawCard
from banker.rules.money import CollectFromBank, PayBank
from banker.rules.mortgages import Mortgage
from banker.rules.rent import PayRent
from banker.rules.seating import AddPlayer
from banker.rules.tally import EndGame, TimeUp, tally
from tests.support.rules import ANN, BOB, CAT, SHORT_LINE, built, new_game, owning, refusal, run, short_bob

PARK_PLACE, BOARDWALK, READING, ELECTRIC, WATER = 37, 39, 5, 12, 28
ORANGES = (16, 18, 19)


def late_game():
    """Ann: hotels on the dark blues, Reading Railroad mortgaged, $312. Bob: the oranges with two
    houses each and Electric Company, $1,048. Cat: Water Works and $2,208."""
    state = new_game(starting_cash=10_000)
    state = built(owning(state, ANN, PARK_PLACE, BOARDWALK, READING), (PARK_PLACE, BOARDWALK), 5)
    state = built(owning(state, BOB, *ORANGES, ELECTRIC), ORANGES, 2)
    state = owning(state, CAT, WATER)
    state = run(state, Mortgage(deed=READING))
    return run(
        state,
        PayBank(player=ANN, amount=10_000 - 750 - 200 + 100 - 2000 - 312, reason="the evening"),
        PayBank(player=BOB, amount=10_000 - 560 - 150 - 600 - 1048, reason="the evening"),
        PayBank(player=CAT, amount=10_000 - 150 - 2208, reason="the evening"),
    )


def rows(state):
    return [
        (line.player.name, line.cash, line.deeds, line.buildings, line.total, line.rank)
        for line in tally(state)
    ]


def test_a_late_game_position_tallies_as_counted_by_hand():
    assert rows(late_game()) == [
        # $312 + $350 + $400 + $200/2 mortgaged; two hotels at $200 + 4 houses of $200 each
        ("Ann", 312, 850, 2000, 3162, 1),
        # $1,048 + $180 + $180 + $200 + $150; six houses at $100
        ("Bob", 1048, 710, 600, 2358, 2),
        # $2,208 + $150: level with Bob, so the same rank
        ("Cat", 2208, 150, 0, 2358, 2),
    ]


def test_a_hotel_in_the_short_game_counts_three_houses():
    state = built(owning(new_game(houses_before_hotel=3), ANN, 1, 3), (1, 3), 4)
    ann = next(line for line in tally(state) if line.player.id == ANN)
    assert ann.buildings == 2 * (50 + 3 * 50) and ann.deeds == 120


def test_players_out_of_the_game_follow_in_the_order_they_left():
    state = run(new_game(), PayBank(player=BOB, amount=1600, reason="x"), DeclareBankruptcy(player=BOB))
    assert rows(state) == [("Ann", 1500, 0, 0, 1500, 1), ("Cat", 1500, 0, 0, 1500, 1), ("Bob", 0, 0, 0, 0, 3)]


def test_a_late_player_seated_between_two_bankruptcies_leaves_the_order_they_left_in():
    """Cat went out third of three; Dan sat down; Bob went out third of four. Both finished third
    where they left, and the tally ranks Bob third and Cat fourth (both read third before)."""
    state = run(new_game(), PayBank(player=CAT, amount=1600, reason="x"), DeclareBankruptcy(player=CAT))
    state = run(state, AddPlayer(name="Dan"))
    state = run(state, PayBank(player=BOB, amount=1600, reason="x"), DeclareBankruptcy(player=BOB))
    assert [(name, rank) for name, *_, rank in rows(state)] == [
        ("Ann", 1),
        ("Dan", 1),
        ("Bob", 3),
        ("Cat", 4),
    ]
    assert [(p.place, p.out_of) for p in state.players if p.bankrupt] == [
        (3, 4),
        (3, 3),
    ]  # "3 of 4", "3 of 3"


def test_ending_by_agreement_names_the_richest():
    state = late_game()
    assert run(state, EndGame()).winner == ANN
    assert [e.describe(state) for e in EndGame().decide(state, 0)] == [
        "The table agreed to end the game: the game is over, and Ann wins"
    ]


def test_a_debt_still_owed_at_the_end_counts_against_the_debtor_and_for_the_player_owed():
    """Bob could not pay the $600 rent on Boardwalk when the table agreed to end: the tally counts
    it as paid, as the table would settle it, so Ann is not $600 short nor Bob $600 richer. Left
    out, it had Ann, Cat and Dan share the top at $3,000."""
    ended = run(short_bob("classic"), EndGame())
    assert rows(ended) == [
        # $1,450 + Park Place $350 and Boardwalk $400 + 4 houses at $200 + the $600 rent owed to her
        ("Ann", 1450, 750, 800, 3600, 1),
        ("Cat", 2940, 60, 0, 3000, 2),
        ("Dan", 3000, 0, 0, 3000, 2),
        # $300 + Reading and Short Line $400 - the $600 he owes
        ("Bob", 300, 400, 0, 100, 4),
    ]
    assert [(line.owed, line.owes) for line in tally(ended)] == [(600, 0), (0, 0), (0, 0), (0, 600)]
    assert ended.winner == ANN


def test_a_debt_the_debtor_could_never_pay_counts_only_as_far_as_what_they_have():
    """Bob owed Ann $900 and had $300 and two railroads: counted in full, his line went below
    nothing and Ann's total took $500 that nobody had."""
    state = owning(new_game(3, starting_cash=3000), ANN, PARK_PLACE, BOARDWALK)
    state = built(state, (PARK_PLACE, BOARDWALK), 3)  # Boardwalk rents for $1,400
    state = run(owning(state, BOB, READING, SHORT_LINE), PayBank(player=BOB, amount=2300, reason="losses"))
    ended = run(state, PayRent(player=BOB, deed=BOARDWALK), EndGame())
    assert [(line.player.name, line.owed, line.owes, line.total) for line in tally(ended)] == [
        # $1,050 + $750 of deeds + 6 houses at $200 + Bob's $300 and railroads' $400
        ("Ann", 700, 0, 1050 + 750 + 1200 + 700),
        ("Cat", 0, 0, 3000),
        ("Bob", 0, 700, 0),
    ]


def test_a_keep_or_lift_choice_open_at_the_end_counts_its_10_percent_fee():
    state = run(owning(new_game(), ANN, READING), Mortgage(deed=READING))
    ended = run(replace(state, mortgage_choices=((ANN, READING),)), EndGame())
    ann = next(line for line in tally(ended) if line.player.id == ANN)
    assert (ann.owes, ann.total) == (10, 1400 + 100 - 10)  # the railroad at half its $200, less the fee


def test_a_shared_top_has_no_single_winner():
    state = run(new_game(), EndGame())
    assert state.ended and state.winner is None
    assert rows(state)[0][-1] == rows(state)[2][-1] == 1


def test_only_the_banker_ends_the_game_and_only_once():
    assert EndGame.banker_only
    assert refusal(run(new_game(), EndGame()), EndGame()) == "This game has ended."


def test_a_timed_game_ends_when_its_clock_runs_out():
    state = new_game(end_at=5000)
    assert refusal(state, TimeUp()) == "The game ends in 84 minutes, not yet."  # 5,000 s from 0
    ended = run(state, TimeUp(), now=5000.0)
    assert ended.ended and ended.winner is None
    assert refusal(new_game(), TimeUp()) == "This game has no end time."


def test_a_target_reached_wins_and_its_winner_leads_the_tally_though_another_is_richer():
    # Bob holds $800 of deeds: worth $2,500 beside Ann's $2,000, yet Ann's cash reached the target;
    # the tally page named Bob the winner above the history's "Ann wins"
    state = owning(new_game(cash_target=2000), BOB, 37, 39)  # Park Place and Boardwalk: $750
    state = run(state, CollectFromBank(player=BOB, amount=1000, reason="prize"))  # $1,750 in cash
    state = run(state, CollectFromBank(player=ANN, amount=500, reason="prize"))
    assert state.ended and state.winner == ANN
    lines = tally(state)
    assert [(line.player.id, line.rank, line.total) for line in lines] == [
        (ANN, 1, 2000),
        (BOB, 2, 2500),
        (CAT, 3, 1500),
    ]


def test_two_reaching_a_cash_target_at_once_the_richer_in_cash_wins_not_the_richer_in_all():
    # Cat's card pays Ann and Bob $50 each: Ann to $2,010, Bob to $2,000 holding Boardwalk (worth $2,400)
    state = owning(new_game(cash_target=2000), BOB, 39)
    state = run(state, CollectFromBank(player=ANN, amount=460, reason="x"))
    state = run(state, CollectFromBank(player=BOB, amount=850, reason="x"))
    state = run(state, DrawCard(player=CAT, deck="chance", card="CH15"))
    assert [p.cash for p in state.players] == [2010, 2000, 1400]
    assert state.ended and state.winner == ANN


def test_what_a_debtor_is_owed_pays_their_own_debt_at_the_tally():
    # Cy owes Ann $50, and Ann, with nothing else, owes Bob $25: Bob's $25 was lost, Ann kept $50
    state = owning(new_game(), BOB, 5)  # Reading Railroad
    state = owning(state, CAT, 39)
    state = run(
        state, PayBank(player=ANN, amount=1500, reason="x"), PayBank(player=CAT, amount=1100, reason="x")
    )
    state = run(state, PayRent(player=ANN, deed=5))  # $25 she cannot pay
    state = run(state, DrawCard(player=CAT, deck="chance", card="CH15"))  # $50 to each, with nothing
    assert sorted((d.debtor, d.creditor, d.amount) for d in state.debts) == [
        (ANN, BOB, 25),
        (CAT, ANN, 50),
        (CAT, BOB, 50),
    ]
    lines = {line.player.id: line for line in tally(state)}
    assert (lines[ANN].total, lines[BOB].total, lines[CAT].total) == (25, 1575, 300)
    assert (lines[ANN].owed, lines[ANN].owes) == (50, 25)
