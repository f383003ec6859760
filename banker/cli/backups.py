"""`banker backup` and `banker restore`: every game on the server to a folder, one file per game
(banker/service/game_files.py, with the game's id, join code and seat tokens), and back.

Restoring is moving a server: each game comes back under its own id, join code and seat tokens,
so the bank's and the players' links keep working. A game whose id is in the database already is
left as it is (restoring the same folder twice changes nothing, and a game played on since the
backup is never overwritten); a file without the ids (a download from the bank screen) becomes a
new game, as an import does."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

from banker.rules import RuleError
from banker.service import GameService
from banker.service.errors import NotFound
from banker.service.game_files import NotAGameFile

SUFFIX = ".json"
NOT_A_GAME_FILE = (
    "This is not a Banker game file. `banker restore` reads the files `banker backup` writes, and games"
    " downloaded from a bank screen."
)


def backup(service: GameService, folder: Path) -> Iterator[Path]:
    """Write every game to `folder` (made if need be) as `<game id>.json`, yielding each file. The
    files hold the seats' keys: only their owner may read them (and the folder, when made here)."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    for game_id in service.seats.ids():
        try:
            body = service.export_game(game_id, backup=True)
        except NotFound:  # deleted meanwhile
            continue
        path = folder / f"{game_id}{SUFFIX}"
        partial = path.with_suffix(".partial")
        with os.fdopen(os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as file:
            file.write(body)
        os.replace(partial, path)  # a backup stopped half-way leaves no file cut short
        yield path


def game_files(folder: Path) -> list[Path]:
    """The files of `folder` that `restore` reads, in order."""
    return sorted(folder.glob(f"*{SUFFIX}"))


def restore(service: GameService, folder: Path) -> Iterator[tuple[Path, str]]:
    """Read every `*.json` file of `folder` back into the database, yielding each file with a line
    saying what became of it; a line starting "refused" names what is wrong with its file."""
    for path in game_files(folder):
        try:
            done = service.restore_game(path.read_bytes())
        except NotAGameFile:  # the screens' words for it send the host to the bank screen
            yield path, f"refused: {NOT_A_GAME_FILE}"
            continue
        except RuleError as error:
            yield path, f"refused: {error.message}"
            continue
        yield (
            path,
            {
                "restored": f"restored as game {done.game_id}",
                "present": f"left as it is: game {done.game_id} is in the database already",
                "new": f"a download, not a backup: restored as a new game {done.game_id}",
            }[done.outcome],
        )
