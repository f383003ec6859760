"""The bank's own seat link of a game: the host's way back to the bank screen when the browser has
lost its seat (a cleared cookie, a new secret key). `banker serve` prints it for the games in
progress when it starts and for each game created while it runs; `banker bank-link <game>`
prints it on demand."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from flask import Flask

from banker.rules import GameState
from banker.service import GameService

log = logging.getLogger(__name__)

LOOKED_AT = 10  # the newest games whose links `banker serve` prints at start, if still going
NAMES_SHOWN = 40  # characters of the players' names beside each link


def bank_link(app: Flask, game: str) -> str:
    """The link of a game named by its id or its join code (NotFound if there is none)."""
    return _link(app, _service(app).seats.bank_seat(game).token)


def announce(app: Flask) -> None:
    """Print the links of the games in progress, newest first, then each new game's as it is
    created; behind trusted proxies (a public server, whose games are strangers') none: its log
    is no place for keys to them."""
    if app.config["TRUSTED_PROXIES"]:
        print(
            "Behind a proxy, for the public: no bank links are printed. `banker bank-link CODE` prints"
            " one game's.",
            flush=True,
        )
        return
    service = _service(app)
    going = []
    for game_id in service.seats.newest(LOOKED_AT):
        try:
            state = service.state(game_id)
        except Exception:  # one unreadable game must not keep the server from starting
            log.exception("could not read game %s", game_id)
            continue
        if not state.ended:
            going.append(
                _line(app, service.seats.join_code(game_id), state, service.seats.bank_seat(game_id).token)
            )
    if going:
        print("Games in progress, newest first, each with the bank's own link (the host's way back):")
        for line in going:
            print("   ", line)
        print(flush=True)
    service.on_new_game = lambda new: print(
        "New game", _line(app, new.game.join_code, new.state, new.banker.token), flush=True
    )


def _line(app: Flask, code: str, state: GameState, token: str) -> str:
    return f"{code} ({names_shown(p.name for p in state.players)}): {_link(app, token)}"


def names_shown(names: Iterable[str]) -> str:
    """The players' names as a terminal line shows them, cut to NAMES_SHOWN characters."""
    shown = ", ".join(names)
    if len(shown) > NAMES_SHOWN:
        shown = shown[: NAMES_SHOWN - 1] + "…"
    # the names are the players' own: none of their control characters reaches the terminal
    return "".join(c if c.isprintable() else "?" for c in shown)


def _link(app: Flask, token: str) -> str:
    path = app.url_map.bind("").build("join.rejoin", {"token": token})
    return app.config["PUBLIC_URL"].rstrip("/") + path


def _service(app: Flask) -> GameService:
    return app.extensions["banker"]
