"""The rules page: what this table plays by, in words (banker/web/panels/rules.py)."""

from __future__ import annotations

from flask import Blueprint, render_template

from banker.web.context import seat_required
from banker.web.screens.table import screen_context

bp = Blueprint("rules", __name__, url_prefix="/g/<game_id>")


@bp.get("/rules")
@seat_required("any")
def page(game_id: str):
    """The rules in force at this table, every option with its value: for a player's phone or the
    bank's (the header's link names no view)."""
    return render_template("rules/page.html", **screen_context(game_id))
