"""Trade screens: the offer builder, sending an offer (or a counter-offer) and accepting one
with the keep-or-lift choice for each mortgaged deed."""

from __future__ import annotations

from flask import Blueprint, g, render_template, request

from banker.rules.trades import open_trade
from banker.web import replies
from banker.web.context import acting_player, seat_required, tap_id
from banker.web.http import seats
from banker.web.panels.trade import answer, proposal, trade_form

bp = Blueprint("trade", __name__, url_prefix="/g/<game_id>/trade")

CLOSED = '<div id="trade-form"></div>'  # where the offer builder opens
FOLD_AWAY = '<div id="trade-form" hx-swap-oob="true"></div>'  # after an offer is sent


@bp.get("/new")
@seat_required()
def new(game_id: str):
    """The offer builder for a partner, or a counter-offer to an open trade."""
    state = seats.service().state(game_id)
    asked = request.args.get("counter", type=int)
    # an offer withdrawn or answered meanwhile: the rules' words, not an empty builder
    counter = None if asked is None else open_trade(state, asked)
    to = counter.proposer if counter else request.args.get("to", type=int)
    if to is None:  # "Close": the builder folds away
        return CLOSED
    form = trade_form(state, acting_player(state), state.player(to), counter)
    return render_template("trade/_form.html", game_id=game_id, view=g.view, state=state, form=form)


@bp.post("")
@seat_required()
def propose(game_id: str):
    """An offer, or a counter-offer, which declines the offer it answers in the same action."""
    result = seats.service().run(game_id, g.seat.token, proposal(request.form, g.acting or 0), tap_id())
    return replies.done(game_id, result, extra=FOLD_AWAY)


@bp.post("/<int:trade>/accept")
@seat_required()
def accept(game_id: str, trade: int):
    state = seats.service().state(game_id)
    # an offer answered or withdrawn meanwhile: the rules say so, named for this phone's player
    # (or the bank's acting player: any seat of the game hears the same refusal)
    partner = next((t.partner for t in state.trades if t.id == trade), None) or acting_player(state).id
    return replies.done(
        game_id, seats.service().run(game_id, g.seat.token, answer(request.form, partner, trade), tap_id())
    )
