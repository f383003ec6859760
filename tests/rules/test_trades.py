"""Trades between two players, with the exact amounts: offers, answers, the 10% fee on mortgaged
deeds, every refusal, stale offers, the tournament limits and the JSON the screens send."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banker.rules import BANK, InvalidCommand, RuleError, decide, event_from_json, parse_command
from banker.rules.auctions import CloseAuction, Decline
from banker.rules.buildings import Build, SellBuilding
from banker.rules.cards import DrawCard
from banker.rules.jail import GoToJail, UseJailCard
from banker.rules.money import Paid, PassGo, PayBank
from banker.rules.mortgages import Mortgage, MortgageLifted, Unmortgage
from banker.rules.ruleset import ruleset_for
from banker.rules.state import Trade, TradeSide
from banker.rules.trades import (
    AcceptTrade,
    CancelTrade,
    DeclineTrade,
    ProposeTrade,
    TradeCancelled,
    TradeCompleted,
    TradeDeclined,
    TradeProposed,
)
from banker.rules.undo import Undo
from tests.support.rules import (
    ANN,
    BOB,
    CAT,
    built,
    cash,
    new_game,
    owning,
    refusal,
    refusals,
    run,
    short_bob,
)

MEDITERRANEAN, BALTIC, READING, SHORT_LINE, PARK_PLACE, BOARDWALK = 1, 3, 5, 35, 37, 39
NOTHING = TradeSide()


def table(**options):
    """Ann owns Boardwalk ($1,100 left), Bob owns Park Place ($1,150 left)."""
    return owning(owning(new_game(**options), ANN, BOARDWALK), BOB, PARK_PLACE)


def offer(give=NOTHING, get=NOTHING, player=ANN, to=BOB, mortgages=()):
    return ProposeTrade(player=player, to=to, give=give, get=get, mortgages=mortgages)


def history(state, command) -> list[str]:
    events = decide(state, command)
    lines = []
    for event in events:
        lines.append(event.describe(state))
        state = event.apply(state)
    return lines


def with_jail_cards(state):
    """Ann holds the Chance Get Out of Jail Free card, Bob the Community Chest one."""
    return run(
        state,
        DrawCard(player=ANN, deck="chance", card="CH09"),
        DrawCard(player=BOB, deck="community_chest", card="CC05"),
    )


BOARDWALK_AND_100_FOR_PARK_PLACE = offer(
    give=TradeSide(cash=100, deeds=(BOARDWALK,)), get=TradeSide(deeds=(PARK_PLACE,))
)


# Offers and answers


def test_an_offer_waits_for_the_partner_and_moves_nothing():
    state = run(table(), BOARDWALK_AND_100_FOR_PARK_PLACE)
    assert state.trades == (
        Trade(
            id=1,
            proposer=ANN,
            partner=BOB,
            give=TradeSide(cash=100, deeds=(BOARDWALK,)),
            get=TradeSide(deeds=(PARK_PLACE,)),
        ),
    )
    assert state.next_trade == 2
    assert (cash(state, ANN), cash(state, BOB)) == (1100, 1150)
    assert (state.holding(BOARDWALK).owner, state.holding(PARK_PLACE).owner) == (ANN, BOB)
    assert history(table(), BOARDWALK_AND_100_FOR_PARK_PLACE) == [
        "Ann offers Bob Boardwalk and $100 for Park Place"
    ]


def test_accepting_moves_everything_in_one_event():
    state = run(table(), BOARDWALK_AND_100_FOR_PARK_PLACE)
    assert decide(state, AcceptTrade(player=BOB, trade=1)) == [
        TradeCompleted(
            trade=1,
            proposer=ANN,
            partner=BOB,
            give_cash=100,
            give_deeds=(BOARDWALK,),
            get_deeds=(PARK_PLACE,),
        )
    ]
    assert history(state, AcceptTrade(player=BOB, trade=1)) == [
        "Bob accepted: Ann gets Park Place; Bob gets Boardwalk and $100"
    ]
    state = run(state, AcceptTrade(player=BOB, trade=1))
    assert (state.holding(BOARDWALK).owner, state.holding(PARK_PLACE).owner) == (BOB, ANN)
    assert (cash(state, ANN), cash(state, BOB)) == (1000, 1250)
    assert state.trades == ()


def test_cash_deeds_and_jail_cards_move_both_ways_at_once():
    state = with_jail_cards(table())
    both_ways = offer(
        give=TradeSide(cash=50, deeds=(BOARDWALK,), jail_cards=("chance",)),
        get=TradeSide(cash=20, deeds=(PARK_PLACE,), jail_cards=("community_chest",)),
    )
    state = run(state, both_ways)
    (completed,) = decide(state, AcceptTrade(player=BOB, trade=1))
    assert completed.describe(state) == (
        "Bob accepted: Ann gets Park Place, $20 and the Community Chest Get Out of Jail Free card; "
        "Bob gets Boardwalk, $50 and the Chance Get Out of Jail Free card"
    )
    state = run(state, AcceptTrade(player=BOB, trade=1))
    assert (cash(state, ANN), cash(state, BOB)) == (1100 - 50 + 20, 1150 + 50 - 20)
    assert state.player(ANN).jail_cards == ("community_chest",)
    assert state.player(BOB).jail_cards == ("chance",)
    assert (state.holding(BOARDWALK).owner, state.holding(PARK_PLACE).owner) == (BOB, ANN)


def test_one_sided_offers_read_as_such_and_are_allowed_by_the_classic_rules():
    gift = offer(give=TradeSide(cash=100))
    ask = offer(get=TradeSide(deeds=(PARK_PLACE,)))
    assert history(table(), gift) == ["Ann offers Bob $100 for nothing in return"]
    assert history(table(), ask) == ["Ann asks Bob for Park Place, for nothing in return"]
    state = run(table(), gift, AcceptTrade(player=BOB, trade=1))
    assert (cash(state, ANN), cash(state, BOB)) == (1000, 1250)
    assert state.undo[-1].events[0].describe(state) == "Bob accepted: Bob gets $100"


def test_declining_and_withdrawing_close_the_offer_and_move_nothing():
    state = run(table(), BOARDWALK_AND_100_FOR_PARK_PLACE)
    assert decide(state, DeclineTrade(player=BOB, trade=1)) == [
        TradeDeclined(trade=1, proposer=ANN, partner=BOB)
    ]
    assert history(state, DeclineTrade(player=BOB, trade=1)) == ["Bob declined Ann's offer"]
    assert decide(state, CancelTrade(player=ANN, trade=1)) == [
        TradeCancelled(trade=1, proposer=ANN, partner=BOB)
    ]
    assert history(state, CancelTrade(player=ANN, trade=1)) == ["Ann withdrew the offer to Bob"]
    for answer in (DeclineTrade(player=BOB, trade=1), CancelTrade(player=ANN, trade=1)):
        after = run(state, answer)
        assert after.trades == () and after.holdings == state.holdings and after.players == state.players


def test_a_counter_offer_declines_the_offer_it_answers_and_makes_the_next_one_in_one_action():
    state = run(table(), BOARDWALK_AND_100_FOR_PARK_PLACE)
    counter = replace(
        offer(
            player=BOB,
            to=ANN,
            give=TradeSide(deeds=(PARK_PLACE,)),
            get=TradeSide(cash=200, deeds=(BOARDWALK,)),
        ),
        counter=1,
    )
    events = decide(state, counter)
    assert [type(e) for e in events] == [TradeDeclined, TradeProposed]
    assert history(state, counter) == [
        "Bob declined Ann's offer",
        "Bob offers Ann Park Place for Boardwalk and $200",
    ]
    after = run(state, counter)
    assert [(t.id, t.proposer, t.partner) for t in after.trades] == [(2, BOB, ANN)]
    assert after.next_trade == 3
    assert run(after, Undo()).trades == state.trades  # one undo takes back both
    accepted = run(after, AcceptTrade(player=ANN, trade=2))
    assert (cash(accepted, ANN), cash(accepted, BOB)) == (900, 1350)


def test_only_the_partner_counters_and_only_back_to_the_proposer():
    state = run(table(), BOARDWALK_AND_100_FOR_PARK_PLACE)
    back = {"give": TradeSide(cash=10)}
    assert refusal(state, ProposeTrade(player=CAT, to=ANN, counter=1, **back)) == (
        "This offer from Ann is for Bob: only they can decline it."
    )
    assert refusal(state, ProposeTrade(player=BOB, to=CAT, counter=1, **back)) == (
        "A counter-offer goes back to whoever made the offer: this one came from Ann."
    )
    assert refusal(state, ProposeTrade(player=BOB, to=ANN, counter=7, **back)) == (
        "There is no open trade offer #7: it may have been answered or withdrawn."
    )


def test_several_offers_stay_open_at_once():
    state = run(table(), BOARDWALK_AND_100_FOR_PARK_PLACE, offer(to=CAT, give=TradeSide(cash=10)))
    assert [t.id for t in state.trades] == [1, 2]
    state = run(state, AcceptTrade(player=CAT, trade=2))
    assert [t.id for t in state.trades] == [1]


# Mortgaged deeds


def test_a_mortgaged_deed_received_is_kept_for_the_10_percent_fee_and_lifted_later_for_value_plus_10():
    state = run(table(), Mortgage(deed=PARK_PLACE))  # Bob: $1,150 + $175
    state = run(state, offer(give=TradeSide(cash=300), get=TradeSide(deeds=(PARK_PLACE,))))
    assert state.trades[0].proposer_mortgages == ((PARK_PLACE, "keep"),)
    accept = AcceptTrade(player=BOB, trade=1)
    assert decide(state, accept)[1:] == [Paid(ANN, BANK, 18, "10% fee to keep Park Place mortgaged")]
    assert history(state, accept)[1] == "Ann paid the bank $18 (10% fee to keep Park Place mortgaged)"
    state = run(state, accept)
    assert state.holding(PARK_PLACE).owner == ANN and state.holding(PARK_PLACE).mortgaged
    assert (cash(state, ANN), cash(state, BOB)) == (1100 - 300 - 18, 1325 + 300)
    state = run(state, Unmortgage(deed=PARK_PLACE))
    assert cash(state, ANN) == 782 - 193 and not state.holding(PARK_PLACE).mortgaged


def test_the_proposer_may_lift_the_mortgage_at_once_for_value_plus_10_percent():
    state = run(table(), Mortgage(deed=PARK_PLACE))
    state = run(
        state,
        offer(
            give=TradeSide(cash=300), get=TradeSide(deeds=(PARK_PLACE,)), mortgages=((PARK_PLACE, "lift"),)
        ),
    )
    assert decide(state, AcceptTrade(player=BOB, trade=1))[1:] == [
        Paid(ANN, BANK, 193, "lifted the mortgage on Park Place: $175 + 10%"),
        MortgageLifted(PARK_PLACE),
    ]
    state = run(state, AcceptTrade(player=BOB, trade=1))
    assert state.holding(PARK_PLACE).owner == ANN and not state.holding(PARK_PLACE).mortgaged
    assert cash(state, ANN) == 1100 - 300 - 193


def test_the_partner_chooses_for_the_mortgaged_deeds_they_receive_when_accepting():
    state = run(table(), Mortgage(deed=BOARDWALK))  # Ann: $1,100 + $200
    state = run(state, offer(give=TradeSide(deeds=(BOARDWALK,)), get=TradeSide(cash=250)))
    assert state.trades[0].proposer_mortgages == ()
    kept = run(state, AcceptTrade(player=BOB, trade=1))
    assert cash(kept, BOB) == 1150 - 250 - 20 and kept.holding(BOARDWALK).mortgaged
    lifted = run(state, AcceptTrade(player=BOB, trade=1, mortgages=((BOARDWALK, "lift"),)))
    assert cash(lifted, BOB) == 1150 - 250 - 220 and not lifted.holding(BOARDWALK).mortgaged
    assert cash(lifted, ANN) == 1300 + 250


def test_the_fee_is_paid_from_the_cash_after_the_trade():
    state = run(table(), Mortgage(deed=BOARDWALK), PayBank(player=BOB, amount=1145))  # Bob: $5
    state = run(state, offer(give=TradeSide(cash=15, deeds=(BOARDWALK,)), get=TradeSide(deeds=(PARK_PLACE,))))
    state = run(state, AcceptTrade(player=BOB, trade=1))
    assert cash(state, BOB) == 5 + 15 - 20 == 0
    assert state.holding(BOARDWALK) == replace(state.holding(BOARDWALK), owner=BOB, mortgaged=True)


def test_a_receiver_who_cannot_pay_the_fee_makes_the_accept_refused_naming_the_shortfall():
    state = run(table(), Mortgage(deed=BOARDWALK), PayBank(player=BOB, amount=1145))  # Bob: $5
    state = run(state, offer(give=TradeSide(cash=10, deeds=(BOARDWALK,)), get=TradeSide(deeds=(PARK_PLACE,))))
    assert refusals(state, AcceptTrade(player=BOB, trade=1), BOB) == (
        "After the trade Bob would have $15 and needs $5 more for the mortgaged deeds: "
        "$20 to keep Boardwalk mortgaged.",
        "After the trade you would have $15 and need $5 more for the mortgaged deeds: "
        "$20 to keep Boardwalk mortgaged.",
    )
    assert refusal(state, AcceptTrade(player=BOB, trade=1, mortgages=((BOARDWALK, "lift"),))) == (
        "After the trade Bob would have $15 and needs $205 more for the mortgaged deeds: "
        "$220 to lift the mortgage on Boardwalk."
    )


def test_the_proposer_who_cannot_pay_the_fee_makes_the_accept_refused_too():
    state = owning(new_game(), BOB, PARK_PLACE, READING)
    state = run(state, Mortgage(deed=PARK_PLACE), Mortgage(deed=READING), PayBank(player=ANN, amount=1400))
    trade = offer(
        give=TradeSide(cash=90),
        get=TradeSide(deeds=(PARK_PLACE, READING)),
        mortgages=((READING, "lift"),),
    )
    state = run(state, trade)
    assert refusal(state, AcceptTrade(player=BOB, trade=1)) == (
        "After the trade Ann would have $10 and needs $118 more for the mortgaged deeds: "
        "$18 to keep Park Place mortgaged, $110 to lift the mortgage on Reading Railroad."
    )


def test_mortgage_choices_are_only_for_mortgaged_deeds_received():
    state = run(table(), Mortgage(deed=PARK_PLACE))
    swap = dict(give=TradeSide(deeds=(BOARDWALK,)), get=TradeSide(deeds=(PARK_PLACE,)))
    assert refusals(state, offer(**swap, mortgages=((BOARDWALK, "lift"),)), ANN) == (
        "Boardwalk is not part of what Ann receives in this trade.",
        "Boardwalk is not part of what you receive in this trade.",
    )
    assert refusal(table(), offer(**swap, mortgages=((PARK_PLACE, "lift"),))) == (
        "Park Place is not mortgaged: there is nothing to keep or lift."
    )
    assert refusal(state, offer(**swap, mortgages=((PARK_PLACE, "sell"),))) == (
        "For Park Place, choose keep (pay the 10% fee) or lift the mortgage."
    )
    state = run(state, offer(**swap))
    assert refusal(state, AcceptTrade(player=BOB, trade=1, mortgages=((PARK_PLACE, "lift"),))) == (
        "Park Place is not part of what Bob receives in this trade."
    )
    assert refusal(state, AcceptTrade(player=BOB, trade=1, mortgages=((BOARDWALK, "lift"),))) == (
        "Boardwalk is not mortgaged: there is nothing to keep or lift."
    )


# Refusals when proposing


def test_a_deed_whose_group_has_buildings_cannot_be_traded():
    state = built(owning(new_game(), ANN, PARK_PLACE, BOARDWALK), (PARK_PLACE, BOARDWALK), 1)
    state = run(state, SellBuilding(deed=BOARDWALK))  # only Park Place has a house now
    assert refusal(state, offer(give=TradeSide(deeds=(BOARDWALK,)), get=TradeSide(cash=500))) == (
        "Boardwalk cannot be traded while the dark blue group has buildings: Park Place has 1 house."
    )


@pytest.mark.parametrize(
    ("give", "get", "message"),
    [
        (TradeSide(deeds=(PARK_PLACE,)), TradeSide(), "Ann does not own Park Place."),
        (TradeSide(), TradeSide(deeds=(MEDITERRANEAN,)), "Bob does not own Mediterranean Avenue."),
        (TradeSide(deeds=(2,)), TradeSide(), "There is no title deed at board position 2."),
        (TradeSide(deeds=(BOARDWALK, BOARDWALK)), TradeSide(), "Boardwalk is in the offer twice."),
        (TradeSide(cash=2000), TradeSide(), "Ann has $1,100, not the $2,000 in the offer."),
        (TradeSide(), TradeSide(cash=5000), "Bob has $1,150, not the $5,000 in the offer."),
        (TradeSide(cash=-5), TradeSide(), "Cash in a trade cannot be negative."),
        (
            TradeSide(jail_cards=("chance",)),
            TradeSide(),
            "Ann does not hold the Chance Get Out of Jail Free card.",
        ),
        (
            TradeSide(),
            TradeSide(jail_cards=("community_chest",)),
            "Bob does not hold the Community Chest Get Out of Jail Free card.",
        ),
        (TradeSide(jail_cards=("joker",)), TradeSide(), "There is no joker Get Out of Jail Free card."),
        (TradeSide(), TradeSide(), "This offer is empty: put something on at least one side."),
    ],
)
def test_an_offer_of_what_a_side_does_not_have_is_refused(give, get, message):
    assert refusal(table(), offer(give=give, get=get)) == message


@pytest.mark.parametrize(
    ("give", "get", "player", "you"),
    [
        (TradeSide(deeds=(PARK_PLACE,)), TradeSide(), ANN, "You do not own Park Place."),
        (TradeSide(), TradeSide(deeds=(MEDITERRANEAN,)), BOB, "You do not own Mediterranean Avenue."),
        (TradeSide(cash=2000), TradeSide(), ANN, "You have $1,100, not the $2,000 in the offer."),
        (TradeSide(), TradeSide(cash=5000), BOB, "You have $1,150, not the $5,000 in the offer."),
        (
            TradeSide(jail_cards=("chance",)),
            TradeSide(),
            ANN,
            "You do not hold the Chance Get Out of Jail Free card.",
        ),
    ],
)
def test_the_side_an_offer_is_refused_for_reads_it_in_the_second_person_on_its_own_phone(
    give, get, player, you
):
    them, to_you = refusals(table(), offer(give=give, get=get), player)
    assert to_you == you and them.startswith(("Ann ", "Bob "))


def test_a_card_can_be_offered_only_as_often_as_it_is_held():
    state = with_jail_cards(table())
    assert refusal(state, offer(give=TradeSide(jail_cards=("chance", "chance")))) == (
        "Ann does not hold the Chance Get Out of Jail Free card."
    )


def test_a_trade_needs_two_players_in_the_game():
    state = table()
    assert refusals(state, offer(to=ANN, give=TradeSide(cash=5)), ANN) == (
        "A trade is between two players: Ann cannot trade alone.",
        "A trade is between two players: you cannot trade alone.",
    )
    assert refusal(state, offer(to=9, give=TradeSide(cash=5))) == "There is no player 9 in this game."
    gone = state.with_player(CAT, bankrupt=True)
    assert refusal(gone, offer(to=CAT, give=TradeSide(cash=5))) == (
        "Cat is out of the game: there is no trading with them."
    )
    assert refusals(gone, offer(player=CAT, to=ANN, get=TradeSide(cash=5)), CAT) == (
        "Cat is out of the game.",
        "You are out of the game.",
    )


def test_a_deed_on_the_auction_block_cannot_be_traded():
    state = run(table(), Decline(player=BOB, deed=MEDITERRANEAN))
    assert refusal(state, offer(give=TradeSide(cash=60), get=TradeSide(deeds=(MEDITERRANEAN,)))) == (
        "Mediterranean Avenue is being auctioned: it cannot be traded."
    )


def test_a_deed_received_in_a_bankruptcy_waits_for_its_keep_or_lift_choice():
    state = replace(run(table(), Mortgage(deed=BOARDWALK)), mortgage_choices=((ANN, BOARDWALK),))
    assert refusal(state, offer(give=TradeSide(deeds=(BOARDWALK,)))) == (
        "Ann must first choose whether to keep Boardwalk mortgaged or lift the mortgage."
    )


def test_a_player_in_debt_may_still_trade_to_raise_the_money():
    state = run(table(), PayBank(player=BOB, amount=2000))
    assert state.debts_of(BOB)
    state = run(
        state,
        offer(player=BOB, to=ANN, give=TradeSide(deeds=(PARK_PLACE,)), get=TradeSide(cash=900)),
        AcceptTrade(player=ANN, trade=1),
    )
    assert cash(state, BOB) == 2050 and state.holding(PARK_PLACE).owner == ANN


def test_a_player_in_debt_may_not_give_away_what_whoever_is_owed_would_get():
    """Bob owes the bank $2,000 with $1,150 and Park Place (mortgage value $175): $1,325 to raise."""
    state = run(table(), PayBank(player=BOB, amount=2000))
    gift = offer(player=BOB, to=CAT, give=TradeSide(deeds=(PARK_PLACE,)))
    assert refusals(state, gift, BOB) == (
        "Bob owes $2,000 and cannot pay it: a trade may not leave Bob worth less "
        "($1,150 instead of $1,325), which would take it from whoever is owed.",
        "You owe $2,000 and cannot pay it: a trade may not leave you worth less "
        "($1,150 instead of $1,325), which would take it from whoever is owed.",
    )
    below_its_mortgage = offer(
        player=BOB, to=CAT, give=TradeSide(deeds=(PARK_PLACE,)), get=TradeSide(cash=100)
    )
    assert "($1,250 instead of $1,325)" in refusal(state, below_its_mortgage)
    at_its_mortgage = offer(player=BOB, to=CAT, give=TradeSide(deeds=(PARK_PLACE,)), get=TradeSide(cash=175))
    state = run(state, at_its_mortgage, AcceptTrade(player=CAT, trade=1))
    assert cash(state, BOB) == 1325 and state.holding(PARK_PLACE).owner == CAT


def test_a_debtors_mortgaged_deed_given_away_is_a_gift_all_the_same():
    """Mortgaged, Park Place raised nothing more, so giving it away passed; a creditor takes it in a
    bankruptcy at its mortgage value ($175)."""
    state = run(table(), Mortgage(deed=PARK_PLACE), PayBank(player=BOB, amount=2000))  # $1,325 in cash
    assert "($1,326 instead of $1,500)" in refusal(
        state, offer(player=BOB, to=CAT, give=TradeSide(deeds=(PARK_PLACE,)), get=TradeSide(cash=1))
    )
    sold = run(
        state,
        offer(player=BOB, to=CAT, give=TradeSide(deeds=(PARK_PLACE,)), get=TradeSide(cash=175)),
        AcceptTrade(player=CAT, trade=1),
    )
    assert sold.holding(PARK_PLACE).owner == CAT and cash(sold, BOB) == 1500


def test_an_offer_made_before_the_debt_is_void_if_it_now_gives_away_what_is_owed():
    state = run(
        table(), offer(player=CAT, to=BOB, get=TradeSide(deeds=(PARK_PLACE,)), give=TradeSide(cash=50))
    )
    state = run(state, PayBank(player=BOB, amount=2000))
    assert refusals(state, AcceptTrade(player=BOB, trade=1), BOB) == (
        "This offer is void. Bob owes $2,000 and cannot pay it: a trade may not leave Bob worth less "
        "($1,200 instead of $1,325), which would take it from whoever is owed.",
        "This offer is void. You owe $2,000 and cannot pay it: a trade may not leave you worth less "
        "($1,200 instead of $1,325), which would take it from whoever is owed.",
    )


def test_a_debtor_may_give_away_what_is_left_over_or_give_the_only_player_owed_less():
    """Bob has $950, Reading ($100 to raise) and Park Place ($175): $1,225 against $1,000 owed."""
    state = run(owning(table(), BOB, READING), PayBank(player=BOB, amount=1000))
    both = TradeSide(deeds=(READING, PARK_PLACE))
    assert "($950 instead of $1,225)" in refusal(state, offer(player=BOB, to=CAT, give=both))
    left_over = run(
        state, offer(player=BOB, to=CAT, give=TradeSide(deeds=(READING,))), AcceptTrade(player=CAT, trade=1)
    )
    assert left_over.holding(READING).owner == CAT and left_over.debts_of(BOB)

    railroads = TradeSide(deeds=(READING, SHORT_LINE))
    owing_ann = short_bob("classic")  # $300, two railroads: $500 to raise, and $600 owed to Ann
    taken_by_ann = run(owing_ann, offer(player=BOB, to=ANN, give=railroads), AcceptTrade(player=ANN, trade=1))
    assert {taken_by_ann.holding(p).owner for p in (READING, SHORT_LINE)} == {ANN}
    assert "($300 instead of $500)" in refusal(owing_ann, offer(player=BOB, to=CAT, give=railroads))


# Refusals when answering


def test_only_an_open_offer_can_be_answered():
    state = run(table(), BOARDWALK_AND_100_FOR_PARK_PLACE, DeclineTrade(player=BOB, trade=1))
    gone = "There is no open trade offer #1: it may have been answered or withdrawn."
    assert refusal(state, AcceptTrade(player=BOB, trade=1)) == gone
    assert refusal(state, DeclineTrade(player=BOB, trade=1)) == gone
    assert refusal(state, CancelTrade(player=ANN, trade=1)) == gone
    assert refusal(state, AcceptTrade(player=BOB, trade=7)) == (
        "There is no open trade offer #7: it may have been answered or withdrawn."
    )


def test_only_the_partner_answers_and_only_the_proposer_withdraws():
    state = run(table(), BOARDWALK_AND_100_FOR_PARK_PLACE)
    for player in (ANN, CAT):
        assert refusals(state, AcceptTrade(player=player, trade=1), ANN) == (
            "This offer from Ann is for Bob: only they can accept it.",
            "Your offer is for Bob: only they can accept it.",
        )
        assert refusals(state, DeclineTrade(player=player, trade=1), ANN) == (
            "This offer from Ann is for Bob: only they can decline it.",
            "Your offer is for Bob: only they can decline it.",
        )
    for player in (BOB, CAT):
        assert refusal(state, CancelTrade(player=player, trade=1)) == (
            "Only Ann, who made this offer, can withdraw it."
        )


# Offers that went out of date


def test_an_offer_of_a_deed_traded_elsewhere_since_is_out_of_date():
    state = run(
        table(),
        BOARDWALK_AND_100_FOR_PARK_PLACE,
        offer(to=CAT, give=TradeSide(deeds=(BOARDWALK,)), get=TradeSide(cash=500)),
        AcceptTrade(player=CAT, trade=2),
    )
    assert refusals(state, AcceptTrade(player=BOB, trade=1), ANN) == (
        "This offer is out of date: Ann no longer owns Boardwalk.",
        "This offer is out of date. You no longer own Boardwalk.",
    )
    assert run(state, CancelTrade(player=ANN, trade=1)).trades == ()


def test_an_offer_whose_group_got_buildings_since_is_out_of_date():
    state = owning(table(), ANN, MEDITERRANEAN, BALTIC)
    state = run(state, offer(give=TradeSide(deeds=(MEDITERRANEAN,)), get=TradeSide(deeds=(PARK_PLACE,))))
    state = run(state, Build(deed=BALTIC))
    assert refusal(state, AcceptTrade(player=BOB, trade=1)) == (
        "This offer is out of date: Mediterranean Avenue cannot be traded while the brown group "
        "has buildings: Baltic Avenue has 1 house."
    )


def test_an_offer_of_cash_spent_since_is_out_of_date():
    state = run(table(), offer(give=TradeSide(cash=1000), get=TradeSide(deeds=(PARK_PLACE,))))
    state = run(state, PayBank(player=ANN, amount=500))
    assert refusals(state, AcceptTrade(player=BOB, trade=1), ANN) == (
        "This offer is out of date: Ann has $600, not the $1,000 in the offer.",
        "This offer is out of date. You have $600, not the $1,000 in the offer.",
    )


def test_an_offer_of_a_card_used_since_is_out_of_date():
    state = with_jail_cards(table())
    state = run(state, offer(give=TradeSide(jail_cards=("chance",)), get=TradeSide(cash=10)))
    state = run(state, GoToJail(player=ANN), UseJailCard(player=ANN))
    assert refusals(state, AcceptTrade(player=BOB, trade=1), ANN) == (
        "This offer is out of date: Ann no longer holds the Chance Get Out of Jail Free card.",
        "This offer is out of date. You no longer hold the Chance Get Out of Jail Free card.",
    )


def test_an_offer_for_a_deed_mortgaged_since_is_out_of_date():
    state = run(table(), offer(give=TradeSide(cash=300), get=TradeSide(deeds=(PARK_PLACE,))))
    state = run(state, Mortgage(deed=PARK_PLACE))
    assert refusal(state, AcceptTrade(player=BOB, trade=1)) == (
        "This offer is out of date: Park Place has been mortgaged since the offer was made."
    )


def test_an_offer_with_a_player_out_of_the_game_since_is_out_of_date():
    state = run(table(), offer(to=CAT, give=TradeSide(cash=10)))
    assert refusals(state.with_player(ANN, bankrupt=True), AcceptTrade(player=CAT, trade=1), ANN) == (
        "This offer is out of date: Ann is out of the game.",
        "This offer is out of date. You are out of the game.",
    )


def test_undo_reverses_a_whole_trade_with_its_fees():
    state = run(table(), Mortgage(deed=PARK_PLACE))
    state = run(
        state, offer(give=TradeSide(cash=300, deeds=(BOARDWALK,)), get=TradeSide(deeds=(PARK_PLACE,)))
    )
    accepted = run(state, AcceptTrade(player=BOB, trade=1))
    undone = run(accepted, Undo())
    assert replace(undone, seq=0, played=0, undo=()) == replace(state, seq=0, played=0, undo=())
    assert undone.trades == state.trades and cash(undone, ANN) == 1100


def test_a_trade_leaves_no_group_built_without_the_whole_group_uneven():
    """Under `build_without_group`, Ann had 4 houses on Oriental, the only light blue she held,
    and bought Bob's bare Vermont: her light blues stood at 4 houses and none."""
    state = owning(owning(new_game(build_without_group=True), ANN, 6), BOB, 8)
    state = run(state, *[Build(deed=6)] * 4)
    assert refusal(state, offer(give=TradeSide(cash=200), get=TradeSide(deeds=(8,)))) == (
        "Vermont Avenue cannot be traded while the light blue group has buildings: Oriental Avenue has 4 houses."
    )


# Tournament limits


def test_the_jma_preset_has_the_trade_limits_and_classic_does_not():
    assert ruleset_for("jma").trade_limits and not ruleset_for("classic").trade_limits


def test_no_gifts_under_the_tournament_rules():
    state = table(trade_limits=True)
    assert refusals(state, offer(give=TradeSide(cash=100)), ANN) == (
        "No gifts under the tournament rules: Ann would give $100 and get nothing back.",
        "No gifts under the tournament rules: you would give $100 and get nothing back.",
    )
    assert refusals(state, offer(get=TradeSide(deeds=(PARK_PLACE,))), BOB) == (
        "No gifts under the tournament rules: Bob would give Park Place and get nothing back.",
        "No gifts under the tournament rules: you would give Park Place and get nothing back.",
    )


def test_no_cash_for_cash_under_the_tournament_rules():
    """$500 for $1 went through as a trade where a payment to a player is refused: a $499 gift."""
    cash_for_cash = offer(give=TradeSide(cash=500), get=TradeSide(cash=1))
    assert refusals(table(trade_limits=True), cash_for_cash, ANN) == (
        "Cash for cash is a gift or a loan, which the tournament rules do not allow: "
        "Ann would give $500 and get $1.",
        "Cash for cash is a gift or a loan, which the tournament rules do not allow: "
        "you would give $500 and get $1.",
    )
    assert run(table(), offer(give=TradeSide(cash=500), get=TradeSide(cash=1))).trades  # classic: a payment


def test_no_unmortgaged_deed_at_or_below_its_mortgage_value_under_the_tournament_rules():
    state = owning(table(trade_limits=True), BOB, READING)
    for paid in (174, 175):
        assert refusal(state, offer(give=TradeSide(cash=paid), get=TradeSide(deeds=(PARK_PLACE,)))) == (
            "No deed is sold at or below its mortgage value under the tournament rules: "
            f"Park Place must bring more than $175, and Ann would pay ${paid}."
        )
    assert run(state, offer(give=TradeSide(cash=176), get=TradeSide(deeds=(PARK_PLACE,)))).trades
    both = offer(give=TradeSide(cash=275), get=TradeSide(deeds=(PARK_PLACE, READING)))
    assert refusals(state, both, ANN) == (
        "No deed is sold at or below its mortgage value under the tournament rules: "
        "Park Place and Reading Railroad together must bring more than $275, and Ann would pay $275.",
        "No deed is sold at or below its mortgage value under the tournament rules: "
        "Park Place and Reading Railroad together must bring more than $275, and you would pay $275.",
    )
    assert refusals(state, offer(give=TradeSide(deeds=(BOARDWALK,)), get=TradeSide(cash=200)), BOB) == (
        "No deed is sold at or below its mortgage value under the tournament rules: "
        "Boardwalk must bring more than $200, and Bob would pay $200.",
        "No deed is sold at or below its mortgage value under the tournament rules: "
        "Boardwalk must bring more than $200, and you would pay $200.",
    )
    mortgaged = run(state, Mortgage(deed=PARK_PLACE))
    assert run(mortgaged, offer(give=TradeSide(cash=1), get=TradeSide(deeds=(PARK_PLACE,)))).trades
    # deeds for deeds are not priced in cash
    assert run(state, offer(give=TradeSide(deeds=(BOARDWALK,)), get=TradeSide(deeds=(READING,)))).trades


def test_no_get_out_of_jail_free_card_for_50_dollars_or_more_under_the_tournament_rules():
    state = with_jail_cards(table(trade_limits=True))
    assert refusal(state, offer(give=TradeSide(jail_cards=("chance",)), get=TradeSide(cash=50))) == (
        "A Get Out of Jail Free card sells for less than $50 under the tournament rules: "
        "Ann would get $50 for 1 card."
    )
    assert run(state, offer(give=TradeSide(jail_cards=("chance",)), get=TradeSide(cash=49))).trades
    state = run(
        state,
        offer(player=BOB, to=ANN, give=TradeSide(jail_cards=("community_chest",)), get=TradeSide(cash=10)),
        AcceptTrade(player=ANN, trade=1),
    )
    both = TradeSide(jail_cards=("chance", "community_chest"))
    assert refusals(state, offer(give=both, get=TradeSide(cash=100)), ANN) == (
        "A Get Out of Jail Free card sells for less than $50 under the tournament rules: "
        "Ann would get $100 for 2 cards.",
        "A Get Out of Jail Free card sells for less than $50 under the tournament rules: "
        "you would get $100 for 2 cards.",
    )
    assert run(state, offer(give=both, get=TradeSide(cash=99))).trades


def test_a_card_paying_for_a_deed_counts_as_the_most_it_may_sell_for_under_the_tournament_rules():
    """Park Place for a Get Out of Jail Free card alone passed both limits: a deed sold for less
    than $50, far below its $175 mortgage value. A card counts as $49, the most it may bring."""
    state = with_jail_cards(owning(table(trade_limits=True), BOB, BALTIC))
    card = ("chance",)
    assert refusals(
        state, offer(give=TradeSide(jail_cards=card), get=TradeSide(deeds=(PARK_PLACE,))), ANN
    ) == (
        "No deed is sold at or below its mortgage value under the tournament rules: Park Place must bring "
        "more than $175, and Ann would give the Chance Get Out of Jail Free card, worth $49 at most "
        "(a Get Out of Jail Free card sells for less than $50).",
        "No deed is sold at or below its mortgage value under the tournament rules: Park Place must bring "
        "more than $175, and you would give the Chance Get Out of Jail Free card, worth $49 at most "
        "(a Get Out of Jail Free card sells for less than $50).",
    )
    assert refusal(
        state, offer(give=TradeSide(cash=126, jail_cards=card), get=TradeSide(deeds=(PARK_PLACE,)))
    ) == (
        "No deed is sold at or below its mortgage value under the tournament rules: Park Place must bring "
        "more than $175, and Ann would give $126 and the Chance Get Out of Jail Free card, worth $175 at "
        "most (a Get Out of Jail Free card sells for less than $50)."
    )
    assert run(
        state, offer(give=TradeSide(cash=127, jail_cards=card), get=TradeSide(deeds=(PARK_PLACE,)))
    ).trades
    assert run(state, offer(give=TradeSide(jail_cards=card), get=TradeSide(deeds=(BALTIC,)))).trades  # $30
    classic = with_jail_cards(table())
    assert run(classic, offer(give=TradeSide(jail_cards=card), get=TradeSide(deeds=(PARK_PLACE,)))).trades


def test_cash_both_ways_is_counted_on_balance_under_the_tournament_rules():
    state = owning(table(trade_limits=True), BOB, READING)
    # $300 out and $150 back is $150 paid for Park Place, at or below its $175
    assert refusal(state, offer(give=TradeSide(cash=300), get=TradeSide(cash=150, deeds=(PARK_PLACE,)))) == (
        "No deed is sold at or below its mortgage value under the tournament rules: "
        "Park Place must bring more than $175, and Ann would pay $150."
    )
    assert run(state, offer(give=TradeSide(cash=300), get=TradeSide(cash=124, deeds=(PARK_PLACE,)))).trades
    # a card and $10 for $100 is $90 for the card
    state = with_jail_cards(table(trade_limits=True))
    assert refusal(
        state, offer(give=TradeSide(cash=10, jail_cards=("chance",)), get=TradeSide(cash=100))
    ) == (
        "A Get Out of Jail Free card sells for less than $50 under the tournament rules: "
        "Ann would get $90 for 1 card."
    )
    assert run(state, offer(give=TradeSide(cash=60, jail_cards=("chance",)), get=TradeSide(cash=100))).trades


def test_the_tournament_limits_hold_again_when_the_offer_is_accepted():
    state = run(table(trade_limits=True), Mortgage(deed=PARK_PLACE))
    state = run(state, offer(give=TradeSide(cash=100), get=TradeSide(deeds=(PARK_PLACE,))))
    state = run(state, Unmortgage(deed=PARK_PLACE))
    assert refusal(state, AcceptTrade(player=BOB, trade=1)) == (
        "This offer is out of date: No deed is sold at or below its mortgage value under the tournament "
        "rules: Park Place must bring more than $175, and Ann would pay $100."
    )


def test_no_trade_while_an_auction_runs_under_the_tournament_rules():
    # 002, アクションのタイミング: trades are made 「手番と手番の間」, and an auction is part of a turn
    park_place = offer(give=TradeSide(cash=400), get=TradeSide(deeds=(PARK_PLACE,)))
    offered = run(table(trade_limits=True), park_place)
    state = run(offered, Decline(player=CAT, deed=MEDITERRANEAN))
    waits = "Under the tournament rules trades are made between turns: this one waits until the auction ends."
    assert refusal(state, park_place) == waits
    assert refusal(state, AcceptTrade(player=BOB, trade=1)).endswith(waits)
    state = run(state, CloseAuction(), now=state.auction.deadline)
    assert run(state, AcceptTrade(player=BOB, trade=1)).holding(PARK_PLACE).owner == ANN
    assert run(table(), Decline(player=CAT, deed=MEDITERRANEAN), park_place).trades  # classic: any time


# 001, 交渉: forbidden, 「権利書などを売ったその場で異なる価格で買い戻すこと」 (buying back on the spot at a
# different price what one has just sold). Ann sells Boardwalk to Bob for $250, then would buy it
# back for $300: a $50 gift.
BOARDWALK_FOR_250 = offer(give=TradeSide(deeds=(BOARDWALK,)), get=TradeSide(cash=250))


def buy_back(price: int, player: int = ANN, to: int = BOB) -> ProposeTrade:
    return offer(give=TradeSide(cash=price), get=TradeSide(deeds=(BOARDWALK,)), player=player, to=to)


def sold_to_bob(**options):
    """Under the tournament limits, Ann has sold Boardwalk to Bob for $250."""
    return run(table(trade_limits=True, **options), BOARDWALK_FOR_250, AcceptTrade(player=BOB, trade=1))


def test_no_deed_bought_straight_back_at_another_price_under_the_tournament_rules():
    state = sold_to_bob()
    assert (cash(state, ANN), cash(state, BOB)) == (1100 + 250, 1150 - 250)
    message = (
        "No buying back on the spot under the tournament rules: Boardwalk went from Ann to Bob for $250 in"
        " their last trade, and would come back for $300."
    )
    assert refusal(state, buy_back(300)) == message
    # offered by Bob, the seller back, the same
    sale = offer(give=TradeSide(deeds=(BOARDWALK,)), get=TradeSide(cash=300), player=BOB, to=ANN)
    assert refusal(state, sale) == message
    back = run(state, buy_back(250), AcceptTrade(player=BOB, trade=2))  # at the price it went for
    assert back.holding(BOARDWALK).owner == ANN and (cash(back, ANN), cash(back, BOB)) == (1100, 1150)


def test_another_deal_between_the_two_first_lets_the_deed_come_back_at_any_price():
    state = owning(sold_to_bob(), BOB, READING)
    state = run(state, offer(give=TradeSide(cash=150), get=TradeSide(deeds=(READING,))))
    state = run(state, AcceptTrade(player=BOB, trade=2))
    assert run(state, buy_back(300), AcceptTrade(player=BOB, trade=3)).holding(BOARDWALK).owner == ANN


def test_a_deal_with_someone_else_in_between_changes_nothing():
    state = run(
        sold_to_bob(), offer(give=TradeSide(deeds=(PARK_PLACE,)), get=TradeSide(cash=300), player=BOB, to=CAT)
    )
    state = run(state, AcceptTrade(player=CAT, trade=2))
    assert refusal(state, buy_back(300)).startswith("No buying back on the spot under the tournament rules")
    assert run(state, buy_back(300, player=CAT, to=BOB)).trades  # Cat never had it


def test_the_spot_lasts_between_turns_and_ends_at_the_next_action_the_dice_bring():
    # 001: trades are made from the end of one turn until the next player's dice are thrown
    state = run(sold_to_bob(), Mortgage(deed=PARK_PLACE))  # Bob raises money between turns
    assert refusal(state, buy_back(300)).startswith("No buying back on the spot under the tournament rules")
    state = run(state, PassGo(player=CAT))  # the next turn: Cat passed GO
    back = run(state, buy_back(300), AcceptTrade(player=BOB, trade=2))
    assert back.holding(BOARDWALK).owner == ANN and (cash(back, ANN), cash(back, BOB)) == (1050, 1375)
    # undone, the turn's action gives the spot back as it was
    assert refusal(run(state, Undo()), buy_back(300)).startswith("No buying back on the spot")


def test_undo_of_the_sale_forgets_it():
    state = run(sold_to_bob(), Undo())
    assert state.last_trades == () and state.holding(BOARDWALK).owner == ANN


@settings(max_examples=40, deadline=None)
@given(sold=st.integers(min_value=201, max_value=900), back=st.integers(min_value=201, max_value=900))
def test_a_deed_comes_straight_back_exactly_at_the_price_it_went_for(sold, back):
    sale = offer(give=TradeSide(deeds=(BOARDWALK,)), get=TradeSide(cash=sold))
    state = run(table(trade_limits=True), sale, AcceptTrade(player=BOB, trade=1))
    try:
        decide(state, buy_back(back))
    except RuleError:
        assert back != sold
    else:
        assert back == sold


def test_the_classic_rules_have_no_trade_limits():
    sold = run(table(), BOARDWALK_FOR_250, AcceptTrade(player=BOB, trade=1))
    assert run(sold, buy_back(300)).trades
    state = with_jail_cards(table())
    assert run(state, offer(give=TradeSide(cash=1), get=TradeSide(deeds=(PARK_PLACE,)))).trades
    assert run(state, offer(give=TradeSide(jail_cards=("chance",)), get=TradeSide(cash=500))).trades


# Stored events and the JSON the screens send


def test_trade_events_read_back_the_same_from_json():
    state = run(with_jail_cards(table()), Mortgage(deed=PARK_PLACE))
    trade = offer(
        give=TradeSide(cash=5, deeds=(BOARDWALK,), jail_cards=("chance",)),
        get=TradeSide(deeds=(PARK_PLACE,), jail_cards=("community_chest",)),
        mortgages=((PARK_PLACE, "lift"),),
    )
    (proposed,) = decide(state, trade)
    assert proposed.to_json() == {
        "type": "trade_proposed",
        "trade": 1,
        "proposer": ANN,
        "partner": BOB,
        "give_cash": 5,
        "give_deeds": (BOARDWALK,),
        "give_jail_cards": ("chance",),
        "get_cash": 0,
        "get_deeds": (PARK_PLACE,),
        "get_jail_cards": ("community_chest",),
        "give_claims": (),
        "get_claims": (),
        "proposer_mortgages": ((PARK_PLACE, "lift"),),
    }
    state = run(state, trade)
    events = [proposed, *decide(state, AcceptTrade(player=BOB, trade=1)), TradeDeclined(1, ANN, BOB)]
    events.append(TradeCancelled(1, ANN, BOB))
    assert isinstance(events[1], TradeCompleted)
    for event in events:
        assert event_from_json(json.loads(json.dumps(event.to_json()))) == event
    assert isinstance(proposed, TradeProposed)


def test_propose_and_accept_parse_from_json():
    assert parse_command(
        {
            "type": "propose_trade",
            "player": 1,
            "to": "2",
            "give": {"cash": "$1,000", "deeds": [39, "5"], "jail_cards": ["chance"]},
            "get": {"deeds": [37]},
            "mortgages": {"37": "lift", "5": "keep"},
        }
    ) == ProposeTrade(
        player=ANN,
        to=BOB,
        give=TradeSide(cash=1000, deeds=(BOARDWALK, READING), jail_cards=("chance",)),
        get=TradeSide(deeds=(PARK_PLACE,)),
        mortgages=((READING, "keep"), (PARK_PLACE, "lift")),
    )
    assert parse_command(
        {"type": "propose_trade", "player": 1, "to": 2, "give": {"cash": 0, "deeds": [39]}}
    ) == (ProposeTrade(player=ANN, to=BOB, give=TradeSide(deeds=(BOARDWALK,))))
    assert parse_command({"type": "accept_trade", "player": 2, "trade": 1, "mortgages": {"39": "lift"}}) == (
        AcceptTrade(player=BOB, trade=1, mortgages=((BOARDWALK, "lift"),))
    )
    assert parse_command({"type": "decline_trade", "player": 2, "trade": "1"}) == DeclineTrade(
        player=BOB, trade=1
    )
    assert parse_command({"type": "cancel_trade", "player": 1, "trade": 1}) == CancelTrade(
        player=ANN, trade=1
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (
            {"give": [39]},
            "The give side of the trade must be an object with cash, deeds, jail_cards and claims.",
        ),
        (
            {"get": {"houses": 2}},
            "The get side of the trade has no houses: it takes cash, deeds, jail_cards and claims.",
        ),
        ({"give": {"cash": -5}}, "Cash in a trade cannot be negative."),
        ({"give": {"cash": 2.5}}, "Amounts are whole numbers: no decimals."),
        ({"give": {"cash": "lots"}}, "The amount must be a whole number."),
        ({"give": {"cash": 10**9}}, "1,000,000,000 is more than the bank handles (at most 1,000,000)."),
        ({"give": {"deeds": 39}}, "The deeds on the give side must be a list of board positions."),
        ({"get": {"deeds": ["Boardwalk"]}}, "The deed must be a whole number."),
        ({"get": {"jail_cards": "chance"}}, "The jail cards on the get side must be a list of decks."),
        ({"give": {"claims": 2}}, "The claims on the give side must be a list of {debtor, amount}."),
        ({"give": {"claims": [[2, 600]]}}, "The claims on the give side must be a list of {debtor, amount}."),
        ({"give": {"claims": [{"debtor": 2, "amount": 0}]}}, "The amount must be more than 0."),
        ({"get": {"claims": [{"debtor": "Bob", "amount": 5}]}}, "The debtor must be a whole number."),
        (
            {"give": {"jail_cards": ["joker"]}},
            'A Get Out of Jail Free card is named by its deck: "chance" or "community_chest".',
        ),
        (
            {"give": {"jail_cards": [["chance"]]}},
            'A Get Out of Jail Free card is named by its deck: "chance" or "community_chest".',
        ),
        ({"mortgages": ["37"]}, 'The mortgages must be an object from deed position to "keep" or "lift".'),
        ({"mortgages": {"37": "sell"}}, 'For the deed at 37, choose "keep" or "lift".'),
        ({"mortgages": {"Park Place": "keep"}}, "The deed must be a whole number."),
        ({"to": None}, "The other player is missing."),
    ],
)
def test_a_malformed_offer_is_refused_with_a_readable_reason(fields, message):
    payload = {"type": "propose_trade", "player": 1, "to": 2, "give": {"cash": 10}, **fields}
    with pytest.raises(InvalidCommand) as refused:
        parse_command(payload)
    assert refused.value.message == message


def test_an_answer_names_the_offer():
    with pytest.raises(InvalidCommand, match="The trade is missing."):
        parse_command({"type": "accept_trade", "player": 2})
    with pytest.raises(InvalidCommand, match="The trade must be a whole number."):
        parse_command({"type": "decline_trade", "player": 2, "trade": "first"})
