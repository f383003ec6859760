"""Checking an edition file before a table plays it.

A custom edition is a JSON object in the format of banker/editions/us.json: `edition` (the
title), `properties` (the 28 title deeds), `spaces` (the 40 spaces), the `chance` and
`community_chest` decks (16 cards each) and `bank` (starting cash, salary, jail fine, houses and
hotels), and optionally `currency` (how its money reads). Keys the app does not use (notes, the
UK names) are allowed and left out of what is stored.

`check_edition` raises InvalidEdition with the first thing wrong, worded for the person who made
the file ("The brown group has 1 street; a colour group has 2 or 3."), so the screens and the
API can show it as it is.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from banker.rules.board import DECK_NAMES, TAX_TYPES
from banker.rules.errors import InvalidCommand
from banker.rules.ruleset import CURRENCIES

BOARD_SIZE = 40
DECK_SIZE = 16
DEEDS, RAILROADS, UTILITIES = 28, 4, 2
MAX_AMOUNT = 1_000_000  # as in commands: the most the bank handles in one amount
MAX_BUILDINGS = 1_000
MAX_NAME, MAX_TITLE, MAX_TEXT, MAX_CARD_ID = 40, 80, 300, 20

TOP_KEYS = ("edition", "properties", "spaces", "chance", "community_chest", "bank")
SPACE_TYPES = (
    "go",
    "street",
    "railroad",
    "utility",
    "chance",
    "community_chest",
    "income_tax",
    "luxury_tax",
    "jail",
    "free_parking",
    "go_to_jail",
)
ONE_EACH = ("go", "jail", "go_to_jail")  # exactly one on a board
COLOUR_GROUPS = ("brown", "light_blue", "pink", "orange", "red", "yellow", "green", "dark_blue")
DEED_KINDS = ("street", "railroad", "utility")
# kind: (how many numbers, what they are)
RENT_TABLES = {
    "street": (6, "whole numbers above 0 (unimproved, 1 to 4 houses, a hotel)"),
    "railroad": (4, "whole numbers above 0 (1 to 4 railroads owned)"),
    "utility": (2, "dice multipliers above 0 (one utility owned, both)"),
}
# action: the fields a card of it must have
CARD_ACTIONS = {
    "advance_to": ("target",),
    "advance_to_nearest": ("target_kind",),
    "move_relative": ("spaces",),
    "collect": ("amount",),
    "pay": ("amount",),
    "collect_from_each_player": ("amount",),
    "pay_each_player": ("amount",),
    "repairs": ("per_house", "per_hotel"),
    "get_out_of_jail_free": (),
    "go_to_jail": (),
}
BANK_FIGURES = (
    ("starting_cash_per_player", "The starting cash", MAX_AMOUNT),
    ("go_salary", "The GO salary", MAX_AMOUNT),
    ("jail_fine", "The jail fine", MAX_AMOUNT),
    ("houses", "The bank's houses", MAX_BUILDINGS),
    ("hotels", "The bank's hotels", MAX_BUILDINGS),
)


class InvalidEdition(InvalidCommand):
    """An edition file that cannot be played, and why."""


def check_edition(data: Any) -> None:
    """Raise InvalidEdition with the first thing wrong in an edition file's JSON."""
    if not isinstance(data, dict):
        raise InvalidEdition(
            "An edition file holds one JSON object with edition, properties, spaces, chance, "
            "community_chest and bank."
        )
    for key in TOP_KEYS:
        if key not in data:
            raise InvalidEdition(
                f'The edition file has no "{key}". It needs edition, properties, spaces, chance, '
                "community_chest and bank."
            )
    if not _text(data["edition"], MAX_TITLE):
        raise InvalidEdition(f'"edition" must be the edition\'s title: text of 1 to {MAX_TITLE} characters.')
    if "currency" in data and data["currency"] not in CURRENCIES:
        raise InvalidEdition(f'"currency" must be one of: {", ".join(CURRENCIES)}.')
    spaces = _spaces(data["spaces"])
    deeds = _properties(data["properties"], spaces)
    _groups(deeds)
    _bank(data["bank"])
    ids: list[str] = []
    for deck in DECK_NAMES:
        ids += _deck(deck, data[deck])
    twice = [card for card, count in Counter(ids).items() if count > 1]
    if twice:
        raise InvalidEdition(f"Card id {twice[0]} is used twice: each card needs an id of its own.")


def _spaces(value: Any) -> dict[int, dict[str, Any]]:
    if not isinstance(value, list):
        raise InvalidEdition(f'"spaces" must be a list of the {BOARD_SIZE} spaces of the board.')
    if len(value) != BOARD_SIZE:
        raise InvalidEdition(f"A board has {BOARD_SIZE} spaces; this file has {len(value)}.")
    spaces: dict[int, dict[str, Any]] = {}
    for number, space in enumerate(value, start=1):
        _entry(space, number, "spaces", ("position", "name", "type"))
        position = space["position"]
        if not _whole(position, 0, BOARD_SIZE - 1):
            raise InvalidEdition(
                f'Space positions run from 0 to {BOARD_SIZE - 1}; entry {number} of "spaces" has '
                f"{_shown(position)}."
            )
        if position in spaces:
            raise InvalidEdition(
                f'Position {position} is in "spaces" twice: each of 0 to {BOARD_SIZE - 1} once.'
            )
        if not _text(space["name"], MAX_NAME):
            raise InvalidEdition(f'Entry {number} of "spaces" needs a name of 1 to {MAX_NAME} characters.')
        if space["type"] not in SPACE_TYPES:
            raise InvalidEdition(
                f"Space {position} ({space['name']}) has the unknown type {_shown(space['type'])}. "
                f"Known types: {', '.join(SPACE_TYPES)}."
            )
        if space["type"] in TAX_TYPES:
            if "amount" not in space:
                raise InvalidEdition(f'Space {position} ({space["name"]}) has no "amount".')
            _money(space["amount"], f"{space['name']}'s amount")
        spaces[position] = space
    counts = Counter(space["type"] for space in spaces.values())
    for kind in ONE_EACH:
        if counts[kind] != 1:
            raise InvalidEdition(f'A board has one "{kind}" space; this file has {counts[kind]}.')
    for kind in TAX_TYPES:
        if counts[kind] > 1:
            raise InvalidEdition(f'A board has at most one "{kind}" space; this file has {counts[kind]}.')
    if spaces[0]["type"] != "go":
        raise InvalidEdition('Space 0 must be GO (type "go"): the salary is paid for passing it.')
    return spaces


def _properties(value: Any, spaces: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise InvalidEdition(f'"properties" must be a list of the {DEEDS} title deeds.')
    deeds: dict[int, dict[str, Any]] = {}
    for number, deed in enumerate(value, start=1):
        _entry(deed, number, "properties", ("position", "name", "kind", "group", "price", "mortgage", "rent"))
        name, kind, position = deed["name"], deed["kind"], deed["position"]
        if not _text(name, MAX_NAME):
            raise InvalidEdition(
                f'Entry {number} of "properties" needs a name of 1 to {MAX_NAME} characters.'
            )
        if kind not in DEED_KINDS:
            raise InvalidEdition(
                f"{name} has the unknown kind {_shown(kind)}. Kinds: {', '.join(DEED_KINDS)}."
            )
        if kind != "street":
            if deed["group"] != kind:
                raise InvalidEdition(f'{name} is a {kind}, so its group must be "{kind}".')
        elif deed["group"] not in COLOUR_GROUPS:
            raise InvalidEdition(
                f"{name} is in the unknown colour group {_shown(deed['group'])}. "
                f"Colour groups: {', '.join(COLOUR_GROUPS)}."
            )
        if not (_whole(position, 0, BOARD_SIZE - 1) and position in spaces):
            raise InvalidEdition(
                f"{name} is at position {_shown(position)}, which is not on the board "
                f"(0 to {BOARD_SIZE - 1})."
            )
        if position in deeds:
            raise InvalidEdition(f"{deeds[position]['name']} and {name} are both at position {position}.")
        space = spaces[position]
        if space["type"] != kind:
            raise InvalidEdition(
                f'{name} is a {kind} at position {position}, but "spaces" has {space["name"]} '
                f"({space['type']}) there."
            )
        if space["name"] != name:
            raise InvalidEdition(
                f'Space {position} is called {space["name"]} in "spaces" but {name} in "properties".'
            )
        if space.get("group") != deed["group"]:
            raise InvalidEdition(
                f'{name} is in the group {_shown(deed["group"])} in "properties" but '
                f'{_shown(space.get("group"))} in "spaces".'
            )
        _money(deed["price"], f"{name}'s price")
        _money(deed["mortgage"], f"{name}'s mortgage value")
        if kind == "street":
            for key, label in (("house_cost", "house cost"), ("hotel_cost", "hotel cost")):
                if key not in deed:
                    raise InvalidEdition(f'Entry {number} of "properties" ({name}) has no "{key}".')
                _money(deed[key], f"{name}'s {label}")
        size, what = RENT_TABLES[kind]
        rent = deed["rent"]
        if not (isinstance(rent, list) and len(rent) == size and all(_whole(n, 1, MAX_AMOUNT) for n in rent)):
            raise InvalidEdition(f"{name}'s rent must be {size} {what}, not {_shown(rent)}.")
        deeds[position] = deed
    for position, space in sorted(spaces.items()):
        if space["type"] in DEED_KINDS and position not in deeds:
            raise InvalidEdition(
                f"Space {position} ({space['name']}) is a {space['type']} but has no title deed in "
                '"properties".'
            )
    return list(deeds.values())


def _groups(deeds: list[dict[str, Any]]) -> None:
    streets = Counter(deed["group"] for deed in deeds if deed["kind"] == "street")
    for group in COLOUR_GROUPS:
        if group in streets and not 2 <= streets[group] <= 3:
            raise InvalidEdition(
                f"The {group} group has {_count(streets[group], 'street')}; a colour group has 2 or 3."
            )
    kinds = Counter(deed["kind"] for deed in deeds)
    for kind, plural, wanted in (("railroad", "railroads", RAILROADS), ("utility", "utilities", UTILITIES)):
        if kinds[kind] != wanted:
            raise InvalidEdition(f"The board has {_count(kinds[kind], kind, plural)}; it needs {wanted}.")
    if len(deeds) != DEEDS:
        raise InvalidEdition(f"The board has {_count(len(deeds), 'title deed')}; it needs {DEEDS}.")


def _bank(bank: Any) -> None:
    if not isinstance(bank, dict):
        raise InvalidEdition(
            '"bank" must be an object with ' + ", ".join(k for k, _, _ in BANK_FIGURES) + "."
        )
    for key, label, most in BANK_FIGURES:
        if key not in bank:
            raise InvalidEdition(f'"bank" has no "{key}".')
        if not _whole(bank[key], 1, most):
            raise InvalidEdition(
                f"{label} must be a whole number from 1 to {most:,}, not {_shown(bank[key])}."
            )


def _deck(deck: str, cards: Any) -> list[str]:
    label = DECK_NAMES[deck]
    if not isinstance(cards, list):
        raise InvalidEdition(f'"{deck}" must be a list of {DECK_SIZE} cards.')
    if len(cards) != DECK_SIZE:
        raise InvalidEdition(f"The {label} deck has {_count(len(cards), 'card')}; it needs {DECK_SIZE}.")
    ids = []
    for number, card in enumerate(cards, start=1):
        _entry(card, number, deck, ("id", "text", "action"))
        if not _text(card["id"], MAX_CARD_ID):
            raise InvalidEdition(f'Entry {number} of "{deck}" needs an id of 1 to {MAX_CARD_ID} characters.')
        _card(card)
        ids.append(card["id"])
    return ids


def _card(card: dict[str, Any]) -> None:
    name = f"Card {card['id']}"
    if not _text(card["text"], MAX_TEXT):
        raise InvalidEdition(f"{name}'s text must be 1 to {MAX_TEXT} characters.")
    action = card["action"]
    if action not in CARD_ACTIONS:
        raise InvalidEdition(
            f"{name} has the unknown action {_shown(action)}. "
            f"Known actions: {', '.join(sorted(CARD_ACTIONS))}."
        )
    for key in CARD_ACTIONS[action]:
        if key not in card:
            raise InvalidEdition(f'{name} ({action}) has no "{key}".')
    targets = [card["target"]] if "target" in card else []
    derived = card.get("derived_targets", {})
    if not isinstance(derived, dict):
        raise InvalidEdition(f"{name}'s derived_targets must map board positions to board positions.")
    for space, target in derived.items():
        if not (isinstance(space, str) and space.isdigit() and int(space) < BOARD_SIZE):
            raise InvalidEdition(
                f"{name}'s derived_targets names {_shown(space)}, which is not on the board."
            )
        targets.append(target)
    for target in targets:
        if not _whole(target, 0, BOARD_SIZE - 1):
            raise InvalidEdition(
                f"{name} sends the piece to {_shown(target)}, which is not on the board "
                f"(0 to {BOARD_SIZE - 1})."
            )
    if "target_kind" in card and card["target_kind"] not in ("railroad", "utility"):
        raise InvalidEdition(
            f'{name} must advance to the nearest "railroad" or "utility", not {_shown(card["target_kind"])}.'
        )
    for key in ("amount", "per_house", "per_hotel", "rent_multiplier", "dice_multiplier"):
        if key in card:
            _money(card[key], f"{name}'s {key.replace('_', ' ')}")
    if "spaces" in card and not (_whole(card["spaces"], 1 - BOARD_SIZE, BOARD_SIZE - 1) and card["spaces"]):
        raise InvalidEdition(
            f"{name}'s spaces must be a whole number from -{BOARD_SIZE - 1} to {BOARD_SIZE - 1} "
            f"other than 0, not {_shown(card['spaces'])}."
        )
    if not isinstance(card.get("collect_go_if_passed", False), bool):
        raise InvalidEdition(f"{name}'s collect_go_if_passed must be true or false.")


def _entry(entry: Any, number: int, where: str, keys: tuple[str, ...]) -> None:
    if not isinstance(entry, dict):
        raise InvalidEdition(f'Entry {number} of "{where}" is not an object with {", ".join(keys)}.')
    for key in keys:
        if key not in entry:
            raise InvalidEdition(f'Entry {number} of "{where}" has no "{key}".')


def _money(value: Any, label: str) -> None:
    if not _whole(value, 1, MAX_AMOUNT):
        raise InvalidEdition(f"{label} must be a whole number from 1 to {MAX_AMOUNT:,}, not {_shown(value)}.")


def _whole(value: Any, least: int, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most


def _text(value: Any, most: int) -> bool:
    return isinstance(value, str) and 1 <= len(value.strip()) <= most


def _shown(value: Any) -> str:
    """A value as the file spells it: 40, "60", [25, 50], null."""
    return json.dumps(value, ensure_ascii=False)


def _count(number: int, noun: str, plural: str = "") -> str:
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
