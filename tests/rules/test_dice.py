"""Dice on the phones (the phone_dice switch): the server throws, the rules record the roll, name
doubles and triples, and keep it for a utility's rent; a roll moves no money."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banker.rules import describe_action, event_from_json, parse_command
from banker.rules.dice import DIE, SPEED_FACES, DiceRolled, RollDice, total
from banker.rules.jail import GoToJail
from banker.rules.rent import PayRent
from banker.rules.state import Roll
from banker.rules.undo import TakeBack
from tests.support.rules import ANN, BOB, cash, new_game, owning, refusal, refusals, run

ELECTRIC, WATER = 12, 28  # the US board's utilities


def rolled(state, player: int, *dice: int, face: str = "") -> DiceRolled:
    """The roll event `player`'s roll of `dice` (and `face` on the speed die) makes."""
    command = RollDice(player=player, speed=bool(face), dice=dice, face=face)
    state = run(state, command)
    (event,) = state.undo[-1].events
    return event


def line(state, player: int, *dice: int, face: str = "") -> str:
    return describe_action(state, [rolled(state, player, *dice, face=face)])


def test_dice_on_the_phones_are_off_unless_the_table_turns_them_on():
    assert refusal(new_game(), RollDice(player=ANN, dice=(3, 4))) == (
        "Dice on the phones are off at this table: roll the real dice."
    )


@pytest.mark.parametrize(
    ("dice", "face", "said"),
    [
        ((4, 3), "", "Ann rolled 4 + 3 = 7"),
        ((4, 4), "", "Ann rolled 4 + 4 = 8, doubles"),
        ((6, 5), "3", "Ann rolled 6 + 5 + 3 = 14"),
        ((2, 2), "2", "Ann rolled 2 + 2 + 2 = 6, triples"),
        # the two dice match and the speed die does not: doubles (000)
        ((2, 2), "3", "Ann rolled 2 + 2 + 3 = 7, doubles"),
        ((5, 5), "bus", "Ann rolled 5 + 5 + bus = 10, doubles"),
        ((1, 3), "mr_monopoly", "Ann rolled 1 + 3 + Mr. Monopoly = 4"),
    ],
)
def test_a_roll_reads_with_its_total_and_names_doubles_and_triples(dice, face, said):
    state = new_game(preset="speed", phone_dice=True)
    assert line(state, ANN, *dice, face=face) == said


def test_the_roller_reads_their_own_roll_in_the_second_person():
    state = new_game(phone_dice=True)
    assert describe_action(state, [rolled(state, ANN, 6, 6)], you=ANN) == "You rolled 6 + 6 = 12, doubles"


def test_a_roll_is_kept_as_the_players_last_roll_and_the_next_one_replaces_it():
    state = run(new_game(phone_dice=True), RollDice(player=BOB, dice=(2, 5)))
    assert state.player(BOB).roll == Roll(dice=(2, 5))
    state = run(state, RollDice(player=BOB, dice=(6, 1)))
    assert state.player(BOB).roll == Roll(dice=(6, 1))
    assert state.player(ANN).roll is None


def test_the_speed_die_needs_the_speed_die_game():
    state = new_game(phone_dice=True)
    assert refusal(state, RollDice(player=ANN, speed=True, dice=(1, 2), face="bus")) == (
        "This table plays without the speed die: roll two dice."
    )


def test_a_jailed_player_rolls_only_the_two_dice_not_the_speed_die():
    """000, 스피드 주사위: 감옥에서 탈출을 시도할 때는 일반 주사위만 굴린다. Triples thrown in jail
    would otherwise read as triples and let the player out."""
    state = run(new_game(preset="speed", phone_dice=True), GoToJail(player=ANN))
    assert refusals(state, RollDice(player=ANN, speed=True, dice=(2, 2), face="2"), ANN) == (
        "Ann is in jail and rolls only the two dice there: roll without the speed die.",
        "You are in jail and roll only the two dice there: roll without the speed die.",
    )
    state = run(state, RollDice(player=ANN, dice=(2, 2)))
    assert state.player(ANN).roll == Roll(dice=(2, 2)) and not state.player(ANN).in_jail


@pytest.mark.parametrize(
    ("dice", "face", "message"),
    [
        ((0, 3), "", "Two dice show 1 to 6 each."),
        ((7, 3), "", "Two dice show 1 to 6 each."),
        ((3,), "", "Two dice show 1 to 6 each."),
        ((), "", "Two dice show 1 to 6 each."),
        ((3, 3), "4", "The speed die shows 1, 2, 3, the bus or Mr. Monopoly."),
        ((3, 3), "", "The speed die shows 1, 2, 3, the bus or Mr. Monopoly."),
    ],
)
def test_faces_no_die_shows_are_refused(dice, face, message):
    state = new_game(preset="speed", phone_dice=True)
    assert refusal(state, RollDice(player=ANN, speed=True, dice=dice, face=face)) == message


def test_two_dice_carry_no_speed_face():
    state = new_game(preset="speed", phone_dice=True)
    assert refusal(state, RollDice(player=ANN, dice=(3, 3), face="bus")) == (
        "The speed die shows 1, 2, 3, the bus or Mr. Monopoly."
    )


def test_a_bankrupt_player_rolls_no_more():
    state = new_game(phone_dice=True)
    state = state.with_player(BOB, bankrupt=True)
    assert refusal(state, RollDice(player=BOB, dice=(3, 4))) == "Bob is out of the game."


def test_a_phone_cannot_choose_its_dice_they_are_left_for_the_server_to_throw():
    command = parse_command(
        {"type": "roll_dice", "player": ANN, "dice": [6, 6], "face": "3", "speed": "true"}
    )
    assert command == RollDice(player=ANN, speed=True)
    thrown = command.thrown(lambda faces: faces[-1])  # the last face of each die
    assert thrown == RollDice(player=ANN, speed=True, dice=(6, 6), face="mr_monopoly")


def test_the_speed_die_has_1_2_3_a_bus_and_mr_monopoly_twice():
    """000, 스피드 주사위: 1, 2, 3, 버스, 모노폴리 캐릭터(2면)."""
    assert sorted(SPEED_FACES) == ["1", "2", "3", "bus", "mr_monopoly", "mr_monopoly"]
    assert list(DIE) == [1, 2, 3, 4, 5, 6]


def test_a_roll_cannot_be_taken_back_from_the_phone():
    state = run(new_game(phone_dice=True), RollDice(player=ANN, dice=(1, 2)), by=ANN)
    assert refusal(state, TakeBack(player=ANN, seq=state.seq)) == "A roll stands: dice cannot be taken back."


def test_a_roll_is_stored_and_read_back_as_the_same_fact():
    event = DiceRolled(player=ANN, dice=(5, 5), face="bus")
    assert event_from_json(event.to_json()) == event


@pytest.mark.parametrize(
    ("dice", "face", "rent"),
    [
        ((4, 3), "", 70),  # both utilities: 10 x 7
        ((6, 6), "3", 150),  # the speed die counts: 10 x 15
        ((6, 6), "bus", 120),  # the bus counts 0 (000)
        ((1, 1), "mr_monopoly", 20),  # so does Mr. Monopoly
    ],
)
def test_a_utilitys_rent_on_the_last_roll(dice, face, rent):
    state = owning(new_game(preset="speed", phone_dice=True), ANN, ELECTRIC, WATER)
    state = run(state, RollDice(player=BOB, speed=bool(face), dice=dice, face=face))
    state = run(state, PayRent(player=BOB, deed=WATER, dice=total(state.player(BOB).roll)))
    assert (cash(state, ANN), cash(state, BOB)) == (2500 - 150 - 150 + rent, 2500 - rent)


@settings(max_examples=60, deadline=None)
@given(preset=st.sampled_from(["classic", "speed"]), seed=st.integers(0, 2**32 - 1), speed=st.booleans())
def test_any_thrown_roll_is_in_range_and_moves_no_money(preset, seed, speed):
    state = new_game(preset=preset, phone_dice=True)
    speed = speed and state.rules.speed_die
    chance = random.Random(seed)
    after = run(state, RollDice(player=BOB, speed=speed).thrown(chance.choice))
    roll = after.player(BOB).roll
    assert all(die in DIE for die in roll.dice)
    assert roll.face in (SPEED_FACES if speed else ("",))
    assert total(roll) in state.rules.dice_totals  # a utility's rent takes any roll
    assert [p.cash for p in after.players] == [p.cash for p in state.players]
    assert (after.holdings, after.houses, after.hotels, after.debts) == (
        state.holdings,
        state.houses,
        state.hotels,
        state.debts,
    )
