"""Starting a game: seats, colours, rules in force."""

from __future__ import annotations

import pytest

from banker.rules import InvalidCommand, start_game
from tests.rules.conftest import new_game


def test_players_get_ids_in_seating_order_and_distinct_colours():
    state = new_game()
    assert [(p.id, p.name) for p in state.players] == [(1, "Ann"), (2, "Bob"), (3, "Cat")]
    assert len({p.colour for p in state.players}) == 3
    assert [p.colour_name for p in state.players] == ["Red", "Blue", "Green"]


def test_names_are_tidied_and_pieces_kept():
    event = start_game(["  Ann   Lee ", "Bob"], tokens=["Car", "Dog"])
    assert event.players == (("Ann Lee", "Car"), ("Bob", "Dog"))


def test_the_rules_in_force_travel_with_the_game():
    state = new_game(starting_cash=2000)
    assert state.rules.starting_cash == 2000
    assert all(p.cash == 2000 for p in state.players)


def test_eight_players_at_most():
    assert len(start_game([f"P{i}" for i in range(8)]).players) == 8
    with pytest.raises(InvalidCommand):
        start_game([f"P{i}" for i in range(9)])


def test_the_bank_starts_with_the_full_building_supply():
    state = new_game()
    assert (state.houses, state.hotels) == (32, 12)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"auction_seconds": 2}, "Option auction_seconds must be at least 5."),
        ({"auction_step": 0}, "Option auction_step must be at least 1."),
        ({"starting_cash": -5}, "Option starting_cash must be at least 0."),
        ({"auctions": "yes"}, "Option auctions must be true or false."),
    ],
)
def test_options_that_make_no_game_are_refused(options, message):
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", "Bob"], options=options)
    assert refused.value.message == message


def test_the_jma_preset_bids_in_ten_dollar_steps():
    state = new_game()
    jma = start_game(["Ann", "Bob"], preset="jma")
    assert state.rules.auction_step == 1
    assert dict(jma.rules)["auction_step"] == 10 and dict(jma.rules)["preset"] == "jma"
