"""A player's own screen: the wallet, the board, the deeds held, paying and trading."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, url_for

from banker.web.context import seat_required
from banker.web.http import seats
from banker.web.screens.table import screen_context

bp = Blueprint("player", __name__, url_prefix="/g/<game_id>")


@bp.get("")
def page(game_id: str):
    if seats.token(game_id, "player"):
        return _wallet(game_id)
    if seats.token(game_id, "bank"):
        return redirect(url_for("bank.page", game_id=game_id))
    # how to join, but not the code: the game's address alone must not seat anyone
    return render_template("join/no_seat.html"), 403


@seat_required(views=("player",))
def _wallet(game_id: str):
    return render_template("player/page.html", **screen_context(game_id))
