"""What the screens show, worked out from the game's state before any template draws it: each
panel module turns a GameState into what its part of a screen needs, and lists in
TEMPLATE_GLOBALS the functions its templates call."""

from __future__ import annotations

from flask import Flask

from banker.web.panels import (
    amounts,
    auction,
    board_map,
    debt,
    endgame,
    new_game,
    offers,
    pieces,
    rule_systems,
    rules_page,
    trade,
)

PANELS = (
    amounts,
    auction,
    board_map,
    debt,
    endgame,
    new_game,
    offers,
    pieces,
    rule_systems,
    rules_page,
    trade,
)


def register(app: Flask) -> None:
    for panel in PANELS:
        app.jinja_env.globals.update(panel.TEMPLATE_GLOBALS)
