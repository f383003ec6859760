"""Board data: the editions built in, and a table's own edition from a JSON file.

Built in:

- `us`: us.json, the US (Atlantic City) board.
- `uk`: the London board. It is built from the US data when first asked for, not kept as a
  second file: the UK board has the same prices, rents, taxes and cards as the US one and differs
  only in its names, so a copy would be 28 deeds of numbers that could drift apart. us.json
  carries the London names (`uk_names` for the deeds, `uk_short` for the few a narrow space prints
  shorter, `uk_other_spaces` for the rest, where Luxury Tax is Super Tax); the UK edition is the US
  one with every space and deed renamed by them, and each card's text reworded the same way
  ("Advance to Boardwalk" -> "Advance to Mayfair", "Reading Railroad" -> "Kings Cross Station",
  "the nearest Railroad" -> "the nearest Station", "$" -> "£"). Its money reads in pounds unless
  the game sets `currency`.

A custom edition (id "custom") is a JSON object in the format of us.json, checked by
`check.check_edition`. `custom_edition` returns it normalised (`edition_to_json`: only the keys
the app uses), which is what a game stores in its first event, so the board never depends on a
file that may change or go away.

Built in as a draft (draft.py): `millionaire`, millionaire.json, Monopoly Millionaire's board as
far as our sources give it: its 32 spaces, the deeds' names, groups and prices, the bank's figures
and the box's decks, with every rent, cost, card and the jail fine blank for the table to type in.
"""

from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache
from importlib import resources
from typing import Any

from banker.rules.board import SPACE_NAMES, Edition, edition_from_json, edition_to_json
from banker.rules.editions.check import check_edition
from banker.rules.text import Text

EDITIONS = ("us", "uk")
CUSTOM = "custom"
# The built-in boards' titles, in the reader's language (us.json's "edition" is the first)
TITLES = {
    "us": Text("US standard (Atlantic City) edition, post-Sept-2008 values"),
    "uk": Text("UK standard (London) edition"),
}


@cache
def load_edition(edition_id: str) -> Edition:
    """A built-in edition by id; KeyError for any other id."""
    if edition_id == "us":
        return replace(edition_from_json("us", _us_data()), title=TITLES["us"])
    if edition_id == "uk":
        return _uk(load_edition("us"), _us_data())
    raise KeyError(edition_id)


def custom_edition(data: Any) -> dict[str, Any]:
    """An edition file's JSON checked (InvalidEdition says what is wrong) and normalised."""
    check_edition(data)
    return edition_to_json(edition_from_json(CUSTOM, data))


def edition_for(edition_id: str, data: dict[str, Any] | None = None) -> Edition:
    """The board a game plays on: its stored custom edition, else the built-in one."""
    return edition_from_json(CUSTOM, data) if data is not None else load_edition(edition_id)


@cache
def _us_data() -> dict[str, Any]:
    return json.loads(resources.files(__package__).joinpath("us.json").read_text("utf-8"))


def _uk(us: Edition, data: dict[str, Any]) -> Edition:
    names = {**data["uk_other_spaces"], **data["uk_names"]}
    # the words on the cards: every US name, then the generic word for a railroad and the money
    words = {**names, "Railroad": "Station", "$": "£"}
    pattern = re.compile("|".join(re.escape(word) for word in sorted(words, key=len, reverse=True)))

    def reworded(text: str) -> str:
        return pattern.sub(lambda match: words[match.group(0)], text)

    return replace(
        us,
        id="uk",
        title=TITLES["uk"],
        currency="GBP",
        spaces=tuple(
            replace(space, name=_space_name(names.get(space.name, space.name))) for space in us.spaces
        ),
        deeds=tuple(
            replace(deed, name=names[deed.name], short=data["uk_short"].get(deed.name, ""))
            for deed in us.deeds
        ),
        cards=tuple(replace(card, text=reworded(card.text)) for card in us.cards),
    )


def _space_name(name: str) -> str:
    return SPACE_NAMES.get(name, name)
