"""The banker's Undo: the exact state before the last action, recorded as a new fact."""

from __future__ import annotations

from dataclasses import replace

from banker.rules import undo_preview
from banker.rules.money import PassGo, PayPlayer
from banker.rules.undo import UNDO_DEPTH, Undo
from tests.support.rules import ANN, BOB, cash, new_game, refusal, run


def same_game(a, b):
    return replace(a, seq=0, played=0, undo=()) == replace(b, seq=0, played=0, undo=())


def test_undo_restores_the_balances_before_the_last_action():
    start = new_game()
    paid = run(start, PayPlayer(player=ANN, to=BOB, amount=50))
    undone = run(paid, Undo())
    assert same_game(undone, start)
    assert undone.seq == 3  # the undo is itself a stored action


def test_undo_steps_back_one_action_at_a_time():
    state = run(new_game(), PassGo(player=ANN), PayPlayer(player=ANN, to=BOB, amount=100))
    state = run(state, Undo())
    assert (cash(state, ANN), cash(state, BOB)) == (1700, 1500)
    state = run(state, Undo())
    assert (cash(state, ANN), cash(state, BOB)) == (1500, 1500)


def test_the_preview_says_what_undo_will_reverse():
    state = run(new_game(), PayPlayer(player=BOB, to=ANN, amount=75))
    assert undo_preview(state) == "Bob paid Ann $75"


def test_nothing_to_undo_at_the_start_of_a_game():
    state = new_game()
    assert undo_preview(state) is None
    assert refusal(state, Undo()) == "There is nothing to undo."


def test_undo_refuses_a_stale_preview():
    state = run(new_game(), PassGo(player=ANN))
    seen = state.undo[-1].seq
    state = run(state, PassGo(player=BOB))
    assert refusal(state, Undo(seq=seen)).startswith("Something else happened since you looked")


def test_the_undo_stack_keeps_the_last_hundred_actions():
    state = new_game()
    for _ in range(UNDO_DEPTH + 5):
        state = run(state, PassGo(player=ANN))
    assert len(state.undo) == UNDO_DEPTH
    for _ in range(UNDO_DEPTH):
        state = run(state, Undo())
    assert cash(state, ANN) == 1500 + 5 * 200
    assert refusal(state, Undo()) == "There is nothing to undo."
