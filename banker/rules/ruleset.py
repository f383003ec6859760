"""The rule options a table plays with, and the named presets that bundle them."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from banker.rules.errors import InvalidCommand


@dataclass(frozen=True)
class RuleSet:
    preset: str = "classic"
    starting_cash: int = 1500
    salary: int = 200
    jail_fine: int = 50
    income_tax: int = 200
    luxury_tax: int = 100
    # RULES.md default: a mortgaged lot elsewhere in the group keeps the doubling;
    # the stricter reading (newer rulebooks) is this switch.
    mortgaged_lot_cancels_double_rent: bool = False
    houses_before_hotel: int = 4
    auctions: bool = True  # off: a declined deed simply stays with the bank
    auction_step: int = 1  # the opening bid and the least raise
    auction_seconds: int = 20  # the clock when an auction opens
    auction_extension: int = 8  # every bid leaves at least this long on the clock
    end_at: int = 0  # a timed game ends at this server time (seconds since the epoch); 0: no clock
    trade_limits: bool = False  # JMA: no gifts, no deed below its mortgage value, no jail card for $50+

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


PRESETS: dict[str, RuleSet] = {
    "classic": RuleSet(),
    "jma": RuleSet(preset="jma", auction_step=10, trade_limits=True),
}
# The least a table may set each number to; anything lower makes no game.
_MINIMUM = {"auction_step": 1, "auction_seconds": 5, "auction_extension": 1, "houses_before_hotel": 1}

_OPTION_NAMES = tuple(f.name for f in fields(RuleSet) if f.name != "preset")


def ruleset_for(preset: str, options: dict[str, Any] | None = None) -> RuleSet:
    """The preset's rules with the table's own options on top; bad names are refused."""
    if preset not in PRESETS:
        raise InvalidCommand(f"There is no preset called {preset!r}. Choose one of: {', '.join(PRESETS)}.")
    options = options or {}
    unknown = sorted(set(options) - set(_OPTION_NAMES))
    if unknown:
        raise InvalidCommand(
            f"Unknown option {', '.join(unknown)}. Valid options: {', '.join(_OPTION_NAMES)}."
        )
    base = PRESETS[preset]
    checked = {}
    for name, value in options.items():
        expected = type(getattr(base, name))
        if expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            raise InvalidCommand(f"Option {name} must be a whole number.")
        if expected is int and value < _MINIMUM.get(name, 0):
            raise InvalidCommand(f"Option {name} must be at least {_MINIMUM.get(name, 0)}.")
        if expected is bool and not isinstance(value, bool):
            raise InvalidCommand(f"Option {name} must be true or false.")
        checked[name] = value
    return replace(base, **checked)
