"""Going to jail and getting out: the fine, or a Get Out of Jail Free card."""

from __future__ import annotations

from banker.rules import BANK
from banker.rules.cards import DrawCard
from banker.rules.jail import GoToJail, JailCardUsed, LeftJail, PayJailFine, UseJailCard
from banker.rules.money import Paid, PayBank
from banker.rules.rent import PayRent
from tests.support.rules import ANN, BOB, cash, new_game, owning, refusal, run


def test_go_to_jail_marks_the_player_in_jail_and_pays_nothing():
    state = run(new_game(), GoToJail(player=ANN))
    assert state.player(ANN).in_jail
    assert cash(state, ANN) == 1500
    assert refusal(state, GoToJail(player=ANN)) == "Ann is already in jail."


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
    assert refusal(state, PayJailFine(player=ANN)) == "Ann is not in jail."
    assert refusal(state, UseJailCard(player=ANN)) == "Ann is not in jail."


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
    assert refusal(state, UseJailCard(player=ANN)) == "Ann has no Get Out of Jail Free card."


def test_a_player_in_jail_still_pays_and_collects_rent():
    state = owning(owning(new_game(), ANN, 39), BOB, 37)
    state = run(state, GoToJail(player=ANN), GoToJail(player=BOB))
    state = run(state, PayRent(player=BOB, deed=39), PayRent(player=ANN, deed=37))
    assert (cash(state, ANN), cash(state, BOB)) == (1500 - 400 + 50 - 35, 1500 - 350 - 50 + 35)
