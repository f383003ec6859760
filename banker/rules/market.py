"""Monopoly 2.0's deed market, buying a deed from its owner, and the turns they count.

Nobody buys a deed by landing on it. The deeds are shuffled (from the seed the game started
with) into a face-down deck; the first `market_size` (4) lie face up: the market. A player buys
one at its printed price, and the top of the deck is turned over into its place, until the deck
is empty. Deeds that go back to the bank (a bankruptcy to the bank) go under the deck, in board
order, and fill any empty places in the market at once.

A card that says the player it sends to an unowned deed may buy it (the nearest railroad and
utility cards) lets them buy that deed from the bank at its price, face up or not, until the turn
moves on (`card_buys`, see deeds.py; 004: "unless a Chance or Community Chest card states that they
can").

One market purchase a turn. The app keeps no turns (the table plays them with real dice), so it
counts them by what it sees: after buying from the market a player cannot buy from it again
until the turn has visibly moved on: someone sends `next_turn` (a player ending their turn on
their phone, or the banker), or another player buys from the market (which they can only do in
their own turn). Honest tables need nothing more; a refused second purchase names the rule.

Buying from an owner (`buy_from_owner`): during their turn a player may buy any deed another
player owns, at its printed price, unless it is part of a monopoly (its owner holds the whole
group) or it carries buildings or a mortgage. The owner cannot refuse. A monopoly is any whole
group of the edition: a colour group, the four railroads, or both utilities.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.base import Command, Event, require
from banker.rules.deeds import buildings_text, built_names, first_built, group_label, lots_of
from banker.rules.errors import RuleError
from banker.rules.money import payment
from banker.rules.state import BANK, GameState
from banker.rules.text import Text


def monopolies(state: GameState, player_id: int) -> list[str]:
    """The groups the player owns whole."""
    return [
        group
        for group, positions in state.edition.groups.items()
        if all(state.holding(position).owner == player_id for position in positions)
    ]


def in_monopoly(state: GameState, position: int) -> bool:
    owner = state.holding(position).owner
    return owner != BANK and state.deed(position).group in monopolies(state, owner)


@dataclass(frozen=True)
class MarketBought(Event):
    """`player` bought `deed` from the market (its price is its own Paid); `revealed` is the deed
    turned over into its place, None when the deck is empty."""

    type = "market_bought"
    is_news = True
    player: int
    deed: int
    revealed: int | None = None

    def apply(self, state: GameState) -> GameState:
        market = tuple(self.revealed if p == self.deed else p for p in state.market)
        market = tuple(p for p in market if p is not None)
        deck = state.deck[1:] if self.revealed is not None else state.deck
        state = state.with_holding(self.deed, owner=self.player)
        return replace(state, market=market, deck=deck, market_buyer=self.player)

    def describe(self, state: GameState) -> Text:
        bought = {"player": state.name_of(self.player), "deed": state.deed(self.deed).name}
        if self.revealed is not None:
            return Text(
                "%(player)s bought %(deed)s from the market; %(revealed)s is turned face up",
                revealed=state.deed(self.revealed).name,
                **bought,
            )
        return Text("%(player)s bought %(deed)s from the market; the deck is empty", **bought)


@dataclass(frozen=True)
class BoughtFromOwner(Event):
    """`player` bought `deed` from `owner` at its printed price (the price is its own Paid)."""

    type = "bought_from_owner"
    is_news = True
    player: int
    owner: int
    deed: int

    def apply(self, state: GameState) -> GameState:
        return state.with_holding(self.deed, owner=self.player)

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(buyer)s bought %(deed)s from %(seller)s at its printed price",
            buyer=state.name_of(self.player),
            deed=state.deed(self.deed).name,
            seller=state.name_of(self.owner),
        )


@dataclass(frozen=True)
class TurnEnded(Event):
    """The turn has moved on: a market purchase and a token level may be bought again."""

    type = "turn_ended"
    player: int | None = None

    def apply(self, state: GameState) -> GameState:
        return replace(state, market_buyer=None, at_go=None, card_buys=())

    def describe(self, state: GameState) -> Text:
        if self.player is None:
            return Text("Next turn")
        return Text("%(player)s's turn is over", player=state.name_of(self.player))


@dataclass(frozen=True)
class BuyFromMarket(Command):
    type = "buy_from_market"
    spends = True
    player: int
    deed: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(
            bool(state.rules.market_size),
            Text("There is no deed market in this game: deeds are bought on landing."),
        )
        player = state.active_player(self.player)
        deed = state.deed(self.deed)
        face_up = ", ".join(state.deed(p).name for p in state.market) or Text("nothing")
        require(
            self.deed in state.market,
            Text(
                "%(deed)s is not face up in the market. Face up: %(face_up)s.",
                deed=deed.name,
                face_up=face_up,
            ),
        )
        require(
            state.market_buyer != player.id,
            Text(
                "%(player)s has already bought from the market this turn: one deed a turn. "
                "%(player)s may buy again next turn, or once another player has bought from it.",
                player=player.name,
            ),
            (
                player.id,
                Text(
                    "You have already bought from the market this turn: one deed a turn. "
                    "You may buy again next turn, or once another player has bought from it."
                ),
            ),
        )
        revealed = state.deck[0] if state.deck else None
        return [
            payment(
                state, player.id, BANK, deed.price, Text("bought %(deed)s from the market", deed=deed.name)
            ),
            MarketBought(player=player.id, deed=self.deed, revealed=revealed),
        ]


@dataclass(frozen=True)
class BuyFromOwner(Command):
    type = "buy_from_owner"
    spends = True
    player: int
    deed: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(
            state.rules.buy_from_owner,
            Text(
                "Buying a deed from its owner at the printed price is not a rule of this game: offer a trade."
            ),
        )
        player = state.active_player(self.player)
        deed = state.deed(self.deed)
        holding = state.holding(self.deed)
        require(
            holding.owner != BANK,
            Text("Nobody owns %(deed)s: the bank sells deeds from the market.", deed=deed.name),
        )
        require(
            holding.owner != player.id,
            Text("%(player)s already owns %(deed)s.", player=player.name, deed=deed.name),
            (player.id, Text("You already own %(deed)s.", deed=deed.name)),
        )
        owner = state.name_of(holding.owner)
        require(
            not in_monopoly(state, self.deed),
            Text(
                "%(deed)s is part of %(owner)s's monopoly (%(group)s): it cannot be bought from them.",
                deed=deed.name,
                owner=owner,
                group=group_label(deed),
            ),
        )
        require(
            not holding.mortgaged,
            Text("%(deed)s is mortgaged: it cannot be bought from %(owner)s.", deed=deed.name, owner=owner),
        )
        require(
            not (holding.houses or holding.hotel),
            Text(
                "%(deed)s has %(buildings)s: it cannot be bought from %(owner)s.",
                deed=deed.name,
                buildings=buildings_text(holding),
                owner=owner,
            ),
        )
        # under `build_without_group` the buyer's own lots of the group may be built on: a bare lot
        # joining them would stand uneven beside them (4 houses and none)
        if (built := first_built(state, lots_of(state, player.id, self.deed))) is not None:
            raise RuleError(
                Text(
                    "%(deed)s cannot be bought while the %(group)s group has buildings: "
                    "%(lot)s has %(buildings)s.",
                    **built_names(state, self.deed, built),
                )
            )
        return [
            payment(
                state,
                player.id,
                holding.owner,
                deed.price,
                Text("bought %(deed)s at its printed price", deed=deed.name),
            ),
            BoughtFromOwner(player=player.id, owner=holding.owner, deed=self.deed),
        ]


@dataclass(frozen=True)
class NextTurn(Command):
    """The turn moves on (`player`, optional, is whose turn ended): see the module's rule."""

    type = "next_turn"
    player: int | None = None

    def allowed_for(self, state: GameState, player_id: int) -> bool:
        return self.player == player_id

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(
            bool(state.rules.market_size) or state.rules.token_levels > 1,
            Text("This game keeps no turns: only a deed market or token levels need them."),
        )
        if self.player is not None:
            state.active_player(self.player)
        return [TurnEnded(player=self.player)]
