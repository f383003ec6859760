"""The lobby: the game's QR code and join code for the table, and who has joined."""

from __future__ import annotations

from flask import Blueprint, Response, render_template

from banker import qr
from banker.web.context import seat_required
from banker.web.screens.table import join_url, screen_context

bp = Blueprint("lobby", __name__, url_prefix="/g/<game_id>")


@bp.get("/lobby")
@seat_required(views=("lobby",))
def page(game_id: str):
    context = screen_context(game_id)
    return render_template("lobby/page.html", qr_svg=qr.svg(context["join_url"]), **context)


@bp.get("/qr.svg")
@seat_required("any")
def join_qr(game_id: str):
    return Response(qr.svg(join_url(game_id)), mimetype="image/svg+xml")
