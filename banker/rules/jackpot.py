"""The Free Parking jackpot house rule: taxes, the jail fine and card payments to the bank go into a
pot on Free Parking (`GameState.free_parking`) instead of the bank, or with `jackpot_from="taxes"`
the two taxes only (001, ジャックポット: 「所得税、物品税でプレイヤーが支払った税金をプールしておき、
フリーパーキングのマスに止まったプレイヤーが全額受け取ることができる」), and whoever lands on Free
Parking collects the pot. With `jackpot_seed` the bank puts that much in at the start and again
after each collection. Money in the pot belongs to nobody until it is collected: the bank's
money, the players' cash and the pot together are what the bank has paid out.
"""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules.base import Command, Event, require
from banker.rules.money import Paid
from banker.rules.state import BANK, FREE_PARKING, GameState
from banker.rules.text import Text


@dataclass(frozen=True)
class FreeParking(Command):
    """`player` landed on Free Parking and takes the pot."""

    type = "free_parking"
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        rules = state.rules
        require(
            rules.free_parking_jackpot, Text("Free Parking pays nothing in this game: there is no jackpot.")
        )
        player = state.active_player(self.player)
        require(state.free_parking > 0, Text("The Free Parking pot is empty: there is nothing to collect."))
        events: list[Event] = [
            Paid(payer=FREE_PARKING, payee=player.id, amount=state.free_parking, reason=Text("the jackpot"))
        ]
        if rules.jackpot_seed:
            events.append(
                Paid(payer=BANK, payee=FREE_PARKING, amount=rules.jackpot_seed, reason=Text("a new jackpot"))
            )
        return events
