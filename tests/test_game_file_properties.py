"""Any game the table property test plays (tests/support/table.py: its commands,
presets and house rules) moves between servers as a game file: stored from the table's own log,
exported and imported again, it folds to the same state under a new id, and play goes on there."""

from __future__ import annotations

import json
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from hypothesis.stateful import run_state_machine_as_test

from banker.rules import GameStarted, GameState
from banker.rules.board import edition_to_json
from banker.rules.editions import CUSTOM
from banker.service import GameService, game_files
from banker.service.broker import Broker
from banker.service.game_files import FileAction, GameFile
from banker.service.seats import BANKER
from banker.store.db import make_engine
from tests.support.clock import FakeClock
from tests.support.properties import searched
from tests.support.table import Table, without_bookkeeping


def started(state: GameState) -> GameStarted:
    """The start of the table's game, as its log would hold it: its board is a custom edition,
    since the table changes the house supply of the one it starts with."""
    dealt = None
    if state.rules.deal_deeds:
        dealt = tuple(
            tuple(sorted(p for p, holding in state.holdings.items() if holding.owner == player.id))
            for player in state.players
        )
    return GameStarted(
        edition=CUSTOM,
        rules=tuple(state.rules.as_dict().items()),
        players=tuple((player.name, player.token) for player in state.players),
        dealt=dealt,
        deck=(*state.market, *state.deck) or None,
        edition_data=edition_to_json(state.edition),
    )


class MovedTable(Table):
    """The table's game, at the end of each run, put on a server and moved to another."""

    service: GameService

    def teardown(self) -> None:
        at = datetime(2026, 11, 24, tzinfo=UTC)
        first = FileAction(seq=1, by=BANKER, at=at, events=(started(self.start_state).to_json(),))
        played = (
            FileAction(seq=seq, by=BANKER, at=at, events=tuple(event.to_json() for event in events))
            for seq, events in self.log
        )
        here = self.service.import_game(game_files.write(GameFile(actions=(first, *played))))
        kept = self.service.state(here.game.id)
        assert without_bookkeeping(replace(kept, edition=self.state.edition)) == without_bookkeeping(
            self.state
        )

        raw = self.service.export_game(here.game.id)
        logged = [
            {"seq": seq, "by": BANKER, "at": at.isoformat(), "events": [e.to_json() for e in events]}
            for seq, events in self.log
        ]
        assert json.loads(raw)["actions"][1:] == json.loads(json.dumps(logged))
        there = self.service.import_game(raw)
        assert there.game.id != here.game.id
        assert self.service.state(there.game.id) == kept

        command = {"type": "undo"}
        if not kept.ended:
            player = next(p.id for p in kept.players if not p.bankrupt)
            command = {
                "type": "collect_from_bank",
                "player": player,
                "amount": kept.rules.round_to,
                "reason": "Prize",
            }
        result = self.service.run(there.game.id, there.banker.token, command)
        assert result.seq == kept.seq + 1
        assert self.service.state(here.game.id) == kept


@pytest.mark.hypothesis  # a state machine, run by hand
def test_any_table_game_exported_and_imported_is_the_same_game_and_plays_on(migrated_url):
    engine = make_engine(migrated_url)
    # the table decides at time 0: its auctions' clocks have not run out on this server's clock
    MovedTable.service = GameService(engine, Broker(), clock=FakeClock(0.0))
    try:
        run_state_machine_as_test(MovedTable, settings=searched(15, 300, stateful_step_count=40))
    finally:
        engine.dispose()
