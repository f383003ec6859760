"""A player's own screen: the wallet (the cash, what passing GO pays, the dice, a token's level,
the cards kept), jail and the deeds the player holds."""

from __future__ import annotations

from dataclasses import replace

from banker.rules import GameState
from banker.rules.board import Deed
from banker.rules.state import Holding
from banker.web.panels import Region


def my_deeds(state: GameState, you: int | None) -> tuple[tuple[Deed, Holding], ...]:
    """The deeds `you` holds, in board order, each with its holding: all the deeds list shows."""
    return tuple(
        (deed, holding)
        for deed in state.edition.deeds
        if (holding := state.holding(deed.position)).owner == you
    )


def _wallet(state: GameState, you: int | None) -> tuple:
    # the cash itself comes with everyone's (.cash-N); it matters here only to the fine and a
    # token level's price, offered in jail and at GO. The wallet says what others owe this
    # player, and what the deeds could raise (the most to bid)
    me = state.player(you)
    if not (me.in_jail or state.at_go == you):
        me = replace(me, cash=0)
    # a kept card is played on another player's deed: the deeds it may take come with it
    return (me, my_deeds(state, you), state.debts, state.ended, state.at_go, me.hand and state.holdings)


REGIONS = (
    Region("wallet", ("player",), "player/_wallet.html", _wallet),
    # jail's ways out, docked at the foot of the screen (player/_live.html): the wallet's model holds
    # what they turn on
    Region("jail", ("player",), "player/_jail.html", _wallet),
    Region("my-deeds", ("player",), "player/_my_deeds.html", my_deeds),
)
