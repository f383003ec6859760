"""The game's history as the screens show it: in the reader's language, a page at a time."""

from __future__ import annotations

from banker.rules import GameState
from banker.service.history import HistoryLine
from banker.web.http import seats
from banker.web.http.i18n import lang, translate

PAGE = 100  # lines on a page of the history (the screen's and the API's)
SHOWN = 50  # lines a screen's history shows (static/js/table.js keeps it to them)


def lines(
    game_id: str,
    state: GameState,
    limit: int | None = SHOWN,
    player: int | None = None,
    before: int | None = None,
) -> list[HistoryLine]:
    """The newest lines first, worded in this screen's language (see GameService.history)."""
    return seats.service().history(
        game_id, limit=limit, player=player, at=state, before=before, language=lang(), say=translate
    )


def page(lines: list[HistoryLine]) -> tuple[list[HistoryLine], int | None]:
    """A page of lines asked for with limit=PAGE + 1, and the `before` of the page older than it
    (None when it is the oldest)."""
    return lines[:PAGE], lines[PAGE - 1].seq if len(lines) > PAGE else None
