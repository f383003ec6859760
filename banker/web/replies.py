"""What a phone gets back: after its command ran, the toast saying what happened with the parts of
its screen that changed swapped in out of band; after a refusal, the same words in the shape the
asker reads (JSON for the API, a toast for htmx, else a page); a page that reads the same on every
phone (the tally, the history) around its own header."""

from __future__ import annotations

import time

from flask import Flask, current_app, g, jsonify, make_response, redirect, render_template, request, url_for
from flask_wtf.csrf import CSRFError
from markupsafe import Markup
from werkzeug.exceptions import HTTPException

from banker.extensions import htmx
from banker.rules import GameState, InvalidCommand, RuleError, describe_action, take_back_seconds
from banker.rules.receipts import Receipt, receipts, signed
from banker.rules.text import Text
from banker.rules.undo import headline
from banker.service.errors import Busy, Forbidden, NotFound
from banker.service.recorder import Result
from banker.store.db import FULL_DISK_LOGGED, OUT_OF_REACH_LOGGED, FaultLog, disk_full, out_of_reach
from banker.web import push
from banker.web.context import NoSeat, acting_player
from banker.web.http import game_files, i18n, seats
from banker.web.http.refusals import RETRY_SECONDS
from banker.web.panels import board, fragments

FULL_DISK = Text(
    "The bank cannot save anything: the server's disk is full. Nothing was changed. "
    "The host needs to free some space on it; then try again."
)
# the phone shows "Not sent" with Retry, which sends the same tap again: never applied twice
DATABASE_AWAY = Text("The bank cannot reach its saved games just now. Try again in a few seconds.")
HTTP_MESSAGES = {
    400: Text("That request was not understood. Reload the page and try again."),
    404: Text("There is no such page. Check the link."),
    405: Text("That cannot be done this way."),
    413: Text("That is too much to send at once."),
}


def done(game_id: str, result: Result, then_space: int | None = None, then_card: str = "", extra: str = ""):
    """After a command ran for `g.seat`: the toast saying what happened (on a player's phone, with
    Undo while they may take it back), the sheet closed (or the next deed's opened), any `extra`
    out-of-band fragment, and a nudge for its own live panel to refresh."""
    if not htmx:
        return redirect(url_for("bank.page" if g.view == "bank" else "player.page", game_id=game_id), 303)
    take_back = None
    moved: list[Receipt] = []
    player = g.seat.player_id if g.view == "player" else None
    lead = headline(result.state, result.events, player)  # "You went to jail"; the rest on a tap
    if player is None:
        message = describe_action(result.state, result.events)
    else:
        message = describe_action(result.state, result.events, you=player)  # "You paid Bob $90"
        seconds = take_back_seconds(result.state, player, result.seq, seats.service().clock())
        if seconds > 0:
            take_back = {"player": player, "seq": result.seq, "seconds": round(seconds, 1)}
        moved = receipts(result.state, result.events, player)
    net = sum(r.amount for r in moved)
    toast = render_template(
        "shared/_toast.html",
        message=message,
        ok=True,
        game_id=game_id,
        take_back=take_back,
        headline=lead,
        net=signed(result.state, net) if net else "",
        gain=net > 0,
    )
    if player is not None:  # the line under the balance, as a fresh page would read it (a take back too)
        latest = push.latest_receipt(game_id, result.state, player)
        if latest:
            toast += render_template("shared/_receipt.html", r=latest[0], ago=latest[1])
    response = current_app.make_response(
        toast + sheet(game_id, result.state, then_space, then_card, oob=True) + extra
    )
    response.headers["HX-Trigger"] = "bank-changed"
    return response


def sheet(game_id: str, state: GameState, position: int | None, card: str = "", oob: bool = False) -> str:
    """The space sheet: what a tap on `position` offers the player `g.acting` (none: closed)."""
    if position not in state.edition.space_at:  # closed: the same for every game (after each command)
        return fragments.once(("closed sheet", oob), lambda: render_template("board/_sheet.html", oob=oob))
    player = acting_player(state)
    # a building plan being changed (+ / -) comes back in the query
    offered = board.sheet(state, position, player, card, request.args.get("plan", ""), g.view == "bank")
    return render_template(
        "board/_sheet.html", game_id=game_id, view=g.view, state=state, sheet=offered, oob=oob
    )


def around(template: str, game_id: str, view: str, state: GameState, main: Markup) -> str:
    """A screen around its `main` part: the header with this phone's own tabs."""
    return render_template(
        template,
        game_id=game_id,
        view=view,
        state=state,
        main=main,
        has_bank=seats.token(game_id, "bank") is not None,
        has_player=seats.token(game_id, "player") is not None,
    )


def refusal(status: int, message: str, hint: str | None = None):
    """A refusal as each asker reads it: JSON for the API, a toast for htmx, else a page (which
    also shows the `hint`, if any)."""
    if request.path.startswith("/api/"):
        return jsonify(error=i18n.translate(message)), status
    if request.headers.get("HX-Request"):
        response = make_response(render_template("shared/_toast.html", message=message, ok=False), status)
        # a refusal is a toast whatever the request meant to replace: a sheet, the trade form or
        # the live panel swapped for it would stay gone, and every later tap on it fail, until reload.
        # A tap aimed at the toast already has it: named again, htmx looks for it from the button,
        # which a pushed update may have taken off the page meanwhile (two phones bidding at once:
        # the one outbid was told nothing)
        if request.headers.get("HX-Target") != "toast":
            response.headers["HX-Retarget"] = "#toast"
            response.headers["HX-Reswap"] = "outerHTML"
        return response
    return render_template("shared/error.html", message=message, hint=hint, status=status), status


def status_for(error: RuleError) -> int:
    """400 for a malformed request, 403 not yours, 404 no such thing, 503 busy (try again), 409 the
    rules refuse."""
    for kind, status in ((InvalidCommand, 400), (Forbidden, 403), (NotFound, 404), (Busy, 503)):
        if isinstance(error, kind):
            return status
    return 409


def register(app: Flask) -> None:
    """Every error any screen raises is answered as a refusal, never a bare 500."""

    @app.errorhandler(CSRFError)
    def csrf_failed(error: CSRFError):
        return refusal(400, Text("This page is out of date. Reload it and try again."))

    @app.errorhandler(RuleError)
    def refused(error: RuleError):
        seat = getattr(g, "seat", None)  # a phone's own player reads "You have…", not their name
        status = status_for(error)
        response = make_response(refusal(status, error.message_to(seat.player_id if seat else None)))
        if status == 503:  # busy: "try again in a few seconds", and when
            response.headers["Retry-After"] = str(RETRY_SECONDS)
        return response

    @app.errorhandler(NoSeat)
    def no_seat(error: NoSeat):
        return refusal(403, error.message, error.way_back)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        code = error.code or 500
        message = error.description
        if code == 413:
            message = game_files.too_large() or message
        if not isinstance(message, Text):  # werkzeug's own English words for the status
            message = HTTP_MESSAGES.get(code, Text("Sorry, that did not work. Nothing was changed."))
        response = make_response(refusal(code, message))
        if retry_after := getattr(error, "retry_after", None):  # when a limit's window closes
            response.headers["Retry-After"] = str(retry_after)
        return response

    clock = app.config.get("CLOCK") or time.monotonic
    full_disk_log = FaultLog(app.logger, clock, FULL_DISK_LOGGED)
    out_of_reach_log = FaultLog(app.logger, clock, OUT_OF_REACH_LOGGED)

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        if disk_full(error):  # reading goes on; every write fails until the host frees space
            full_disk_log.log(error)
            return refusal(507, FULL_DISK)
        if out_of_reach(error):  # e.g. PostgreSQL restarting: the pool reconnects once it is back
            out_of_reach_log.log(error)
            response = make_response(refusal(503, DATABASE_AWAY))
            response.headers["Retry-After"] = str(RETRY_SECONDS)
            return response
        app.logger.exception("unexpected error")
        return refusal(500, Text("Something went wrong in the bank. Nothing was changed; try again."))
