"""Storing one action: its command decided on the newest state of the game, appended to the log
with its events as the next seq, and told to the live streams. Two writes racing for one seq cannot
both commit: the loser decides again on the fresh state, so no update is lost and no lock is held
between requests. A command is decided at the time stored with it, to the microsecond, so that
deciding it again on the state the log had then gives the same events (game_files.py checks a
game file so). Within one process, one command of a game runs at a time (threads of one server would mostly
race each other); other processes are kept apart by the unique seq alone."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import partial

from banker.rules import Command, Event, GameState, RuleError
from banker.rules.text import Text
from banker.service.acting import decide_for
from banker.service.action_log import ActionLog, Conflict, RequestKey, Stored
from banker.service.broker import Broker
from banker.service.chronicle import record
from banker.service.locks import KeyedLocks
from banker.service.seats import Seats
from banker.service.shares import Shares
from banker.service.states import FoldedStates

MAX_RETRIES = 20


@dataclass(frozen=True)
class Result:
    seq: int
    events: tuple[Event, ...]
    state: GameState


class Recorder:
    def __init__(
        self,
        log: ActionLog,
        states: FoldedStates,
        seats: Seats,
        broker: Broker,
        clock: Callable[[], float],
        settled: Callable[[str], GameState],
        shares: Shares,
    ) -> None:
        self.log = log
        self.states = states
        self.seats = seats
        self.broker = broker
        self.clock = clock
        self.settled = settled  # the game as it stands now, its clocks settled: for a resent command
        self.shares = shares  # the time each game's commands take
        self.locks = KeyedLocks()  # one command of a game at a time in this process

    def append(
        self,
        game_id: str,
        seat_player: int,
        request: RequestKey | None,
        command_for: Callable[[GameState, float], Command],
    ) -> Result:
        """Store the command `command_for` gives on the newest state and the time (seconds since
        the epoch) as the next seq, with the events it decides for the seat `seat_player`,
        retrying when another command got there first; then tell every live stream."""
        with self.locks.of(game_id):
            watched = self.broker.watched(game_id)
            began = self.shares.clock()
            try:
                result = self._append(game_id, seat_player, request, command_for)
            finally:  # stored or refused, the game's own time (not its wait for the lock)
                self.shares.add(game_id, self.shares.clock() - began)
        if watched:
            # under `banker serve` the streams are greenlets: they push the change to every phone
            # now, before this command's own answer is drawn (the sender's tap already showed it
            # was taken; every other phone waits for the push). A game nobody watches does not
            # wait here behind other games' streams.
            time.sleep(0)
        return result

    def _append(
        self,
        game_id: str,
        seat_player: int,
        request: RequestKey | None,
        command_for: Callable[[GameState, float], Command],
    ) -> Result:
        # A command sent again with its request_id (an answer lost on the way) is found by the
        # log's unique (seat, request_id) when storing it fails, or when the state now refuses it:
        # the log is not asked about every command first.
        for attempt in range(MAX_RETRIES):
            # The first try decides on the state this process holds, without asking the log: if
            # another server stored an action since, the unique seq refuses this write and the
            # next try reads the log; a refusal is only given once the log confirms that state.
            kept = (self.states.kept(game_id) if attempt == 0 else None) or self.states.current(game_id)
            state = kept.state
            at = datetime.fromtimestamp(self.clock(), UTC)
            try:
                command = command_for(state, at.timestamp())
                events = decide_for(state, seat_player, command, at.timestamp())
            except RuleError:
                if request and (done := self._done(game_id, seat_player, request)) is not None:
                    return done
                if attempt == 0 and self.states.current(game_id).seq != state.seq:
                    continue
                raise
            request_id = request.id if request else None
            action = Stored(
                seq=state.seq + 1, by=seat_player, events=tuple(events), at=at, request_id=request_id
            )
            try:
                self.log.append(
                    game_id,
                    action,
                    command,
                    request,
                    also=partial(self.seats.store_changes, game_id=game_id, events=action.events),
                )
            except Conflict:
                # this request stored before, or another command (in another server process) took
                # this seq or this request_id
                if request and (done := self._done(game_id, seat_player, request)) is not None:
                    return done
                time.sleep(random.uniform(0, 0.002 * attempt))
                continue
            kept = record(kept, action.seq, action.events, action.sent)
            self.states.remember(game_id, kept, action)
            self.broker.publish(game_id, action.seq)
            if self.states.snapshots.due(action.seq):
                self.states.snapshots.keep(game_id, kept)
            return Result(seq=action.seq, events=action.events, state=kept.state)
        raise RuleError(Text("The table is very busy right now; please try again."))

    def _done(self, game_id: str, seat_player: int, request: RequestKey) -> Result | None:
        found = self.log.sent_before(game_id, seat_player, request.id)
        if found is None:
            return None
        # a command stored before digests were kept counts as the same one
        if found.digest not in (None, request.digest):
            raise RuleError(
                Text(
                    "This request_id was already used for another command from this seat. "
                    "Send each new command with a new request_id."
                )
            )
        return Result(seq=found.seq, events=found.events, state=self.settled(game_id))
