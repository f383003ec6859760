"""The "New game" choices: the presets with a line on each, the house-rule switches, the edition
and the money, and turning the form into what the rules take."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import FileStorage, MultiDict

from banker.json_input import read_json
from banker.rules.errors import InvalidCommand
from banker.rules.inputs import MAX_AMOUNT, as_typed, whole_number
from banker.rules.ruleset import CURRENCIES, DEALT_AMOUNTS
from banker.rules.ruleset import PRESETS as RULESETS
from banker.rules.state import format_money
from banker.rules.text import Text

PRESETS = {
    "classic": (Text("Classic"), Text("The rules in the box: last player standing wins.")),
    "jma": (
        Text("JMA tournament"),
        Text(
            "Bids in $10 steps, tournament trade limits, no loans or gifts, JMA hotel sales, a signalled end,"
            " trades only to clear a debt, the jail fine's rescues."
        ),
    ),
    "speed": (
        Text("Speed die"),
        Text(
            "Everyone starts with $2,500; a utility's rent counts all three dice (2 to 15); the bank names"
            " each auction's opening price, and a deed nobody bids for at it is auctioned again from $1."
        ),
    ),
    "short": (
        Text("Short game"),
        Text("Two deeds dealt each, hotels after 3 houses, ends at the second bankruptcy."),
    ),
    "timed": (Text("Timed game"), Text("Two deeds dealt each; when the clock runs out, the richest wins.")),
    "monopoly2": (
        Text("Monopoly 2.0"),
        Text(
            "A market of four deeds, no auctions or mortgages, a group built at once, debts paid with"
            " deeds, cards kept in hand; 5 monopolies win."
        ),
    ),
    "millionaire": (
        Text("Millionaire"),
        Text(
            "Amounts in K, token levels at GO; first to the cash target wins; the bank names each auction's"
            " opening price."
        ),
    ),
}
TIMED_DEFAULT_MINUTES = 90


@dataclass(frozen=True)
class Switch:
    name: str  # the form field, and the rule option it sets unless `option` says otherwise
    label: str
    on_value: Any = True  # what the option becomes when the box is ticked
    option: str = ""

    @property
    def sets(self) -> str:
        return self.option or self.name


# The Free Parking jackpot: none, or a pot of what it takes (the rules' `jackpot_from`)
JACKPOTS = (
    ("", Text("No jackpot")),
    ("payments", Text("Taxes, fines and card payments go into a pot")),
    ("taxes", Text("Only Income Tax and Luxury Tax go into the pot, as played in Japan")),
)
SWITCHES = (
    # no amount in the words: the form's money may be pounds or won, and its salary changed
    Switch("just_go", Text("Just Go: twice the salary for landing exactly on GO")),
    Switch(
        "income_tax_percent", Text("Income tax: the lower of the flat tax or 10% of net worth"), on_value=10
    ),
    Switch("no_auctions", Text("No auctions: a declined deed stays with the bank"), False, option="auctions"),
    Switch("build_without_group", Text("Build without owning the whole group")),
    Switch("uneven_building", Text("Uneven building")),
    Switch("phone_dice", Text("Dice on the phones, for a lost die")),
)
AMOUNTS = (
    ("starting_cash", Text("Starting cash")),
    ("salary", Text("Salary for passing GO")),
    ("jackpot_seed", Text("Jackpot seed (put in by the bank)")),
)


EDITIONS = (
    ("us", Text("US"), Text("Atlantic City: Boardwalk, Park Place, Reading Railroad.")),
    ("uk", Text("UK"), Text("London: Mayfair, Park Lane, Kings Cross Station, Super Tax; money in £.")),
    (
        "millionaire",
        Text("Millionaire"),
        Text(
            "Its 32 spaces, deeds and prices. The first time, you type its rents, costs and cards"
            " from your box."
        ),
    ),
)
MONEY_NAMES = {
    "USD": Text("Dollars"),
    "GBP": Text("Pounds"),
    "EUR": Text("Euros"),
    "KRW": Text("Won"),  # its example shows every amount a thousand times larger
    "JPY": Text("Yen"),
    "MK": Text("Electronic banking"),
}
MAX_EDITION_FILE = 60 * 1024  # the whole form must fit in a request (MAX_CONTENT_LENGTH, 64 KB)


def money_choices() -> list[tuple[str, str, str]]:
    """(code, name, example) for each way money can read, the example being the classic starting
    cash: ("GBP", "Pounds", "£1,500"), ("MK", "Electronic banking", "M1.5")."""
    return [(code, MONEY_NAMES.get(code, code), format_money(1500, code)) for code in CURRENCIES]


def edition_from_form(form: MultiDict[str, str], files: MultiDict[str, FileStorage]) -> Any:
    """The edition the form asks for: a built-in board's id, a saved edition's id, or, when "Our
    own edition" is ticked, the JSON object of the file uploaded (checked when the game starts). A
    file chosen before another board was ticked is left out, as the form no longer shows it."""
    choice = form.get("edition", "us")
    if choice != "file":
        return choice
    return uploaded_edition(files, Text("Choose your edition's JSON file, or pick the US or UK board."))


def uploaded_edition(files: MultiDict[str, FileStorage], missing: Text) -> Any:
    """The JSON object of the edition file uploaded, read within its bound; `missing` says what to
    do when none was chosen."""
    upload = files.get("edition_file")
    if upload is None or not upload.filename:
        raise InvalidCommand(missing)
    raw = upload.read(MAX_EDITION_FILE + 1)
    if len(raw) > MAX_EDITION_FILE:
        raise InvalidCommand(
            Text("That edition file is over %(size)s KB: too big to be one.", size=MAX_EDITION_FILE // 1024)
        )
    return read_json(raw, Text("That edition file"))


def house_rules_set(form: MultiDict[str, str]) -> bool:
    """Whether anything under House rules was set: a refusal of it must find it open."""
    names = ("jackpot", *(s.name for s in SWITCHES), *(name for name, _ in AMOUNTS))
    return any(form.get(name) for name in names)


def options_from_form(form: MultiDict[str, str], now: float) -> dict[str, Any]:
    """The rule options the form asks for on top of its preset; blank fields keep the preset's."""
    options: dict[str, Any] = {s.sets: s.on_value for s in SWITCHES if form.get(s.name)}
    if form.get("jackpot"):  # which pot is the rules' to check
        options |= {"free_parking_jackpot": True, "jackpot_from": form["jackpot"]}
    if form.get("currency"):  # blank: as the edition prints it (or the preset's)
        options["currency"] = form["currency"]
    # the rules check the amounts too, naming them as the API does (starting_cash): the form's
    # refusals name them as the form does
    step = RULESETS.get(form.get("preset", "classic"), RULESETS["classic"]).round_to
    for name, label in AMOUNTS:
        value = as_typed(form.get(name, ""))
        if value:
            number = whole_number(value)
            if number is None or number < 0:
                raise InvalidCommand(Text("%(field)s must be a whole number.", field=label))
            if number > MAX_AMOUNT:
                raise InvalidCommand(
                    Text("%(field)s must be at most %(most)s.", field=label, most=f"{MAX_AMOUNT:,}")
                )
            if number % step and name in DEALT_AMOUNTS:
                raise InvalidCommand(
                    Text(
                        "%(field)s must be a multiple of %(step)s, as every amount in this game.",
                        field=label,
                        step=step,
                    )
                )
            options[name] = number
    if "jackpot_seed" in options and not form.get("jackpot"):
        raise InvalidCommand(Text("A jackpot seed needs a Free Parking jackpot: choose one above it."))
    if form.get("preset") == "timed":  # the minutes are asked only for a timed game
        minutes = form.get("minutes", "").strip()
        length = whole_number(minutes) if minutes else TIMED_DEFAULT_MINUTES
        if length is None or not 5 <= length <= 24 * 60:
            raise InvalidCommand(Text("A timed game lasts 5 to 1,440 minutes."))
        options["end_at"] = int(now + 60 * length)
    return options


def rules_badge(preset: str) -> str:
    return PRESETS.get(preset, (preset.title(), ""))[0]


TEMPLATE_GLOBALS = {"rules_badge": rules_badge}
