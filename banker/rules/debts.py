"""Debts: what a player owes after a payment the rules imposed that their cash could not cover.

While a debt is open the debtor raises money (sells buildings, mortgages, trades) and cannot
spend: buying, bidding, building, lifting a mortgage and paying other players wait. `pay_debt`
settles every open debt at once as soon as the cash covers them all. Bankruptcy is offered only
when everything the debtor could raise still falls short (see `raisable`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.base import Command, Event, require
from banker.rules.money import payment
from banker.rules.state import GameState, Player


@dataclass(frozen=True)
class DebtsSettled(Event):
    """The debtor's open debts are paid (each by its own Paid event before this one)."""

    type = "debts_settled"
    debtor: int

    def apply(self, state: GameState) -> GameState:
        return replace(state, debts=tuple(d for d in state.debts if d.debtor != self.debtor))

    def describe(self, state: GameState) -> str:
        return f"{state.name_of(self.debtor)} owes nothing now"


def owed(state: GameState, player_id: int) -> int:
    return sum(debt.amount for debt in state.debts_of(player_id))


def building_value(state: GameState, position: int) -> int:
    """What the bank pays for every building on the lot, sold back at half price."""
    deed = state.deed(position)
    holding = state.holding(position)
    houses = state.rules.houses_before_hotel if holding.hotel else holding.houses
    return houses * (deed.house_cost // 2) + (deed.hotel_cost // 2 if holding.hotel else 0)


def raisable(state: GameState, player_id: int) -> int:
    """Everything the player could turn into cash: cash, half the building costs, and the
    mortgage values of the unmortgaged deeds (where the rules allow mortgages)."""
    player = state.player(player_id)
    total = player.cash
    for position, holding in state.holdings.items():
        if holding.owner == player_id:
            total += building_value(state, position)
            if not holding.mortgaged and state.rules.mortgages:
                total += state.deed(position).mortgage
    return total


def require_no_debt(state: GameState, player_id: int | None) -> None:
    """Refuse spending while the player owes money."""
    if player_id is None or not state.debts_of(player_id):
        return
    player = state.player(player_id)
    raise_ = owed(state, player_id) - player.cash
    still = f"; raise {state.money(raise_)} more" if raise_ > 0 else ""
    require(
        False,
        f"{player.name} owes {state.money(owed(state, player_id))}: pay that first{still} "
        "(sell buildings, mortgage or trade).",
    )


def debt_summary(state: GameState, player: Player) -> str:
    """ "You owe Bob $750 — you have $420, raise $330", in the player's own words."""
    debts = state.debts_of(player.id)
    to = " and ".join(
        f"{state.name_of(creditor)} {state.money(sum(d.amount for d in debts if d.creditor == creditor))}"
        for creditor in dict.fromkeys(d.creditor for d in debts)
    )
    short = owed(state, player.id) - player.cash
    if short <= 0:
        return f"{player.name} owes {to} and has the cash: pay now."
    return f"{player.name} owes {to}: has {state.money(player.cash)}, must raise {state.money(short)}."


@dataclass(frozen=True)
class PayDebt(Command):
    type = "pay_debt"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        player = state.active_player(self.player)
        debts = state.debts_of(player.id)
        require(bool(debts), f"{player.name} owes nothing.")
        total = owed(state, player.id)
        require(
            player.cash >= total,
            f"{player.name} owes {state.money(total)} and has {state.money(player.cash)}: "
            f"raise {state.money(total - player.cash)} more (sell buildings, mortgage or trade).",
        )
        paid: list[Event] = []
        for debt in debts:
            paid.append(payment(state, debt.debtor, debt.creditor, debt.amount, debt.reason or "debt"))
        return [*paid, DebtsSettled(debtor=player.id)]
