"""Trade screens: the offer builder, sending an offer (or a counter-offer) and accepting one
with the keep-or-lift choice for each mortgaged deed."""

from __future__ import annotations

from contextlib import suppress

from flask import Blueprint, render_template, request

from banker.rules import RuleError
from banker.service import BANKER
from banker.web import seats
from banker.web.table import reply, seat_for, tap_id
from banker.web.trade_panel import answer, proposal, trade_form

bp = Blueprint("trading", __name__, url_prefix="/g/<game_id>/trade")

CLOSED = '<div id="trade-form"></div>'  # where the offer builder opens
FOLD_AWAY = '<div id="trade-form" hx-swap-oob="true"></div>'  # after an offer is sent


def _acting(game_id: str, view: str) -> tuple[str, int]:
    """This browser's seat token and the player it trades for (the banker picks one)."""
    seat = seat_for(game_id, "bank" if view == "bank" else "player")
    player = request.values.get("player", type=int) if seat.player_id == BANKER else seat.player_id
    return seat.token, player or 0


@bp.get("/new")
def new(game_id: str):
    """The offer builder for a partner, or a counter-offer to an open trade."""
    view = request.args.get("view", "player")
    _, player = _acting(game_id, view)
    state = seats.service().state(game_id)
    counter = next((t for t in state.trades if t.id == request.args.get("counter", type=int)), None)
    to = counter.proposer if counter else request.args.get("to", type=int)
    if to is None:  # "Close": the builder folds away
        return CLOSED
    form = trade_form(state, state.player(player), state.player(to), counter)
    return render_template("trade/_form.html", game_id=game_id, view=view, state=state, form=form)


@bp.post("")
def propose(game_id: str):
    view = request.form.get("view", "player")
    token, player = _acting(game_id, view)
    service = seats.service()
    result = service.run(game_id, token, proposal(request.form, player), tap_id())
    counter = request.form.get("counter", type=int)
    if counter:  # a counter-offer answers the first one with a no, once the new one stands
        with suppress(RuleError):  # already withdrawn: nothing left to decline
            service.run(game_id, token, {"type": "decline_trade", "player": player, "trade": counter})
    return reply(game_id, view, result, extra=FOLD_AWAY)


@bp.post("/<int:trade>/accept")
def accept(game_id: str, trade: int):
    view = request.form.get("view", "player")
    token, _ = _acting(game_id, view)
    state = seats.service().state(game_id)
    partner = next((t.partner for t in state.trades if t.id == trade), 0)
    return reply(
        game_id, view, seats.service().run(game_id, token, answer(request.form, partner, trade), tap_id())
    )
