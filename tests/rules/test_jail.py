"""Going to jail and getting out: the fine, a Get Out of Jail Free card, or doubles."""

from __future__ import annotations

import pytest

from banker.rules import BANK, describe_action, event_from_json
from banker.rules.cards import DrawCard
from banker.rules.dice import DiceRolled, RollDice
from banker.rules.jail import (
    GoToJail,
    JailCardUsed,
    LeaveJailAfterTwoTurns,
    LeaveJailByDoubles,
    LeftJail,
    PayFine,
    PayJailFine,
    UseJailCard,
)
from banker.rules.money import Paid, PayBank
from banker.rules.rent import PayRent
from banker.rules.ruleset import PRESETS
from banker.rules.undo import Undo
from tests.support.rules import ANN, BOB, CAT, cash, new_game, owning, refusals, run

CHANCE_GO_TO_JAIL, CHEST_GO_TO_JAIL = "CH11", "CC06"


def test_go_to_jail_marks_the_player_in_jail_and_pays_nothing():
    state = run(new_game(), GoToJail(player=ANN))
    assert state.player(ANN).in_jail
    assert cash(state, ANN) == 1500
    assert refusals(state, GoToJail(player=ANN), ANN) == (
        "Ann is already in jail.",
        "You are already in jail.",
    )


def test_the_fine_releases_the_player():
    state = run(new_game(), GoToJail(player=ANN))
    assert PayJailFine(player=ANN).decide(state, 0) == [Paid(ANN, BANK, 50, "jail fine"), LeftJail(ANN)]
    state = run(state, PayJailFine(player=ANN))
    assert not state.player(ANN).in_jail
    assert cash(state, ANN) == 1450


def test_the_fine_follows_the_rules_in_force():
    state = run(new_game(jail_fine=100), GoToJail(player=ANN), PayJailFine(player=ANN))
    assert cash(state, ANN) == 1400


def test_only_a_player_in_jail_pays_the_fine_or_uses_a_card():
    state = run(new_game(), DrawCard(player=ANN, deck="chance", card="CH09"))
    assert refusals(state, PayJailFine(player=ANN), ANN) == ("Ann is not in jail.", "You are not in jail.")
    assert refusals(state, UseJailCard(player=ANN), ANN) == ("Ann is not in jail.", "You are not in jail.")


def test_the_fine_from_pay_the_bank_takes_the_rules_amount_from_a_player_the_bank_never_saw_go_in():
    """The chip under Pay the bank sent pay_bank with the fine's amount and the tapping phone's
    words for it ("보석금" in a Japanese phone's history), to the bank even where fines go to the
    Free Parking pot, and left a player in jail there."""
    state = new_game(jail_fine=100)
    assert PayFine(player=ANN).decide(state, 0) == [Paid(ANN, BANK, 100, "jail fine")]
    state = run(state, PayFine(player=ANN))
    assert cash(state, ANN) == 1400 and not state.player(ANN).in_jail
    assert describe_action(state, [Paid(ANN, BANK, 100, "jail fine")]) == "Ann paid the bank $100 (jail fine)"


def test_the_fine_from_pay_the_bank_lets_a_jailed_player_out_as_the_jail_does():
    state = run(new_game(), GoToJail(player=ANN))
    assert PayFine(player=ANN).decide(state, 0) == PayJailFine(player=ANN).decide(state, 0)
    state = run(state, PayFine(player=ANN))
    assert cash(state, ANN) == 1450 and not state.player(ANN).in_jail
    short = run(new_game(), PayBank(player=ANN, amount=1480), GoToJail(player=ANN), PayFine(player=ANN))
    assert [(d.debtor, d.creditor, d.amount) for d in short.debts] == [(ANN, BANK, 50)]
    assert short.debts[0].jail_fine and not short.player(ANN).in_jail


def test_the_fine_from_pay_the_bank_goes_where_fines_go():
    pot = run(new_game(free_parking_jackpot=True), PayFine(player=ANN))
    assert (pot.free_parking, cash(pot, ANN)) == (50, 1450)
    taxes_only = run(new_game(free_parking_jackpot=True, jackpot_from="taxes"), PayFine(player=ANN))
    assert (taxes_only.free_parking, cash(taxes_only, ANN)) == (0, 1450)
    broke = run(new_game(), PayBank(player=BOB, amount=1480), PayFine(player=BOB))
    assert [(d.debtor, d.creditor, d.amount) for d in broke.debts] == [(BOB, BANK, 50)] and cash(
        broke, BOB
    ) == 20


def test_no_fine_is_paid_where_the_jail_has_none():
    state = new_game(preset="monopoly2", seed=3)
    no_fine = (
        "This game's jail has no fine: out by rolling doubles, with a Get Out of Jail Free card, or at the end"
        " of a second turn in jail."
    )
    assert refusals(state, PayFine(player=ANN), ANN)[0] == no_fine
    assert refusals(run(state, GoToJail(player=ANN)), PayFine(player=ANN), ANN)[0] == no_fine


def test_a_fine_the_cash_cannot_cover_is_owed_and_the_player_leaves_jail():
    state = run(new_game(), PayBank(player=ANN, amount=1480), GoToJail(player=ANN), PayJailFine(player=ANN))
    assert not state.player(ANN).in_jail and state.player(ANN).cash == 20
    assert [(d.debtor, d.creditor, d.amount) for d in state.debts] == [(ANN, 0, 50)]


def test_a_get_out_of_jail_free_card_releases_the_player_and_goes_back_to_its_deck():
    state = run(new_game(), DrawCard(player=ANN, deck="community_chest", card="CC05"), GoToJail(player=ANN))
    events = UseJailCard(player=ANN).decide(state, 0)
    assert events == [JailCardUsed(ANN, "community_chest")]
    state = run(state, UseJailCard(player=ANN))
    assert not state.player(ANN).in_jail
    assert state.player(ANN).jail_cards == ()
    assert cash(state, ANN) == 1500
    state = run(state, DrawCard(player=BOB, deck="community_chest", card="CC05"))
    assert state.player(BOB).jail_cards == ("community_chest",)


def test_the_card_kept_longest_is_used_first():
    state = new_game()
    state = run(
        state,
        *(DrawCard(player=ANN, deck=d, card=c) for d, c in [("chance", "CH09"), ("community_chest", "CC05")]),
    )
    state = run(state, GoToJail(player=ANN), UseJailCard(player=ANN))
    assert state.player(ANN).jail_cards == ("community_chest",)


def test_without_a_card_a_jailed_player_cannot_use_one():
    state = run(new_game(), GoToJail(player=ANN))
    assert refusals(state, UseJailCard(player=ANN), ANN) == (
        "Ann has no Get Out of Jail Free card.",
        "You have no Get Out of Jail Free card.",
    )


def test_a_player_in_jail_still_pays_and_collects_rent():
    state = owning(owning(new_game(), ANN, 39), BOB, 37)
    state = run(state, GoToJail(player=ANN), GoToJail(player=BOB))
    state = run(state, PayRent(player=BOB, deed=39), PayRent(player=ANN, deed=37))
    assert (cash(state, ANN), cash(state, BOB)) == (1500 - 400 + 50 - 35, 1500 - 350 - 50 + 35)


# 003: "stay here, missing the three of your stroke, but every time it comes to a queue, throw cubes,
# and if you have a double on both cubes in one of these moves, you can get out of prison and go
# through such a number of fields that fell on Cubes."
# 001: 「ゾロ目が出た場合は$50の支払いや釈放券を使用せずに出所となり、出た目の数だけ進まなければならない。」


@pytest.mark.parametrize("preset", PRESETS)
def test_doubles_let_a_jailed_player_out_and_move_no_money(preset):
    clock = {"end_at": 3600} if preset == "timed" else {}
    state = run(new_game(preset=preset, seed=3, **clock), GoToJail(player=ANN))
    before = [p.cash for p in state.players]
    assert LeaveJailByDoubles(player=ANN).decide(state, 0) == [LeftJail(player=ANN, doubles=True)]
    state = run(state, LeaveJailByDoubles(player=ANN))
    assert not state.player(ANN).in_jail
    assert [p.cash for p in state.players] == before and state.debts == ()


def test_only_a_player_in_jail_leaves_by_doubles():
    assert refusals(new_game(), LeaveJailByDoubles(player=ANN), ANN) == (
        "Ann is not in jail.",
        "You are not in jail.",
    )
    out = run(new_game(), GoToJail(player=ANN), LeaveJailByDoubles(player=ANN))
    assert refusals(out, LeaveJailByDoubles(player=ANN), ANN) == (
        "Ann is not in jail.",
        "You are not in jail.",
    )


def test_leaving_by_doubles_reads_as_such_and_is_stored_and_read_back():
    state = run(new_game(), GoToJail(player=ANN), LeaveJailByDoubles(player=ANN))
    (left,) = state.undo[-1].events
    assert describe_action(state, [left]) == "Ann rolled doubles and is out of jail"
    assert describe_action(state, [left], you=ANN) == "You rolled doubles and are out of jail"
    assert left.to_json() == {"type": "left_jail", "player": ANN, "doubles": True}
    assert event_from_json(left.to_json()) == left
    fined = LeftJail(player=ANN)  # after the fine: a log written before doubles were told apart
    assert fined.to_json() == {"type": "left_jail", "player": ANN}
    assert describe_action(state, [fined]) == "Ann is out of jail"


def test_undo_puts_the_player_back_in_jail():
    state = run(new_game(), GoToJail(player=ANN), LeaveJailByDoubles(player=ANN), Undo())
    assert state.player(ANN).in_jail


def test_out_by_doubles_a_player_is_sent_back_to_jail_by_the_space_and_by_either_card():
    """A game: Ann leaves by doubles three times over, and each time something sends her back (the
    Go to Jail space, then Chance's and Community Chest's Go to Jail cards); no salary, no fine."""
    state = run(new_game(), GoToJail(player=ANN))
    for sent_back in (
        GoToJail(player=ANN),
        DrawCard(player=ANN, deck="chance", card=CHANCE_GO_TO_JAIL, from_space=36),
        DrawCard(player=ANN, deck="community_chest", card=CHEST_GO_TO_JAIL, from_space=33),
    ):
        state = run(state, LeaveJailByDoubles(player=ANN))
        assert not state.player(ANN).in_jail
        state = run(state, sent_back)
        assert state.player(ANN).in_jail
    assert cash(state, ANN) == 1500
    state = run(state, PayBank(player=ANN, amount=1480, reason="repairs"), PayJailFine(player=ANN))
    assert not state.player(ANN).in_jail and [(d.debtor, d.amount) for d in state.debts] == [(ANN, 50)]


def test_with_dice_on_the_phones_a_jailed_players_doubles_let_them_out_by_themselves():
    state = run(new_game(phone_dice=True), GoToJail(player=ANN), GoToJail(player=BOB))
    state = run(state, RollDice(player=ANN, dice=(4, 4)), RollDice(player=BOB, dice=(4, 3)))
    assert state.undo[-2].events == (
        DiceRolled(player=ANN, dice=(4, 4)),
        LeftJail(player=ANN, doubles=True),
    )
    assert not state.player(ANN).in_jail and state.player(BOB).in_jail
    assert describe_action(state, state.undo[-2].events) == (
        "Ann rolled 4 + 4 = 8, doubles; Ann rolled doubles and is out of jail"
    )
    free = run(state, RollDice(player=CAT, dice=(2, 2)))  # out of jail, doubles are just a roll
    assert free.undo[-1].events == (DiceRolled(player=CAT, dice=(2, 2)),)
    assert [p.cash for p in free.players] == [1500, 1500, 1500]


def test_in_the_speed_die_game_a_jailed_players_two_dice_alike_open_the_jail():
    """000: in jail only the two dice are rolled (the speed die's roll is refused there: test_dice.py)."""
    state = run(new_game(preset="speed", phone_dice=True), GoToJail(player=ANN))
    state = run(state, RollDice(player=ANN, dice=(5, 5)))
    assert not state.player(ANN).in_jail


# 004 (Monopoly 2.0): "they can roll two dice on their turn with the effect that if they match, they
# become 'Just Visiting' and can continue their turn like a normal turn: at the end of a second turn
# in Jail, they become 'Just Visiting'." No fine is named: none is charged.
NO_FINE = (
    "This game's jail has no fine: out by rolling doubles, with a Get Out of Jail Free card, or at the"
    " end of a second turn in jail."
)


def test_monopoly2s_jail_has_no_fine_and_the_second_turn_over_lets_the_player_out_for_nothing():
    state = run(new_game(preset="monopoly2", seed=3), GoToJail(player=ANN))
    before = [p.cash for p in state.players]
    assert refusals(state, PayJailFine(player=ANN), ANN) == (NO_FINE, NO_FINE)
    assert LeaveJailAfterTwoTurns(player=ANN).decide(state, 0) == [LeftJail(player=ANN, served=True)]
    state = run(state, LeaveJailAfterTwoTurns(player=ANN))
    assert not state.player(ANN).in_jail
    assert [p.cash for p in state.players] == before and state.debts == ()
    (left,) = state.undo[-1].events
    assert describe_action(state, [left]) == "Ann's second turn in jail is over: out of jail"
    assert describe_action(state, [left], you=ANN) == "Your second turn in jail is over: you are out of jail"
    assert left.to_json() == {"type": "left_jail", "player": ANN, "served": True}
    assert event_from_json(left.to_json()) == left
    # doubles let her out as in every game
    state = run(state, GoToJail(player=ANN), LeaveJailByDoubles(player=ANN))
    assert not state.player(ANN).in_jail and [p.cash for p in state.players] == before


def test_only_monopoly2s_jail_lets_a_player_out_after_two_turns_and_only_a_player_in_jail():
    classic = run(new_game(), GoToJail(player=ANN))
    assert (
        refusals(classic, LeaveJailAfterTwoTurns(player=ANN), ANN)
        == ("In this game a player leaves jail by paying the fine, with a card, or by rolling doubles.",) * 2
    )
    assert refusals(new_game(preset="monopoly2", seed=3), LeaveJailAfterTwoTurns(player=ANN), ANN) == (
        "Ann is not in jail.",
        "You are not in jail.",
    )
