"""Helpers to set up a table and play commands through the rules, as the service does, and the
US board's colour groups and the set-ups that more than one rules test starts from."""

from __future__ import annotations

import pytest

from banker.rules import Command, GameState, RuleError, Sent, apply_action, decide, fold, start_game
from banker.rules.buildings import Build
from banker.rules.deeds import Buy
from banker.rules.money import PayBank
from banker.rules.rent import PayRent
from banker.rules.state import TradeSide
from banker.rules.trades import ProposeTrade

ANN, BOB, CAT, DAN = 1, 2, 3, 4
NAMES = ["Ann", "Bob", "Cat", "Dan"]

# the US board's street groups
GREEN = (31, 32, 34)
DARK_BLUE = (37, 39)
RED = (21, 23, 24)
YELLOW = (26, 27, 29)
BROWN = (1, 3)
LIGHT_BLUE = (6, 8, 9)
PINK = (11, 13, 14)
ORANGE = (16, 18, 19)
READING, SHORT_LINE, PARK_PLACE, BOARDWALK, BALTIC = 5, 35, 37, 39, 3


def new_game(
    players: int = 3, preset: str = "classic", seed: int | None = None, **options: object
) -> GameState:
    """A fresh game for the first `players` of Ann, Bob, Cat and Dan with the `preset` (classic) and
    `options`; `seed` decides what chance decides at the start (dealt deeds, the deed deck)."""
    return fold([(1, [start_game(NAMES[:players], preset, options=options or None, seed=seed)])])


def run(state: GameState, *commands: Command, now: float = 0.0, by: int | None = None) -> GameState:
    """Decide and apply each command as its own stored action, at server time `now`; `by` is the
    player whose phone sent them (BANK for the banker's), as the log records it."""
    sent = Sent(by=by, at=now) if by is not None else None
    for command in commands:
        state = apply_action(state, state.seq + 1, decide(state, command, now), sent)
    return state


def refusal(state: GameState, command: Command, now: float = 0.0) -> str:
    """The message the rules refuse `command` with (at server time `now`)."""
    with pytest.raises(RuleError) as refused:
        decide(state, command, now)
    return refused.value.message


def refusals(state: GameState, command: Command, player: int, now: float = 0.0) -> tuple[str, str]:
    """A refusal as the bank and the phone of any other player read it, and as `player`'s own phone
    reads it ("Bob owes nothing.", "You owe nothing.")."""
    with pytest.raises(RuleError) as refused:
        decide(state, command, now)
    error = refused.value
    others = {error.message_to(p.id) for p in state.players if p.id != player}
    assert others == {error.message_to(None)}, "another player's phone reads it as the bank does"
    return error.message, error.message_to(player)


def cash(state: GameState, player: int) -> int:
    return state.player(player).cash


def total_cash(state: GameState) -> int:
    """The cash of every player, added up."""
    return sum(player.cash for player in state.players)


def owning(state: GameState, player: int, *positions: int) -> GameState:
    """`player` buys each deed from the bank."""
    return run(state, *(Buy(player=player, deed=position) for position in positions))


def built(state: GameState, positions: tuple[int, ...], level: int) -> GameState:
    """Build evenly round the lots until each is at `level` (houses_before_hotel + 1 is a hotel)."""
    for _ in range(level):
        state = run(state, *(Build(deed=position) for position in positions))
    return state


def assert_building_supply(state: GameState) -> None:
    """Houses in the bank and on the board make the edition's 32; hotels likewise 12 (a hotel holds
    no houses). Where a group is built all at once, one set of pieces stands in the middle of each
    owner's run of lots: as many houses as a lot of it has, or one hotel (Monopoly 2.0)."""
    lots = state.holdings.values()
    runs = [[lot] for lot in lots]
    if state.rules.build_whole_group:
        runs = [
            [state.holding(p) for p in group if state.holding(p).owner == owner]
            for group in state.edition.groups.values()
            for owner in {state.holding(p).owner for p in group}
        ]
    assert state.houses + sum(max(lot.houses for lot in run) for run in runs) == state.edition.houses
    assert state.hotels + sum(any(lot.hotel for lot in run) for run in runs) == state.edition.hotels
    assert state.houses >= 0 and state.hotels >= 0
    assert all(not (lot.hotel and lot.houses) for lot in lots)


def shortage(state: GameState, bank_houses: int) -> GameState:
    """Bob builds on red, yellow and orange until the bank has `bank_houses` left."""
    lots = RED + YELLOW + ORANGE
    state = owning(state, BOB, *lots)
    while state.houses > bank_houses:
        state = run(state, Build(deed=min(lots, key=lambda p: state.holding(p).houses)))
    return state


def short_bob(preset: str = "jma") -> GameState:
    """Bob ($300 cash, Reading and Short Line) landed on Ann's Boardwalk with 2 houses: owes $600."""
    state = owning(new_game(4, preset, starting_cash=3000), ANN, PARK_PLACE, BOARDWALK)
    state = built(state, (PARK_PLACE, BOARDWALK), 2)
    state = owning(state, BOB, READING, SHORT_LINE)
    state = owning(state, CAT, BALTIC)
    state = run(state, PayBank(player=BOB, amount=2300, reason="earlier losses"))
    return run(state, PayRent(player=BOB, deed=BOARDWALK))


def buys(buyer: int, seller: int, deed: int, price: int) -> ProposeTrade:
    """`buyer` offers `seller` `price` in cash for `deed`."""
    return ProposeTrade(player=buyer, to=seller, give=TradeSide(cash=price), get=TradeSide(deeds=(deed,)))
