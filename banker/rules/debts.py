"""Debts: what a player owes after a payment the rules imposed that their cash could not cover.

While a debt is open the debtor raises money (sells buildings, mortgages, trades) and cannot
spend: buying, bidding, building, lifting a mortgage and paying other players wait. `pay_debt`
settles every open debt at once as soon as the cash covers them all. Bankruptcy is offered only
when everything the debtor could raise still falls short (see `raisable`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.base import Command, Event, require
from banker.rules.deeds import owners_lots
from banker.rules.errors import RuleError
from banker.rules.money import NOT_PLAYERS, DebtIncurred, Paid, payment
from banker.rules.state import BANK, FREE_PARKING, GameState
from banker.rules.tally import building_cost
from banker.rules.text import Text, either


@dataclass(frozen=True)
class DebtsSettled(Event):
    """The debtor's open debts are paid (each by its own Paid event before this one)."""

    type = "debts_settled"
    debtor: int
    creditor: int | None = None  # only the debts to this creditor (paid with property); None: all

    def apply(self, state: GameState) -> GameState:
        settled = [d for d in state.debts_of(self.debtor) if self.creditor in (None, d.creditor)]
        return replace(state, debts=tuple(d for d in state.debts if d not in settled))

    def describe(self, state: GameState) -> Text:
        if self.creditor is None:
            return Text("%(player)s owes nothing now", player=state.name_of(self.debtor))
        return Text(
            "%(player)s owes %(creditor)s nothing now",
            player=state.name_of(self.debtor),
            creditor=state.name_of(self.creditor),
        )


def owed(state: GameState, player_id: int) -> int:
    return sum(debt.amount for debt in state.debts_of(player_id))


def claims(state: GameState, creditor: int) -> dict[int, int]:
    """What each player owes `creditor`, by debtor (the JMA rules trade it like cash)."""
    owed_to: dict[int, int] = {}
    for debt in state.debts:
        if debt.creditor == creditor:
            owed_to[debt.debtor] = owed_to.get(debt.debtor, 0) + debt.amount
    return owed_to


def heir(state: GameState, player_id: int) -> int:
    """Who takes the player's estate should they go bankrupt: the one player every open debt is owed
    to, else the bank (a debt to the bank or the pot, or debts to several players at once, as
    "pay each player $50" leaves: 001 and 002, 特殊な破産-1, pay no player then)."""
    creditors = {debt.creditor for debt in state.debts_of(player_id)}
    creditor = creditors.pop() if len(creditors) == 1 else BANK
    return BANK if creditor == FREE_PARKING else creditor


def owes_purchase(state: GameState, player_id: int) -> bool:
    """Whether the player owes a purchase (money.purchase): raised without trading."""
    return any(debt.purchase for debt in state.debts_of(player_id))


def short_of_cash(state: GameState, player_id: int) -> bool:
    """Whether the player owes more than their cash (the JMA rules' temporary bankruptcy)."""
    return owed(state, player_id) > state.player(player_id).cash


def building_value(state: GameState, position: int) -> int:
    """What the bank pays for every building on the lot, sold back at half price."""
    deed = state.deed(position)
    holding = state.holding(position)
    houses = state.rules.houses_before_hotel if holding.hotel else holding.houses
    return houses * (deed.house_cost // 2) + (deed.hotel_cost // 2 if holding.hotel else 0)


def raisable(state: GameState, player_id: int) -> int:
    """Everything the player could turn into cash: cash, half the building costs (where buildings
    are sold back), and the mortgage values of the unmortgaged deeds (where the rules allow
    mortgages, and of a group with buildings only where they can be sold first)."""
    player = state.player(player_id)
    total = player.cash
    for position, holding in state.holdings.items():
        if holding.owner == player_id:
            if state.rules.sell_back:
                total += building_value(state, position)
            if not holding.mortgaged and state.rules.mortgages and _mortgageable(state, position):
                total += state.deed(position).mortgage
    return total


def _mortgageable(state: GameState, position: int) -> bool:
    """Whether the lot's group can be cleared of buildings for a mortgage."""
    return state.rules.sell_back or not any(
        state.holding(lot).houses or state.holding(lot).hotel for lot in owners_lots(state, position)
    )


def property_value(state: GameState, positions: tuple[int, ...]) -> tuple[int, int]:
    """(deeds, buildings): what the deeds at `positions` pay at their printed price, and what the
    buildings that go with them (every one on their owner's lots of each group) cost."""
    deeds = sum(state.deed(position).price for position in positions)
    lots = {lot for position in positions for lot in owners_lots(state, position)}
    return deeds, sum(building_cost(state, lot) for lot in lots)


def property_creditors(state: GameState, player_id: int) -> tuple[int, ...]:
    """Those the player owes whom deeds may pay (`pay_with_property`): every creditor but the Free
    Parking pot, which takes cash."""
    return tuple(dict.fromkeys(d.creditor for d in state.debts_of(player_id) if d.creditor != FREE_PARKING))


def ways_to_raise(state: GameState, player_id: int) -> Text:
    """How the debtor raises money in this game, in words: "sell buildings, mortgage or trade" (deeds
    pay a player or the bank, not the Free Parking pot)."""
    rules = state.rules
    ways = [
        way
        for way, allowed in (
            (Text("sell buildings"), rules.sell_back),
            (Text("mortgage"), rules.mortgages),
            (Text("trade"), rules.trading and not owes_purchase(state, player_id)),
            (
                Text("pay with property"),
                rules.pay_with_property and bool(property_creditors(state, player_id)),
            ),
        )
        if allowed
    ]
    return either(ways) if ways else Text("cash alone pays it")


def require_no_debt(state: GameState, player_id: int | None) -> None:
    """Refuse spending while the player owes money."""
    if player_id is None or not state.debts_of(player_id):
        return
    raise_ = owed(state, player_id) - state.player(player_id).cash
    if raise_ <= 0:
        raise _owes_first(state, player_id)
    figures = {
        "owed": state.money(owed(state, player_id)),
        "short": state.money(raise_),
        "ways": ways_to_raise(state, player_id),
    }
    raise RuleError(
        Text(
            "%(player)s owes %(owed)s: pay that first; raise %(short)s more (%(ways)s).",
            player=state.name_of(player_id),
            **figures,
        ),
        (player_id, Text("You owe %(owed)s: pay that first; raise %(short)s more (%(ways)s).", **figures)),
    )


def _owes_first(state: GameState, player_id: int) -> RuleError:
    """The debtor is to pay what they owe before anything else."""
    figures = {"owed": state.money(owed(state, player_id)), "ways": ways_to_raise(state, player_id)}
    return RuleError(
        Text(
            "%(player)s owes %(owed)s: pay that first (%(ways)s).", player=state.name_of(player_id), **figures
        ),
        (player_id, Text("You owe %(owed)s: pay that first (%(ways)s).", **figures)),
    )


def bank_before_player(state: GameState, events: list[Event]) -> RuleError | None:
    """Why a player's own phone may not send an action whose `events` pay the bank or the Free
    Parking pot, or owe them, while its player owes a player and still will after it: a tax, a
    card or a payment typed in made the bank a second creditor, and the bankruptcy that followed
    went to the bank whole, the player owed getting nothing (and cash in hand went to the bank
    before the debt). The banker may still charge them (service/acting.py); paying every debt at
    once (`pay_debt`) or a bankruptcy settles the player's debt and is not held."""
    paying = set()
    for event in events:
        if isinstance(event, Paid) and event.payee in NOT_PLAYERS:
            paying.add(event.payer)
        elif isinstance(event, DebtIncurred) and event.creditor in NOT_PLAYERS:
            paying.add(event.debtor)
    owing = [p for p in paying - set(NOT_PLAYERS) if _owes_a_player(state, p)]
    if not owing:
        return None
    after = state
    for event in events:
        after = event.apply(after)
    for debtor in owing:
        if _owes_a_player(after, debtor):
            return _owes_first(state, debtor)
    return None


def _owes_a_player(state: GameState, player_id: int) -> bool:
    return any(debt.creditor not in NOT_PLAYERS for debt in state.debts_of(player_id))


@dataclass(frozen=True)
class PayDebt(Command):
    type = "pay_debt"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        player = state.active_player(self.player)
        debts = state.debts_of(player.id)
        require(
            bool(debts),
            Text("%(player)s owes nothing.", player=player.name),
            (player.id, Text("You owe nothing.")),
        )
        total = owed(state, player.id)
        figures = {
            "owed": state.money(total),
            "cash": state.money(player.cash),
            "short": state.money(total - player.cash),
            "ways": ways_to_raise(state, player.id),
        }
        require(
            player.cash >= total,
            Text(
                "%(player)s owes %(owed)s and has %(cash)s: raise %(short)s more (%(ways)s).",
                player=player.name,
                **figures,
            ),
            (
                player.id,
                Text("You owe %(owed)s and have %(cash)s: raise %(short)s more (%(ways)s).", **figures),
            ),
        )
        paid: list[Event] = []
        for debt in debts:
            paid.append(payment(state, debt.debtor, debt.creditor, debt.amount, debt.reason or Text("debt")))
        return [*paid, DebtsSettled(debtor=player.id)]
