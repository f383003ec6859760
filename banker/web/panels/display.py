"""What the table display shows, worked out from the game's state: the board as a ring of the
edition's spaces, every player's standing, and the money each change moved, from payer to payee.

The display reads the same for every display of a game (it has no seat), so its board is drawn
once per game and seq, and what the live stream pushes to it once per change (banker/web/push.py)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from markupsafe import Markup

from banker.rules import GameState, Player
from banker.rules.auctions import AuctionClosed
from banker.rules.bankruptcy import WentBankrupt
from banker.rules.base import Event
from banker.rules.debts import owed
from banker.rules.receipts import Movement, movements
from banker.rules.seating import Resigned
from banker.rules.state import BANK, FREE_PARKING
from banker.rules.tally import seat_lines
from banker.rules.text import Text
from banker.rules.undo import Undone
from banker.web.panels import fragments, worked_out

TICKER = 6  # the latest history lines the display shows (static/css/display.css shows as many)


@dataclass(frozen=True)
class Cell:
    row: int  # 1-based grid lines of the ring's square
    column: int


def ring(count: int) -> tuple[int, tuple[Cell, ...]]:
    """The side of the square grid and each space's cell, GO in the bottom right corner and the
    spaces in board order: along the bottom to the left, up, along the top, and down, as printed.
    40 spaces make 11 cells a side; another count takes the smallest square that holds it."""
    side = max(3, -(-count // 4) + 1)
    last = side - 1  # steps along each side
    cells = []
    for i in range(count):
        edge, step = divmod(i, last)
        if edge == 0:
            cell = Cell(side, side - step)
        elif edge == 1:
            cell = Cell(side - step, 1)
        elif edge == 2:
            cell = Cell(1, 1 + step)
        else:
            cell = Cell(1 + step, side)
        cells.append(cell)
    return side, tuple(cells)


@dataclass(frozen=True)
class Standing:
    player: Player
    worth: int  # the tally's net worth: cash, deeds, buildings, the debts counted as paid
    owes: int  # what they owe and could not pay yet


def standings(state: GameState) -> tuple[Standing, ...]:
    """Every player's card, worked out once per state: each change compares them with the last."""
    return worked_out(state, "standings", lambda: _standings(state))


def _standings(state: GameState) -> tuple[Standing, ...]:
    return tuple(
        Standing(player=p, worth=line.total, owes=owed(state, p.id))
        for p, line in zip(state.players, seat_lines(state), strict=True)
    )


def party_name(state: GameState, party: int) -> str:
    if party == BANK:
        return Text("Bank")
    if party == FREE_PARKING:
        return Text("Free Parking")
    return state.player(party).name


def movement_line(state: GameState, moved: Movement) -> Text:
    """ "Bob → Ann $90 · rent on Oriental Avenue", as the display flies it across the table."""
    said = {
        "payer": party_name(state, moved.payer),
        "payee": party_name(state, moved.payee),
        "amount": state.money(moved.amount),
    }
    if moved.reason:
        return Text("%(payer)s → %(payee)s %(amount)s · %(reason)s", reason=moved.reason, **said)
    return Text("%(payer)s → %(payee)s %(amount)s", **said)


def spoken(state: GameState, events: Sequence[Event]) -> list[Text]:
    """What the display says aloud for one action, when its voice is on: "Bob paid Ann $600,
    rent for Boardwalk", "Sold to Ann for $160" (the sale's own payment goes unsaid), "Cy is
    bankrupt"."""
    said: list[Text] = []
    sold = any(isinstance(e, AuctionClosed) and e.outcome == "sold" for e in events)
    for event in events:
        if isinstance(event, AuctionClosed) and event.outcome == "sold" and event.player is not None:
            said.append(
                Text(
                    "Sold to %(player)s for %(amount)s",
                    player=state.name_of(event.player),
                    amount=state.money(event.amount),
                )
            )
        elif isinstance(event, Resigned):
            said.append(event.describe(state))
        elif isinstance(event, WentBankrupt):
            said.append(Text("%(player)s is bankrupt", player=state.name_of(event.player)))
        elif isinstance(event, Undone):  # its money flies back; what it undid is said
            said.append(event.describe(state))
        elif not sold:
            said += [_paid_aloud(state, m) for m in movements((event,))]
    return said


def _paid_aloud(state: GameState, moved: Movement) -> Text:
    amount = state.money(moved.amount)
    if moved.payer == BANK:
        paid = Text("The bank paid %(payee)s %(amount)s", payee=state.name_of(moved.payee), amount=amount)
    elif moved.payee == BANK:
        paid = Text("%(payer)s paid the bank %(amount)s", payer=state.name_of(moved.payer), amount=amount)
    else:
        payer, payee = state.name_of(moved.payer), state.name_of(moved.payee)
        paid = Text("%(payer)s paid %(payee)s %(amount)s", payer=payer, payee=payee, amount=amount)
    return Text("%(paid)s, %(reason)s", paid=paid, reason=moved.reason) if moved.reason else paid


def display_board(game_id: str, state: GameState) -> Markup:
    return fragments.rendered("display/_board.html", (game_id, state.seq), game_id=game_id, state=state)


TEMPLATE_GLOBALS = {
    "display_board": display_board,
    "display_ring": ring,
    "display_standings": standings,
    "movement_line": movement_line,
    "ticker_lines": TICKER,
}
