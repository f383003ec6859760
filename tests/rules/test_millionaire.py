"""Monopoly Millionaire on the classic board: amounts in K, token levels bought at GO with their
salaries, the cash target, and the first bankruptcy ending the game with the richest in cash
winning."""

from __future__ import annotations

import gettext
from dataclasses import replace
from pathlib import Path

from banker.rules import BANK, fold, parse_command, start_game
from banker.rules.bankruptcy import DeclareBankruptcy, SettleMortgage
from banker.rules.cards import DrawCard, PlayCard
from banker.rules.deeds import Buy
from banker.rules.editions import custom_edition
from banker.rules.fortune import DeedTaken, givable, takeable
from banker.rules.hands import CardPlayed
from banker.rules.jackpot import FreeParking
from banker.rules.levels import BuyLevel, LevelBought
from banker.rules.market import NextTurn
from banker.rules.money import CollectFromBank, GoReached, Paid, PassGo, PayBank
from banker.rules.mortgages import Mortgage
from banker.rules.rent import PayRent
from banker.rules.state import TradeSide
from banker.rules.tally import GameEnded, tally
from banker.rules.text import say
from banker.rules.trades import ProposeTrade
from banker.rules.undo import Undo, describe_action, headline
from banker.web.http.i18n import compile_catalogues
from tests.support.rules import ANN, BOB, CAT, NAMES, cash, new_game, owning, refusal, refusals, run
from tests.support.small_board import millionaire_board

PARK_PLACE = 37
TRANSLATIONS = Path(__file__).resolve().parents[2] / "banker" / "translations"


def in_language(text, language):
    compile_catalogues(TRANSLATIONS)
    catalogue = gettext.translation("messages", TRANSLATIONS, [language])
    return say(text, catalogue.gettext, catalogue.ngettext)


def game(**options):
    return new_game(preset="millionaire", **options)


def events_of(state, *commands):
    return run(state, *commands).undo[-1].events


def test_everyone_starts_with_372k_and_amounts_read_in_k():
    state = game()
    assert [p.cash for p in state.players] == [372, 372, 372] and [p.level for p in state.players] == [
        1,
        1,
        1,
    ]
    state = run(state, PassGo(player=ANN))
    assert state.undo[-1].events[0].describe(state) == "Ann collected 150K from the bank (Passed GO)"
    assert state.money(state.rules.cash_target) == "M1"  # the electronic-banking style: a million


def test_a_token_level_is_bought_at_go_and_raises_the_salary():
    state = game()
    assert events_of(state, PassGo(player=ANN)) == (
        Paid(payer=BANK, payee=ANN, amount=150, reason="Passed GO"),
        GoReached(player=ANN),
    )
    state = run(state, PassGo(player=ANN))
    assert events_of(state, BuyLevel(player=ANN)) == (
        Paid(payer=ANN, payee=BANK, amount=50, reason="token level 2"),
        LevelBought(player=ANN, level=2),
    )
    state = run(state, BuyLevel(player=ANN))
    assert (state.player(ANN).level, cash(state, ANN)) == (2, 372 + 150 - 50)
    assert state.undo[-1].events[1].describe(state) == "Ann's token is now level 2: a salary of 200K"
    state = run(state, PassGo(player=ANN))
    assert cash(state, ANN) == 472 + 200
    state = run(state, BuyLevel(player=ANN), PassGo(player=ANN))
    assert (state.player(ANN).level, cash(state, ANN)) == (3, 672 - 50 + 250)
    assert state.undo[-1].events[-1].describe(state) == "Ann is at GO with a top-level token"
    assert refusals(state, BuyLevel(player=ANN), ANN) == (
        "Ann's token is already at the top level (3).",
        "Your token is already at the top level (3).",
    )


def test_a_level_is_bought_only_on_reaching_go_once_a_salary():
    state = game()
    message = "Ann can buy a token level only on reaching GO: collect the salary first."
    assert refusal(state, BuyLevel(player=ANN)) == message
    state = run(state, PassGo(player=ANN), BuyLevel(player=ANN))
    assert refusal(state, BuyLevel(player=ANN)) == message  # one level a time round
    state = run(state, PassGo(player=ANN), PassGo(player=BOB))
    assert refusal(state, BuyLevel(player=ANN)) == message  # Bob's turn now
    state = run(state, BuyLevel(player=BOB), PassGo(player=BOB), BuyLevel(player=BOB), PassGo(player=ANN))
    state = run(state, PassGo(player=BOB))  # Bob's token is at the top: Ann's chance passes all the same
    assert refusal(state, BuyLevel(player=ANN)) == message
    state = run(state, PassGo(player=CAT), NextTurn())
    assert refusals(state, BuyLevel(player=CAT), CAT) == (
        "Cat can buy a token level only on reaching GO: collect the salary first.",
        "You can buy a token level only on reaching GO: collect the salary first.",
    )
    assert parse_command({"type": "buy_level", "player": 2}) == BuyLevel(player=BOB)


def test_a_card_that_pays_the_salary_pays_the_level_and_offers_a_level():
    state = run(game(), PassGo(player=ANN), BuyLevel(player=ANN))
    state = run(state, DrawCard(player=ANN, deck="chance", card="CH02"))  # advance to GO
    assert cash(state, ANN) == 472 + 200 and state.at_go == ANN


def test_just_go_doubles_the_levels_salary():
    state = run(game(just_go=True), PassGo(player=ANN), BuyLevel(player=ANN), PassGo(player=ANN, landed=True))
    assert cash(state, ANN) == 472 + 400


def test_games_without_levels_refuse_to_sell_one():
    state = run(new_game(), PassGo(player=ANN))
    assert refusal(state, BuyLevel(player=ANN)) == "There are no token levels in this game."
    assert [type(e) for e in state.undo[-1].events] == [Paid]


def test_the_first_to_the_cash_target_wins():
    state = run(game(), CollectFromBank(player=BOB, amount=627, reason="x"))
    assert not state.ended and cash(state, BOB) == 999
    events = events_of(state, PassGo(player=BOB))
    assert events[-1] == GameEnded(reason="cash_target", winner=BOB)
    assert events[-1].describe(state) == "The cash target is reached: the game is over, and Bob wins"
    assert run(state, PassGo(player=BOB)).winner == BOB


def test_the_cash_target_is_an_option():
    state = run(game(cash_target=500), CollectFromBank(player=ANN, amount=128, reason="x"))
    assert state.ended and state.winner == ANN


def test_the_first_bankruptcy_ends_the_game_and_the_richest_in_cash_wins():
    state = owning(game(), ANN, PARK_PLACE)  # Ann: 22K cash and a 350K deed
    state = run(state, PayBank(player=BOB, amount=100, reason="x"))  # Bob: 272K cash
    state = run(state, PayBank(player=CAT, amount=1000, reason="x"))
    events = events_of(state, DeclareBankruptcy(player=CAT))
    assert events[-1] == GameEnded(reason="bankruptcies", winner=BOB)
    ended = run(state, DeclareBankruptcy(player=CAT))
    assert ended.ended and ended.winner == BOB
    # ranked by cash; the net worth still shows
    assert [(line.player.name, line.cash, line.total, line.rank) for line in tally(ended)] == [
        ("Bob", 272, 272, 1),
        ("Ann", 22, 372, 2),
        ("Cat", 0, 0, 3),
    ]
    assert run(ended, Undo()).ended is False


def test_a_debt_still_owed_at_the_end_counts_in_the_cash_the_game_is_won_by():
    state = owning(game(), ANN, PARK_PLACE)  # Ann: 22K cash
    state = run(state, PayBank(player=BOB, amount=350, reason="x"))  # Bob: 22K cash
    state = run(state, PayRent(player=BOB, deed=PARK_PLACE))  # and owes Ann the 35K rent
    ended = run(state, PayBank(player=CAT, amount=1000, reason="x"), DeclareBankruptcy(player=CAT))
    assert ended.winner == ANN  # level with Bob on 22K while the rent went uncounted
    figures = [(line.player.name, line.cash, line.owed, line.owes, line.standing) for line in tally(ended)]
    # Bob has 22K and nothing else: the rent counts as far as that goes
    assert figures == [("Ann", 22, 22, 0, 44), ("Bob", 22, 0, 22, 0), ("Cat", 0, 0, 0, 0)]


# --- Fortune and Millionaire Lifestyle cards on a 32-space board (tests/support/small_board.py) -------

LOT_1, LOT_3 = 1, 3  # the brown group
LOT_4, LOT_6 = 4, 6  # light blue, with 7
LOT_9 = 9  # pink


def board_game(**options):
    data = custom_edition(millionaire_board())
    return fold([(1, [start_game(NAMES[:3], "millionaire", data, options or None)])])


def kept(state, player, *cards):
    """`player` draws each Fortune card and keeps it."""
    return run(state, *(DrawCard(player=player, deck="fortune", card=card) for card in cards))


def test_a_lifestyle_card_pays_and_costs_by_the_token_level():
    state = board_game()
    state = run(state, DrawCard(player=ANN, deck="lifestyle", card="L1"))
    assert cash(state, ANN) == 372 + 20
    state = run(
        state, PassGo(player=ANN), BuyLevel(player=ANN), DrawCard(player=ANN, deck="lifestyle", card="L1")
    )
    assert cash(state, ANN) == 392 + 150 - 50 + 40
    state = run(
        state, PassGo(player=ANN), BuyLevel(player=ANN), DrawCard(player=ANN, deck="lifestyle", card="L2")
    )
    assert state.player(ANN).level == 3 and cash(state, ANN) == 532 + 200 - 50 - 50
    assert state.undo[-1].events[-1] == Paid(
        payer=ANN, payee=BANK, amount=50, reason="Millionaire Lifestyle card"
    )


def test_a_kept_fortune_card_goes_to_the_hand_and_out_of_the_deck():
    state = kept(board_game(), ANN, "F1")
    assert state.player(ANN).hand == ("F1",)
    assert state.undo[-1].events[-1].describe(state) == "Ann keeps Free house until needed"
    assert refusals(state, DrawCard(player=BOB, deck="fortune", card="F1"), ANN) == (
        "Ann holds Free house, so it is not in the deck.",
        "You hold Free house, so it is not in the deck.",
    )
    assert refusal(state, PlayCard(player=BOB, card="F1", deed=LOT_1)) == "Bob has no card F1 to play."
    state = run(state, DrawCard(player=BOB, deck="fortune", card="F7"))  # use now: its money at once
    assert cash(state, BOB) == 392 and state.player(BOB).hand == ()


def test_the_free_house_builds_where_the_rules_allow_at_no_cost():
    state = owning(kept(board_game(), ANN, "F1"), ANN, LOT_1, LOT_3)
    assert refusal(state, PlayCard(player=ANN, card="F1")) == "Say which deed Free house is played on."
    assert refusals(state, PlayCard(player=ANN, card="F1", deed=LOT_4), ANN) == (
        "Lot 4 is not Ann's: the free house goes on a lot of theirs.",
        "Lot 4 is not yours: the free house goes on a lot of yours.",
    )
    before = cash(state, ANN)
    state = run(state, PlayCard(player=ANN, card="F1", deed=LOT_3))
    assert cash(state, ANN) == before and state.holding(LOT_3).houses == 1 and state.houses == 31
    assert state.player(ANN).hand == ()


def test_sly_deal_takes_a_deed_not_from_a_whole_group():
    state = owning(kept(board_game(), ANN, "F2", "F3"), BOB, LOT_1, LOT_3, LOT_4)
    assert refusal(state, PlayCard(player=ANN, card="F2", deed=LOT_1)) == (
        "Bob owns the whole group of Lot 1: a deal cannot take a deed from it."
    )
    assert refusal(state, PlayCard(player=ANN, card="F2", deed=LOT_6)) == (
        "Lot 6 is not another player's: a deal takes a deed from another player."
    )
    assert events_of(state, PlayCard(player=ANN, card="F2", deed=LOT_4)) == (
        CardPlayed(player=ANN, card="F2"),
        DeedTaken(deed=LOT_4, owner=BOB, taker=ANN),
    )
    state = run(state, PlayCard(player=ANN, card="F2", deed=LOT_4))
    assert state.holding(LOT_4).owner == ANN and state.player(ANN).hand == ("F3",)
    assert state.undo[-1].events[1].describe(state) == "Ann took Lot 4 from Bob"


def test_forced_deal_swaps_one_deed_for_one():
    state = owning(kept(board_game(), ANN, "F3"), BOB, LOT_4)
    state = owning(state, ANN, LOT_9)
    assert refusals(state, PlayCard(player=ANN, card="F3", deed=LOT_4), ANN) == (
        "Say which of Ann's deeds the Forced Deal hands over.",
        "Say which of your deeds the Forced Deal hands over.",
    )
    assert refusals(state, PlayCard(player=ANN, card="F3", deed=LOT_4, give=LOT_6), ANN) == (
        "Lot 6 is not Ann's to hand over.",
        "Lot 6 is not yours to hand over.",
    )
    swapped = run(state, PlayCard(player=ANN, card="F3", deed=LOT_4, give=LOT_9))
    assert (swapped.holding(LOT_4).owner, swapped.holding(LOT_9).owner) == (ANN, BOB)
    assert [p.cash for p in swapped.players] == [p.cash for p in state.players]  # no money moves


def test_a_forced_deal_reads_as_one_swap_on_each_phone():
    # both halves are stored as deeds taken: Bob, handed Lot 9, read "You took Lot 9 from Ann"
    state = owning(owning(kept(board_game(), ANN, "F3"), BOB, LOT_4), ANN, LOT_9)
    state = run(kept(state, BOB, "F4"), PlayCard(player=ANN, card="F3", deed=LOT_4, give=LOT_9))
    events = state.undo[-1].events
    assert describe_action(state, events, BOB) == (
        "Ann played Forced Deal; Ann took your Lot 4 and gave you Lot 9 for it"
    )
    assert describe_action(state, events, ANN) == (
        "You played Forced Deal; You took Lot 4 from Bob and gave Lot 9 for it"
    )
    for anyone in (None, CAT):
        assert describe_action(state, events, anyone) == (
            "Ann played Forced Deal; Ann took Lot 4 from Bob and gave Lot 9 for it"
        )
    for language, bobs in (
        ("ko", "Ann 님이 내 Lot 4 증서를 가져가고 대신 Lot 9 증서를 줌"),
        ("ja", "AnnがあなたのLot 4を取り、代わりにLot 9をあなたに渡しました"),
    ):
        assert bobs in in_language(describe_action(state, events, BOB), language)
    # Bob's Just Say No swaps them back: he takes Lot 4 and hands Lot 9 back
    state = run(state, PlayCard(player=BOB, card="F4"))
    assert describe_action(state, state.undo[-1].events, ANN) == (
        "Bob played Just Say No; Bob took your Lot 4 and gave you Lot 9 for it"
    )


def test_the_phone_a_deal_takes_a_deed_from_leads_with_it():
    # it reads the toast's first line to reach for Just Say No: "Ann played Sly Deal" did not say
    # which deed went
    state = owning(owning(kept(board_game(), ANN, "F2", "F3"), BOB, LOT_4, LOT_6), ANN, LOT_9)
    state = run(state, PlayCard(player=ANN, card="F2", deed=LOT_4))
    assert headline(state, state.undo[-1].events, BOB) == "Ann took your Lot 4"
    assert headline(state, state.undo[-1].events, ANN) == "You took Lot 4 from Bob"
    state = run(state, PlayCard(player=ANN, card="F3", deed=LOT_6, give=LOT_9))
    assert headline(state, state.undo[-1].events, BOB) == "Ann took your Lot 6 and gave you Lot 9 for it"


def test_a_deal_hands_over_no_deed_of_a_group_with_buildings():
    """Ann built on Lot 3 and handed over Lot 1 with a Forced Deal, bare itself: the brown group
    was split with a house standing on it, as no trade may leave it."""
    state = owning(kept(board_game(), ANN, "F1", "F3"), ANN, LOT_1, LOT_3)
    state = owning(run(state, PlayCard(player=ANN, card="F1", deed=LOT_3)), BOB, LOT_4)
    assert refusal(state, PlayCard(player=ANN, card="F3", deed=LOT_4, give=LOT_1)) == (
        "Lot 1 cannot change hands while the brown group has buildings: Lot 3 has 1 house."
    )
    assert givable(state, state.player(ANN)) == ()


def test_a_deal_brings_no_deed_into_a_group_its_taker_built_without_the_whole_of_it():
    """Under `build_without_group`, Ann's free house stood on Lot 4 and a Sly Deal brought her Bob's
    bare Lot 6 of the same group: her lots stood at a house and none."""
    state = owning(kept(board_game(build_without_group=True), ANN, "F1", "F2"), ANN, LOT_4)
    state = owning(run(state, PlayCard(player=ANN, card="F1", deed=LOT_4)), BOB, LOT_6)
    assert refusal(state, PlayCard(player=ANN, card="F2", deed=LOT_6)) == (
        "Lot 6 cannot change hands while the light blue group has buildings: Lot 4 has 1 house."
    )
    assert LOT_6 not in [deed.position for deed in takeable(state, state.player(ANN))]


def test_a_deal_waits_for_the_keep_or_lift_choice_of_a_mortgaged_deed_received():
    """Ann received Lot 4 mortgaged in Bob's bankruptcy and handed it to Cat with a Forced Deal
    before choosing: nobody paid the 10% fee, and her choice, left standing, lifted Cat's mortgage."""
    state = owning(owning(kept(board_game(), ANN, "F3"), ANN, LOT_4), CAT, LOT_6)
    state = replace(run(state, Mortgage(deed=LOT_4)), mortgage_choices=((ANN, LOT_4),))
    why = "Ann must first choose whether to keep Lot 4 mortgaged or lift the mortgage."
    assert refusal(state, PlayCard(player=ANN, card="F3", deed=LOT_6, give=LOT_4)) == why
    assert LOT_4 not in [deed.position for deed in givable(state, state.player(ANN))]
    sly = owning(kept(state, CAT, "F2"), CAT, LOT_9)
    assert refusal(sly, PlayCard(player=CAT, card="F2", deed=LOT_4)) == why
    assert LOT_4 not in [deed.position for deed in takeable(sly, sly.player(CAT))]
    taken = state.with_holding(LOT_4, owner=CAT)  # gone some other way, the choice left standing
    assert refusal(taken, SettleMortgage(player=ANN, deed=LOT_4, choice="lift")) == (
        "Ann has no choice to make on Lot 4."
    )


def test_the_deeds_offered_for_a_deal_are_those_it_may_take_and_give():
    state = owning(kept(board_game(), ANN, "F2", "F3"), BOB, LOT_1, LOT_3, LOT_4)
    state = owning(state, ANN, LOT_9)
    ann = state.player(ANN)
    assert [d.position for d in takeable(state, ann)] == [LOT_4]  # not the brown group Bob owns whole
    assert [d.position for d in givable(state, ann)] == [LOT_9]
    for deed in state.edition.deeds:
        sly = PlayCard(player=ANN, card="F2", deed=deed.position)
        if deed in takeable(state, ann):
            run(state, sly)
        else:
            assert refusal(state, sly)
        forced = PlayCard(player=ANN, card="F3", deed=LOT_4, give=deed.position)
        if deed in givable(state, ann):
            run(state, forced)
        else:
            assert refusal(state, forced)


def test_just_say_no_refuses_a_deal_played_on_its_holder():
    state = owning(kept(board_game(), ANN, "F2"), BOB, LOT_4)
    state = kept(state, BOB, "F4")
    state = run(state, PlayCard(player=ANN, card="F2", deed=LOT_4))
    assert refusal(state, PlayCard(player=CAT, card="F4")) == "Cat has no card F4 to play."
    events = events_of(state, PlayCard(player=BOB, card="F4"))
    assert events == (CardPlayed(player=BOB, card="F4"), DeedTaken(deed=LOT_4, owner=ANN, taker=BOB))
    state = run(state, PlayCard(player=BOB, card="F4"))
    assert state.holding(LOT_4).owner == BOB
    assert state.player(ANN).hand == () and state.player(BOB).hand == ()  # both cards are spent
    assert run(state, Undo()).player(BOB).hand == ("F4",)


def test_just_say_no_refuses_a_rent_or_a_card_payment_just_made():
    state = owning(kept(board_game(), BOB, "F4", "F5"), ANN, LOT_9)
    state = run(state, PayRent(player=BOB, deed=LOT_9))
    rent = 372 - cash(state, BOB)
    assert rent > 0
    state = run(state, PlayCard(player=BOB, card="F4"))
    assert cash(state, BOB) == 372 and state.undo[-1].events[-1] == Paid(
        payer=ANN, payee=BOB, amount=rent, reason="Just Say No"
    )
    state = run(state, DrawCard(player=BOB, deck="lifestyle", card="L2"), PlayCard(player=BOB, card="F5"))
    assert cash(state, BOB) == 372


def test_just_say_no_refuses_only_what_was_just_done_to_its_holder():
    state = kept(board_game(), BOB, "F4")
    message = (
        "Just Say No refuses a Forced or Sly Deal played on Bob, or a rent or card payment Bob has just "
        "made; the last thing done to or by Bob was neither."
    )
    assert refusal(state, PlayCard(player=BOB, card="F4")) == message
    state = run(state, PayBank(player=BOB, amount=10, reason="x"))  # a payment of Bob's own choosing
    assert refusal(state, PlayCard(player=BOB, card="F4")) == message
    state = owning(state, BOB, LOT_1)
    state = run(state, PayRent(player=ANN, deed=LOT_1))  # someone else's rent
    assert refusal(state, PlayCard(player=BOB, card="F4")) == message


def test_just_say_no_brings_back_no_deed_mortgaged_since_it_was_taken():
    """Ann took Lot 4 and mortgaged it at once: Bob's Just Say No gave it back mortgaged, Ann kept
    the bank's money and Bob was left to lift a mortgage he never took."""
    state = run(
        owning(kept(board_game(), ANN, "F2"), BOB, LOT_4), DrawCard(player=BOB, deck="fortune", card="F4")
    )
    state = run(state, PlayCard(player=ANN, card="F2", deed=LOT_4), Mortgage(deed=LOT_4))
    assert refusal(state, PlayCard(player=BOB, card="F4")) == (
        "Ann has mortgaged or lifted Lot 4 since: Just Say No can no longer bring it back."
    )


def test_a_mortgaged_deed_taken_by_a_deal_costs_its_taker_the_fee_or_the_lift():
    """As after any change of hands: a Sly Deal took Bob's mortgaged Lot 4 (mortgage 50K) for
    nothing, its 5K fee never paid, where a trade charged it."""
    state = run(owning(kept(board_game(), ANN, "F2", "F3"), BOB, LOT_4), Mortgage(deed=LOT_4))
    state = owning(state, ANN, LOT_9)
    before = cash(state, ANN)
    sly = run(state, PlayCard(player=ANN, card="F2", deed=LOT_4))
    assert sly.undo[-1].events[-1] == DeedTaken(deed=LOT_4, owner=BOB, taker=ANN, choose=True)
    # a bare deed's deal is written as before the choice was known: older game files import
    bare = run(owning(state, BOB, LOT_6), PlayCard(player=ANN, card="F2", deed=LOT_6)).undo[-1].events[-1]
    assert bare.to_json() == {"type": "deed_taken", "deed": LOT_6, "owner": BOB, "taker": ANN}
    assert sly.mortgage_choices == ((ANN, LOT_4),) and cash(sly, ANN) == before
    kept_mortgaged = run(sly, SettleMortgage(player=ANN, deed=LOT_4, choice="keep"))
    assert cash(kept_mortgaged, ANN) == before - 5 and kept_mortgaged.holding(LOT_4).mortgaged
    lifted = run(sly, SettleMortgage(player=ANN, deed=LOT_4, choice="lift"))
    assert cash(lifted, ANN) == before - 55 and not lifted.holding(LOT_4).mortgaged
    # a Forced Deal: Ann's bare Lot 9 for Bob's mortgaged Lot 4, the choice Ann's alone
    forced = run(state, PlayCard(player=ANN, card="F3", deed=LOT_4, give=LOT_9))
    assert forced.mortgage_choices == ((ANN, LOT_4),)
    assert refusal(forced, SettleMortgage(player=BOB, deed=LOT_9)) == "Bob has no choice to make on Lot 9."


def test_just_say_no_gives_a_mortgaged_deed_back_without_its_takers_choice():
    state = run(owning(kept(board_game(), ANN, "F2"), BOB, LOT_4), Mortgage(deed=LOT_4))
    state = run(kept(state, BOB, "F4"), PlayCard(player=ANN, card="F2", deed=LOT_4))
    refused = run(state, PlayCard(player=BOB, card="F4"))
    assert refused.holding(LOT_4).owner == BOB and refused.holding(LOT_4).mortgaged
    assert refused.mortgage_choices == ()  # Bob had it mortgaged already: no fee to get it back
    settled = run(state, SettleMortgage(player=ANN, deed=LOT_4, choice="keep"))  # Ann paid the 5K
    assert refusal(settled, PlayCard(player=BOB, card="F4")) == (
        "Ann has settled the mortgage on Lot 4 since: Just Say No can no longer bring it back."
    )


def test_just_say_no_answers_a_deal_even_when_another_phone_acted_in_between():
    state = owning(kept(board_game(), ANN, "F2"), BOB, LOT_4)
    state = run(kept(state, BOB, "F4"), PlayCard(player=ANN, card="F2", deed=LOT_4))
    state = run(state, PayBank(player=CAT, amount=10, reason="x"))  # Cat's phone, meanwhile
    assert run(state, PlayCard(player=BOB, card="F4")).holding(LOT_4).owner == BOB
    offered = run(state, ProposeTrade(player=CAT, to=BOB, give=TradeSide(cash=10)))  # not an act of Bob's
    assert run(offered, PlayCard(player=BOB, card="F4")).holding(LOT_4).owner == BOB
    # but not once the deed has moved on, nor once Bob has done something since
    state = run(state, CollectFromBank(player=BOB, amount=10, reason="a prize"))
    assert refusals(state, PlayCard(player=BOB, card="F4"), BOB) == (
        "Just Say No refuses a Forced or Sly Deal played on Bob, or a rent or card payment Bob has just made; the last thing done to or by Bob was neither.",
        "Just Say No refuses a Forced or Sly Deal played on you, or a rent or card payment you have just made; the last thing done to or by you was neither.",
    )


def test_just_say_no_undoes_a_forced_deal_both_ways():
    state = owning(kept(board_game(), ANN, "F3"), BOB, LOT_4)
    state = owning(kept(state, BOB, "F4"), ANN, LOT_9)
    state = run(state, PlayCard(player=ANN, card="F3", deed=LOT_4, give=LOT_9))
    state = run(state, PlayCard(player=BOB, card="F4"))
    assert (state.holding(LOT_4).owner, state.holding(LOT_9).owner) == (BOB, ANN)


def test_just_say_no_does_not_answer_its_holders_own_forced_deal():
    state = owning(kept(board_game(), ANN, "F3", "F4"), BOB, LOT_4)
    state = owning(state, ANN, LOT_9)
    state = run(state, PlayCard(player=ANN, card="F3", deed=LOT_4, give=LOT_9))
    assert refusal(state, PlayCard(player=ANN, card="F4")).startswith("Just Say No refuses a Forced or Sly")


def test_just_say_no_does_not_take_back_from_a_pot_collected_and_seeded_again():
    state = kept(board_game(free_parking_jackpot=True, jackpot_seed=100), BOB, "F4")
    state = run(state, DrawCard(player=BOB, deck="lifestyle", card="L2"))  # paid into the pot
    state = run(state, FreeParking(player=CAT))
    assert state.free_parking == 100  # the bank's new seed: not Bob's money
    assert refusal(state, PlayCard(player=BOB, card="F4")).startswith(
        "The Free Parking pot has been collected since"
    )


def test_just_say_no_does_not_take_back_from_a_pot_already_collected():
    state = kept(board_game(free_parking_jackpot=True), BOB, "F4")
    state = run(state, DrawCard(player=BOB, deck="lifestyle", card="L2"))  # paid into the pot
    assert state.free_parking > 0
    state = run(state, FreeParking(player=CAT))
    assert refusal(state, PlayCard(player=BOB, card="F4")).startswith(
        "The Free Parking pot has been collected since: Just Say No can no longer bring back the"
    )


def test_just_say_no_cannot_bring_back_a_deed_its_taker_has_since_built_on():
    state = owning(kept(board_game(), ANN, "F2", "F1"), ANN, LOT_1)
    state = owning(kept(state, BOB, "F4"), BOB, LOT_3)
    state = run(state, PlayCard(player=ANN, card="F2", deed=LOT_3))  # Sly Deal: the browns are Ann's
    state = run(state, PlayCard(player=ANN, card="F1", deed=LOT_1))  # and a free house on them
    assert refusal(state, PlayCard(player=BOB, card="F4")) == (
        "Ann has built on the brown group since: Just Say No can no longer bring Lot 3 back."
    )


def test_just_say_no_cannot_bring_back_a_deed_that_has_moved_on():
    state = owning(kept(board_game(), ANN, "F2", "F3"), BOB, LOT_4)
    state = owning(kept(state, BOB, "F4"), CAT, LOT_9)
    state = run(state, PlayCard(player=ANN, card="F2", deed=LOT_4))  # Sly Deal: Lot 4 to Ann
    state = run(state, PlayCard(player=ANN, card="F3", deed=LOT_9, give=LOT_4))  # Forced Deal with Cat
    assert state.holding(LOT_4).owner == CAT
    assert refusal(state, PlayCard(player=BOB, card="F4")) == (
        "Lot 4 has changed hands since it was taken: Just Say No can no longer bring it back."
    )


def test_just_say_no_cancels_a_debt_the_payment_left():
    state = owning(kept(board_game(), BOB, "F4"), ANN, LOT_9)
    state = run(state, PayBank(player=BOB, amount=368, reason="x"), PayRent(player=BOB, deed=LOT_9))
    assert len(state.debts) == 1
    state = run(state, PlayCard(player=BOB, card="F4"))
    assert state.debts == () and cash(state, BOB) == 4


def test_each_deed_holds_one_fortune_card_for_the_first_to_land_there():
    # seed 000, 7.1.3: the first player to land on a deed turns its Fortune card over; a deed left
    # unbought (no auctions, or an auction nobody bid in) has none for a later landing
    state = board_game(auctions=False)
    state = run(state, DrawCard(player=ANN, deck="fortune", card="F7", from_space=LOT_1), NextTurn())
    assert state.undo[-2].events[0].to_json() == {
        "type": "card_drawn",
        "player": ANN,
        "card": "F7",
        "space": LOT_1,
    }
    drawn = state.undo[-2].events[0]
    assert drawn.describe(state).startswith("Ann drew Fortune on Lot 1: ")  # which deed has none left
    assert drawn.describe_to(state, ANN).startswith("You drew Fortune on Lot 1: ")
    assert in_language(drawn.describe(state), "ja").startswith("AnnがLot 1でフォーチュンを引きました: ")
    later = DrawCard(player=BOB, deck="fortune", card="F1", from_space=LOT_1)
    assert refusal(state, later) == (
        "The Fortune card on Lot 1 was turned over on an earlier landing: each deed holds one card, for "
        "the first player to land there."
    )
    assert run(state, replace(later, from_space=LOT_3)).fortunes_turned == (LOT_1, LOT_3)
    assert (
        run(state, Buy(player=BOB, deed=LOT_1)).holding(LOT_1).owner == BOB
    )  # the deed is for sale all the same
    # the draw taken back: the card lies on the deed again
    assert run(state, Undo(), Undo()).fortunes_turned == ()
    assert run(state, Undo(), Undo(), later).player(BOB).hand == ("F1",)
    # a card of another deck names no deed
    assert run(state, DrawCard(player=BOB, deck="lifestyle", card="L1", from_space=2)).fortunes_turned == (
        LOT_1,
    )


def test_a_fortune_jail_card_is_kept_and_used_like_any():
    state = kept(board_game(), ANN, "F6")
    assert state.player(ANN).jail_cards == ("fortune",)


def test_one_fortune_card_a_landing_until_the_turn_moves_on():
    # seed 000, 7.1.3: the Fortune card on a deed is turned over by the player landing there, who
    # then buys the deed or not; a second tap on the deed's Fortune cards is a slip
    data = millionaire_board()
    data["fortune"].append(
        {"id": "F8", "text": "Use now: advance to GO.", "action": "advance_to", "target": 0}
    )
    start = fold([(1, [start_game(NAMES[:3], "millionaire", custom_edition(data))])])
    state = run(
        owning(start, ANN, LOT_3, LOT_6), DrawCard(player=ANN, deck="fortune", card="F7", from_space=LOT_1)
    )
    again = DrawCard(player=ANN, deck="fortune", card="F1", from_space=LOT_1)
    why = (
        "Ann has already drawn a Fortune card on this landing: one card a landing, then buy the deed or not."
    )
    assert refusals(state, again, ANN) == (
        why,
        "You have already drawn a Fortune card on this landing: one card a landing, then buy the deed or not.",
    )
    assert refusal(state, replace(again, from_space=LOT_4)) == why  # a slip of the deed too
    state = run(state, Mortgage(deed=LOT_3))  # between turns (the price found): the landing goes on
    assert refusal(state, again) == why
    for moved_on in (NextTurn(), Buy(player=ANN, deed=LOT_1), PayRent(player=BOB, deed=LOT_6)):
        assert run(state, moved_on, replace(again, from_space=LOT_4)).player(ANN).hand == ("F1",)
    assert run(state, DrawCard(player=BOB, deck="fortune", card="F1", from_space=LOT_4)).player(BOB).hand
    # a card that moves the piece ends its landing: the deed it lands on has its own card
    moved = run(start, DrawCard(player=ANN, deck="fortune", card="F8", from_space=LOT_1))
    assert run(moved, replace(again, from_space=LOT_4)).player(ANN).hand == ("F1",)
    # a draw that names no deed is taken as it comes (see `kept`)
    assert run(state, DrawCard(player=ANN, deck="fortune", card="F1")).player(ANN).hand == ("F1",)
