"""Rent: what a player who lands on an owned title deed owes its owner."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules.base import Command, Dice, Event, require
from banker.rules.board import Card, Deed
from banker.rules.deeds import GROUP_NAMES, buildings_text, group_label
from banker.rules.errors import RuleError
from banker.rules.money import charge, rounded
from banker.rules.state import BANK, GameState
from banker.rules.text import Plural, Text

# The `card` of pay_rent: which "advance to the nearest ..." card sent the player there.
RENT_CARDS = {"nearest_railroad": "railroad", "nearest_utility": "utility"}
HOTEL = 5  # a street's rent with a hotel: the last entry of its table (unimproved, 1 to 4 houses, a hotel)


def rent_due(state: GameState, position: int, dice: int | None = None, card: str = "") -> int:
    """The rent the owner of the deed at `position` collects from a player landing there.

    0 when the bank owns it or it is mortgaged. A utility needs the dice total (2..12); `card` is
    "nearest_railroad" or "nearest_utility" when such a card sent the player there. Rounded up as
    the rules round (Monopoly 2.0: to $5), as it is charged."""
    return rent_explained(state, position, dice, card)[0]


def rent_explained(
    state: GameState, position: int, dice: int | None = None, card: str = ""
) -> tuple[int, Text]:
    """The rent and how it was worked out, in words ("rent for Boardwalk with 2 houses"; its `how`
    parameter is the part after the name); rounded up as the rules round."""
    deed = state.deed(position)
    amount, how = _worked_out(state, position, dice, card)
    return rounded(state, amount), Text("rent for %(deed)s%(how)s", deed=deed.name, how=how)


def _worked_out(state: GameState, position: int, dice: int | None, card: str) -> tuple[int, str]:
    deed = state.deed(position)
    rent_card = nearest_card(state, card, deed) if card else None
    holding = state.holding(position)
    if holding.owner == BANK or holding.mortgaged:
        return 0, ""
    lots = [state.holding(p) for p in state.edition.groups[deed.group]]
    owned = sum(lot.owner == holding.owner for lot in lots)
    if deed.kind == "railroad":
        rent = deed.rent[owned - 1]
        if rent_card is not None:
            times = rent_card.rent_multiplier
            return rent * times, Plural(
                ", %(n)s railroad owned, x%(times)s by the card",
                ", %(n)s railroads owned, x%(times)s by the card",
                owned,
                times=times,
            )
        return rent, Plural(", %(n)s railroad owned", ", %(n)s railroads owned", owned)
    if deed.kind == "utility":
        if dice is None:
            raise RuleError(Text("Enter the dice total to work out the rent for %(deed)s.", deed=deed.name))
        totals = state.rules.dice_totals
        require(dice in totals, Text("A dice total is between 2 and %(most)s.", most=totals[-1]))
        times = rent_card.dice_multiplier if rent_card is not None else deed.rent[owned - 1]
        return times * dice, Text(", %(times)s × %(dice)s on the dice", times=times, dice=dice)
    if holding.hotel:
        return deed.rent[HOTEL], Text(" with a hotel")
    if holding.houses:
        return deed.rent[holding.houses], Text(" with %(buildings)s", buildings=buildings_text(holding))
    cancelled = state.rules.mortgaged_lot_cancels_double_rent and any(lot.mortgaged for lot in lots)
    if owned == len(lots) and not cancelled:
        return 2 * deed.rent[0], Text(", doubled for the whole %(group)s group", group=group_label(deed))
    return deed.rent[0], ""


def street_rent_levels(state: GameState) -> tuple[int, ...]:
    """The entries of a street's rent table the game can charge: unimproved, each house up to the
    houses a hotel needs, and the hotel (the table's last entry). A short game's hotel comes
    after 3 houses, so its 4-house rent is never charged."""
    return (*range(state.rules.houses_before_hotel + 1), HOTEL)


def nearest_card(state: GameState, card: str, deed: Deed) -> Card:
    """The edition's "advance to the nearest ..." card that `card` names; it must fit `deed`."""
    if card not in RENT_CARDS:
        raise RuleError(Text("The card must be one of: %(cards)s.", cards=", ".join(RENT_CARDS)))
    target = RENT_CARDS[card]
    require(
        deed.kind == target,
        Text(
            "The nearest-%(target)s card leads to a %(target)s; %(deed)s is a %(kind)s.",
            target=GROUP_NAMES[target],
            deed=deed.name,
            kind=GROUP_NAMES.get(deed.kind, deed.kind),
        ),
    )
    found = next(
        (c for c in state.edition.cards if c.action == "advance_to_nearest" and c.target_kind == target), None
    )
    if found is None:  # a board of a table's own may leave it out
        raise RuleError(
            Text("This board has no card that leads to the nearest %(target)s.", target=GROUP_NAMES[target])
        )
    return found


@dataclass(frozen=True)
class PayRent(Command):
    """`player` landed on `deed` and pays its owner the rent the rules fix."""

    type = "pay_rent"
    player: int
    deed: int
    dice: Dice | None = None
    card: str = ""

    def allowed_for(self, state: GameState, player_id: int) -> bool:
        # The owner may also collect from their phone: the rules fix the amount.
        return player_id in (self.player, state.holding(self.deed).owner)

    def decide(self, state: GameState, now: float) -> list[Event]:
        deed = state.deed(self.deed)
        holding = state.holding(self.deed)
        payer = state.player(self.player)
        require(holding.owner != BANK, Text("Nobody owns %(deed)s: there is no rent to pay.", deed=deed.name))
        require(
            holding.owner != payer.id,
            Text("%(player)s owns %(deed)s: there is no rent to pay.", player=payer.name, deed=deed.name),
            (payer.id, Text("You own %(deed)s: there is no rent to pay.", deed=deed.name)),
        )
        require(not holding.mortgaged, Text("%(deed)s is mortgaged: it earns no rent.", deed=deed.name))
        amount, reason = rent_explained(state, self.deed, self.dice, self.card)
        return [charge(state, payer.id, holding.owner, amount, reason)]
