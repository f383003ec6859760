"""A game moved as one file: exported from its log and rows, imported as a new game, or restored
from a backup under its own ids. For a long game each is heavy (thousands of actions read,
checked and folded), so each runs where `workers` says (a worker process under `banker serve`):
the job talks to the database itself and answers with the game's rows and a snapshot kept of it,
never its folded state, which the server then opens from that snapshot at once."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from banker.lru import LRU
from banker.service import game_files
from banker.service.action_log import ActionLog
from banker.service.chronicle import Chronicle
from banker.service.game_files import FileAction, GameFile, Kept, Restored
from banker.service.pacing import in_turns
from banker.service.seats import GameInfo, SeatInfo, Seats
from banker.service.snapshots import Snapshots
from banker.service.workers import Workers

EXPORTS_KEPT = 32 << 20  # bytes of game files kept, each for its game at one seq


@dataclass(frozen=True)
class Parts:
    """What a job reads and writes: the action log, the games' rows and the snapshots."""

    log: ActionLog
    seats: Seats
    snapshots: Snapshots


@dataclass(frozen=True)
class Stored:
    game: GameInfo
    seats: tuple[SeatInfo, ...]


class Transfers:
    def __init__(self, workers: Workers) -> None:
        self.workers = workers
        self.exports: LRU[tuple[str, int, bool], bytes] = LRU(EXPORTS_KEPT, weight=len)

    def export(self, game_id: str, seq: int, backup: bool) -> bytes:
        """The game at `seq` as one file: made once, then kept while the game stays at `seq`."""
        made = self.exports.get((game_id, seq, backup))
        if made is None:
            at, made = self.workers.run(exported, game_id, backup)
            self.exports.put((game_id, at, backup), made)
        return made

    def imported(self, raw: bytes, now: float) -> Stored:
        return self.workers.run(imported, raw, now)

    def restored(self, raw: bytes, now: float) -> tuple[Restored, Stored | None]:
        return self.workers.run(restored, raw, now)


def exported(parts: Parts, game_id: str, backup: bool) -> tuple[int, bytes]:
    """The game as one file and the seq it ends at; a `backup` also keeps its ids and seat tokens."""
    kept = parts.seats.kept(game_id)  # NotFound for no such game
    actions = parts.log.file_actions(game_id)
    return actions[-1].seq, game_files.write(GameFile(actions=actions, kept=kept if backup else None))


def imported(parts: Parts, raw: bytes, now: float) -> Stored:
    """The game in a file as a new game, with a new id, join code and seat tokens (those of the
    server it came from do not open it), each of its actions decided again by the rules; a file
    refused (BadGameFile) stores nothing. `now` is the server's clock, seconds since the epoch."""
    game = game_files.read(raw, now, in_turns=in_turns)
    return _store(parts, game.actions, game.players, None, game.folded, now)


def restored(parts: Parts, raw: bytes, now: float) -> tuple[Restored, Stored | None]:
    """A game from a backup put back under its own id, join code and seat tokens; left as it is
    when its id is here already; a file without the ids (a download) becomes a new game. The file
    is the host's own: its actions are folded as they are, not decided again."""
    game = game_files.read(raw, now, trusted=True, in_turns=in_turns)
    if game.kept is None:
        stored = _store(parts, game.actions, game.players, None, game.folded, now)
        return Restored(stored.game.id, "new"), stored
    kept = parts.seats.restorable(game.kept)
    if kept is None:
        return Restored(game.kept.id, "present"), None
    stored = _store(parts, game.actions, game.players, kept, game.folded, now)
    return Restored(stored.game.id, "restored"), stored


def _store(
    parts: Parts,
    actions: Sequence[FileAction],
    players: int,
    kept: Kept | None,
    folded: Chronicle | None,
    now: float,
) -> Stored:
    game, seats = parts.seats.create(parts.log, actions, players, kept, datetime.fromtimestamp(now, UTC))
    if folded is not None:  # the fold the file was checked by: the game opens from it
        parts.snapshots.keep(game.id, folded)
    return Stored(game, seats)
