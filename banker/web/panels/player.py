"""A player's own screen: the wallet (the cash, what passing GO pays, the dice, a token's level,
the cards kept), jail and the deeds the player holds."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules import GameState
from banker.rules.board import Deed
from banker.rules.state import Holding
from banker.web.panels import Region, worked_out


def my_deeds(state: GameState, you: int | None) -> tuple[tuple[Deed, Holding], ...]:
    """The deeds `you` holds, in board order, each with its holding: all the deeds list shows."""
    return worked_out(state, "deeds held", lambda: _deeds_held(state)).get(you, ())


def _deeds_held(state: GameState) -> dict[int, tuple[tuple[Deed, Holding], ...]]:
    """Every owner's deeds, in board order, each with its holding: one pass for all the phones."""
    held: dict[int, list[tuple[Deed, Holding]]] = {}
    for deed in state.edition.deeds:
        if (holding := state.holdings.get(deed.position)) is not None:
            held.setdefault(holding.owner, []).append((deed, holding))
    return {owner: tuple(deeds) for owner, deeds in held.items()}


@dataclass(frozen=True)
class MyDeeds:
    """The deeds list of a player's phone: the deeds held (`my_deeds`), and whether the player
    still plays (not out, the game not ended), to whom a space on the board is there to buy."""

    deeds: tuple[tuple[Deed, Holding], ...]
    playing: bool


def _my_deeds_list(state: GameState, you: int | None) -> MyDeeds:
    return MyDeeds(my_deeds(state, you), not state.ended and not state.player(you).bankrupt)


def _wallet(state: GameState, you: int | None) -> tuple:
    # the cash itself comes with everyone's (.cash-N); it matters here only to the fine and a
    # token level's price, offered in jail and at GO. The wallet says what others owe this
    # player, and what the deeds could raise (the most to bid)
    me = state.player(you)
    shown = me if me.in_jail or state.at_go == you else {**vars(me), "cash": None}
    # a kept card is played on another player's deed: the deeds it may take come with it
    return (shown, my_deeds(state, you), state.debts, state.ended, state.at_go, me.hand and state.holdings)


REGIONS = (
    Region("wallet", ("player",), "player/_wallet.html", _wallet),
    # jail's ways out, docked at the foot of the screen (player/_live.html): the wallet's model holds
    # what they turn on
    Region("jail", ("player",), "player/_jail.html", _wallet),
    Region("my-deeds", ("player",), "player/_my_deeds.html", _my_deeds_list),
)
