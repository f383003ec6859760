"""Who is asking, worked out once per request: the screen asked for, the seat this browser holds
in the game it opened, and the player that seat acts for. A handler says what it needs with
`@seat_required(...)` and reads `g.view`, `g.seat` and `g.acting` (flaskr's `login_required`
and `g.user`, for seats at a table)."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from flask import abort, g, request

from banker.rules import GameState, Player
from banker.rules.text import Text
from banker.service.acting import SEAT_TAKEN_BACK
from banker.service.errors import Forbidden
from banker.service.seats import BANKER, SeatKey
from banker.web.http import seats

VIEWS = ("player", "bank", "lobby", "display")
BANK_KEY_REFUSED = Text(
    "That bank key is not valid for this game. If the bank made a new bank QR code, scan it from"
    " the phone or laptop that made it."
)


class NoSeat(Forbidden):
    """Raised when this browser holds no valid seat for the screen it opened."""

    # after a lost cookie or a new secret key, the host's way back (banker/cli/bank_links.py)
    way_back = Text(
        "Are you the host? The computer running Banker prints the bank's own link of every game in"
        " progress, and the command banker bank-link with the join code prints it again."
    )


def seat_required(role: str | None = None, views: tuple[str, ...] = ("player", "bank")) -> Callable:
    """The handler runs for a browser holding the seat it needs, else NoSeat (403) is raised.
    The table display (view "display") needs no seat, the key of a display link that still works.

    `views` are the screens the handler draws, the first unless the request's `view` names
    another; any other `view` is no page (404). `role` is the seat needed: "bank" or "player";
    None, the seat the view needs (the banker's for the bank and the lobby, else a player's);
    "any", that too when the request names its view, else the player's seat or the bank's, with
    the view that seat sees."""

    def decorate(handler: Callable) -> Callable:
        @functools.wraps(handler)
        def wrapper(game_id: str, **kwargs: Any):
            asked = request.values.get("view")
            g.view = asked or views[0]
            if g.view not in views:
                abort(404)
            if g.view == "display":  # no seat: the key of the display link, and it never acts
                g.seat, g.acting = display_for(game_id), None
                return handler(game_id, **kwargs)
            needed = role_of(g.view) if role is None or (role == "any" and asked) else role
            g.seat = seat_for(game_id, None if needed == "any" else needed)
            if needed == "any" and g.seat.player_id == BANKER and "bank" in views:
                g.view = "bank"
            # the banker picks the player each action is for; a player always acts for themself
            g.acting = (
                request.values.get("player", type=int) if g.seat.player_id == BANKER else g.seat.player_id
            )
            return handler(game_id, **kwargs)

        return wrapper

    return decorate


def seated(state: GameState, player_id: int) -> Player:
    """A phone's player; a late player's seat the banker has since undone seats nobody."""
    if not state.has_player(player_id):
        raise NoSeat(SEAT_TAKEN_BACK)
    return state.player(player_id)


def acting_player(state: GameState) -> Player:
    """The player a screen offers its actions to: the phone's own, or the one the bank chose (the
    first, where the request names none)."""
    if g.seat.player_id != BANKER:
        return seated(state, g.seat.player_id)
    return state.player(g.acting or state.players[0].id)


def role_of(view: str) -> str:
    """The seat a view needs: the banker's for the bank and the lobby, else a player's."""
    return "bank" if view in ("bank", "lobby") else "player"


def seat_for(game_id: str, role: str | None = None) -> SeatKey:
    """This browser's seat in the game: the one asked for, or the player's, else the bank's."""
    roles = (role,) if role else ("player", "bank")
    for name in roles:
        token = seats.token(game_id, name)
        if token:
            try:
                return seats.service().seats.seat(game_id, token)
            except Forbidden as error:
                raise NoSeat(BANK_KEY_REFUSED if name == "bank" else error.message) from None
    if role == "bank":
        raise NoSeat(Text("Only the banker's phone can open the bank."))
    raise NoSeat(Text("This phone has no seat in this game. Join with the game's QR code."))


def display_for(game_id: str) -> SeatKey:
    """This browser's table display of the game, while the bank has not revoked its link."""
    try:
        return seats.service().seats.display(game_id, seats.token(game_id, "display"))
    except Forbidden as error:
        raise RevokedDisplay(error.message) from None


class RevokedDisplay(NoSeat):
    """Raised when the bank turned off the display link this browser opened (or it opened none)."""

    way_back = None  # the host's way back is no help to a display: the bank makes a new link


def tap_id() -> str | None:
    """The id a phone gives each tap (static/js/table.js): a tap sent again after the connection
    dropped answers as it did the first time, and never applies twice."""
    return request.form.get("request_id") or None
