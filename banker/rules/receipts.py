"""Money that moved between the parties of a game: what a player's phone flashes when money came
to them ("+$90 from Bob · rent for Boardwalk"), and what the table display animates from payer
to payee, so money moving is noticed, not only a number changing."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from banker.rules.base import Event
from banker.rules.money import Paid
from banker.rules.state import GameState
from banker.rules.text import Text
from banker.rules.trades import TradeCompleted


@dataclass(frozen=True)
class Movement:
    """`amount` went from `payer` to `payee` (a player, BANK or FREE_PARKING), for `reason`."""

    payer: int
    payee: int
    amount: int
    reason: str  # a Text, or words a player typed; "" when none was given


def movements(events: Iterable[Event]) -> list[Movement]:
    """The money that changed hands in `events`, in the order it did."""
    moved = []
    for event in events:
        if isinstance(event, Paid) and event.payer != event.payee:
            moved.append(Movement(event.payer, event.payee, event.amount, event.reason))
        elif isinstance(event, TradeCompleted):
            for payer, payee, amount in (
                (event.proposer, event.partner, event.give_cash),
                (event.partner, event.proposer, event.get_cash),
            ):
                if amount:
                    moved.append(Movement(payer, payee, amount, Text("trade")))
    return moved


def receipts(state: GameState, events: Iterable[Event], player: int) -> list[Text]:
    """The payments to `player` among `events`, each as its flash line."""
    return [_line(state, m.payer, m.amount, m.reason) for m in movements(events) if m.payee == player]


def _line(state: GameState, payer: int, amount: int, reason: str) -> Text:
    said = {"amount": state.money(amount), "payer": state.name_of(payer)}
    if reason:
        return Text("+%(amount)s from %(payer)s · %(reason)s", reason=reason, **said)
    return Text("+%(amount)s from %(payer)s", **said)
