"""Players come and go: a late player, a new name or piece, and a player who resigns."""

from __future__ import annotations

import pytest

from banker.rules import decide
from banker.rules.auctions import Bid, CloseAuction, Decline
from banker.rules.bankruptcy import DeclareBankruptcy
from banker.rules.cards import DrawCard
from banker.rules.money import Paid, PayBank
from banker.rules.mortgages import Mortgage
from banker.rules.seating import AddPlayer, ChangePlayer, Resign
from banker.rules.state import BANK, TradeSide
from banker.rules.trades import ProposeTrade
from banker.rules.undo import Undo
from tests.support.rules import (
    ANN,
    BOB,
    CAT,
    DAN,
    assert_building_supply,
    built,
    cash,
    new_game,
    owning,
    refusal,
    refusals,
    run,
    total_cash,
)

BOARDWALK, PARK_PLACE, READING, BALTIC = 39, 37, 5, 3


def test_a_late_player_gets_the_next_seat_and_the_starting_cash_from_the_bank():
    state = run(new_game(), AddPlayer(name="  Dan ", piece="Dog"))
    dan = state.player(DAN)
    assert (dan.name, dan.token, dan.cash, dan.colour_name) == ("Dan", "Dog", 1500, "Purple")
    assert total_cash(state) == 4 * 1500


@pytest.mark.parametrize(("preset", "options", "start"), [("speed", {}, 2500), ("millionaire", {}, 372)])
def test_a_late_player_starts_with_the_presets_cash(preset, options, start):
    state = run(new_game(2, preset, **options), AddPlayer(name="Cat"))
    assert cash(state, CAT) == start


def test_a_late_player_is_not_dealt_deeds_in_a_short_game():
    state = new_game(2, "short", seed=7)
    state = run(state, AddPlayer(name="Cat"))
    assert cash(state, CAT) == 1500
    assert not any(h.owner == CAT for h in state.holdings.values())


def test_the_ninth_player_is_refused():
    state = new_game(3)
    for name in ("Dan", "Eve", "Fay", "Gus", "Hal"):
        state = run(state, AddPlayer(name=name))
    assert len(state.players) == 8
    assert (
        refusal(state, AddPlayer(name="Ivy")) == "A game seats at most 8 players, and this one has them all."
    )


@pytest.mark.parametrize(
    ("name", "piece", "refused"),
    [
        ("ann", "", "There is already a player called Ann: choose another name."),
        (
            "Аnn",
            "",
            "Аnn looks the same on a screen as Ann, already a player: choose a name the others can tell "
            "apart.",
        ),
        ("Dan", "Dog", "Two players have the piece Dog; give each a different piece."),
        (" ", "", "The name has nothing visible in it: write it in letters people can read."),
        ("Bartholomew Montgomery", "", "Names are at most 20 characters: Bartholomew Montgome… is too long."),
    ],
)
def test_a_new_name_or_piece_passes_the_checks_of_a_new_game(name, piece, refused):
    state = run(new_game(), ChangePlayer(player=BOB, name="Bob", piece="Dog"))
    assert refusal(state, AddPlayer(name=name, piece=piece)) == refused


def test_two_players_with_one_piece_cannot_start_a_game_either():
    from banker.rules import RuleError, start_game

    with pytest.raises(RuleError, match="Two players have the piece dog"):
        start_game(["Ann", "Bob"], tokens=["Dog", "dog"])


def test_the_bank_renames_a_player_and_changes_their_piece():
    state = run(new_game(), ChangePlayer(player=BOB, name="Robert", piece="Cat"))
    assert (state.player(BOB).name, state.player(BOB).token) == ("Robert", "Cat")
    assert refusal(state, ChangePlayer(player=ANN, name="robert")) == (
        "There is already a player called Robert: choose another name."
    )
    assert refusal(state, ChangePlayer(player=ANN, name="Ann", piece="Cat")) == (
        "Two players have the piece Cat; give each a different piece."
    )
    assert refusals(state, ChangePlayer(player=BOB, name="Robert", piece="Cat"), BOB) == (
        "Robert already has that name and piece.",
        "You already have that name and piece.",
    )
    # nor a zero-width space added: "Robert is now called Rob\u200bert" would read the same name
    assert refusals(state, ChangePlayer(player=BOB, name="Rob\u200bert", piece="Cat"), BOB) == (
        "Robert already has that name and piece.",
        "You already have that name and piece.",
    )
    # a player may keep their own name in another case
    assert run(state, ChangePlayer(player=BOB, name="ROBERT", piece="Cat")).player(BOB).name == "ROBERT"


def test_a_resigning_player_leaves_everything_to_the_bank_and_the_deeds_go_to_auction():
    """Cat: the dark blues with 2 houses each, Reading mortgaged, the Chance jail card, $1,500 less
    what was spent. Resigning, everything goes to the bank; the deeds are auctioned unmortgaged."""
    state = owning(new_game(starting_cash=3000), CAT, PARK_PLACE, BOARDWALK, READING)
    state = built(state, (PARK_PLACE, BOARDWALK), 2)
    state = run(state, Mortgage(deed=READING), DrawCard(player=CAT, deck="chance", card="CH09"))
    left = cash(state, CAT)
    assert left == 3000 - 350 - 400 - 200 - 4 * 200 + 100
    before = total_cash(state)
    (paid,) = [e for e in decide(state, Resign(player=CAT), 100.0) if isinstance(e, Paid)]
    assert (paid.payee, paid.amount, paid.reason) == (BANK, left, "leaving the game")
    state = run(state, Resign(player=CAT), now=100.0)
    cat = state.player(CAT)
    assert cat.bankrupt and cat.resigned and cat.cash == 0 and cat.jail_cards == () and cat.place == 3
    assert total_cash(state) == before - left
    assert all(
        state.holding(p).owner == BANK and not state.holding(p).mortgaged for p in (PARK_PLACE, BOARDWALK)
    )
    assert state.houses == 32 and not state.holding(BOARDWALK).houses
    assert_building_supply(state)
    assert state.auction is not None and state.auction.deed == READING
    assert state.auction_queue == (PARK_PLACE, BOARDWALK)
    assert not state.ended


def test_without_auctions_the_deeds_of_a_resigning_player_stay_with_the_bank():
    state = owning(new_game(auctions=False), CAT, BALTIC)
    state = run(state, Resign(player=CAT))
    assert state.holding(BALTIC).owner == BANK and state.auction is None


def test_open_offers_lapse_and_debts_owed_to_the_resigning_player_are_forgiven():
    state = run(
        new_game(),
        ProposeTrade(player=ANN, to=CAT, give=TradeSide(cash=10), get=TradeSide()),
        PayBank(player=BOB, amount=1400, reason="fine"),
    )
    assert state.trades
    state = run(state, Resign(player=CAT))
    assert state.trades == ()


def test_a_player_who_owes_or_holds_the_high_bid_cannot_resign():
    state = run(new_game(), PayBank(player=CAT, amount=2000, reason="fine"))
    assert refusals(state, Resign(player=CAT), CAT) == (
        "Cat owes $2,000: pay the debt or declare bankruptcy; a player cannot leave it behind.",
        "You owe $2,000: pay the debt or declare bankruptcy; a player cannot leave it behind.",
    )
    state = run(new_game(), Decline(player=ANN, deed=BALTIC), Bid(player=CAT, amount=30))
    assert refusals(state, Resign(player=CAT), CAT) == (
        "Cat holds the high bid in the auction under way: leave once it is over (or the banker cancels it).",
        "You hold the high bid in the auction under way: leave once it is over (or the banker cancels it).",
    )
    state = run(state, Resign(player=BOB), CloseAuction())
    assert state.holding(BALTIC).owner == CAT


def test_the_second_last_player_resigning_leaves_a_winner():
    state = run(new_game(2), Resign(player=BOB))
    assert state.ended and state.winner == ANN


def test_a_resignation_is_no_bankruptcy_that_ends_a_short_game():
    state = run(new_game(3, "short", seed=3), Resign(player=CAT))
    assert not state.ended
    state = run(state, PayBank(player=BOB, amount=50_000, reason="ruin"), DeclareBankruptcy(player=BOB))
    assert not state.ended or state.winner == ANN  # the last player standing, not the second bankruptcy


def test_a_player_may_resign_from_their_own_phone_but_not_take_it_back():
    from banker.rules.undo import TakeBack

    state = run(new_game(), Resign(player=CAT), by=CAT)
    assert Resign(player=CAT).allowed_for(state, CAT)
    assert refusal(state, TakeBack(player=CAT, seq=state.seq)) == (
        "Leaving the game cannot be taken back from a player's phone; the banker can undo it."
    )


@pytest.mark.parametrize(
    "command", [AddPlayer(name="Dan", piece="Dog"), ChangePlayer(player=BOB, name="Rob"), Resign(player=CAT)]
)
def test_each_change_of_the_table_is_in_the_history_and_undone_exactly(command):
    state = owning(new_game(), CAT, BALTIC)
    after = run(state, command)
    assert after.undo[-1].events
    undone = run(after, Undo())
    assert undone.players == state.players and undone.holdings == state.holdings
    assert total_cash(undone) == total_cash(state)
