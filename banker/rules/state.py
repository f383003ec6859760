"""The game state that folding the event log produces: players, deeds, the bank's supply."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from banker.rules.board import Deed, Edition
from banker.rules.errors import RuleError
from banker.rules.ruleset import RuleSet

BANK = 0  # the party id of the bank in money movements; players are 1..8

# (name, hex) pairs: colour names go next to the swatch so no one depends on colour alone.
PLAYER_COLOURS: tuple[tuple[str, str], ...] = (
    ("Red", "#d7263d"),
    ("Blue", "#1b6ee0"),
    ("Green", "#1e9e4a"),
    ("Purple", "#8e44ad"),
    ("Orange", "#e67e22"),
    ("Teal", "#12a0a0"),
    ("Pink", "#d63384"),
    ("Grey", "#6c757d"),
)


@dataclass(frozen=True)
class Player:
    id: int
    name: str
    colour: str
    token: str = ""
    cash: int = 0
    in_jail: bool = False
    jail_cards: tuple[str, ...] = ()  # the decks of the Get Out of Jail Free cards held
    bankrupt: bool = False

    @property
    def colour_name(self) -> str:
        return dict((hex_, name) for name, hex_ in PLAYER_COLOURS).get(self.colour, "")


@dataclass(frozen=True)
class Holding:
    """What is on one title deed at the moment; a deed nobody holds belongs to the bank."""

    owner: int = BANK
    mortgaged: bool = False
    houses: int = 0
    hotel: bool = False


@dataclass(frozen=True)
class Auction:
    """The bank's auction under way: one deed, or one building in a shortage.

    `deadline` is on the server's clock. In a building auction each bid names the bidder's lot,
    where the building goes; `lot` is the lot of the high bid."""

    kind: str  # "deed", "house" or "hotel"
    deadline: float
    deed: int | None = None  # the deed on sale (deed auctions)
    high_bid: int = 0
    high_bidder: int | None = None
    lot: int | None = None
    excluded: tuple[int, ...] = ()  # winners who could not pay; the rerun goes on without them


@dataclass(frozen=True)
class UndoEntry:
    """The state just before an action, kept so the banker can restore it exactly."""

    seq: int
    prior: GameState
    events: tuple[Any, ...]  # the action's events, to say what an undo reverses


@dataclass(frozen=True)
class GameState:
    edition: Edition
    rules: RuleSet
    players: tuple[Player, ...]
    holdings: dict[int, Holding] = field(default_factory=dict)  # by board position
    houses: int = 32  # in the bank
    hotels: int = 12
    seq: int = 0
    undo: tuple[UndoEntry, ...] = ()
    ended: bool = False
    auction: Auction | None = None

    def player(self, player_id: Any) -> Player:
        for player in self.players:
            if player.id == player_id:
                return player
        raise RuleError(f"There is no player {player_id} in this game.")

    def active_player(self, player_id: Any) -> Player:
        """The player, refusing one who has gone bankrupt."""
        player = self.player(player_id)
        if player.bankrupt:
            raise RuleError(f"{player.name} is out of the game.")
        return player

    def name_of(self, party: int) -> str:
        return "the bank" if party == BANK else self.player(party).name

    def deed(self, position: Any) -> Deed:
        deed = self.edition.deed_at.get(position)
        if deed is None:
            raise RuleError(f"There is no title deed at board position {position}.")
        return deed

    def holding(self, position: int) -> Holding:
        return self.holdings.get(position, Holding())

    def with_player(self, player_id: int, **changes: Any) -> GameState:
        return replace(
            self,
            players=tuple(replace(p, **changes) if p.id == player_id else p for p in self.players),
        )

    def with_holding(self, position: int, **changes: Any) -> GameState:
        holdings = dict(self.holdings)
        holdings[position] = replace(self.holding(position), **changes)
        return replace(self, holdings=holdings)

    def money(self, amount: int) -> str:
        return f"${amount:,}"

    def total_cash(self) -> int:
        return sum(p.cash for p in self.players)
