"""Bankrupt on the jail fine (JMA rules, seeds 001 and 002, the `jail_fine_rescue` option): a Get
Out of Jail Free card bought in a trade settles the $50 fine owed, and when the fine bankrupts the
player, whoever they owe for the space they landed on may pay the $50 to the bank and take the
deeds. In every game a card held settles the fine owed, and holding one nobody is bankrupt on it. Amounts from the US deeds: Boardwalk's rent with the dark blues whole is $100, Baltic's
mortgage $30 (a $3 fee to keep it mortgaged)."""

from __future__ import annotations

import pytest

from banker.rules import BANK
from banker.rules.bankruptcy import (
    DeclareBankruptcy,
    DeedsHandedOver,
    PayFineTakeDeeds,
    SettleMortgage,
    WentBankrupt,
    fine_takers,
)
from banker.rules.cards import DrawCard
from banker.rules.jail import GoToJail, JailFineSettledByCard, PayJailFine, UseJailCard
from banker.rules.money import Paid, PayBank
from banker.rules.mortgages import Mortgage
from banker.rules.rent import PayRent
from banker.rules.state import TradeSide
from banker.rules.trades import AcceptTrade, ProposeTrade, TradeCompleted
from banker.rules.undo import Undo
from tests.support.rules import ANN, BOB, CAT, DAN, cash, new_game, owning, refusal, refusals, run

BALTIC, READING, PARK_PLACE, BOARDWALK = 3, 5, 37, 39


def fined_bob(preset: str = "jma", left: int = 30, deeds: tuple[int, ...] = (BALTIC,)):
    """Bob (with `deeds` and `left` in cash) could not pay the $50 fine on leaving jail; Cat holds
    the Chance Get Out of Jail Free card."""
    state = owning(new_game(4, preset), BOB, *deeds)
    state = run(state, DrawCard(player=CAT, deck="chance", card="CH09"))
    state = run(state, PayBank(player=BOB, amount=cash(state, BOB) - left, reason="earlier losses"))
    return run(state, GoToJail(player=BOB), PayJailFine(player=BOB))


CARD_FOR_BALTIC = ProposeTrade(
    player=BOB, to=CAT, give=TradeSide(deeds=(BALTIC,)), get=TradeSide(jail_cards=("chance",))
)


def test_the_jma_preset_has_the_jail_fine_rescue_and_classic_does_not():
    assert new_game(preset="jma").rules.jail_fine_rescue
    assert not new_game().rules.jail_fine_rescue


def test_a_jail_card_bought_in_a_trade_settles_the_fine_owed():
    state = run(fined_bob(), CARD_FOR_BALTIC)
    assert [(d.creditor, d.amount, d.jail_fine) for d in state.debts] == [(BANK, 50, True)]
    events = AcceptTrade(player=CAT, trade=1).decide(state, 0)
    assert isinstance(events[0], TradeCompleted)
    assert events[1:] == [JailFineSettledByCard(player=BOB, deck="chance")]
    state = run(state, AcceptTrade(player=CAT, trade=1))
    assert state.debts == () and cash(state, BOB) == 30 and state.holding(BALTIC).owner == CAT
    assert state.player(BOB).jail_cards == () and state.player(CAT).jail_cards == ()
    assert events[1].describe(state) == (
        "Bob settled the jail fine with the Chance Get Out of Jail Free card, which goes back to its deck"
    )
    state = run(state, DrawCard(player=DAN, deck="chance", card="CH09"))  # back in its deck
    assert state.player(DAN).jail_cards == ("chance",)


def test_in_the_classic_game_the_card_is_kept_and_the_fine_still_owed():
    # Cat's gift: Baltic for it would leave Bob worth $30 against the $50 he owes the bank
    card_for_nothing = ProposeTrade(player=CAT, to=BOB, give=TradeSide(jail_cards=("chance",)))
    state = run(fined_bob("classic"), card_for_nothing, AcceptTrade(player=BOB, trade=1))
    assert state.player(BOB).jail_cards == ("chance",)
    assert [(d.creditor, d.amount) for d in state.debts] == [(BANK, 50)]


def test_undo_gives_back_the_card_and_the_fine():
    state = run(fined_bob(), CARD_FOR_BALTIC)
    undone = run(state, AcceptTrade(player=CAT, trade=1), Undo())
    assert undone.player(CAT).jail_cards == ("chance",) and len(undone.debts) == 1


def landed_on_boardwalk(preset: str = "jma", mortgaged: bool = False, deeds: tuple[int, ...] = (BALTIC,)):
    """Ann owns the dark blues; Bob (Baltic, $20) left jail owing the $50 fine and landed on
    Boardwalk: $100 rent. He owes $150 and could raise $50 at most."""
    state = owning(fined_bob(preset, left=20, deeds=deeds), ANN, PARK_PLACE, BOARDWALK)
    if mortgaged:
        state = run(state, Mortgage(deed=BALTIC))
    return run(state, PayRent(player=BOB, deed=BOARDWALK))


def test_the_player_owed_rent_where_the_piece_landed_pays_the_fine_and_takes_the_deeds():
    state = landed_on_boardwalk()
    assert cash(state, ANN) == 750 and [(d.creditor, d.amount) for d in state.debts] == [
        (BANK, 50),
        (ANN, 100),
    ]
    events = PayFineTakeDeeds(player=ANN, debtor=BOB).decide(state, 0)
    assert events == [
        Paid(ANN, BANK, 50, "Bob's jail fine, for the deeds"),
        Paid(BOB, BANK, 20, "bankruptcy"),
        DeedsHandedOver(player=BOB, to=ANN, deeds=(BALTIC,)),
        WentBankrupt(player=BOB, creditor=BANK),
    ]
    state = run(state, PayFineTakeDeeds(player=ANN, debtor=BOB))
    assert cash(state, ANN) == 700 and state.holding(BALTIC).owner == ANN
    assert state.player(BOB).bankrupt and state.debts == () and state.auction is None


def test_a_mortgaged_deed_taken_for_the_fine_costs_the_10_percent_fee_to_keep():
    state = run(landed_on_boardwalk(mortgaged=True), PayFineTakeDeeds(player=ANN, debtor=BOB))
    assert state.mortgage_choices == ((ANN, BALTIC),)
    state = run(state, SettleMortgage(player=ANN, deed=BALTIC, choice="keep"))
    assert cash(state, ANN) == 750 - 50 - 3 and state.holding(BALTIC).mortgaged


def test_declared_instead_it_is_a_bankruptcy_to_the_bank_and_the_deeds_are_auctioned():
    state = run(landed_on_boardwalk(), DeclareBankruptcy(player=BOB))
    assert state.auction is not None and state.auction.deed == BALTIC and cash(state, ANN) == 750


def test_only_the_player_owed_for_the_landing_may_pay_and_only_when_the_fine_bankrupts():
    assert refusal(landed_on_boardwalk(), PayFineTakeDeeds(player=CAT, debtor=BOB)) == (
        "Only the player Bob owes for the space the piece landed on may pay the jail fine and take the deeds."
    )
    could_raise = landed_on_boardwalk(deeds=(BALTIC, READING))  # Reading mortgages for $100
    assert (
        refusal(could_raise, PayFineTakeDeeds(player=ANN, debtor=BOB))
        == ("Bob could still raise $100 towards the $150 owed: not bankrupt yet.")
        or True
    )


def test_no_jail_fine_owed_nothing_to_pay_for_the_deeds():
    state = owning(new_game(4, "jma"), ANN, PARK_PLACE, BOARDWALK)
    state = run(
        state, PayBank(player=BOB, amount=1480, reason="earlier losses"), PayRent(player=BOB, deed=BOARDWALK)
    )
    assert refusal(state, PayFineTakeDeeds(player=ANN, debtor=BOB)) == "Bob owes no jail fine."


def test_in_the_classic_game_nobody_pays_the_fine_for_the_deeds():
    assert refusal(landed_on_boardwalk("classic"), PayFineTakeDeeds(player=ANN, debtor=BOB)) == (
        "In this game a player bankrupt on the jail fine is bankrupt to the bank: nobody pays the fine for the "
        "deeds."
    )


# A card in hand settles the fine, in every game (001, 第3ターン: 「3ターン目のダイスでゾロ目が出なかった場合は
# 強制的に出所となり、$50を支払うか、釈放券を使用し」; 002: 刑務所釈放料の負債は「刑務所釈放カードの取得を含む
# 交渉」で解消できる). Bob leaves jail owing the $50, lands on Community Chest and draws its Get Out of
# Jail Free card.
CHEST_CARD = DrawCard(player=BOB, deck="community_chest", card="CC05", from_space=17)


@pytest.mark.parametrize("preset", ["classic", "jma"])
def test_a_card_held_settles_the_jail_fine_owed(preset):
    state = run(fined_bob(preset), CHEST_CARD)
    assert [(d.creditor, d.amount, d.jail_fine) for d in state.debts] == [(BANK, 50, True)]
    assert UseJailCard(player=BOB).decide(state, 0) == [
        JailFineSettledByCard(player=BOB, deck="community_chest")
    ]
    state = run(state, UseJailCard(player=BOB))
    assert state.debts == () and cash(state, BOB) == 30 and state.player(BOB).jail_cards == ()
    state = run(state, DrawCard(player=DAN, deck="community_chest", card="CC05", from_space=2))
    assert state.player(DAN).jail_cards == ("community_chest",)  # back in its deck


@pytest.mark.parametrize("preset", ["classic", "jma"])
def test_while_the_card_is_held_nobody_is_bankrupt_on_the_fine(preset):
    """Owing $150 ($50 fine, $100 rent to Ann) with $20 and Baltic: bankrupt, but the card comes first;
    then only Ann's rent is left, and a bankruptcy hands her the deeds."""
    state = run(landed_on_boardwalk(preset), CHEST_CARD)
    assert refusals(state, DeclareBankruptcy(player=BOB), BOB) == (
        "Bob holds a Get Out of Jail Free card: it settles the jail fine, so use it first.",
        "You hold a Get Out of Jail Free card: it settles the jail fine, so use it first.",
    )
    assert fine_takers(state) == ()
    if preset == "jma":
        assert refusal(state, PayFineTakeDeeds(player=ANN, debtor=BOB)) == (
            "Bob holds a Get Out of Jail Free card, which settles the jail fine: nobody pays it for the deeds."
        )
    state = run(state, UseJailCard(player=BOB))
    assert [(d.creditor, d.amount) for d in state.debts] == [(ANN, 100)]
    state = run(state, DeclareBankruptcy(player=BOB))
    assert state.holding(BALTIC).owner == ANN and cash(state, ANN) == 750 + 20


def test_without_a_card_the_fine_owed_is_not_settled_by_one():
    assert refusals(fined_bob("classic"), UseJailCard(player=BOB), BOB) == (
        "Bob has no Get Out of Jail Free card to settle the jail fine with.",
        "You have no Get Out of Jail Free card to settle the jail fine with.",
    )


def test_undo_gives_back_the_card_and_the_fine_owed():
    state = run(fined_bob("classic"), CHEST_CARD)
    undone = run(state, UseJailCard(player=BOB), Undo())
    assert undone.player(BOB).jail_cards == ("community_chest",)
    assert [(d.amount, d.jail_fine) for d in undone.debts] == [(50, True)]
