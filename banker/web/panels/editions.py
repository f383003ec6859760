"""The edition editor's pages, worked out from a saved edition before a template draws them: each
field with its label, what it holds and whether it is still blank, the deeds and cards as items
that fold open, and what is still to type, listed at the top of every page."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from banker.rules.board import DECK_NAMES, KEPT_ACTIONS, SPACE_NAMES, TAX_TYPES
from banker.rules.deeds import GROUP_NAMES
from banker.rules.editions.check import CARD_ACTIONS, COLOUR_GROUPS, MAX_NAME, MAX_TEXT, MAX_TITLE
from banker.rules.editions.draft import DEED_FIGURES, LEVELS, MONEY_ACTIONS, Gap, card_name, label
from banker.rules.state import format_money
from banker.rules.text import ITEMS, Parts, Plural, Text
from banker.service.editions import EditionInfo
from banker.web.panels.home import money_choices

# items listed at the top, the rest counted: on the overview, and on a page (its own items only,
# which fold open below it)
TODO_LINES, TODO_HERE = 4, 2
RENT_SHORT = {  # a rent's level beside the others, under the legend "Rent"
    "street": (
        Text("Site only"),
        Text("1 house"),
        Text("2 houses"),
        Text("3 houses"),
        Text("4 houses"),
        Text("Hotel"),
    ),
    "railroad": (Text("1 owned"), Text("2 owned"), Text("3 owned"), Text("4 owned")),
    "utility": (Text("1 owned: dice ×"), Text("2 owned: dice ×")),
}
ACTIONS = {
    "advance_to": Text("Move to a space"),
    "advance_to_nearest": Text("Move to the nearest railroad or utility"),
    "move_relative": Text("Move forward or back"),
    "collect": Text("Collect from the bank"),
    "pay": Text("Pay the bank"),
    "collect_from_each_player": Text("Collect from each player"),
    "pay_each_player": Text("Pay each player"),
    "repairs": Text("Pay for each house and hotel"),
    "get_out_of_jail_free": Text("Get out of jail free"),
    "go_to_jail": Text("Go to jail"),
    "free_house": Text("Keep: a free house"),
    "forced_deal": Text("Keep: Forced Deal"),
    "sly_deal": Text("Keep: Sly Deal"),
    "just_say_no": Text("Keep: Just Say No"),
}
PAGE_TITLES = {
    "names": Text("Names"),
    "deeds": Text("Title deeds"),
    "bank": Text("Bank and taxes"),
}


@dataclass(frozen=True)
class Field:
    """One input: `name` is the field's path, which the editor posts back."""

    name: str
    label: str
    value: str
    kind: str  # "number", "signed", "text", "words" or "choice"
    choices: tuple[tuple[str, str], ...] = ()
    blank: bool = False
    error: str = ""
    longest: int = 0
    # a change redraws the whole item, not the field alone (a card's action brings its own fields)
    redraws_item: bool = False

    @property
    def dom_id(self) -> str:
        return "f-" + self.name.replace(".", "-")

    @property
    def wide(self) -> bool:
        """Across the whole row: words and names, and a choice among many long ones."""
        return self.kind in ("words", "text") or self.name.rsplit(".", 1)[-1] in (
            "action",
            "target",
            "currency",
        )


@dataclass(frozen=True)
class Item:
    """A deed or a card: its heading (which folds it open) and its fields."""

    key: str  # "deed.9", "card.chance.2"
    title: str
    note: str  # the deed's price, the card's first words
    band: str  # a deed's colour group
    blanks: int
    groups: tuple[tuple[str, tuple[Field, ...]], ...]  # (legend, its fields): a deed's rents together
    open: bool
    faults: int = 0  # figures of it that do not go with the others (the to-do card says which)

    @property
    def dom_id(self) -> str:
        return self.key.replace(".", "-")


@dataclass(frozen=True)
class TodoLine:
    page: str  # "deeds", "bank", "cards/chance"
    item: str
    title: str
    what: str


@dataclass(frozen=True)
class WrongLine:
    page: str
    item: str
    why: str  # names the deed


@dataclass(frozen=True)
class Todo:
    count: int
    lines: tuple[TodoLine, ...]
    more: int
    here: int | None  # on one page of the editor: how many of `count` are its own
    wrong: tuple[WrongLine, ...]  # figures that do not go together, on every page: few, and no game starts


@dataclass(frozen=True)
class Section:
    """A page of the editor as the overview lists it."""

    page: str
    title: str
    line: str
    blanks: int
    faults: int = 0


def todo(edition: EditionInfo, page: str = "") -> Todo:
    """What is still blank, an item to a line (its rents counted, not listed): across the edition
    on its overview, else on `page` alone; and every figure that does not go with the others."""
    items: dict[str, list[Gap]] = {}
    for gap in edition.missing:
        if not page or page_of(gap.item) == page:
            items.setdefault(gap.item, []).append(gap)
    most = TODO_HERE if page else TODO_LINES
    lines = tuple(_todo_line(edition.data, item, gaps) for item, gaps in list(items.items())[:most])
    here = sum(len(gaps) for gaps in items.values()) if page else None
    wrong = tuple(WrongLine(page_of(fault.item), fault.item, fault.why) for fault in edition.faults)
    return Todo(
        count=len(edition.missing), lines=lines, more=max(0, len(items) - most), here=here, wrong=wrong
    )


def sections(edition: EditionInfo) -> list[Section]:
    data = edition.data
    blanks = _blanks_by_page(edition)
    deeds = len(data["properties"])
    found = [
        Section("names", PAGE_TITLES["names"], Plural("%(n)s deed", "%(n)s deeds", deeds), 0),
        Section(
            "deeds", PAGE_TITLES["deeds"], Text("Prices, rents, costs, mortgages"), blanks.get("deeds", 0)
        ),
        Section(
            "bank",
            PAGE_TITLES["bank"],
            Text("Starting cash, salary, jail fine, taxes"),
            blanks.get("bank", 0),
        ),
    ]
    for deck in decks(data):
        page = f"cards/{deck}"
        count = Plural("%(n)s card", "%(n)s cards", len(data[deck]))
        found.append(Section(page, DECK_NAMES[deck], count, blanks.get(page, 0)))
    faults = [page_of(fault.item) for fault in edition.faults]
    return [replace(section, faults=faults.count(section.page)) for section in found]


def decks(data: dict[str, Any]) -> list[str]:
    return [deck for deck in DECK_NAMES if deck in data]


def page_of(item: str) -> str:
    parts = item.split(".")
    if parts[0] == "card":
        return f"cards/{parts[1]}"
    return "deeds" if parts[0] == "deed" else "bank"


def money_note(data: dict[str, Any]) -> Text:
    """How a typed amount reads on this board: "type 60 for $60", "type 5 for 5K"."""
    typed = 5 if data["currency"] == "MK" else 60
    return Text(
        "Type each amount as a number: %(typed)s reads %(reads)s.",
        typed=typed,
        reads=format_money(typed, data["currency"]),
    )


# --- the pages' fields ------------------------------------------------------------------------


def name_fields(
    edition: EditionInfo, errors: dict[str, str] | None = None, typed: dict[str, str] | None = None
) -> list[tuple[Field, str]]:
    """The title, then each deed's name labelled by its colour and price: (field, colour group)."""
    found = [(field(edition, "title", typed, errors), "")]
    for deed in edition.data["properties"]:
        path = f"deed.{deed['position']}.name"
        found.append((field_on("names", edition, path, typed, errors), deed["group"]))
    return found


def field_on(
    page: str,
    edition: EditionInfo,
    path: str,
    typed: dict[str, str] | None = None,
    errors: dict[str, str] | None = None,
) -> Field:
    """The field at `path` as `page` shows it: on the names page a deed's name is labelled by its
    colour and price, the rest of the deed being elsewhere."""
    found = field(edition, path, typed, errors)
    parts = path.split(".")
    if page != "names" or parts[::2] != ["deed", "name"]:  # a field of another page, saved from this one
        return found
    deed = _deed(edition.data, parts[1])
    price = format_money(deed["price"], edition.data["currency"]) if deed["price"] is not None else ""
    return replace(found, label=Parts((GROUP_NAMES[deed["group"]], price), " · "))


def deed_items(
    edition: EditionInfo,
    opened: str = "",
    errors: dict[str, str] | None = None,
    typed: dict[str, str] | None = None,
) -> Iterator[Item]:
    """Each deed's item, made as the page reaches it: between two, the page steps aside."""
    return (deed_item(edition, deed, opened, errors, typed) for deed in edition.data["properties"])


def deed_item(edition: EditionInfo, deed: dict[str, Any], opened: str = "", errors=None, typed=None) -> Item:
    """A deed's fields as its title deed prints them: name, colour and price, the rents, then the
    mortgage value and the building costs."""
    key = f"deed.{deed['position']}"
    head = [f"{key}.name", *([f"{key}.group"] if deed["kind"] == "street" else []), f"{key}.price"]
    rents = [f"{key}.rent.{level}" for level in range(len(deed["rent"]))]
    rest = [f"{key}.{figure}" for figure in DEED_FIGURES if figure != "price" and figure in deed]
    groups = tuple(
        (legend, tuple(field(edition, path, typed, errors) for path in paths))
        for legend, paths in (("", head), (Text("Rent"), rents), ("", rest))
    )
    price = format_money(deed["price"], edition.data["currency"]) if deed["price"] is not None else ""
    return _item(edition, key, deed["name"], price, deed["group"], groups, opened)


def bank_fields(edition: EditionInfo, errors=None, typed=None) -> list[Field]:
    data = edition.data
    paths = ["title", "currency", *(f"bank.{key}" for key in data["bank"])]
    for space in data["spaces"]:
        if space["type"] in TAX_TYPES:
            paths += [f"space.{space['position']}.name", f"space.{space['position']}.amount"]
    return [field(edition, path, typed, errors) for path in paths]


def card_items(edition: EditionInfo, deck: str, opened: str = "", errors=None, typed=None) -> Iterator[Item]:
    """Each card's item, made as the page reaches it."""
    return (
        card_item(edition, deck, place, opened, errors, typed) for place in range(len(edition.data[deck]))
    )


def card_item(edition: EditionInfo, deck: str, place: int, opened: str = "", errors=None, typed=None) -> Item:
    data = edition.data
    card = data[deck][place]
    key = f"card.{deck}.{place}"
    paths = [f"{key}.text", f"{key}.action"]
    action = card["action"]
    paths += [f"{key}.{name}" for name in CARD_ACTIONS.get(action, ())]
    if action == "advance_to":
        paths.append(f"{key}.collect_go_if_passed")
    levels = []  # a Millionaire board's money card may pay or cost more at a higher token level
    if action in MONEY_ACTIONS and (card.get("level_amounts") or "lifestyle" in data):
        levels = [f"{key}.level.{level}" for level in range(len(card.get("level_amounts") or ()) or LEVELS)]
    groups = tuple(
        (legend, tuple(field(edition, path, typed, errors) for path in group))
        for legend, group in (("", paths), (Text("Or an amount for each token level"), levels))
        if group
    )
    words = card["text"] or ""
    note = words if len(words) <= 40 else words[:39] + "…"
    return _item(edition, key, Text("Card %(n)s", n=place + 1), note, "", groups, opened)


def item_of(edition: EditionInfo, item: str, opened: str = "", errors=None, typed=None) -> Item:
    parts = item.split(".")
    if parts[0] == "deed":
        deed = next(d for d in edition.data["properties"] if str(d["position"]) == parts[1])
        return deed_item(edition, deed, opened, errors, typed)
    return card_item(edition, parts[1], int(parts[2]), opened, errors, typed)


def item_key(path: str) -> str:
    """The item a field belongs to ("deed.9", "card.chance.2"), or "" for the bank's and names'."""
    parts = path.split(".")
    if parts[0] == "deed":
        return ".".join(parts[:2])
    if parts[0] == "card":
        return ".".join(parts[:3])
    return ""


def field(
    edition: EditionInfo, path: str, typed: dict[str, str] | None = None, errors: dict[str, str] | None = None
) -> Field:
    """The input for `path`: what was just typed there when it was refused, else what is saved."""
    data = edition.data
    parts = path.split(".")
    value = _value(data, parts)
    kind, choices, longest = _kind(data, parts, value)
    shown = (typed or {}).get(path)
    if shown is None:
        shown = "" if value is None else ("yes" if value is True else "no" if value is False else str(value))
    blank = any(gap.field == path for gap in edition.missing)
    return Field(
        name=path,
        label=_short_label(data, parts) or label(data, path),
        value=shown,
        kind=kind,
        choices=choices,
        blank=blank,
        error=(errors or {}).get(path, ""),
        longest=longest,
        redraws_item=parts[0] == "card" and parts[-1] == "action",
    )


def is_field(data: dict[str, Any], path: str) -> bool:
    """Whether `path` names a field of this edition that a page shows (with its label: a key the
    edition holds but no page has an input for, a space's position, is none)."""
    try:
        _value(data, path.split("."))
        label(data, path)
    except (KeyError, IndexError, ValueError, StopIteration):
        return False
    return True


def _short_label(data: dict[str, Any], parts: list[str]) -> Text | None:
    """A level's label beside the others, under their legend ("2 houses" under "Rent")."""
    if parts[0] == "deed" and parts[2] == "rent":
        return RENT_SHORT[_deed(data, parts[1])["kind"]][int(parts[3])]
    if parts[0] == "card" and parts[3] == "level":
        return Text("Level %(level)s", level=int(parts[4]) + 1)
    return None


def _value(data: dict[str, Any], parts: list[str]) -> Any:
    match parts:
        case ["title"]:
            return data["edition"]
        case ["currency"]:
            return data["currency"]
        case ["bank", key]:
            return data["bank"][key]
        case ["space", position, key]:
            return next(s for s in data["spaces"] if str(s["position"]) == position)[key]
        case ["deed", position, "rent", level]:
            return _deed(data, position)["rent"][int(level)]
        case ["deed", position, key]:
            return _deed(data, position)[key]
        case ["card", deck, place, "level", level]:
            return (data[deck][int(place)].get("level_amounts") or [None] * LEVELS)[int(level)]
        case ["card", deck, place, key]:
            return data[deck][int(place)].get(key)
    raise KeyError(".".join(parts))


def _kind(data: dict[str, Any], parts: list[str], value: Any) -> tuple[str, tuple[tuple[str, str], ...], int]:
    last = parts[-1]
    if parts == ["title"]:
        return "text", (), MAX_TITLE
    if parts == ["currency"]:
        return (
            "choice",
            tuple((code, Parts((name, example), " · ")) for code, name, example in money_choices()),
            0,
        )
    if last == "name":
        return "text", (), MAX_NAME
    if last == "group":
        return "choice", tuple((group, GROUP_NAMES[group]) for group in COLOUR_GROUPS), 0
    if last == "text":
        return "words", (), MAX_TEXT
    if last == "action":
        deck = parts[1]
        offered = [a for a in ACTIONS if _offered(data, deck, a) or a == value]
        return "choice", (("", Text("Choose…")), *((a, ACTIONS[a]) for a in offered)), 0
    if last == "target":
        spaces = tuple(
            (str(s["position"]), Parts((str(s["position"]), SPACE_NAMES.get(s["name"], s["name"])), " · "))
            for s in data["spaces"]
        )
        return "choice", (("", Text("Choose…")), *spaces), 0
    if last == "target_kind":
        return (
            "choice",
            (
                ("", Text("Choose…")),
                ("railroad", GROUP_NAMES["railroad"]),
                ("utility", GROUP_NAMES["utility"]),
            ),
            0,
        )
    if last == "collect_go_if_passed":
        return "choice", (("no", Text("No")), ("yes", Text("Yes"))), 0
    if last == "spaces":
        return "signed", (), 3
    return "number", (), 9


def _offered(data: dict[str, Any], deck: str, action: str) -> bool:
    """The actions a card of `deck` may take on this board: kept cards are Fortune's, and the
    nearest railroad or utility needs one on the board."""
    if action in KEPT_ACTIONS:
        return deck == "fortune"
    if action == "advance_to_nearest":
        return any(space["type"] in ("railroad", "utility") for space in data["spaces"])
    return True


def _item(edition: EditionInfo, key: str, title: str, note: str, band: str, groups, opened: str) -> Item:
    fields = [f for _, group in groups for f in group]
    blanks = sum(f.blank for f in fields)
    faults = sum(fault.item == key for fault in edition.faults)
    wrong = any(f.error for f in fields) or faults
    return Item(
        key, title, note, band, blanks, groups, open=bool(blanks or wrong) or key == opened, faults=faults
    )


def _todo_line(data: dict[str, Any], item: str, gaps: list[Gap]) -> TodoLine:
    """An item's blanks in order, its rents (and a card's amounts by level) counted as one."""
    counted = {
        ".rent.": Plural("%(n)s rent", "%(n)s rents", sum(".rent." in gap.field for gap in gaps)),
        ".level.": Plural(
            "%(n)s amount by token level",
            "%(n)s amounts by token level",
            sum(".level." in gap.field for gap in gaps),
        ),
    }
    words: list[str] = []
    for gap in gaps:
        kind = next((kind for kind in counted if kind in gap.field), "")
        word = counted[kind] if kind else gap.label
        if word not in words:
            words.append(word)
    return TodoLine(page_of(item), item, _item_title(data, item), Parts(words, ITEMS))


def _item_title(data: dict[str, Any], item: str) -> str:
    parts = item.split(".")
    if parts[0] == "deed":
        return _deed(data, parts[1])["name"]
    if parts[0] == "card":
        return card_name(parts[1], int(parts[2]))
    if parts[0] == "space":
        return next(s for s in data["spaces"] if str(s["position"]) == parts[1])["name"]
    return Text("Bank")


def _blanks_by_page(edition: EditionInfo) -> dict[str, int]:
    counts: dict[str, int] = {}
    for gap in edition.missing:
        page = page_of(gap.item)
        counts[page] = counts.get(page, 0) + 1
    return counts


def _deed(data: dict[str, Any], position: str) -> dict[str, Any]:
    return next(deed for deed in data["properties"] if str(deed["position"]) == position)
