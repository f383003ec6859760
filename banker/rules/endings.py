"""The end conditions of the presets, checked after every command.

- `cash_target` (Millionaire): a player whose cash, less what they owe, reaches the target wins;
  should two reach it at once, the richer in cash.
- `win_monopolies` (Monopoly 2.0): a player holding that many whole groups (see market.py) wins;
  should two reach it at once, the richer by the tally, and a draw when level.
- `end_at_bankruptcies` (short game: 2, Millionaire: 1): the game ends at that many bankruptcies
  and the richest wins (by the tally, or by cash in Millionaire); a player who resigns is no
  bankruptcy.

The last player standing, the clock (`time_up`) and the table's agreement (`end_game`) end a game
as before.
"""

from __future__ import annotations

from collections.abc import Sequence

from banker.rules.base import Event
from banker.rules.debts import owed
from banker.rules.market import monopolies
from banker.rules.state import GameState
from banker.rules.tally import GameEnded, cut_short, game_over
from banker.rules.undo import Undone


def ending(before: GameState, events: Sequence[Event]) -> list[Event]:
    """The GameEnded event when `events` make an end condition fire, else nothing."""
    rules = before.rules
    if not (rules.cash_target or rules.win_monopolies or rules.end_at_bankruptcies):
        return []
    if any(isinstance(event, Undone) for event in events):
        return []  # an undo restores a state the rules have already checked
    state = before
    for event in events:
        state = event.apply(state)
    if state.ended:
        return []
    standing = [player for player in state.players if not player.bankrupt]
    if rules.cash_target:
        reached = {p.id: p.cash - owed(state, p.id) for p in standing}
        rich = [player for player, cash in reached.items() if cash >= rules.cash_target]
        if rich:  # two at once: the richer in cash, whatever else the tally ranks by
            top = [player for player in rich if reached[player] == max(reached[p] for p in rich)]
            winner = top[0] if len(top) == 1 else None
            return [GameEnded(reason="cash_target", winner=winner, called_off=cut_short(state))]
    if rules.win_monopolies:
        holders = [p.id for p in standing if len(monopolies(state, p.id)) >= rules.win_monopolies]
        if holders:
            return [game_over(state, "monopolies", among=holders)]
    if rules.end_at_bankruptcies:
        gone = sum(player.bankrupt and not player.resigned for player in state.players)
        if gone >= rules.end_at_bankruptcies:
            return [game_over(state, "bankruptcies")]
    return []
