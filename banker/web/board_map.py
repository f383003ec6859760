"""The board's 40 spaces as HTML, rendered once for each game, seq and screen.

After every change each phone at the table fetches its screen, and the spaces (owners, houses,
mortgages, prices) read the same on all of them: the largest part of a screen is rendered once
instead of once per phone (once per language). Which spaces are the viewer's own is marked by the
stylesheet, from the board's data-me and each space's data-owner."""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import render_template
from markupsafe import Markup

from banker.rules import GameState
from banker.web.i18n import lang

KEPT = 256  # rendered boards: a few screens of the latest seq of every game being played

_rendered: OrderedDict[tuple[str, int, str, str], Markup] = OrderedDict()
_lock = threading.Lock()


def board_spaces(game_id: str, view: str, state: GameState) -> Markup:
    key = (game_id, state.seq, view, lang())
    with _lock:
        html = _rendered.get(key)
    if html is None:
        html = Markup(render_template("board/_spaces.html", game_id=game_id, view=view, state=state))
        with _lock:
            _rendered[key] = html
            while len(_rendered) > KEPT:
                _rendered.popitem(last=False)
    return html
