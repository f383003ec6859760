"""The table display: a screen for the middle of the table or the wall (a laptop, a tablet, a
TV's browser) that shows the game and can never act. It needs no seat, only the key of the
display link the bank makes (and can turn off, or replace) on its own page."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from banker import qr
from banker.rules.errors import InvalidCommand
from banker.rules.text import Text
from banker.service.errors import Forbidden, NotFound
from banker.web.context import seat_required
from banker.web.http import seats, security
from banker.web.http.i18n import COOKIE, LANGUAGES, YEAR
from banker.web.screens.table import screen_context

bp = Blueprint("display", __name__, url_prefix="/g/<game_id>")


@bp.get("/display")
@seat_required(views=("display",))
def screen(game_id: str):
    return render_template("display/page.html", **screen_context(game_id))


@bp.get("/display/<token>")
def open_link(game_id: str, token: str):
    """The display link: this browser keeps its key, and shows the display (in the language the
    link names, `?lang=ko`, else its own)."""
    with security.join_attempt():  # a wrong key counts towards the brake on guessing
        try:
            display = seats.service().seats.display(game_id, token)
        except Forbidden:
            raise NotFound(
                Text("This table display link is not valid. Ask the banker for the display's QR code.")
            ) from None
    seats.remember(display)
    response = redirect(url_for("display.screen", game_id=game_id))
    chosen = request.args.get("lang")
    if chosen in LANGUAGES:
        response.set_cookie(COOKIE, chosen, max_age=YEAR, samesite="Lax", httponly=True)
    return response


@bp.get("/display-link")
@seat_required("bank")
def link(game_id: str):
    """The bank's page of the display link: its QR code, a new link, or none."""
    service = seats.service()
    token = service.seats.display_link(game_id)
    url = _link_url(game_id, token) if token else None
    return render_template(
        "display/link.html",
        game_id=game_id,
        state=service.state(game_id),
        link=url,
        svg=qr.svg(url) if url else None,
    )


@bp.post("/display-link")
@seat_required("bank")
def change_link(game_id: str):
    """A new link (the old one stops working), or none: every display of the game goes dark."""
    service = seats.service()
    wanted = request.form.get("link")
    if wanted == "off":
        service.seats.revoke_display_link(game_id)
    elif wanted == "new":
        service.seats.new_display_link(game_id)
    else:  # a new link turns every open display off: never made by a form that did not ask for one
        raise InvalidCommand(Text("Choose to make a new display link or to turn it off."))
    # the game's streams look at their seats again now, not at their next keepalive
    service.broker.publish(game_id, service.state(game_id).seq)
    return redirect(url_for("display.link", game_id=game_id), 303)


def _link_url(game_id: str, token: str) -> str:
    base = current_app.config["PUBLIC_URL"] or request.host_url
    return base.rstrip("/") + url_for("display.open_link", game_id=game_id, token=token)
