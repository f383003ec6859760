"""Houses and hotels: built and sold evenly on whole, unmortgaged colour groups from a set supply.

Supply. A lot holds houses or one hotel, never both: building a hotel sends the lot's houses back
to the bank, so a hotel holds no houses. At every moment

    bank houses + houses standing on all lots == edition houses (32)
    bank hotels + lots with a hotel           == edition hotels (12)

`BuildingsChanged` is the only event that moves buildings and it keeps both sums by moving the
difference to or from the bank. (The tally still values a hotel as its cost plus the houses it
replaced: that is worth, not supply.) Where a group is built all at once (`build_whole_group`) the
pieces stand in the middle of the owner's run of lots, one for them all (004: "Houses and Hotels
are placed in the middle of a run of properties to indicate that they apply to the entire
monopoly"; note 9: "monopolies share buildings and fewer are needed"): the run takes from the
supply as many houses as each of its lots has, or one hotel (`pieces`).

Evenness. A lot's level is its number of houses, or houses_before_hotel + 1 with a hotel; within a
group the levels never differ by more than one: build on a lowest lot, sell from a highest.

Monopoly 2.0 (seed 004: "A single House or Hotel purchase affects an entire Monopoly"), under
`build_whole_group`: one purchase builds the next house, or the hotel, on every lot of the group at
once, for the sum of their costs, and takes one house (or one hotel, the run's houses going back)
from the bank. Without `sell_back` (2.0: "Owned property and buildings can not be sold back to the
bank") nothing goes back for half price.

House rules. `build_without_group` lets an owner build on their lots of a group without holding
all of it (still none of their lots there mortgaged); evenness then holds across the lots of the
group they own. `uneven_building` drops evenness: build and sell on any lot in any order, a hotel
after houses_before_hotel houses on that lot, and a hotel sold with too few houses in the bank
breaks down to the houses the bank has, on that lot alone.

Selling a hotel pays half the hotel cost and breaks the lot back down to houses_before_hotel houses
from the bank. When the bank has fewer houses than that, no lot of the group can keep a hotel (its
neighbours would need houses the bank lacks), so the sale takes every hotel in the group at once,
and the group keeps every house it can: its own standing houses plus all the bank's, spread evenly,
the extra ones on the later lots in board order. The owner is paid half the cost of what the group
gives up: each hotel's cost and the houses it replaced, less the bank's houses it now holds. With no
houses in the bank a group of hotels goes straight to bare land. Each lot is counted at its own
building costs (a board of a table's own may price the lots of a group apart).

The JMA hotel-sale principle (`hotel_sale_principle`, seeds 001 and 002: 「そのカラーグループに
もともと建てられている家の数を超えて家を残すことはできません」) holds for every hotel sale, whatever
the bank has (001: 単なる資金調達や家止めの場合(原則)): every hotel of the group is sold at once and
the group spreads only the houses it had, paid half of every hotel and the houses it replaced (2.5
houses' cost a hotel: a group of hotels goes to bare land for 7.5). The exception (001: 支払う現金が
不足した場合; 002: 手持ちの現金で支払えない負債を負ったときは、不足する現金を調達するための最低限度内
において): while the owner owes more than their cash, a hotel sells as in the classic game, one at a
time down to the bank's houses; once the cash covers the debt, the principle holds again.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.base import Event, require
from banker.rules.board import Deed
from banker.rules.debts import short_of_cash
from banker.rules.deeds import OwnerCommand, buildings_text, group_label, owners_lots
from banker.rules.money import payment
from banker.rules.state import BANK, GameState, Holding
from banker.rules.tally import building_cost
from banker.rules.text import Plural, Text


@dataclass(frozen=True)
class BuildingsChanged(Event):
    """The lot at `deed` now has `houses` houses, or a hotel; the difference is the bank's."""

    type = "buildings_changed"
    between_turns = True
    deed: int
    houses: int
    hotel: bool = False

    def apply(self, state: GameState) -> GameState:
        houses, hotels = pieces(state, self.deed)
        state = state.with_holding(self.deed, houses=self.houses, hotel=self.hotel)
        now_houses, now_hotels = pieces(state, self.deed)
        return replace(
            state, houses=state.houses + houses - now_houses, hotels=state.hotels + hotels - now_hotels
        )

    def describe(self, state: GameState) -> Text:
        now = buildings_text(Holding(houses=self.houses, hotel=self.hotel))
        return Text("%(deed)s now has %(buildings)s", deed=state.deed(self.deed).name, buildings=now)


def pieces(state: GameState, position: int) -> tuple[int, int]:
    """The houses and hotels of the bank's supply that stand for the lot: its own, or where a group
    is built all at once the one set in the middle of its owner's run (as many houses as a lot of it
    has, or one hotel)."""
    if not state.rules.build_whole_group:
        holding = state.holding(position)
        return holding.houses, int(holding.hotel)
    run = [state.holding(lot) for lot in owners_lots(state, position)]
    return max(lot.houses for lot in run), int(any(lot.hotel for lot in run))


def level(state: GameState, position: int) -> int:
    """How far the lot is built: its houses, or one more than a full row of houses for a hotel."""
    holding = state.holding(position)
    return state.rules.houses_before_hotel + 1 if holding.hotel else holding.houses


@dataclass(frozen=True)
class Build(OwnerCommand):
    """One more house on the lot, or its hotel once the whole group has a full row of houses
    (with `build_whole_group`, on every lot of the group: see `next_purchase`)."""

    type = "build"
    closed_when_ending = True
    spends = True

    def decide(self, state: GameState, now: float) -> list[Event]:
        require_no_building_auction(state)
        built, cost, reason = next_purchase(state, self.deed)
        return [payment(state, state.holding(self.deed).owner, BANK, cost, reason), *built]


def require_no_building_auction(state: GameState) -> None:
    """Refuse building while the bank auctions a building: the last house under the hammer was
    built at its printed price meanwhile, and the auction then ran again for a house the bank no
    longer had (as a deed under the hammer or waiting for it is not for sale)."""
    auction = state.auction
    require(
        auction is None or auction.kind == "deed",
        Text("The bank is auctioning a house: bid for it, or build once the auction is over.")
        if auction is not None and auction.kind == "house"
        else Text("The bank is auctioning a hotel: bid for it, or build once the auction is over."),
    )


def next_purchase(state: GameState, position: int) -> tuple[list[BuildingsChanged], int, Text]:
    """What one building purchase on the lot buys, its price and the reason for the payment: the
    next building on the lot, or with `build_whole_group` the next one on every lot of its group."""
    if not state.rules.build_whole_group:
        built, cost, reason = next_building(state, position)
        return [built], cost, reason
    first, _, _ = next_building(state, position)  # the refusals of a single building come first
    lots = sorted(owners_lots(state, position), key=lambda lot: level(state, lot))
    group = group_label(state.deed(position))
    if first.hotel:
        reason = Text("a hotel on every lot of the %(group)s group", group=group)
    else:
        reason = Text("a house on every lot of the %(group)s group", group=group)
    built, cost = [], 0
    for lot in lots:
        one, price, _ = next_building(state, lot)
        state, cost = one.apply(state), cost + price
        built.append(one)
    return built, cost, reason


def next_building(state: GameState, position: int) -> tuple[BuildingsChanged, int, Text]:
    """The building the building rules allow next on the lot, with its price and the reason
    for the payment; RuleError with why not (the buyer's cash is the caller's business)."""
    deed = state.deed(position)
    holding = state.holding(position)
    require(holding.owner != BANK, Text("Nobody owns %(deed)s.", deed=deed.name))
    require(
        deed.kind == "street",
        Text("Only streets take houses; %(deed)s is a %(kind)s.", deed=deed.name, kind=group_label(deed)),
    )
    rules = state.rules
    group = state.edition.groups[deed.group]
    if not rules.build_without_group:
        for lot_position in group:
            lot = state.holding(lot_position)
            names = {"group": group_label(deed), "deed": state.deed(lot_position).name}
            require(
                lot.owner == holding.owner,
                Text("Building needs the whole %(group)s group: %(deed)s is owned by the bank.", **names)
                if lot.owner == BANK
                else Text(
                    "Building needs the whole %(group)s group: %(deed)s is owned by %(owner)s.",
                    owner=state.name_of(lot.owner),
                    **names,
                ),
            )
    lots = owners_lots(state, position)
    for lot_position in lots:
        require(
            not state.holding(lot_position).mortgaged,
            Text(
                "%(deed)s is mortgaged: lift the mortgage before building in the %(group)s group.",
                deed=state.deed(lot_position).name,
                group=group_label(deed),
            ),
        )
    require(not holding.hotel, Text("%(deed)s already has a hotel.", deed=deed.name))
    if not rules.uneven_building:
        lowest = min(lots, key=lambda p: level(state, p))
        require(
            level(state, position) == level(state, lowest),
            Text(
                "Build evenly: %(deed)s has %(buildings)s, build there first.",
                deed=state.deed(lowest).name,
                buildings=buildings_text(state.holding(lowest)),
            ),
        )
    # the bank must have what the building takes from its supply: a hotel, or a house (none for a
    # lot whose run already has its piece, see `pieces`)
    if holding.houses == state.rules.houses_before_hotel:
        built = BuildingsChanged(deed=position, houses=0, hotel=True)
        require(
            built.apply(state).hotels >= 0,
            Text("The bank has no hotels left (0/%(all)s).", all=state.edition.hotels),
        )
        return built, deed.hotel_cost, Text("a hotel on %(deed)s", deed=deed.name)
    built = BuildingsChanged(deed=position, houses=holding.houses + 1)
    require(
        built.apply(state).houses >= 0,
        Text("The bank has no houses left (0/%(all)s).", all=state.edition.houses),
    )
    return built, deed.house_cost, Text("a house on %(deed)s", deed=deed.name)


@dataclass(frozen=True)
class SellBuilding(OwnerCommand):
    """One house, or the hotel, back to the bank at half its cost (see the module's rule)."""

    type = "sell_building"

    def decide(self, state: GameState, now: float) -> list[Event]:
        sold, refund, reason = building_sale(state, self.deed)
        return [*sold, payment(state, BANK, state.holding(self.deed).owner, refund, reason)]


def building_sale(state: GameState, position: int) -> tuple[list[Event], int, Text]:
    """The building the selling rules take back next from the lot, what the bank pays for it and
    the reason for the payment; RuleError with why not."""
    deed = state.deed(position)
    holding = state.holding(position)
    require(state.rules.sell_back, Text("Buildings are not sold back to the bank in this game."))
    require(holding.owner != BANK, Text("Nobody owns %(deed)s.", deed=deed.name))
    require(holding.houses > 0 or holding.hotel, Text("%(deed)s has no buildings to sell.", deed=deed.name))
    if not state.rules.uneven_building:
        highest = max(owners_lots(state, position), key=lambda lot: level(state, lot))
        require(
            level(state, position) == level(state, highest),
            Text(
                "Sell evenly: %(deed)s has %(buildings)s, sell there first.",
                deed=state.deed(highest).name,
                buildings=buildings_text(state.holding(highest)),
            ),
        )
    full = state.rules.houses_before_hotel
    if not holding.hotel:
        sold: list[Event] = [BuildingsChanged(deed=position, houses=holding.houses - 1)]
        return sold, deed.house_cost // 2, Text("sold a house on %(deed)s", deed=deed.name)
    # the JMA principle, unless the owner sells to pay a debt their cash cannot cover
    principle = state.rules.hotel_sale_principle and not short_of_cash(state, holding.owner)
    # a house under the hammer is the bidders': a hotel sold meanwhile breaks down without it
    auctioned = state.auction is not None and state.auction.kind == "house"
    spare = state.houses - auctioned
    if spare >= full and not principle:
        sold = [BuildingsChanged(deed=position, houses=full)]
        return sold, deed.hotel_cost // 2, Text("sold the hotel on %(deed)s", deed=deed.name)
    kept = 0 if principle else spare  # the bank's houses the group keeps
    if state.rules.uneven_building:  # only this lot breaks down, as far as the bank's houses go
        reason = Text(
            "sold the hotel on %(deed)s; the bank had %(houses)s of %(full)s houses to break it down",
            deed=deed.name,
            houses=spare,
            full=full,
        )
        refund = (deed.hotel_cost + (full - kept) * deed.house_cost) // 2
        return [BuildingsChanged(deed=position, houses=kept)], refund, _besides(reason, auctioned)
    sold, refund, reason = _sell_every_hotel(state, deed, kept, principle, spare)
    return sold, refund, reason if principle else _besides(reason, auctioned)


def _besides(reason: Text, auctioned: bool) -> Text:
    """The houses the bank had for a hotel sale, said beside the one it is auctioning."""
    return Text("%(reason)s besides the one being auctioned", reason=reason) if auctioned else reason


def _sell_every_hotel(
    state: GameState, deed: Deed, kept: int, principle: bool, spare: int
) -> tuple[list[Event], int, Text]:
    """The group's hotels all sold at once, because the bank cannot break one down or under the
    JMA principle; the group keeps `kept` of the `spare` houses the bank had for it."""
    group = owners_lots(state, deed.position)
    lots = [state.holding(position) for position in group]
    hotels = sum(lot.hotel for lot in lots)
    share, extra = divmod(kept + sum(lot.houses for lot in lots), len(group))
    sold: list[Event] = []
    given_up = 0  # what the buildings the group gives up cost, each lot at its own prices
    for index, (position, lot) in enumerate(zip(group, lots, strict=True)):
        houses = share + (index >= len(group) - extra)
        if (lot.houses, lot.hotel) != (houses, False):
            sold.append(BuildingsChanged(deed=position, houses=houses))
        given_up += building_cost(state, position) - houses * state.deed(position).house_cost
    refund = given_up // 2
    sold_hotels = Plural(
        "sold %(n)s hotel in the %(group)s group",
        "sold %(n)s hotels in the %(group)s group",
        hotels,
        group=group_label(deed),
    )
    if principle:
        reason = Text(
            "%(sold)s; under the JMA rules the group keeps only the houses it had", sold=sold_hotels
        )
    elif hotels > 1:
        reason = Plural(
            "%(sold)s; the bank had %(n)s house to break them down",
            "%(sold)s; the bank had %(n)s houses to break them down",
            spare,
            sold=sold_hotels,
        )
    else:
        reason = Plural(
            "%(sold)s; the bank had %(n)s house to break it down",
            "%(sold)s; the bank had %(n)s houses to break it down",
            spare,
            sold=sold_hotels,
        )
    return sold, refund, reason
