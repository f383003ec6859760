"""How a typed amount is asked for in the game's money.

Forms take the game's whole amounts. Where a currency shows them multiplied (₩: a thousand times)
or counted in K (M1.5 / 200K), the field says so and gives an example, so nobody types 200,000
for ₩200,000 (that would be ₩200,000,000)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from markupsafe import Markup

from banker.rules import GameState, Player
from banker.rules.ruleset import reading
from banker.rules.text import Text


@dataclass(frozen=True)
class AmountField:
    unit: str  # after the field's label: "" or " (₩1,000s)"
    placeholder: str
    hint: str = ""  # what a typed number means, where it is not the amount shown


def amount_field(state: GameState) -> AmountField:
    before, after, times = reading(state.rules.currency, state.in_thousands)
    example = Text("e.g. %(amount)s", amount=200)
    if times > 1:
        return AmountField(
            Text(" (%(unit)ss)", unit=state.money(1)),
            example,
            Text("Type amounts in %(unit)ss: 200 is %(shown)s.", unit=state.money(1), shown=state.money(200)),
        )
    if after:
        return AmountField(
            Text(" (%(unit)s)", unit=after),
            example,
            Text(
                "Type amounts in %(unit)s: 200 is %(small)s, 1500 is %(large)s.",
                unit=after,
                small=state.money(200),
                large=state.money(1500),
            ),
        )
    return AmountField("", before)


def money_shape(state: GameState) -> str:
    """How the game shows an amount, for the page's script to name a typed one ("Pay Bob $50"):
    [before, after, times, counted in K]."""
    before, after, times = reading(state.rules.currency, state.in_thousands)
    return json.dumps([before, after, times, state.rules.currency == "MK"])


def cash_of(state: GameState, player: Player) -> Markup:
    """A player's cash as shown, with its whole amount for the page's script (the balance's count
    up, the most its player may bid): ₩1.5M or M1.5 does not say it."""
    return Markup('<data value="%d">%s</data>') % (player.cash, state.money(player.cash))


TEMPLATE_GLOBALS = {"amount_field": amount_field, "cash_of": cash_of, "money_shape": money_shape}
