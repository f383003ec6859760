"""The edition editor: make a board of your own from a built-in one or a file, type its names and
figures on a phone, keep it on the server and play on it.

Each page is one form: with htmx every field is saved as it is typed (its own answer: the field
again, with why it was refused, and what is still to type); without, the page's Save sends every
field at once. Either way a change the rules refuse saves nothing."""

from __future__ import annotations

import json
import re

from flask import Blueprint, Response, abort, redirect, render_template, request, url_for

from banker.extensions import htmx
from banker.rules import InvalidCommand, RuleError
from banker.rules.board import DECK_NAMES
from banker.rules.editions.draft import Refused, add_card, edit, remove_card
from banker.rules.text import Text
from banker.service.editions import EditionInfo
from banker.web.http import editions as kept
from banker.web.http import seats, security, turns
from banker.web.panels import editions as panel
from banker.web.panels.home import uploaded_edition
from banker.web.replies import status_for

bp = Blueprint("editions", __name__, url_prefix="/editions")
FULL = Text("This server is full: it keeps no new edition until its host makes room.")
NOT_FIELDS = ("csrf_token", "page", "request_id")  # request_id: table.js sends one with every tap


@bp.get("/new")
def new():
    return _start_page()


@bp.post("/new")
@turns.in_turn
def start():
    """A new edition of this browser's, from the board tapped or the file chosen."""
    choice = request.form.get("start", "")
    try:
        start_from = _uploaded() if choice == "file" else choice
        if not start_from:
            raise InvalidCommand(Text("Choose the board your edition starts from."))
        security.require_room(FULL)
        edition = seats.service().editions.start(start_from, security.client_address())
    except RuleError as refused:  # a file that is no edition, or too many editions kept
        return _start_page(refused.message), status_for(refused)
    except security.ServerFull as full:
        return _start_page(full.description), full.code
    kept.remember(edition.id)
    return redirect(url_for("editions.overview", edition_id=edition.id), 303)


@bp.get("/<edition_id>")
def overview(edition_id: str):
    return _page(_edition(edition_id), "")


@bp.get("/<edition_id>/names")
def names(edition_id: str):
    return _page(_edition(edition_id), "names")


@bp.get("/<edition_id>/deeds")
def deeds(edition_id: str):
    return _page(_edition(edition_id), "deeds")


@bp.get("/<edition_id>/bank")
def bank(edition_id: str):
    return _page(_edition(edition_id), "bank")


@bp.get("/<edition_id>/cards/<deck>")
def cards(edition_id: str, deck: str):
    edition = _edition(edition_id)
    if deck not in panel.decks(edition.data):
        abort(404)
    return _page(edition, f"cards/{deck}")


@bp.post("/<edition_id>/fields")
@turns.in_turn
def change(edition_id: str):
    """Save what was typed: one field (htmx, as it is typed) or a whole page (its Save)."""
    changes = {key: value for key, value in request.form.items() if key not in NOT_FIELDS}
    page = request.form.get("page", "")
    editions = seats.service().editions
    try:
        edition = editions.change(edition_id, lambda draft: edit(draft, turns.paced(changes.items())))
    except Refused as refused:
        edition, errors = editions.get(edition_id), dict(refused.reasons)
        for path in [path for path in errors if path and not panel.is_field(edition.data, path)]:
            errors[""] = errors.pop(path)  # no such field to show it at: said on top of the page
        if htmx and len(changes) == 1:
            path = next(iter(changes))
            if not panel.is_field(edition.data, path):
                raise  # answered as any refusal: a toast
            errors[path] = errors.pop("", errors.get(path, ""))  # the board's reason, at the field
            return _changed(edition, page, changes, errors), 400
        return _page(edition, page, errors, changes), 400
    kept.remember(edition_id)
    if htmx and len(changes) == 1:
        return _changed(edition, page, changes, {})
    return redirect(url_for("editions.overview", edition_id=edition_id), 303)  # the page done


@bp.post("/<edition_id>/cards/<deck>/add")
@turns.in_turn
def add(edition_id: str, deck: str):
    return _deck_changed(edition_id, deck, lambda draft: add_card(draft, deck), opens_last=True)


@bp.post("/<edition_id>/cards/<deck>/<int:place>/remove")
@turns.in_turn
def remove(edition_id: str, deck: str, place: int):
    return _deck_changed(edition_id, deck, lambda draft: remove_card(draft, deck, place))


@bp.get("/<edition_id>/edition.json")
def download(edition_id: str):
    """The edition as a file: import it again here or on another Banker (New game, Make your own)."""
    edition = _edition(edition_id)
    name = re.sub(r"[^A-Za-z0-9]+", "-", edition.title).strip("-").lower()[:40] or "edition"
    return Response(
        json.dumps(edition.file, indent=2, ensure_ascii=False) + "\n",
        mimetype="application/json",
        headers={"Content-Disposition": f'attachment; filename="banker-edition-{name}.json"'},
    )


@bp.get("/<edition_id>/delete")
def delete_page(edition_id: str):
    return render_template("editions/delete.html", edition=_edition(edition_id))


@bp.post("/<edition_id>/delete")
@turns.in_turn
def delete(edition_id: str):
    seats.service().editions.delete(edition_id)
    kept.forget(edition_id)
    return redirect(url_for("editions.new"), 303)


# --- answers ----------------------------------------------------------------------------------


def _edition(edition_id: str) -> EditionInfo:
    return seats.service().editions.get(edition_id)


def _uploaded():
    return uploaded_edition(request.files, Text("Choose your edition's JSON file."))


def _start_page(error: str = "") -> str:
    mine = seats.service().editions.some(kept.held())
    return render_template("editions/new.html", mine=mine, error=error)


def _page(edition: EditionInfo, page: str, errors: dict[str, str] | None = None, typed=None) -> str:
    """An editor page; after a refused Save, with each field's reason and what was typed there."""
    errors = errors or {}
    opened = request.args.get("open", "")
    context = {
        "edition": edition,
        "page": page,
        "todo": panel.todo(edition, page),
        "errors": errors,
        "waiting": kept.waiting(edition.id),
        "money_note": panel.money_note(edition.data),
    }
    if page == "":
        return render_template("editions/overview.html", sections=panel.sections(edition), **context)
    if page == "names":
        return render_template(
            "editions/names.html", rows=panel.name_fields(edition, errors, typed), **context
        )
    if page == "deeds":
        items = panel.deed_items(edition, opened, errors, typed)
        return render_template(
            "editions/items.html", title=panel.PAGE_TITLES["deeds"], items=items, **context
        )
    if page == "bank":
        return render_template(
            "editions/bank.html", fields=panel.bank_fields(edition, errors, typed), **context
        )
    deck = page.removeprefix("cards/")
    if deck not in panel.decks(edition.data):
        abort(404)
    items = panel.card_items(edition, deck, opened, errors, typed)
    return render_template("editions/items.html", title=DECK_NAMES[deck], deck=deck, items=items, **context)


def _changed(edition: EditionInfo, page: str, changes: dict[str, str], errors: dict[str, str]) -> str:
    """One field saved or refused: the field (a card's whole item when what it does changed), and
    out of band what is still to type and the item's heading."""
    path = next(iter(changes))
    item = panel.item_key(path)
    on_items = page == "deeds" or page.startswith("cards/")
    field = panel.field_on(page, edition, path, changes if errors else None, errors)
    if field.redraws_item:
        whole = panel.item_of(edition, item, item, errors, changes if errors else None)
        answer = render_template("editions/_item.html", item=whole, edition=edition)
    else:
        answer = render_template("editions/_field.html", f=field, edition=edition, page=page)
        if item and on_items:
            answer += render_template("editions/_item_head.html", item=panel.item_of(edition, item), oob=True)
    return answer + render_template(
        "editions/_todo.html", todo=panel.todo(edition, page), edition=edition, oob=True
    )


def _deck_changed(edition_id: str, deck: str, how, opens_last: bool = False):
    editions = seats.service().editions
    try:
        edition = editions.change(edition_id, how)
    except Refused as refused:
        return _page(editions.get(edition_id), f"cards/{deck}", dict(refused.reasons)), 400
    kept.remember(edition_id)
    if not opens_last:
        return redirect(url_for("editions.cards", edition_id=edition_id, deck=deck), 303)
    last = f"card.{deck}.{len(edition.data[deck]) - 1}"
    url = url_for(
        "editions.cards", edition_id=edition_id, deck=deck, open=last, _anchor=last.replace(".", "-")
    )
    return redirect(url, 303)
