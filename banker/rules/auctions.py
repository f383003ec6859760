"""Auctions: the bank sells a declined deed, or one building in a shortage, to the highest bidder.

The clock is the server's and comes in as `now`. An auction opens with `auction_seconds` on the
clock and every bid leaves at least `auction_extension_seconds`, so nobody wins by sniping. When
the deadline passes, whoever notices first (the service's timer or any request) sends
`close_auction`; the events are appended once, so a second closer finds nothing left to close. A
clock that ran out while no server could take bids (`resume_auction`) runs again instead.
The banker may also close early or cancel.

The highest bidder pays the bank and takes the deed, or places the building on the lot named with
the bid under the normal building rules (the bid replaces the price of that purchase, which is its
minimum: where a group is built all at once, the house or hotel on every lot of it).
A bid is judged against what the bidder could raise (cash, mortgage values and half the buildings:
000 note 22, 002), not the cash in hand. A winner short of cash owes the bank the rest as a debt and
raises it like any other. A winner who can no longer pay even by raising everything, or take the
lot (out of the game, or the building no longer fits the building rules), is left out: the sale is
cancelled and the auction runs again without them (002, 権利書の競売). Nobody bids: the deed stays
with the bank.

Auction variants, each an option:
- `auction_opening_price` (000: 「경매 시작가는 은행을 맡은 사람 마음대로」): before the first bid the
  bank names the opening price (`set_opening_price`, the clock starts again); lower bids are refused.
- `no_unsold_lots` (000: 「유찰은 허용되지 않는다. 안 팔릴 경우 당연히 최저가 입찰로 바꿔
  경매에 부친다」): when nobody bids at the opening price, the auction runs again from the least
  bid (no new opening price); nobody bidding even then, the deed stays with the bank (the bank
  cannot make anyone bid).
- `decliner_barred` (003, first section: "The player who has refused to purchase real estate does
  not take part in the auction"): the decliner sits the auction out.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.base import Amount, Command, Event, require
from banker.rules.buildings import BuildingsChanged, next_purchase
from banker.rules.debts import owed, raisable
from banker.rules.deeds import DeedBought, for_sale, owners_lots
from banker.rules.errors import RuleError
from banker.rules.money import purchase, require_round
from banker.rules.state import Auction, GameState
from banker.rules.text import ITEMS, Parts, Text

BUILDINGS = ("house", "hotel")


LATE_BIDS_LOOK_BACK = 5  # actions after an auction closes in which a bid is told how it ended
BUILDING_NAMES = {"house": Text("a house"), "hotel": Text("a hotel")}


def lot_name(state: GameState, kind: str, deed: int | None) -> str:
    """What is on sale, in words: the deed's name, or "a house" ("a house on Boardwalk")."""
    if kind == "deed":
        return state.deed(deed).name
    if deed is None:
        return BUILDING_NAMES[kind]
    if kind == "hotel":
        return Text("a hotel on %(deed)s", deed=state.deed(deed).name)
    return Text("a house on %(deed)s", deed=state.deed(deed).name)


def running(state: GameState) -> Auction:
    require(state.auction is not None, Text("There is no auction under way."))
    assert state.auction is not None
    return state.auction


def bid_steps(state: GameState) -> tuple[int, ...]:
    """The one-tap raises the screens offer: +$1 +$10 +$50 +$100, those the step allows."""
    step = state.rules.auction_step
    return tuple(raise_ for raise_ in (1, 10, 50, 100) if raise_ >= step and raise_ % step == 0)


def least_bid(state: GameState, lot: int | None = None) -> int:
    """The smallest bid the auction takes now; in a building auction, on `lot`."""
    auction = running(state)
    least = max(auction.high_bid + state.rules.auction_step, auction.opening)
    if auction.kind != "deed" and lot is not None:
        lots = owners_lots(state, lot) if state.rules.build_whole_group else (lot,)
        deeds = [state.deed(p) for p in lots]
        least = max(least, sum(d.house_cost if auction.kind == "house" else d.hotel_cost for d in deeds))
    return least


def _no_auction_running(state: GameState) -> None:
    if state.auction is not None:
        what = lot_name(state, state.auction.kind, state.auction.deed)
        raise RuleError(Text("The auction of %(lot)s is still under way; one auction at a time.", lot=what))


@dataclass(frozen=True)
class AuctionOpened(Event):
    type = "auction_opened"
    is_news = True
    kind: str
    deadline: float
    deed: int | None = None
    declined_by: int | None = None

    def apply(self, state: GameState) -> GameState:
        queue = state.auction_queue
        if queue and queue[0] == self.deed:
            queue = queue[1:]
        barred = (self.declined_by,) if state.rules.decliner_barred and self.declined_by else ()
        auction = Auction(
            kind=self.kind,
            deadline=self.deadline,
            deed=self.deed,
            excluded=barred,
            declined_by=self.declined_by,
        )
        return replace(state, auction=auction, auction_queue=queue)

    def describe(self, state: GameState) -> Text:
        what = lot_name(state, self.kind, self.deed)
        if self.declined_by is not None:
            return Text(
                "%(player)s did not buy %(lot)s; the bank auctions it",
                player=state.name_of(self.declined_by),
                lot=what,
            )
        return Text("The bank auctions %(lot)s", lot=what)


def next_in_line(state: GameState, now: float) -> list[Event]:
    """Open the auction of the next deed waiting in the bank's queue, if any."""
    if not state.auction_queue:
        return []
    deadline = now + state.rules.auction_seconds
    return [AuctionOpened(kind="deed", deadline=deadline, deed=state.auction_queue[0])]


@dataclass(frozen=True)
class AuctionsQueued(Event):
    """Deeds the bank will auction, in this order, once the auction under way has closed."""

    type = "auctions_queued"
    deeds: tuple[int, ...]

    def apply(self, state: GameState) -> GameState:
        return replace(state, auction_queue=(*state.auction_queue, *self.deeds))

    def describe(self, state: GameState) -> Text:
        deeds = Parts([state.deed(p).name for p in self.deeds], ITEMS)
        return Text("The bank will auction next: %(deeds)s", deeds=deeds)


@dataclass(frozen=True)
class Declined(Event):
    """A deed not bought with auctions switched off: it stays with the bank."""

    type = "declined"
    player: int
    deed: int

    def apply(self, state: GameState) -> GameState:
        return state

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s did not buy %(deed)s; it stays with the bank",
            player=state.name_of(self.player),
            deed=state.deed(self.deed).name,
        )


@dataclass(frozen=True)
class BidPlaced(Event):
    """`deed` is the deed on sale, or in a building auction the bidder's lot."""

    type = "bid_placed"
    player: int
    amount: int
    deadline: float
    kind: str
    deed: int | None = None

    def apply(self, state: GameState) -> GameState:
        auction = replace(
            state.auction,  # type: ignore[arg-type]
            high_bid=self.amount,
            high_bidder=self.player,
            lot=self.deed if self.kind != "deed" else None,
            deadline=self.deadline,
        )
        return replace(state, auction=auction)

    def describe(self, state: GameState) -> Text:
        what = lot_name(state, self.kind, self.deed)
        return Text(
            "%(player)s bid %(amount)s for %(lot)s",
            player=state.name_of(self.player),
            amount=state.money(self.amount),
            lot=what,
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        if you != self.player:
            return self.describe(state)
        what = lot_name(state, self.kind, self.deed)
        return Text("You bid %(amount)s for %(lot)s", amount=state.money(self.amount), lot=what)


@dataclass(frozen=True)
class AuctionRerun(Event):
    """The winner can no longer take the lot: the auction starts again without them."""

    type = "auction_rerun"
    is_news = True
    player: int
    amount: int
    deadline: float
    kind: str
    deed: int | None = None

    def apply(self, state: GameState) -> GameState:
        auction = state.auction
        assert auction is not None
        rerun = Auction(
            kind=auction.kind,
            deadline=self.deadline,
            deed=auction.deed,
            excluded=(*auction.excluded, self.player),
            declined_by=auction.declined_by,
        )
        return replace(state, auction=rerun)

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s can no longer take %(lot)s for %(amount)s; the auction starts again without them",
            player=state.name_of(self.player),
            lot=lot_name(state, self.kind, self.deed),
            amount=state.money(self.amount),
        )


@dataclass(frozen=True)
class OpeningPriceSet(Event):
    """The bank named the opening price (auction_opening_price); the clock starts again."""

    type = "opening_price_set"
    is_news = True
    amount: int
    deadline: float
    kind: str
    deed: int | None = None

    def apply(self, state: GameState) -> GameState:
        auction = replace(state.auction, opening=self.amount, deadline=self.deadline)  # type: ignore[arg-type]
        return replace(state, auction=auction)

    def describe(self, state: GameState) -> Text:
        return Text(
            "The bank opens the auction of %(lot)s at %(amount)s",
            lot=lot_name(state, self.kind, self.deed),
            amount=state.money(self.amount),
        )


@dataclass(frozen=True)
class AuctionReopened(Event):
    """Nobody bid at the opening price, which may not leave the lot unsold (no_unsold_lots): the
    auction runs again from the least bid (nobody bidding even that, the lot stays with the bank)."""

    type = "auction_reopened"
    is_news = True
    opening: int
    deadline: float
    kind: str
    deed: int | None = None

    def apply(self, state: GameState) -> GameState:
        auction = replace(state.auction, opening=0, reopened=True, deadline=self.deadline)  # type: ignore[arg-type]
        return replace(state, auction=auction)

    def describe(self, state: GameState) -> Text:
        return Text(
            "Nobody bid %(amount)s for %(lot)s: the bank auctions it again from the least bid",
            amount=state.money(self.opening),
            lot=lot_name(state, self.kind, self.deed),
        )


@dataclass(frozen=True)
class AuctionResumed(Event):
    """The auction's clock ran out while no server could take its bids (stopped, asleep, the game
    still in its file): it runs again for the auction's time, its bids kept."""

    type = "auction_resumed"
    is_news = True
    deadline: float
    kind: str
    deed: int | None = None

    def apply(self, state: GameState) -> GameState:
        return replace(state, auction=replace(state.auction, deadline=self.deadline))  # type: ignore[arg-type]

    def describe(self, state: GameState) -> Text:
        return Text(
            "Nobody could bid while the bank was away: the auction of %(lot)s goes on",
            lot=lot_name(state, self.kind, self.deed),
        )


@dataclass(frozen=True)
class AuctionClosed(Event):
    """`outcome` is "sold" (the payment and the deed or building follow), "unsold", "untaken" (the
    winner can no longer take it and nobody else may bid) or "cancelled"."""

    type = "auction_closed"
    is_news = True
    outcome: str
    kind: str
    deed: int | None = None
    player: int | None = None
    amount: int = 0

    def apply(self, state: GameState) -> GameState:
        return replace(state, auction=None)

    def describe(self, state: GameState) -> Text:
        if self.outcome == "sold" and self.player is not None:
            return Text("Sold! %(sale)s", sale=self.sale(state))
        what = lot_name(state, self.kind, self.deed)
        if self.outcome == "untaken" and self.player is not None:
            return Text(
                "%(player)s can no longer take %(lot)s and nobody else can bid: it stays with the bank",
                player=state.name_of(self.player),
                lot=what,
            )
        if self.outcome == "cancelled":
            return Text("The banker cancelled the auction of %(lot)s", lot=what)
        return Text("Nobody bid: %(lot)s stays with the bank", lot=what)

    def sale(self, state: GameState) -> Text:
        """ "Ann bought Boardwalk for $400", for a sold lot."""
        return Text(
            "%(player)s bought %(lot)s for %(amount)s",
            player=state.name_of(self.player),  # type: ignore[arg-type]
            lot=lot_name(state, self.kind, self.deed),
            amount=state.money(self.amount),
        )


def too_late(state: GameState) -> Text:
    """Why a bid is refused when no auction is under way: mostly it was tapped on a screen still
    showing one that has just closed, so it says how that one ended."""
    for entry in reversed(state.undo[-LATE_BIDS_LOOK_BACK:]):
        for event in entry.events:
            if isinstance(event, AuctionClosed):
                ending = event.sale(state) if event.outcome == "sold" else event.describe(state)
                return Text("Too late: the auction closed. %(ending)s.", ending=ending)
    return Text("There is no auction under way.")


@dataclass(frozen=True)
class Decline(Command):
    """`player` landed on an unowned deed and does not buy it: the bank auctions it at once."""

    type = "decline"
    player: int
    deed: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        for_sale(state, self.deed)
        state.active_player(self.player)
        if not state.rules.auctions:
            return [Declined(player=self.player, deed=self.deed)]
        _no_auction_running(state)
        deadline = now + state.rules.auction_seconds
        return [AuctionOpened(kind="deed", deadline=deadline, deed=self.deed, declined_by=self.player)]


@dataclass(frozen=True)
class StartBuildingAuction(Command):
    """More players want the bank's last houses (or hotels) than it has: it sells one of them
    to the highest bidder."""

    type = "start_building_auction"
    banker_only = True
    closed_when_ending = True  # a house won at auction is building too
    kind: str

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(self.kind in BUILDINGS, Text("A building auction sells a house or a hotel."))
        require(
            state.rules.auctions,
            Text("This game has no auctions: the bank's last buildings go to whoever builds first."),
        )
        _no_auction_running(state)
        left = state.houses if self.kind == "house" else state.hotels
        require(
            left > 0,
            Text("The bank has no houses left to auction.")
            if self.kind == "house"
            else Text("The bank has no hotels left to auction."),
        )
        return [AuctionOpened(kind=self.kind, deadline=now + state.rules.auction_seconds)]


@dataclass(frozen=True)
class Bid(Command):
    """A bid; `deed` names the deed on sale (optional, a guard) or, in a building auction, the
    bidder's lot where the building would go (required)."""

    type = "bid"
    spends = True
    player: int
    amount: Amount
    deed: int | None = None

    def decide(self, state: GameState, now: float) -> list[Event]:
        if state.auction is None:
            raise RuleError(too_late(state))
        auction = state.auction
        player = state.active_player(self.player)
        what = lot_name(state, auction.kind, auction.deed)
        require(
            now < auction.deadline, Text("Too late: the clock ran out on the auction of %(lot)s.", lot=what)
        )
        require(
            not (state.rules.decliner_barred and player.id == auction.declined_by),
            Text("%(player)s declined to buy %(lot)s and may not bid for it.", player=player.name, lot=what),
            (player.id, Text("You declined to buy %(lot)s and may not bid for it.", lot=what)),
        )
        require(
            player.id not in auction.excluded,
            Text("%(player)s could not take the lot they won and sits this auction out.", player=player.name),
            (player.id, Text("You could not take the lot you won and sit this auction out.")),
        )
        if auction.kind == "deed":
            if self.deed not in (None, auction.deed):
                raise RuleError(
                    Text(
                        "This auction is for %(lot)s, not %(deed)s.",
                        lot=what,
                        deed=state.deed(self.deed).name,
                    )
                )
        else:
            them, you = (
                (
                    Text("Say which of %(player)s's lots the house would go on.", player=player.name),
                    Text("Say which of your lots the house would go on."),
                )
                if auction.kind == "house"
                else (
                    Text("Say which of %(player)s's lots the hotel would go on.", player=player.name),
                    Text("Say which of your lots the hotel would go on."),
                )
            )
            require(self.deed is not None, them, (player.id, you))
            placement(state, auction.kind, self.deed, player.id)
        step = state.rules.auction_step
        require(self.amount % step == 0, Text("Bids go up in %(step)s steps.", step=state.money(step)))
        require_round(state, self.amount)
        require(
            auction.high_bidder != player.id,
            Text(
                "%(player)s already holds the high bid (%(bid)s).",
                player=player.name,
                bid=state.money(auction.high_bid),
            ),
            (player.id, Text("You already hold the high bid (%(bid)s).", bid=state.money(auction.high_bid))),
        )
        least = least_bid(state, self.deed)
        if auction.high_bidder is not None:
            require(
                self.amount >= least,
                Text(
                    "Outbid: %(bidder)s has bid %(bid)s; bid at least %(least)s.",
                    bidder=state.name_of(auction.high_bidder),
                    bid=state.money(auction.high_bid),
                    least=state.money(least),
                ),
            )
        require(
            self.amount >= least,
            Text("The opening bid for %(lot)s is at least %(least)s.", lot=what, least=state.money(least)),
        )
        most = raisable(state, player.id)
        figures = {"most": state.money(most), "bid": state.money(self.amount)}
        require(
            self.amount <= most,
            Text(
                "%(player)s could raise %(most)s in all (cash, mortgages and half the buildings): a bid of"
                " %(bid)s is more than they could pay.",
                player=player.name,
                **figures,
            ),
            (
                player.id,
                Text(
                    "You could raise %(most)s in all (cash, mortgages and half the buildings): a bid of"
                    " %(bid)s is more than you could pay.",
                    **figures,
                ),
            ),
        )
        deadline = max(auction.deadline, now + state.rules.auction_extension_seconds)
        lot = self.deed if auction.kind != "deed" else auction.deed
        return [
            BidPlaced(player=player.id, amount=self.amount, deadline=deadline, kind=auction.kind, deed=lot)
        ]


@dataclass(frozen=True)
class SetOpeningPrice(Command):
    """The bank names the opening price of the auction under way, before anyone bids."""

    type = "set_opening_price"
    banker_only = True
    amount: Amount

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(
            state.rules.auction_opening_price,
            Text("These rules open every auction at the least bid: the bank names no opening price."),
        )
        auction = running(state)
        what = lot_name(state, auction.kind, auction.deed)
        require(
            auction.high_bidder is None,
            Text(
                "The bidding for %(lot)s has begun: the opening price is named before the first bid.",
                lot=what,
            ),
        )
        require(  # 000: 안 팔릴 경우 당연히 최저가 입찰로 바꿔 경매에 부친다
            not auction.reopened,
            Text(
                "Nobody bid at the opening price for %(lot)s: it runs again from the least bid, with no"
                " new opening price.",
                lot=what,
            ),
        )
        step = state.rules.auction_step
        require(self.amount % step == 0, Text("Bids go up in %(step)s steps.", step=state.money(step)))
        require_round(state, self.amount)
        deadline = now + state.rules.auction_seconds
        return [OpeningPriceSet(amount=self.amount, deadline=deadline, kind=auction.kind, deed=auction.deed)]


@dataclass(frozen=True)
class CloseAuction(Command):
    """Sold to the highest bidder: when the clock runs out, or early by the banker."""

    type = "close_auction"
    banker_only = True

    def decide(self, state: GameState, now: float) -> list[Event]:
        auction = running(state)
        winner, amount = auction.high_bidder, auction.high_bid
        if winner is None and state.rules.no_unsold_lots and auction.opening > state.rules.auction_step:
            deadline = now + state.rules.auction_seconds
            closing: list[Event] = [
                AuctionReopened(
                    opening=auction.opening, deadline=deadline, kind=auction.kind, deed=auction.deed
                )
            ]
        elif winner is None:
            closing = [AuctionClosed(outcome="unsold", kind=auction.kind, deed=auction.deed)]
        else:
            try:
                lot = auction.deed if auction.kind == "deed" else auction.lot
                sold = AuctionClosed(
                    outcome="sold", kind=auction.kind, deed=lot, player=winner, amount=amount
                )
                closing = [sold, *_sale(state, auction, winner, amount)]
            except RuleError:
                closing = _rerun(state, auction, winner, amount, now)
        return [*closing, *_then_next(state, closing, now)]


@dataclass(frozen=True)
class ResumeAuction(Command):
    """The server's, for an auction whose clock ran out while nobody could bid (banker/service/clocks.py)."""

    type = "resume_auction"
    banker_only = True

    def decide(self, state: GameState, now: float) -> list[Event]:
        auction = running(state)
        require(now >= auction.deadline, Text("The auction's clock is still running."))
        deadline = now + state.rules.auction_seconds
        return [AuctionResumed(deadline=deadline, kind=auction.kind, deed=auction.deed)]


@dataclass(frozen=True)
class CancelAuction(Command):
    type = "cancel_auction"
    banker_only = True

    def decide(self, state: GameState, now: float) -> list[Event]:
        auction = running(state)
        closing: list[Event] = [AuctionClosed(outcome="cancelled", kind=auction.kind, deed=auction.deed)]
        return [*closing, *_then_next(state, closing, now)]


def _then_next(state: GameState, closing: list[Event], now: float) -> list[Event]:
    """Once this auction is over, the next deed in the bank's queue goes under the hammer."""
    if not any(isinstance(event, AuctionClosed) for event in closing):
        return []  # a rerun: the same lot again
    after = state
    for event in closing:
        after = event.apply(after)
    return next_in_line(after, now)


def _sale(state: GameState, auction: Auction, winner: int, amount: int) -> list[Event]:
    """The winner pays (or owes what their cash does not cover) and takes the deed or places the
    building; RuleError if they can no longer pay or take it. What they owe meanwhile is paid
    first: the bank, made a second creditor, would otherwise take the whole of their bankruptcy
    from the player they owed."""
    require(
        raisable(state, winner) - owed(state, winner) >= amount,
        Text("%(player)s cannot pay %(amount)s.", player=state.name_of(winner), amount=state.money(amount)),
        (winner, Text("You cannot pay %(amount)s.", amount=state.money(amount))),
    )
    if auction.kind == "deed":
        what = state.deed(auction.deed).name
        return [
            purchase(state, winner, amount, Text("won the auction for %(lot)s", lot=what)),
            DeedBought(player=winner, deed=auction.deed),  # type: ignore[arg-type]
        ]
    assert auction.lot is not None
    placed = placement(state, auction.kind, auction.lot, winner)
    reason = Text("won the auction for %(lot)s", lot=lot_name(state, auction.kind, auction.lot))
    return [purchase(state, winner, amount, reason), *placed]


def placement(state: GameState, kind: str, lot: int, player: int) -> list[BuildingsChanged]:
    """What one building purchase by `player` on `lot` places by the normal rules (where a group is
    built all at once, on every lot of it); it must be of the auction's kind."""
    deed = state.deed(lot)
    require(
        state.holding(lot).owner == player,
        Text(
            "%(player)s does not own %(deed)s: a building goes on your own lot.",
            player=state.name_of(player),
            deed=deed.name,
        ),
        (player, Text("You do not own %(deed)s: a building goes on your own lot.", deed=deed.name)),
    )
    built, _, _ = next_purchase(state, lot)
    hotel = built[0].hotel
    require(
        hotel == (kind == "hotel"),
        Text(
            "%(deed)s is ready for %(ready)s, and this auction sells %(sold)s.",
            deed=deed.name,
            ready=BUILDING_NAMES["hotel" if hotel else "house"],
            sold=BUILDING_NAMES[kind],
        ),
    )
    return built


def _rerun(state: GameState, auction: Auction, winner: int, amount: int, now: float) -> list[Event]:
    lot = auction.deed if auction.kind == "deed" else auction.lot
    left = [p for p in state.players if not p.bankrupt and p.id not in auction.excluded and p.id != winner]
    if not left:
        return [AuctionClosed(outcome="untaken", kind=auction.kind, deed=lot, player=winner, amount=amount)]
    deadline = now + state.rules.auction_seconds
    return [AuctionRerun(player=winner, amount=amount, deadline=deadline, kind=auction.kind, deed=lot)]
