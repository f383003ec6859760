"""The board's 40 spaces as HTML, rendered once for each game, seq and screen.

After every change each phone at the table fetches its screen, and the spaces (owners, houses,
mortgages, prices) read the same on all of them: the largest part of a screen is rendered once
instead of once per phone (once per language). Which spaces are the viewer's own is marked by the
stylesheet, from the board's data-me and each space's data-owner."""

from __future__ import annotations

from markupsafe import Markup

from banker.rules import GameState
from banker.web.panels import fragments


def board_spaces(game_id: str, view: str, state: GameState) -> Markup:
    return fragments.rendered(
        "board/_spaces.html", (game_id, state.seq, view), game_id=game_id, view=view, state=state
    )


TEMPLATE_GLOBALS = {"board_spaces": board_spaces}
