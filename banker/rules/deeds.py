"""Title deeds: buying one from the bank at its printed price, and who may act on a deed."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules.base import Command, Event, require
from banker.rules.board import Deed
from banker.rules.money import payment
from banker.rules.state import BANK, GameState, Holding


@dataclass(frozen=True)
class DeedBought(Event):
    """`player` bought the deed at `deed` from the bank; the price is its own Paid."""

    type = "deed_bought"
    player: int
    deed: int

    def apply(self, state: GameState) -> GameState:
        return state.with_holding(self.deed, owner=self.player)

    def describe(self, state: GameState) -> str:
        return f"{state.name_of(self.player)} now owns {state.deed(self.deed).name}"


def for_sale(state: GameState, position: int) -> Deed:
    """The bank's deed at `position`, which a player landing there may buy or decline."""
    deed = state.deed(position)
    require(
        not state.rules.market_size,
        f"In this game deeds are not bought on landing: buy {deed.name} from the market when it is face up.",
    )
    owner = state.holding(position).owner
    require(owner == BANK, f"{deed.name} is already owned by {state.name_of(owner)}.")
    auction = state.auction
    require(
        auction is None or auction.deed != position, f"{deed.name} is being auctioned: bid for it instead."
    )
    return deed


@dataclass(frozen=True)
class Buy(Command):
    type = "buy"
    spends = True
    player: int
    deed: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        deed = for_sale(state, self.deed)
        return [
            payment(state, self.player, BANK, deed.price, f"bought {deed.name}"),
            DeedBought(player=self.player, deed=self.deed),
        ]


@dataclass(frozen=True)
class OwnerCommand(Command):
    """A command on one deed that its owner gives (or the banker for them)."""

    deed: int

    def acting_player(self, state: GameState) -> int | None:
        owner = state.holding(self.deed).owner
        return None if owner == BANK else owner

    def owned(self, state: GameState) -> tuple[Deed, Holding]:
        """The deed and what is on it, refusing a deed nobody owns."""
        deed = state.deed(self.deed)
        holding = state.holding(self.deed)
        require(holding.owner != BANK, f"Nobody owns {deed.name}.")
        return deed, holding


def owners_lots(state: GameState, position: int) -> tuple[int, ...]:
    """The lots of the deed's group that its owner holds: the whole group when building needs it
    (buildings then stand only on whole groups), fewer with `build_without_group`."""
    owner = state.holding(position).owner
    group = state.edition.groups[state.deed(position).group]
    return tuple(p for p in group if state.holding(p).owner == owner)


def group_label(deed: Deed) -> str:
    return deed.group.replace("_", " ")


def buildings_text(holding: Holding) -> str:
    if holding.hotel:
        return "a hotel"
    if holding.houses:
        return f"{holding.houses} house{'s' if holding.houses > 1 else ''}"
    return "no buildings"
