"""A board of 32 spaces, eight to a side as on Monopoly Millionaire's, for tests of boards other
than the classic 40: GO, Jail, Free Parking and Go to Jail at the corners (0, 8, 16, 24), Chance
and Community Chest three times each, and 22 streets in 8 colour groups, no railroads, no
utilities and no taxes. Its names and figures are made up for the tests (the US board's streets,
in order); it is not the Millionaire board, whose prices and rents we have no source for."""

from __future__ import annotations

from typing import Any

from banker.rules.board import edition_to_json
from banker.rules.editions import load_edition

CORNERS = {0: ("GO", "go"), 8: ("Jail / Just Visiting", "jail"), 16: ("Free Parking", "free_parking")}
CORNERS[24] = ("Go to Jail", "go_to_jail")
DECKS = {2: "community_chest", 5: "chance", 13: "community_chest", 18: "chance", 27: "community_chest"}
DECKS[29] = "chance"
SIZE = 32
JAIL = 8


def small_board() -> dict[str, Any]:
    us = edition_to_json(load_edition("us"))
    streets = iter(deed for deed in us["properties"] if deed["kind"] == "street")
    names = {space["type"]: space["name"] for space in us["spaces"]}
    spaces, properties = [], []
    for position in range(SIZE):
        if position in CORNERS:
            name, kind = CORNERS[position]
            spaces.append({"position": position, "name": name, "type": kind})
        elif position in DECKS:
            kind = DECKS[position]
            spaces.append({"position": position, "name": names[kind], "type": kind})
        else:
            street = dict(next(streets), position=position, name=f"Lot {position}")
            properties.append(street)
            spaces.append(
                {"position": position, "name": street["name"], "type": "street", "group": street["group"]}
            )
    # the cards that send a piece to a space of the US board are left out, but GO and Jail
    cards = {
        deck: [
            dict(card, target=JAIL) if card["action"] == "go_to_jail" else card
            for card in us[deck]
            if card["action"] not in ("advance_to_nearest", "move_relative")
            and card.get("target", 0) in (0, 10)
        ]
        for deck in ("chance", "community_chest")
    }
    return {**us, "edition": "Small board", "spaces": spaces, "properties": properties, **cards}


# Fortune and Millionaire Lifestyle cards as seed 000 describes them (7.1.3); the wording and the
# amounts are the tests' own
FORTUNE = [
    {"id": "F1", "text": "Keep until needed: build a house for free.", "action": "free_house"},
    {"id": "F2", "text": "Keep until needed: Sly Deal.", "action": "sly_deal"},
    {"id": "F3", "text": "Keep until needed: Forced Deal.", "action": "forced_deal"},
    {"id": "F4", "text": "Keep until needed: Just Say No.", "action": "just_say_no"},
    {"id": "F5", "text": "Keep until needed: Just Say No.", "action": "just_say_no"},
    {"id": "F6", "text": "Keep until needed: Get out of jail.", "action": "get_out_of_jail_free"},
    {"id": "F7", "text": "Use now: collect 20K from the bank.", "action": "collect", "amount": 20},
]
LIFESTYLE = [
    {
        "id": "L1",
        "text": "Rent out your jet ski: collect 20K, 40K or 60K.",
        "action": "collect",
        "level_amounts": [20, 40, 60],
    },
    {
        "id": "L2",
        "text": "Service your sports car: pay 10K, 30K or 50K.",
        "action": "pay",
        "level_amounts": [10, 30, 50],
    },
]


def millionaire_board() -> dict[str, Any]:
    """The small board with Millionaire's decks: Lifestyle spaces where Community Chest was,
    Fortune cards on the deeds, and Chance."""
    data = small_board()
    for space in data["spaces"]:
        if space["type"] == "community_chest":
            space.update(type="lifestyle", name="Millionaire Lifestyle")
    del data["community_chest"]
    return {**data, "edition": "Millionaire test board", "fortune": FORTUNE, "lifestyle": LIFESTYLE}
