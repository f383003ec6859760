"""The board's spaces as HTML, rendered once for each game, seq and screen.

The spaces (owners, houses, mortgages, prices) read the same on every phone of a table, so a
page load takes them from here instead of drawing them once per phone (once per language); after
a change the live stream pushes only the spaces that changed. Which spaces are the viewer's own
is marked by the stylesheet, from the board's data-me and each space's data-owner."""

from __future__ import annotations

from markupsafe import Markup

from banker.rules import GameState
from banker.web.panels import fragments


def board_spaces(game_id: str, view: str, state: GameState) -> Markup:
    return fragments.rendered(
        "board/_spaces.html", (game_id, state.seq, view), game_id=game_id, view=view, state=state
    )


TEMPLATE_GLOBALS = {"board_spaces": board_spaces}
