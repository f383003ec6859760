"""A board being typed in: an edition file whose figures may still be blank.

A draft is the edition file format (check.py) in which a figure may be null, "not typed yet": a
deed's price, mortgage value, house and hotel cost and each level of its rent, a tax, the bank's
five figures, and a card's words, what it does and its amounts. Names, colour groups, the order of
the spaces and the cards' ids are never blank. Blanks aside, a draft is checked as every edition is
(`check`: check_each, with each blank stood in for by a figure that passes), but for its figures
against one another (check.deed_faults), which it may hold while they are typed one by one: its
`faults`. A draft with nothing `missing` and no `faults` is a playable edition (`playable`). The
built-in Millionaire board is one: the figures no source gives are blank, for the table to type
from its own title deeds and cards.

The editor changes a draft from what was typed, one field or many at once, each named by a path:
`title`, `currency`, `bank.<figure>`, `space.<position>.name|amount` (a tax space),
`deed.<position>.name|group|price|mortgage|house_cost|hotel_cost`, `deed.<position>.rent.<level>`,
`card.<deck>.<place>.text|action|amount|target|target_kind|spaces|per_house|per_hotel|
collect_go_if_passed` and `card.<deck>.<place>.level.<level>`, a card named by its place in its
deck. `edit` answers the new draft, or refuses every change at once (`Refused`): with each field's
reason when what was typed cannot be that field or does not go with the others (a deed's name
another has, a mortgage value above the price), or the board's when the changes leave it wrong as
a board (a colour group of four streets). A blank field is typed as nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from typing import Any

from banker.rules.board import DECK_NAMES, TAX_TYPES, Card
from banker.rules.editions import custom_edition
from banker.rules.editions.check import (
    BANK_FIGURES,
    CARD_ACTIONS,
    COLOUR_GROUPS,
    MAX_NAME,
    MAX_TEXT,
    MAX_TITLE,
    RENT_LEVELS,
    RENT_TABLES,
    InvalidEdition,
    check_amount,
    check_each,
    deed_faults,
    mortgage_above_price,
    name_taken,
)
from banker.rules.errors import InvalidCommand
from banker.rules.inputs import MAX_AMOUNT, as_typed, check_name, check_text, escaped, whole_number
from banker.rules.ruleset import CURRENCIES
from banker.rules.text import Text

# The boards built in as drafts: the figures our sources give, the rest blank
DRAFTS = {"millionaire": "millionaire.json"}
DEED_FIGURES = ("price", "mortgage", "house_cost", "hotel_cost")
CARD_FIGURES = ("amount", "per_house", "per_hotel")
MONEY_ACTIONS = ("collect", "pay", "collect_from_each_player", "pay_each_player")
LEVELS = 3  # a card's amounts by token level: Millionaire's three levels (the millionaire preset)
# every key of a card the app reads (board.Card), besides its id, text and action
CARD_KEYS = tuple(f.name for f in fields(Card) if f.name not in ("id", "deck", "text", "action"))
DECK_PREFIXES = {"chance": "CH", "community_chest": "CC", "fortune": "F", "lifestyle": "L"}
# What passes the checks in place of a blank, so a draft is checked for everything else
STAND_IN_TEXT = "…"
STAND_IN_ACTION = "go_to_jail"  # an action that needs no other field
STAND_INS = {"target": 0, "target_kind": "railroad", "spaces": 1}

LABELS = {
    "title": Text("Title"),
    "currency": Text("Money"),
    "price": Text("Price"),
    "mortgage": Text("Mortgage value"),
    "house_cost": Text("House cost"),
    "hotel_cost": Text("Hotel cost"),
    "name": Text("Name"),
    "group": Text("Colour group"),
    "text": Text("Words"),
    "action": Text("What it does"),
    "amount": Text("Amount"),
    "target": Text("Moves to"),
    "target_kind": Text("Moves to the nearest"),
    "spaces": Text("Spaces moved (back: below 0)"),
    "per_house": Text("For each house"),
    "per_hotel": Text("For each hotel"),
    "collect_go_if_passed": Text("Passing GO pays the salary"),
}
BANK_LABELS = {key: label for key, label, _ in BANK_FIGURES}
BANK_MOST = {key: most for key, _, most in BANK_FIGURES}


@dataclass(frozen=True)
class Gap:
    """A blank figure: the `field` to type it in, the `item` it belongs to ("deed.9", "bank",
    "space.4", "card.chance.2") and its `label` there."""

    field: str
    item: str
    label: Text


@dataclass(frozen=True)
class Fault:
    """A name or figures of an `item` ("deed.1") that do not go with the others, and `why`."""

    item: str
    why: Text


class Refused(InvalidEdition):
    """Raised when changes to a draft cannot be saved: the reason for each field refused, or the
    board's (under "") when the changes together leave it wrong."""

    def __init__(self, reasons: dict[str, str]) -> None:
        super().__init__(next(iter(reasons.values())))
        self.reasons = reasons


def built_in_draft(draft_id: str) -> dict[str, Any]:
    """A built-in draft by id (a fresh copy to change); KeyError for any other id."""
    return _copied(_built_in(DRAFTS[draft_id]))


@cache
def _built_in(name: str) -> dict[str, Any]:
    return draft_from_json(json.loads(resources.files(__package__).joinpath(name).read_text("utf-8")))


def draft_from_json(data: Any) -> dict[str, Any]:
    """An edition file's JSON, complete or with blanks, checked (InvalidEdition says what is
    wrong) and kept to the keys the app uses, its spaces and deeds in board order."""
    check(data)
    out: dict[str, Any] = {"edition": data["edition"].strip(), "currency": data.get("currency", "USD")}
    out["properties"] = [_deed(deed) for deed in sorted(data["properties"], key=_position)]
    out["spaces"] = [_space(space) for space in sorted(data["spaces"], key=_position)]
    for deck in DECK_NAMES:
        if deck in data:
            out[deck] = [_card(card) for card in data[deck]]
    out["bank"] = {key: data["bank"][key] for key, _, _ in BANK_FIGURES}
    return out


def check(draft: Any) -> None:
    """Raise InvalidEdition with the first thing wrong in `draft` but its blanks and its faults."""
    check_each(_stood_in(draft))


def missing(draft: dict[str, Any]) -> list[Gap]:
    """Every blank of a checked draft, deed by deed in board order, then the taxes, the bank and
    the cards deck by deck."""
    return list(_gaps(draft))


def faults(draft: dict[str, Any]) -> list[Fault]:
    """What else keeps a checked draft from play: its names and figures that do not go together,
    deed by deed in board order."""
    return [Fault(f"deed.{deed['position']}", why) for deed, why in deed_faults(draft["properties"])]


def playable(draft: dict[str, Any]) -> dict[str, Any]:
    """A draft with nothing missing and no faults, as the edition a game stores (custom_edition's form)."""
    finished = _copied(draft)
    for card in _cards(finished):
        if card.get("level_amounts") and card.get("amount", 0) is None:
            del card["amount"]  # the amounts by level stand for it
    return custom_edition(finished)


def edit(draft: dict[str, Any], changes: Mapping[str, str] | Iterable[tuple[str, str]]) -> dict[str, Any]:
    """The draft with each field of `changes` (a mapping, or its items as they come) set from what
    was typed; Refused changes nothing."""
    changed = _copied(draft)
    reasons: dict[str, str] = {}
    taken: list[str] = []
    for path, typed in changes.items() if isinstance(changes, Mapping) else changes:
        try:
            _set(changed, path, typed)
            taken.append(path)
        except InvalidCommand as refused:
            reasons[path] = refused.message
    for path in taken:  # once all are in: a page's Save may lower a price and its mortgage value at once
        why = _against_others(changed, path)
        if why is not None:
            reasons[path] = why
    if reasons:
        raise Refused(reasons)
    _whole_board(changed)
    return changed


def add_card(draft: dict[str, Any], deck: str) -> dict[str, Any]:
    """The draft with a blank card at the end of `deck`, under an id no card has."""
    changed = _copied(draft)
    cards = _deck(changed, deck)
    taken = {card["id"] for card in _cards(changed)}
    number = next(n for n in range(1, 10_000) if f"{DECK_PREFIXES[deck]}{n:02d}" not in taken)
    cards.append({"id": f"{DECK_PREFIXES[deck]}{number:02d}", "text": None, "action": None})
    _whole_board(changed)
    return changed


def remove_card(draft: dict[str, Any], deck: str, place: int) -> dict[str, Any]:
    changed = _copied(draft)
    cards = _deck(changed, deck)
    if not 0 <= place < len(cards):
        raise _no_field(f"card.{deck}.{place}")
    del cards[place]
    _whole_board(changed)
    return changed


def label(draft: dict[str, Any], path: str) -> Text:
    """What the field at `path` holds, as its input is labelled ("Rent with 2 houses")."""
    parts = path.split(".")
    if parts[0] == "bank":
        return BANK_LABELS[parts[1]]
    if parts[:1] == ["deed"] and parts[2] == "rent":
        return RENT_LEVELS[_deed_at(draft, parts[1])["kind"]][int(parts[3])]
    if parts[:1] == ["card"] and parts[3] == "level":
        return _level_label(int(parts[4]))
    return LABELS[parts[-1]]


def _level_label(level: int) -> Text:
    return Text("Amount at token level %(level)s", level=level + 1)


def card_name(deck: str, place: int) -> Text:
    """A card as the editor names it: its deck and its place there ("Chance card 3")."""
    return Text("%(deck)s card %(n)s", deck=DECK_NAMES[deck], n=place + 1)


# --- blanks: stood in for, and listed ---------------------------------------------------------


def _stood_in(data: Any) -> Any:
    """A copy of `data` with a passing figure for each blank the draft format allows; what is
    not shaped as an edition is left as it is, for check_edition to say what is wrong."""
    if not isinstance(data, dict):
        return data
    data = _copied(data)
    for deed in _entries(data.get("properties")):
        for key in DEED_FIGURES:
            if deed.get(key, 0) is None:
                deed[key] = 1
        size = RENT_TABLES.get(deed.get("kind"), (6, ""))[0] if isinstance(deed.get("kind"), str) else 6
        if deed.get("rent", 0) is None:
            deed["rent"] = [None] * size
        if isinstance(deed.get("rent"), list):
            deed["rent"] = [1 if level is None else level for level in deed["rent"]]
    for space in _entries(data.get("spaces")):
        if space.get("type") in TAX_TYPES and space.get("amount", 0) is None:
            space["amount"] = 1
    if isinstance(data.get("bank"), dict):
        for key, _, _ in BANK_FIGURES:
            if data["bank"].get(key, 0) is None:
                data["bank"][key] = 1
    for deck in DECK_NAMES:
        for card in _entries(data.get(deck)):
            _stand_in_card(card)
    return data


def _stand_in_card(card: dict[str, Any]) -> None:
    if card.get("text", "") is None:
        card["text"] = STAND_IN_TEXT
    if card.get("action", "") is None:
        card["action"] = STAND_IN_ACTION
    for key in CARD_FIGURES:
        if card.get(key, 0) is None:
            card[key] = 1
    for key, stand_in in STAND_INS.items():
        if key in card and card[key] is None:
            card[key] = stand_in
    if isinstance(card.get("level_amounts"), list):
        card["level_amounts"] = [1 if amount is None else amount for amount in card["level_amounts"]]


def _gaps(draft: dict[str, Any]) -> Iterator[Gap]:
    for deed in draft["properties"]:  # as a title deed prints them: price, rents, then the rest
        item = f"deed.{deed['position']}"
        if deed["price"] is None:
            yield Gap(f"{item}.price", item, LABELS["price"])
        levels = RENT_LEVELS[deed["kind"]]
        for level, amount in enumerate(deed["rent"]):
            if amount is None:
                yield Gap(f"{item}.rent.{level}", item, levels[level])
        for key in DEED_FIGURES[1:]:
            if key in deed and deed[key] is None:
                yield Gap(f"{item}.{key}", item, LABELS[key])
    for space in draft["spaces"]:
        if space["type"] in TAX_TYPES and space["amount"] is None:
            yield Gap(f"space.{space['position']}.amount", f"space.{space['position']}", LABELS["amount"])
    for key, text, _ in BANK_FIGURES:
        if draft["bank"][key] is None:
            yield Gap(f"bank.{key}", "bank", text)
    for deck in DECK_NAMES:
        for place, card in enumerate(draft.get(deck, ())):
            yield from _card_gaps(card, f"card.{deck}.{place}")


def _card_gaps(card: dict[str, Any], item: str) -> Iterator[Gap]:
    for key in ("text", "action"):
        if card[key] is None:
            yield Gap(f"{item}.{key}", item, LABELS[key])
    levels = card.get("level_amounts")
    for key in CARD_ACTIONS.get(card["action"], ()):
        if card.get(key) is None and not (key == "amount" and levels):
            yield Gap(f"{item}.{key}", item, LABELS[key])
    for level, amount in enumerate(levels or ()):
        if amount is None:
            yield Gap(f"{item}.level.{level}", item, _level_label(level))


# --- changes, field by field ------------------------------------------------------------------


def _set(draft: dict[str, Any], path: str, typed: str) -> None:
    if not isinstance(typed, str):
        raise _no_field(path)
    match path.split("."):
        case ["title"]:
            draft["edition"] = _named(typed, Text("The edition's title"), MAX_TITLE)
        case ["currency"]:
            if typed not in CURRENCIES:
                raise InvalidEdition(
                    Text("How money reads is one of: %(currencies)s.", currencies=", ".join(CURRENCIES))
                )
            draft["currency"] = typed
        case ["bank", key] if key in BANK_LABELS:
            draft["bank"][key] = _figure(typed, BANK_LABELS[key], draft, BANK_MOST[key])
        case ["space", position, "name" | "amount" as key]:
            space = _tax_space(draft, path, position)
            space[key] = (
                _named(typed, Text("%(name)s's name", name=space["name"]), MAX_NAME)
                if key == "name"
                else _figure(typed, Text("%(name)s's amount", name=space["name"]), draft)
            )
        case ["deed", position, key]:
            _set_deed(draft, path, _deed_at(draft, position), key, typed)
        case ["deed", position, "rent", level]:
            deed = _deed_at(draft, position)
            index = _place(level, len(deed["rent"]), path)
            what = Text("%(deed)s: %(field)s", deed=deed["name"], field=RENT_LEVELS[deed["kind"]][index])
            deed["rent"][index] = _figure(typed, what, draft)
        case ["card", deck, place, *key]:
            cards = _deck(draft, deck)
            index = _place(place, len(cards), path)
            _set_card(draft, path, cards[index], card_name(deck, index), key, typed)
        case _:
            raise _no_field(path)


def _set_deed(draft: dict[str, Any], path: str, deed: dict[str, Any], key: str, typed: str) -> None:
    space = next(space for space in draft["spaces"] if space["position"] == deed["position"])
    if key == "name":
        deed["name"] = space["name"] = _named(typed, Text("%(deed)s's name", deed=deed["name"]), MAX_NAME)
        deed.pop("short", None)  # the old name's abbreviation would name another street
    elif key == "group" and deed["kind"] == "street":
        if typed not in COLOUR_GROUPS:
            raise InvalidEdition(
                Text("A colour group is one of: %(groups)s.", groups=", ".join(COLOUR_GROUPS))
            )
        deed["group"] = space["group"] = typed
    elif key in deed and key in DEED_FIGURES:
        deed[key] = _figure(typed, _deed_label(key, deed["name"]), draft)
    else:
        raise _no_field(path)


def _against_others(draft: dict[str, Any], path: str) -> Text | None:
    """Why the field at `path` does not go with the board's others."""
    match path.split("."):
        case ["deed", position, "name"]:
            return name_taken(_deed_at(draft, position), draft["properties"])
        case ["deed", position, "price" | "mortgage"]:
            return mortgage_above_price(_deed_at(draft, position))
    return None


def _deed_label(key: str, deed: str) -> Text:
    """The figure's name in a refusal, as check.py words it for a file."""
    if key == "price":
        return Text("%(deed)s's price", deed=deed)
    if key == "mortgage":
        return Text("%(deed)s's mortgage value", deed=deed)
    if key == "house_cost":
        return Text("%(deed)s's house cost", deed=deed)
    return Text("%(deed)s's hotel cost", deed=deed)


def _set_card(
    draft: dict[str, Any], path: str, card: dict[str, Any], name: Text, key: list[str], typed: str
) -> None:
    match key:
        case ["text"]:
            card["text"] = _words(typed, Text("The words of %(card)s", card=name))
        case ["action"]:
            action = typed or None
            if action is not None and action not in CARD_ACTIONS:
                raise InvalidEdition(Text("Choose what %(card)s does.", card=name))
            if action != card["action"]:  # a new action starts from its own blanks
                kept = {"id": card["id"], "text": card["text"], "action": action}
                card.clear()
                card.update(kept, **{field: None for field in CARD_ACTIONS.get(action, ())})
        case [field] if field in CARD_ACTIONS.get(card["action"], ()) or field == "collect_go_if_passed":
            card[field] = _card_field(draft, card, field, typed, name)
        case ["level", level] if card["action"] in MONEY_ACTIONS:
            levels = card.get("level_amounts") or [None] * LEVELS
            index = _place(level, len(levels), path)
            what = Text("%(card)s: %(field)s", card=name, field=label(draft, path))
            levels[index] = _figure(typed, what, draft)
            if any(amount is not None for amount in levels):
                card["level_amounts"] = levels
            else:
                card.pop("level_amounts", None)  # all cleared: the one amount again
        case _:
            raise _no_field(path)


def _card_field(draft: dict[str, Any], card: dict[str, Any], field: str, typed: str, name: Text) -> Any:
    if field in CARD_FIGURES:
        return _figure(typed, Text("%(card)s: %(field)s", card=name, field=LABELS[field]), draft)
    if field == "collect_go_if_passed":
        if card["action"] != "advance_to" or typed not in ("yes", "no"):
            raise _no_field(field)
        return typed == "yes"
    if not typed.strip():
        return None
    if field == "target_kind":
        if typed not in ("railroad", "utility"):
            raise InvalidEdition(Text("%(card)s moves to the nearest railroad or utility.", card=name))
        return typed
    number = whole_number(typed.strip())
    last = len(draft["spaces"]) - 1
    if field == "target":
        if number is None or not 0 <= number <= last:
            raise InvalidEdition(Text("Choose the space %(card)s moves to.", card=name))
        return number
    if not number or not -last <= number <= last:
        raise InvalidEdition(
            Text(
                "%(card)s moves a whole number of spaces from -%(last)s to %(last)s other than 0, "
                "not %(value)s.",
                card=name,
                last=last,
                value=typed.strip()[:20],
            )
        )
    return number


def _figure(typed: str, what: Text, draft: dict[str, Any], most: int = MAX_AMOUNT) -> int | None:
    """A figure as typed: blank for not typed yet, "1,500", "$60" or "5K" (in the electronic-banking
    style, whose amounts count thousands) for the number."""
    cleaned = as_typed(typed.replace(" ", ""))
    if draft.get("currency") == "MK":
        cleaned = _in_thousands(cleaned)
    if not cleaned:
        return None
    number = whole_number(cleaned)
    check_amount(typed.strip() if number is None else number, what, most)
    return number


def _in_thousands(typed: str) -> str:
    """A figure counted in thousands as the game prints it: "5K" is 5, "M1.5" or "1.5M" 1500."""
    if typed.endswith(("K", "k")):
        return typed[:-1]
    millions = typed[1:] if typed.startswith("M") else typed[:-1] if typed.endswith("M") else None
    whole, _, part = (millions or "").partition(".")
    if not (_digits(whole, 12) and len(part) <= 3 and (part.isdecimal() or not part)):
        return typed
    return str(int(whole) * 1000 + int(part.ljust(3, "0") or 0))


def _named(typed: str, what: Text, most: int) -> str:
    name = " ".join(typed.split())
    check_name(name, what)
    if len(name) > most:
        raise InvalidEdition(Text("%(what)s is at most %(most)s characters.", what=what, most=most))
    return name


def _words(typed: str, what: Text) -> str | None:
    words = typed.strip()
    if not words:
        return None
    check_text(words, what)
    if len(words) > MAX_TEXT:
        raise InvalidEdition(Text("%(what)s are at most %(most)s characters.", what=what, most=MAX_TEXT))
    return words


def _whole_board(draft: dict[str, Any]) -> None:
    try:
        check(draft)
    except InvalidEdition as wrong:
        raise Refused({"": wrong.message}) from None


# --- finding a field's place ------------------------------------------------------------------


def _deed_at(draft: dict[str, Any], position: str) -> dict[str, Any]:
    # a whole page's save asks for each of its some 280 fields: compared as numbers, not spelled
    number = int(position) if _digits(position, 3) else None
    found = next((deed for deed in draft["properties"] if deed["position"] == number), None)
    if found is None or str(number) != position:
        raise _no_field(f"deed.{position}")
    return found


def _tax_space(draft: dict[str, Any], path: str, position: str) -> dict[str, Any]:
    for space in draft["spaces"]:
        if str(space["position"]) == position and space["type"] in TAX_TYPES:
            return space
    raise _no_field(path)


def _deck(draft: dict[str, Any], deck: str) -> list[dict[str, Any]]:
    if deck not in DECK_NAMES or deck not in draft:
        raise _no_field(f"card.{deck}")
    return draft[deck]


def _place(typed: str, size: int, path: str) -> int:
    if not (_digits(typed, 3) and int(typed) < size):
        raise _no_field(path)
    return int(typed)


def _digits(typed: str, most: int) -> bool:
    """Whether `typed` is a number of at most `most` plain digits (Python reads no more than 4,300:
    a longer one would fail as a crash, not as a figure refused)."""
    return typed.isascii() and typed.isdecimal() and len(typed) <= most


def _no_field(path: str) -> InvalidEdition:
    return InvalidEdition(Text("This edition has no field %(field)s.", field=escaped(path[:60])))


def _cards(draft: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for deck in DECK_NAMES:
        yield from draft.get(deck, ())


def _copied(data: Any) -> Any:
    """A copy of a draft, or of a file's JSON, to change: JSON's own values, copied as JSON."""
    return json.loads(json.dumps(data))


# --- a file's keys, kept to those the app uses ------------------------------------------------


def _position(entry: dict[str, Any]) -> int:
    return entry["position"]


def _entries(value: Any) -> list[dict[str, Any]]:
    return [entry for entry in value if isinstance(entry, dict)] if isinstance(value, list) else []


def _deed(deed: dict[str, Any]) -> dict[str, Any]:
    keys = ("position", "name", "kind", "group", "price", "mortgage")
    out = {key: deed[key] for key in keys}
    if "short" in deed:
        out["short"] = deed["short"]
    if deed["kind"] == "street":
        out.update(house_cost=deed["house_cost"], hotel_cost=deed["hotel_cost"])
    rent = deed["rent"]
    out["rent"] = list(rent) if rent is not None else [None] * RENT_TABLES[deed["kind"]][0]
    return out


def _space(space: dict[str, Any]) -> dict[str, Any]:
    out = {key: space[key] for key in ("position", "name", "type")}
    if "group" in space:
        out["group"] = space["group"]
    if space["type"] in TAX_TYPES:
        out["amount"] = space["amount"]
    return out


def _card(card: dict[str, Any]) -> dict[str, Any]:
    out = {key: card[key] for key in ("id", "text", "action")}
    out.update({key: card[key] for key in CARD_KEYS if key in card})
    if out.get("level_amounts") is not None:
        out["level_amounts"] = list(out["level_amounts"])
    return out
