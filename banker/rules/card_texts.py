"""How the built-in decks' cards read on a screen: in the reader's language and the game's money.

The US and UK cards are printed in English with dollar or pound amounts (us.json; the UK's
reworded). On a phone they read as a Text: the same English, with the amounts in the game's money
("Collect ₩200,000" at a won table, "Collect 200K" in the electronic-banking style), the spaces by
their edition's names, and translated for a Korean or Japanese phone. A custom edition's cards are
its own words, in its own language, and read as written.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from banker.rules.board import Card
from banker.rules.editions import load_edition
from banker.rules.state import GameState
from banker.rules.text import Text

BUILT_IN = ("us", "uk")

# The printed wording of each card, with %(placeholders)s for what the game fills in. A Text
# here is only the message (its msgid); `card_text` fills it in for the game.
WORDING: dict[str, Text] = {
    "CH01": Text("Advance to %(space)s."),
    "CH02": Text("Advance to Go (Collect %(salary)s)."),
    "CH03": Text("Advance to %(space)s. If you pass Go, collect %(salary)s."),
    "CH04": Text("Advance to %(space)s. If you pass Go, collect %(salary)s."),
    "CH05": Text(
        "Advance to the nearest %(station)s. If unowned, you may buy it from the Bank. If owned, pay "
        "the owner twice the rental to which they are otherwise entitled."
    ),
    "CH06": Text("Advance to the nearest %(station)s (second copy of the card above)."),
    "CH07": Text(
        "Advance token to the nearest Utility. If unowned, you may buy it from the Bank. If owned, "
        "throw the dice and pay the owner ten times the amount thrown."
    ),
    "CH08": Text("Bank pays you dividend of %(amount)s."),
    "CH09": Text("Get Out of Jail Free (keep until needed, or trade/sell)."),
    "CH10": Text("Go Back 3 Spaces."),
    "CH11": Text("Go to Jail. Go directly to Jail, do not pass Go, do not collect %(salary)s."),
    "CH12": Text(
        "Make general repairs on all your property: for each house pay %(per_house)s, for each "
        "hotel pay %(per_hotel)s."
    ),
    "CH13": Text("Speeding fine %(amount)s."),
    "CH14": Text("Take a trip to %(space)s. If you pass Go, collect %(salary)s."),
    "CH15": Text("You have been elected Chairman of the Board. Pay each player %(amount)s."),
    "CH16": Text("Your building loan matures. Collect %(amount)s."),
    "CC01": Text("Advance to Go (Collect %(salary)s)."),
    "CC02": Text("Bank error in your favor. Collect %(amount)s."),
    "CC03": Text("Doctor's fee. Pay %(amount)s."),
    "CC04": Text("From sale of stock you get %(amount)s."),
    "CC05": Text("Get Out of Jail Free (keep until needed, or trade/sell)."),
    "CC06": Text("Go to Jail. Go directly to jail, do not pass Go, do not collect %(salary)s."),
    "CC07": Text("Holiday fund matures. Receive %(amount)s."),
    "CC08": Text("Income tax refund. Collect %(amount)s."),
    "CC09": Text("It is your birthday. Collect %(amount)s from every player."),
    "CC10": Text("Life insurance matures. Collect %(amount)s."),
    "CC11": Text("Pay hospital fees of %(amount)s."),
    "CC12": Text("Pay school fees of %(amount)s."),
    "CC13": Text("Receive %(amount)s consultancy fee."),
    "CC14": Text("You are assessed for street repairs: %(per_house)s per house, %(per_hotel)s per hotel."),
    "CC15": Text("You have won second prize in a beauty contest. Collect %(amount)s."),
    "CC16": Text("You inherit %(amount)s."),
}
STATIONS = {"us": Text("Railroad"), "uk": Text("Station")}
# Each card in a few words, for picking it from a grid of the whole deck; its wording is shown
# once it is picked.
TITLES: dict[str, Text] = {
    "CH01": Text("To %(space)s"),
    "CH02": Text("To GO"),
    "CH03": Text("To %(space)s"),
    "CH04": Text("To %(space)s"),
    "CH05": Text("Nearest %(station)s"),
    "CH06": Text("Nearest %(station)s (2nd)"),
    "CH07": Text("Nearest utility"),
    "CH08": Text("Dividend"),
    "CH09": Text("Get Out of Jail Free"),
    "CH10": Text("Back 3 spaces"),
    "CH11": Text("Go to jail"),
    "CH12": Text("General repairs"),
    "CH13": Text("Speeding fine"),
    "CH14": Text("Trip to %(space)s"),
    "CH15": Text("Chairman of the board"),
    "CH16": Text("Building loan"),
    "CC01": Text("To GO"),
    "CC02": Text("Bank error"),
    "CC03": Text("Doctor's fee"),
    "CC04": Text("Sale of stock"),
    "CC05": Text("Get Out of Jail Free"),
    "CC06": Text("Go to jail"),
    "CC07": Text("Holiday fund"),
    "CC08": Text("Tax refund"),
    "CC09": Text("Birthday"),
    "CC10": Text("Life insurance"),
    "CC11": Text("Hospital fees"),
    "CC12": Text("School fees"),
    "CC13": Text("Consultancy fee"),
    "CC14": Text("Street repairs"),
    "CC15": Text("Beauty contest"),
    "CC16": Text("Inheritance"),
}
# A card kept until needed (Millionaire's Fortune cards), on any board, by what it does
KEPT_TITLES = {
    "free_house": Text("Free house"),
    "sly_deal": Text("Sly Deal"),
    "forced_deal": Text("Forced Deal"),
    "just_say_no": Text("Just Say No"),
}
TITLE_LENGTH = 24  # a custom card's title: its first words, up to this many characters
# the jail card where nothing is traded (Monopoly 2.0): the printed "or trade/sell" would offer
# what the game refuses
KEPT_UNTIL_NEEDED = Text("Get Out of Jail Free (keep until needed).")


def card_text(state: GameState, card: Card) -> str:
    """The card's words as this game shows them: a Text for a built-in deck's, else as printed."""
    board = _built_in(state, card)
    if board is None:
        return card.text
    if card.action == "get_out_of_jail_free" and not state.rules.trading:
        return KEPT_UNTIL_NEEDED
    return Text(WORDING[card.id].msgid, **_figures(state, card, board))


def card_title(state: GameState, card: Card) -> str:
    """The card in a few words: a Text for a built-in deck's, else the start of its own wording."""
    if card.action in KEPT_TITLES:
        return KEPT_TITLES[card.action]
    board = _built_in(state, card)
    if board is not None:
        return Text(TITLES[card.id].msgid, **_figures(state, card, board))
    if len(card.text) <= TITLE_LENGTH:
        return card.text
    cut = card.text.rfind(" ", 0, TITLE_LENGTH)  # at a word's end, or mid-word if the first is too long
    return card.text[: cut if cut > 0 else TITLE_LENGTH].rstrip(".,;: ") + "…"


def _built_in(state: GameState, card: Card) -> str | None:
    """The built-in board whose card this is: the game's own, or the one a copied board was made
    from, its card kept as printed (a card the host rewrote reads as they wrote it)."""
    if state.edition.id in BUILT_IN:
        return state.edition.id
    if card.id not in WORDING:
        return None
    return next((board for board in BUILT_IN if _printed(board).get(card.id) == card.text), None)


@cache
def _printed(board: str) -> dict[str, str]:
    return {card.id: card.text for card in load_edition(board).cards}


def _figures(state: GameState, card: Card, board: str) -> dict[str, Any]:
    return {
        "space": state.edition.spaces[card.target].name if card.target is not None else "",
        "amount": state.money(card.amount),
        "salary": state.money(state.rules.salary),
        "per_house": state.money(card.per_house),
        "per_hotel": state.money(card.per_hotel),
        "station": STATIONS[board],
    }
