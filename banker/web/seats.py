"""Which seats this browser holds, kept in the signed session cookie."""

from __future__ import annotations

from flask import current_app, session

from banker.models import Seat
from banker.rules import GameState
from banker.service import BANKER, GameService


def service() -> GameService:
    return current_app.extensions["banker"]


def remember(seat: Seat) -> None:
    seats = dict(session.get("seats", {}))
    roles = dict(seats.get(seat.game_id, {}))
    roles["bank" if seat.player_id == BANKER else "player"] = seat.token
    seats[seat.game_id] = roles
    session["seats"] = seats
    session.permanent = True


def token(game_id: str, role: str) -> str | None:
    return session.get("seats", {}).get(game_id, {}).get(role)


def my_games() -> list[str]:
    return list(session.get("seats", {}))


def time_left(state: GameState) -> float | None:
    """Seconds until a timed game ends, on the server's clock; None without a clock or once over."""
    if not state.rules.end_at or state.ended:
        return None
    return max(0.0, state.rules.end_at - service().clock())
