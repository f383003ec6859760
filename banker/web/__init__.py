"""The web layer: blueprints by screen, plus the error pages every screen shares."""

from __future__ import annotations

import time

from flask import Flask, jsonify, make_response, render_template, request
from flask_wtf.csrf import CSRFError
from werkzeug.exceptions import HTTPException
from werkzeug.routing import IntegerConverter

from banker.db import FullDiskLog, disk_full
from banker.extensions import csrf
from banker.rules import InvalidCommand, RuleError
from banker.rules.inputs import MAX_DIGITS
from banker.rules.money import salary
from banker.rules.text import Text
from banker.service import Forbidden, NotFound
from banker.web import (
    amounts,
    api,
    app_shell,
    auction_panel,
    board_map,
    debt_panel,
    delivery,
    endgame,
    home,
    i18n,
    new_game,
    offers,
    pieces,
    refusals,
    rule_systems,
    rules_page,
    seats,
    security,
    table,
    trade_panel,
    trading,
    turns,
)


class WholeNumber(IntegerConverter):
    """`<int:...>` in a URL: werkzeug's own takes any number of digits, and int() refuses 4,300 of
    them with a crash; past MAX_DIGITS no page is found."""

    regex = f"[0-9]{{1,{MAX_DIGITS}}}"


def register(app: Flask) -> None:
    app.url_map.converters["int"] = WholeNumber  # before any route is added
    delivery.register(app)  # first, so its after_request runs last: it compresses the final body
    # under `banker serve`: a command never waits behind pages being drawn (before security: its
    # join brake waits the way this says)
    turns.register(app)
    security.register(app)  # CSP and other headers, Secure cookies over HTTPS, the join brake
    i18n.register(app)  # the language of each screen, and Text translated on its way out
    refusals.register(app, _error)  # what `banker serve` turned away: too many connections, too slow
    app.register_blueprint(home.bp)
    app.register_blueprint(app_shell.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(trading.bp)
    app.register_blueprint(endgame.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # the API authenticates with bearer tokens, never cookies
    app.jinja_env.globals.update(
        group_colours=offers.GROUP_COLOURS,
        light_groups=offers.LIGHT_GROUPS,
        group_of=offers.group_of,
        short_name=offers.short_name,
        tile_language=offers.tile_language,
        amount_field=amounts.amount_field,
        board_spaces=board_map.board_spaces,
        jail_offers=offers.jail_offers,
        owned_by=offers.owned_by,
        rent_now=offers.rent_now,
        auction_panel=auction_panel.panel,
        debt_panel=debt_panel.debt_panel,
        creditor_lines=debt_panel.creditor_lines,
        settle_offer=offers.settle_offer,
        open_trades=trade_panel.open_trades,
        deck_name=trade_panel.deck_name,
        rules_badge=new_game.rules_badge,
        rule_sections=rules_page.rule_sections,
        time_left=seats.time_left,
        market_panel=rule_systems.market_panel,
        token_level=rule_systems.token_level,
        salary=salary,
        looks=pieces.looks,
    )

    @app.errorhandler(CSRFError)
    def csrf_failed(error: CSRFError):
        return _error(400, Text("This page is out of date. Reload it and try again."))

    @app.errorhandler(RuleError)
    def refused(error: RuleError):
        return _error(status_for(error), error.message)

    @app.errorhandler(table.NoSeat)
    def no_seat(error: table.NoSeat):
        return _error(403, error.message, error.way_back)

    @app.errorhandler(HTTPException)
    def http_error(error: HTTPException):
        code = error.code or 500
        message = error.description
        if not isinstance(message, Text):  # werkzeug's own English words for the status
            message = HTTP_MESSAGES.get(code, Text("Sorry, that did not work. Nothing was changed."))
        return _error(code, message)

    full_disk_log = FullDiskLog(app.logger, app.config.get("CLOCK") or time.monotonic)

    @app.errorhandler(Exception)
    def unexpected(error: Exception):
        if disk_full(error):  # reading goes on; every write fails until the host frees space
            full_disk_log.log(error)
            return _error(507, FULL_DISK)
        app.logger.exception("unexpected error")
        return _error(500, Text("Something went wrong in the bank. Nothing was changed; try again."))


FULL_DISK = Text(
    "The bank cannot save anything: the server's disk is full. Nothing was changed. "
    "The host needs to free some space on it; then try again."
)
HTTP_MESSAGES = {
    400: Text("That request was not understood. Reload the page and try again."),
    404: Text("There is no such page. Check the link."),
    405: Text("That cannot be done this way."),
    413: Text("That is too much to send at once."),
}


def _error(status: int, message: str, hint: str | None = None):
    """A refusal as each asker reads it: JSON for the API, a toast for htmx, else a page (which
    also shows the `hint`, if any)."""
    if request.path.startswith("/api/"):
        return jsonify(error=i18n.translate(message)), status
    if request.headers.get("HX-Request"):
        response = make_response(render_template("shared/_toast.html", message=message, ok=False), status)
        # a refusal is a toast whatever the request meant to replace: a sheet, the trade form or
        # the live panel swapped for it would stay gone, and every later tap on it fail, until reload
        response.headers["HX-Retarget"] = "#toast"
        response.headers["HX-Reswap"] = "outerHTML"
        return response
    return render_template("shared/error.html", message=message, hint=hint, status=status), status


def status_for(error: RuleError) -> int:
    """400 for a malformed request, 403 not yours, 404 no such thing, 409 the rules refuse."""
    for kind, status in ((InvalidCommand, 400), (Forbidden, 403), (NotFound, 404)):
        if isinstance(error, kind):
            return status
    return 409
