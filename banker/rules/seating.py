"""Players come and go: the bank seats a late player, renames a player or changes their piece, and
a player resigns.

A late player takes the next seat, up to the most players a game takes, with the starting cash
from the bank (only the cash: deeds dealt at the start are not dealt again). A new name or piece passes
the checks of a new game (game.py): readable, not too long, not looking like another player's
name, no piece two players hold.

A player who resigns leaves as a player bankrupt to the bank does (bankruptcy.hand_over): the
cash and the buildings go to the bank, the Get Out of Jail Free cards back under their decks, the
deeds back to the bank unbuilt and unmortgaged, auctioned one after another where the rules
auction (else they stay with the bank); their open offers lapse and debts owed to them are
forgiven. A player who owes a debt settles it (or declares bankruptcy) first, and a player holding
the high bid waits until that auction is over: what they owe or promised is not the bank's to drop.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.bankruptcy import WentBankrupt, hand_over
from banker.rules.base import Command, Event, require
from banker.rules.debts import owed
from banker.rules.game import MAX_PLAYERS, refuse_lookalikes, refuse_same_pieces, seat_name, seat_piece
from banker.rules.inputs import visible
from banker.rules.state import BANK, PLAYER_COLOURS, GameState, Player
from banker.rules.text import Text


@dataclass(frozen=True)
class PlayerAdded(Event):
    """A late player takes the next seat with `cash` from the bank. One event, so that Undo's
    line names them: the state before it has no such player."""

    type = "player_added"
    is_news = True
    player: int
    name: str
    cash: int
    piece: str = ""

    def apply(self, state: GameState) -> GameState:
        colour = PLAYER_COLOURS[self.player - 1][1]
        seated = Player(id=self.player, name=self.name, token=self.piece, colour=colour, cash=self.cash)
        return replace(state, players=(*state.players, seated))

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s joins the game with %(cash)s from the bank",
            player=self.name,
            cash=state.money(self.cash),
        )


@dataclass(frozen=True)
class PlayerChanged(Event):
    """A player's name or piece, as the bank set it; `was` the name before."""

    type = "player_changed"
    is_news = True
    player: int
    name: str
    was: str
    piece: str = ""

    def apply(self, state: GameState) -> GameState:
        return state.with_player(self.player, name=self.name, token=self.piece)

    def describe(self, state: GameState) -> Text:
        if self.was != self.name:
            return Text("%(before)s is now called %(player)s", before=self.was, player=self.name)
        return Text("%(player)s changed their piece", player=self.name)


@dataclass(frozen=True)
class Resigned(WentBankrupt):
    """A player left the game of their own accord; they are out as a player bankrupt to the bank is."""

    type = "resigned"
    cash_reason = Text("leaving the game")
    take_back_refusal = Text(
        "Leaving the game cannot be taken back from a player's phone; the banker can undo it."
    )
    creditor: int = BANK

    def apply(self, state: GameState) -> GameState:
        state = super().apply(state)
        choices = tuple(c for c in state.mortgage_choices if c[0] != self.player)
        at_go = None if state.at_go == self.player else state.at_go
        state = replace(state, mortgage_choices=choices, at_go=at_go)
        return state.with_player(self.player, resigned=True)

    def describe(self, state: GameState) -> Text:
        return Text("%(player)s left the game", player=state.name_of(self.player))

    def describe_to(self, state: GameState, you: int) -> Text:
        return Text("You left the game") if you == self.player else self.describe(state)


@dataclass(frozen=True)
class AddPlayer(Command):
    type = "add_player"
    banker_only = True
    name: str
    piece: str = ""

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(
            len(state.players) < MAX_PLAYERS,
            Text("A game seats at most %(most)s players, and this one has them all.", most=MAX_PLAYERS),
        )
        name = seat_name(self.name, Text("The name"))
        piece = seat_piece(self.piece, Text("The piece"))
        refuse_lookalikes([p.name for p in state.players] + [name], newcomer=True)
        refuse_same_pieces([p.token for p in state.players] + [piece])
        seat = len(state.players) + 1
        return [PlayerAdded(player=seat, name=name, cash=state.rules.starting_cash, piece=piece)]


@dataclass(frozen=True)
class ChangePlayer(Command):
    """The bank renames a player or changes their piece (send both: the name and piece they keep)."""

    type = "change_player"
    banker_only = True
    player: int
    name: str
    piece: str = ""

    def decide(self, state: GameState, now: float) -> list[Event]:
        player = state.player(self.player)
        name = seat_name(self.name, Text("The name"))
        piece = seat_piece(self.piece, Text("The piece"))
        others = [p for p in state.players if p.id != player.id]
        refuse_lookalikes([p.name for p in others] + [name], newcomer=True)
        refuse_same_pieces([p.token for p in others] + [piece])
        require(  # a zero-width space added is no new name: "Bob is now called B\u200bob" read "Bob"
            (visible(name), piece) != (visible(player.name), player.token),
            Text("%(player)s already has that name and piece.", player=player.name),
            (player.id, Text("You already have that name and piece.")),
        )
        return [PlayerChanged(player=player.id, name=name, was=player.name, piece=piece)]


@dataclass(frozen=True)
class Resign(Command):
    """A player leaves the game: from their own phone, or the bank for a player who has gone."""

    type = "resign"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        player = state.active_player(self.player)
        debt = owed(state, player.id)
        require(
            not debt,
            Text(
                "%(player)s owes %(amount)s: pay the debt or declare bankruptcy; a player cannot leave it"
                " behind.",
                player=player.name,
                amount=state.money(debt),
            ),
            (
                player.id,
                Text(
                    "You owe %(amount)s: pay the debt or declare bankruptcy; a player cannot leave it"
                    " behind.",
                    amount=state.money(debt),
                ),
            ),
        )
        auction = state.auction
        require(
            auction is None or auction.high_bidder != player.id,
            Text(
                "%(player)s holds the high bid in the auction under way: leave once it is over (or the"
                " banker cancels it).",
                player=player.name,
            ),
            (
                player.id,
                Text(
                    "You hold the high bid in the auction under way: leave once it is over (or the banker"
                    " cancels it)."
                ),
            ),
        )
        return hand_over(state, player.id, BANK, now, leaving=Resigned(player=player.id))
