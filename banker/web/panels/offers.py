"""Action buttons: what a button would do, with the cash it moves for the acting player or why it
cannot be done now, worked out by running the rules on the current state before anyone confirms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from banker.rules import BANK, Command, GameState, RuleError, decide, parse_command
from banker.rules.debts import bank_before_player
from banker.rules.errors import said_to
from banker.rules.inputs import MAX_AMOUNT
from banker.rules.money import DebtIncurred, Paid
from banker.rules.receipts import signed
from banker.rules.text import Text


@dataclass(frozen=True)
class Confirm:
    """Asked on the app's own sheet before a button acts: what it means, and the one big button
    that names what happens ("Declare Ann bankrupt to Bob")."""

    question: str
    do: str


@dataclass(frozen=True)
class Offer:
    label: str
    payload: dict[str, Any]
    refused: str | None = None  # why it cannot be done right now
    style: str = ""
    amount: str = ""  # the cash it moves for the acting player ("+$30"), shown after the label
    short: int = 0  # refused only for want of this much more cash
    moved: int = 0  # the cash it moves for the acting player, as a number
    confirm: Confirm | None = None
    banker_only: str | None = None  # why a player's own phone may not send it, though the bank may
    player: int | None = None  # the player it acts for
    to_you: tuple[int, str] | None = None  # (player, why it is refused as their own phone says it)

    def refused_on(self, view: str) -> str | None:
        """Why the phone showing `view` may not send it now (None: it may); a player's phone shows
        its own player's buttons, and reads their refusals to them ("You owe…")."""
        return self.refused_to(self.player if view == "player" else None) or (
            self.banker_only if view == "player" else None
        )

    def refused_to(self, player: int | None) -> str | None:
        """Why it cannot be done now, as `player` reads it on their own phone (None: the bank)."""
        return said_to(self.refused, self.to_you, player) if self.refused else None


def offer(
    state: GameState, payload: dict[str, Any], label: str, style: str = "", with_amount: bool = True
) -> Offer:
    """An action button; with `with_amount` it shows after its label the cash it moves for the
    acting player ("Mortgage · +$30")."""
    player = payload.get("player") or state.holding(payload.get("deed", -1)).owner
    # a roll is tried on any faces: whether it may be rolled does not turn on what it shows
    command = parse_command(payload).thrown(lambda faces: faces[0])
    try:
        events = decide(state, command)
    except RuleError as error:
        short = _short(state, command, player)
        return Offer(label, payload, error.message, style, short=short, player=player, to_you=error.to_you)
    moved = sum(
        (e.amount if e.payee == player else -e.amount if e.payer == player else 0)
        for e in events
        if isinstance(e, Paid)
    )
    owed = sum(e.amount for e in events if isinstance(e, DebtIncurred) and e.debtor == player)
    owed_to = sum(e.amount for e in events if isinstance(e, DebtIncurred) and e.creditor == player)
    amount = signed(state, moved) if moved else ""
    if owed:  # more than the cash in hand: it will be owed, and the label says so
        amount = Text("−%(amount)s, owed", amount=state.money(owed))
    elif owed_to:  # a birthday a player cannot pay yet: what comes now, and what they will owe
        amount = Text("%(now)s, +%(owed)s owed", now=amount or state.money(0), owed=state.money(owed_to))
    held = bank_before_player(state, events)  # said on the acting player's own phone, the one it shows on
    banker_only = command.refused_to_players(state) or (held.message_to(player) if held else None)
    return Offer(
        label,
        payload,
        None,
        style,
        amount if with_amount else "",
        moved=moved,
        banker_only=banker_only,
        player=player,
    )


def _short(state: GameState, command: Command, player: int) -> int:
    """How much more cash `player` needs for the refused `command`, found by asking the rules
    again with the cash it needs; 0 when more cash would not make it go through."""
    if player in (BANK, None):
        return 0
    cash = state.player(player).cash
    try:
        events = decide(state.with_player(player, cash=cash + MAX_AMOUNT), command)
    except RuleError:
        return 0
    spent = sum(e.amount if e.payer == player else -e.amount for e in events if isinstance(e, Paid))
    return max(spent - cash, 0)
