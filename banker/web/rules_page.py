"""The rules page: every option in force at a table, named and valued as a player reads it
(amounts in the game's money, a feature not in play as "off", settings of an unused feature left
out)."""

from __future__ import annotations

from typing import Any

from banker.rules.state import GameState
from banker.rules.text import Text
from banker.web.new_game import MONEY_NAMES

OPTION_NAMES = {
    "starting_cash": Text("Starting cash"),
    "salary": Text("Salary for passing GO"),
    "jail_fine": Text("Jail fine"),
    "income_tax": Text("Income tax"),
    "luxury_tax": Text("Luxury tax"),
    "mortgaged_lot_cancels_double_rent": Text("A mortgaged lot cancels the double rent"),
    "houses_before_hotel": Text("Houses before a hotel"),
    "auctions": Text("Auctions"),
    "auction_step": Text("Auction step"),
    "auction_seconds": Text("Auction clock (seconds)"),
    "auction_extension_seconds": Text("Seconds left after each bid"),
    "end_at": Text("End time"),
    "trade_limits": Text("Tournament trade limits"),
    "free_parking_jackpot": Text("Free Parking jackpot"),
    "jackpot_seed": Text("Jackpot seed"),
    "just_go": Text("Just Go"),
    "income_tax_percent": Text("Income tax percent"),
    "build_without_group": Text("Build without the whole group"),
    "uneven_building": Text("Uneven building"),
    "deal_deeds": Text("Deeds dealt at the start"),
    "end_at_bankruptcies": Text("Ends at this many bankruptcies"),
    "cash_target": Text("Cash target"),
    "richest_by": Text("Richest by"),
    "win_monopolies": Text("Monopolies to win"),
    "market_size": Text("Deed market size"),
    "buy_from_owner": Text("Buy deeds from their owners"),
    "mortgages": Text("Mortgages"),
    "trading": Text("Trading"),
    "round_to": Text("Amounts rounded to"),
    "token_levels": Text("Token levels"),
    "level_cost": Text("Token level cost"),
    "level_salary_step": Text("Salary added per level"),
    "currency": Text("Money"),
}
# Amounts, shown in the game's money
MONEY = frozenset(
    {"starting_cash", "salary", "jail_fine", "income_tax", "luxury_tax", "auction_step", "jackpot_seed"}
    | {"cash_target", "level_cost", "level_salary_step", "round_to"}
)
# Features that a value of 0 (1 for these two) turns off
OFF_AT = {
    "income_tax_percent": 0,
    "deal_deeds": 0,
    "end_at_bankruptcies": 0,
    "cash_target": 0,
    "win_monopolies": 0,
    "market_size": 0,
    "round_to": 1,
    "token_levels": 1,
}
# Settings that mean something only while another option is on
NEEDS = {
    "jackpot_seed": "free_parking_jackpot",
    "auction_step": "auctions",
    "auction_seconds": "auctions",
    "auction_extension_seconds": "auctions",
    "level_cost": "token_levels",
    "level_salary_step": "token_levels",
}
RICHEST_BY = {"worth": Text("net worth"), "cash": Text("cash in hand")}


def rule_rows(state: GameState) -> list[tuple[str, str]]:
    """(name, value) for each option of the table's rules, in the order the rules list them."""
    rules = state.rules.as_dict()
    return [
        (OPTION_NAMES.get(name) or name.replace("_", " ").capitalize(), _value(state, name, value))
        for name, value in rules.items()
        if name != "preset" and (name not in NEEDS or _in_play(NEEDS[name], rules[NEEDS[name]]))
    ]


def _in_play(name: str, value: Any) -> bool:
    return value is True if isinstance(value, bool) else not _off(name, value)


def _off(name: str, value: Any) -> bool:
    return name in OFF_AT and value == OFF_AT[name]


def _value(state: GameState, name: str, value: Any) -> str:
    if isinstance(value, bool):
        return Text("yes") if value else Text("no")
    if _off(name, value):
        return Text("off")
    if name == "end_at":
        return Text("at the set time") if value else Text("no clock")
    if name in MONEY:
        return state.money(value)
    if name == "income_tax_percent":
        return f"{value}%"
    if name == "richest_by":
        return RICHEST_BY.get(value, value)
    if name == "currency":
        return Text("%(name)s: %(example)s", name=MONEY_NAMES.get(value, value), example=state.money(1500))
    return str(value)
