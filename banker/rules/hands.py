"""The cards a player holds to play later: Monopoly Millionaire's Fortune cards kept until needed
(fortune.py) and, under `card_hands`, Monopoly 2.0's Chance and Community Chest cards (cards.py).
A card in a hand is out of its deck until it is played (`play_card`, cards.py)."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules.base import Event
from banker.rules.board import DECK_NAMES, KEPT_ACTIONS
from banker.rules.card_texts import card_text, card_title
from banker.rules.state import GameState, Player
from banker.rules.text import Text


@dataclass(frozen=True)
class CardKept(Event):
    """`player` drew `card` and holds it. A Fortune card kept until needed is shown to the table;
    a Monopoly 2.0 card in hand only to its holder, until it is played."""

    type = "card_kept"
    player: int
    card: str

    def apply(self, state: GameState) -> GameState:
        return state.with_player(self.player, hand=(*state.player(self.player).hand, self.card))

    def describe(self, state: GameState) -> Text:
        card = state.edition.card[self.card]
        if card.action in KEPT_ACTIONS:
            return Text(
                "%(player)s keeps %(card)s until needed",
                player=state.name_of(self.player),
                card=card_title(state, card),
            )
        return Text(
            "%(player)s drew a %(deck)s card and keeps it",
            player=state.name_of(self.player),
            deck=DECK_NAMES[card.deck],
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        if you != self.player:
            return self.describe(state)
        card = state.edition.card[self.card]
        if card.action in KEPT_ACTIONS:
            return Text("You keep %(card)s until needed", card=card_title(state, card))
        return Text(
            "You drew %(deck)s and keep it: %(card)s", deck=DECK_NAMES[card.deck], card=card_text(state, card)
        )


@dataclass(frozen=True)
class CardPlayed(Event):
    """`player` played `card` from their hand (on player `on`, for a card in hand); it goes back to
    its deck. What it does follows as its own events."""

    type = "card_played"
    is_news = True  # played on the table: every phone hears of it
    player: int
    card: str
    on: int | None = None

    def apply(self, state: GameState) -> GameState:
        hand = list(state.player(self.player).hand)
        hand.remove(self.card)
        return state.with_player(self.player, hand=tuple(hand))

    def describe(self, state: GameState) -> Text:
        card = state.edition.card[self.card]
        if self.on is None:
            return Text(
                "%(player)s played %(card)s", player=state.name_of(self.player), card=card_title(state, card)
            )
        if self.on == self.player:  # not "Ann played Chance on Ann"
            return Text(
                "%(player)s played %(deck)s on themselves: %(card)s",
                player=state.name_of(self.player),
                deck=DECK_NAMES[card.deck],
                card=card_text(state, card),
            )
        return Text(
            "%(player)s played %(deck)s on %(target)s: %(card)s",
            player=state.name_of(self.player),
            deck=DECK_NAMES[card.deck],
            target=state.name_of(self.on),
            card=card_text(state, card),
        )

    def describe_to(self, state: GameState, you: int) -> Text:
        card = state.edition.card[self.card]
        if self.on is None:
            if you != self.player:
                return self.describe(state)
            return Text("You played %(card)s", card=card_title(state, card))
        said = {"deck": DECK_NAMES[card.deck], "card": card_text(state, card)}
        player, target = state.name_of(self.player), state.name_of(self.on)
        if you == self.player == self.on:
            return Text("You played %(deck)s on yourself: %(card)s", **said)
        if you == self.player:
            return Text("You played %(deck)s on %(target)s: %(card)s", target=target, **said)
        if you == self.on:
            return Text("%(player)s played %(deck)s on you: %(card)s", player=player, **said)
        return self.describe(state)


def card_holder(state: GameState, card: str) -> Player | None:
    """Who has `card` in their hand, or None when it is in its deck."""
    return next((p for p in state.players if card in p.hand), None)
