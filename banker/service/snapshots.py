"""Folded games kept on disk. Every EVERY actions a game's folded state is stored (its latest
only), so a game not in memory (after a restart, or dropped from it) is opened from its snapshot
and the actions after it instead of from its first action: a game of 20,000 actions opens about
as fast as one of 200. A snapshot is a cache, never the truth: one folded by other rules code
(another version of Banker), or that cannot be read, is passed over and the game folded from
its log, which always holds every action."""

from __future__ import annotations

import hashlib
import logging
import pickle
import zlib
from collections.abc import Iterator
from functools import cache
from importlib import resources
from importlib.resources.abc import Traversable

from sqlalchemy import bindparam, delete, insert, select
from sqlalchemy.engine import Connection, Engine

from banker.service.chronicle import Chronicle
from banker.store.models import Snapshot

log = logging.getLogger(__name__)

EVERY = 200  # actions between snapshots: the most a game not in memory folds when it is opened
LATEST = select(Snapshot.seq, Snapshot.rules, Snapshot.folded).where(Snapshot.game_id == bindparam("game_id"))


@cache
def rules_digest() -> str:
    """A digest of the code and board data that fold a game into what a snapshot holds: a snapshot
    made by any other is not used."""
    digest = hashlib.sha256()
    for name, file in sorted(folding_files()):
        digest.update(name.encode() + b"\0" + file.read_bytes())
    return digest.hexdigest()[:16]


def folding_files() -> Iterator[tuple[str, Traversable]]:
    """The rules with their boards, and the chronicle folded beside them (it is pickled too)."""
    yield from _files(resources.files("banker.rules"), "rules/")
    yield "service/chronicle.py", resources.files("banker.service") / "chronicle.py"


def _files(folder: Traversable, prefix: str) -> Iterator[tuple[str, Traversable]]:
    for entry in folder.iterdir():
        if entry.is_dir():
            yield from _files(entry, f"{prefix}{entry.name}/")
        elif entry.name.endswith((".py", ".json", ".txt")):
            yield f"{prefix}{entry.name}", entry


class Snapshots:
    def __init__(self, engine: Engine, every: int = EVERY) -> None:
        self.engine = engine
        self.every = every

    def due(self, seq: int) -> bool:
        """Whether the action `seq` has just been stored is one to keep a snapshot after."""
        return seq % self.every == 0

    def latest(self, game_id: str) -> Chronicle | None:
        """The game as its latest usable snapshot holds it; None when there is none."""
        with self.engine.connect() as connection:
            row = connection.execute(LATEST, {"game_id": game_id}).first()
        if row is None or row.rules != rules_digest():
            return None
        try:
            kept = pickle.loads(zlib.decompress(row.folded))
        except Exception:  # written by code that is gone: fold the log instead
            log.warning("snapshot of game %s at seq %s could not be read", game_id, row.seq, exc_info=True)
            return None
        return kept if isinstance(kept, Chronicle) and kept.seq == row.seq else None

    def delete(self, connection: Connection, game_id: str) -> None:
        """The game's snapshot, in the transaction that deletes the game."""
        connection.execute(delete(Snapshot).where(Snapshot.game_id == game_id))

    def keep(self, game_id: str, folded: Chronicle) -> None:
        """Store `folded` as the game's snapshot, in place of the one before."""
        data = zlib.compress(pickle.dumps(folded, protocol=pickle.HIGHEST_PROTOCOL), 1)
        with self.engine.begin() as connection:
            connection.execute(delete(Snapshot).where(Snapshot.game_id == game_id))
            connection.execute(
                insert(Snapshot).values(game_id=game_id, seq=folded.seq, rules=rules_digest(), folded=data)
            )
