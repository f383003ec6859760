"""A long game opens from its latest snapshot and the actions after it, not from its first action,
and opens the same as if folded from its whole log; a snapshot that another version of the rules
made, or that cannot be read, is passed over."""

from __future__ import annotations

import pytest
from sqlalchemy import func, select, update

from banker.service import GameService
from banker.service.broker import Broker
from banker.service.chronicle import record
from banker.service.snapshots import folding_files, rules_digest
from banker.store.db import make_engine, migrate
from banker.store.models import Snapshot

EVERY = 20


@pytest.fixture
def engine(database_url):
    engine = make_engine(database_url)
    migrate(engine)
    yield engine
    engine.dispose()


def service_on(engine) -> GameService:
    """A server process that has just started: nothing of any game in memory."""
    service = GameService(engine, Broker())
    service.states.snapshots.every = EVERY
    return service


def played(service: GameService, actions: int) -> str:
    game = service.create_game(["Ann", "Bob", "Cy"])
    for n in range(actions - 1):
        payment = {"type": "pay_player", "player": 1 + n % 3, "to": 1 + (n + 1) % 3, "amount": 1 + n % 7}
        service.run(game.game.id, game.banker.token, payment)
    return game.game.id


def from_its_whole_log(service: GameService, game_id: str):
    folded = None
    for action in service.log.after(game_id, 0):
        folded = record(folded, action.seq, action.events, action.sent)
    return folded


def snapshots(engine, game_id: str) -> list[int]:
    with engine.connect() as connection:
        return list(connection.execute(select(Snapshot.seq).where(Snapshot.game_id == game_id)).scalars())


def test_a_long_game_opens_from_its_latest_snapshot_and_the_actions_after_it(engine, rows_read):
    game_id = played(service_on(engine), 3 * EVERY + 7)
    assert snapshots(engine, game_id) == [3 * EVERY]  # the latest only
    restarted = service_on(engine)
    rows_read.count = 0
    opened = restarted.chronicle(game_id)
    assert rows_read.count == 7  # the actions after the snapshot, not all 67
    assert opened.state == from_its_whole_log(restarted, game_id).state
    assert opened.standings() == from_its_whole_log(restarted, game_id).standings()  # the chart too
    restarted.run(game_id, restarted.seats.bank_seat(game_id).token, {"type": "pass_go", "player": 2})
    assert (
        restarted.state(game_id).player(2).cash == from_its_whole_log(restarted, game_id).state.player(2).cash
    )


def test_a_snapshot_of_other_rules_or_that_cannot_be_read_is_passed_over(engine, rows_read, caplog):
    game_id = played(service_on(engine), EVERY + 3)
    for change in ({"rules": "another version"}, {"rules": rules_digest(), "folded": b"not a snapshot"}):
        with engine.begin() as connection:
            connection.execute(update(Snapshot).where(Snapshot.game_id == game_id).values(**change))
        restarted = service_on(engine)
        rows_read.count = 0
        opened = restarted.state(game_id)
        assert rows_read.count == EVERY + 3  # folded from its first action
        assert opened == from_its_whole_log(restarted, game_id).state
    assert "could not be read" in caplog.text


def test_an_imported_long_game_keeps_a_snapshot(engine, rows_read):
    service = service_on(engine)
    raw = service.export_game(played(service, EVERY + 5))
    imported = service.import_game(raw).game.id
    assert snapshots(engine, imported) == [EVERY + 5]
    rows_read.count = 0
    opened = service_on(engine).state(imported)
    assert rows_read.count == 0
    assert opened == from_its_whole_log(service, imported).state


def test_a_short_game_keeps_no_snapshot(engine):
    service = service_on(engine)
    game_id = played(service, EVERY - 1)
    with engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(Snapshot)).scalar() == 0
    assert service_on(engine).state(game_id).seq == EVERY - 1


def test_a_snapshot_made_by_another_chronicle_is_not_used():
    """The chronicle is pickled with the state: a snapshot from before its fields changed (the
    biggest rent kept as one moment) read by the new code would lose them without an error."""
    names = {name for name, _ in folding_files()}
    assert {"service/chronicle.py", "rules/trades.py", "rules/editions/us.json"} <= names
