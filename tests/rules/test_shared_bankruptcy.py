"""Several players bankrupted by one "collect from each player" card rank by the cash each had
when it was drawn, not by the order they declare, and the same cash shares a place (JMA rules, 002
特殊な破産-2: 「共同基金カードの「各人から$50 ずつ受け取る」（「オペラ」カード）で同時に破産者が出た
場合には、その時点でドル残高が多かったプレーヤーを上の順位とします。」: the Grand Opera Night card,
"collect $50 from every player")."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

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


def opera_night(bob: int, cat: int, dan: int = 1500):
    """Four players on the pre-2008 board, whose Community Chest card is "Grand Opera Night:
    collect $50 from every player"; Bob is left with `bob`, Cat with `cat` and Dan with `dan`, then
    Ann draws it."""
    data = edition_to_json(load_edition("us"))
    card = next(c for c in data["community_chest"] if c["id"] == OPERA)
    card.update(text="Grand Opera Night. Collect $50 from every player.", amount=50)
    state = fold([(1, [start_game(NAMES, edition=data)])])
    for player, left in ((BOB, bob), (CAT, cat), (DAN, dan)):
        if left < 1500:
            state = run(state, PayBank(player=player, amount=1500 - left, reason="fines"))
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


def test_the_same_cash_shares_the_place_both_third():
    state = opera_night(bob=20, cat=20)
    state = run(state, DeclareBankruptcy(player=BOB), DeclareBankruptcy(player=CAT))
    assert state.player(BOB).place == 3 and state.player(CAT).place == 3
    assert [(line.player.id, line.rank) for line in tally(state)] == [(ANN, 1), (DAN, 2), (BOB, 3), (CAT, 3)]


@settings(max_examples=40, deadline=None)
@given(left=st.tuples(*[st.integers(min_value=0, max_value=49)] * 3), order=st.permutations([BOB, CAT, DAN]))
def test_whatever_the_order_declared_more_cash_ranks_higher_and_the_same_cash_shares_a_place(left, order):
    """Bob, Cat and Dan all bankrupt on the card fill places 2 to 4 (Ann wins): each one's place is
    2 plus the number of them who had more cash when it was drawn."""
    cash = dict(zip((BOB, CAT, DAN), left, strict=True))
    state = run(opera_night(*left), *(DeclareBankruptcy(player=player) for player in order))
    assert state.winner == ANN
    assert {p: state.player(p).place for p in cash} == {
        p: 2 + sum(other > mine for other in cash.values()) for p, mine in cash.items()
    }


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
