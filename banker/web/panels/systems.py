"""What the rule systems beyond the classic game put on a player's screen: the Monopoly 2.0 deed
market and its cards kept in hand, and Monopoly Millionaire's token levels and the Fortune cards
kept until needed.

A Monopoly 2.0 card in hand (see rules/cards.py) reads as the card does, with a button to play it
on each player still in the game. An advance whose outcome turns on where its target stands (past
GO or not, which railroad is nearest) is played from a small form instead: on whom, where they
stand, and for a nearest utility the roll its rent asks."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState, Player
from banker.rules.board import DECK_NAMES, KEPT_ACTIONS, Deed
from banker.rules.card_texts import card_text, card_title
from banker.rules.cards import turns_on_where
from banker.rules.fortune import givable, takeable
from banker.rules.money import salary
from banker.rules.text import Text
from banker.web.panels import Region
from banker.web.panels.offers import Offer, offer
from banker.web.panels.player import my_deeds


@dataclass(frozen=True)
class MarketPanel:
    deeds: tuple[tuple[Deed, Offer], ...]  # each face-up deed with its Buy button
    left: int  # face down behind the market
    next_turn: Offer
    card_buys: tuple[tuple[Deed, Offer], ...] = ()  # the deeds cards let this player buy from the bank
    # why none of the face-up deeds can be bought now, when it is the same for all: said once
    refused: str | None = None


def market_panel(state: GameState, player: Player | None) -> MarketPanel | None:
    """The face-up deeds; a player's phone may buy one a turn (the banker's buys for `player`).
    The deeds cards let the player buy come first, with the card's words, and only there."""
    if not state.rules.market_size or player is None:
        return None
    by_card = [deed for buyer, deed in state.card_buys if buyer == player.id]
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
        if position not in by_card
    )
    turn = offer(state, {"type": "next_turn", "player": player.id}, Text("My turn is over"))
    card_buys = tuple(
        (
            state.deed(deed),
            offer(state, {"type": "buy", "player": player.id, "deed": deed}, Text("Buy"), "primary"),
        )
        for deed in by_card
    )
    why = {o.refused_to(player.id) for _, o in deeds}  # said to the phone's own player
    refused = why.pop() if len(why) == 1 and deeds else None
    return MarketPanel(
        deeds=deeds, left=len(state.deck), next_turn=turn, card_buys=card_buys, refused=refused
    )


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
    """The Fortune cards `player` keeps until needed (a Monopoly 2.0 hand is `hand`'s); none to
    play once the game has ended."""
    if state.ended:
        return []
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
        if card.action in KEPT_ACTIONS:  # a Fortune card, played with its deeds (kept_cards)
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


def _market(state: GameState, you: int | None) -> tuple:
    if not state.rules.market_size:
        return ()
    # a debt, or the game's end, refuses every offer of the market
    return (
        state.market,
        len(state.deck),
        state.market_buyer,
        state.card_buys,
        state.player(you),
        my_deeds(state, you),
        state.debts,
        state.ended,
    )


def _kept(state: GameState, you: int | None) -> tuple:
    hands = tuple((p.id, p.hand, p.bankrupt) for p in state.players if p.hand)
    return (hands, hands and state.holdings, state.ended)


def _hand(state: GameState, you: int | None) -> tuple:
    if not state.rules.card_hands or not any(p.hand for p in state.players if you in (None, p.id)):
        return ()  # no cards to show: a payment draws nothing again
    # the cards held, and whether each can be played on each player (their cash, deeds and debts)
    return (state.players, state.holdings, state.debts, state.ended)


REGIONS = (
    Region("market", ("player",), "systems/_market.html", _market),
    # a phone's own kept cards are in its wallet
    Region("kept", ("bank",), "systems/_kept_cards.html", _kept),
    Region("hand", ("player", "bank"), "systems/_hands.html", _hand),
)
TEMPLATE_GLOBALS = {
    "market_panel": market_panel,
    "token_level": token_level,
    "kept_cards": kept_cards,
    "hand": hand,
}
