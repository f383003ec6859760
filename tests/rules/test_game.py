"""Starting a game: seats, colours, rules in force."""

from __future__ import annotations

import pytest

from banker.rules import InvalidCommand, start_game
from tests.support.rules import new_game


def test_players_get_ids_in_seating_order_and_distinct_colours():
    state = new_game()
    assert [(p.id, p.name) for p in state.players] == [(1, "Ann"), (2, "Bob"), (3, "Cat")]
    assert len({p.colour for p in state.players}) == 3
    assert [p.colour_name for p in state.players] == ["Red", "Blue", "Green"]


def test_names_are_tidied_and_pieces_kept():
    event = start_game(["  Ann   Lee ", "Bob"], tokens=["Car", "Dog"])
    assert event.players == (("Ann Lee", "Car"), ("Bob", "Dog"))


def test_a_piece_with_nothing_to_see_is_none_and_a_long_one_is_refused_not_cut():
    assert start_game(["Ann", "Bob"], tokens=["\u200d", " "]).players == (("Ann", ""), ("Bob", ""))
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", "Bob"], tokens=["Car", "Racing car with a sidecar"])
    assert refused.value.message == "Pieces are at most 20 characters: Racing car with a si… is too long."


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


# --- what a table types ------------------------------------------------------------------

CONTROLS = ["Ann\x00", "\x1b[31mAnn", "Ann\x85", "\u202eAnn", "Ann\u2066", "A\u202ann"]


@pytest.mark.parametrize(("name", "code"), [("\ud800", "U+D800"), ("Ann\udfff", "U+DFFF")])
def test_a_name_holding_a_broken_character_is_refused(name, code):
    """A lone surrogate: JSON can spell one, UTF-8 cannot, so no page showing it could be sent."""
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Bob", name])
    assert refused.value.message == f"Player 2's name holds a broken character ({code}): type it again."


@pytest.mark.parametrize("name", CONTROLS)
def test_a_name_or_piece_holding_a_control_or_direction_character_is_refused(name):
    code = next(f"U+{ord(c):04X}" for c in name if not (c.isalnum() or c in "[ "))
    with pytest.raises(InvalidCommand) as refused:
        start_game([name, "Bob"])
    assert refused.value.message == (
        f"Player 1's name holds an invisible control character ({code}): type it again without it."
    )
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", "Bob"], tokens=["Car", name])
    assert refused.value.message.startswith(f"Player 2's piece holds an invisible control character ({code})")


@pytest.mark.parametrize(
    "name", ["\u200b", "\u200b\u200d\ufe0f", "\u00ad \u2060", "\u3164", "\u2800\u2800", "\U0001d159"]
)
def test_a_name_with_nothing_visible_is_refused(name):
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", name])
    assert (
        refused.value.message
        == "Player 2's name has nothing visible in it: write it in letters people can read."
    )


@pytest.mark.parametrize(
    "twin",
    [
        "\u0410nn",  # Cyrillic А
        "Ann\u200b",  # a zero-width space after it
        "A\u200dnn",  # a zero-width joiner inside
        "\uff21\uff2e\uff2e",  # full-width ＡＮＮ
        "\U0001d400nn",  # mathematical bold 𝐀
        "\u0391nn",  # Greek Alpha
    ],
)
def test_names_that_read_the_same_are_one_name(twin):
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", "Bob", twin])
    assert refused.value.message == (
        f"Ann and {twin} look the same on a screen; give each player a name the others can tell apart."
    )


def test_names_that_differ_only_in_case_are_one_name():
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", "ANN"])
    assert refused.value.message == "Two players are called ANN; give each a different name."


@pytest.mark.parametrize(
    "names",
    [["Zoë", "Zoe"], ["José", "Jose"], ["민수", "민서"], ["지우", "지유"], ["ユキ", "ユミ"], ["Ann", "Anna"]],
)
def test_names_a_reader_tells_apart_are_kept(names):
    assert [name for name, _ in start_game(names).players] == names


def test_emoji_and_joined_scripts_stay_in_names():
    names = ["👨\u200d👩\u200d👧 Kim", "می\u200cخواهم"]  # a family emoji, a Persian zero-width non-joiner
    assert [name for name, _ in start_game(names).players] == names


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (
            {"preset": ["classic"]},
            "The preset is one of: classic, jma, speed, short, timed, monopoly2, millionaire.",
        ),
        ({"tokens": 5}, "Pieces must be a list of names, in the players' order."),
        ({"tokens": ["Car", 7]}, "Pieces must be a list of names, in the players' order."),
        ({"options": ["starting_cash"]}, "Options must be an object of option names and values."),
    ],
)
def test_set_up_fields_of_the_wrong_kind_are_refused_in_words(setup, message):
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", "Bob"], **setup)
    assert refused.value.message == message


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"starting_cash": 1_000_001}, "Option starting_cash must be at most 1,000,000."),
        ({"salary": 10**14}, "Option salary must be at most 1,000,000."),
        ({"houses_before_hotel": 5}, "Option houses_before_hotel must be at most 4."),
        ({"auction_seconds": 10**9}, "Option auction_seconds must be at most 86,400."),
        ({"end_at": 10**13}, "Option end_at must be at most 253,402,300,799."),
        ({"token_levels": 11}, "Option token_levels must be at most 10."),
        ({"income_tax_percent": 150}, "Option income_tax_percent must be at most 100."),
    ],
)
def test_numeric_options_have_sane_bounds(options, message):
    with pytest.raises(InvalidCommand) as refused:
        start_game(["Ann", "Bob"], options=options)
    assert refused.value.message == message
