"""What a seat may do: the bank any command, a player's phone only its own player's, and only
what the table's rules leave to the players. Storing a command (recorder.py) and checking a game
file's actions again (game_files.py) ask the same question, here."""

from __future__ import annotations

from banker.rules import Command, Event, GameState, RuleError, decide
from banker.rules.debts import bank_before_player
from banker.rules.text import Text
from banker.service.errors import Forbidden

BANKER = 0  # the bank's seat (Seat.player_id), which also sends the server's own actions

# a late player's seating undone: their place keeps its row (and its phone its key), and is nobody's
SEAT_TAKEN_BACK = Text("The banker took back this seat. Ask the banker to seat you again.")


def decide_for(state: GameState, seat_player: int, command: Command, now: float) -> list[Event]:
    """The events of `command` sent by the seat `seat_player` at `now`: Forbidden when that seat may
    not send it, RuleError when the rules refuse it."""
    if seat_player == BANKER:
        return decide(state, command, now)
    if not state.has_player(seat_player):
        raise Forbidden(SEAT_TAKEN_BACK)
    if not command.allowed_for(state, seat_player):
        raise Forbidden(_not_yours(state, seat_player, command))
    if why := command.refused_to_players(state):
        raise RuleError(why)
    events = decide(state, command, now)
    if held := bank_before_player(state, events):
        raise held
    return events


def _not_yours(state: GameState, player_id: int, command: Command) -> Text:
    if command.banker_only:
        return Text("Only the banker can do that.")
    return Text(
        "This phone belongs to %(player)s; it can only act for them.", player=state.player(player_id).name
    )
