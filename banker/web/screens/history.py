"""The game's history: on screen a page at a time, and whole to download."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

from flask import Blueprint, Response, g, request

from banker.lru import LRU
from banker.rules import GameState
from banker.rules.text import Text
from banker.web import replies
from banker.web.context import seat_required
from banker.web.http import seats
from banker.web.http.i18n import lang, translate
from banker.web.panels import fragments, history

bp = Blueprint("history", __name__, url_prefix="/g/<game_id>")

DOWNLOADS = {"csv": "text/csv", "json": "application/json"}
# (game, seq, kind, language, player) -> the download's bytes; a 10,000-action game's is 1 MB
_downloads: LRU[tuple[str, int, str, str, int | None], bytes] = LRU(16 << 20, weight=len)
# A spreadsheet takes a cell that begins with one of these for a formula: a player named
# "=HYPERLINK(...)" would become a link in the spreadsheet of whoever opens the history.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\n", "\0")


@bp.get("/history")
@seat_required("any")
def page(game_id: str):
    """The history a page at a time, newest first, with a link to the older actions."""
    state = seats.service().state(game_id)
    view = g.view
    player = request.args.get("player", type=int)
    before = request.args.get("before", type=int)
    lines, older = history.page(
        history.lines(game_id, state, limit=history.PAGE + 1, player=player, before=before)
    )
    main = fragments.rendered(
        "history/_main.html",
        (game_id, state.seq, view, player, before),
        game_id=game_id,
        view=view,
        state=state,
        player=player,
        history=lines,
        older=older,
    )
    return replies.around("history/page.html", game_id, view, state, main)


@bp.get("/history.json")
@seat_required("any")
def download_json(game_id: str):
    """The whole history, oldest first, in English (as the JSON API words it)."""

    def rows(state: GameState, player: int | None) -> str:
        lines = seats.service().history(game_id, limit=None, player=player, at=state)
        return json.dumps([{"seq": ln.seq, "text": ln.text, "undone": ln.undone} for ln in reversed(lines)])

    return _download(game_id, "json", "en", rows)


@bp.get("/history.csv")
@seat_required("any")
def download_csv(game_id: str):
    """The whole history, oldest first, in this screen's language."""

    def rows(state: GameState, player: int | None) -> str:
        lines = history.lines(game_id, state, limit=None, player=player)
        out = io.StringIO()
        out.write("\ufeff")  # the byte-order mark by which a spreadsheet opened on it knows UTF-8 ("₩", "김")
        writer = csv.writer(out, quoting=csv.QUOTE_ALL)
        writer.writerow(["seq", translate(Text("what happened")), translate(Text("undone"))])
        yes = translate(Text("yes"))
        writer.writerows([line.seq, _cell(line.text), yes if line.undone else ""] for line in reversed(lines))
        return out.getvalue()

    return _download(game_id, "csv", lang(), rows)


def _download(
    game_id: str, kind: str, language: str, rows: Callable[[GameState, int | None], str]
) -> Response:
    """A download of the history, made once per game, seq, language and player filter: a long
    game's whole history is a megabyte, and everyone at the table may download it at the end."""
    state = seats.service().state(game_id)
    player = request.args.get("player", type=int)
    key = (game_id, state.seq, kind, language, player)
    body = _downloads.get(key)
    if body is None:
        body = rows(state, player).encode()
        _downloads.put(key, body)
    response = Response(
        body,
        mimetype=DOWNLOADS[kind],
        headers={"Content-Disposition": f'attachment; filename="banker-{game_id}-history.{kind}"'},
    )
    response.set_etag("-".join(map(str, key)))  # the same bytes for as long as the game stays at this seq
    return response.make_conditional(request)


def _cell(text: str) -> str:
    """A cell that a spreadsheet shows as the text it is (OWASP's advice on CSV injection: a
    quote before a cell that would start a formula; and every cell quoted, see QUOTE_ALL, so that
    a separator inside one cannot start another)."""
    return "'" + text if text.startswith(FORMULA_STARTS) else text
