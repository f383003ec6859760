"""Cards held in hand and played on any player (Monopoly 2.0, seed 004, "Chance and Community
Chest Cards"), with the printed cards' amounts."""

from __future__ import annotations

from banker.rules import BANK, fold, start_game
from banker.rules.bankruptcy import DeclareBankruptcy
from banker.rules.board import edition_to_json
from banker.rules.cards import CardKept, CardPlayed, DrawCard, PlayCard
from banker.rules.deeds import Buy, CardBuyOffered
from banker.rules.editions import custom_edition, load_edition
from banker.rules.market import NextTurn
from banker.rules.money import Paid, PayBank
from banker.rules.mortgages import Mortgage
from banker.rules.rent import PayRent
from banker.rules.undo import Undo
from tests.support.rules import ANN, BOB, CAT, NAMES, cash, new_game, owning, refusal, refusals, run

HOSPITAL, BIRTHDAY, BANK_ERROR, JAIL_CARD, ADVANCE_TO_GO = "CC11", "CC09", "CC02", "CC05", "CC01"
GO_TO_JAIL, DIVIDEND = "CH11", "CH08"


def game(**options):
    return new_game(preset="monopoly2", seed=192, **options)


def test_a_card_drawn_is_kept_in_hand_and_does_nothing_yet():
    state = run(game(), DrawCard(player=ANN, deck="community_chest", card=HOSPITAL))
    assert state.undo[-1].events == (CardKept(player=ANN, card=HOSPITAL),)
    assert state.player(ANN).hand == (HOSPITAL,) and cash(state, ANN) == 1500
    kept = state.undo[-1].events[0]
    assert kept.describe(state) == "Ann drew a Community Chest card and keeps it"  # the others do not see it
    assert kept.describe_to(state, ANN) == "You drew Community Chest and keep it: Pay hospital fees of $100."
    assert refusal(state, DrawCard(player=BOB, deck="community_chest", card=HOSPITAL)) == (
        "That Community Chest card is in a player's hand, so it is not in the deck."
    )


def test_a_card_played_on_another_player_charges_them():
    state = run(game(), DrawCard(player=ANN, deck="community_chest", card=HOSPITAL))
    state = run(state, PlayCard(player=ANN, card=HOSPITAL, on=BOB))
    assert state.undo[-1].events == (
        CardPlayed(player=ANN, card=HOSPITAL, on=BOB),
        Paid(payer=BOB, payee=BANK, amount=100, reason="Community Chest card"),
    )
    assert (cash(state, ANN), cash(state, BOB)) == (1500, 1400) and state.player(ANN).hand == ()
    played = state.undo[-1].events[0]
    assert played.describe(state) == "Ann played Community Chest on Bob: Pay hospital fees of $100."
    assert played.describe_to(state, BOB) == "Ann played Community Chest on you: Pay hospital fees of $100."
    assert refusals(state, PlayCard(player=ANN, card=HOSPITAL, on=BOB), ANN) == (
        "Ann has no card CC11 to play.",
        "You have no card CC11 to play.",
    )
    # back in the deck: the next draw may take it
    assert run(state, DrawCard(player=CAT, deck="community_chest", card=HOSPITAL)).player(CAT).hand == (
        HOSPITAL,
    )


def test_a_card_played_on_yourself_and_a_birthday_played_on_another():
    state = run(
        game(),
        DrawCard(player=ANN, deck="community_chest", card=BANK_ERROR),
        DrawCard(player=ANN, deck="community_chest", card=BIRTHDAY),
        PlayCard(player=ANN, card=BANK_ERROR, on=ANN),
    )
    assert cash(state, ANN) == 1700 and state.player(ANN).hand == (BIRTHDAY,)
    played = state.undo[-1].events[0]
    assert (
        played.describe(state)
        == "Ann played Community Chest on themselves: Bank error in your favor. Collect $200."
    )
    assert (
        played.describe_to(state, ANN)
        == "You played Community Chest on yourself: Bank error in your favor. Collect $200."
    )
    state = run(state, PlayCard(player=ANN, card=BIRTHDAY, on=CAT))  # Cat collects $10 from each
    assert [cash(state, p) for p in (ANN, BOB, CAT)] == [1690, 1490, 1520]


def test_any_number_of_cards_are_played_but_none_from_jail():
    state = run(
        game(),
        DrawCard(player=BOB, deck="chance", card=DIVIDEND),
        DrawCard(player=ANN, deck="chance", card=GO_TO_JAIL),
        PlayCard(player=ANN, card=GO_TO_JAIL, on=BOB),
    )
    assert state.player(BOB).in_jail and cash(state, BOB) == 1500
    assert refusals(state, PlayCard(player=BOB, card=DIVIDEND, on=BOB), BOB) == (
        "Bob is in jail: cards are played once out of jail.",
        "You are in jail: cards are played once out of jail.",
    )


def test_a_card_that_moves_a_piece_is_not_played_on_a_player_in_jail():
    """004: "Their token cannot be moved while in prison": Advance to GO paid jailed Bob $200."""
    state = run(
        game(),
        DrawCard(player=ANN, deck="community_chest", card=ADVANCE_TO_GO),
        DrawCard(player=ANN, deck="community_chest", card=HOSPITAL),
        DrawCard(player=ANN, deck="chance", card=GO_TO_JAIL),
        PlayCard(player=ANN, card=GO_TO_JAIL, on=BOB),
    )
    assert refusals(state, PlayCard(player=ANN, card=ADVANCE_TO_GO, on=BOB), BOB) == (
        "Bob is in jail, and a piece in jail cannot be moved: this Community Chest card waits until Bob is out.",
        "You are in jail, and a piece in jail cannot be moved: this Community Chest card waits until you are out.",
    )
    charged = run(state, PlayCard(player=ANN, card=HOSPITAL, on=BOB))  # money still moves
    assert cash(charged, BOB) == 1400 and charged.player(BOB).in_jail


def test_the_get_out_of_jail_free_card_is_kept_as_ever():
    state = run(game(), DrawCard(player=ANN, deck="community_chest", card=JAIL_CARD))
    assert state.player(ANN).jail_cards == ("community_chest",) and state.player(ANN).hand == ()


def test_a_bankrupt_players_hand_goes_back_and_undo_restores_it():
    state = run(game(), DrawCard(player=ANN, deck="chance", card=DIVIDEND))
    state = run(state, PayBank(player=ANN, amount=1505, reason="x"), DeclareBankruptcy(player=ANN))
    assert state.player(ANN).bankrupt and state.player(ANN).hand == ()
    assert run(state, Undo()).player(ANN).hand == (DIVIDEND,)
    assert run(state, DrawCard(player=BOB, deck="chance", card=DIVIDEND)).player(BOB).hand == (DIVIDEND,)


def test_a_bankrupt_players_get_out_of_jail_free_card_goes_back_to_its_deck_not_to_the_creditor():
    """004: the cards "have no value and must not be exchanged, gifted, or sold": Ann, bankrupt to
    Bob for Boardwalk's rent, handed him her Get Out of Jail Free card."""
    state = run(
        owning(new_game(card_hands=True), BOB, 39),
        DrawCard(player=ANN, deck="community_chest", card=JAIL_CARD),
        DrawCard(player=ANN, deck="chance", card=DIVIDEND),
        PayBank(player=ANN, amount=1500, reason="x"),
        PayRent(player=ANN, deed=39),
        DeclareBankruptcy(player=ANN),
    )
    assert state.player(ANN).bankrupt and state.player(BOB).jail_cards == ()
    assert (
        state.undo[-1].events[-2].describe(state)
        == "Ann's Get Out of Jail Free cards go back under their decks"
    )
    drawn = run(state, DrawCard(player=CAT, deck="community_chest", card=JAIL_CARD))
    assert drawn.player(CAT).jail_cards == ("community_chest",)


def test_cards_do_what_they_say_at_once_in_the_classic_game():
    state = run(new_game(), DrawCard(player=ANN, deck="community_chest", card=HOSPITAL))
    assert cash(state, ANN) == 1400 and state.player(ANN).hand == ()
    assert refusal(state, PlayCard(player=ANN, card=HOSPITAL, on=BOB)) == (
        "In this game a card does what it says when it is drawn: nobody holds cards to play."
    )
    assert refusal(game(), DrawCard(player=ANN, deck="chance", card="CH07", from_space=7, dice=8)) == (
        "A card kept in hand is played later: roll the dice when it is played."
    )


def test_an_advance_played_on_a_player_asks_where_they_stand_when_it_decides_the_salary():
    state = run(
        game(),
        DrawCard(player=ANN, deck="chance", card="CH03"),
        DrawCard(player=ANN, deck="chance", card="CH01"),
    )
    assert refusal(state, PlayCard(player=ANN, card="CH03", on=BOB)) == (
        "Say where Bob stands: it decides whether the piece passes GO."
    )
    passed = run(state, PlayCard(player=ANN, card="CH03", on=BOB, from_space=30))  # to Illinois Avenue
    assert cash(passed, BOB) == 1700
    state = run(state, PlayCard(player=ANN, card="CH01", on=BOB))  # Boardwalk: never past GO
    assert cash(state, BOB) == 1500 and state.player(ANN).hand == ("CH03",)


def test_a_nearest_card_that_pays_no_salary_asks_where_they_stand_only_for_the_nearest():
    us = edition_to_json(load_edition("us"))
    unpaid = [dict(c, collect_go_if_passed=False) if c["id"] == "CH07" else c for c in us["chance"]]
    edition = custom_edition({**us, "edition": "No salary on the way", "chance": unpaid})
    state = fold([(1, [start_game(NAMES[:3], "classic", edition, {"card_hands": True})])])
    state = run(state, DrawCard(player=ANN, deck="chance", card="CH07"))
    assert refusal(state, PlayCard(player=ANN, card="CH07", on=BOB)) == (
        "Say where Bob stands: it decides which space is nearest."
    )


def test_a_player_stands_only_on_the_board():
    state = run(game(), DrawCard(player=ANN, deck="chance", card="CH03"))
    assert refusals(state, PlayCard(player=ANN, card="CH03", on=BOB, from_space=40), BOB) == (
        "Bob cannot stand on space 40: the board's spaces are 0 to 39.",
        "You cannot stand on space 40: the board's spaces are 0 to 39.",
    )
    assert refusal(state, PlayCard(player=ANN, card="CH03", on=BOB, from_space=-1)) == (
        "Bob cannot stand on space -1: the board's spaces are 0 to 39."
    )


READING, ELECTRIC = 5, 12


def hands(owner: int, deed: int, card: str):
    """A classic game with cards in hand, `owner` holding `deed` and Ann holding `card`."""
    return run(owning(new_game(card_hands=True), owner, deed), DrawCard(player=ANN, deck="chance", card=card))


def test_a_nearest_railroad_played_on_a_player_charges_the_card_rent_with_the_play():
    state = hands(CAT, READING, "CH05")
    played = run(state, PlayCard(player=ANN, card="CH05", on=BOB, from_space=36))  # to Reading, past GO
    salary, rent = played.undo[-1].events[1:]
    assert salary == Paid(payer=BANK, payee=BOB, amount=200, reason="passed GO")
    assert rent.describe(played) == (
        "Bob paid Cat $50 (rent for Reading Railroad, 1 railroad owned, x2 by the card)"
    )
    assert (cash(played, BOB), cash(played, CAT)) == (1650, 1350)  # Cat paid $200 for Reading
    # on the railroad's owner, or on a mortgaged one, nobody is charged
    assert cash(run(state, PlayCard(player=ANN, card="CH05", on=CAT, from_space=2)), CAT) == 1300
    mortgaged = run(state, Mortgage(deed=READING))
    assert cash(run(mortgaged, PlayCard(player=ANN, card="CH05", on=BOB, from_space=2)), BOB) == 1500


def test_a_nearest_utility_played_on_a_player_asks_their_roll_when_another_owns_it():
    state = hands(CAT, ELECTRIC, "CH07")
    assert refusal(state, PlayCard(player=ANN, card="CH07", on=BOB, from_space=7)) == (
        "Say what Bob rolled: Electric Company is Cat's, and the card charges ten times the roll."
    )
    played = run(state, PlayCard(player=ANN, card="CH07", on=BOB, from_space=7, dice=8))
    assert (cash(played, BOB), cash(played, CAT)) == (1420, 1430)  # ten times 8; Electric cost $150
    unowned = run(game(), DrawCard(player=ANN, deck="chance", card="CH07"))
    assert cash(run(unowned, PlayCard(player=ANN, card="CH07", on=BOB, from_space=7)), BOB) == 1500


PENNSYLVANIA_RR, SHORT_LINE, WATER_WORKS = 15, 35, 28


def test_a_nearest_card_played_on_a_player_on_a_railroad_advances_them_to_the_next_one():
    """A piece standing on a railroad or utility (played on, it may stand anywhere) advances to the
    next one ahead, as the card says: it is not charged again for the deed it stands on."""
    state = hands(CAT, PENNSYLVANIA_RR, "CH05")
    played = run(state, PlayCard(player=ANN, card="CH05", on=BOB, from_space=READING))
    assert played.undo[-1].events[1].describe(played) == (
        "Bob paid Cat $50 (rent for Pennsylvania Railroad, 1 railroad owned, x2 by the card)"
    )
    assert (cash(played, BOB), cash(played, CAT)) == (1450, 1350)  # Cat paid $200 for Pennsylvania
    past_go = run(state, PlayCard(player=ANN, card="CH05", on=BOB, from_space=SHORT_LINE))
    assert cash(past_go, BOB) == 1700  # on to Reading, nobody's, past GO
    state = run(
        owning(new_game(card_hands=True), CAT, WATER_WORKS), DrawCard(player=ANN, deck="chance", card="CH07")
    )
    played = run(state, PlayCard(player=ANN, card="CH07", on=BOB, from_space=ELECTRIC, dice=8))
    assert (cash(played, BOB), cash(played, CAT)) == (1420, 1430)  # on to Water Works: ten times 8


def test_in_the_market_game_a_nearest_card_lets_its_target_buy_the_deed_from_the_bank():
    """004: nobody buys on landing "unless a Chance or Community Chest card states that they can"."""
    state = run(game(), DrawCard(player=ANN, deck="chance", card="CH05"))  # Reading is in the deck
    assert refusal(state, Buy(player=ANN, deed=READING)).startswith(
        "In this game deeds are not bought on landing"
    )
    state = run(state, PlayCard(player=ANN, card="CH05", on=ANN, from_space=36))  # past GO to Reading
    assert state.undo[-1].events[-1] == CardBuyOffered(player=ANN, deed=READING)
    assert state.undo[-1].events[-1].describe_to(state, ANN) == (
        "The card lets you buy Reading Railroad from the bank"
    )
    assert refusal(state, Buy(player=BOB, deed=READING)).startswith("In this game deeds are not bought")
    assert refusal(run(state, NextTurn()), Buy(player=ANN, deed=READING)).startswith(
        "In this game deeds are not bought"
    )  # the turn moved on
    bought = run(state, Buy(player=ANN, deed=READING))
    assert bought.holding(READING).owner == ANN and cash(bought, ANN) == 1500  # $200 past GO, $200 paid
    assert READING not in bought.deck and len(bought.deck) == len(state.deck) - 1
    assert bought.market == state.market and bought.card_buys == ()


def test_each_card_that_lets_a_player_buy_keeps_its_offer_until_the_turn_moves_on():
    """Ann plays the nearest railroad on Bob, then the nearest utility on Cat: each card says its
    player may buy, and the second took the first one's offer away."""
    state = run(
        game(),
        DrawCard(player=ANN, deck="chance", card="CH05"),
        DrawCard(player=ANN, deck="chance", card="CH07"),
        PlayCard(player=ANN, card="CH05", on=BOB, from_space=2),
        PlayCard(player=ANN, card="CH07", on=CAT, from_space=7),
    )
    bought = run(state, Buy(player=BOB, deed=READING), Buy(player=CAT, deed=ELECTRIC))
    assert (bought.holding(READING).owner, bought.holding(ELECTRIC).owner) == (BOB, CAT)
    assert (cash(bought, BOB), cash(bought, CAT)) == (1300, 1350)
    assert refusal(state, Buy(player=BOB, deed=ELECTRIC)).startswith("In this game deeds are not bought")
    assert refusal(run(state, NextTurn()), Buy(player=BOB, deed=READING)).startswith(
        "In this game deeds are not bought"
    )


def test_with_cards_used_at_once_a_nearest_card_drawn_lets_the_player_buy_the_deed_too():
    state = run(game(card_hands=False), DrawCard(player=ANN, deck="chance", card="CH05", from_space=36))
    assert state.undo[-1].events[-1] == CardBuyOffered(player=ANN, deed=READING)
    bought = run(state, Buy(player=ANN, deed=READING))
    assert bought.holding(READING).owner == ANN and cash(bought, ANN) == 1500  # $200 past GO, $200 paid


def test_a_deed_face_up_bought_by_a_card_is_replaced_from_the_deck():
    state = new_game(preset="monopoly2", seed=5)
    assert READING in state.market
    state = run(state, DrawCard(player=ANN, deck="chance", card="CH05"))
    state = run(state, PlayCard(player=ANN, card="CH05", on=BOB, from_space=2), Buy(player=BOB, deed=READING))
    assert state.holding(READING).owner == BOB and READING not in state.market
    assert len(state.market) == 4 and state.market[-1] == new_game(preset="monopoly2", seed=5).deck[0]


def test_no_card_purchase_is_offered_where_deeds_are_bought_on_landing():
    state = hands(CAT, READING, "CH05")  # a classic game with cards in hand
    assert all(
        e.type != "card_buy_offered"
        for e in run(state, PlayCard(player=ANN, card="CH05", on=BOB, from_space=2)).undo[-1].events
    )
