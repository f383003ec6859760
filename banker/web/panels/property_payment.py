"""Paying a debt with property (Monopoly 2.0, see rules/property_payment.py): the screen the debt
panel opens, each deed with what it pays (its printed price, and what the buildings of its group
that go with it cost), the running total with the cash part, and one confirm. Each tick fetches
the screen again with the new total (no script): the rules work out every amount."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState, Player
from banker.rules.board import Deed
from banker.rules.debts import claims, property_creditors, property_value
from banker.rules.text import Text
from banker.web.panels.offers import Offer, offer


@dataclass(frozen=True)
class DeedChoice:
    deed: Deed
    buildings: int  # what the buildings of its group that go with it cost
    checked: bool


@dataclass(frozen=True)
class PropertyPayment:
    player: Player
    to: int  # the creditor the deeds go to
    creditors: tuple[tuple[int, str], ...]  # (party, name) of each creditor, to choose from
    choices: tuple[DeedChoice, ...]
    summary: str  # "Deeds and buildings $160 of the $1,400 owed: $1,240 in cash."
    confirm: Offer


def property_payment(
    state: GameState, player: Player, chosen: list[int], to: int | None
) -> PropertyPayment | None:
    """The screen for `player` with the deeds at `chosen` ticked, paying creditor `to` (the first
    one when not theirs); None where debts are paid in cash or nothing is owed that deeds may pay."""
    creditors = property_creditors(state, player.id)
    if not state.rules.pay_with_property or not creditors or player.bankrupt:
        return None
    to = to if to in creditors else creditors[0]
    owned = [
        deed
        for deed in state.edition.deeds
        if state.holding(deed.position).owner == player.id and not state.holding(deed.position).mortgaged
    ]
    ticked = tuple(deed.position for deed in owned if deed.position in chosen)
    deeds, buildings = property_value(state, ticked)
    owed = claims(state, to)[player.id]
    money = state.money
    if deeds + buildings >= owed:
        summary = Text(
            "Deeds and buildings: %(value)s of the %(owed)s owed. No cash, and no change.",
            value=money(deeds + buildings),
            owed=money(owed),
        )
    else:
        summary = Text(
            "Deeds and buildings: %(value)s of the %(owed)s owed. The other %(cash)s in cash.",
            value=money(deeds + buildings),
            owed=money(owed),
            cash=money(owed - deeds - buildings),
        )
    payload = {
        "type": "pay_with_property",
        "player": player.id,
        "deeds": ",".join(map(str, ticked)),
        "to": to,
    }
    label = Text("Pay with these deeds")
    confirm = (
        offer(state, payload, label, "primary")
        if ticked
        else Offer(label, payload, Text("Tick the deeds to hand over."), "primary")
    )
    choices = tuple(
        DeedChoice(deed, property_value(state, (deed.position,))[1], deed.position in ticked)
        for deed in owned
    )
    named = tuple((creditor, state.name_of(creditor)) for creditor in creditors)
    return PropertyPayment(player, to, named, choices, summary, confirm)
