"""Money that came to a player: what their phone flashes when it next hears from the server
("+$90 from Bob · rent for Boardwalk"), so money coming in is noticed, not only a number changing."""

from __future__ import annotations

from collections.abc import Iterable

from banker.rules.base import Event
from banker.rules.money import Paid
from banker.rules.state import GameState
from banker.rules.text import Text
from banker.rules.trades import TradeCompleted


def receipts(state: GameState, events: Iterable[Event], player: int) -> list[Text]:
    """The payments to `player` among `events`, each as its flash line."""
    lines = []
    for event in events:
        if isinstance(event, Paid) and event.payee == player and event.payer != player:
            lines.append(_line(state, event.payer, event.amount, event.reason))
        elif isinstance(event, TradeCompleted):
            if event.proposer == player and event.get_cash:
                lines.append(_line(state, event.partner, event.get_cash, Text("trade")))
            elif event.partner == player and event.give_cash:
                lines.append(_line(state, event.proposer, event.give_cash, Text("trade")))
    return lines


def _line(state: GameState, payer: int, amount: int, reason: str) -> Text:
    said = {"amount": state.money(amount), "payer": state.name_of(payer)}
    if reason:
        return Text("+%(amount)s from %(payer)s · %(reason)s", reason=reason, **said)
    return Text("+%(amount)s from %(payer)s", **said)
