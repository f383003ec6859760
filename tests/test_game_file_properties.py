"""Any game the table property test plays (tests/support/table.py: its commands,
presets and house rules) moves between servers as a game file: stored from the table's own log
with the commands it played, exported and imported again, it folds to the same state under a new
id, and play goes on there. The file is a claim the rules check: the same file with any one field
of any event changed (an amount, an owner, a deed, the dice) is refused at that action, named."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime

import pytest
from hypothesis.stateful import run_state_machine_as_test

from banker.rules import Command, GameStarted, GameState, describe_action, fold
from banker.rules.board import edition_to_json
from banker.rules.editions import CUSTOM, custom_edition
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
        edition_data=custom_edition(edition_to_json(state.edition)),
    )


# the table decides at time 0 (decide's default), so its log is dated then
AT = datetime.fromtimestamp(0.0, UTC)


class MovedTable(Table):
    """The table's game, at the end of each run, put on a server and moved to another."""

    service: GameService

    def __init__(self) -> None:
        super().__init__()
        self.commands: list[Command] = []  # the command of each action in the log
        self.lines: list[str] = []  # each action's history line, worded just after it

    def act(self, command: Command) -> None:
        if not self.log:  # the game is played on the board its file names: a custom edition's cards
            self.state = self.start_state = fold([(1, [started(self.start_state)])])  # read as typed
        stored = len(self.log)
        super().act(command)
        if len(self.log) > stored:
            self.commands.append(command)
            self.lines.append(str(describe_action(self.state, self.log[-1][1])))

    def teardown(self) -> None:
        first = FileAction(seq=1, by=BANKER, at=AT, events=(started(self.start_state).to_json(),))
        played = tuple(
            FileAction(
                seq=seq,
                by=BANKER,
                at=AT,
                events=tuple(event.to_json() for event in events),
                command=command.to_json(),
            )
            for (seq, events), command in zip(self.log, self.commands, strict=True)
        )
        raw = game_files.write(GameFile(actions=(first, *played)))
        for changed, seq in one_event_changed(raw):
            try:
                game_files.read(changed, now=0.0)
            except game_files.BadGameFile as refused:
                assert refused.message.startswith(f"The game file's action {seq} is not what"), refused
            else:
                raise AssertionError(f"a file with action {seq} changed was imported")
        here = self.service.import_game(raw)
        kept = self.service.state(here.game.id)
        # worded afresh, each line reads as it did just after its action: a player renamed since,
        # a late player's seat undone and given to another, keep the names they had then
        worded = [line.text for line in reversed(self.service.history(here.game.id, limit=None))]
        assert worded[1:] == self.lines
        assert without_bookkeeping(replace(kept, edition=self.state.edition)) == without_bookkeeping(
            self.state
        )

        raw = self.service.export_game(here.game.id)
        logged = [
            {
                "seq": seq,
                "by": BANKER,
                "at": AT.isoformat(),
                "command": command.to_json(),
                "events": [e.to_json() for e in events],
            }
            for (seq, events), command in zip(self.log, self.commands, strict=True)
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


def one_event_changed(raw: bytes) -> Iterator[tuple[bytes, int]]:
    """The file with one field of one event changed, for each action after the start, with the
    action's seq: a number, a yes-or-no, a text or a list of numbers (the dice, the deeds), a
    different field from one action to the next."""
    content = json.loads(raw)
    del content["sha256"]
    for action in content["actions"][1:]:
        fields = [
            (event, name)
            for event in action["events"]
            for name, value in event.items()
            if name != "type" and changed(value) is not None
        ]
        if not fields:
            continue
        event, name = fields[action["seq"] % len(fields)]
        value = event[name]
        event[name] = changed(value)
        yield json.dumps({**content, "sha256": game_files.digest(content)}).encode(), action["seq"]
        event[name] = value


def changed(value: object) -> object:
    """Another value of the same kind (None for a field left as it is)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 1
    if isinstance(value, str):
        return value + "!"
    if isinstance(value, list) and value and isinstance(value[0], int):
        return [value[0] + 1, *value[1:]]
    return None


@pytest.mark.hypothesis  # a state machine, run by hand
def test_any_table_game_exported_and_imported_is_the_same_game_and_plays_on(migrated_url):
    engine = make_engine(migrated_url)
    # the table decides at time 0: its auctions' clocks have not run out on this server's clock
    MovedTable.service = GameService(engine, Broker(), clock=FakeClock(0.0))
    try:
        run_state_machine_as_test(MovedTable, settings=searched(15, 300, stateful_step_count=40))
    finally:
        engine.dispose()
