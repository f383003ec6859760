"""Money that moved between the parties of a game: what a player's phone flashes when someone
else's action moved theirs ("+$90 from Bob · rent for Boardwalk", "−$10 to Ann · Community Chest
card", an undo's money back), and what the table display animates from payer to payee, so money
moving is noticed, not only a number changing."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from banker.rules.base import Event
from banker.rules.game import GameStarted
from banker.rules.money import Paid
from banker.rules.state import BANK, GameState
from banker.rules.text import Plural, Text
from banker.rules.trades import TradeCompleted
from banker.rules.undo import Undone


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
        elif isinstance(event, GameStarted):  # the short and timed games' deeds dealt, paid for
            moved += [Movement(player, BANK, price, why) for player, price, why in event.dealt_payments()]
        elif isinstance(event, TradeCompleted):
            for payer, payee, amount in (
                (event.proposer, event.partner, event.give_cash),
                (event.partner, event.proposer, event.get_cash),
            ):
                if amount:
                    moved.append(Movement(payer, payee, amount, Text("trade")))
    return moved


def moved_with_undos(events: Iterable[Event], undoable: Mapping[int, Sequence[Event]]) -> list[Movement]:
    """`movements`, with the money an undo among `events` moved back: each payment of the action
    it reverses (`undoable`: the events of each action that may be undone, by seq) the other way,
    the last first."""
    moved = []
    for event in events:
        if isinstance(event, Undone):
            back = reversed(movements(undoable.get(event.seq, ())))
            moved += [Movement(m.payee, m.payer, m.amount, Text("undone")) for m in back]
        else:
            moved += movements((event,))
    return moved


@dataclass(frozen=True)
class Receipt:
    """Money that moved for one player by someone else's action, as their phone tells it: the
    amount big ("+$600", "−$50") and whence or why below it. `kind` is "undone" for money an undo
    moved back, "big" for a large amount typed in by hand, "" otherwise."""

    amount: int  # to the player (> 0) or from them (< 0)
    shown: str
    line: Text
    kind: str = ""


def receipts(state: GameState, events: Iterable[Event], player: int) -> list[Receipt]:
    """The payments to and from `player` among `events`, each as its flash."""
    moved = []
    for event, m in _moves(events):
        if player not in (m.payer, m.payee):
            continue
        big = "big" if isinstance(event, Paid) and event.big else ""
        amount = m.amount if m.payee == player else -m.amount
        moved.append(Receipt(amount, signed(state, amount), _line(state, m, player), big))
    return moved


def undone(state: GameState, undo: Undone, events: Iterable[Event], player: int) -> list[Receipt]:
    """What `player` got back or gave back when the action of `events` was undone, as one flash
    saying what was undone ("Undone: Bob collected $200 from the bank"; "You took back: ..." on the
    phone of the player who took it back)."""
    mine = [m for m in movements(events) if player in (m.payer, m.payee)]
    net = sum(m.amount if m.payee == player else -m.amount for m in mine)
    if not net:
        return []
    return [Receipt(-net, signed(state, -net), undo.describe_to(state, player), "undone")]


def moved_for(
    state: GameState, events: Sequence[Event], undoable: Mapping[int, Sequence[Event]], player: int
) -> list[Receipt]:
    """What one action's `events` moved for `player`: the money an undo among them moved back
    (`undoable`: the events of each action that may be undone, by seq), then the payments they hold."""
    moved: list[Receipt] = []
    for event in events:
        if isinstance(event, Undone):
            moved += undone(state, event, undoable.get(event.seq, ()), player)
    return moved + receipts(state, events, player)


def undoable(state: GameState | None, events: Iterable[Event]) -> dict[int, Sequence[Event]]:
    """The events of each action on `state`'s undo stack, by seq, when an undo is among `events`
    (what `moved_for` reads to say what it moved back); empty otherwise, the stack not read."""
    if state is None or not any(isinstance(event, Undone) for event in events):
        return {}
    return {entry.seq: entry.events for entry in state.undo}


def parties(events: Iterable[Event]) -> set[int]:
    """The players money moved for in `events`."""
    return {party for m in movements(events) for party in (m.payer, m.payee) if party > 0}


def summed(state: GameState, receipts: Sequence[Receipt]) -> Receipt:
    """Flashes a toast has no room for, as one: what they came to ("+$1,050 in 5 earlier
    payments"), so that what a phone is told adds up to its balance's change."""
    total = sum(r.amount for r in receipts)
    shown = signed(state, total) if total else state.money(0)
    kinds = {r.kind for r in receipts}
    kind = next((k for k in ("big", "undone") if k in kinds), "")  # a toast that stays, stays
    line = Plural("in %(n)s earlier payment", "in %(n)s earlier payments", len(receipts))
    return Receipt(total, shown, line, kind)


def signed(state: GameState, amount: int) -> str:
    """ "+$600" or "−$50" (a true minus sign)."""
    return ("+" if amount > 0 else "−") + state.money(abs(amount))


def _moves(events: Iterable[Event]) -> list[tuple[Event, Movement]]:
    return [(event, m) for event in events for m in movements((event,))]


def _line(state: GameState, m: Movement, player: int) -> Text:
    incoming = m.payee == player
    other = m.payer if incoming else m.payee
    name = state.name_of(other)
    if state.has_player(other):
        way = Text("from %(party)s", party=name) if incoming else Text("to %(party)s", party=name)
    else:  # the bank and the pot are places, not people: Korean says 은행에, not 은행에게
        way = Text("from %(place)s", place=name) if incoming else Text("to %(place)s", place=name)
    return Text("%(way)s · %(reason)s", way=way, reason=m.reason) if m.reason else way
