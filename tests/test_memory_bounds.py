"""Memory stays bounded however many games a server sees: what it keeps per game is kept for the
recently used games only, and a game dropped from memory is read from its log again, unchanged."""

from __future__ import annotations

import pytest

import banker.service.broker
import banker.service.history
from banker import config, create_app
from banker.lru import LRU
from banker.service import GameService
from banker.service.broker import Broker
from banker.store.db import make_engine


@pytest.fixture
def engine(migrated_url):
    engine = make_engine(migrated_url)
    yield engine
    engine.dispose()


def test_the_service_keeps_the_states_of_the_recently_used_games_only(engine, rows_read):
    service = GameService(engine, Broker(), games_kept=3)
    games = [service.create_game(["Ann", "Bob"]) for _ in range(5)]
    for amount, game in enumerate(games, start=10):
        service.run(game.game.id, game.banker.token, {"type": "pay_bank", "player": 1, "amount": amount})
    rows_read.count = 0
    for game in games[2:]:  # the three used last are answered from memory
        service.state(game.game.id)
    assert rows_read.count == 0
    restarted = GameService(engine, Broker())
    for amount, game in enumerate(games[:2], start=10):  # the others are folded from their log again
        rows_read.count = 0
        state = service.state(game.game.id)
        assert rows_read.count == 2 and state == restarted.state(game.game.id)
        assert state.player(1).cash == 1500 - amount
    assert len(service.states.chronicles) == 3


def test_nothing_the_service_keeps_per_game_grows_with_the_number_of_games(engine, monkeypatch):
    monkeypatch.setattr(banker.service.history, "LINES_KEPT", 10)
    monkeypatch.setattr(banker.service.broker, "SEQS_KEPT", 4)
    service = GameService(engine, Broker(), games_kept=3)
    for _ in range(12):
        game = service.create_game(["Ann", "Bob"])
        game_id = game.game.id
        service.run(game_id, game.banker.token, {"type": "pass_go", "player": 1})  # a lock, a publish
        service.seats.join_code(game_id)
        assert len(service.history(game_id)) == 2
        assert service.broker.wait(game_id, after_seq=2, timeout=0) == 2  # a live stream that timed out
    assert len(service.states.chronicles) == len(service.seats.join_codes) == 3
    assert len(service.wording.wordings) <= 5  # at most 10 lines of 2 each
    assert len(service.recorder.locks) == 0  # no command is running
    assert len(service.broker._seq) == 4 and not service.broker._waiting


def test_a_timed_game_dropped_from_memory_still_ends_on_time(engine, clock):
    service = GameService(engine, Broker(), clock=clock, games_kept=1)
    timed = service.create_game(["Ann", "Bob"], options={"end_at": int(clock() + 60)})
    service.create_game(["Cy", "Di"])  # the timed game's state is dropped
    assert len(service.states.chronicles) == 1
    clock.advance(60)
    service.settle_all_due()
    assert service.state(timed.game.id).ended


def test_how_many_games_a_server_keeps_is_set_by_the_environment(monkeypatch, tmp_path, database_url):
    monkeypatch.setenv("BANKER_GAMES_KEPT", "7")
    assert config.defaults(str(tmp_path))["GAMES_KEPT"] == 7
    app = create_app(
        {"SECRET_KEY": "t", "INSTANCE_PATH": str(tmp_path), "DATABASE_URL": database_url, "TIMER": False}
    )
    assert app.extensions["banker"].states.chronicles.bound == 7
    app.extensions["banker"].close()  # on PostgreSQL its listener would outlive the server
    monkeypatch.setenv("BANKER_GAMES_KEPT", "many")
    with pytest.raises(SystemExit, match="BANKER_GAMES_KEPT must be a whole number"):
        config.defaults(str(tmp_path))


def test_an_lru_drops_the_least_recently_used_entries_beyond_its_bound():
    kept: LRU[str, str] = LRU(10, weight=len)
    kept.put("a", "aaaa")
    kept.put("b", "bbbb")
    assert kept.get("a") == "aaaa"  # now the most recently used
    kept.put("c", "cccc")
    assert kept.get("b") is None and kept.get("a") == "aaaa" and kept.get("c") == "cccc"
    kept.put("d", "d" * 20)  # heavier than the bound alone: kept, and alone
    assert len(kept) == 1 and kept.get("d")


def test_screens_drawn_whole_for_streams_far_behind_are_kept_to_two_megabytes():
    from banker.web.panels import fragments

    screen = "<div>" + "x" * 39_989 + "</div>"  # 40 kB, a bank's screen late in a game
    for n in range(100):
        fragments.once(("whole", "test", n), lambda: screen, fragments.SCREENS)
    kept = [n for n in range(100) if fragments.SCREENS.get(("whole", "test", n)) is not None]
    assert kept == list(range(50, 100))  # the newest 50: 2 MB
