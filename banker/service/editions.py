"""Saved editions: the boards a table made in the editor or brought as a file, kept on the server
to start games on. All the SQL about them is here; what a change does to a board is the rules'
(banker/rules/editions/draft.py).

An edition's id is its key, unguessable as a seat's token: whoever has its link may open, change
or delete it. Each edition is checked before it is stored, as a draft (blank figures allowed), and
a change is saved only when the rules take it. Bounds: MOST_PER_ADDRESS editions saved from one
client address and MOST_KEPT on the server in all; one edition's size is bounded by the edition
checks (at most 64 spaces, 4 decks of 32 cards of 300 characters, names of 40). An edition is
touched when it is saved or changed and when a game starts on it; `prune` deletes those untouched
since a time, as games are (the games started on one keep their own copy of its board)."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import delete, func, insert, select, update
from sqlalchemy.engine import Engine

from banker.rules import InvalidCommand, RuleError
from banker.rules.board import edition_to_json
from banker.rules.editions import EDITIONS, load_edition
from banker.rules.editions.draft import (
    DRAFTS,
    Fault,
    Gap,
    built_in_draft,
    draft_from_json,
    faults,
    missing,
    playable,
)
from banker.rules.text import Plural, Text
from banker.service.errors import NotFound
from banker.service.locks import KeyedLocks
from banker.store.db import utc
from banker.store.models import SavedEdition, could_be_key

MOST_PER_ADDRESS = 50
MOST_KEPT = 10_000
TRIES = 5  # a change retried on the fresh edition when another phone changed it first

Change = Callable[[dict[str, Any]], dict[str, Any]]


@dataclass(frozen=True)
class IdleEdition:
    """An edition nobody has touched since `last`."""

    id: str
    title: str
    last: datetime


@dataclass(frozen=True)
class EditionInfo:
    """A saved edition: its board in the edition file format, blanks and all, what is still
    blank and which of its names and figures do not go together (neither: it plays)."""

    id: str
    title: str
    data: dict[str, Any] = field(hash=False)
    version: int
    updated_at: datetime
    missing: tuple[Gap, ...] = field(hash=False)
    faults: tuple[Fault, ...] = field(hash=False)

    @property
    def complete(self) -> bool:
        return not self.missing and not self.faults

    @property
    def file(self) -> dict[str, Any]:
        """The edition as a file to keep: once complete, the board a game plays (New game takes
        it, and the editor opens it again); before, the draft, blanks and all, to carry on typing.
        A complete draft may still hold a null no game file may: a card's one amount left blank
        beside its amounts by token level."""
        return playable(self.data) if self.complete else self.data


class EditionIncomplete(InvalidCommand):
    """Raised when a game is asked for on an edition with figures still blank or not going together."""

    def __init__(self, edition: EditionInfo) -> None:
        super().__init__(
            Plural(
                "%(edition)s has %(n)s figure still to type: finish it in the edition editor first.",
                "%(edition)s has %(n)s figures still to type: finish it in the edition editor first.",
                len(edition.missing),
                edition=edition.title,
            )
            if edition.missing
            else Text("%(why)s Correct it in the edition editor first.", why=edition.faults[0].why)
        )
        self.edition = edition


class Editions:
    def __init__(self, engine: Engine, clock: Callable[[], float]) -> None:
        self.engine = engine
        self.clock = clock
        self.locks = KeyedLocks()

    def start(self, start: Any, address: str) -> EditionInfo:
        """A new saved edition from `start`: a built-in board's id ("us", "uk", "millionaire"), a
        saved edition's id (a copy of it) or an edition file's JSON, checked first."""
        if isinstance(start, str) and start in EDITIONS:
            data = edition_to_json(load_edition(start))
        elif isinstance(start, str) and start in DRAFTS:
            data = built_in_draft(start)
        elif isinstance(start, str):
            data = self.get(start).data
        else:
            data = start
        return self.save(draft_from_json(data), address)

    def save(self, draft: dict[str, Any], address: str) -> EditionInfo:
        now = self._now()
        with self.engine.begin() as connection:
            count = select(func.count()).select_from(SavedEdition)
            if connection.execute(count).scalar_one() >= MOST_KEPT:
                raise RuleError(
                    Text(
                        "This server keeps %(most)s editions, as many as it may: delete one you no "
                        "longer need, or ask the host to.",
                        most=f"{MOST_KEPT:,}",
                    )
                )
            mine = count.where(SavedEdition.address == address[:64])
            if connection.execute(mine).scalar_one() >= MOST_PER_ADDRESS:
                raise RuleError(
                    Text(
                        "%(most)s editions have been saved from this address, as many as one address "
                        "may keep here: delete one you no longer need.",
                        most=MOST_PER_ADDRESS,
                    )
                )
            row = {
                "id": secrets.token_urlsafe(12),
                "title": draft["edition"],
                "data": draft,
                "version": 1,
                "address": address[:64],
                "created_at": now,
                "updated_at": now,
            }
            connection.execute(insert(SavedEdition).values(**row))
        return _info(row)

    def get(self, edition_id: str) -> EditionInfo:
        found = self.some([edition_id])
        if not found:
            raise NotFound(Text("There is no such edition: it may have been deleted. Check the link."))
        return found[0]

    def some(self, ids: Sequence[str]) -> list[EditionInfo]:
        """The saved editions of `ids` that are here, in that order."""
        wanted = [edition_id for edition_id in ids if could_be_key(edition_id)][:100]
        query = select(*_COLUMNS).where(SavedEdition.id.in_(wanted))
        with self.engine.connect() as connection:
            rows = {row.id: _info(row._asdict()) for row in connection.execute(query)}
        return [rows[edition_id] for edition_id in dict.fromkeys(wanted) if edition_id in rows]

    def change(self, edition_id: str, how: Change) -> EditionInfo:
        """The edition changed `how` (a function of its draft, refusing with a RuleError), saved
        only if nobody changed it meanwhile: then `how` runs again on the fresh edition. One
        phone's saves (a field each, as it is typed) follow one another here, not racing."""
        with self.locks.of(edition_id):
            return self._change(edition_id, how)

    def _change(self, edition_id: str, how: Change) -> EditionInfo:
        for _ in range(TRIES):
            edition = self.get(edition_id)
            changed = how(edition.data)
            row = {
                "id": edition_id,
                "title": changed["edition"],
                "data": changed,
                "version": edition.version + 1,
                "updated_at": self._now(),
            }
            saved = update(SavedEdition).where(
                SavedEdition.id == edition_id, SavedEdition.version == edition.version
            )
            with self.engine.begin() as connection:
                won = connection.execute(saved.values(**row)).rowcount == 1
            if won:
                return _info(row)
        raise RuleError(Text("Another phone keeps changing this edition: wait a moment and try again."))

    def delete(self, edition_id: str) -> None:
        if not could_be_key(edition_id):
            self.get(edition_id)  # NotFound
        with self.engine.begin() as connection:
            gone = connection.execute(delete(SavedEdition).where(SavedEdition.id == edition_id))
        if gone.rowcount != 1:
            self.get(edition_id)  # NotFound

    def find(self, edition_id: str) -> EditionInfo | None:
        found = self.some([edition_id])
        return found[0] if found else None

    def for_game(self, edition: Any) -> Any:
        """What a game is asked to start on, with a saved edition's id read as its board as it is
        now (later changes are not the game's): refused while figures are blank or do not go
        together. Any other edition goes on to the rules as it is."""
        if isinstance(edition, str) and edition in DRAFTS:
            raise InvalidCommand(
                Text(
                    "The %(edition)s board is a draft: our sources lack its rents, costs and cards. Save "
                    "it as an edition of your own and type them in from your box first.",
                    edition=built_in_draft(edition)["edition"],
                )
            )
        saved = self.find(edition) if isinstance(edition, str) else None
        if saved is None:
            return edition
        if not saved.complete:
            raise EditionIncomplete(saved)
        with self.engine.begin() as connection:  # a board still played on is kept
            touched = update(SavedEdition).where(SavedEdition.id == saved.id)
            connection.execute(touched.values(updated_at=self._now()))
        return saved.file

    def prune(self, before: datetime, dry_run: bool = False) -> list[IdleEdition]:
        """Delete the editions untouched since `before` (with `dry_run`, only find them): those
        deleted, or that would be, the longest idle first."""
        idle = SavedEdition.updated_at < before
        found = select(SavedEdition.id, SavedEdition.title, SavedEdition.updated_at).where(idle)
        with self.engine.begin() as connection:
            rows = connection.execute(found.order_by(SavedEdition.updated_at)).all()
            if rows and not dry_run:
                connection.execute(delete(SavedEdition).where(idle))
        return [IdleEdition(id, title, utc(last)) for id, title, last in rows]

    def _now(self) -> datetime:
        return datetime.fromtimestamp(self.clock(), UTC)


_COLUMNS = (
    SavedEdition.id,
    SavedEdition.title,
    SavedEdition.data,
    SavedEdition.version,
    SavedEdition.updated_at,
)


def _info(row: dict[str, Any]) -> EditionInfo:
    return EditionInfo(
        id=row["id"],
        title=row["title"],
        data=row["data"],
        version=row["version"],
        updated_at=row["updated_at"],
        missing=tuple(missing(row["data"])),
        faults=tuple(faults(row["data"])),
    )
