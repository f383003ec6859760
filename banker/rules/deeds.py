"""Title deeds: buying one from the bank at its printed price, and who may act on a deed.

In a game with a deed market (market.py) nobody buys on landing, except where a card says the
player may (`card_buys`): that deed is then bought from the bank wherever it lies, face up or in
the deck, and the market filled again."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any

from banker.rules.base import Command, Event, require
from banker.rules.board import Deed
from banker.rules.money import payment
from banker.rules.state import BANK, GameState, Holding
from banker.rules.text import Plural, Text


@dataclass(frozen=True)
class DeedBought(Event):
    """`player` bought the deed at `deed` from the bank; the price is its own Paid."""

    type = "deed_bought"
    player: int
    deed: int

    def apply(self, state: GameState) -> GameState:
        state = state.with_holding(self.deed, owner=self.player)
        if self.deed in (*state.market, *state.deck):  # bought by a card in a market game
            market = tuple(p for p in state.market if p != self.deed)
            state = refilled(
                replace(state, market=market, deck=tuple(p for p in state.deck if p != self.deed))
            )
        return replace(state, card_buys=tuple(b for b in state.card_buys if b[1] != self.deed))

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s now owns %(deed)s", player=state.name_of(self.player), deed=state.deed(self.deed).name
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        if you != self.player:
            return self.describe(state)
        return Text("You now own %(deed)s", deed=state.deed(self.deed).name)


def refilled(state: GameState) -> GameState:
    """The market with its empty places filled from the top of the deck."""
    room = state.rules.market_size - len(state.market)
    if room <= 0 or not state.deck:
        return state
    return replace(state, market=(*state.market, *state.deck[:room]), deck=state.deck[room:])


@dataclass(frozen=True)
class CardBuyOffered(Event):
    """A card sent `player` to the bank's `deed` and says they may buy it: in a market game they
    may, until the turn moves on, whatever other cards are played meanwhile."""

    type = "card_buy_offered"
    player: int
    deed: int

    def apply(self, state: GameState) -> GameState:
        offer = (self.player, self.deed)
        return replace(state, card_buys=(*(b for b in state.card_buys if b != offer), offer))

    def describe(self, state: GameState) -> Text:
        return Text(
            "The card lets %(player)s buy %(deed)s from the bank",
            player=state.name_of(self.player),
            deed=state.deed(self.deed).name,
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        if you != self.player:
            return self.describe(state)
        return Text("The card lets you buy %(deed)s from the bank", deed=state.deed(self.deed).name)


def for_sale(state: GameState, position: int, player: int | None = None) -> Deed:
    """The bank's deed at `position`, which a player landing there may buy or decline (`player`,
    in a market game, only where a card lets them)."""
    deed = state.deed(position)
    require(
        not state.rules.market_size or (player, position) in state.card_buys,
        Text(
            "In this game deeds are not bought on landing: buy %(deed)s from the market when it is face up.",
            deed=deed.name,
        ),
    )
    owner = state.holding(position).owner
    require(
        owner == BANK,
        Text("%(deed)s is already owned by %(owner)s.", deed=deed.name, owner=state.name_of(owner)),
    )
    auction = state.auction
    require(
        auction is None or auction.deed != position,
        Text("%(deed)s is being auctioned: bid for it instead.", deed=deed.name),
    )
    require(  # a bankrupt's deeds the bank auctions in turn: bought meanwhile, its auction would take it
        position not in state.auction_queue,
        Text("%(deed)s waits for its auction, after the one under way: bid for it then.", deed=deed.name),
    )
    return deed


@dataclass(frozen=True)
class Buy(Command):
    type = "buy"
    spends = True
    player: int
    deed: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        deed = for_sale(state, self.deed, self.player)
        return [
            payment(state, self.player, BANK, deed.price, Text("bought %(deed)s", deed=deed.name)),
            DeedBought(player=self.player, deed=self.deed),
        ]


@dataclass(frozen=True)
class OwnerCommand(Command):
    """A command on one deed that its owner gives (or the banker for them)."""

    deed: int

    def acting_player(self, state: GameState) -> int | None:
        owner = state.holding(self.deed).owner
        return None if owner == BANK else owner

    def allowed_for(self, state: GameState, player_id: int) -> bool:
        # a deed nobody owns (or no deed) is no other player's: the rules say what is wrong with it
        return self.acting_player(state) is None or super().allowed_for(state, player_id)

    def owned(self, state: GameState) -> tuple[Deed, Holding]:
        """The deed and what is on it, refusing a deed nobody owns."""
        deed = state.deed(self.deed)
        holding = state.holding(self.deed)
        require(holding.owner != BANK, Text("Nobody owns %(deed)s.", deed=deed.name))
        return deed, holding


def owners_lots(state: GameState, position: int) -> tuple[int, ...]:
    """The lots of the deed's group that its owner holds: the whole group when building needs it
    (buildings then stand only on whole groups), fewer with `build_without_group`."""
    return lots_of(state, state.holding(position).owner, position)


def lots_of(state: GameState, player: int, position: int) -> tuple[int, ...]:
    """The lots of the deed's group that `player` holds."""
    group = state.edition.groups[state.deed(position).group]
    return tuple(p for p in group if state.holding(p).owner == player)


def first_built(state: GameState, lots: Iterable[int]) -> int | None:
    """The first of `lots` with a building on it."""
    return next((lot for lot in lots if state.holding(lot).houses or state.holding(lot).hotel), None)


def built_names(state: GameState, position: int, lot: int) -> dict[str, Any]:
    """What a refusal to move the deed at `position` names: its group, and `lot`'s buildings."""
    deed = state.deed(position)
    return {
        "deed": deed.name,
        "group": group_label(deed),
        "lot": state.deed(lot).name,
        "buildings": buildings_text(state.holding(lot)),
    }


GROUP_NAMES = {
    "brown": Text("brown"),
    "light_blue": Text("light blue"),
    "pink": Text("pink"),
    "orange": Text("orange"),
    "red": Text("red"),
    "yellow": Text("yellow"),
    "green": Text("green"),
    "dark_blue": Text("dark blue"),
    "railroad": Text("railroad"),
    "utility": Text("utility"),
}


def group_label(deed: Deed) -> str:
    return GROUP_NAMES.get(deed.group) or deed.group.replace("_", " ")


def buildings_text(holding: Holding) -> Text:
    if holding.hotel:
        return Text("a hotel")
    if holding.houses:
        return Plural("%(n)s house", "%(n)s houses", holding.houses)
    return Text("no buildings")
