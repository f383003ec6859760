"""The way in: the start page, a new game, a game resumed from its file."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.datastructures import MultiDict
from werkzeug.exceptions import TooManyRequests

from banker.rules import InvalidCommand, RuleError
from banker.rules.editions.check import InvalidEdition
from banker.rules.editions.draft import DRAFTS
from banker.rules.text import Text
from banker.service.editions import EditionIncomplete, EditionInfo
from banker.service.errors import NotFound
from banker.service.game_files import MAX_BYTES
from banker.web import replies
from banker.web.http import editions as kept_editions
from banker.web.http import seats, security
from banker.web.http.game_files import TOO_LARGE
from banker.web.http.security import ServerFull
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
    """The New game form; `edition` ticks that board (the editor's "Start a game on it")."""
    edition = request.args.get("edition", "")
    return _new_game_form(MultiDict({"edition": edition}) if edition else {}, None)


def _new_game_form(form, error: str | None, import_error: str | None = None) -> str:
    return render_template(
        "home/new.html",
        presets=new_game_choices.PRESETS,
        jackpots=new_game_choices.JACKPOTS,
        switches=new_game_choices.SWITCHES,
        amounts=new_game_choices.AMOUNTS,
        house_rules=bool(form) and new_game_choices.house_rules_set(form),
        timed_minutes=new_game_choices.TIMED_DEFAULT_MINUTES,
        editions=new_game_choices.EDITIONS,
        saved=seats.service().editions.some(_listed(form.get("edition", "") if form else "")),
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
        edition = new_game_choices.edition_from_form(request.form, request.files)
        if isinstance(edition, str) and edition in DRAFTS:  # figures no source gives: typed in first
            return _edit_first(_draft_copy(edition), started_from=edition)
        with security.new_game():
            created = service.create_game(
                names=names,
                preset=request.form.get("preset", "classic"),
                edition=edition,
                options=new_game_choices.options_from_form(request.form, service.clock()),
                tokens=[p for n, p in zip(names, pieces, strict=False) if n.strip()],
            )
    except EditionIncomplete as incomplete:
        return _edit_first(incomplete.edition)
    except (TooManyRequests, ServerFull) as refusal:
        return _new_game_form(request.form, refusal.description), refusal.code
    except InvalidEdition as error:
        refusal = Text("That edition file cannot be played. %(why)s", why=error.message)
        return _new_game_form(request.form, refusal), 400
    except RuleError as error:
        return _new_game_form(request.form, error.message), 400
    seats.remember(created.banker)
    kept_editions.started()
    return redirect(url_for("lobby.page", game_id=created.game.id), 303)


def _listed(chosen: str) -> list[str]:
    """The saved editions New game offers: this browser's, and the one a link to it chose (the
    editor's "Start a game on it", opened on another phone)."""
    held = kept_editions.held()
    return held if not chosen or chosen in held else [chosen, *held]


def _draft_copy(draft_id: str) -> EditionInfo:
    """This browser's copy of a built-in draft for the new game waiting: the one it is typing
    into already, else a new one."""
    service = seats.service()
    waiting = kept_editions.waiting(started_from=draft_id)
    mine = service.editions.find(waiting["edition"]) if waiting else None
    if mine is not None and not mine.complete:
        return mine
    return service.editions.start(draft_id, security.client_address())


def _edit_first(edition: EditionInfo, started_from: str = ""):
    """The editor on a board with figures still blank; the new game waits for them."""
    kept_editions.remember(edition.id)
    kept_editions.wait_for(edition.id, request.form, started_from)
    return redirect(url_for("editions.overview", edition_id=edition.id), 303)


@bp.get("/game-file-too-large")
def game_file_too_large():
    """The page a proxy in front shows for a file past its own bound (docs/nginx.conf): Banker's
    words in the phone's language, not the proxy's English page."""
    return replies.refusal(413, TOO_LARGE)


@bp.post("/import")
def import_game():
    """A game file uploaded as a new game here; this browser takes its bank seat."""
    upload = request.files.get("game_file")
    try:
        if upload is None or not upload.filename:
            raise InvalidCommand(Text("Choose the game's file: the one the bank screen downloads."))
        raw = upload.read(MAX_BYTES + 1)
        with security.new_game(len(raw)):
            created = seats.service().import_game(raw)
    except (TooManyRequests, ServerFull) as refusal:
        return _new_game_form({}, None, refusal.description), refusal.code
    except RuleError as error:
        return _new_game_form({}, None, error.message), 400
    seats.remember(created.banker)
    return redirect(url_for("bank.page", game_id=created.game.id), 303)
