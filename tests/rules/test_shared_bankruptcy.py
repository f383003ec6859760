"""Several players bankrupted by one "collect from each player" card rank by the cash each had
when it was drawn, not by the order they declare (JMA rules, 002 特殊な破産-2: the Grand Opera
Night card, "collect $50 from every player")."""

from __future__ import annotations

from banker.rules import event_from_json, fold, start_game
from banker.rules.bankruptcy import DeclareBankruptcy, RankedByCash
from banker.rules.board import edition_to_json
from banker.rules.cards import DrawCard
from banker.rules.editions import load_edition
from banker.rules.money import PayBank
from banker.rules.tally import tally
from banker.rules.undo import Undo
from tests.support.rules import ANN, BOB, CAT, DAN, NAMES, cash, run

OPERA = "CC09"


def opera_night(bob: int, cat: int):
    """Four players on the pre-2008 board, whose Community Chest card is "Grand Opera Night:
    collect $50 from every player"; Bob is left with `bob` and Cat with `cat`, then Ann draws it."""
    data = edition_to_json(load_edition("us"))
    card = next(c for c in data["community_chest"] if c["id"] == OPERA)
    card.update(text="Grand Opera Night. Collect $50 from every player.", amount=50)
    state = fold([(1, [start_game(NAMES, edition=data)])])
    state = run(state, PayBank(player=BOB, amount=1500 - bob, reason="fines"))
    state = run(state, PayBank(player=CAT, amount=1500 - cat, reason="fines"))
    return run(state, DrawCard(player=ANN, deck="community_chest", card=OPERA))


def test_the_one_with_more_cash_then_ranks_higher_though_they_declared_first():
    state = opera_night(bob=30, cat=10)
    assert [(d.debtor, d.amount) for d in state.debts] == [(BOB, 50), (CAT, 50)]
    assert cash(state, DAN) == 1450 and cash(state, ANN) == 1550
    state = run(state, DeclareBankruptcy(player=BOB))
    assert state.player(BOB).place == 4  # for now: the first one out
    state = run(state, DeclareBankruptcy(player=CAT))
    assert state.player(BOB).place == 3 and state.player(CAT).place == 4  # Bob had $30, Cat $10
    line = state.undo[-1].events[-1].describe(state)
    assert line == (
        "Bankrupt on the same card, ranked by the cash each had when it was drawn: Bob $30, Cat $10"
    )
    assert [(line.player.id, line.rank) for line in tally(state)] == [(ANN, 1), (DAN, 2), (BOB, 3), (CAT, 4)]


def test_declared_in_the_order_of_their_cash_the_places_stay():
    state = opera_night(bob=30, cat=10)
    state = run(state, DeclareBankruptcy(player=CAT), DeclareBankruptcy(player=BOB))
    assert state.player(BOB).place == 3 and state.player(CAT).place == 4


def test_the_same_cash_keeps_the_order_they_declared():
    state = opera_night(bob=20, cat=20)
    state = run(state, DeclareBankruptcy(player=BOB), DeclareBankruptcy(player=CAT))
    assert state.player(BOB).place == 4 and state.player(CAT).place == 3


def test_a_bankruptcy_on_another_debt_keeps_its_place():
    state = opera_night(bob=30, cat=10)
    state = run(state, DeclareBankruptcy(player=BOB), PayBank(player=DAN, amount=1500, reason="fines"))
    state = run(state, DeclareBankruptcy(player=DAN))
    assert state.player(BOB).place == 4 and state.player(DAN).place == 3


def test_undo_gives_back_the_places_of_the_first_one_out():
    state = opera_night(bob=30, cat=10)
    state = run(state, DeclareBankruptcy(player=BOB), DeclareBankruptcy(player=CAT), Undo())
    assert state.player(BOB).place == 4 and not state.player(CAT).bankrupt


def test_the_stored_log_folds_to_the_same_places():
    state = opera_night(bob=30, cat=10)
    state = run(state, DeclareBankruptcy(player=BOB), DeclareBankruptcy(player=CAT))
    events = [event_from_json(e.to_json()) for e in state.undo[-1].events]
    assert events == list(state.undo[-1].events)
    assert RankedByCash(players=(BOB, CAT), cash=(30, 10)) in events
