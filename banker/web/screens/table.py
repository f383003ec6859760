"""What every screen of a running game shares: what it is drawn from (`screen_context`), the live
stream that pushes every change to every phone, the live part whole for a phone whose stream is
down, the sheet a tap on the board opens, a command sent, paying with property, and the board as
a file."""

from __future__ import annotations

import itertools
import json
import time
from collections.abc import Iterator
from functools import partial

from flask import (
    Blueprint,
    Response,
    current_app,
    g,
    render_template,
    request,
    stream_with_context,
    url_for,
)
from markupsafe import Markup

from banker.rules import GameState, undo_preview
from banker.rules.board import edition_to_json
from banker.rules.errors import InvalidCommand
from banker.rules.game import MAX_PLAYERS
from banker.rules.inputs import escaped
from banker.rules.text import Text
from banker.service.errors import Forbidden, NotFound
from banker.service.seats import BANKER
from banker.web import push, replies
from banker.web.context import VIEWS, acting_player, seat_required, seated, tap_id
from banker.web.http import seats, streams, turns
from banker.web.http.i18n import lang
from banker.web.panels import fragments, history
from banker.web.panels.money import property_payment as property_payment_panel
from banker.web.panels.pieces import PIECES
from banker.web.panels.tally import ending

bp = Blueprint("table", __name__, url_prefix="/g/<game_id>")
IN_TURN = 8  # changes a stream behind is brought through one by one
WHOLE_FRESH = 0.25  # s: streams share a screen drawn whole this recently (its "just now" stays so)
WRITE_COUNTED = 0.001  # s of a message's write counted as its game's work (a write takes 0.05 ms)
# a phone's seat gone (a new QR code made for it, a late seating undone, its game deleted): the page
# closes its stream on this (its body's sse-close) and loads itself again, to the refusal that says why
CUT_OFF = "event: off\ndata: off\n\n"
BUSY_STREAMS = Text(
    "This game has as many live screens open as it can hold; this one checks for changes instead."
)


def screen_context(game_id: str, state: GameState | None = None) -> dict:
    """What every screen of a running game draws from, for `g.seat` and `g.view`."""
    service = seats.service()
    state = state or service.state(game_id)
    view = g.view
    return {
        "game_id": game_id,
        "view": view,
        "state": state,
        "me": seated(state, g.seat.player_id) if g.seat.player_id > BANKER else None,
        "has_bank": seats.token(game_id, "bank") is not None,
        "has_player": seats.token(game_id, "player") is not None,
        "history": history.lines(game_id, state),
        "undo": undo_preview(state),
        # only the bank and the lobby show who has joined: other screens skip the query (a late
        # player's place whose seating was undone keeps its row, and is nobody's)
        "joined": (
            {s.player_id for s in service.seats.of(game_id) if s.claimed and state.has_player(s.player_id)}
            if view in ("bank", "lobby")
            else set()
        ),
        "join_url": join_url(game_id),
        "now": service.clock(),
        # the line under a player's balance, worked out only where a wallet is drawn
        "receipt": partial(push.latest_receipt, game_id, state, g.seat.player_id),
        **(_seating(state) if view == "bank" else {}),
        **(ending(game_id, state) if state.ended else {}),
    }


def _seating(state: GameState) -> dict:
    """The bank's players: the one it acted for last on this device (static/js/table.js keeps it
    in a cookie), and what seating a player offers."""
    in_play = [p for p in state.players if not p.bankrupt] or state.players
    chosen = request.cookies.get("acting", type=int)
    acting = next((p for p in in_play if p.id == chosen), in_play[0])
    acting_name = Markup("<b data-acting-name>%s</b>") % acting.name  # on every button it acts with
    return {"acting": acting, "acting_name": acting_name, "pieces": PIECES, "max_players": MAX_PLAYERS}


def join_url(game_id: str) -> str:
    code = seats.service().seats.join_code(game_id)
    base = current_app.config["PUBLIC_URL"] or request.host_url
    return base.rstrip("/") + url_for("join.pick", code=code)


@bp.get("/edition.json")
@seat_required("any")
def edition_file(game_id: str):
    """This game's board as an edition file, for any seat: import it to play the same board."""
    edition = edition_to_json(seats.service().state(game_id).edition)
    return Response(
        json.dumps(edition, indent=2, ensure_ascii=False) + "\n",
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="banker-{game_id}-edition.json"'},
    )


@bp.get("/live")
@seat_required(views=VIEWS)
def live(game_id: str):
    """The whole changing part of a screen, for a phone whose live stream is down; 204 (nothing
    to swap) when the phone is up to date, told without reading the game when it changed lately."""
    known = sent_seq(request.args.get("seq"))
    state = moved_on(game_id, known)
    if state is None:
        return "", 204
    body = _whole_screen(game_id, state)
    if known is not None:
        body += push.news_since(game_id, known, state, g.seat)
    response = current_app.make_response(body)
    response.headers["Vary"] = "HX-Request"
    return response


def moved_on(game_id: str, known: int | None) -> GameState | None:
    """The game as it stands, or None when the screen polling for it shows that already (`known`,
    the seq it shows): told without reading the game when it changed lately."""
    service = seats.service()
    if known is not None and service.still_at(game_id, known):
        return None
    state = service.state(game_id)
    return None if state.seq == known else state


def _whole_screen(game_id: str, state: GameState, pushed: bool = False) -> Markup:
    """Every changing part of `g.view` at `state`: the live panel and, out of band, the rest."""
    return Markup(
        render_template(f"{g.view}/_live.html", oob=True, pushed=pushed, **screen_context(game_id, state))
    )


@bp.get("/space/<int(signed=True):position>")
@seat_required()
def space(game_id: str, position: int):
    """What a tap on a board space offers the acting player (-1 closes the sheet)."""
    return replies.sheet(game_id, seats.service().state(game_id), position)


@bp.get("/pay-with-property")
@seat_required()
def property_payment(game_id: str):
    """The debt panel's screen for paying with property, with the deeds ticked so far; closed, the
    button that opens it; with nothing to pay, its empty place."""
    state = seats.service().state(game_id)
    player = acting_player(state)
    chosen = [int(p) for p in request.args.getlist("deeds") if p.isascii() and p.isdecimal() and len(p) < 4]
    payment = None
    if not request.args.get("close"):
        payment = property_payment_panel(state, player, chosen, request.args.get("to", type=int))
        if payment is None:
            return f'<div id="property-{player.id}"></div>'
    return render_template(
        "money/_property_payment.html", game_id=game_id, view=g.view, state=state, p=payment, who=player
    )


@bp.post("/do")
@seat_required()
def do(game_id: str):
    """Run the command a form or button sent, for this browser's seat."""
    if twice := next((k for k, values in request.form.lists() if len(values) > 1), None):
        # as the API's JSON: which of the two would count is no rule of ours to guess
        raise InvalidCommand(
            Text('The form names "%(name)s" twice: give each name once.', name=escaped(twice[:40]))
        )
    payload = {k: v for k, v in request.form.items() if k not in ("csrf_token", "view", "request_id")}
    result = seats.service().run(game_id, g.seat.token, payload, tap_id())
    # a card that sends the piece to a deed opens that deed next; anything else closes the sheet
    then_space = request.form.get("then_space", type=int)
    return replies.done(game_id, result, then_space, request.form.get("then_card", ""))


@bp.get("/stream")
@seat_required("any", views=VIEWS)
def stream(game_id: str):
    """Server-Sent Events: after every change, one `update` whose id is the new seq, carrying the
    out-of-band swaps that bring this screen up to it (banker/web/push.py). A phone that comes
    back behind (its Last-Event-ID, else the seq its page was drawn at) is first brought through
    what it missed, or given its screen whole when that is too much.

    Every stream of a game that shows the same screen (the same seat, view and language) is sent
    the same bytes, drawn once for all of them: a change costs each further stream a lookup."""
    service = seats.service()
    known = sent_seq(request.headers.get("Last-Event-ID")) or sent_seq(request.args.get("seq")) or 0
    lifetime = current_app.config["STREAM_SECONDS"]
    keepalive = current_app.config["STREAM_KEEPALIVE_SECONDS"]
    seat, view = g.seat, g.view
    if seat.player_id > BANKER:  # a late seating undone: 403, and the page stops asking
        seated(service.state(game_id), seat.player_id)
    shown_as = _shown_as(game_id)
    slots = streams.slots()
    if not slots.take(game_id):
        refused = current_app.make_response(replies.refusal(503, BUSY_STREAMS))
        refused.headers["Retry-After"] = "5"
        return refused

    def catch_up(shown: int, now: GameState) -> Iterator[tuple[GameState, str]]:
        """From the screen at seq `shown` to `now`: a few changes each in turn, so no balance is
        skipped; more, all of them in one message (its news and the money that came meanwhile),
        as a phone back from its pocket reads them; the display (each change's money flies and
        is spoken) or a state no longer held, the screen whole."""
        chain = service.states.states_from(game_id, shown)
        if chain is not None and len(chain) > IN_TURN + 1:
            chain = None if view == "display" else [chain[0], chain[-1]]
        if chain is None:
            # the streams of one screen fall behind together (a game changing faster than they
            # are written to): each drawing it whole, some 4 ms, a game's 2,000 streams (its cap
            # lifted) fell 8 s behind a script's payments; drawn once for them, 2 s
            moment = int(service.clock() / WHOLE_FRESH)
            whole = ("whole", game_id, now.seq, moment, *shown_as)
            screen = fragments.once(
                whole, lambda: _one_line(_whole_screen(game_id, now, pushed=True)), fragments.SCREENS
            )
            news = fragments.once(
                ("news", game_id, shown, now.seq, *shown_as),
                lambda: push.news_since(game_id, shown, now, seat) if shown else "",
            )
            yield now, _update(now.seq, f"{screen}{news}")  # as text: `screen + news` escapes it
            return
        for before, after in itertools.pairwise(chain):
            key = ("pushed", game_id, before.seq, after.seq, *shown_as)
            yield after, fragments.once(key, partial(changed, before, after))

    def changed(before: GameState, after: GameState) -> str:
        return _update(after.seq, push.message(game_id, before, after, view, seat, _drawing(game_id)))

    def last_word(shown: int) -> str | None:
        """What this screen is sent last when what it was opened with is gone since it connected:
        the bank turned off the table display's link, made a new QR code for the seat, or gave a
        late player's place to another; or the game was deleted (pruned). None while it stands."""
        try:
            if view == "display":
                service.seats.display(game_id, seat.token)
            else:
                service.seats.seat(game_id, seat.token)
        except Forbidden:  # a display says why on its screen, across the table from any phone
            return _update(shown, render_template("display/_off.html")) if view == "display" else CUT_OFF
        except NotFound:
            return CUT_OFF
        return None

    def events():
        yield "retry: 1000\n\n"
        shown = known
        deadline = time.monotonic() + lifetime
        now = service.state(game_id)
        behind = now.seq != shown  # a seq from the future is a page of another database
        while True:
            if behind:
                spent, began = 0.0, service.shares.clock()
                for state, message in catch_up(shown, now):
                    shown = state.seq
                    drawn = service.shares.clock()
                    yield message
                    # its write counts too, as long as a write takes: a phone that reads slowly
                    # holds it far longer, while the server serves everyone else
                    written = service.shares.clock()
                    spent += drawn - began + min(written - drawn, WRITE_COUNTED)
                    began = written
                service.shares.add(game_id, spent)
            if time.monotonic() >= deadline:
                return
            announced = service.broker.wait(game_id, shown, keepalive)
            if (word := last_word(shown)) is not None:  # it shows nothing more, and says why
                yield word
                return
            behind = announced > shown
            if behind:
                turns.push_in_turn(game_id)
                if view == "display":  # a screen across the table: the phones in hand go first
                    turns.last_in_line()
                now = service.state_at(game_id, announced)
                if seat.player_id > BANKER and not now.has_player(seat.player_id):
                    yield CUT_OFF  # a late seating undone
                    return
            else:
                yield ": keepalive\n\n"

    response = Response(
        stream_with_context(events()),
        mimetype="text/event-stream",
        headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
    )
    # when the stream ends, or is dropped before it began
    response.call_on_close(partial(slots.give_back, game_id))
    return response


def _shown_as(game_id: str) -> tuple:
    """What a screen's drawing reads of the request besides the game (see `screen_context`): the
    view, the seat and the player it acts for, the language, which seats of the game this browser
    holds, the bank's chosen player. Streams alike in these are sent the same bytes."""
    held = (seats.token(game_id, "bank") is not None, seats.token(game_id, "player") is not None)
    return (g.view, g.seat.player_id, g.acting, lang(), *held, request.cookies.get("acting"))


def _drawing(game_id: str):
    return lambda state: screen_context(game_id, state)


def _update(seq: int, html: str) -> str:
    """One SSE message, its html on one data line."""
    data = _one_line(html)
    # a message without data is not delivered to the page, which would not learn its seq
    return f"id: {seq}\nevent: update\ndata:{' ' if data else ''}{data}\n\n"


def _one_line(html: str) -> str:
    """`html` on one line: a line break is a space to HTML (no pushed part holds a <pre> or a
    <textarea>), and each further data line of a message would cost its prefix again."""
    # as plain text: Markup's strip() makes every line a new Markup
    return " ".join(line.strip() for line in str(html).splitlines() if line.strip())


def sent_seq(value: str | None) -> int | None:
    """A seq a phone sends back (its Last-Event-ID, the page's query): digits a game could reach, or
    none. "²" is a digit to `isdigit` that `int` cannot read, and 20 digits overflow the database."""
    return int(value) if value and value.isascii() and value.isdecimal() and len(value) < 12 else None
