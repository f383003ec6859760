"""Paying a debt with property (Monopoly 2.0, seed 004, "Re-selling and Payment").

Under `pay_with_property` a debtor may hand over title deeds at their printed price and pay the
rest in cash: "a player can pay with a combination of cash and properties". Buildings go with the
deeds of their group: handing over any lot of a built group hands over every building on the
debtor's lots of that group, each worth what it cost ("All buildings are worth the amount used to
buy them"). A building received "must be exchanged with the bank for the amount of money that it
is worth", so the buildings go back to the bank and the bank pays the creditor their cost
(nothing when the creditor is the bank). The cash part is what the property leaves of the debt,
and no less than nothing: property worth more than the debt overpays, with no change ("you only
get any monetary change if you paid with money", footnote 8). Deeds handed to the bank go under
the deed deck in a market game (see bankruptcy.DeedsHandedOver).

One payment settles every debt to one creditor (`to`, which may be left out when there is only
one); a debt to the Free Parking pot is paid in cash.
"""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules.bankruptcy import DeedsHandedOver
from banker.rules.base import Command, Event, Positions, RuleError, require
from banker.rules.buildings import BuildingsChanged
from banker.rules.debts import DebtsSettled, claims, property_creditors, property_value
from banker.rules.deeds import built_names, first_built, lots_of, owners_lots
from banker.rules.money import Paid, payment
from banker.rules.state import BANK, FREE_PARKING, GameState
from banker.rules.tally import building_cost
from banker.rules.text import Text, listing


@dataclass(frozen=True)
class PayWithProperty(Command):
    """Settle the debts to `to` with the deeds at `deeds` (and their groups' buildings), the rest
    in cash."""

    type = "pay_with_property"
    player: int
    deeds: Positions
    to: int | None = None

    def decide(self, state: GameState, now: float) -> list[Event]:
        player = state.active_player(self.player)
        require(state.rules.pay_with_property, Text("In this game debts are paid in cash, not with deeds."))
        debts = state.debts_of(player.id)
        require(
            bool(debts),
            Text("%(player)s owes nothing.", player=player.name),
            (player.id, Text("You owe nothing.")),
        )
        payees = property_creditors(state, player.id)
        pot = Text("A debt to the Free Parking pot is paid in cash.")
        require(self.to != FREE_PARKING and bool(payees), pot)
        to = payees[0] if self.to is None and len(payees) == 1 else self.to
        creditors = listing([state.name_of(c) for c in payees])
        require(
            to is not None,
            Text(
                "%(player)s owes %(creditors)s: say which one the deeds go to.",
                player=player.name,
                creditors=creditors,
            ),
            (player.id, Text("You owe %(creditors)s: say which one the deeds go to.", creditors=creditors)),
        )
        require(
            to in payees,
            Text("%(player)s owes %(creditor)s nothing.", player=player.name, creditor=state.name_of(to)),
            (player.id, Text("You owe %(creditor)s nothing.", creditor=state.name_of(to))),
        )
        require(bool(self.deeds), Text("Choose the deeds to hand over."))
        require(len(set(self.deeds)) == len(self.deeds), Text("Each deed can be handed over only once."))
        for position in self.deeds:
            deed, holding = state.deed(position), state.holding(position)
            require(
                holding.owner == player.id,
                Text("%(player)s does not own %(deed)s.", player=player.name, deed=deed.name),
                (player.id, Text("You do not own %(deed)s.", deed=deed.name)),
            )
            require(
                not holding.mortgaged,
                Text("%(deed)s is mortgaged: a mortgaged deed cannot pay a debt.", deed=deed.name),
            )
            # under `build_without_group` the creditor's own lots of the group may be built on: a
            # bare lot joining them would stand uneven beside them (2 houses and none), as in a trade
            if (built := first_built(state, lots_of(state, to, position))) is not None:
                raise RuleError(
                    Text(
                        "%(deed)s cannot go to %(creditor)s while their %(group)s group has buildings: "
                        "%(lot)s has %(buildings)s.",
                        creditor=state.name_of(to),
                        **built_names(state, position, built),
                    )
                )
        owed = claims(state, to)[player.id]
        deeds, buildings = property_value(state, self.deeds)
        cash = max(owed - deeds - buildings, 0)
        figures = {
            "value": state.money(deeds + buildings),
            "owed": state.money(owed),
            "rest": state.money(cash),
            "cash": state.money(player.cash),
        }
        require(
            player.cash >= cash,
            Text(
                "The deeds come to %(value)s of the %(owed)s owed: the other %(rest)s is more than"
                " %(player)s's %(cash)s in cash. Choose more deeds.",
                player=player.name,
                **figures,
            ),
            (
                player.id,
                Text(
                    "The deeds come to %(value)s of the %(owed)s owed: the other %(rest)s is more than"
                    " your %(cash)s in cash. Choose more deeds.",
                    **figures,
                ),
            ),
        )
        return [
            *_buildings_exchanged(state, self.deeds, to, buildings),
            *([payment(state, player.id, to, cash, Text("the rest of the debt in cash"))] if cash else []),
            DeedsHandedOver(player=player.id, to=to, deeds=tuple(sorted(self.deeds))),
            DebtsSettled(debtor=player.id, creditor=to),
        ]


def _buildings_exchanged(state: GameState, deeds: tuple[int, ...], to: int, worth: int) -> list[Event]:
    """The buildings that go with `deeds`, back to the bank, which pays `to` their cost."""
    lots = sorted({lot for position in deeds for lot in owners_lots(state, position)})
    built = [lot for lot in lots if building_cost(state, lot)]
    events: list[Event] = [BuildingsChanged(deed=lot, houses=0) for lot in built]
    if built and to != BANK:
        reason = Text("buildings handed over in a payment, exchanged with the bank")
        events.append(Paid(payer=BANK, payee=to, amount=worth, reason=reason))
    return events
