"""The web layer, in rooms: screens/ (the blueprints), panels/ (what each part of a screen shows,
from the game's state), http/ (what every request passes through: delivery, security, turns,
languages, the seat cookie), context.py (who is asking) and replies.py (what they get back)."""

from __future__ import annotations

from typing import Any

from flask import Flask, g, request
from flask.templating import Environment
from werkzeug.routing import IntegerConverter, UnicodeConverter

from banker.extensions import csrf
from banker.rules.inputs import MAX_DIGITS
from banker.store.models import KEY_LENGTH
from banker.web import panels, replies
from banker.web.http import delivery, game_files, i18n, refusals, security, streams, turns
from banker.web.screens import (
    api,
    app_shell,
    bank,
    display,
    editions,
    history,
    home,
    join,
    lobby,
    player,
    rules,
    table,
    tally,
    trade,
)


class WholeNumber(IntegerConverter):
    """`<int:...>` in a URL: werkzeug's own takes any number of digits, and int() refuses 4,300 of
    them with a crash; past MAX_DIGITS no page is found."""

    regex = f"[0-9]{{1,{MAX_DIGITS}}}"


class Name(UnicodeConverter):
    """`<...>` in a URL (a game's id, a join code, a seat's token, an edition's id): no page is
    found for what could be no one's key (see could_be_key): a control character, or too long.
    PostgreSQL refuses a text holding a NUL outright (a 500 for `/join/%00`)."""

    def __init__(self, map: Any) -> None:
        super().__init__(map)  # werkzeug's sets its regex from its length arguments
        self.regex = rf"[^/\x00-\x1f\x7f]{{1,{KEY_LENGTH}}}"


class Templates(Environment):
    """Flask's Jinja environment, whose templates hold their globals in a plain dict: every
    render copies its template's globals, and Jinja's own ChainMap over the environment's (some
    sixty: the panels' functions) is copied key by key in Python, most of a small fragment's
    time. Every global is set when the app is made, before any template is loaded."""

    def make_globals(self, d: Any) -> dict[str, Any]:
        return {**self.globals, **(d or {})}


class App(Flask):
    """Flask, with the templates' environment above, and the context processors' names (the
    request, the session, the language, the CSRF token's function) worked out once per request:
    they read the same for every template it renders, a live stream's every change included."""

    jinja_environment = Templates
    # a plain dict of the loaded templates (there are about a hundred): Jinja's default LRU of
    # 400 takes a lock and moves the template in a list on every render
    jinja_options = {**Flask.jinja_options, "cache_size": -1}

    def update_template_context(self, context: dict[str, Any]) -> None:
        if not request:
            return super().update_template_context(context)
        kept = g.get(TEMPLATE_CONTEXT)
        if kept is None:
            kept = {}
            super().update_template_context(kept)
            setattr(g, TEMPLATE_CONTEXT, kept)
        context.update({name: value for name, value in kept.items() if name not in context})


TEMPLATE_CONTEXT = "banker_template_context"  # in `g`, for the rest of the request


def register(app: Flask) -> None:
    app.url_map.converters["int"] = WholeNumber  # before any route is added
    app.url_map.converters["default"] = app.url_map.converters["string"] = Name
    delivery.register(app)  # first, so its after_request runs last: it compresses the final body
    # under `banker serve`: a command never waits behind pages being drawn (before security: its
    # join brake waits the way this says)
    turns.register(app)
    security.register(app)  # CSP and other headers, Secure cookies over HTTPS, the join brake
    i18n.register(app)  # the language of each screen, and Text translated on its way out
    # what `banker serve` turned away: too many connections, too slow
    refusals.register(app, replies.refusal)
    game_files.register(app)  # a game file may be larger than any other request
    streams.register(app)  # the live streams each game may hold
    app.register_blueprint(home.bp)
    app.register_blueprint(join.bp)
    app.register_blueprint(app_shell.bp)
    app.register_blueprint(table.bp)
    app.register_blueprint(player.bp)
    app.register_blueprint(bank.bp)
    app.register_blueprint(lobby.bp)
    app.register_blueprint(rules.bp)
    app.register_blueprint(display.bp)
    app.register_blueprint(trade.bp)
    app.register_blueprint(tally.bp)
    app.register_blueprint(history.bp)
    app.register_blueprint(editions.bp)
    app.register_blueprint(api.bp)
    csrf.exempt(api.bp)  # the API authenticates with bearer tokens, never cookies
    panels.register(app)  # the functions the templates call
    replies.register(app)  # every error answered as a refusal, in the asker's shape
