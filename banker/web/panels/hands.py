"""Cards kept in hand (Monopoly 2.0, see rules/cards.py): each card a player holds, as it reads,
with a button to play it on each player still in the game."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState, Player
from banker.rules.board import DECK_NAMES, KEPT_ACTIONS
from banker.rules.card_texts import card_text
from banker.rules.text import Text
from banker.web.panels.offers import Offer, offer


@dataclass(frozen=True)
class HeldCard:
    deck: str  # the deck's name, as it reads
    text: str
    plays: tuple[Offer, ...]  # one for each player it can be played on


def hand(state: GameState, player: Player, own: bool = False) -> tuple[HeldCard, ...]:
    """The cards `player` holds; `own`: as their own phone says it ("Play on yourself")."""
    if not state.rules.card_hands or player.bankrupt or state.ended:
        return ()
    held = []
    for card_id in player.hand:
        card = state.edition.card[card_id]
        if card.action in KEPT_ACTIONS:  # a Fortune card, played with its deeds (panels/rule_systems.py)
            continue
        plays = tuple(
            offer(
                state,
                {"type": "play_card", "player": player.id, "card": card_id, "on": target.id},
                Text("Play on yourself")
                if own and target.id == player.id
                else Text("Play on %(player)s", player=target.name),
            )
            for target in state.players
            if not target.bankrupt
        )
        held.append(HeldCard(DECK_NAMES[card.deck], card_text(state, card), plays))
    return tuple(held)


TEMPLATE_GLOBALS = {"hand": hand}
