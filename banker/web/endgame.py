"""The tally, the net-worth chart and the game's history: on screen, and to download."""

from __future__ import annotations

import csv
import io

from flask import Blueprint, Response, jsonify, render_template, request

from banker.rules.tally import tally
from banker.rules.text import Text
from banker.web import seats
from banker.web.endgame_view import biggest_moments, net_worth_chart
from banker.web.i18n import translate
from banker.web.table import seat_for

bp = Blueprint("endgame", __name__, url_prefix="/g/<game_id>")


def _view() -> str:
    return "bank" if request.args.get("view") == "bank" else "player"


@bp.get("/tally")
def tally_page(game_id: str):
    seat = seat_for(game_id)
    service = seats.service()
    state = service.state(game_id)
    steps = service.timeline(game_id)
    return render_template(
        "tally/page.html",
        game_id=game_id,
        view=_view(),
        state=state,
        me=state.player(seat.player_id) if seat.player_id else None,
        has_bank=seats.token(game_id, "bank") is not None,
        has_player=seats.token(game_id, "player") is not None,
        lines=tally(state),
        chart=net_worth_chart(steps),
        moments=biggest_moments(steps),
    )


def _history(game_id: str):
    seat_for(game_id)
    player = request.args.get("player", type=int)
    service = seats.service()
    return service.state(game_id), player, service.history(game_id, limit=None, player=player)


@bp.get("/history")
def history_page(game_id: str):
    state, player, lines = _history(game_id)
    return render_template(
        "history/page.html",
        game_id=game_id,
        view=_view(),
        state=state,
        player=player,
        history=lines,
        has_bank=seats.token(game_id, "bank") is not None,
        has_player=seats.token(game_id, "player") is not None,
    )


@bp.get("/history.json")
def history_json(game_id: str):
    _, _, lines = _history(game_id)
    rows = [{"seq": line.seq, "text": line.text, "undone": line.undone} for line in reversed(lines)]
    response = jsonify(rows)
    response.headers["Content-Disposition"] = f'attachment; filename="banker-{game_id}-history.json"'
    return response


@bp.get("/history.csv")
def history_csv(game_id: str):
    _, _, lines = _history(game_id)
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(["seq", translate(Text("what happened")), translate(Text("undone"))])
    for line in reversed(lines):
        writer.writerow([line.seq, translate(line.text), translate(Text("yes")) if line.undone else ""])
    return Response(
        out.getvalue(),
        mimetype="text/csv",
        headers={"Content-Disposition": f'attachment; filename="banker-{game_id}-history.csv"'},
    )
