"""Mortgages: the bank lends a deed's mortgage value and takes it back with 10% interest.

A mortgaged deed that changes hands (a trade, a bankruptcy) costs its new owner the 10% interest
at once; they may instead lift the mortgage straight away for value + 10%, and save paying the 10%
twice. `received_mortgaged` gives the events of that choice."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules.base import Event, require
from banker.rules.board import Deed
from banker.rules.debt_trades import promised
from banker.rules.debts import owed
from banker.rules.deeds import OwnerCommand, buildings_text, group_label, owners_lots
from banker.rules.money import payment, purchase
from banker.rules.state import BANK, GameState
from banker.rules.text import Text


@dataclass(frozen=True)
class Mortgaged(Event):
    type = "mortgaged"
    between_turns = True
    deed: int

    def apply(self, state: GameState) -> GameState:
        return state.with_holding(self.deed, mortgaged=True)

    def describe(self, state: GameState) -> Text:
        return Text("%(deed)s is mortgaged", deed=state.deed(self.deed).name)


@dataclass(frozen=True)
class MortgageLifted(Event):
    type = "mortgage_lifted"
    between_turns = True
    deed: int

    def apply(self, state: GameState) -> GameState:
        return state.with_holding(self.deed, mortgaged=False)

    def describe(self, state: GameState) -> Text:
        return Text("%(deed)s is no longer mortgaged", deed=state.deed(self.deed).name)


@dataclass(frozen=True)
class Mortgage(OwnerCommand):
    """The bank pays the owner the mortgage value; the owner's lots in the group must have no
    buildings (the whole group, unless the rules let lots be built without it)."""

    type = "mortgage"

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(state.rules.mortgages, Text("There are no mortgages in this game."))
        deed, holding = self.owned(state)
        require(not holding.mortgaged, Text("%(deed)s is already mortgaged.", deed=deed.name))
        require(
            deed.position not in promised(state),
            Text("%(deed)s is promised in an agreed trade: it goes as it was agreed.", deed=deed.name),
        )
        for position in owners_lots(state, deed.position):
            lot = state.holding(position)
            require(
                not (lot.houses or lot.hotel),
                Text(
                    "Sell the buildings in the %(group)s group first: %(deed)s has %(buildings)s.",
                    group=group_label(deed),
                    deed=state.deed(position).name,
                    buildings=buildings_text(lot),
                )
                if state.rules.sell_back
                else Text(
                    "A group with buildings cannot be mortgaged, and buildings are not sold back in this "
                    "game: %(deed)s has %(buildings)s.",
                    deed=state.deed(position).name,
                    buildings=buildings_text(lot),
                ),
            )
        return [
            Mortgaged(deed=self.deed),
            payment(state, BANK, holding.owner, deed.mortgage, Text("mortgaged %(deed)s", deed=deed.name)),
        ]


@dataclass(frozen=True)
class Unmortgage(OwnerCommand):
    """The owner pays the bank the mortgage value plus 10%, rounded up."""

    type = "unmortgage"
    spends = True

    def decide(self, state: GameState, now: float) -> list[Event]:
        deed, holding = self.owned(state)
        require(holding.mortgaged, Text("%(deed)s is not mortgaged.", deed=deed.name))
        require_chosen(state, self.deed)
        return [
            payment(state, holding.owner, BANK, deed.unmortgage_cost, lift_reason(state, deed)),
            MortgageLifted(deed=self.deed),
        ]


MORTGAGE_CHOICES = ("keep", "lift")


def lift_reason(state: GameState, deed: Deed) -> Text:
    return Text(
        "lifted the mortgage on %(deed)s: %(value)s + 10%%", deed=deed.name, value=state.money(deed.mortgage)
    )


def keep_fee_reason(deed: Deed) -> Text:
    return Text("10%% fee to keep %(deed)s mortgaged", deed=deed.name)


def require_chosen(state: GameState, position: int) -> None:
    """Refuse anything done with a mortgaged deed received in a bankruptcy before its owner has
    kept it (the 10% fee) or lifted it: lifted, traded or dealt away first, its fee went unpaid."""
    owner, deed = state.holding(position).owner, state.deed(position).name
    require(
        (owner, position) not in state.mortgage_choices,
        Text(
            "%(player)s must first choose whether to keep %(deed)s mortgaged or lift the mortgage.",
            player=state.name_of(owner),
            deed=deed,
        ),
        (
            owner,
            Text("You must first choose whether to keep %(deed)s mortgaged or lift the mortgage.", deed=deed),
        ),
    )


def received_mortgaged(state: GameState, player: int, position: int, choice: str) -> list[Event]:
    """`player` has received the mortgaged deed at `position`: "keep" pays the 10% fee and leaves
    it mortgaged (owed, where the cash falls short: a trade allows that only as far as the deeds
    it brought can raise it); "lift" pays value + 10% and lifts it."""
    deed = state.deed(position)
    require(
        choice in MORTGAGE_CHOICES,
        Text("For %(deed)s, choose keep (pay the 10%% fee) or lift the mortgage.", deed=deed.name),
    )
    if choice == "keep":
        return [purchase(state, player, deed.transfer_fee, keep_fee_reason(deed))]
    # lifting a mortgage waits while the player owes, as unmortgaging does, unless the cash the
    # trade brought covers both (002, 抵当: 同時に取得した資産をこの支払に充てることができます)
    owes = owed(state, player)
    figures = {"owed": state.money(owes), "deed": deed.name}
    require(
        not owes or state.player(player).cash - deed.unmortgage_cost >= owes,
        Text(
            "%(player)s owes %(owed)s: %(deed)s is lifted only with cash to pay that too; keep it "
            "mortgaged for now.",
            player=state.name_of(player),
            **figures,
        ),
        (
            player,
            Text(
                "You owe %(owed)s: %(deed)s is lifted only with cash to pay that too; keep it "
                "mortgaged for now.",
                **figures,
            ),
        ),
    )
    lifted = payment(state, player, BANK, deed.unmortgage_cost, lift_reason(state, deed))
    return [lifted, MortgageLifted(deed=position)]
