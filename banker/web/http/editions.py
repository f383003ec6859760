"""Which saved editions this browser holds, and the new game waiting for one, kept in the signed
session cookie beside its seats (http/seats.py).

An edition's id is its key: the browser that made or opened an edition remembers it, and New game
lists those (the KEPT most recent, some 20 bytes each). A new game asked for on a board with
figures still blank waits here while the editor opens on it (its form, bounded: FORM_FIELDS fields
of at most FORM_CHARS characters), and starts from there once they are typed."""

from __future__ import annotations

from typing import Any

from flask import session
from werkzeug.datastructures import MultiDict

KEPT = 20
FORM_FIELDS, FORM_CHARS = 40, 100


def held() -> list[str]:
    """The editions this browser made or opened, the most recent first."""
    kept = session.get("editions", [])
    return [edition for edition in reversed(kept) if isinstance(edition, str)]


def remember(edition_id: str) -> None:
    if session.get("editions", [])[-1:] == [edition_id]:
        return  # held already, the most recent: the cookie is not sent again with every field
    kept = [edition for edition in session.get("editions", []) if edition != edition_id]
    session["editions"] = [*kept, edition_id][-KEPT:]
    session.permanent = True


def forget(edition_id: str) -> None:
    session["editions"] = [edition for edition in session.get("editions", []) if edition != edition_id]
    waiting = session.get("new_game")
    if isinstance(waiting, dict) and waiting.get("edition") == edition_id:
        session.pop("new_game")


def wait_for(edition_id: str, form: MultiDict[str, str], started_from: str = "") -> None:
    """The New game form waits for this edition; `started_from` the built-in draft it copies."""
    fields = [[key, value[:FORM_CHARS]] for key, value in form.items(multi=True) if key != "csrf_token"]
    session["new_game"] = {"edition": edition_id, "from": started_from, "form": fields[:FORM_FIELDS]}


def waiting(edition_id: str | None = None, started_from: str | None = None) -> MultiDict[str, str] | None:
    """The New game form waiting for `edition_id`, or for a copy of the built-in `started_from`
    (its "edition" is the copy's id); None when no form waits for it."""
    kept: Any = session.get("new_game")
    if not isinstance(kept, dict) or not isinstance(kept.get("form"), list):
        return None
    if edition_id is not None and kept.get("edition") != edition_id:
        return None
    if started_from is not None and kept.get("from") != started_from:
        return None
    form = MultiDict([(key, value) for key, value in kept["form"] if key != "edition"])
    form.add("edition", kept.get("edition", ""))
    return form


def started() -> None:
    session.pop("new_game", None)
