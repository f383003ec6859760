"""What a table types into the Millionaire draft from its own box: every blank figure and card.

No source gives these (see banker/rules/editions/millionaire.json): the rents, costs, jail fine and
cards here are made up for the tests, in K as the draft counts, as a table would copy its own.
`typed` answers them as the editor's fields: first each card's words and what it does, then the
figures that action asks for, then the deeds' and the bank's."""

from __future__ import annotations

from typing import Any

from banker.rules.editions.draft import edit, missing

JAIL_FINE = 50
RENT_TIMES = (1, 3, 6, 10, 12, 15)  # a deed's rents: its base times these, site only to a hotel

# (words, action, figures): the figures by field, or a card's amounts by token level as "level"
CHANCE = [
    ("Advance to GO.", "advance_to", {"target": 0}),
    ("Go straight to jail. Do not pass GO.", "go_to_jail", {}),
    ("Speeding ticket: pay 15K.", "pay", {"amount": 15}),
    ("Your shares pay out: collect 50K.", "collect", {"amount": 50}),
    ("Go back 3 spaces.", "move_relative", {"spaces": -3}),
    ("Take a trip to Paradise Island.", "advance_to", {"target": 31}),
    ("Host the party: pay each player 10K.", "pay_each_player", {"amount": 10}),
    ("Wedding gift: collect 10K from each player.", "collect_from_each_player", {"amount": 10}),
    ("Renovate: pay 25K a house and 100K a hotel.", "repairs", {"per_house": 25, "per_hotel": 100}),
    ("Get out of jail free.", "get_out_of_jail_free", {}),
    ("Win a design prize: collect 100K.", "collect", {"amount": 100}),
    ("Lawsuit: pay 40K.", "pay", {"amount": 40}),
    ("A film deal: collect 150K.", "collect", {"amount": 150}),
    ("Lost luggage: pay 20K.", "pay", {"amount": 20}),
]
LIFESTYLE = [
    ("Rent out your jet ski.", "collect", {"level": (20, 40, 60)}),
    ("Service your sports car.", "pay", {"level": (10, 30, 50)}),
    ("Sell your yacht's old sails.", "collect", {"level": (30, 60, 90)}),
    ("Charity gala.", "pay", {"level": (20, 40, 80)}),
    ("Book royalties.", "collect", {"level": (50, 100, 150)}),
    ("Private chef.", "pay", {"level": (15, 25, 35)}),
    ("Art auction win.", "collect", {"level": (40, 80, 120)}),
    ("Golf club fees.", "pay", {"level": (10, 20, 30)}),
    ("Start your own business.", "collect", {"level": (150, 150, 150)}),
    ("Helicopter tour.", "pay", {"level": (25, 50, 75)}),
    ("Fashion week: collect 30K.", "collect", {"amount": 30}),
    ("Spa weekend: pay 20K.", "pay", {"amount": 20}),
    ("Go straight to jail.", "go_to_jail", {}),
    ("Limo ride to GO.", "advance_to", {"target": 0}),
]
FORTUNE = [
    *[("Free house: keep until needed.", "free_house", {})] * 2,
    *[("Forced Deal: keep until needed.", "forced_deal", {})] * 2,
    *[("Sly Deal: keep until needed.", "sly_deal", {})] * 2,
    *[("Just Say No: keep until needed.", "just_say_no", {})] * 3,
    ("Get out of jail free: keep until needed.", "get_out_of_jail_free", {}),
    *[(f"Use now: collect {n}K.", "collect", {"amount": n}) for n in (10, 20, 30, 40, 50, 60)],
    *[(f"Use now: pay {n}K.", "pay", {"amount": n}) for n in (5, 10, 15, 20, 25, 30)],
]
BOX = {"chance": CHANCE, "lifestyle": LIFESTYLE, "fortune": FORTUNE}


def base_rent(price: int) -> int:
    return max(1, price // 4)


def deed_figures(deed: dict[str, Any]) -> dict[str, int]:
    """A deed's blank figures as its made-up title deed prints them, by field name."""
    half = max(1, deed["price"] // 2)
    figures = {"mortgage": half, "house_cost": half, "hotel_cost": half}
    figures |= {f"rent.{level}": base_rent(deed["price"]) * times for level, times in enumerate(RENT_TIMES)}
    return figures


def card_fields(deck: str) -> dict[str, str]:
    """Each card's words and what it does, by field."""
    return {
        f"card.{deck}.{place}.{key}": value
        for place, (words, action, _) in enumerate(BOX[deck])
        for key, value in (("text", words), ("action", action))
    }


def card_figures(deck: str) -> dict[str, str]:
    """The figures each card's action asks for, by field."""
    typed = {}
    for place, (_, _, figures) in enumerate(BOX[deck]):
        for key, value in figures.items():
            if key == "level":
                typed |= {f"card.{deck}.{place}.level.{n}": str(amount) for n, amount in enumerate(value)}
            else:
                typed[f"card.{deck}.{place}.{key}"] = str(value)
    return typed


def figures(draft: dict[str, Any]) -> dict[str, str]:
    """The deeds' and the bank's blank figures, by field."""
    typed = {"bank.jail_fine": str(JAIL_FINE)}
    for deed in draft["properties"]:
        typed |= {f"deed.{deed['position']}.{key}": str(n) for key, n in deed_figures(deed).items()}
    return typed


def typed(draft: dict[str, Any]) -> list[dict[str, str]]:
    """What the table types, in the order it can be typed: the cards' words and actions, then
    the figures (an action's figures are fields only once the action is chosen)."""
    actions = {key: value for deck in BOX for key, value in card_fields(deck).items()}
    rest = figures(draft) | {key: value for deck in BOX for key, value in card_figures(deck).items()}
    return [actions, rest]


def filled(draft: dict[str, Any]) -> dict[str, Any]:
    """The draft with everything typed in: nothing missing."""
    for changes in typed(draft):
        draft = edit(draft, changes)
    assert missing(draft) == []
    return draft
