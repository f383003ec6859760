"""The printed board of one edition: spaces, title deeds, colour groups and cards."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

from banker.rules.text import Text

DECK_NAMES = {
    "chance": Text("Chance"),
    "community_chest": Text("Community Chest"),
    # Monopoly Millionaire's decks, which a board may add: Fortune cards are drawn on a deed's
    # space, Millionaire Lifestyle cards on the spaces of that type ("lifestyle")
    "fortune": Text("Fortune"),
    "lifestyle": Text("Millionaire Lifestyle"),
}
# The cards a player keeps until needed and plays at the table (Millionaire's Fortune cards), by
# action; Get Out of Jail Free is kept too, as it always was (jail.py).
KEPT_ACTIONS = ("free_house", "forced_deal", "sly_deal", "just_say_no")
# The printed names of the spaces that are not deeds are game terms every language has its own
# words for; a board that prints them so reads them in the player's language. Deed names are the
# edition's own and stay as printed.
SPACE_NAMES = {
    text: text
    for text in (
        DECK_NAMES["chance"],
        DECK_NAMES["community_chest"],
        DECK_NAMES["lifestyle"],
        Text("Free Parking"),
        Text("Go to Jail"),
        Text("Income Tax"),
        Text("Jail / Just Visiting"),
        Text("Luxury Tax"),
        Text("Super Tax"),
    )
}
TAX_TYPES = ("income_tax", "luxury_tax")  # each names the rule option that holds its amount


@dataclass(frozen=True)
class Deed:
    """A title deed as printed: what it costs and what it earns."""

    position: int
    name: str
    kind: str  # "street" | "railroad" | "utility"
    group: str
    price: int
    mortgage: int
    rent: tuple[int, ...]
    house_cost: int = 0
    hotel_cost: int = 0
    # the name as a narrow board space prints it ("Medit. Ave"; a soft hyphen, as in Boardwalk's,
    # breaks it only on the narrowest phones); "" prints the name
    short: str = ""

    @property
    def unmortgage_cost(self) -> int:
        """Mortgage value plus 10% interest, rounded up to the next whole dollar."""
        return self.mortgage + self.transfer_fee

    @property
    def transfer_fee(self) -> int:
        """The 10% interest on the mortgage value, rounded up: paid by whoever receives the deed
        still mortgaged, and again when they later lift the mortgage."""
        return -(-self.mortgage // 10)


@dataclass(frozen=True)
class Space:
    position: int
    name: str
    type: str
    group: str | None = None
    amount: int = 0


@dataclass(frozen=True)
class Card:
    id: str
    deck: str  # a key of DECK_NAMES
    text: str
    action: str
    amount: int = 0
    target: int | None = None
    target_kind: str | None = None
    per_house: int = 0
    per_hotel: int = 0
    rent_multiplier: int = 1
    dice_multiplier: int = 0
    collect_go_if_passed: bool = False
    derived_targets: tuple[tuple[int, int], ...] = ()
    spaces: int = 0  # how far a "go back 3 spaces" card moves the piece (recorded, no money)
    # a Millionaire Lifestyle card's amount for a token at each level (1, 2, 3), instead of `amount`
    level_amounts: tuple[int, ...] = ()

    def amount_for(self, level: int) -> int:
        """What the card pays or costs a token at `level`."""
        if not self.level_amounts:
            return self.amount
        return self.level_amounts[min(level, len(self.level_amounts)) - 1]


@dataclass(frozen=True)
class Edition:
    """Everything printed on one board; nothing else in the app knows a name or a price."""

    id: str
    title: str
    spaces: tuple[Space, ...]
    deeds: tuple[Deed, ...]
    cards: tuple[Card, ...]
    salary: int
    jail_fine: int
    houses: int
    hotels: int
    starting_cash: int = 1500
    currency: str = "USD"  # how this board's money reads unless the game says otherwise

    @cached_property
    def printed(self) -> dict[str, Any]:
        """The figures printed on this board that a game takes as its rules, unless its preset or
        the table sets them: the money each player starts with, the salary, the fine, the taxes,
        and how amounts read."""
        printed: dict[str, Any] = {
            "starting_cash": self.starting_cash,
            "salary": self.salary,
            "jail_fine": self.jail_fine,
            "currency": self.currency,
        }
        for space in self.spaces:
            if space.type in TAX_TYPES:
                printed.setdefault(space.type, space.amount)
        return printed

    @cached_property
    def deed_at(self) -> dict[int, Deed]:
        return {deed.position: deed for deed in self.deeds}

    @cached_property
    def groups(self) -> dict[str, tuple[int, ...]]:
        groups: dict[str, list[int]] = {}
        for deed in self.deeds:
            groups.setdefault(deed.group, []).append(deed.position)
        return {name: tuple(positions) for name, positions in groups.items()}

    @cached_property
    def space_at(self) -> dict[int, Space]:
        return {space.position: space for space in self.spaces}

    @cached_property
    def card(self) -> dict[str, Card]:
        return {card.id: card for card in self.cards}

    def tax(self, space_type: str) -> int:
        return next(space.amount for space in self.spaces if space.type == space_type)


def edition_from_json(edition_id: str, data: dict[str, Any]) -> Edition:
    """Build an Edition from the board JSON format of banker/rules/editions/*.json."""
    deeds = tuple(
        Deed(
            position=p["position"],
            name=p["name"],
            kind=p["kind"],
            group=p["group"],
            price=p["price"],
            mortgage=p["mortgage"],
            rent=tuple(p["rent"]),
            house_cost=p.get("house_cost", 0),
            hotel_cost=p.get("hotel_cost", 0),
            short=p.get("short", ""),
        )
        for p in data["properties"]
    )
    spaces = tuple(
        Space(
            position=s["position"],
            name=SPACE_NAMES.get(s["name"], s["name"]),
            type=s["type"],
            group=s.get("group"),
            amount=s.get("amount", 0),
        )
        for s in data["spaces"]
    )
    cards = tuple(_card(deck, c) for deck in DECK_NAMES for c in data.get(deck, ()))
    bank = data["bank"]
    return Edition(
        id=edition_id,
        title=data["edition"],
        spaces=spaces,
        deeds=deeds,
        cards=cards,
        salary=bank["go_salary"],
        jail_fine=bank["jail_fine"],
        houses=bank["houses"],
        hotels=bank["hotels"],
        starting_cash=bank.get("starting_cash_per_player", 1500),
        currency=data.get("currency", "USD"),
    )


def edition_to_json(edition: Edition) -> dict[str, Any]:
    """The edition in the board JSON format again: what `edition_from_json` reads, with only the
    keys the app uses (a file's notes and other keys are not kept)."""
    return {
        "edition": edition.title,
        "currency": edition.currency,
        "properties": [_deed_json(deed) for deed in edition.deeds],
        "spaces": [_space_json(space) for space in edition.spaces],
        **{
            deck: [_card_json(c) for c in edition.cards if c.deck == deck]
            for deck in DECK_NAMES
            if any(c.deck == deck for c in edition.cards)
        },
        "bank": {
            "starting_cash_per_player": edition.starting_cash,
            "go_salary": edition.salary,
            "jail_fine": edition.jail_fine,
            "houses": edition.houses,
            "hotels": edition.hotels,
        },
    }


def _deed_json(deed: Deed) -> dict[str, Any]:
    out: dict[str, Any] = {
        "position": deed.position,
        "name": deed.name,
        **({"short": deed.short} if deed.short else {}),
        "kind": deed.kind,
        "group": deed.group,
        "price": deed.price,
        "mortgage": deed.mortgage,
    }
    if deed.kind == "street":
        out.update(house_cost=deed.house_cost, hotel_cost=deed.hotel_cost)
    return {**out, "rent": list(deed.rent)}


def _space_json(space: Space) -> dict[str, Any]:
    out: dict[str, Any] = {"position": space.position, "name": space.name, "type": space.type}
    if space.group is not None:
        out["group"] = space.group
    if space.type in TAX_TYPES:
        out["amount"] = space.amount
    return out


_CARD_DEFAULTS = Card(id="", deck="", text="", action="")
_CARD_FIELDS = (
    "amount",
    "target",
    "target_kind",
    "per_house",
    "per_hotel",
    "rent_multiplier",
    "dice_multiplier",
    "collect_go_if_passed",
    "spaces",
    "level_amounts",
)


def _card_json(card: Card) -> dict[str, Any]:
    """A card with the fields it sets: those left at their default are left out."""
    out: dict[str, Any] = {"id": card.id, "text": card.text, "action": card.action}
    for name in _CARD_FIELDS:
        value = getattr(card, name)
        if value != getattr(_CARD_DEFAULTS, name):
            out[name] = list(value) if isinstance(value, tuple) else value
    if card.derived_targets:
        out["derived_targets"] = {str(space): target for space, target in card.derived_targets}
    return out


def _card(deck: str, c: dict[str, Any]) -> Card:
    return Card(
        id=c["id"],
        deck=deck,
        text=c["text"],
        action=c["action"],
        amount=c.get("amount", 0),
        target=c.get("target"),
        target_kind=c.get("target_kind"),
        per_house=c.get("per_house", 0),
        per_hotel=c.get("per_hotel", 0),
        rent_multiplier=c.get("rent_multiplier", 1),
        dice_multiplier=c.get("dice_multiplier", 0),
        collect_go_if_passed=c.get("collect_go_if_passed", False),
        derived_targets=tuple(sorted((int(k), v) for k, v in c.get("derived_targets", {}).items())),
        spaces=c.get("spaces", 0),
        level_amounts=tuple(c.get("level_amounts", ())),
    )
