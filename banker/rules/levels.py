"""Token levels (Monopoly Millionaire): a player who reaches GO may pay to raise their token a level,
and a higher token earns a higher salary from then on.

A token starts at level 1 and can reach `token_levels` (3). Each level costs `level_cost` (50K)
and adds `level_salary_step` (50K) to the salary: 150K, 200K, 250K. The app does not see the
board, so "at GO" is read from the log: a level can be bought by the player who has just
collected the GO salary (passing or landing on GO, or a card that pays it), once for that salary,
until another player collects a salary or the turn moves on (`next_turn`). The new salary starts
with the next time round.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from banker.rules.base import Command, Event, require
from banker.rules.money import payment
from banker.rules.state import BANK, GameState
from banker.rules.text import Text


@dataclass(frozen=True)
class LevelBought(Event):
    """`player`'s token is now at `level` (its price is its own Paid)."""

    type = "level_bought"
    is_news = True
    player: int
    level: int

    def apply(self, state: GameState) -> GameState:
        return replace(state.with_player(self.player, level=self.level), at_go=None)

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s's token is now level %(level)s: a salary of %(salary)s",
            player=state.name_of(self.player),
            level=self.level,
            salary=state.money(state.rules.level_salary(self.level)),
        )


@dataclass(frozen=True)
class BuyLevel(Command):
    type = "buy_level"
    spends = True
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        rules = state.rules
        require(rules.token_levels > 1, Text("There are no token levels in this game."))
        player = state.active_player(self.player)
        require(
            player.level < rules.token_levels,
            Text(
                "%(player)s's token is already at the top level (%(top)s).",
                player=player.name,
                top=rules.token_levels,
            ),
            (player.id, Text("Your token is already at the top level (%(top)s).", top=rules.token_levels)),
        )
        require(
            state.at_go == player.id,
            Text(
                "%(player)s can buy a token level only on reaching GO: collect the salary first.",
                player=player.name,
            ),
            (player.id, Text("You can buy a token level only on reaching GO: collect the salary first.")),
        )
        level = player.level + 1
        reason = Text("token level %(level)s", level=level)
        return [payment(state, player.id, BANK, rules.level_cost, reason), LevelBought(player.id, level)]
