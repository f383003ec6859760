"""Which seats this browser holds, kept in the signed session cookie (a table display's key is
kept the same way, as the seat of the role "display").

A browser drops a cookie over 4 KB, and with it every seat it held, so the cookie keeps the seats
of the GAMES_KEPT games this browser took a seat in most recently (about 1.6 KB with both a bank
and a player seat in each). An older game's seat comes back through its seat link: the banker's
QR code for a player, `banker bank-link` for the bank."""

from __future__ import annotations

from flask import current_app, session

from banker.service import GameService
from banker.service.seats import BANKER, DISPLAY, SeatInfo, SeatKey

GAMES_KEPT = 16


def service() -> GameService:
    return current_app.extensions["banker"]


def _held() -> list[list[str]]:
    """[game id, role, token] for each seat held, the most recently taken last."""
    held = session.get("seats", [])
    if isinstance(held, dict):  # a cookie from before the bound: {game id: {role: token}}
        return [[game, role, token] for game, roles in held.items() for role, token in roles.items()]
    return held


def role(seat: SeatInfo | SeatKey) -> str:
    return {BANKER: "bank", DISPLAY: "display"}.get(seat.player_id, "player")


def remember(seat: SeatInfo | SeatKey) -> None:
    held = [s for s in _held() if s[:2] != [seat.game_id, role(seat)]] + [
        [seat.game_id, role(seat), seat.token]
    ]
    kept = set(_newest_first(held)[:GAMES_KEPT])
    session["seats"] = [s for s in held if s[0] in kept]
    session.permanent = True


def token(game_id: str, role: str) -> str | None:
    return next((t for game, r, t in _held() if game == game_id and r == role), None)


def my_games() -> list[str]:
    """The games this browser holds a seat in, the most recently joined first."""
    return _newest_first(_held())


def _newest_first(held: list[list[str]]) -> list[str]:
    return list(dict.fromkeys(game for game, _, _ in reversed(held)))


def phone() -> str | None:
    """A secret this browser alone holds: its session's CSRF key, the same in a form sent twice
    whose first answer (with the seat in its cookie) never arrived."""
    return session.get(current_app.config["WTF_CSRF_FIELD_NAME"])
