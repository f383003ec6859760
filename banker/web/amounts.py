"""How a typed amount is asked for in the game's money.

Forms take the game's whole amounts. Where a currency shows them multiplied (₩: a thousand times)
or counted in K (M1.5 / 200K), the field says so and gives an example, so nobody types 200,000
for ₩200,000 (that would be ₩200,000,000)."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState
from banker.rules.ruleset import CURRENCIES


@dataclass(frozen=True)
class AmountField:
    unit: str  # after the field's label: "" or " (₩1,000s)"
    placeholder: str


def amount_field(state: GameState) -> AmountField:
    before, after, times = CURRENCIES[state.rules.currency]
    if times > 1:
        return AmountField(f" ({state.money(1)}s)", "e.g. 200")
    if after:
        return AmountField(f" ({after})", "e.g. 200")
    return AmountField("", before)
