"""Auctions on a fake clock: every time is a number passed in, so nothing here waits."""

from __future__ import annotations

from dataclasses import replace

import pytest

from banker.rules import GameState, RuleError, apply_action, decide, event_from_json, parse_command
from banker.rules.auctions import (
    Bid,
    CancelAuction,
    CloseAuction,
    Decline,
    ResumeAuction,
    StartBuildingAuction,
    bid_steps,
    least_bid,
)
from banker.rules.build_plans import BuildGroup
from banker.rules.buildings import Build, SellBuilding
from banker.rules.deeds import Buy
from banker.rules.money import PayBank
from banker.rules.rent import PayRent
from banker.rules.undo import Undo
from tests.support.rules import ANN, BOB, CAT, built, cash, new_game, owning, refusals, total_cash

BOARDWALK, PARK_PLACE = 39, 37
ORANGES, NEW_YORK = (16, 18, 19), 19
T0 = 1_000.0  # the moment the deed is declined


def at(state: GameState, now: float, *commands) -> GameState:
    """Decide and apply each command at server time `now`."""
    for command in commands:
        state = apply_action(state, state.seq + 1, decide(state, command, now))
    return state


def refused_at(state: GameState, now: float, command) -> str:
    with pytest.raises(RuleError) as refused:
        decide(state, command, now)
    return refused.value.message


def history(state: GameState, now: float, command) -> str:
    return "; ".join(event.describe(state) for event in decide(state, command, now))


@pytest.fixture
def auction() -> GameState:
    """Ann declined Boardwalk at T0."""
    return at(new_game(), T0, Decline(player=ANN, deed=BOARDWALK))


def test_declining_a_deed_opens_an_auction_with_the_clock_of_the_rules(auction):
    assert auction.auction is not None
    assert (auction.auction.kind, auction.auction.deed) == ("deed", BOARDWALK)
    assert auction.auction.deadline == T0 + 20
    assert auction.auction.high_bidder is None
    assert history(new_game(), T0, Decline(player=ANN, deed=BOARDWALK)) == (
        "Ann did not buy Boardwalk; the bank auctions it"
    )


def test_a_clock_run_out_unwatched_starts_again_with_its_bids_kept(auction):
    state = at(auction, T0 + 1, Bid(player=BOB, amount=50))
    assert refused_at(state, T0 + 19, ResumeAuction()) == "The auction's clock is still running."
    assert history(state, T0 + 300, ResumeAuction()) == (
        "Nobody could bid while the bank was away: the auction of Boardwalk goes on"
    )
    resumed = at(state, T0 + 300, ResumeAuction())
    assert resumed.auction.deadline == T0 + 300 + 20
    assert (resumed.auction.high_bid, resumed.auction.high_bidder) == (50, BOB)
    sold = at(resumed, T0 + 320, CloseAuction())
    assert sold.holding(BOARDWALK).owner == BOB and cash(sold, BOB) == 1450


def test_anyone_may_bid_the_decliner_included(auction):
    state = at(
        auction, T0 + 1, Bid(player=ANN, amount=1), Bid(player=BOB, amount=2), Bid(player=CAT, amount=50)
    )
    assert (state.auction.high_bid, state.auction.high_bidder) == (50, CAT)


def test_the_opening_bid_is_one_step(auction):
    assert least_bid(auction) == 1
    with pytest.raises(RuleError, match=r"The amount must be more than 0."):
        parse_command({"type": "bid", "player": BOB, "amount": 0})


def test_a_bid_must_beat_the_high_bid_by_a_step_and_says_who_outbid_you(auction):
    state = at(auction, T0 + 1, Bid(player=BOB, amount=60))
    assert least_bid(state) == 61
    assert (
        refused_at(state, T0 + 2, Bid(player=CAT, amount=60)) == "Outbid: Bob has bid $60; bid at least $61."
    )
    assert at(state, T0 + 2, Bid(player=CAT, amount=61)).auction.high_bidder == CAT


def test_the_high_bidder_does_not_bid_against_themselves(auction):
    state = at(auction, T0 + 1, Bid(player=BOB, amount=60))
    assert refusals(state, Bid(player=BOB, amount=70), BOB, T0 + 2) == (
        "Bob already holds the high bid ($60).",
        "You already hold the high bid ($60).",
    )


def test_an_early_bid_leaves_the_clock_alone(auction):
    assert at(auction, T0 + 5, Bid(player=BOB, amount=10)).auction.deadline == T0 + 20


def test_a_late_bid_leaves_at_least_eight_seconds_on_the_clock(auction):
    state = at(auction, T0 + 19, Bid(player=BOB, amount=10))
    assert state.auction.deadline == T0 + 19 + 8
    state = at(state, T0 + 26.5, Bid(player=CAT, amount=11))
    assert state.auction.deadline == T0 + 26.5 + 8


def test_the_clock_and_its_extension_are_table_settings():
    state = at(
        new_game(auction_seconds=30, auction_extension_seconds=5), T0, Decline(player=ANN, deed=BOARDWALK)
    )
    assert state.auction.deadline == T0 + 30
    assert at(state, T0 + 29, Bid(player=BOB, amount=5)).auction.deadline == T0 + 34


def test_a_bid_after_the_deadline_is_too_late(auction):
    assert refused_at(auction, T0 + 20, Bid(player=BOB, amount=10)) == (
        "Too late: the clock ran out on the auction of Boardwalk."
    )


def test_closing_sells_to_the_high_bidder_who_pays_the_bank(auction):
    state = at(auction, T0 + 3, Bid(player=BOB, amount=400), Bid(player=CAT, amount=420))
    assert history(state, T0 + 20, CloseAuction()) == (
        "Sold! Cat bought Boardwalk for $420; Cat paid the bank $420 (won the auction for Boardwalk); "
        "Cat now owns Boardwalk"
    )
    state = at(state, T0 + 20, CloseAuction())
    assert state.auction is None
    assert state.holding(BOARDWALK).owner == CAT
    assert (cash(state, ANN), cash(state, BOB), cash(state, CAT)) == (1500, 1500, 1080)


def test_nobody_bidding_leaves_the_deed_with_the_bank(auction):
    assert history(auction, T0 + 20, CloseAuction()) == "Nobody bid: Boardwalk stays with the bank"
    state = at(auction, T0 + 20, CloseAuction())
    assert state.auction is None and state.holding(BOARDWALK).owner == 0
    assert total_cash(state) == 4500


def test_the_banker_may_cancel_and_the_deed_stays_with_the_bank(auction):
    state = at(auction, T0 + 1, Bid(player=BOB, amount=100))
    assert history(state, T0 + 2, CancelAuction()) == "The banker cancelled the auction of Boardwalk"
    state = at(state, T0 + 2, CancelAuction())
    assert state.auction is None and state.holding(BOARDWALK).owner == 0 and cash(state, BOB) == 1500


def bob_with_boardwalk_and_1350_cash() -> GameState:
    """Ann declined Park Place at T0; Bob has $1,350 and Boardwalk, whose mortgage brings $200."""
    state = owning(new_game(), BOB, BOARDWALK).with_player(BOB, cash=1350)
    return at(state, T0, Decline(player=ANN, deed=PARK_PLACE))


def test_a_bid_counts_what_the_bidder_could_raise_not_only_cash():
    state = at(bob_with_boardwalk_and_1350_cash(), T0 + 1, Bid(player=BOB, amount=1450))  # $1,350 + $200
    assert state.auction.high_bid == 1450
    assert refused_at(state, T0 + 2, Bid(player=ANN, amount=1501)) == (
        "Ann could raise $1,500 in all (cash, mortgages and half the buildings): a bid of $1,501 is more"
        " than they could pay."
    )


def test_a_winner_short_of_cash_takes_the_deed_and_owes_the_bank_what_to_raise():
    state = at(bob_with_boardwalk_and_1350_cash(), T0 + 1, Bid(player=BOB, amount=1450))
    assert history(state, T0 + 20, CloseAuction()) == (
        "Sold! Bob bought Park Place for $1,450; Bob owes the bank $1,450 (won the auction for Park Place): "
        "not enough cash yet; Bob now owns Park Place"
    )
    state = at(state, T0 + 20, CloseAuction())
    assert state.holding(PARK_PLACE).owner == BOB and cash(state, BOB) == 1350
    assert [(d.debtor, d.creditor, d.amount) for d in state.debts] == [(BOB, 0, 1450)]


def test_a_winner_who_can_no_longer_pay_is_left_out_and_the_auction_runs_again(auction):
    state = at(auction, T0 + 1, Bid(player=ANN, amount=10), Bid(player=BOB, amount=1400))
    state = at(state, T0 + 2, PayBank(player=BOB, amount=200, reason="Luxury"))  # $1,300, nothing to raise
    assert history(state, T0 + 20, CloseAuction()) == (
        "Bob can no longer take Boardwalk for $1,400; the auction starts again without them"
    )
    state = at(state, T0 + 20, CloseAuction())
    assert state.auction.excluded == (BOB,) and state.auction.high_bid == 0
    assert state.holding(BOARDWALK).owner == 0 and cash(state, BOB) == 1300 and state.debts == ()


def test_a_winner_who_owes_a_player_more_than_the_bid_leaves_room_for_is_left_out():
    """Bob, owing Cat $1,000 with $500 to his name, could not pay her and his $400 bid too: sold to
    him, the bank became a second creditor and his bankruptcy went to it whole, Cat getting nothing."""
    state = built(owning(new_game(starting_cash=5000), CAT, *ORANGES), ORANGES, 5)
    state = at(
        state, T0, PayBank(player=BOB, amount=4500, reason="losses"), Decline(player=ANN, deed=BOARDWALK)
    )
    state = at(state, T0 + 1, Bid(player=BOB, amount=400), PayRent(player=BOB, deed=NEW_YORK))
    assert [(d.creditor, d.amount) for d in state.debts] == [(CAT, 1000)] and cash(state, BOB) == 500
    assert history(state, T0 + 20, CloseAuction()) == (
        "Bob can no longer take Boardwalk for $400; the auction starts again without them"
    )
    state = at(state, T0 + 20, CloseAuction())
    assert state.auction.excluded == (BOB,) and state.holding(BOARDWALK).owner == 0
    assert [(d.creditor, d.amount) for d in state.debts] == [(CAT, 1000)] and cash(state, BOB) == 500


def test_a_winner_out_of_the_game_is_left_out_and_the_auction_runs_again(auction):
    state = at(auction, T0 + 1, Bid(player=ANN, amount=10), Bid(player=BOB, amount=100))
    state = state.with_player(BOB, bankrupt=True)
    assert history(state, T0 + 20, CloseAuction()) == (
        "Bob can no longer take Boardwalk for $100; the auction starts again without them"
    )
    state = at(state, T0 + 20, CloseAuction())
    rerun = state.auction
    assert (rerun.high_bid, rerun.high_bidder, rerun.excluded, rerun.deadline) == (0, None, (BOB,), T0 + 40)
    state = at(state, T0 + 21, Bid(player=ANN, amount=5), CloseAuction())
    assert state.holding(BOARDWALK).owner == ANN and cash(state, ANN) == 1495


def test_a_player_left_out_of_the_rerun_cannot_bid_in_it():
    state = at(shortage(), T0, StartBuildingAuction(kind="house"))
    state = at(state, T0 + 1, Bid(player=BOB, amount=60, deed=1), SellBuilding(deed=3), CloseAuction())
    assert refusals(state, Bid(player=BOB, amount=60, deed=1), BOB, T0 + 5) == (
        "Bob could not take the lot they won and sits this auction out.",
        "You could not take the lot you won and sit this auction out.",
    )


def test_when_no_one_is_left_to_bid_the_lot_stays_with_the_bank():
    state = at(new_game(players=2), T0, Decline(player=ANN, deed=BOARDWALK), Bid(player=ANN, amount=15))
    state = at(state.with_player(ANN, bankrupt=True), T0 + 20, CloseAuction())  # rerun: Bob may still bid
    assert state.auction.excluded == (ANN,)
    state = at(state, T0 + 21, Bid(player=BOB, amount=15)).with_player(BOB, bankrupt=True)
    assert history(state, T0 + 40, CloseAuction()) == (
        "Bob can no longer take Boardwalk and nobody else can bid: it stays with the bank"
    )
    state = at(state, T0 + 40, CloseAuction())
    assert state.auction is None and state.holding(BOARDWALK).owner == 0


def test_a_player_out_of_the_game_cannot_bid(auction):
    state = auction.with_player(BOB, bankrupt=True)
    assert refused_at(state, T0 + 1, Bid(player=BOB, amount=10)) == "Bob is out of the game."


@pytest.mark.parametrize(
    "command",
    [Bid(player=BOB, amount=10), CloseAuction(), CancelAuction()],
    ids=["bid", "close", "cancel"],
)
def test_without_an_auction_there_is_nothing_to_bid_on_or_close(command):
    assert refused_at(new_game(), T0, command) == "There is no auction under way."


def test_one_auction_at_a_time(auction):
    message = "The auction of Boardwalk is still under way; one auction at a time."
    assert refused_at(auction, T0 + 1, Decline(player=BOB, deed=PARK_PLACE)) == message
    assert refused_at(auction, T0 + 1, StartBuildingAuction(kind="house")) == message


def test_the_deed_under_the_hammer_cannot_be_bought_outright(auction):
    assert refused_at(auction, T0 + 1, Buy(player=BOB, deed=BOARDWALK)) == (
        "Boardwalk is being auctioned: bid for it instead."
    )


def test_a_bid_naming_another_deed_is_refused(auction):
    assert refused_at(auction, T0 + 1, Bid(player=BOB, amount=10, deed=PARK_PLACE)) == (
        "This auction is for Boardwalk, not Park Place."
    )


def test_declining_an_owned_deed_is_refused():
    state = owning(new_game(), BOB, BOARDWALK)
    assert refused_at(state, T0, Decline(player=ANN, deed=BOARDWALK)) == "Boardwalk is already owned by Bob."


def test_with_auctions_off_a_declined_deed_just_stays_with_the_bank():
    state = new_game(auctions=False)
    assert history(state, T0, Decline(player=ANN, deed=BOARDWALK)) == (
        "Ann did not buy Boardwalk; it stays with the bank"
    )
    assert at(state, T0, Decline(player=ANN, deed=BOARDWALK)).auction is None


def test_jma_bids_move_in_ten_dollar_steps_from_ten():
    state = at(new_game(), T0, Decline(player=ANN, deed=BOARDWALK))
    jma = replace(state, rules=replace(state.rules, preset="jma", auction_step=10))
    assert bid_steps(state) == (1, 10, 50, 100) and bid_steps(jma) == (10, 50, 100)
    assert least_bid(jma) == 10
    assert refused_at(jma, T0 + 1, Bid(player=BOB, amount=15)) == "Bids go up in $10 steps."
    state = at(jma, T0 + 1, Bid(player=BOB, amount=10))
    assert refused_at(state, T0 + 2, Bid(player=CAT, amount=19)) == "Bids go up in $10 steps."
    assert at(state, T0 + 2, Bid(player=CAT, amount=20)).auction.high_bid == 20


# --- building shortages ---------------------------------------------------------------


def shortage() -> GameState:
    """Ann has the dark blues and Bob the browns, all built to 3 houses; the bank is down to 1 house."""
    state = owning(new_game(starting_cash=5000), ANN, PARK_PLACE, BOARDWALK)
    state = owning(state, BOB, 1, 3)
    state = built(built(state, (PARK_PLACE, BOARDWALK), 3), (1, 3), 3)
    return replace(state, houses=1)


def test_the_banker_auctions_one_house_the_bidder_names_their_lot():
    state = at(shortage(), T0, StartBuildingAuction(kind="house"))
    assert (state.auction.kind, state.auction.deadline) == ("house", T0 + 20)
    assert refusals(state, Bid(player=ANN, amount=300), ANN, T0 + 1) == (
        "Say which of Ann's lots the house would go on.",
        "Say which of your lots the house would go on.",
    )


def test_the_least_bid_for_a_building_is_the_house_cost_of_the_bidders_lot():
    state = at(shortage(), T0, StartBuildingAuction(kind="house"))
    assert least_bid(state, 1) == 50 and least_bid(state, PARK_PLACE) == 200
    assert refused_at(state, T0 + 1, Bid(player=ANN, amount=150, deed=PARK_PLACE)) == (
        "The opening bid for a house is at least $200."
    )
    state = at(state, T0 + 1, Bid(player=BOB, amount=60, deed=1))
    assert least_bid(state, 3) == 61 and least_bid(state, BOARDWALK) == 200


def test_the_winner_places_the_building_at_once_and_pays_the_bid():
    state = at(shortage(), T0, StartBuildingAuction(kind="house"))
    state = at(state, T0 + 1, Bid(player=BOB, amount=60, deed=1), Bid(player=ANN, amount=250, deed=BOARDWALK))
    before = cash(state, ANN)
    assert history(state, T0 + 20, CloseAuction()).startswith(
        "Sold! Ann bought a house on Boardwalk for $250"
    )
    state = at(state, T0 + 20, CloseAuction())
    assert state.holding(BOARDWALK).houses == 4 and state.houses == 0
    assert cash(state, ANN) == before - 250


def test_where_a_group_is_built_all_at_once_the_winner_builds_on_every_lot_of_it():
    """The one piece the bank sells stands for a house on every lot of the group (the supply gives
    one per purchase): a house on Boardwalk alone left the dark blues at 4 houses and 3."""
    state = owning(new_game(starting_cash=5000, build_whole_group=True), ANN, PARK_PLACE, BOARDWALK)
    state = replace(built(state, (PARK_PLACE,), 3), houses=1)
    assert (state.holding(PARK_PLACE).houses, state.holding(BOARDWALK).houses) == (3, 3)
    state = at(state, T0, StartBuildingAuction(kind="house"))
    # the least bid is that purchase's price, a house on each lot: $400, not one lot's $200
    assert refused_at(state, T0 + 1, Bid(player=ANN, amount=200, deed=BOARDWALK)) == (
        "The opening bid for a house is at least $400."
    )
    state = at(state, T0 + 1, Bid(player=ANN, amount=400, deed=BOARDWALK))
    state = at(state, T0 + 20, CloseAuction())
    assert (state.holding(PARK_PLACE).houses, state.holding(BOARDWALK).houses) == (4, 4)
    assert state.houses == 0 and cash(state, ANN) == 5000 - 350 - 400 - 3 * 400 - 400


def test_a_game_without_auctions_auctions_no_building():
    for game in (new_game(auctions=False), new_game(preset="monopoly2", seed=1)):
        assert refused_at(game, T0, StartBuildingAuction(kind="house")) == (
            "This game has no auctions: the bank's last buildings go to whoever builds first."
        )


def test_a_building_bid_must_fit_the_building_rules():
    state = at(shortage(), T0, StartBuildingAuction(kind="house"))
    assert refusals(state, Bid(player=ANN, amount=200, deed=1), ANN, T0 + 1) == (
        "Ann does not own Mediterranean Avenue: a building goes on your own lot.",
        "You do not own Mediterranean Avenue: a building goes on your own lot.",
    )
    state = at(state, T0 + 1, Bid(player=BOB, amount=50, deed=1))  # Bob bids for Mediterranean...
    assert state.auction.lot == 1


def test_a_hotel_auction_takes_only_lots_ready_for_a_hotel():
    state = owning(new_game(starting_cash=5000), ANN, PARK_PLACE, BOARDWALK)
    state = built(state, (PARK_PLACE, BOARDWALK), 4)
    state = at(state, T0, StartBuildingAuction(kind="hotel"))
    state = at(state, T0 + 1, Bid(player=ANN, amount=200, deed=BOARDWALK), CloseAuction())
    assert state.holding(BOARDWALK).hotel and state.hotels == 11
    house_auction = at(
        built(owning(new_game(), ANN, 1, 3), (1, 3), 1), T0, StartBuildingAuction(kind="hotel")
    )
    assert refused_at(house_auction, T0 + 1, Bid(player=ANN, amount=50, deed=1)) == (
        "Mediterranean Avenue is ready for a house, and this auction sells a hotel."
    )


def test_a_building_auction_needs_a_building_in_the_bank():
    assert refused_at(replace(new_game(), houses=0), T0, StartBuildingAuction(kind="house")) == (
        "The bank has no houses left to auction."
    )
    assert refused_at(new_game(), T0, StartBuildingAuction(kind="castle")) == (
        "A building auction sells a house or a hotel."
    )


def test_a_building_winner_who_can_no_longer_build_is_left_out():
    state = at(shortage(), T0, StartBuildingAuction(kind="house"))
    # Bob sells a house on Baltic meanwhile: a fourth on Mediterranean would stand uneven
    state = at(state, T0 + 1, Bid(player=BOB, amount=60, deed=1), SellBuilding(deed=3))
    state = at(state, T0 + 20, CloseAuction())
    assert state.auction is not None and state.auction.excluded == (BOB,)


def test_nothing_is_built_while_the_bank_auctions_a_building():
    """The bank down to its last house auctioned it; Bob built it on Baltic at its printed $50
    meanwhile, Ann's $250 bid was left out and the auction ran again for a house the bank no
    longer had."""
    state = at(
        shortage(), T0, StartBuildingAuction(kind="house"), Bid(player=ANN, amount=250, deed=BOARDWALK)
    )
    why = "The bank is auctioning a house: bid for it, or build once the auction is over."
    assert refused_at(state, T0 + 2, Build(deed=3)) == why
    assert refused_at(state, T0 + 2, BuildGroup(deed=1, levels=((1, 4), (3, 3)))) == why
    sold = at(state, T0 + 2, BuildGroup(deed=1, levels=((1, 2), (3, 3))))  # selling goes on
    assert sold.houses == 2 and sold.holding(1).houses == 2
    closed = at(state, T0 + 20, CloseAuction())
    assert closed.holding(BOARDWALK).houses == 4 and closed.houses == 0
    assert (
        at(closed, T0 + 21, SellBuilding(deed=1), Build(deed=1)).holding(1).houses == 3
    )  # over: build again


def test_a_hotel_sold_while_the_bank_auctions_its_last_house_breaks_down_without_it():
    """Cat's hotel on the greens, sold meanwhile, took the house under the hammer to break down
    with, and Ann, who could pay her $250, was left out as if she could not."""
    greens = built(owning(new_game(starting_cash=5000), CAT, 31, 32, 34), (31, 32, 34), 5)
    state = owning(greens, ANN, PARK_PLACE, BOARDWALK)
    state = replace(built(state, (PARK_PLACE, BOARDWALK), 3), houses=1)
    state = at(state, T0, StartBuildingAuction(kind="house"), Bid(player=ANN, amount=250, deed=BOARDWALK))
    sold = at(state, T0 + 2, SellBuilding(deed=31))
    # the bank has no house to spare: the three hotels go, at half their $1,000 each, houses and all
    assert [sold.holding(lot).houses for lot in (31, 32, 34)] == [0, 0, 0] and sold.houses == 1
    assert cash(sold, CAT) == cash(state, CAT) + 1500
    paid = decide(state, SellBuilding(deed=31), T0 + 2)[-1]
    assert paid.describe(state) == (
        "Cat collected $1,500 from the bank (sold 3 hotels in the green group; the bank had 0 houses "
        "to break them down besides the one being auctioned)"
    )
    closed = at(sold, T0 + 20, CloseAuction())
    assert closed.auction is None and closed.holding(BOARDWALK).houses == 4 and closed.houses == 0


# --- undo and the log -------------------------------------------------------------------


def test_undoing_a_sale_brings_the_auction_back_with_time_on_the_clock(auction):
    state = at(auction, T0 + 1, Bid(player=BOB, amount=100), CloseAuction())
    state = at(state, T0 + 60, Undo())
    assert state.auction.high_bidder == BOB and state.holding(BOARDWALK).owner == 0
    assert state.auction.deadline == T0 + 68
    assert cash(state, BOB) == 1500


def test_undoing_a_bid_restores_the_bid_before_it(auction):
    state = at(auction, T0 + 1, Bid(player=BOB, amount=100), Bid(player=CAT, amount=110))
    state = at(state, T0 + 2, Undo())
    assert (state.auction.high_bid, state.auction.high_bidder) == (100, BOB)


def test_auction_commands_read_from_json():
    assert parse_command({"type": "bid", "player": 2, "amount": "$420"}) == Bid(player=2, amount=420)
    assert parse_command({"type": "decline", "player": 1, "deed": 39}) == Decline(player=1, deed=39)
    assert parse_command({"type": "start_building_auction", "kind": "hotel"}) == StartBuildingAuction(
        kind="hotel"
    )
    assert parse_command({"type": "close_auction"}) == CloseAuction()


def test_auction_events_survive_the_log(auction):
    events = decide(auction, Bid(player=BOB, amount=10), T0 + 19.5)
    assert [event_from_json(e.to_json()) for e in events] == events
