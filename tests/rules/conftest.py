"""Helpers to set up a table and play commands through the rules, as the service does."""

from __future__ import annotations

import pytest

from banker.rules import Command, GameState, RuleError, Sent, apply_action, decide, fold, start_game
from banker.rules.buildings import Build
from banker.rules.deeds import Buy

ANN, BOB, CAT, DAN = 1, 2, 3, 4
NAMES = ["Ann", "Bob", "Cat", "Dan"]


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


def cash(state: GameState, player: int) -> int:
    return state.player(player).cash


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
