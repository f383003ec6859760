"""What the auction panel shows a phone: the lot, the high bid, the clock, and the one-tap bids
worked out for whoever this phone bids for."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState, Player, RuleError
from banker.rules.auctions import bid_steps, least_bid, lot_name, placement
from banker.rules.board import Deed
from banker.rules.debts import raisable
from banker.rules.text import Text


@dataclass(frozen=True)
class QuickBid:
    amount: int
    raise_: int  # what it adds to the high bid (0: the opening or least bid)
    affordable: bool


@dataclass(frozen=True)
class BidRow:
    """One line of bid buttons: for the deed, or in a building auction for one player's lot."""

    player: Player | None  # None: the banker's acting player bids
    lot: Deed | None
    least: int
    bids: tuple[QuickBid, ...]


@dataclass(frozen=True)
class Panel:
    title: str
    deed: Deed | None  # the deed on sale
    seconds_left: float
    total_seconds: int
    high_bidder: Player | None
    high_bid: int
    rows: tuple[BidRow, ...]
    note: str = ""  # why this phone cannot bid, if it cannot


def panel(state: GameState, now: float, me: Player | None) -> Panel | None:
    """The panel for a player's phone (`me`), or for the banker's (`me` None)."""
    auction = state.auction
    if auction is None:
        return None
    deed = state.deed(auction.deed) if auction.deed is not None else None
    title = lot_name(state, auction.kind, auction.deed)
    if auction.kind != "deed":
        title = Text("A house") if auction.kind == "house" else Text("A hotel")
    common = {
        "title": title,
        "deed": deed,
        "seconds_left": max(0.0, auction.deadline - now),
        "total_seconds": max(state.rules.auction_seconds, state.rules.auction_extension_seconds),
        "high_bidder": state.player(auction.high_bidder) if auction.high_bidder else None,
        "high_bid": auction.high_bid,
    }
    if me is not None:
        note = _cannot_bid(state, me)
        if note:
            return Panel(rows=(), note=note, **common)
    if auction.kind == "deed":
        return Panel(rows=(_row(state, me, None),), **common)
    rows = tuple(
        _row(state, owner, lot)
        for owner, lot in _building_lots(state, auction.kind)
        if me is None or owner.id == me.id
    )
    note = ""
    if not rows:
        note = (
            Text("None of your lots is ready for a house just now.")
            if auction.kind == "house"
            else Text("None of your lots is ready for a hotel just now.")
        )
    return Panel(rows=rows, note=note, **common)


def _cannot_bid(state: GameState, me: Player) -> str:
    auction = state.auction
    assert auction is not None
    if me.bankrupt:
        return Text("You are out of the game.")
    if me.id in auction.excluded:
        return Text("You could not take the lot you won, so you sit this auction out.")
    if auction.high_bidder == me.id:
        return Text("You hold the high bid.")
    return ""


def _row(state: GameState, player: Player | None, lot: Deed | None) -> BidRow:
    """The bids `player` (None on the bank: anyone) can make; a bid may go up to what they could
    raise, which a winner short of cash then raises as a debt."""
    most = raisable(state, player.id) if player is not None else None
    least = least_bid(state, lot.position if lot else None)
    high = state.auction.high_bid if state.auction else 0
    amounts: dict[int, int] = {}
    for step in bid_steps(state):
        amounts.setdefault(max(high + step, least), step)
    bids = tuple(
        QuickBid(
            amount=amount,
            raise_=step if amount == high + step else 0,
            affordable=most is None or amount <= most,
        )
        for amount, step in amounts.items()
    )
    return BidRow(player=player, lot=lot, least=least, bids=bids)


def _building_lots(state: GameState, kind: str) -> list[tuple[Player, Deed]]:
    """Every player's lot that could take the building on sale under the building rules."""
    lots = []
    for deed in state.edition.deeds:
        owner = state.holding(deed.position).owner
        if deed.kind != "street" or not owner:
            continue
        try:
            placement(state, kind, deed.position, owner)
        except RuleError:
            continue
        lots.append((state.player(owner), deed))
    return lots


TEMPLATE_GLOBALS = {"auction_panel": panel}
