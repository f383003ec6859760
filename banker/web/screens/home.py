"""The way in: the start page, a new game, joining from the QR code, taking a seat by its link."""

from __future__ import annotations

from flask import Blueprint, redirect, render_template, request, url_for
from werkzeug.exceptions import TooManyRequests

from banker.rules import GameState, InvalidCommand, Player, RuleError
from banker.rules.editions.check import InvalidEdition
from banker.rules.tally import tally
from banker.rules.text import Text
from banker.service.errors import Forbidden, NotFound
from banker.service.game_files import MAX_BYTES
from banker.service.seats import BANKER, SeatKey
from banker.web.http import seats, security
from banker.web.panels import new_game as new_game_choices
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
    return redirect(url_for("table.lobby", game_id=created.game.id), 303)


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
    return redirect(url_for("table.bank", game_id=created.game.id), 303)


@bp.get("/join")
def join_by_code():
    code = request.args.get("code", "").strip().upper()
    return redirect(url_for("home.join", code=code), 303) if code else redirect(url_for("home.index"))


@bp.get("/join/<code>")
def join(code: str):
    service = seats.service()
    with security.join_attempt():  # a wrong code counts towards the brake on guessing
        game = service.seats.game_for_join_code(code)
    state = service.state(game.id)
    if state.ended:
        return _game_over(game.id, state)
    claimed = {s.player_id for s in service.seats.of(game.id) if s.claimed}
    return render_template(
        "join/pick.html",
        game=game,
        state=state,
        claimed=claimed,
        mine=seats.token(game.id, "player"),
    )


@bp.post("/join/<code>")
def claim(code: str):
    service = seats.service()
    with security.join_attempt():
        game = service.seats.game_for_join_code(code)
    state = service.state(game.id)
    if state.ended:  # a code shown at the table stays valid, but an ended game seats nobody
        return _game_over(game.id, state), 409
    player = request.form.get("player", type=int)
    if player is None:
        raise NotFound(Text("Pick your name to join."))
    seat = service.claim_seat(game.id, player)
    seats.remember(seat)
    return redirect(url_for("table.screen", game_id=game.id), 303)


def _game_over(game_id: str, state: GameState) -> str:
    """An ended game's join code shows the final tally, read-only."""
    return render_template(
        "join/over.html",
        game_id=game_id,
        state=state,
        lines=tally(state),
        mine=seats.token(game_id, "player") or seats.token(game_id, "bank"),
    )


@bp.get("/seat/<token>")
def rejoin(token: str):
    """A seat link (the QR code the banker shows for a lost phone) asks before it takes the
    seat: opening a link must not swap the seat a phone holds."""
    seat = _seat_of_link(token)
    if seats.token(seat.game_id, seats.role(seat)) == token:
        return redirect(_screen_of(seat))
    state = seats.service().state(seat.game_id)
    return render_template(
        "join/seat.html",
        token=token,
        state=state,
        player=None if seat.player_id == BANKER else state.player(seat.player_id),
        replacing=_player_held(state, seat.game_id),
    )


def _player_held(state: GameState, game_id: str) -> Player | None:
    """The player this phone's seat in the game acts for, if it still seats anyone: the bank may
    have undone a late player's seating, and given the place to another under a new key."""
    try:
        held = seats.service().seats.seat(game_id, seats.token(game_id, "player"))
    except Forbidden:
        return None
    return next((p for p in state.players if p.id == held.player_id), None)


@bp.post("/seat/<token>")
def take_seat(token: str):
    seat = _seat_of_link(token)
    seats.remember(seat)
    return redirect(_screen_of(seat), 303)


def _seat_of_link(token: str) -> SeatKey:
    with security.join_attempt():  # a wrong link counts towards the brake on guessing
        return seats.service().seats.seat_by_token(token)


def _screen_of(seat: SeatKey) -> str:
    return url_for("table.bank" if seat.player_id == BANKER else "table.screen", game_id=seat.game_id)
