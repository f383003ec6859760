"""The tally at the end of the game: the ranking (by net worth, or by cash where the most cash
wins), its chart over the game and the game's biggest moments."""

from __future__ import annotations

from flask import Blueprint, g

from banker.rules.tally import tally
from banker.web import replies
from banker.web.context import seat_required
from banker.web.http import seats
from banker.web.panels import fragments
from banker.web.panels.tally import biggest_moments, tally_chart

bp = Blueprint("tally", __name__, url_prefix="/g/<game_id>")


@bp.get("/tally")
@seat_required("any")
def page(game_id: str):
    kept = seats.service().chronicle(game_id)
    view = g.view
    main = fragments.rendered(
        "tally/_main.html",
        (game_id, kept.seq, view),
        game_id=game_id,
        view=view,
        state=kept.state,
        lines=tally(kept.state),
        chart=tally_chart(game_id, kept),
        moments=biggest_moments(kept),
    )
    return replies.around("tally/page.html", game_id, view, kept.state, main)
