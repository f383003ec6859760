"""Building or selling round a whole colour group in one go: the owner says how far each lot should
be built, the bank does it as one action (one history line, one undo) for one payment.

A plan is {lot: level}, a level as `buildings.level` counts it (houses, or houses_before_hotel + 1
for a hotel); a lot of the group left out keeps its level. The plan is carried out as the owner
would do it one building at a time, under every rule those steps follow (whole unmortgaged group,
evenness, the bank's houses and hotels): first the sales, each from a highest lot still above its
level, then the building, each on a lowest lot still below its level. So a plan is allowed exactly
when some order of single builds and sales reaches it, and costs what they would: the sum of their
prices less what the sales pay back. The cash is checked against that net amount, since the sales
come first. A hotel sale that cannot break down for want of the bank's houses takes the group's
other hotels with it (see buildings.py); a plan that this would carry past its levels is refused.
"""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules.base import BuildLevels, Event, require
from banker.rules.buildings import (
    BuildingsChanged,
    building_sale,
    level,
    next_purchase,
    require_no_building_auction,
)
from banker.rules.debts import require_no_debt, short_of_cash
from banker.rules.deeds import OwnerCommand, group_label, owners_lots
from banker.rules.money import payment, rounded
from banker.rules.state import BANK, GameState
from banker.rules.text import Plural, Text


@dataclass(frozen=True)
class BuildGroup(OwnerCommand):
    """Bring the lots of `deed`'s group to `levels` ((lot, level) pairs), selling then building."""

    type = "build_group"
    levels: BuildLevels

    def decide(self, state: GameState, now: float) -> list[Event]:
        deed, holding = self.owned(state)
        lots = owners_lots(state, self.deed)
        targets = dict(self.levels)
        top = state.rules.houses_before_hotel + 1
        # once the end is signalled there is no building (002), but selling goes on, a plan too
        require(
            not state.ending or all(target <= level(state, p) for p, target in targets.items()),
            Text("The end of the game has been signalled: no more trades or building until the tally."),
        )
        for position, target in targets.items():
            require(
                position in lots,
                Text(
                    "The plan is for %(owner)s's lots of the %(group)s group only.",
                    owner=state.name_of(holding.owner),
                    group=group_label(deed),
                ),
            )
            require(
                0 <= target <= top,
                Text("A lot takes 0 to %(most)s houses, the last one a hotel.", most=top),
            )
        require(
            any(level(state, p) != target for p, target in targets.items()),
            Text("The plan changes nothing: every lot already stands as planned."),
        )
        require(
            not state.rules.build_whole_group or len({targets.get(p, level(state, p)) for p in lots}) == 1,
            Text(
                "In this game a group is built all at once: plan the same for every lot of the"
                " %(group)s group.",
                group=group_label(deed),
            ),
        )
        if not state.rules.uneven_building:  # said of the plan: one build at a time told of a lot half way
            planned = {p: targets.get(p, level(state, p)) for p in lots}
            high, low = max(lots, key=planned.__getitem__), min(lots, key=planned.__getitem__)
            require(
                planned[high] - planned[low] <= 1,
                Text(
                    "Build evenly: the lots of a group may differ by one house at most; this plan gives "
                    "%(high)s %(many)s and %(low)s %(few)s.",
                    high=state.deed(high).name,
                    many=_standing(state, planned[high]),
                    low=state.deed(low).name,
                    few=_standing(state, planned[low]),
                ),
            )
        done, spent, paid_back = state, 0, 0
        while above := [p for p in lots if level(done, p) > targets.get(p, level(state, p))]:
            sold, refund, _ = building_sale(done, max(above, key=lambda p: level(done, p)))
            done, paid_back = _applied(done, sold), paid_back + rounded(state, refund)
        require(
            all(level(done, p) >= min(targets.get(p, level(state, p)), level(state, p)) for p in lots),
            # the JMA principle (buildings.building_sale) takes the group further down than planned
            Text(
                "Under the JMA rules a hotel sold takes every hotel of the group with it, leaving only "
                "the houses the group had: it cannot stop at this plan."
            )
            if state.rules.hotel_sale_principle and not short_of_cash(state, holding.owner)
            else Text(
                "The bank has too few houses to break a hotel down to that: sell the hotels one at a time."
            ),
        )
        if any(level(done, p) < target for p, target in targets.items()):
            require_no_debt(state, holding.owner)
            require_no_building_auction(state)
        # every lot is now at most its level; building brings each up to it, or refuses saying why
        while below := [p for p in lots if level(done, p) < targets.get(p, level(state, p))]:
            built, cost, _ = next_purchase(done, min(below, key=lambda p: level(done, p)))
            done, spent = _applied(done, built), spent + rounded(state, cost)
        changed: list[Event] = [
            BuildingsChanged(deed=p, houses=done.holding(p).houses, hotel=done.holding(p).hotel)
            for p in lots
            if done.holding(p) != state.holding(p)
        ]
        group = group_label(deed)
        if spent > paid_back:
            reason = Text("building in the %(group)s group", group=group)
            money = payment(state, holding.owner, BANK, spent - paid_back, reason)
        else:
            reason = Text("sold buildings in the %(group)s group", group=group)
            money = payment(state, BANK, holding.owner, paid_back - spent, reason)
        return [money, *changed] if money.amount else changed


def _standing(state: GameState, at: int) -> Text:
    """A lot's buildings at the level `at`: "no buildings", "2 houses", "a hotel"."""
    if at > state.rules.houses_before_hotel:
        return Text("a hotel")
    return Plural("%(n)s house", "%(n)s houses", at) if at else Text("no buildings")


def _applied(state: GameState, events: list[Event]) -> GameState:
    for event in events:
        state = event.apply(state)
    return state
