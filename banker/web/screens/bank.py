"""The banker's screen: everyone's money, acting for any player, undo, a player's seat QR code and
the bank's own, and the whole game to download."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from banker import qr
from banker.rules import GameState, undo_preview
from banker.web.context import seat_required
from banker.web.http import game_files, seats
from banker.web.screens.table import screen_context

bp = Blueprint("bank", __name__, url_prefix="/g/<game_id>")


@bp.get("/bank")
@seat_required(views=("bank",))
def page(game_id: str):
    return render_template("bank/page.html", **screen_context(game_id))


@bp.get("/game.json")
@seat_required("bank", views=("bank",))
def game_file(game_id: str):
    """The whole game as one file, for the bank: any Banker server resumes it (New game)."""
    return game_files.download(game_id)


@bp.get("/undo")
@seat_required("bank")
def undo(game_id: str):
    """What Undo would reverse, shown before the banker confirms."""
    state = seats.service().state(game_id)
    return render_template(
        "bank/_undo.html",
        game_id=game_id,
        state=state,
        undo=undo_preview(state),
        closed=request.args.get("closed") == "1",
    )


@bp.get("/seats/<int:player_id>")
@seat_required("bank")
def seat_qr(game_id: str, player_id: int):
    """The banker shows one player's own re-join QR code, for a lost or new phone."""
    service = seats.service()
    state = service.state(game_id)
    player = state.player(player_id)
    seat = next(s for s in service.seats.of(game_id) if s.player_id == player_id)
    # claimed: a phone already joined, and this is for a lost or new one
    return _seat_qr("bank/seat_qr.html", game_id, state, seat.token, player=player, claimed=seat.claimed)


@bp.get("/bank-key")
@seat_required("bank")
def bank_qr(game_id: str):
    """The bank's own QR code, for another phone to be a bank too, or a new one for a lost phone."""
    service = seats.service()
    token = service.seats.bank_seat(game_id).token
    return _seat_qr("bank/bank_qr.html", game_id, service.state(game_id), token)


def _seat_qr(template: str, game_id: str, state: GameState, token: str, **shown: object) -> str:
    """A page of a seat's QR code and link, or of the question whether to give it a new key."""
    base = current_app.config["PUBLIC_URL"] or request.host_url
    link = base.rstrip("/") + url_for("join.rejoin", token=token)
    return render_template(
        template,
        game_id=game_id,
        state=state,
        asked=request.args.get("new") == "ask",  # a new key asked for, not yet confirmed
        made=request.args.get("new") == "made",
        svg=qr.svg(link),
        link=link,
        **shown,
    )


@bp.post("/bank-key")
@seat_required("bank")
def new_bank_key(game_id: str):
    """A bank's phone lost: the bank's seat under a new key; this phone keeps it, every other
    phone with the old one no longer acts as the bank."""
    seats.remember(seats.service().replace_bank_key(game_id))
    return redirect(url_for("bank.bank_qr", game_id=game_id, new="made"), 303)


@bp.post("/seats/<int:player_id>")
@seat_required("bank")
def new_seat_key(game_id: str, player_id: int):
    """A lost phone: the player's seat under a new key and QR code, and the old phone (whoever
    holds it now) no longer acts for them."""
    # the game's streams look at their seats again at the change it makes: the old phone's stops
    seats.service().replace_key(game_id, player_id)
    return redirect(url_for("bank.seat_qr", game_id=game_id, player_id=player_id, new="made"), 303)
