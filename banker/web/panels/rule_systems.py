"""What the rule systems beyond the classic game put on a player's screen: the Monopoly 2.0 deed
market, and Monopoly Millionaire's token levels and the Fortune cards kept in hand."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState, Player
from banker.rules.board import KEPT_ACTIONS, Deed
from banker.rules.card_texts import card_title
from banker.rules.fortune import givable, takeable
from banker.rules.money import salary
from banker.rules.text import Text
from banker.web.panels.offers import Offer, offer


@dataclass(frozen=True)
class MarketPanel:
    deeds: tuple[tuple[Deed, Offer], ...]  # each face-up deed with its Buy button
    left: int  # face down behind the market
    next_turn: Offer
    card_buy: tuple[Deed, Offer] | None = None  # the deed a card lets this player buy from the bank


def market_panel(state: GameState, player: Player | None) -> MarketPanel | None:
    """The face-up deeds; a player's phone may buy one a turn (the banker's buys for `player`).
    The deed a card lets the player buy comes first, with the card's words, and only there."""
    if not state.rules.market_size or player is None:
        return None
    by_card = state.card_buy[1] if state.card_buy and state.card_buy[0] == player.id else None
    deeds = tuple(
        (
            state.deed(position),
            offer(
                state,
                {"type": "buy_from_market", "player": player.id, "deed": position},
                Text("Buy"),
            ),
        )
        for position in state.market
        if position != by_card
    )
    turn = offer(state, {"type": "next_turn", "player": player.id}, Text("My turn is over"))
    card_buy = None
    if by_card is not None:
        buy = offer(state, {"type": "buy", "player": player.id, "deed": by_card}, Text("Buy"), "primary")
        card_buy = (state.deed(by_card), buy)
    return MarketPanel(deeds=deeds, left=len(state.deck), next_turn=turn, card_buy=card_buy)


@dataclass(frozen=True)
class Level:
    level: int
    top: int
    salary: str
    buy: Offer | None  # offered just after this player collected the salary at GO


def token_level(state: GameState, player: Player) -> Level | None:
    if state.rules.token_levels <= 1:
        return None
    buy = None
    if state.at_go == player.id and player.level < state.rules.token_levels:
        buy = offer(
            state, {"type": "buy_level", "player": player.id}, Text("Raise my token a level"), "primary"
        )
    return Level(player.level, state.rules.token_levels, state.money(salary(state, player.id)), buy)


@dataclass(frozen=True)
class KeptCard:
    """A card in a player's hand and what playing it asks: the deed it is played on (`deeds`,
    named by `on`), and for a Forced Deal the player's own deed it hands over (`gives`)."""

    id: str
    label: Text  # its button: "Play Sly Deal"
    on: str = ""
    deeds: tuple[Deed, ...] = ()
    gives: tuple[Deed, ...] = ()


def kept_cards(state: GameState, player: Player) -> list[KeptCard]:
    """The Fortune cards `player` keeps until needed (a Monopoly 2.0 hand is panels/hands.py's)."""
    cards = []
    for card_id in player.hand:
        card = state.edition.card[card_id]
        if card.action not in KEPT_ACTIONS:
            continue
        label = Text("Play %(card)s", card=card_title(state, card))
        if card.action == "free_house":
            streets = tuple(
                d
                for d in state.edition.deeds
                if d.kind == "street" and state.holding(d.position).owner == player.id
            )
            cards.append(KeptCard(card_id, label, Text("On"), streets))
        elif card.action == "sly_deal":
            cards.append(KeptCard(card_id, label, Text("Take"), takeable(state, player)))
        elif card.action == "forced_deal":
            deal = takeable(state, player), givable(state, player)
            cards.append(KeptCard(card_id, label, Text("Take"), *deal))
        else:
            cards.append(KeptCard(card_id, label))
    return cards


TEMPLATE_GLOBALS = {"market_panel": market_panel, "token_level": token_level, "kept_cards": kept_cards}
