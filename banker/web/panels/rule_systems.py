"""What the rule systems beyond the classic game put on a player's screen: the Monopoly 2.0 deed
market, and Monopoly Millionaire's token levels."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState, Player
from banker.rules.board import Deed
from banker.rules.money import salary
from banker.rules.text import Text
from banker.web.panels.offers import Offer, offer


@dataclass(frozen=True)
class MarketPanel:
    deeds: tuple[tuple[Deed, Offer], ...]  # each face-up deed with its Buy button
    left: int  # face down behind the market
    next_turn: Offer


def market_panel(state: GameState, player: Player | None) -> MarketPanel | None:
    """The face-up deeds; a player's phone may buy one a turn (the banker's buys for `player`)."""
    if not state.rules.market_size or player is None:
        return None
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
    )
    turn = offer(state, {"type": "next_turn", "player": player.id}, Text("My turn is over"))
    return MarketPanel(deeds=deeds, left=len(state.deck), next_turn=turn)


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


TEMPLATE_GLOBALS = {"market_panel": market_panel, "token_level": token_level}
