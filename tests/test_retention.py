"""How long games are kept (banker/service/retention.py): `banker prune --days N` deletes the games
nobody has touched for N days, with their seats and log, and says which (with --dry-run, only
says); `banker serve` does it every hour while BANKER_KEEP_DAYS is set, and by default keeps
every game. A game touched in the meantime stays, and a game deleted is gone from memory too."""

from __future__ import annotations

import itertools
import threading
from datetime import UTC, datetime

import pytest
from sqlmodel import Session, func, select

from banker.cli import pruning
from banker.service.errors import NotFound
from banker.service.retention import IdleGame
from banker.service.seats import SEAT_KEY_SECONDS
from banker.store.models import Action, Game, Seat, Snapshot
from tests.support.servers import command

DAY = 24 * 60 * 60


def stored(app, game_id: str) -> tuple[int, int, int]:
    """The game's rows, seats and actions in the database."""
    with Session(app.extensions["banker"].engine) as session:
        return tuple(
            session.exec(select(func.count()).select_from(table).where(column == game_id)).one()
            for table, column in ((Game, Game.id), (Seat, Seat.game_id), (Action, Action.game_id))
        )


def two_games(app, clock) -> tuple[str, str]:
    """Ann and Bob's game, last played 31 days ago, and Cy and Di's, 11 days ago (its auction closed
    by the server's clock then)."""
    service = app.extensions["banker"]
    old = service.create_game(["Ann", "Bob"])
    service.run(old.game.id, old.banker.token, {"type": "pass_go", "player": 1})
    clock.advance(20 * DAY)
    recent = service.create_game(["Cy", "Di"], options={"auction_seconds": 30})
    service.run(recent.game.id, recent.banker.token, {"type": "decline", "player": 1, "deed": 39})
    clock.advance(31)
    service.settle_due(recent.game.id)
    clock.advance(11 * DAY)
    return old.game.id, recent.game.id


def test_the_games_untouched_for_the_days_given_are_deleted_with_their_seats_and_log(app, clock):
    service = app.extensions["banker"]
    old, recent = two_games(app, clock)
    code = service.seats.join_code(old)
    (gone,) = service.prune(30)
    assert (gone.id, gone.join_code, gone.players, gone.actions) == (old, code, ("Ann", "Bob"), 2)
    assert stored(app, old) == (0, 0, 0)
    assert stored(app, recent) == (1, 3, 3)
    assert service.prune(30) == []
    assert [game.id for game in service.prune(10)] == [recent]


def test_a_long_game_is_deleted_with_its_snapshot(app, clock):
    service = app.extensions["banker"]
    service.states.snapshots.every = 1  # a snapshot after every action, as a long game has
    old, _ = two_games(app, clock)
    assert [game.id for game in service.prune(30)] == [old]
    with Session(service.engine) as session:
        assert (
            session.exec(select(func.count()).select_from(Snapshot).where(Snapshot.game_id == old)).one() == 0
        )


def test_a_dry_run_deletes_nothing_and_says_what_it_would(app, clock):
    service = app.extensions["banker"]
    old, recent = two_games(app, clock)
    assert [game.id for game in service.prune(10, dry_run=True)] == [old, recent]  # the longest idle first
    assert stored(app, old) == (1, 3, 2) and stored(app, recent) == (1, 3, 3)


def test_a_game_touched_while_it_is_pruned_stays(app, clock):
    service = app.extensions["banker"]
    old, _ = two_games(app, clock)
    before = datetime.fromtimestamp(clock() - 30 * DAY, UTC)
    idle = service.retention.idle(before)
    service.run(old, service.seats.bank_seat(old).token, {"type": "pass_go", "player": 2})
    assert service.retention.delete(idle, before) == []
    assert stored(app, old) == (1, 3, 3)


def test_a_game_deleted_is_gone_from_memory_too(app, client, clock):
    """A phone still holding its link is told there is no such game, not shown what was kept."""
    service = app.extensions["banker"]
    old = service.create_game(["Ann", "Bob"], options={"auction_seconds": 30})
    bank = old.banker.token
    service.run(old.game.id, bank, {"type": "decline", "player": 1, "deed": 39})  # an auction's clock
    clock.advance(31 * DAY)
    service.prune(30)
    assert service.settle_all_due() is None  # no deadline left of it
    answer = client.get(f"/api/games/{old.game.id}", headers={"Authorization": f"Bearer {bank}"})
    assert answer.status_code == 404
    with pytest.raises(NotFound):
        service.state(old.game.id)


@pytest.mark.parametrize("key", ["remembered", "read again"])
def test_a_game_another_process_deleted_is_gone_from_this_servers_memory(
    app, client, clock, database_url, key
):
    """`banker prune` from cron beside a running server (or another server pruning): the game
    this server still holds answers 404 to its links, commands and clock, not "very busy" for ever,
    nor "not your seat" once the server reads the bank's key again (it no longer exists)."""
    service = app.extensions["banker"]
    if key == "read again":  # whenever a key is asked for, the one remembered is too old
        ticks = itertools.count(step=2 * SEAT_KEY_SECONDS)
        service.seats.monotonic = lambda: next(ticks)
    old = service.create_game(["Ann", "Bob"], options={"auction_seconds": 30})
    bank = {"Authorization": f"Bearer {old.banker.token}"}
    service.run(old.game.id, old.banker.token, {"type": "decline", "player": 1, "deed": 39})
    assert client.get(f"/api/games/{old.game.id}", headers=bank).status_code == 200  # held in memory
    env = {"BANKER_DATABASE_URL": database_url, "BANKER_SECRET_KEY": "k"}
    assert command("prune", "--days", "30", env=env).stdout.startswith("Removed 1 game")
    clock.advance(31)
    assert service.settle_all_due() is None  # its auction's clock is forgotten, not retried
    assert client.get(f"/api/games/{old.game.id}", headers=bank).status_code == 404
    sent = client.post(
        f"/api/games/{old.game.id}/commands", json={"type": "pass_go", "player": 2}, headers=bank
    )
    assert sent.status_code == 404 and sent.get_json()["error"].startswith("There is no such game.")


def test_banker_prune_says_which_games_it_removed(app, clock, database_url):
    """Run as the host runs it, on the real clock: the tests' games were played in 1970."""
    service = app.extensions["banker"]
    old, recent = two_games(app, clock)
    env = {"BANKER_DATABASE_URL": database_url, "BANKER_SECRET_KEY": "k"}
    dry = command("prune", "--days", "30", "--dry-run", env=env)
    assert dry.returncode == 0, dry.stderr
    lines = dry.stdout.splitlines()
    assert lines[0] == "Would remove 2 games untouched for 30 days (a dry run):"
    assert lines[1].startswith(f"    {service.seats.join_code(old)} (Ann, Bob): 2 actions, the last on 1970-")
    assert lines[1].endswith(f"UTC, game {old}")
    assert stored(app, old) == (1, 3, 2)
    done = command("prune", "--days", "30", env=env)
    assert done.stdout.splitlines()[0] == "Removed 2 games untouched for 30 days:"
    assert stored(app, old) == stored(app, recent) == (0, 0, 0)
    again = command("prune", "--days", "30", env=env)
    assert again.stdout == "No game has gone untouched for 30 days: nothing to remove.\n"
    wrong = command("prune", "--days", "0", env=env)
    assert wrong.returncode == 2 and "a whole number of days, 1 or more, not '0'" in wrong.stderr
    unsaid = command("prune", env=env)
    assert unsaid.returncode == 2
    assert unsaid.stderr == "Say how many days untouched: --days N, or BANKER_KEEP_DAYS=N.\n"


def test_what_prune_says_reads_right_for_one_day_one_game_and_one_action():
    game = IdleGame("g1", "ABC123", ("Ann", "Bob"), datetime(2026, 1, 2, 3, 4, tzinfo=UTC), 1)
    assert pruning.report([], 1) == ["No game has gone untouched for 1 day: nothing to remove."]
    assert pruning.report([game], 1) == [
        "Removed 1 game untouched for 1 day:",
        "    ABC123 (Ann, Bob): 1 action, the last on 2026-01-02 03:04 UTC, game g1",
    ]


def test_banker_prune_keeps_the_days_the_server_keeps_unless_told(app, clock, database_url):
    old, _ = two_games(app, clock)
    env = {"BANKER_DATABASE_URL": database_url, "BANKER_SECRET_KEY": "k", "BANKER_KEEP_DAYS": "30000"}
    kept = command("prune", env=env)
    assert kept.stdout == "No game has gone untouched for 30000 days: nothing to remove.\n"
    told = command("prune", "--days", "30", "--dry-run", env=env)
    assert told.stdout.startswith("Would remove 2 games untouched for 30 days")
    assert stored(app, old) == (1, 3, 2)


def test_banker_serve_prunes_every_hour_while_keep_days_is_set(app, clock, capsys):
    """Cy and Di's game has gone untouched for exactly 11 days: the hour after, it goes too."""
    old, recent = two_games(app, clock)
    assert pruning.keep_pruning(app) is None  # by default every game is kept
    app.config["KEEP_DAYS"] = 11
    waits = []

    def wait(seconds: float) -> bool:  # an hour on the app's clock; stop after the second round
        waits.append(seconds)
        clock.advance(seconds)
        return len(waits) == 2

    pruning.keep_pruning(app, wait).join(5)
    assert waits == [pruning.EVERY, pruning.EVERY]
    assert stored(app, old) == stored(app, recent) == (0, 0, 0)
    rounds = capsys.readouterr().out.split("Removed 1 game untouched for 11 days:\n")
    assert [len(r.splitlines()) for r in rounds] == [0, 1, 1]
    assert f"game {old}" in rounds[1] and f"game {recent}" in rounds[2]


def test_saved_editions_untouched_for_the_days_given_are_deleted_too(app, clock, database_url):
    """A public server's boards are bounded as its games are: one saved 40 days ago goes; one a
    game started on 10 days ago stays (that game keeps its own copy of the board either way)."""
    service = app.extensions["banker"]
    forgotten = service.editions.start("us", "10.0.0.1")
    played = service.editions.start("us", "10.0.0.2")
    clock.advance(30 * DAY)
    service.create_game(["Ann", "Bob"], edition=service.editions.for_game(played.id))
    clock.advance(10 * DAY)
    assert [e.id for e in service.prune_editions(30, dry_run=True)] == [forgotten.id]
    assert service.editions.find(forgotten.id) is not None
    (gone,) = service.prune_editions(30)
    assert (gone.id, gone.title) == (forgotten.id, forgotten.title)
    assert service.editions.find(forgotten.id) is None and service.editions.find(played.id) is not None
    env = {"BANKER_DATABASE_URL": database_url, "BANKER_SECRET_KEY": "k"}  # the real clock: 1970 is long ago
    said = command("prune", "--days", "30", env=env).stdout.splitlines()
    assert said[-2] == "Removed 1 saved edition untouched for 30 days:"
    assert said[-1].startswith("    US standard (Atlantic City) edition, po…: last touched on 1970-")
    assert said[-1].endswith(f"UTC, edition {played.id}")


def test_banker_serve_prunes_before_it_lists_the_games_in_progress(app, clock):
    """Its first round is done when keep_pruning returns: the games in progress `banker serve`
    lists next are not gone a moment later."""
    old, recent = two_games(app, clock)
    app.config["KEEP_DAYS"] = 30
    started = threading.Event()
    later = pruning.keep_pruning(app, lambda seconds: started.set() or True)
    assert stored(app, old) == (0, 0, 0) and stored(app, recent) == (1, 3, 3)
    later.join(5)
    assert started.is_set()


def test_a_game_imported_counts_as_touched_when_it_came(app, client, clock):
    """Its file keeps the times its actions were played at, weeks ago: the game stays until it has
    gone untouched here for the days given."""
    service = app.extensions["banker"]
    old, recent = two_games(app, clock)
    raw = service.export_game(old)
    imported = client.post("/api/games/import", data=raw, content_type="application/json")
    assert imported.status_code == 201
    copy = imported.get_json()["id"]
    assert [game.id for game in service.prune(30)] == [old]
    clock.advance(30 * DAY + 1)
    assert [game.id for game in service.prune(30)] == [copy, recent]
