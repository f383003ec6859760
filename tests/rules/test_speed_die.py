"""The speed die's moves (000, 스피드 주사위) on the US board: Mr. Monopoly goes on to the nearest
unowned deed ahead, with none left to the nearest unmortgaged deed of another player, and stays
when all those are mortgaged; triples move anywhere, with no salary unless the space is GO."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from banker.rules import describe_action
from banker.rules.auctions import Decline
from banker.rules.jail import GoToJail
from banker.rules.mortgages import Mortgage
from banker.rules.speed import MrMonopoly, TriplesMove, mr_monopoly_target
from banker.rules.state import BANK, Holding
from tests.support.rules import ANN, BOB, cash, new_game, owning, refusal, refusals, run

GO, MEDITERRANEAN, VERMONT, CONNECTICUT, ST_CHARLES = 0, 1, 8, 9, 11
CHANCE_1, CHANCE_2, CHANCE_3 = 7, 22, 36
INDIANA, ILLINOIS, B_AND_O, ATLANTIC, VENTNOR = 23, 24, 25, 26, 27
PARK_PLACE, BOARDWALK = 37, 39
EDITION = new_game().edition
DEEDS = [deed.position for deed in EDITION.deeds]


def speed_game(**options):
    return new_game(preset="speed", starting_cash=10_000, **options)


def everything_owned(ann_but: tuple[int, ...] = (), bob: tuple[int, ...] = ()):
    """Bob owns `bob`, Ann every other deed."""
    state = owning(speed_game(), BOB, *bob)
    return owning(state, ANN, *(p for p in DEEDS if p not in bob and p not in ann_but))


def test_mr_monopoly_goes_on_to_the_nearest_deed_nobody_owns():
    state = speed_game()
    assert mr_monopoly_target(state, ANN, CHANCE_1) == VERMONT
    state = owning(state, BOB, VERMONT, CONNECTICUT)
    assert mr_monopoly_target(state, ANN, CHANCE_1) == ST_CHARLES


def test_mr_monopoly_passes_a_deed_under_the_hammer_or_waiting_for_it():
    """The deed he sent the piece to could not be bought there: the bank auctions it."""
    state = run(speed_game(), Decline(player=BOB, deed=VERMONT))
    assert mr_monopoly_target(state, ANN, CHANCE_1) == CONNECTICUT
    queued = replace(state, auction_queue=(CONNECTICUT,))
    assert mr_monopoly_target(queued, ANN, CHANCE_1) == ST_CHARLES


def test_with_no_other_deed_left_to_buy_mr_monopoly_passes_the_banks_deed_under_the_hammer():
    """The last deed the bank has, being auctioned, is nobody's to charge rent for either: he goes
    on to the nearest deed of another player."""
    state = run(everything_owned(ann_but=(ATLANTIC,), bob=(VENTNOR,)), Decline(player=ANN, deed=ATLANTIC))
    assert state.auction.deed == ATLANTIC
    assert mr_monopoly_target(state, ANN, B_AND_O) == VENTNOR
    queued = replace(state, auction=None, auction_queue=(ATLANTIC,))
    assert mr_monopoly_target(queued, ANN, B_AND_O) == VENTNOR


def test_mr_monopoly_passes_go_for_the_salary_on_the_way_to_a_deed_nobody_owns():
    state = owning(speed_game(), BOB, PARK_PLACE, BOARDWALK)
    before = cash(state, ANN)
    state = run(state, MrMonopoly(player=ANN, from_space=CHANCE_3))
    assert cash(state, ANN) == before + 200
    assert describe_action(state, state.undo[-1].events) == (
        "Mr. Monopoly sent Ann from Chance on to Mediterranean Avenue; Ann collected $200 from the bank (passed GO)"
    )


def test_mr_monopoly_moves_no_money_when_he_does_not_pass_go():
    state = speed_game()
    after = run(state, MrMonopoly(player=ANN, from_space=CHANCE_2))
    assert [p.cash for p in after.players] == [p.cash for p in state.players]
    assert describe_action(after, after.undo[-1].events) == (
        "Mr. Monopoly sent Ann from Chance on to Indiana Avenue"
    )


def test_with_every_deed_owned_mr_monopoly_goes_to_the_nearest_unmortgaged_deed_of_another_player():
    state = everything_owned(bob=(INDIANA, ILLINOIS))
    assert mr_monopoly_target(state, BOB, CHANCE_2) == B_AND_O  # past his own two
    state = run(state, Mortgage(deed=B_AND_O), Mortgage(deed=ATLANTIC))
    assert mr_monopoly_target(state, BOB, CHANCE_2) == VENTNOR


def test_with_every_other_players_deed_mortgaged_mr_monopoly_does_not_move():
    state = everything_owned(bob=(INDIANA,))
    state = run(state, *(Mortgage(deed=p) for p in DEEDS if p != INDIANA))
    assert mr_monopoly_target(state, BOB, CHANCE_2) is None
    assert refusal(state, MrMonopoly(player=BOB, from_space=CHANCE_2)) == (
        "Every deed of the other players is mortgaged: Mr. Monopoly does not move."
    )


def test_the_speed_die_moves_need_the_speed_die_game():
    state = new_game()
    assert (
        refusal(state, MrMonopoly(player=ANN, from_space=CHANCE_1))
        == "This table plays without the speed die."
    )
    assert refusal(state, TriplesMove(player=ANN, to=BOARDWALK)) == "This table plays without the speed die."


def test_a_player_in_jail_rolls_no_speed_die():
    """000: a jailed player rolls only the two dice: triples to GO and Mr. Monopoly each paid them $200."""
    state = run(new_game(3, "speed"), GoToJail(player=ANN))
    assert refusals(state, TriplesMove(player=ANN, to=0), ANN) == (
        "Ann is in jail and rolls only the two dice there: no speed die, so no triples.",
        "You are in jail and roll only the two dice there: no speed die, so no triples.",
    )
    assert refusal(state, MrMonopoly(player=ANN, from_space=39)) == (
        "Ann is in jail and rolls only the two dice there: no speed die, so no Mr. Monopoly."
    )


def test_a_space_off_the_board_is_refused():
    assert refusal(speed_game(), MrMonopoly(player=ANN, from_space=40)) == "There is no board position 40."
    assert refusal(speed_game(), TriplesMove(player=ANN, to=-1)) == "There is no board position -1."


def test_triples_move_anywhere_with_no_salary_on_the_way():
    state = speed_game()
    after = run(state, TriplesMove(player=ANN, to=BOARDWALK))
    assert cash(after, ANN) == cash(state, ANN)
    assert describe_action(after, after.undo[-1].events) == "Ann rolled triples and moved to Boardwalk"


@pytest.mark.parametrize(("just_go", "salary"), [(False, 200), (True, 400)])
def test_triples_to_go_land_on_it_for_the_salary(just_go, salary):
    state = speed_game(just_go=just_go)
    after = run(state, TriplesMove(player=ANN, to=GO))
    assert cash(after, ANN) == cash(state, ANN) + salary


@settings(max_examples=80, deadline=None)
@given(
    owners=st.lists(st.sampled_from([BANK, ANN, BOB]), min_size=len(DEEDS), max_size=len(DEEDS)),
    mortgaged=st.lists(st.booleans(), min_size=len(DEEDS), max_size=len(DEEDS)),
    position=st.integers(0, 39),
)
def test_mr_monopoly_takes_the_nearest_deed_the_rules_allow_and_pays_only_the_salary(
    owners, mortgaged, position
):
    state = speed_game()
    holdings = {
        p: Holding(owner=owner, mortgaged=m and owner != BANK)
        for p, owner, m in zip(DEEDS, owners, mortgaged, strict=True)
    }
    state = replace(state, holdings=holdings)
    target = mr_monopoly_target(state, ANN, position)
    unowned = [(p - position) % 40 for p in DEEDS if p != position and holdings[p].owner == BANK]
    rented = [
        (p - position) % 40
        for p in DEEDS
        if p != position and holdings[p].owner == BOB and not holdings[p].mortgaged
    ]
    if unowned:
        assert (target - position) % 40 == min(unowned)
    elif rented:
        assert (target - position) % 40 == min(rented)
    else:
        assert target is None
    if target is not None:
        after = run(state, MrMonopoly(player=ANN, from_space=position))
        paid = 200 if target < position else 0
        assert [p.cash for p in after.players] == [p.cash + paid * (p.id == ANN) for p in state.players]
