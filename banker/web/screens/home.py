"""The way in: the start page, a new game, a game resumed from its file."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.exceptions import TooManyRequests

from banker.rules import InvalidCommand, RuleError
from banker.rules.editions.check import InvalidEdition
from banker.rules.text import Text
from banker.service.errors import NotFound
from banker.service.game_files import MAX_BYTES
from banker.web.http import seats, security
from banker.web.panels import home as new_game_choices
from banker.web.panels.pieces import PIECES

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    games = []
    for game_id in seats.my_games():
        try:
            games.append((game_id, seats.service().state(game_id)))
        except NotFound:
            continue
    return render_template("home/index.html", games=games)


@bp.get("/new")
def new_game():
    return _new_game_form({}, None)


def _new_game_form(form, error: str | None, import_error: str | None = None) -> str:
    return render_template(
        "home/new.html",
        presets=new_game_choices.PRESETS,
        jackpots=new_game_choices.JACKPOTS,
        switches=new_game_choices.SWITCHES,
        amounts=new_game_choices.AMOUNTS,
        timed_minutes=new_game_choices.TIMED_DEFAULT_MINUTES,
        editions=new_game_choices.EDITIONS,
        money=new_game_choices.money_choices(),
        pieces=PIECES,
        form=form,
        error=error,
        import_error=import_error,
    )


@bp.post("/new")
def create_game():
    names = request.form.getlist("name")
    pieces = request.form.getlist("piece")
    service = seats.service()
    try:
        with security.new_game():
            created = service.create_game(
                names=names,
                preset=request.form.get("preset", "classic"),
                edition=new_game_choices.edition_from_form(request.form, request.files),
                options=new_game_choices.options_from_form(request.form, service.clock()),
                tokens=[p for n, p in zip(names, pieces, strict=False) if n.strip()],
            )
    except TooManyRequests as refusal:
        return _new_game_form(request.form, refusal.description), 429
    except InvalidEdition as error:
        refusal = Text("That edition file cannot be played. %(why)s", why=error.message)
        return _new_game_form(request.form, refusal), 400
    except RuleError as error:
        return _new_game_form(request.form, error.message), 400
    seats.remember(created.banker)
    return redirect(url_for("lobby.page", game_id=created.game.id), 303)


@bp.post("/import")
def import_game():
    """A game file uploaded as a new game here; this browser takes its bank seat."""
    upload = request.files.get("game_file")
    try:
        if upload is None or not upload.filename:
            raise InvalidCommand(Text("Choose the game's file: the one the bank screen downloads."))
        with security.new_game():
            created = seats.service().import_game(upload.read(MAX_BYTES + 1))
    except TooManyRequests as refusal:
        return _new_game_form({}, None, refusal.description), 429
    except RuleError as error:
        return _new_game_form({}, None, error.message), 400
    seats.remember(created.banker)
    return redirect(url_for("bank.page", game_id=created.game.id), 303)
