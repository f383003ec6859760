"""Every Chance and Community Chest card's money (and jail) effect."""

from __future__ import annotations

from dataclasses import replace

import pytest

from banker.rules import BANK, GameState, card_destination, fold, parse_command, start_game
from banker.rules.board import edition_from_json, edition_to_json
from banker.rules.buildings import Build
from banker.rules.cards import CardDrawn, DrawCard, PlayCard
from banker.rules.editions import CUSTOM, custom_edition, load_edition
from banker.rules.money import Paid, PayBank
from banker.rules.rent import PayRent
from tests.support.rules import ANN, BOB, CAT, NAMES, built, cash, new_game, owning, refusal, refusals, run

# (card, space drawn on or None, Ann's change, Bob's and Cat's change)
MONEY = [
    ("CH01", None, 0, 0),
    ("CH01", 36, 0, 0),
    ("CH02", None, 200, 0),
    ("CH03", 7, 0, 0),
    ("CH03", 22, 0, 0),
    ("CH03", 36, 200, 0),
    ("CH04", 7, 0, 0),
    ("CH04", 22, 200, 0),
    ("CH04", 36, 200, 0),
    ("CH05", 7, 0, 0),
    ("CH05", 22, 0, 0),
    ("CH05", 36, 200, 0),
    ("CH06", 7, 0, 0),
    ("CH06", 36, 200, 0),
    ("CH07", 7, 0, 0),
    ("CH07", 22, 0, 0),
    ("CH07", 36, 200, 0),
    ("CH08", None, 50, 0),
    ("CH09", None, 0, 0),
    ("CH10", 36, 0, 0),
    ("CH11", None, 0, 0),
    ("CH12", None, 0, 0),
    ("CH13", None, -15, 0),
    ("CH14", None, 200, 0),
    ("CH14", 7, 200, 0),
    ("CH15", None, -100, 50),
    ("CH16", None, 150, 0),
    ("CC01", None, 200, 0),
    ("CC02", None, 200, 0),
    ("CC03", None, -50, 0),
    ("CC04", None, 50, 0),
    ("CC05", None, 0, 0),
    ("CC06", None, 0, 0),
    ("CC07", None, 100, 0),
    ("CC08", None, 20, 0),
    ("CC09", None, 20, -10),
    ("CC10", None, 100, 0),
    ("CC11", None, -100, 0),
    ("CC12", None, -50, 0),
    ("CC13", None, 25, 0),
    ("CC14", None, 0, 0),
    ("CC15", None, 10, 0),
    ("CC16", None, 100, 0),
]


def draw(card: str, from_space: int | None = None, player: int = ANN) -> DrawCard:
    deck = "chance" if card.startswith("CH") else "community_chest"
    return DrawCard(player=player, deck=deck, card=card, from_space=from_space)


def test_every_card_of_both_decks_has_its_money_effect_tested():
    assert {card for card, *_ in MONEY} == set(new_game().edition.card)


@pytest.mark.parametrize(("card", "from_space", "drawer", "each_other"), MONEY)
def test_a_card_moves_the_money_it_prints(card, from_space, drawer, each_other):
    state = run(new_game(), draw(card, from_space))
    assert (cash(state, ANN), cash(state, BOB), cash(state, CAT)) == (
        1500 + drawer,
        1500 + each_other,
        1500 + each_other,
    )


def test_a_card_draw_is_recorded_before_its_effects():
    events = draw("CH08").decide(new_game(), 0)
    assert events == [CardDrawn(ANN, "CH08"), Paid(BANK, ANN, 50, "Chance card")]
    assert events[0].describe(new_game()) == "Ann drew Chance: Bank pays you dividend of $50."


def test_advance_to_go_pays_the_salary_of_the_rules_in_force():
    state = run(new_game(salary=400), draw("CC01"))
    assert cash(state, ANN) == 1900


@pytest.mark.parametrize("card", ["CH02", "CC01"])
def test_with_just_go_a_card_that_lands_on_go_pays_double_like_the_dice(card):
    events = draw(card).decide(new_game(just_go=True), 0)
    assert events[1:] == [Paid(BANK, ANN, 400, "advanced to GO: Just Go pays double")]
    passing = run(new_game(just_go=True), draw("CH03", from_space=36))  # to Illinois Avenue, past GO
    assert cash(passing, ANN) == 1700


@pytest.mark.parametrize(
    ("card", "paid", "reason"),
    [
        ("CH12", 4 * 25 + 100, "Chance repairs: 4 × $25 a house, 1 × $100 a hotel"),
        ("CC14", 4 * 40 + 115, "Community Chest repairs: 4 × $40 a house, 1 × $115 a hotel"),
    ],
)
def test_street_repairs_charge_for_each_house_and_each_hotel_owned(card, paid, reason):
    state = built(owning(new_game(starting_cash=5000), ANN, 37, 39), (37, 39), 4)
    state = run(state, Build(deed=39))  # Park Place: 4 houses, Boardwalk: a hotel
    assert draw(card).decide(state, 0) == [CardDrawn(ANN, card), Paid(ANN, BANK, paid, reason)]
    assert cash(run(state, draw(card)), ANN) == cash(state, ANN) - paid


def test_repairs_ignore_other_players_buildings():
    state = built(owning(new_game(starting_cash=5000), BOB, 37, 39), (37, 39), 2)
    assert draw("CC14").decide(state, 0) == [CardDrawn(ANN, "CC14")]


def test_the_get_out_of_jail_free_card_is_kept_and_leaves_its_deck():
    state = run(new_game(), draw("CH09"), draw("CC05", player=BOB))
    assert state.player(ANN).jail_cards == ("chance",)
    assert state.player(BOB).jail_cards == ("community_chest",)
    assert refusals(state, draw("CH09", player=CAT), ANN) == (
        "Ann holds the Chance Get Out of Jail Free card, so it is not in the deck.",
        "You hold the Chance Get Out of Jail Free card, so it is not in the deck.",
    )


def test_go_to_jail_sends_the_player_to_jail_without_salary():
    state = run(new_game(), draw("CC06"))
    assert state.player(ANN).in_jail
    assert cash(state, ANN) == 1500


@pytest.mark.parametrize(
    ("card", "targets"),
    [("CH05", {7: 15, 22: 25, 36: 5}), ("CH06", {7: 15, 22: 25, 36: 5}), ("CH07", {7: 12, 22: 28, 36: 12})],
)
def test_the_nearest_cards_lead_to_the_printed_destinations(card, targets):
    edition = new_game().edition
    assert dict(edition.card[card].derived_targets) == targets
    assert {space: card_destination(edition, edition.card[card], space) for space in targets} == targets


def test_the_nearest_railroad_card_pays_salary_then_twice_the_rent_with_pay_rent():
    state = owning(new_game(), BOB, 5, 15)
    destination = card_destination(state.edition, state.edition.card["CH05"], 36)
    state = run(state, draw("CH05", 36), PayRent(player=ANN, deed=destination, card="nearest_railroad"))
    assert (cash(state, ANN), cash(state, BOB)) == (1500 + 200 - 100, 1500 - 400 + 100)


def test_the_nearest_utility_card_charges_ten_times_a_fresh_roll_with_pay_rent():
    state = owning(new_game(), BOB, 28)
    state = run(state, draw("CH07", 22), PayRent(player=ANN, deed=28, dice=6, card="nearest_utility"))
    assert (cash(state, ANN), cash(state, BOB)) == (1500 - 60, 1500 - 150 + 60)


def test_the_nearest_utility_card_may_carry_the_roll_and_settle_the_rent_at_once():
    state = owning(new_game(), BOB, 12)
    state = run(state, DrawCard(player=ANN, deck="chance", card="CH07", from_space=36, dice=9))
    # from 36 the nearest utility is Electric Company (12), past GO: salary, then 10 x 9
    assert (cash(state, ANN), cash(state, BOB)) == (1500 + 200 - 90, 1500 - 150 + 90)


def test_the_rent_the_nearest_utility_card_settles_at_once_comes_out_of_the_salary_it_paid():
    """With $5, Ann passed GO on the card and owed Bob the $70 rent out of her $205: a debt that
    held back every purchase until paid. The card played from a hand (Monopoly 2.0) did the same."""
    state = owning(new_game(), BOB, 12)
    state = run(state, PayBank(player=ANN, amount=1495, reason="x"))
    drawn = run(state, DrawCard(player=ANN, deck="chance", card="CH07", from_space=36, dice=7))
    assert (cash(drawn, ANN), drawn.debts) == (5 + 200 - 70, ())
    hands = owning(run(new_game(card_hands=True), PayBank(player=ANN, amount=1495, reason="x")), BOB, 12)
    hands = run(hands, DrawCard(player=CAT, deck="chance", card="CH07"))
    played = run(hands, PlayCard(player=CAT, card="CH07", on=ANN, from_space=36, dice=7))
    assert (cash(played, ANN), played.debts) == (5 + 200 - 70, ())


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (
            DrawCard(player=ANN, deck="chance", card="CH05", from_space=7, dice=6),
            "Only the nearest-utility card needs a dice roll; CH05 does not.",
        ),
        (
            DrawCard(player=ANN, deck="chance", card="CH07", from_space=22, dice=6),
            "Nobody owns Water Works: there is no rent to pay.",
        ),
    ],
)
def test_a_roll_with_a_card_that_needs_none_or_with_nothing_to_pay_is_refused(command, message):
    state = owning(new_game(), BOB, 12)
    assert refusal(state, command) == message


def test_a_roll_with_the_nearest_utility_card_needs_the_space_it_was_drawn_on():
    state = owning(new_game(), BOB, 12, 28)
    command = DrawCard(player=ANN, deck="chance", card="CH07", dice=6)
    assert "Say which Chance space the card was drawn on" in refusal(state, command)


@pytest.mark.parametrize("card", ["CH03", "CH04", "CH05", "CH06", "CH07"])
def test_an_advance_that_may_pass_go_asks_where_it_was_drawn(card):
    assert (
        refusal(new_game(), draw(card))
        == "Say which Chance space the card was drawn on (7, 22 or 36): it decides whether the piece passes GO."
    )


def test_a_card_is_drawn_only_on_a_space_of_its_deck():
    assert refusal(new_game(), draw("CH03", 17)) == "Chance cards are drawn on spaces 7, 22 or 36, not on 17."
    assert (
        refusal(new_game(), draw("CC02", 7))
        == "Community Chest cards are drawn on spaces 2, 17 or 33, not on 7."
    )


def test_paying_each_player_short_of_the_whole_amount_owes_each_of_them():
    state = run(new_game(), PayBank(player=ANN, amount=1420))
    state = run(state, draw("CH15"))
    assert cash(state, ANN) == 80 and (cash(state, BOB), cash(state, CAT)) == (1500, 1500)
    assert [(d.debtor, d.creditor, d.amount) for d in state.debts] == [(ANN, BOB, 50), (ANN, CAT, 50)]


def test_paying_each_player_a_rounded_amount_owes_them_all_when_the_rounded_sum_is_short():
    """$50 each rounded to $20 steps is $60 each: Ann's $100 pays neither, where the unrounded $100
    once passed and left her at -$20."""
    state = run(new_game(round_to=20), PayBank(player=ANN, amount=1400))
    state = run(state, draw("CH15"))
    assert cash(state, ANN) == 100 and (cash(state, BOB), cash(state, CAT)) == (1500, 1500)
    assert [(d.creditor, d.amount) for d in state.debts] == [(BOB, 60), (CAT, 60)]
    state = run(new_game(round_to=20), PayBank(player=ANN, amount=1380), draw("CH15"))
    assert (cash(state, ANN), cash(state, BOB), cash(state, CAT), state.debts) == (0, 1560, 1560, ())


def test_a_player_short_of_a_birthday_gift_owes_it():
    state = run(new_game(), PayBank(player=CAT, amount=1495))
    state = run(state, draw("CC09"))
    assert cash(state, ANN) == 1510 and cash(state, CAT) == 5
    assert [(d.debtor, d.creditor, d.amount, d.reason) for d in state.debts] == [
        (CAT, ANN, 10, "Community Chest card")
    ]


def test_players_out_of_the_game_neither_pay_nor_are_paid_by_cards():
    state = new_game().with_player(CAT, bankrupt=True)
    state = run(state, draw("CH15"), draw("CC09"))
    assert (cash(state, ANN), cash(state, BOB), cash(state, CAT)) == (1500 - 50 + 10, 1500 + 50 - 10, 1500)
    assert refusal(state, draw("CH08", player=CAT)) == "Cat is out of the game."


def test_unknown_cards_and_decks_are_refused():
    state = new_game()
    assert refusal(state, draw("CH17")) == "There is no card 'CH17' in the Chance deck."
    assert (
        refusal(state, DrawCard(player=ANN, deck="chance", card="CC02"))
        == "CC02 is a Community Chest card, not a Chance card."
    )
    assert (
        refusal(state, DrawCard(player=ANN, deck="bonus", card="CH01"))
        == "There is no deck called 'bonus'; the decks are chance or community_chest."
    )


def test_a_card_command_reads_from_json():
    payload = {"type": "card", "player": 1, "deck": "chance", "card": "CH03", "from_space": "36"}
    assert parse_command(payload) == DrawCard(player=1, deck="chance", card="CH03", from_space=36)


def on_board(change) -> GameState:
    """A game on the US board as a table might change it in the editor (`change` edits its JSON)."""
    data = edition_to_json(load_edition("us"))
    change(data)
    return fold([(1, [start_game(NAMES[:3], "classic", custom_edition(data), None)])])


def test_a_board_without_chance_spaces_refuses_a_card_drawn_on_one():
    """A board of a table's own kept the Chance deck and turned its spaces into Community Chest: a
    card said to be drawn on a space was answered with a crash."""

    def no_chance_spaces(data):
        for space in data["spaces"]:
            if space["type"] == "chance":
                space.update(type="community_chest", name="Community Chest")

    state = on_board(no_chance_spaces)
    why = "This board has no Chance space: no card of it is drawn on a space."
    assert refusal(state, DrawCard(player=ANN, deck="chance", card="CH08", from_space=7)) == why
    assert refusal(state, DrawCard(player=ANN, deck="chance", card="CH01")) == why  # advance: from where?
    assert cash(run(state, DrawCard(player=ANN, deck="chance", card="CH13")), ANN) == 1500 - 15


def test_a_nearest_card_on_a_board_begun_without_its_kind_is_refused_in_words():
    """A board is checked for this when it is made; a game begun on one before that check drew the
    nearest-railroad card into a crash (the nearest of no railroads)."""
    data = edition_to_json(load_edition("us"))
    data["properties"] = [deed for deed in data["properties"] if deed["kind"] != "railroad"]
    for space in data["spaces"]:
        if space["type"] == "railroad":
            space.pop("group")
            space["type"] = "free_parking"
    state = replace(new_game(), edition=edition_from_json(CUSTOM, data))
    why = "This board has no railroad for the card to lead to."
    assert refusal(state, draw("CH05", 7)) == why and refusal(state, draw("CH06", 22)) == why
    assert cash(run(state, draw("CH13", 7)), ANN) == 1500 - 15  # the rest of the deck plays on


def test_a_board_without_the_nearest_railroad_card_refuses_its_rent():
    def no_nearest_cards(data):
        data["chance"] = [card for card in data["chance"] if card["action"] != "advance_to_nearest"]

    state = owning(on_board(no_nearest_cards), ANN, 5)
    assert refusal(state, PayRent(player=BOB, deed=5, card="nearest_railroad")) == (
        "This board has no card that leads to the nearest railroad."
    )
    assert cash(run(state, PayRent(player=BOB, deed=5)), BOB) == 1500 - 25
