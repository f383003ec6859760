"""The "New game" choices: the presets with a line on each, the house-rule switches, and turning
the form into the options the rules take."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from banker.rules.errors import InvalidCommand

PRESETS = {
    "classic": ("Classic", "The rules in the box: last player standing wins."),
    "jma": ("JMA tournament", "Bids in $10 steps, tournament trade limits."),
    "speed": ("Speed die", "Everyone starts with $2,500."),
    "short": ("Short game", "Two deeds dealt each, hotels after 3 houses, ends at the second bankruptcy."),
    "timed": ("Timed game", "Two deeds dealt each; when the clock runs out, the richest wins."),
    "monopoly2": ("Monopoly 2.0", "A market of four deeds, no auctions or mortgages; 5 monopolies win."),
    "millionaire": ("Millionaire", "Amounts in K, token levels at GO; first to the cash target wins."),
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


SWITCHES = (
    Switch("free_parking_jackpot", "Free Parking jackpot: taxes and fines go into a pot"),
    Switch("just_go", "Just Go: $400 for landing exactly on GO"),
    Switch("income_tax_percent", "Income tax: the lower of $200 or 10% of net worth", on_value=10),
    Switch("no_auctions", "No auctions: a declined deed stays with the bank", False, option="auctions"),
    Switch("build_without_group", "Build without owning the whole group"),
    Switch("uneven_building", "Uneven building"),
)
AMOUNTS = (
    ("starting_cash", "Starting cash"),
    ("salary", "Salary for passing GO"),
    ("jackpot_seed", "Jackpot seed (put in by the bank)"),
)


def options_from_form(form: MultiDict[str, str], now: float) -> dict[str, Any]:
    """The rule options the form asks for on top of its preset; blank fields keep the preset's."""
    options: dict[str, Any] = {s.sets: s.on_value for s in SWITCHES if form.get(s.name)}
    for name, label in AMOUNTS:
        value = form.get(name, "").strip().replace(",", "").lstrip("$")
        if value:
            if not value.isdigit():
                raise InvalidCommand(f"{label} must be a whole number of dollars.")
            options[name] = int(value)
    minutes = form.get("minutes", "").strip()
    if minutes or form.get("preset") == "timed":
        if minutes and not (minutes.isdigit() and 5 <= int(minutes) <= 24 * 60):
            raise InvalidCommand("A timed game lasts 5 to 1,440 minutes.")
        options["end_at"] = int(now + 60 * int(minutes or TIMED_DEFAULT_MINUTES))
    return options


def rules_badge(preset: str) -> str:
    return PRESETS.get(preset, (preset.title(), ""))[0]
