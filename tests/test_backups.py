"""`banker backup <folder>` writes every game on the server to a folder, one file per game, and
`banker restore <folder>` reads them back into the configured database: each game under its own
id, join code and seat tokens, so a server moved to a new machine keeps its links. A game already
there is left as it is, and a damaged file is named with what is wrong, the others restored."""

from __future__ import annotations

import json
import re

import pytest
from sqlmodel import Session, select

from banker.cli import backups
from banker.service import GameService
from banker.service.broker import Broker
from banker.service.game_files import BadGameFile
from banker.store.db import make_engine, migrate
from banker.store.models import Seat
from tests.support.databases import rows, sqlite_url
from tests.support.game_files import rewritten
from tests.support.servers import command


def table(service: GameService, *names: str) -> str:
    created = service.create_game(list(names))
    bank = created.banker.token
    service.run(created.game.id, bank, {"type": "buy", "player": 1, "deed": 39})
    service.run(created.game.id, bank, {"type": "pay_rent", "player": 2, "deed": 39})
    service.claim_seat(created.game.id, 2)
    return created.game.id


def seats(service: GameService, game_id: str) -> list[tuple[int, str, bool]]:
    with Session(service.engine) as session:
        found = session.exec(select(Seat).where(Seat.game_id == game_id).order_by(Seat.player_id))
        return [(seat.player_id, seat.token, seat.claimed) for seat in found]


def test_backup_and_restore_move_every_game_with_its_ids_and_seats(app, tmp_path, database_url, request):
    """From the test's database to a fresh PostgreSQL one (or, when the suite runs on PostgreSQL,
    to a fresh SQLite one): the same games, links and phones."""
    if database_url.startswith("postgresql"):
        target = sqlite_url(tmp_path / "moved.sqlite3")
    else:
        target = request.getfixturevalue("postgres_url")
    service = app.extensions["banker"]
    games = [table(service, "Ann", "Bob"), table(service, "Cy", "Di", "Ed")]
    folder = tmp_path / "backup"
    env = {"BANKER_DATABASE_URL": database_url, "BANKER_SECRET_KEY": "k"}
    saved = command("backup", str(folder), env=env)
    assert saved.returncode == 0, saved.stderr
    assert saved.stdout == f"Saved 2 games to {folder}\n"
    assert sorted(path.name for path in folder.iterdir()) == sorted(f"{game}.json" for game in games)

    moved = command("restore", str(folder), env={**env, "BANKER_DATABASE_URL": target})
    assert moved.returncode == 0, moved.stderr
    assert sorted(moved.stdout.splitlines()) == sorted(
        f"{game}.json: restored as game {game}" for game in games
    )
    engine = make_engine(target)
    try:
        there = GameService(engine, Broker())
        for game in games:
            assert there.state(game) == service.state(game)
            assert there.seats.join_code(game) == service.seats.join_code(game)
            assert seats(there, game) == seats(service, game)
        # the bank's token opens its game there, and play goes on
        bank = service.seats.bank_seat(games[0]).token
        assert there.run(games[0], bank, {"type": "pay_rent", "player": 2, "deed": 39}).seq == 5
    finally:
        engine.dispose()


def test_restoring_twice_leaves_the_games_as_they_are(app, tmp_path):
    service = app.extensions["banker"]
    game = table(service, "Ann", "Bob")
    folder = tmp_path / "backup"
    assert list(backups.backup(service, folder)) == [folder / f"{game}.json"]
    service.run(game, service.seats.bank_seat(game).token, {"type": "pay_rent", "player": 2, "deed": 39})
    before = rows(app)
    assert list(backups.restore(service, folder)) == [
        (folder / f"{game}.json", f"left as it is: game {game} is in the database already")
    ]
    assert rows(app) == before
    assert service.state(game).seq == 5  # the game played on since the backup is not put back


def test_restore_names_a_damaged_file_and_restores_the_others(tmp_path, migrated_url):
    engine = make_engine(migrated_url)
    here = GameService(engine, Broker())
    game = table(here, "Ann", "Bob")
    download = table(here, "Cy", "Di")
    folder = tmp_path / "backup"
    list(backups.backup(here, folder))
    (folder / f"{download}.json").write_bytes(here.export_game(download))  # a download, not a backup
    (folder / "cut.json").write_bytes((folder / f"{game}.json").read_bytes()[:500])
    (folder / "notes.txt").write_text("not a game")
    engine.dispose()

    fresh = tmp_path / "new.sqlite3"
    printed = command(
        "restore", str(folder), env={"BANKER_DATABASE_URL": sqlite_url(fresh), "BANKER_SECRET_KEY": "k"}
    )
    assert printed.returncode == 1
    assert printed.stderr == (
        "cut.json: refused: The game file ends too soon: it was cut short, perhaps by a download that did "
        "not finish. Download the game again.\n"
    )
    lines = printed.stdout.splitlines()
    assert f"{game}.json: restored as game {game}" in lines
    (new_line,) = [line for line in lines if line.startswith(f"{download}.json")]
    assert new_line.startswith(f"{download}.json: a download, not a backup: restored as a new game ")
    assert not new_line.endswith(download)


def test_a_backup_file_is_a_game_file_with_the_seats_and_a_download_is_not(app):
    service = app.extensions["banker"]
    game = table(service, "Ann", "Bob")
    saved = json.loads(service.export_game(game, backup=True))
    assert saved["backup"]["id"] == game
    assert saved["backup"]["join_code"] == service.seats.join_code(game)
    assert [(s["player"], s["token"], s["claimed"]) for s in saved["backup"]["seats"]] == seats(service, game)
    assert "backup" not in json.loads(service.export_game(game))
    assert service.seats.bank_seat(game).token not in service.export_game(game).decode()


def test_restore_of_a_missing_folder_says_so(tmp_path):
    printed = command(
        "restore",
        str(tmp_path / "nowhere"),
        env={"BANKER_DATABASE_URL": sqlite_url(tmp_path / "x.sqlite3"), "BANKER_SECRET_KEY": "k"},
    )
    assert printed.returncode == 1
    assert printed.stderr == f"There is no folder {tmp_path / 'nowhere'}.\n"


def test_a_backup_of_one_game_says_one_game(app, tmp_path, database_url):
    table(app.extensions["banker"], "Ann", "Bob")
    folder = tmp_path / "backup"
    saved = command(
        "backup", str(folder), env={"BANKER_DATABASE_URL": database_url, "BANKER_SECRET_KEY": "k"}
    )
    assert saved.stdout == f"Saved 1 game to {folder}\n"  # not "1 games"


@pytest.mark.parametrize("others", [[], ["notes.txt"]], ids=["empty", "no game files"])
def test_restore_of_a_folder_without_game_files_says_so(tmp_path, others):
    folder = tmp_path / "backup"
    folder.mkdir()
    for name in others:
        (folder / name).write_text("not a game")
    printed = command(
        "restore",
        str(folder),
        env={"BANKER_DATABASE_URL": sqlite_url(tmp_path / "x.sqlite3"), "BANKER_SECRET_KEY": "k"},
    )
    assert printed.returncode == 1
    assert (printed.stdout, printed.stderr) == (
        "",
        f"There are no game files (*.json) in {folder}: nothing to restore.\n",
    )


def test_restore_says_what_it_reads_of_a_file_that_is_no_game_file(app, tmp_path):
    """In words for the command line: the bank screen's sends the host to its menu."""
    (tmp_path / "settings.json").write_text('{"theme": "dark"}')
    assert list(backups.restore(app.extensions["banker"], tmp_path)) == [
        (
            tmp_path / "settings.json",
            "refused: This is not a Banker game file. `banker restore` reads the files `banker backup`"
            " writes, and games downloaded from a bank screen.",
        )
    ]


def test_a_backup_whose_seats_are_not_the_games_is_refused(app):
    service = app.extensions["banker"]
    game = table(service, "Ann", "Bob")
    saved = service.export_game(game, backup=True)
    service_rows = rows(app)
    for change, error in (
        (
            lambda data: data["backup"]["seats"].pop(),
            "backup.seats: the seats are not the bank's and the players'.",
        ),
        (
            lambda data: data["backup"].update(id="x" * 17),
            "backup: an id, join code or seat token is not one Banker",
        ),
    ):
        with pytest.raises(BadGameFile, match=re.escape(error)):
            service.restore_game(rewritten(saved, change))
    assert rows(app) == service_rows


@pytest.mark.parametrize("undone", [False, True], ids=["seated", "seating undone"])
def test_a_game_with_a_player_seated_late_moves_with_that_players_seat(app, tmp_path, undone):
    """Cy's seat stays when the seating is undone, ready for the next late player: a backup keeps
    it, and a download's copy gets one too."""
    service = app.extensions["banker"]
    game = table(service, "Ann", "Bob")
    bank = service.seats.bank_seat(game).token
    service.run(game, bank, {"type": "add_player", "name": "Cy"})
    if undone:
        service.run(game, bank, {"type": "undo"})
    assert [seat for seat, _, _ in seats(service, game)] == [0, 1, 2, 3]
    engine = make_engine(sqlite_url(tmp_path / "moved.sqlite3"))
    migrate(engine)
    try:
        there = GameService(engine, Broker())
        assert there.restore_game(service.export_game(game, backup=True)).outcome == "restored"
        assert seats(there, game) == seats(service, game) and there.state(game) == service.state(game)
        copy = there.import_game(service.export_game(game))  # a download: new seats, Cy's too
        assert [seat.player_id for seat in copy.players] == [1, 2, 3]
        assert copy.state.players == service.state(game).players and len(copy.state.players) == 3 - undone
    finally:
        engine.dispose()


def test_a_backup_is_for_its_owners_eyes_only(app, tmp_path):
    """Its files open every game's seats, the bank's included."""
    service = app.extensions["banker"]
    table(service, "Ann", "Bob")
    folder = tmp_path / "kept"
    (written,) = backups.backup(service, folder)
    assert folder.stat().st_mode & 0o777 == 0o700
    assert written.stat().st_mode & 0o777 == 0o600
