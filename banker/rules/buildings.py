"""Houses and hotels: built and sold evenly on whole, unmortgaged colour groups from a set supply.

Supply. A lot holds houses or one hotel, never both: building a hotel sends the lot's houses back
to the bank, so a hotel holds no houses. At every moment

    bank houses + houses standing on all lots == edition houses (32)
    bank hotels + lots with a hotel           == edition hotels (12)

`BuildingsChanged` is the only event that moves buildings and it keeps both sums by moving the
difference to or from the bank. (The tally still values a hotel as its cost plus the houses it
replaced: that is worth, not supply.)

Evenness. A lot's level is its number of houses, or houses_before_hotel + 1 with a hotel; within a
group the levels never differ by more than one: build on a lowest lot, sell from a highest.

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
houses in the bank a group of hotels goes straight to bare land. Every lot of a group has the same
building costs, so these amounts use the sold lot's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.base import Event, require
from banker.rules.board import Deed
from banker.rules.deeds import OwnerCommand, buildings_text, group_label, owners_lots
from banker.rules.money import payment
from banker.rules.state import BANK, GameState, Holding


@dataclass(frozen=True)
class BuildingsChanged(Event):
    """The lot at `deed` now has `houses` houses, or a hotel; the difference is the bank's."""

    type = "buildings_changed"
    deed: int
    houses: int
    hotel: bool = False

    def apply(self, state: GameState) -> GameState:
        before = state.holding(self.deed)
        state = state.with_holding(self.deed, houses=self.houses, hotel=self.hotel)
        return replace(
            state,
            houses=state.houses + before.houses - self.houses,
            hotels=state.hotels + int(before.hotel) - int(self.hotel),
        )

    def describe(self, state: GameState) -> str:
        now = buildings_text(Holding(houses=self.houses, hotel=self.hotel))
        return f"{state.deed(self.deed).name} now has {now}"


def level(state: GameState, position: int) -> int:
    """How far the lot is built: its houses, or one more than a full row of houses for a hotel."""
    holding = state.holding(position)
    return state.rules.houses_before_hotel + 1 if holding.hotel else holding.houses


@dataclass(frozen=True)
class Build(OwnerCommand):
    """One more house on the lot, or its hotel once the whole group has a full row of houses."""

    type = "build"
    spends = True

    def decide(self, state: GameState, now: float) -> list[Event]:
        built, cost, reason = next_building(state, self.deed)
        return [payment(state, state.holding(self.deed).owner, BANK, cost, reason), built]


def next_building(state: GameState, position: int) -> tuple[BuildingsChanged, int, str]:
    """The building the building rules allow next on the lot, with its price and the reason
    for the payment; RuleError with why not (the buyer's cash is the caller's business)."""
    deed = state.deed(position)
    holding = state.holding(position)
    require(holding.owner != BANK, f"Nobody owns {deed.name}.")
    require(deed.kind == "street", f"Only streets take houses; {deed.name} is a {deed.kind}.")
    rules = state.rules
    group = state.edition.groups[deed.group]
    if not rules.build_without_group:
        for lot_position in group:
            lot = state.holding(lot_position)
            require(
                lot.owner == holding.owner,
                f"Building needs the whole {group_label(deed)} group: "
                f"{state.deed(lot_position).name} is owned by {state.name_of(lot.owner)}.",
            )
    lots = owners_lots(state, position)
    for lot_position in lots:
        require(
            not state.holding(lot_position).mortgaged,
            f"{state.deed(lot_position).name} is mortgaged: lift the mortgage before building "
            f"in the {group_label(deed)} group.",
        )
    require(not holding.hotel, f"{deed.name} already has a hotel.")
    if not rules.uneven_building:
        lowest = min(lots, key=lambda p: level(state, p))
        require(
            level(state, position) == level(state, lowest),
            f"Build evenly: {state.deed(lowest).name} has {buildings_text(state.holding(lowest))}, "
            "build there first.",
        )
    if holding.houses == state.rules.houses_before_hotel:
        require(state.hotels > 0, f"The bank has no hotels left (0/{state.edition.hotels}).")
        return (
            BuildingsChanged(deed=position, houses=0, hotel=True),
            deed.hotel_cost,
            f"a hotel on {deed.name}",
        )
    require(state.houses > 0, f"The bank has no houses left (0/{state.edition.houses}).")
    built = BuildingsChanged(deed=position, houses=holding.houses + 1)
    return built, deed.house_cost, f"a house on {deed.name}"


@dataclass(frozen=True)
class SellBuilding(OwnerCommand):
    """One house, or the hotel, back to the bank at half its cost (see the module's rule)."""

    type = "sell_building"

    def decide(self, state: GameState, now: float) -> list[Event]:
        deed, holding = self.owned(state)
        require(holding.houses > 0 or holding.hotel, f"{deed.name} has no buildings to sell.")
        if not state.rules.uneven_building:
            highest = max(owners_lots(state, self.deed), key=lambda position: level(state, position))
            require(
                level(state, self.deed) == level(state, highest),
                f"Sell evenly: {state.deed(highest).name} has {buildings_text(state.holding(highest))}, "
                "sell there first.",
            )
        full = state.rules.houses_before_hotel
        if not holding.hotel:
            sold: list[Event] = [BuildingsChanged(deed=self.deed, houses=holding.houses - 1)]
            refund, reason = deed.house_cost // 2, f"sold a house on {deed.name}"
        elif state.houses >= full:
            sold = [BuildingsChanged(deed=self.deed, houses=full)]
            refund, reason = deed.hotel_cost // 2, f"sold the hotel on {deed.name}"
        elif state.rules.uneven_building:  # only this lot breaks down, as far as the bank's houses go
            sold = [BuildingsChanged(deed=self.deed, houses=state.houses)]
            refund = (deed.hotel_cost + (full - state.houses) * deed.house_cost) // 2
            reason = (
                f"sold the hotel on {deed.name}; the bank had {state.houses} of {full} houses "
                "to break it down"
            )
        else:
            sold, refund, reason = _sell_every_hotel(state, deed)
        return [*sold, payment(state, BANK, holding.owner, refund, reason)]


def _sell_every_hotel(state: GameState, deed: Deed) -> tuple[list[Event], int, str]:
    """The group's hotels all sold at once because the bank cannot break one down."""
    group = owners_lots(state, deed.position)
    lots = [state.holding(position) for position in group]
    hotels = sum(lot.hotel for lot in lots)
    share, extra = divmod(state.houses + sum(lot.houses for lot in lots), len(group))
    sold: list[Event] = []
    for index, (position, lot) in enumerate(zip(group, lots, strict=True)):
        houses = share + (index >= len(group) - extra)
        if (lot.houses, lot.hotel) != (houses, False):
            sold.append(BuildingsChanged(deed=position, houses=houses))
    houses_given_up = hotels * state.rules.houses_before_hotel - state.houses
    refund = (hotels * deed.hotel_cost + houses_given_up * deed.house_cost) // 2
    reason = (
        f"sold {hotels} hotel{'s' if hotels > 1 else ''} in the {group_label(deed)} group; "
        f"the bank had {state.houses} house{'' if state.houses == 1 else 's'} "
        f"to break {'them' if hotels > 1 else 'it'} down"
    )
    return sold, refund, reason
