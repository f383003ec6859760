"""The game as pure Python: `decide` turns a command into events, `evolve` applies one.

No web framework, no database, no clock and no randomness in here: time and dice are passed in.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

# Importing a module registers its commands and events.
from banker.rules import (  # noqa: F401
    auctions,
    bankruptcy,
    build_plans,
    buildings,
    cards,
    debts,
    deeds,
    dice,
    fortune,
    jackpot,
    jail,
    levels,
    market,
    money,
    mortgages,
    property_payment,
    rent,
    seating,
    speed,
    tally,
    trades,
    undo,
)
from banker.rules.base import COMMANDS, EVENTS, Command, Event, event_from_json, parse_command
from banker.rules.cards import card_destination
from banker.rules.debts import require_no_debt
from banker.rules.endings import ending
from banker.rules.errors import InvalidCommand, RuleError
from banker.rules.game import GameStarted, start_game
from banker.rules.rent import rent_due
from banker.rules.state import BANK, GameState, Player, Sent
from banker.rules.text import Text
from banker.rules.trade_offers import moment_passed
from banker.rules.undo import TAKE_BACK_SECONDS, TakeBack, describe_action, remember, undo_preview

__all__ = [
    "BANK",
    "COMMANDS",
    "EVENTS",
    "Command",
    "Event",
    "GameStarted",
    "GameState",
    "InvalidCommand",
    "Player",
    "RuleError",
    "Sent",
    "apply_action",
    "card_destination",
    "decide",
    "describe_action",
    "event_from_json",
    "evolve",
    "fold",
    "parse_command",
    "rent_due",
    "start_game",
    "take_back_seconds",
    "undo_preview",
]


def decide(state: GameState, command: Command, now: float = 0.0) -> list[Event]:
    """The events `command` causes, or RuleError with the reason it is refused; when they make one of
    the rules' end conditions fire, the end of the game follows them."""
    if state.ended and not command.after_end:
        raise RuleError(Text("This game has ended."))
    if state.ending and command.closed_when_ending:
        raise RuleError(
            Text("The end of the game has been signalled: no more trades or building until the tally.")
        )
    if isinstance(player := getattr(command, "player", None), int):
        # a seat of the game: the bank (0) and the pot (-1) are parties to payments, never players
        state.player(player)
    if command.spends:
        require_no_debt(state, command.acting_player(state))
    events = command.decide(state, now)
    return [*events, *ending(state, events)]


def evolve(state: GameState, event: Event) -> GameState:
    return event.apply(state)


def apply_action(
    state: GameState | None, seq: int, events: Sequence[Event], sent: Sent | None = None
) -> GameState:
    """Apply one stored action (the events of one command) and make it the new version; `sent`
    says who sent it and when, as the log records it."""
    prior = state
    for event in events:
        state = evolve(state, event)  # type: ignore[arg-type]
    assert state is not None, "a game begins with GameStarted"
    state = moment_passed(state, events)
    if prior is not None:
        state = remember(state, prior, seq, tuple(events), sent)
    return replace(state, seq=seq, played=state.played if all(e.quiet for e in events) else seq)


def fold(actions: Iterable[tuple[Any, ...]], state: GameState | None = None) -> GameState:
    """The state after the stored actions, in order, on top of `state` (a new game if None): each
    action is (seq, events), or (seq, events, sent)."""
    for action in actions:
        state = apply_action(state, *action)
    assert state is not None, "no actions to fold"
    return state


def take_back_seconds(state: GameState, player: int, seq: int, now: float) -> float:
    """How long `player` may still take back the action stored at `seq` from their phone; 0 when
    they cannot (see undo.TakeBack)."""
    try:
        decide(state, TakeBack(player=player, seq=seq), now)
    except RuleError:
        return 0.0
    sent = state.undo[-1].sent
    assert sent is not None
    return sent.at + TAKE_BACK_SECONDS - now
