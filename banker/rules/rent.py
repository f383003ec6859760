"""Rent: what a player who lands on an owned title deed owes its owner."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules.base import Command, Dice, Event, require
from banker.rules.board import Card
from banker.rules.deeds import buildings_text, group_label
from banker.rules.errors import RuleError
from banker.rules.money import charge, rounded
from banker.rules.state import BANK, GameState

# The `card` of pay_rent: which "advance to the nearest ..." card sent the player there.
RENT_CARDS = {"nearest_railroad": "railroad", "nearest_utility": "utility"}


def rent_due(state: GameState, position: int, dice: int | None = None, card: str = "") -> int:
    """The rent the owner of the deed at `position` collects from a player landing there.

    0 when the bank owns it or it is mortgaged. A utility needs the dice total (2..12); `card` is
    "nearest_railroad" or "nearest_utility" when such a card sent the player there. Rounded up as
    the rules round (Monopoly 2.0: to $5), as it is charged."""
    return rent_explained(state, position, dice, card)[0]


def rent_explained(
    state: GameState, position: int, dice: int | None = None, card: str = ""
) -> tuple[int, str]:
    """The rent and how it was worked out, in words; rounded up as the rules round."""
    amount, reason = _worked_out(state, position, dice, card)
    return rounded(state, amount), reason


def _worked_out(state: GameState, position: int, dice: int | None, card: str) -> tuple[int, str]:
    deed = state.deed(position)
    rent_card = _rent_card(state, card, deed.kind, deed.name) if card else None
    holding = state.holding(position)
    if holding.owner == BANK or holding.mortgaged:
        return 0, ""
    lots = [state.holding(p) for p in state.edition.groups[deed.group]]
    owned = sum(lot.owner == holding.owner for lot in lots)
    reason = f"rent for {deed.name}"
    if deed.kind == "railroad":
        rent = deed.rent[owned - 1]
        reason += f", {owned} railroad{'s' if owned > 1 else ''} owned"
        if rent_card is not None:
            return rent * rent_card.rent_multiplier, f"{reason}, x{rent_card.rent_multiplier} by the card"
        return rent, reason
    if deed.kind == "utility":
        if dice is None:
            raise RuleError(f"Enter the dice total to work out the rent for {deed.name}.")
        require(2 <= dice <= 12, "A dice total is between 2 and 12.")
        times = rent_card.dice_multiplier if rent_card is not None else deed.rent[owned - 1]
        return times * dice, f"{reason}, {times} x {dice} on the dice"
    if holding.hotel:
        return deed.rent[-1], f"{reason} with a hotel"  # the table's last entry is the hotel's
    if holding.houses:
        return deed.rent[holding.houses], f"{reason} with {buildings_text(holding)}"
    cancelled = state.rules.mortgaged_lot_cancels_double_rent and any(lot.mortgaged for lot in lots)
    if owned == len(lots) and not cancelled:
        return 2 * deed.rent[0], f"{reason}, doubled for the whole {group_label(deed)} group"
    return deed.rent[0], reason


def _rent_card(state: GameState, card: str, kind: str, name: str) -> Card:
    """The edition's "advance to the nearest ..." card that `card` names; it must fit the deed."""
    if card not in RENT_CARDS:
        raise RuleError(f"The card must be one of: {', '.join(RENT_CARDS)}.")
    target = RENT_CARDS[card]
    require(kind == target, f"The nearest-{target} card leads to a {target}; {name} is a {kind}.")
    return next(
        c for c in state.edition.cards if c.action == "advance_to_nearest" and c.target_kind == target
    )


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
        require(holding.owner != BANK, f"Nobody owns {deed.name}: there is no rent to pay.")
        require(holding.owner != payer.id, f"{payer.name} owns {deed.name}: there is no rent to pay.")
        require(not holding.mortgaged, f"{deed.name} is mortgaged: it earns no rent.")
        amount, reason = rent_explained(state, self.deed, self.dice, self.card)
        return [charge(state, payer.id, holding.owner, amount, reason)]
