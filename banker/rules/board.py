"""The printed board of one edition: spaces, title deeds, colour groups and cards."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any

DECK_NAMES = {"chance": "Chance", "community_chest": "Community Chest"}


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
    deck: str  # "chance" | "community_chest"
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
    """Build an Edition from the board JSON format of banker/editions/*.json."""
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
        )
        for p in data["properties"]
    )
    spaces = tuple(
        Space(
            position=s["position"],
            name=s["name"],
            type=s["type"],
            group=s.get("group"),
            amount=s.get("amount", 0),
        )
        for s in data["spaces"]
    )
    cards = tuple(_card(deck, c) for deck in ("chance", "community_chest") for c in data[deck])
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
    )


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
    )
