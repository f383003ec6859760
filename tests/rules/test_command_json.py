"""A command written as JSON (Command.to_json, what the log keeps beside its events) reads back as
the very same command, the dice the server threw included: any command of any type, as
parse_command makes it. A phone's JSON still never chooses the dice."""

from __future__ import annotations

import dataclasses
import types
import typing
from dataclasses import replace
from typing import Annotated, Any, Union

from hypothesis import given
from hypothesis import strategies as st

from banker.rules import BANK, COMMANDS, Command, decide, parse_command
from banker.rules.dice import RollDice
from banker.rules.game import Join, Joined, KeyReplaced, ReplaceBankKey, ReplaceKey
from banker.rules.inputs import MAX_AMOUNT
from banker.rules.ruleset import MOST_WITH_SPEED_DIE
from banker.rules.state import TradeSide
from tests.support.rules import BOB, new_game, refusal, run

ids = st.integers(min_value=-3, max_value=64)
amounts = st.integers(min_value=1, max_value=MAX_AMOUNT)
# text as parse_command leaves it: words of letters, one space apart, at most 200 characters
words = st.lists(st.text("abcxyzÅé한", min_size=1, max_size=8), min_size=1, max_size=5).map(" ".join)
sides = st.builds(
    TradeSide,
    cash=st.integers(min_value=0, max_value=MAX_AMOUNT),
    deeds=st.lists(ids).map(tuple),
    jail_cards=st.lists(st.sampled_from(["chance", "community_chest"])).map(tuple),
    claims=st.lists(st.tuples(ids, amounts)).map(tuple),
)


def _by_position(values: st.SearchStrategy[Any], least: int) -> st.SearchStrategy[tuple]:
    return st.dictionaries(ids, values, min_size=least).map(lambda chosen: tuple(sorted(chosen.items())))


def values(hint: Any, name: str) -> st.SearchStrategy[Any]:
    """Any value of a command's field that parse_command could have read."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        (hint,) = [a for a in typing.get_args(hint) if a is not type(None)]
        return st.none() | values(hint, name)
    kind = typing.get_args(hint)[1] if typing.get_origin(hint) is Annotated else None
    kinds = {
        "amount": amounts,
        "dice": st.integers(min_value=2, max_value=MOST_WITH_SPEED_DIE),
        "positions": st.lists(ids).map(tuple),
        "mortgage_choices": _by_position(st.sampled_from(["keep", "lift"]), 0),
        "build_levels": _by_position(st.integers(min_value=0, max_value=5), 1),
    }
    if kind is not None:
        return kinds[kind]
    plain = {int: ids, bool: st.booleans(), str: words, TradeSide: sides}
    if hint in plain:
        return plain[hint]
    assert typing.get_origin(hint) is tuple, f"{name}: no values for {hint}"
    return st.lists(ids, max_size=3).map(tuple)  # thrown dice


@st.composite
def commands(draw) -> Command:
    cls = draw(st.sampled_from(sorted(COMMANDS.values(), key=lambda c: c.type)))
    hints = typing.get_type_hints(cls, include_extras=True)
    fields = {}
    for f in dataclasses.fields(cls):
        fields[f.name] = draw(values(hints[f.name], f"{cls.type}.{f.name}"))
    return cls(**fields)


@given(commands())
def test_any_command_written_as_json_reads_back_as_itself(command):
    assert parse_command(command.to_json(), thrown=True) == command


def test_the_dice_thrown_read_back_but_a_phone_never_chooses_them():
    roll = RollDice(player=1, speed=True).thrown(lambda faces: faces[-1])
    assert roll.to_json() == {
        "type": "roll_dice",
        "player": 1,
        "speed": True,
        "dice": [6, 6],
        "face": "mr_monopoly",
    }
    assert parse_command(roll.to_json(), thrown=True) == roll
    assert parse_command(roll.to_json()) == RollDice(player=1, speed=True)


def test_a_seat_taken_is_a_command_only_the_bank_sends_even_once_the_game_is_over():
    state = new_game()
    assert Join.banker_only
    assert decide(state, parse_command({"type": "join", "player": BOB})) == [Joined(player=BOB)]
    ended = replace(state, ended=True)
    assert decide(ended, Join(player=BOB)) == [Joined(player=BOB)]
    assert refusal(state, Join(player=9)) == "There is no player 9 in this game."


def test_a_new_qr_code_is_in_the_log_changes_nothing_and_is_not_undone():
    """The bank's new key for a lost phone: every screen hears who may act for Bob from now on."""
    state = run(new_game(), parse_command({"type": "pay_bank", "player": BOB, "amount": 50}), by=BOB)
    assert ReplaceKey.banker_only and ReplaceKey.refused_to_seats
    events = decide(state, parse_command({"type": "replace_key", "player": BOB}))
    assert events == [KeyReplaced(player=BOB)]
    assert (
        events[0].describe(state)
        == "The bank made a new QR code for Bob: the old one no longer acts for them"
    )
    replaced = run(state, ReplaceKey(player=BOB), by=BANK)
    assert replaced.players == state.players and replaced.seq == state.seq + 1
    assert replaced.undo == state.undo  # the banker's undo still takes back Bob's payment, not this
    assert decide(replace(state, ended=True), ReplaceKey(player=BOB)) == [KeyReplaced(player=BOB)]
    assert refusal(state, ReplaceKey(player=9)) == "There is no player 9 in this game."
    assert refusal(state, ReplaceKey(player=BANK)) == "There is no player 0 in this game."
    (bank,) = decide(state, parse_command({"type": "replace_bank_key"}))  # a bank's phone lost
    assert bank == KeyReplaced(player=BANK) and ReplaceBankKey.banker_only and ReplaceBankKey.refused_to_seats
    assert bank.describe(state) == (
        "The bank made a new bank QR code: phones with the old one no longer act as the bank"
    )
