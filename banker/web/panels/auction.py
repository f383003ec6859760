"""What the auction panel shows: the lot, the high bid, the clock, and the one-tap bids.

The panel reads the same on every player's phone, so a bid is rendered once for all of them and
pushed over the live stream: each phone then leaves out what is not its own (static/js/table.js):
another player's lots in a building auction, the bids above what its player could raise (the
wallet's data-most), and all bids when its player holds the high bid or sits the auction out."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState, Player, RuleError
from banker.rules.auctions import bid_steps, least_bid, lot_name, placement, running
from banker.rules.board import Deed
from banker.rules.debts import raisable
from banker.rules.text import Text, listing


@dataclass(frozen=True)
class QuickBid:
    amount: int
    raise_: int  # what it adds to the high bid (0: the opening or least bid)


@dataclass(frozen=True)
class BidRow:
    """One line of bid buttons: for the deed, or in a building auction for one player's lot."""

    player: Player | None  # None: the deed, for whoever bids (the phone's player, the bank's acting one)
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
    then: str = ""  # the deeds of a bankrupt player's estate auctioned after this one, if any


def panel(state: GameState, now: float) -> Panel | None:
    """The panel of the auction under way, with a line of bids for the deed or one for every
    player's lot that could take the building on sale."""
    auction = state.auction
    if auction is None:
        return None
    title = lot_name(state, auction.kind, auction.deed)
    if auction.kind != "deed":
        title = Text("A house") if auction.kind == "house" else Text("A hotel")
    if auction.kind == "deed":
        rows: tuple[BidRow, ...] = (_row(state, None, None),)
    else:
        rows = tuple(_row(state, owner, lot) for owner, lot in _building_lots(state, auction.kind))
    return Panel(
        title=title,
        deed=state.deed(auction.deed) if auction.deed is not None else None,
        seconds_left=max(0.0, auction.deadline - now),
        total_seconds=max(state.rules.auction_seconds, state.rules.auction_extension_seconds),
        high_bidder=state.player(auction.high_bidder) if auction.high_bidder else None,
        high_bid=auction.high_bid,
        rows=rows,
        then=listing([state.deed(position).name for position in state.auction_queue])
        if state.auction_queue
        else "",
    )


def _row(state: GameState, player: Player | None, lot: Deed | None) -> BidRow:
    """The bids for the lot of `player` (None: the deed, for anyone)."""
    least = least_bid(state, lot.position if lot else None)
    high = state.auction.high_bid if state.auction else 0
    outbid = bool(state.auction and state.auction.high_bidder)  # else every bid opens the bidding
    amounts: dict[int, int] = {}
    for step in bid_steps(state):
        amounts.setdefault(max(high + step, least), step)
    bids = tuple(
        QuickBid(amount=amount, raise_=step if outbid and amount == high + step else 0)
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


def notes(state: GameState) -> dict[str, str]:
    """Why a player's phone shows no bids, by what its script found (static/js/table.js)."""
    auction = running(state)
    kind = auction.kind
    excluded = Text("You could not take the lot you won, so you sit this auction out.")
    if state.rules.decliner_barred and auction.declined_by:  # the decliner sits out from the start
        excluded = Text(
            "You declined to buy it (or could not take it when you won): you sit this auction out."
        )
    why = {
        "out": Text("You are out of the game."),
        "excluded": excluded,
        "high": Text("You hold the high bid."),
    }
    if kind == "house":
        why["none"] = Text("None of your lots is ready for a house just now.")
    elif kind == "hotel":
        why["none"] = Text("None of your lots is ready for a hotel just now.")
    return why


def bid_limit(state: GameState, player: Player) -> int:
    """The most `player` may bid: what they could raise (a winner short of cash owes the rest)."""
    return raisable(state, player.id)


TEMPLATE_GLOBALS = {"auction_panel": panel, "auction_notes": notes, "bid_limit": bid_limit}
