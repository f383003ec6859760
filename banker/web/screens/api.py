"""The JSON API: the same commands and state as the screens, for bots, tests and tools.

It speaks to programs: names, reasons and history lines come in English (the events also carry
each reason's message id and parameters under `texts`), and only an error message is given in
the language the request's Accept-Language asks for, when it is one of the screens' (Korean,
Japanese); a request without one reads English. A browser's cookie choice does not apply here."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request, url_for

from banker.json_input import read_json
from banker.rules import GameState, InvalidCommand
from banker.rules.auctions import least_bid
from banker.rules.board import edition_to_json
from banker.rules.dice import named, total
from banker.rules.editions import EDITIONS, custom_edition, load_edition
from banker.rules.editions.draft import DRAFTS, Refused, built_in_draft, edit
from banker.rules.seating import PlayerAdded
from banker.rules.state import Roll, TradeSide
from banker.rules.tally import tally
from banker.rules.text import Text
from banker.service.editions import EditionInfo
from banker.service.errors import Forbidden
from banker.service.seats import BANKER, NewGame
from banker.web.http import game_files, i18n, seats, security, turns
from banker.web.panels import history

bp = Blueprint("api", __name__, url_prefix="/api")


def _body() -> dict[str, Any]:
    body = read_json(request.get_data(), Text("The request")) if request.is_json else None
    if not isinstance(body, dict):
        raise InvalidCommand(Text("Send a JSON object (Content-Type: application/json)."))
    return body


def _bearer() -> str | None:
    header = request.headers.get("Authorization", "")
    kind, _, token = header.partition(" ")
    return token.strip() if kind.lower() == "bearer" and token.strip() else None


@bp.post("/games")
def create_game():
    body = _body()
    with security.new_game():
        created = seats.service().create_game(
            names=body.get("players"),
            preset=body.get("preset", "classic"),
            edition=body.get("edition", "us"),
            options=body.get("options"),
            tokens=body.get("tokens"),
        )
    return _created(created)


@bp.post("/games/import")
def import_game():
    """A game file (the export's body) as a new game here: new id, join code and tokens."""
    raw = request.get_data()
    with security.new_game(len(raw)):
        created = seats.service().import_game(raw)
    return _created(created)


@bp.get("/games/<game_id>/export")
def export_game(game_id: str):
    """The whole game as one file, for the bank's token only (see banker/service/game_files.py)."""
    service = seats.service()
    service.state(game_id)
    if service.seats.seat(game_id, _bearer()).player_id != BANKER:
        raise Forbidden(Text("Only the banker can do that."))
    return game_files.download(game_id)


def _created(created: NewGame):
    # an imported game keeps the place of a late player whose seating was undone: no one sits there
    names = {player.id: player.name for player in created.state.players}
    return jsonify(
        id=created.game.id,
        join_code=created.game.join_code,
        banker_token=created.banker.token,
        players=[
            {"id": seat.player_id, "name": names[seat.player_id], "token": seat.token}
            for seat in created.players
            if seat.player_id in names
        ],
    ), 201


@bp.get("/games/<game_id>")
def game(game_id: str):
    service = seats.service()
    state = service.state(game_id)  # an unknown game is 404 before any token is looked at
    service.seats.seat(game_id, _bearer())
    return jsonify(state_json(state, service.clock()))


@bp.get("/games/<game_id>/tally")
def game_tally(game_id: str):
    service = seats.service()
    state = service.state(game_id)
    service.seats.seat(game_id, _bearer())
    return jsonify(
        ended=state.ended,
        winner=state.winner,
        ranked_by=state.rules.richest_by,
        players=[
            {
                "player": line.player.id,
                "name": line.player.name,
                "cash": line.cash,
                "deeds": line.deeds,
                "buildings": line.buildings,
                "owed": line.owed,
                "owes": line.owes,
                "total": line.total,
                "rank": line.rank,
                "bankrupt": line.player.bankrupt,
            }
            for line in tally(state)
        ],
    )


@bp.get("/games/<game_id>/history")
def game_history(game_id: str):
    """The newest page of the history (or the page before `before`), oldest first, and the
    address of the page older than it."""
    service = seats.service()
    state = service.state(game_id)
    service.seats.seat(game_id, _bearer())
    player = request.args.get("player", type=int)
    lines, older = history.page(
        service.history(
            game_id,
            limit=history.PAGE + 1,
            player=player,
            at=state,
            before=request.args.get("before", type=int),
        )
    )
    return jsonify(
        lines=[{"seq": line.seq, "text": line.text, "undone": line.undone} for line in reversed(lines)],
        older=url_for("api.game_history", game_id=game_id, player=player, before=older) if older else None,
    )


@bp.get("/games/<game_id>/edition")
def game_edition(game_id: str):
    """The game's board in the edition file format: import it again to play the same board."""
    service = seats.service()
    state = service.state(game_id)
    service.seats.seat(game_id, _bearer())
    return jsonify(edition_to_json(state.edition))


@bp.post("/editions/check")
@turns.in_turn
def check_edition():
    """Whether an edition file can be played: 200 with its title, else 400 with what is wrong."""
    edition = custom_edition(_body())
    return jsonify(ok=True, title=edition["edition"])


@bp.post("/editions")
@turns.in_turn
def save_edition():
    """An edition file kept on the server to play on, figures still blank (null) or not: 201 with
    its id and what is still blank."""
    edition = seats.service().editions.start(_body(), security.client_address())
    return jsonify(_saved(edition)), 201


@bp.get("/editions/<edition_id>")
def edition(edition_id: str):
    """A saved edition as its file, or a built-in board's: "us", "uk", "millionaire" (a draft)."""
    if edition_id in EDITIONS:
        return jsonify(edition_to_json(load_edition(edition_id)))
    if edition_id in DRAFTS:
        return jsonify(built_in_draft(edition_id))
    return jsonify(seats.service().editions.get(edition_id).data)


@bp.post("/editions/<edition_id>/fields")
@turns.in_turn
def edit_edition(edition_id: str):
    """Fields of a saved edition typed in, as the editor's (`{"deed.9.price": 35}`); a field
    refused refuses them all: 400 with each field's reason under `fields`."""
    changes = {path: _typed(value) for path, value in _body().items()}
    try:
        editions = seats.service().editions
        edition = editions.change(edition_id, lambda draft: edit(draft, turns.paced(changes.items())))
    except Refused as refused:
        reasons = {path: i18n.translate(reason) for path, reason in refused.reasons.items()}
        return jsonify(error=i18n.translate(refused.message), fields=reasons), 400
    return jsonify(_saved(edition))


@bp.delete("/editions/<edition_id>")
@turns.in_turn
def delete_edition(edition_id: str):
    seats.service().editions.delete(edition_id)
    return "", 204


def _typed(value: Any) -> str:
    """A field's value as the editor's form would send it: a number or text; null for blank."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | str):
        return str(value)
    raise InvalidCommand(Text("Send each field's value as a number, text, true or false, or null for blank."))


def _saved(edition: EditionInfo) -> dict[str, Any]:
    return {
        "id": edition.id,
        "title": edition.title,
        "complete": edition.complete,
        "missing": [{"field": gap.field, "what": gap.label} for gap in edition.missing],
        "faults": [{"item": fault.item, "why": fault.why} for fault in edition.faults],
    }


@bp.post("/games/<game_id>/commands")
def command(game_id: str):
    token = _bearer()
    if token is None:
        raise Forbidden(Text("Send your seat's token as 'Authorization: Bearer <token>'."))
    body = _body()
    service = seats.service()
    result = service.run(game_id, token, body, request_id=body.get("request_id"))
    answer: dict[str, Any] = {"seq": result.seq, "events": [event.to_json() for event in result.events]}
    added = [e.player for e in result.events if isinstance(e, PlayerAdded)]
    if added:  # a late player's seat, as a new game lists its players': the bank hands it on
        seat = next(s for s in service.seats.of(game_id) if s.player_id == added[0])
        answer["seat"] = {
            "id": seat.player_id,
            "name": result.state.player(seat.player_id).name,
            "token": seat.token,
        }
    return jsonify(answer)


def state_json(state: GameState, now: float) -> dict[str, Any]:
    return {
        "seq": state.seq,
        "edition": state.edition.id,
        "rules": state.rules.as_dict(),
        "players": [
            {
                "id": p.id,
                "name": p.name,
                "colour": p.colour,
                "token": p.token,
                "cash": p.cash,
                "in_jail": p.in_jail,
                "jail_cards": list(p.jail_cards),
                "hand": list(p.hand),
                "bankrupt": p.bankrupt,
                "resigned": p.resigned,
                "place": p.place or None,
                "level": p.level,
                "roll": _roll_json(p.roll),
            }
            for p in state.players
        ],
        "deeds": [
            {
                "position": deed.position,
                "name": deed.name,
                "owner": state.holding(deed.position).owner or None,
                "mortgaged": state.holding(deed.position).mortgaged,
                "houses": state.holding(deed.position).houses,
                "hotel": state.holding(deed.position).hotel,
            }
            for deed in state.edition.deeds
        ],
        "bank": {"houses": state.houses, "hotels": state.hotels},
        "free_parking": state.free_parking,
        "market": list(state.market),
        "fortunes_turned": list(state.fortunes_turned),
        "auction": _auction_json(state, now),
        "debts": [
            {
                "debtor": d.debtor,
                "creditor": d.creditor,
                "amount": d.amount,
                "reason": d.reason,
                "purchase": d.purchase,
            }
            for d in state.debts
        ],
        "mortgage_choices": [{"player": player, "deed": deed} for player, deed in state.mortgage_choices],
        "trades": [
            {
                "id": t.id,
                "proposer": t.proposer,
                "partner": t.partner,
                "give": _side_json(t.give),
                "get": _side_json(t.get),
                "agreed": t.agreed,
            }
            for t in state.trades
        ],
        "ending": state.ending,
        "overtime": state.overtime,
        "ended": state.ended,
        "winner": state.winner,
    }


def _roll_json(roll: Roll | None) -> dict[str, Any] | None:
    """A player's last roll on a phone: its dice, the speed die's face, the total and its name."""
    if roll is None:
        return None
    return {
        "dice": list(roll.dice),
        "face": roll.face or None,
        "total": total(roll),
        "named": named(roll) or None,
    }


def _side_json(side: TradeSide) -> dict[str, Any]:
    return {
        "cash": side.cash,
        "deeds": list(side.deeds),
        "jail_cards": list(side.jail_cards),
        "claims": [{"debtor": debtor, "amount": amount} for debtor, amount in side.claims],
    }


def _auction_json(state: GameState, now: float) -> dict[str, Any] | None:
    auction = state.auction
    if auction is None:
        return None
    return {
        "kind": auction.kind,
        "deed": auction.deed,
        "high_bid": auction.high_bid,
        "high_bidder": auction.high_bidder,
        "lot": auction.lot,
        "step": state.rules.auction_step,
        "least_bid": least_bid(state),
        "deadline": auction.deadline,
        "seconds_left": round(max(0.0, auction.deadline - now), 3),
        "excluded": list(auction.excluded),
    }
