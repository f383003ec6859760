"""Joining a game: from its QR code or join code, by picking your name, or taking a seat back by
its link."""

from __future__ import annotations

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from banker.extensions import htmx
from banker.rules import GameState, Player, RuleError
from banker.rules.tally import tally
from banker.rules.text import Text
from banker.service.errors import Forbidden, NotFound
from banker.service.seats import BANKER, GameInfo, SeatInfo, SeatKey, typed_code
from banker.web.http import seats, security
from banker.web.replies import status_for
from banker.web.screens.table import moved_on, sent_seq

bp = Blueprint("join", __name__)


@bp.get("/join")
def by_code():
    """The code typed on the start screen (`typed_code`: a slash or a stray character is no
    page's address)."""
    code = typed_code(request.args.get("code", ""))
    return redirect(url_for("join.pick", code=code), 303) if code else redirect(url_for("home.index"))


@bp.get("/join/<code>")
def pick(code: str):
    """The names to tap. The page polls for them (htmx, with the seq they show) as a screen whose
    live stream is down does, so a player the bank seats meanwhile shows up: the names alone once
    the game moved on, else nothing to swap."""
    service = seats.service()
    with security.join_attempt():  # a wrong code counts towards the brake on guessing
        game = service.seats.game_for_join_code(code)
    state = moved_on(game.id, sent_seq(request.args.get("seq")) if htmx else None)
    if state is None:
        answer = current_app.make_response(("", 204))
    elif state.ended and htmx:
        answer = current_app.make_response(("", 200, {"HX-Refresh": "true"}))  # the page: the tally
    elif state.ended:
        answer = current_app.make_response(_game_over(game.id, state))
    elif not htmx and (lost := _seat_never_heard(game.id, state)) is not None:
        seats.remember(lost)
        answer = redirect(url_for("player.page", game_id=game.id))
    else:
        answer = current_app.make_response(
            _names(code, game, state, "join/_live.html" if htmx else "join/pick.html")
        )
    answer.headers["Vary"] = "HX-Request"
    return answer


def _names(code: str, game: GameInfo, state: GameState, template: str, refusal: str | None = None) -> str:
    """The names to tap, each marked when a phone holds it already."""
    claimed = {s.player_id for s in seats.service().seats.of(game.id) if s.claimed}
    return render_template(
        template,
        code=code,
        game=game,
        state=state,
        claimed=claimed,
        held=_player_held(state, game.id),
        refusal=refusal,
    )


@bp.post("/join/<code>")
def claim(code: str):
    service = seats.service()
    with security.join_attempt():
        game = service.seats.game_for_join_code(code)
    state = service.state(game.id)
    if state.ended:  # a code shown at the table stays valid, but an ended game seats nobody
        return _game_over(game.id, state), 409
    try:
        seat = _claimed(game.id, state, request.form.get("player", type=int))
    except RuleError as refused:  # a name taken meanwhile: the others are still there to tap
        return _names(code, game, state, "join/pick.html", refused.message), status_for(refused)
    seats.remember(seat)
    return redirect(url_for("player.page", game_id=game.id), 303)


def _claimed(game_id: str, state: GameState, player: int | None) -> SeatInfo:
    if player is None:
        raise NotFound(Text("Pick your name to join."))
    held = _player_held(state, game_id)
    if held is not None and held.id != player:  # its own seat would be left with no phone
        raise RuleError(
            Text(
                "This phone is %(player)s's wallet: %(other)s joins on a phone of their own.",
                player=held.name,
                other=state.player(player).name,
            )
        )
    return seats.service().claim_seat(game_id, player, seats.phone())


def _seat_never_heard(game_id: str, state: GameState) -> SeatInfo | None:
    """The seat this phone took on the join screen without hearing the answer, if it holds none."""
    phone = seats.phone()
    if phone is None or _player_held(state, game_id) is not None:
        return None
    return seats.service().seat_joined_by(game_id, phone)


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
    with security.join_attempt():
        seat = seats.service().seat_by_link(token)
    seats.remember(seat)
    return redirect(_screen_of(seat), 303)


def _seat_of_link(token: str) -> SeatKey:
    with security.join_attempt():  # a wrong link counts towards the brake on guessing
        return seats.service().seats.seat_by_token(token)


def _screen_of(seat: SeatKey) -> str:
    return url_for("bank.page" if seat.player_id == BANKER else "player.page", game_id=seat.game_id)
