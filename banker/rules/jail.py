"""Jail: going in without salary, and getting out by paying the fine, with a Get Out of Jail Free
card (which goes back to its deck), or by rolling doubles, which costs nothing (003: "if you have
a double on both cubes in one of these moves, you can get out of prison and go through such a
number of fields"; 001: 「ゾロ目が出た場合は$50の支払いや釈放券を使用せずに出所となり」). With dice on
the phones a jailed player's roll of doubles lets them out by itself (dice.py). After the third
failed try the fine is paid as any other time.

Monopoly 2.0 (`jail_two_turns`, 004) has no fine: a jailed player "can roll two dice on their turn
with the effect that if they match, they become 'Just Visiting'", and "at the end of a second turn
in Jail, they become 'Just Visiting'". The bank keeps no turns, so the player (or the banker) says
so: out, and no money moves.

A player who left owing the fine (their cash short) and holds a Get Out of Jail Free card settles
the fine with it (002 刑務所; 001: 「$50を支払うか、釈放券を使用し」): while they hold one they are
not bankrupt on the fine."""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.base import Command, Event, require
from banker.rules.board import DECK_NAMES
from banker.rules.money import DebtIncurred, charge, fines_payee
from banker.rules.state import GameState, Player
from banker.rules.text import Text

NO_FINE = Text(
    "This game's jail has no fine: out by rolling doubles, with a Get Out of Jail Free card, or at"
    " the end of a second turn in jail."
)


@dataclass(frozen=True)
class WentToJail(Event):
    type = "went_to_jail"
    player: int

    def apply(self, state: GameState) -> GameState:
        return state.with_player(self.player, in_jail=True)

    def describe(self, state: GameState) -> Text:
        return Text("%(player)s went to jail", player=state.name_of(self.player))

    def describe_to(self, state: GameState, you: int) -> Text:
        return Text("You went to jail") if you == self.player else self.describe(state)


@dataclass(frozen=True)
class LeftJail(Event):
    """`player` is out of jail: after the fine, free for rolling doubles (`doubles`), or free at
    the end of a second turn there (`served`, Monopoly 2.0)."""

    type = "left_jail"
    player: int
    doubles: bool | None = None
    served: bool | None = None

    def apply(self, state: GameState) -> GameState:
        return state.with_player(self.player, in_jail=False)

    def describe(self, state: GameState) -> Text:
        if self.doubles:
            return Text("%(player)s rolled doubles and is out of jail", player=state.name_of(self.player))
        if self.served:
            return Text(
                "%(player)s's second turn in jail is over: out of jail", player=state.name_of(self.player)
            )
        return Text("%(player)s is out of jail", player=state.name_of(self.player))

    def describe_to(self, state: GameState, you: int) -> Text:
        if you != self.player:
            return self.describe(state)
        if self.doubles:
            return Text("You rolled doubles and are out of jail")
        if self.served:
            return Text("Your second turn in jail is over: you are out of jail")
        return Text("You are out of jail")


@dataclass(frozen=True)
class JailCardKept(Event):
    """`player` drew the Get Out of Jail Free card of `deck` and keeps it; the deck is without it."""

    type = "jail_card_kept"
    player: int
    deck: str

    def apply(self, state: GameState) -> GameState:
        player = state.player(self.player)
        return state.with_player(self.player, jail_cards=(*player.jail_cards, self.deck))

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s keeps the %(deck)s Get Out of Jail Free card",
            player=state.name_of(self.player),
            deck=DECK_NAMES[self.deck],
        )


@dataclass(frozen=True)
class JailCardUsed(Event):
    """`player` left jail with their `deck` Get Out of Jail Free card, which goes back to its deck."""

    type = "jail_card_used"
    player: int
    deck: str

    def apply(self, state: GameState) -> GameState:
        cards = list(state.player(self.player).jail_cards)
        cards.remove(self.deck)
        return state.with_player(self.player, in_jail=False, jail_cards=tuple(cards))

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s used the %(deck)s Get Out of Jail Free card and is out of jail; "
            "the card goes back to its deck",
            player=state.name_of(self.player),
            deck=DECK_NAMES[self.deck],
        )


def jail_card_holder(state: GameState, deck: str) -> Player | None:
    """Who holds the deck's Get Out of Jail Free card (a deck has one), or None if it is in the deck."""
    return next((p for p in state.players if deck in p.jail_cards), None)


def go_to_jail(state: GameState, player_id: int) -> WentToJail:
    """Straight to jail: no salary, whatever the piece passes."""
    player = state.active_player(player_id)
    require(
        not player.in_jail,
        Text("%(player)s is already in jail.", player=player.name),
        (player.id, Text("You are already in jail.")),
    )
    return WentToJail(player=player_id)


def _jailed(state: GameState, player_id: int) -> Player:
    player = state.active_player(player_id)
    require(
        player.in_jail,
        Text("%(player)s is not in jail.", player=player.name),
        (player.id, Text("You are not in jail.")),
    )
    return player


@dataclass(frozen=True)
class GoToJail(Command):
    type = "go_to_jail"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        return [go_to_jail(state, self.player)]


@dataclass(frozen=True)
class PayJailFine(Command):
    type = "pay_jail_fine"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        _jailed(state, self.player)
        require(not state.rules.jail_two_turns, NO_FINE)
        fine = charge(state, self.player, fines_payee(state), state.rules.jail_fine, Text("jail fine"))
        if isinstance(fine, DebtIncurred):
            fine = replace(fine, jail_fine=True)
        return [fine, LeftJail(player=self.player)]


@dataclass(frozen=True)
class PayFine(Command):
    """The jail fine from Pay the bank's chip: a player in jail pays it as with `PayJailFine` and
    leaves; one the bank never saw go there (nobody tapped Go to Jail) pays the fine alone. Either
    way the rules' amount, to whoever fines go to, with words each phone reads in its own language."""

    type = "pay_fine"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        if state.active_player(self.player).in_jail:
            return PayJailFine(player=self.player).decide(state, now)
        require(not state.rules.jail_two_turns, NO_FINE)
        return [charge(state, self.player, fines_payee(state), state.rules.jail_fine, Text("jail fine"))]


@dataclass(frozen=True)
class LeaveJailByDoubles(Command):
    """The jailed player rolled doubles with the table's dice: out of jail, no fine, and the piece
    moves by the roll."""

    type = "leave_jail_by_doubles"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        _jailed(state, self.player)
        return [LeftJail(player=self.player, doubles=True)]


@dataclass(frozen=True)
class LeaveJailAfterTwoTurns(Command):
    """Monopoly 2.0: the jailed player's second turn in jail is over: out, and no money moves."""

    type = "leave_jail_after_two_turns"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(
            state.rules.jail_two_turns,
            Text("In this game a player leaves jail by paying the fine, with a card, or by rolling doubles."),
        )
        _jailed(state, self.player)
        return [LeftJail(player=self.player, served=True)]


@dataclass(frozen=True)
class UseJailCard(Command):
    """Leave jail with a Get Out of Jail Free card, or settle with it the jail fine owed since
    leaving; the one kept longest is used first."""

    type = "use_jail_card"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        player = state.active_player(self.player)
        if not player.in_jail and owes_the_fine(state, player.id):
            require(
                bool(player.jail_cards),
                Text(
                    "%(player)s has no Get Out of Jail Free card to settle the jail fine with.",
                    player=player.name,
                ),
                (player.id, Text("You have no Get Out of Jail Free card to settle the jail fine with.")),
            )
            return [JailFineSettledByCard(player=self.player, deck=player.jail_cards[0])]
        player = _jailed(state, self.player)
        require(
            bool(player.jail_cards),
            Text("%(player)s has no Get Out of Jail Free card.", player=player.name),
            (player.id, Text("You have no Get Out of Jail Free card.")),
        )
        return [JailCardUsed(player=self.player, deck=player.jail_cards[0])]


@dataclass(frozen=True)
class JailFineSettledByCard(Event):
    """`player`, owing the jail fine, hands in the `deck` Get Out of Jail Free card instead: the
    card goes back to its deck, the fine is owed no more."""

    type = "jail_fine_settled_by_card"
    player: int
    deck: str

    def apply(self, state: GameState) -> GameState:
        cards = list(state.player(self.player).jail_cards)
        cards.remove(self.deck)
        debts = list(state.debts)
        debts.remove(next(d for d in debts if d.debtor == self.player and d.jail_fine))
        return replace(state.with_player(self.player, jail_cards=tuple(cards)), debts=tuple(debts))

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s settled the jail fine with the %(deck)s Get Out of Jail Free card, "
            "which goes back to its deck",
            player=state.name_of(self.player),
            deck=DECK_NAMES[self.deck],
        )


def owes_the_fine(state: GameState, player_id: int) -> bool:
    return any(d.jail_fine for d in state.debts_of(player_id))


def card_settles_the_fine(state: GameState, player_id: int) -> bool:
    """Whether the player owes the jail fine and holds a Get Out of Jail Free card to settle it
    with: then they are not bankrupt on it."""
    return owes_the_fine(state, player_id) and bool(state.player(player_id).jail_cards)


def fine_owed(state: GameState, player_id: int) -> int:
    """The jail fine `player_id` owes and may settle with a card bought in a trade (0 when none)."""
    if not state.rules.jail_fine_rescue:
        return 0
    return next((d.amount for d in state.debts_of(player_id) if d.jail_fine), 0)


def settled_by_card(state: GameState, player_id: int, received: tuple[str, ...]) -> list[Event]:
    """A card received in a trade by a player owing the jail fine settles it (`state` after the trade)."""
    if not (received and fine_owed(state, player_id)):
        return []
    return [JailFineSettledByCard(player=player_id, deck=received[0])]
