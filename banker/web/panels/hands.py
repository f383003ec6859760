"""Cards kept in hand (Monopoly 2.0, see rules/cards.py): each card a player holds, as it reads,
with a button to play it on each player still in the game. An advance whose outcome turns on
where its target stands (past GO or not, which railroad is nearest) is played from a small form
instead: on whom, where they stand, and for a nearest utility the roll its rent asks."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState, Player
from banker.rules.board import DECK_NAMES, KEPT_ACTIONS
from banker.rules.card_texts import card_text
from banker.rules.cards import turns_on_where
from banker.rules.text import Text
from banker.web.panels.offers import Offer, offer


@dataclass(frozen=True)
class HeldCard:
    deck: str  # the deck's name, as it reads
    text: str
    id: str
    plays: tuple[Offer, ...]  # one for each player it can be played on (none: played by the form)
    targets: tuple[tuple[int, str], ...] = ()  # the form's players to play it on
    where: tuple[tuple[int, str], ...] = ()  # the form's spaces the target may stand on
    roll: bool = False  # the form asks the roll a nearest utility's rent takes


def hand(state: GameState, player: Player, own: bool = False) -> tuple[HeldCard, ...]:
    """The cards `player` holds; `own`: as their own phone says it ("Play on yourself")."""
    if not state.rules.card_hands or player.bankrupt or state.ended:
        return ()
    held = []
    for card_id in player.hand:
        card = state.edition.card[card_id]
        if card.action in KEPT_ACTIONS:  # a Fortune card, played with its deeds (panels/rule_systems.py)
            continue
        targets = [t for t in state.players if not t.bankrupt]
        if turns_on_where(state.edition, card):
            held.append(
                HeldCard(
                    DECK_NAMES[card.deck],
                    card_text(state, card),
                    card_id,
                    (),
                    tuple((t.id, Text("yourself") if own and t.id == player.id else t.name) for t in targets),
                    tuple((s.position, f"{s.position} · {s.name}") for s in state.edition.spaces),
                    card.action == "advance_to_nearest" and card.target_kind == "utility",
                )
            )
            continue
        plays = tuple(
            offer(
                state,
                {"type": "play_card", "player": player.id, "card": card_id, "on": target.id},
                Text("Play on yourself")
                if own and target.id == player.id
                else Text("Play on %(player)s", player=target.name),
            )
            for target in targets
        )
        held.append(HeldCard(DECK_NAMES[card.deck], card_text(state, card), card_id, plays))
    return tuple(held)


TEMPLATE_GLOBALS = {"hand": hand}
