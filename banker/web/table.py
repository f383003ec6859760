"""The screens of a running game: a player's wallet, the banker's table, the lobby with the
QR code, and the live stream that tells every phone to refresh."""

from __future__ import annotations

import json
import time

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)

from banker import qr
from banker.extensions import htmx
from banker.models import Seat
from banker.rules import GameState, describe_action, take_back_seconds, undo_preview
from banker.rules.board import edition_to_json
from banker.rules.tally import tally
from banker.rules.text import Parts, Text
from banker.service import BANKER, Forbidden, Result
from banker.web import history, offers, seats
from banker.web.endgame_view import biggest_moments, net_worth_chart

bp = Blueprint("table", __name__, url_prefix="/g/<game_id>")

VIEWS = ("player", "bank", "lobby")
NEWS_ACTIONS = 20  # actions /live reads back to find the news a phone missed


class NoSeat(Forbidden):
    """Raised when this browser holds no valid seat for the screen it opened."""

    # after a lost cookie or a new secret key, the host's way back (banker/bank_links.py)
    way_back = Text(
        "Are you the host? The computer running Banker prints the bank's own link of every game in"
        " progress, and the command banker bank-link with the join code prints it again."
    )


def seat_for(game_id: str, role: str | None = None) -> Seat:
    """This browser's seat in the game: the one asked for, or the player's, else the bank's."""
    roles = (role,) if role else ("player", "bank")
    for name in roles:
        token = seats.token(game_id, name)
        if token:
            try:
                return seats.service().seat(game_id, token)
            except Forbidden as error:
                raise NoSeat(error.message) from None
    if role == "bank":
        raise NoSeat(Text("Only the banker's phone can open the bank."))
    raise NoSeat(Text("This phone has no seat in this game. Join with the game's QR code."))


def role_of(view: str) -> str:
    """The seat a view needs: the banker's for the bank and the lobby, else a player's."""
    return "bank" if view in ("bank", "lobby") else "player"


def _context(game_id: str, view: str, state: GameState | None = None) -> dict:
    service = seats.service()
    seat = seat_for(game_id, role_of(view))
    state = state or service.state(game_id)
    return {
        "game_id": game_id,
        "view": view,
        "state": state,
        "me": None if seat.player_id == BANKER else state.player(seat.player_id),
        "has_bank": seats.token(game_id, "bank") is not None,
        "has_player": seats.token(game_id, "player") is not None,
        "history": history.lines(game_id, state),
        "undo": undo_preview(state),
        # only the bank and the lobby show who has joined: players' screens skip the query
        "joined": (
            {s.player_id for s in service.seats(game_id) if s.claimed and s.player_id != BANKER}
            if view != "player"
            else set()
        ),
        "join_url": _join_url(game_id),
        "now": service.clock(),
        **(_ending(game_id, state) if state.ended else {}),
    }


def _ending(game_id: str, state: GameState) -> dict:
    """Once the game is over every screen shows the tally and the chart."""
    kept = seats.service().chronicle(game_id)
    return {"lines": tally(state), "chart": net_worth_chart(game_id, kept), "moments": biggest_moments(kept)}


def _join_url(game_id: str) -> str:
    code = seats.service().game_code(game_id)
    base = current_app.config["PUBLIC_URL"] or request.host_url
    return base.rstrip("/") + url_for("home.join", code=code)


@bp.get("")
def screen(game_id: str):
    if seats.token(game_id, "player"):
        return render_template("player/page.html", **_context(game_id, "player"))
    if seats.token(game_id, "bank"):
        return redirect(url_for("table.bank", game_id=game_id))
    # how to join, but not the code: the game's address alone must not seat anyone
    return render_template("join/no_seat.html"), 403


@bp.get("/bank")
def bank(game_id: str):
    context = _context(game_id, "bank")
    # the player the bank acted for last on this device (static/js/table.js keeps it in a cookie)
    in_play = [p for p in context["state"].players if not p.bankrupt] or context["state"].players
    chosen = request.cookies.get("acting", type=int)
    acting = next((p for p in in_play if p.id == chosen), in_play[0])
    return render_template("bank/page.html", acting=acting, **context)


@bp.get("/rules")
def rules(game_id: str):
    """The rules in force at this table, every option with its value."""
    view = "bank" if request.args.get("view") == "bank" else "player"
    return render_template("rules/page.html", **_context(game_id, view))


@bp.get("/edition.json")
def edition_file(game_id: str):
    """This game's board as an edition file, for any seat: import it to play the same board."""
    seat_for(game_id)
    edition = edition_to_json(seats.service().state(game_id).edition)
    return Response(
        json.dumps(edition, indent=2, ensure_ascii=False) + "\n",
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="banker-{game_id}-edition.json"'},
    )


@bp.get("/lobby")
def lobby(game_id: str):
    context = _context(game_id, "lobby")
    return render_template("lobby/page.html", qr_svg=qr.svg(context["join_url"]), **context)


@bp.get("/live")
def live(game_id: str):
    """The changing part of a screen; 204 (nothing to swap) when the phone is up to date."""
    view = request.args.get("view", "player")
    if view not in VIEWS:
        abort(404)
    seat = seat_for(game_id, role_of(view))
    known = request.args.get("seq", type=int)
    state = seats.service().state(game_id)
    if known is not None and known == state.seq:
        return "", 204
    context = _context(game_id, view, state)
    body = render_template(f"{view}/_live.html", oob=True, **context)
    if known is not None:
        # the toast tells the latest news whole, as its history line (a trade with its 10% fees),
        # found among the latest actions: a phone that was away for most of a long game does not
        # have the whole log read for it. A player's own actions were told in its reply (with
        # Undo, which this toast would hide); the bank's seat also stores what the server does by
        # itself (a sale when the clock runs out)
        mine = seat.player_id if seat.player_id != BANKER else None
        news = [
            describe_action(state, events)
            for events in seats.service().actions_since(
                game_id, max(known, state.seq - NEWS_ACTIONS), not_by=mine
            )
            if any(e.is_news for e in events)
        ]
        if news:
            body += render_template("shared/_toast.html", message=Parts(news[-2:]), ok=True, oob=True)
    response = current_app.make_response(body)
    response.headers["Vary"] = "HX-Request"
    return response


@bp.get("/space/<int(signed=True):position>")
def space(game_id: str, position: int):
    """What a tap on a board space offers the acting player (-1 closes the sheet)."""
    return _sheet(game_id, request.args.get("view", "player"), position)


def _sheet(game_id: str, view: str, position: int | None, card: str = "", oob: bool = False) -> str:
    seat = seat_for(game_id, "bank" if view == "bank" else "player")
    state = seats.service().state(game_id)
    sheet = None
    if position in state.edition.space_at:
        acting = request.values.get("player", type=int) if seat.player_id == BANKER else seat.player_id
        sheet = offers.sheet(state, position, state.player(acting or state.players[0].id), card)
    return render_template("board/_sheet.html", game_id=game_id, view=view, state=state, sheet=sheet, oob=oob)


@bp.post("/do")
def do(game_id: str):
    """Run the command a form or button sent, for this browser's seat."""
    view = request.form.get("view", "player")
    seat = seat_for(game_id, "bank" if view == "bank" else "player")
    payload = {k: v for k, v in request.form.items() if k not in ("csrf_token", "view")}
    result = seats.service().run(game_id, seat.token, payload)
    # a card that sends the piece to a deed opens that deed next; anything else closes the sheet
    then_space = request.form.get("then_space", type=int)
    return reply(game_id, view, result, then_space, request.form.get("then_card", ""))


def reply(
    game_id: str,
    view: str,
    result: Result,
    then_space: int | None = None,
    then_card: str = "",
    extra: str = "",
):
    """What a phone gets back after its command ran: the toast saying what happened (on a player's
    phone, with Undo while they may take it back), the sheet closed (or the next deed's opened),
    any `extra` out-of-band fragment, and a nudge for its own live panel to refresh."""
    message = describe_action(result.state, result.events)
    if not htmx:
        return redirect(url_for("table.bank" if view == "bank" else "table.screen", game_id=game_id), 303)
    take_back = None
    if view == "player":
        player = seat_for(game_id, "player").player_id
        seconds = take_back_seconds(result.state, player, result.seq, seats.service().clock())
        if seconds > 0:
            take_back = {"player": player, "seq": result.seq, "seconds": round(seconds, 1)}
    response = current_app.make_response(
        render_template("shared/_toast.html", message=message, ok=True, game_id=game_id, take_back=take_back)
        + _sheet(game_id, view, then_space, then_card, oob=True)
        + extra
    )
    response.headers["HX-Trigger"] = "bank-changed"
    return response


@bp.get("/undo")
def undo(game_id: str):
    """What Undo would reverse, shown before the banker confirms."""
    seat_for(game_id, "bank")
    state = seats.service().state(game_id)
    return render_template(
        "bank/_undo.html",
        game_id=game_id,
        state=state,
        undo=undo_preview(state),
        closed=request.args.get("closed") == "1",
    )


@bp.get("/stream")
def stream(game_id: str):
    """Server-Sent Events: `changed` with the new seq whenever the game moves on."""
    seat_for(game_id)
    service = seats.service()
    known = request.args.get("seq", default=0, type=int)
    current = service.state(game_id).seq
    lifetime = current_app.config["STREAM_SECONDS"]
    keepalive = current_app.config["STREAM_KEEPALIVE_SECONDS"]

    def events():
        last = known
        yield "retry: 1000\n\n"
        if current > last:
            last = current
            yield f"event: changed\ndata: {last}\n\n"
        deadline = time.monotonic() + lifetime
        while time.monotonic() < deadline:
            seq = service.broker.wait(game_id, last, keepalive)
            if seq > last:
                last = seq
                yield f"event: changed\ndata: {last}\n\n"
            else:
                yield ": keepalive\n\n"

    return Response(
        events(),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )


@bp.get("/qr.svg")
def join_qr(game_id: str):
    seat_for(game_id)
    return Response(qr.svg(_join_url(game_id)), mimetype="image/svg+xml")


@bp.get("/seats/<int:player_id>")
def seat_qr(game_id: str, player_id: int):
    """The banker shows one player's own re-join QR code, for a lost or new phone."""
    seat_for(game_id, "bank")
    service = seats.service()
    state = service.state(game_id)
    player = state.player(player_id)
    seat = next(s for s in service.seats(game_id) if s.player_id == player_id)
    base = current_app.config["PUBLIC_URL"] or request.host_url
    link = base.rstrip("/") + url_for("home.rejoin", token=seat.token)
    return render_template(
        "bank/seat_qr.html",
        game_id=game_id,
        state=state,
        player=player,
        svg=qr.svg(link),
        link=link,
    )
