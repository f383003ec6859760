"""Checking an edition file before a table plays it.

A custom edition is a JSON object in the format of banker/rules/editions/us.json: `edition` (the
title), `properties` (a title deed for each deed space), `spaces` (the board: 40 spaces on the
classic board; any board of four equal sides from 16 to 64 spaces, as Monopoly Millionaire's 32),
the `chance` and `community_chest` decks (1 to 32 cards each) and `bank` (starting cash, salary,
jail fine, houses and hotels), and optionally `currency` (how its money reads) and Monopoly
Millionaire's `fortune` and `lifestyle` decks (drawn on a deed's space and on "lifestyle" spaces;
a card of either may have `level_amounts`, its amount for a token at each level, and a Fortune
card kept until needed has the action free_house, forced_deal, sly_deal or just_say_no). A title
deed may have a `short` name, which a narrow board space prints instead ("Medit. Ave"). Keys the
app does not use (notes, the UK names) are allowed and left out of what is stored.

`check_edition` raises InvalidEdition with the first thing wrong, worded for the person who made
the file ("The brown group has 1 street; a colour group has 2 or 3."), so the screens and the
API can show it as it is. `check_each` checks all but the deeds' names and figures against one
another, which `deed_faults` lists: two deeds of one name, a mortgage value above its deed's
price, rents that do not rise.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache
from itertools import pairwise
from typing import Any

from banker.rules.board import DECK_NAMES, KEPT_ACTIONS, TAX_TYPES
from banker.rules.errors import InvalidCommand
from banker.rules.inputs import MAX_AMOUNT, UNSAFE, check_text, escaped, visible
from banker.rules.lookalike import looks
from banker.rules.ruleset import CURRENCIES
from banker.rules.text import Plural, Text

SMALLEST_BOARD, LARGEST_BOARD = 16, 64  # spaces, a multiple of 4: four equal sides
LARGEST_DECK = 32
RAILROADS, UTILITIES = 4, 2  # at most: the rent tables run to 4 railroads and 2 utilities owned
MAX_BUILDINGS = 1_000
MAX_NAME, MAX_TITLE, MAX_TEXT, MAX_CARD_ID = 40, 80, 300, 20
MAX_SHOWN = 60  # characters of a value quoted in a message
POSITION = re.compile("[0-9]{1,2}")  # a board position as an object's key: "5", "39"

TOP_KEYS = ("edition", "properties", "spaces", "bank")
SPACE_TYPES = (
    "go",
    "street",
    "railroad",
    "utility",
    "chance",
    "community_chest",
    "lifestyle",
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
    "street": (6, Text("whole numbers above 0 (unimproved, 1 to 4 houses, a hotel)")),
    "railroad": (4, Text("whole numbers above 0 (1 to 4 railroads owned)")),
    "utility": (2, Text("dice multipliers above 0 (one utility owned, both)")),
}
# what each level of a rent table is, by the deed's kind
RENT_LEVELS = {
    "street": (
        Text("Rent, site only"),
        Text("Rent with 1 house"),
        Text("Rent with 2 houses"),
        Text("Rent with 3 houses"),
        Text("Rent with 4 houses"),
        Text("Rent with a hotel"),
    ),
    "railroad": (
        Text("Rent, 1 railroad owned"),
        Text("Rent, 2 railroads owned"),
        Text("Rent, 3 railroads owned"),
        Text("Rent, 4 railroads owned"),
    ),
    "utility": (Text("Dice times, 1 utility owned"), Text("Dice times, 2 utilities owned")),
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
    **{action: () for action in KEPT_ACTIONS},
}
MAX_LEVELS = 10  # a token's levels (ruleset: token_levels)
BANK_FIGURES = (
    ("starting_cash_per_player", Text("The starting cash"), MAX_AMOUNT),
    ("go_salary", Text("The GO salary"), MAX_AMOUNT),
    ("jail_fine", Text("The jail fine"), MAX_AMOUNT),
    ("houses", Text("The bank's houses"), MAX_BUILDINGS),
    ("hotels", Text("The bank's hotels"), MAX_BUILDINGS),
)


class InvalidEdition(InvalidCommand):
    """An edition file that cannot be played, and why."""


def check_edition(data: Any) -> None:
    """Raise InvalidEdition with the first thing wrong in an edition file's JSON."""
    wrong = next(deed_faults(check_each(data)), None)
    if wrong is not None:
        raise InvalidEdition(wrong[1])


def check_each(data: Any) -> list[dict[str, Any]]:
    """Raise InvalidEdition with the first thing wrong in an edition file's JSON but its deeds'
    names and figures against one another (`deed_faults`); answer its title deeds."""
    if not isinstance(data, dict):
        raise InvalidEdition(
            Text(
                "An edition file holds one JSON object with edition, properties, spaces, bank and the "
                "decks of cards."
            )
        )
    for key in TOP_KEYS:
        if key not in data:
            raise InvalidEdition(
                Text(
                    'The edition file has no "%(key)s". It needs edition, properties, spaces, bank and '
                    "the decks of cards.",
                    key=key,
                )
            )
    _check_texts(data)
    if not _text(data["edition"], MAX_TITLE):
        raise InvalidEdition(
            Text('"edition" must be the edition\'s title: text of 1 to %(most)s characters.', most=MAX_TITLE)
        )
    if "currency" in data and not (isinstance(data["currency"], str) and data["currency"] in CURRENCIES):
        raise InvalidEdition(
            Text('"currency" must be one of: %(currencies)s.', currencies=", ".join(CURRENCIES))
        )
    spaces = _spaces(data["spaces"])
    deeds = _properties(data["properties"], spaces)
    _groups(deeds)
    _bank(data["bank"])
    ids: list[str] = []
    drawn_on = {space["type"] for space in spaces.values()}
    for deck in DECK_NAMES:
        if deck in drawn_on and deck not in data:
            raise InvalidEdition(
                Text(
                    'The board has %(deck)s spaces, but the file has no "%(key)s" deck.',
                    deck=DECK_NAMES[deck],
                    key=deck,
                )
            )
        if deck in data:
            ids += _deck(deck, data[deck], len(spaces))
    kinds = {deed["kind"] for deed in deeds}
    for deck in DECK_NAMES:
        for card in data.get(deck, ()):
            if card.get("action") == "advance_to_nearest" and card["target_kind"] not in kinds:
                raise InvalidEdition(
                    Text(
                        "Card %(card)s leads to the nearest railroad, and the board has none: take the "
                        "card out or make a space a railroad.",
                        card=card["id"],
                    )
                    if card["target_kind"] == "railroad"
                    else Text(
                        "Card %(card)s leads to the nearest utility, and the board has none: take the card "
                        "out or make a space a utility.",
                        card=card["id"],
                    )
                )
    twice = [card for card, count in Counter(ids).items() if count > 1]
    if twice:
        raise InvalidEdition(
            Text("Card id %(card)s is used twice: each card needs an id of its own.", card=twice[0])
        )
    return deeds


def deed_faults(deeds: list[dict[str, Any]]) -> Iterator[tuple[dict[str, Any], Text]]:
    """What is wrong between checked title deeds' names and figures, each deed with why, a blank
    (None) figure left out: these are typed one at a time, so a board may hold them while it is
    being typed, but it does not play."""
    for deed in deeds:
        for why in (name_taken(deed, deeds), mortgage_above_price(deed), rent_not_rising(deed)):
            if why is not None:
                yield deed, why


def name_taken(deed: dict[str, Any], deeds: list[dict[str, Any]]) -> Text | None:
    """Another deed of the same name, as players' names are compared (lookalike.py): the two could
    not be told apart in a list to pick from."""
    name = _looks(deed["name"])
    other = next((other for other in deeds if other is not deed and _looks(other["name"]) == name), None)
    if other is None:
        return None
    return Text(
        "%(name)s is already the name of space %(position)s; give each deed a name of its own.",
        name=other["name"],
        position=other["position"],
    )


@lru_cache(maxsize=1024)  # each name is compared with every other whenever a saved board is read
def _looks(name: str) -> str:
    return looks(name.strip())


def mortgage_above_price(deed: dict[str, Any]) -> Text | None:
    """A mortgage value above the price would have the bank lend more on a deed than it sold it
    for: money from nothing."""
    price, mortgage = deed["price"], deed["mortgage"]
    if price is None or mortgage is None or mortgage <= price:
        return None
    return Text(
        "%(deed)s's mortgage value must be at most its price, %(price)s, not %(value)s.",
        deed=deed["name"],
        price=price,
        value=mortgage,
    )


def rent_not_rising(deed: dict[str, Any]) -> Text | None:
    """A rent not above the one before it: on every title deed each house, the hotel and each
    railroad or utility more owned charge more, so a table that goes down was mistyped."""
    levels = RENT_LEVELS[deed["kind"]]
    typed = [(level, rent) for level, rent in enumerate(deed["rent"]) if rent is not None]
    for (before, than), (level, rent) in pairwise(typed):
        if rent <= than:
            return Text(
                "%(deed)s: %(field)s is %(amount)s, but %(before)s is %(than)s; each rent must be more "
                "than the one before.",
                deed=deed["name"],
                field=levels[level],
                amount=rent,
                before=levels[before],
                than=than,
            )
    return None


def _check_texts(data: Any) -> None:
    """Every text in the file, its keys too, as a screen can show it (see rules/inputs.py)."""
    pending = [data]
    while pending:  # no recursion: a file may nest as deep as JSON lets it
        value = pending.pop()
        if isinstance(value, dict):
            pending += [*value.keys(), *value.values()]
        elif isinstance(value, list):
            pending += value
        elif isinstance(value, str) and UNSAFE.search(value):  # its message made only when it is due
            try:
                check_text(value, Text("The text %(value)s in the edition file", value=_shown(value)))
            except InvalidCommand as refused:
                raise InvalidEdition(refused.message) from None


def _spaces(value: Any) -> dict[int, dict[str, Any]]:
    if not isinstance(value, list):
        raise InvalidEdition(Text('"spaces" must be a list of the spaces of the board, from GO on.'))
    size = len(value)
    if not (SMALLEST_BOARD <= size <= LARGEST_BOARD and size % 4 == 0):
        raise InvalidEdition(
            Text(
                "A board has four equal sides: %(least)s to %(most)s spaces, a multiple of 4 "
                "(40 on the classic board); this file has %(count)s.",
                least=SMALLEST_BOARD,
                most=LARGEST_BOARD,
                count=size,
            )
        )
    last = size - 1
    spaces: dict[int, dict[str, Any]] = {}
    for number, space in enumerate(value, start=1):
        _entry(space, number, "spaces", ("position", "name", "type"))
        position = space["position"]
        if not _whole(position, 0, last):
            raise InvalidEdition(
                Text(
                    'Space positions run from 0 to %(last)s; entry %(entry)s of "spaces" has %(value)s.',
                    last=last,
                    entry=number,
                    value=_shown(position),
                )
            )
        if position in spaces:
            raise InvalidEdition(
                Text(
                    'Position %(position)s is in "spaces" twice: each of 0 to %(last)s once.',
                    position=position,
                    last=last,
                )
            )
        if not _text(space["name"], MAX_NAME):
            raise InvalidEdition(
                Text(
                    'Entry %(entry)s of "spaces" needs a name of 1 to %(most)s characters.',
                    entry=number,
                    most=MAX_NAME,
                )
            )
        if space["type"] not in SPACE_TYPES:
            raise InvalidEdition(
                Text(
                    "Space %(position)s (%(name)s) has the unknown type %(type)s. Known types: %(types)s.",
                    position=position,
                    name=space["name"],
                    type=_shown(space["type"]),
                    types=", ".join(SPACE_TYPES),
                )
            )
        if space["type"] in TAX_TYPES:
            if "amount" not in space:
                raise InvalidEdition(
                    Text(
                        'Space %(position)s (%(name)s) has no "amount".',
                        position=position,
                        name=space["name"],
                    )
                )
            check_amount(space["amount"], Text("%(name)s's amount", name=space["name"]))
        spaces[position] = space
    counts = Counter(space["type"] for space in spaces.values())
    for kind in ONE_EACH:
        if counts[kind] != 1:
            raise InvalidEdition(
                Text(
                    'A board has one "%(type)s" space; this file has %(count)s.',
                    type=kind,
                    count=counts[kind],
                )
            )
    for kind in TAX_TYPES:
        if counts[kind] > 1:
            raise InvalidEdition(
                Text(
                    'A board has at most one "%(type)s" space; this file has %(count)s.',
                    type=kind,
                    count=counts[kind],
                )
            )
    if spaces[0]["type"] != "go":
        raise InvalidEdition(Text('Space 0 must be GO (type "go"): the salary is paid for passing it.'))
    return spaces


def _properties(value: Any, spaces: dict[int, dict[str, Any]]) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise InvalidEdition(Text('"properties" must be a list of the title deeds, one for each deed space.'))
    deeds: dict[int, dict[str, Any]] = {}
    for number, deed in enumerate(value, start=1):
        _entry(deed, number, "properties", ("position", "name", "kind", "group", "price", "mortgage", "rent"))
        name, kind, position = deed["name"], deed["kind"], deed["position"]
        if not _text(name, MAX_NAME):
            raise InvalidEdition(
                Text(
                    'Entry %(entry)s of "properties" needs a name of 1 to %(most)s characters.',
                    entry=number,
                    most=MAX_NAME,
                )
            )
        if "short" in deed and not _text(deed["short"], MAX_NAME):
            raise InvalidEdition(
                Text(
                    '%(deed)s\'s "short" is the name a narrow board space prints instead: text of 1 to '
                    "%(most)s characters, not %(value)s.",
                    deed=name,
                    most=MAX_NAME,
                    value=_shown(deed["short"]),
                )
            )
        if kind not in DEED_KINDS:
            raise InvalidEdition(
                Text(
                    "%(deed)s has the unknown kind %(kind)s. Kinds: %(kinds)s.",
                    deed=name,
                    kind=_shown(kind),
                    kinds=", ".join(DEED_KINDS),
                )
            )
        if kind != "street":
            if deed["group"] != kind:
                raise InvalidEdition(
                    Text('%(deed)s is a %(kind)s, so its group must be "%(kind)s".', deed=name, kind=kind)
                )
        elif deed["group"] not in COLOUR_GROUPS:
            raise InvalidEdition(
                Text(
                    "%(deed)s is in the unknown colour group %(group)s. Colour groups: %(groups)s.",
                    deed=name,
                    group=_shown(deed["group"]),
                    groups=", ".join(COLOUR_GROUPS),
                )
            )
        if not (_whole(position, 0, len(spaces) - 1) and position in spaces):
            raise InvalidEdition(
                Text(
                    "%(deed)s is at position %(position)s, which is not on the board (0 to %(last)s).",
                    deed=name,
                    position=_shown(position),
                    last=len(spaces) - 1,
                )
            )
        if position in deeds:
            raise InvalidEdition(
                Text(
                    "%(first)s and %(deed)s are both at position %(position)s.",
                    first=deeds[position]["name"],
                    deed=name,
                    position=position,
                )
            )
        space = spaces[position]
        if space["type"] != kind:
            raise InvalidEdition(
                Text(
                    "%(deed)s is a %(kind)s at position %(position)s, "
                    'but "spaces" has %(space)s (%(type)s) there.',
                    deed=name,
                    kind=kind,
                    position=position,
                    space=space["name"],
                    type=space["type"],
                )
            )
        if space["name"] != name:
            raise InvalidEdition(
                Text(
                    'Space %(position)s is called %(space)s in "spaces" but %(deed)s in "properties".',
                    position=position,
                    space=space["name"],
                    deed=name,
                )
            )
        if space.get("group") != deed["group"]:
            raise InvalidEdition(
                Text(
                    '%(deed)s is in the group %(group)s in "properties" but %(other)s in "spaces".',
                    deed=name,
                    group=_shown(deed["group"]),
                    other=_shown(space.get("group")),
                )
            )
        check_amount(deed["price"], Text("%(deed)s's price", deed=name))
        check_amount(deed["mortgage"], Text("%(deed)s's mortgage value", deed=name))
        if kind == "street":
            for key, label in (
                ("house_cost", Text("%(deed)s's house cost", deed=name)),
                ("hotel_cost", Text("%(deed)s's hotel cost", deed=name)),
            ):
                if key not in deed:
                    raise InvalidEdition(
                        Text(
                            'Entry %(entry)s of "properties" (%(deed)s) has no "%(key)s".',
                            entry=number,
                            deed=name,
                            key=key,
                        )
                    )
                check_amount(deed[key], label)
        size, what = RENT_TABLES[kind]
        rent = deed["rent"]
        if not (isinstance(rent, list) and len(rent) == size and all(_whole(n, 1, MAX_AMOUNT) for n in rent)):
            raise InvalidEdition(
                Text(
                    "%(deed)s's rent must be %(size)s %(what)s, not %(value)s.",
                    deed=name,
                    size=size,
                    what=what,
                    value=_shown(rent),
                )
            )
        deeds[position] = deed
    for position, space in sorted(spaces.items()):
        if space["type"] in DEED_KINDS and position not in deeds:
            raise InvalidEdition(
                Text(
                    'Space %(position)s (%(space)s) is a %(type)s but has no title deed in "properties".',
                    position=position,
                    space=space["name"],
                    type=space["type"],
                )
            )
    return list(deeds.values())


def _groups(deeds: list[dict[str, Any]]) -> None:
    streets = Counter(deed["group"] for deed in deeds if deed["kind"] == "street")
    for group in COLOUR_GROUPS:
        if group in streets and not 2 <= streets[group] <= 3:
            raise InvalidEdition(
                Plural(
                    "The %(group)s group has %(n)s street; a colour group has 2 or 3.",
                    "The %(group)s group has %(n)s streets; a colour group has 2 or 3.",
                    streets[group],
                    group=group,
                )
            )
    kinds = Counter(deed["kind"] for deed in deeds)
    if kinds["railroad"] > RAILROADS:
        raise InvalidEdition(
            Text(
                "The board has %(n)s railroads; a railroad's rent runs to %(most)s owned.",
                n=kinds["railroad"],
                most=RAILROADS,
            )
        )
    if kinds["utility"] > UTILITIES:
        raise InvalidEdition(
            Text(
                "The board has %(n)s utilities; a utility's rent runs to %(most)s owned.",
                n=kinds["utility"],
                most=UTILITIES,
            )
        )


def _bank(bank: Any) -> None:
    if not isinstance(bank, dict):
        raise InvalidEdition(
            Text('"bank" must be an object with %(keys)s.', keys=", ".join(k for k, _, _ in BANK_FIGURES))
        )
    for key, label, most in BANK_FIGURES:
        if key not in bank:
            raise InvalidEdition(Text('"bank" has no "%(key)s".', key=key))
        check_amount(bank[key], label, most)


def _deck(deck: str, cards: Any, board_size: int) -> list[str]:
    label = DECK_NAMES[deck]
    if not isinstance(cards, list):
        raise InvalidEdition(
            Text('"%(deck)s" must be a list of 1 to %(most)s cards.', deck=deck, most=LARGEST_DECK)
        )
    if not 1 <= len(cards) <= LARGEST_DECK:
        raise InvalidEdition(
            Plural(
                "The %(deck)s deck has %(n)s card; it needs 1 to %(most)s.",
                "The %(deck)s deck has %(n)s cards; it needs 1 to %(most)s.",
                len(cards),
                deck=label,
                most=LARGEST_DECK,
            )
        )
    ids = []
    for number, card in enumerate(cards, start=1):
        _entry(card, number, deck, ("id", "text", "action"))
        if not _text(card["id"], MAX_CARD_ID):
            raise InvalidEdition(
                Text(
                    'Entry %(entry)s of "%(deck)s" needs an id of 1 to %(most)s characters.',
                    entry=number,
                    deck=deck,
                    most=MAX_CARD_ID,
                )
            )
        _card(card, board_size)
        ids.append(card["id"])
    # a kept jail card is known by its deck (Player.jail_cards): a second would wait forever
    jail_cards = [card["id"] for card in cards if card["action"] == "get_out_of_jail_free"]
    if len(jail_cards) > 1:
        raise InvalidEdition(
            Text(
                "The %(deck)s deck has more than one Get Out of Jail Free card (%(cards)s): "
                "a deck holds one.",
                deck=label,
                cards=", ".join(jail_cards),
            )
        )
    return ids


def _card(card: dict[str, Any], board_size: int) -> None:
    name = card["id"]
    if not _text(card["text"], MAX_TEXT):
        raise InvalidEdition(
            Text("Card %(card)s's text must be 1 to %(most)s characters.", card=name, most=MAX_TEXT)
        )
    action = card["action"]
    if not (isinstance(action, str) and action in CARD_ACTIONS):
        raise InvalidEdition(
            Text(
                "Card %(card)s has the unknown action %(action)s. Known actions: %(actions)s.",
                card=name,
                action=_shown(action),
                actions=", ".join(sorted(CARD_ACTIONS)),
            )
        )
    for key in CARD_ACTIONS[action]:
        if key not in card and not (key == "amount" and "level_amounts" in card):
            raise InvalidEdition(
                Text('Card %(card)s (%(action)s) has no "%(key)s".', card=name, action=action, key=key)
            )
    targets = [card["target"]] if "target" in card else []
    derived = card.get("derived_targets", {})
    if not isinstance(derived, dict):
        raise InvalidEdition(
            Text("Card %(card)s's derived_targets must map board positions to board positions.", card=name)
        )
    for space, target in derived.items():
        if not (isinstance(space, str) and POSITION.fullmatch(space) and int(space) < board_size):
            raise InvalidEdition(
                Text(
                    "Card %(card)s's derived_targets names %(space)s, which is not on the board.",
                    card=name,
                    space=_shown(space),
                )
            )
        targets.append(target)
    for target in targets:
        if not _whole(target, 0, board_size - 1):
            raise InvalidEdition(
                Text(
                    "Card %(card)s sends the piece to %(target)s, which is not on the board (0 to %(last)s).",
                    card=name,
                    target=_shown(target),
                    last=board_size - 1,
                )
            )
    if "target_kind" in card and card["target_kind"] not in ("railroad", "utility"):
        raise InvalidEdition(
            Text(
                'Card %(card)s must advance to the nearest "railroad" or "utility", not %(kind)s.',
                card=name,
                kind=_shown(card["target_kind"]),
            )
        )
    levels = card.get("level_amounts", [])
    if not (
        isinstance(levels, list)
        and len(levels) <= MAX_LEVELS
        and all(_whole(n, 1, MAX_AMOUNT) for n in levels)
    ):
        raise InvalidEdition(
            Text(
                "Card %(card)s's level_amounts must be up to %(most)s whole numbers above 0, one for each "
                "token level, not %(value)s.",
                card=name,
                most=MAX_LEVELS,
                value=_shown(levels),
            )
        )
    for key in ("amount", "per_house", "per_hotel", "rent_multiplier", "dice_multiplier"):
        if key in card:
            check_amount(card[key], Text("Card %(card)s's %(field)s", card=name, field=key.replace("_", " ")))
    if "spaces" in card and not (_whole(card["spaces"], 1 - board_size, board_size - 1) and card["spaces"]):
        raise InvalidEdition(
            Text(
                "Card %(card)s's spaces must be a whole number from -%(last)s to %(last)s other than 0, "
                "not %(value)s.",
                card=name,
                last=board_size - 1,
                value=_shown(card["spaces"]),
            )
        )
    if not isinstance(card.get("collect_go_if_passed", False), bool):
        raise InvalidEdition(Text("Card %(card)s's collect_go_if_passed must be true or false.", card=name))


def _entry(entry: Any, number: int, where: str, keys: tuple[str, ...]) -> None:
    if not isinstance(entry, dict):
        raise InvalidEdition(
            Text(
                'Entry %(entry)s of "%(where)s" is not an object with %(keys)s.',
                entry=number,
                where=where,
                keys=", ".join(keys),
            )
        )
    for key in keys:
        if key not in entry:
            raise InvalidEdition(
                Text('Entry %(entry)s of "%(where)s" has no "%(key)s".', entry=number, where=where, key=key)
            )


def check_amount(value: Any, label: Text, most: int = MAX_AMOUNT) -> None:
    """A figure of the board: a whole number from 1 to `most`; `label` names it in the refusal."""
    if not _whole(value, 1, most):
        raise InvalidEdition(_not_whole(label, most, value))


def _not_whole(label: Text, most: int, value: Any) -> Text:
    return Text(
        "%(what)s must be a whole number from 1 to %(most)s, not %(value)s.",
        what=label,
        most=f"{most:,}",
        value=_shown(value),
    )


def _whole(value: Any, least: int, most: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and least <= value <= most


def _text(value: Any, most: int) -> bool:
    return isinstance(value, str) and bool(visible(value).strip()) and len(value.strip()) <= most


def _shown(value: Any) -> str:
    """A value as the file spells it: 40, "60", [25, 50], null; a long one cut short."""
    spelt = json.dumps(value, ensure_ascii=False)
    return escaped(spelt if len(spelt) <= MAX_SHOWN else spelt[:MAX_SHOWN] + "…")
