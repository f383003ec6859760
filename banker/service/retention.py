"""How long games are kept: a public server deletes the games nobody has touched for a number of
days (their log, seats and row), so that its disk holds what its tables play, not every game ever
started or imported there. A game is touched when it is made or imported here, and by each action
stored for it; one restored from a backup keeps the times it had. A game touched while it is being
deleted stays: its deletion is one transaction, undone when an action came in."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import aliased

from banker.rules import GameStarted
from banker.service.action_log import ActionLog
from banker.service.seats import Seats
from banker.service.states import FoldedStates
from banker.store.db import utc
from banker.store.models import Action, Game


@dataclass(frozen=True)
class IdleGame:
    """A game nobody has touched since `last`: its id, join code, the players it started with and
    how many actions its log holds."""

    id: str
    join_code: str
    players: tuple[str, ...]
    last: datetime
    actions: int


class Retention:
    def __init__(self, engine: Engine, log: ActionLog, seats: Seats, states: FoldedStates) -> None:
        self.engine = engine
        self.log = log
        self.seats = seats
        self.states = states

    def prune(self, before: datetime, dry_run: bool = False) -> list[IdleGame]:
        """Delete the games nobody has touched since `before` (with `dry_run`, only find them); the
        games deleted, or that would be."""
        idle = self.idle(before)
        return idle if dry_run else self.delete(idle, before)

    def idle(self, before: datetime) -> list[IdleGame]:
        """The games made here and last acted in before `before`, the longest idle first. A game
        imported keeps the times of its file's actions: it counts as touched when it came."""
        # a game's last action is its highest seq: one look in the log's index per game
        latest = aliased(Action)
        last_seq = select(func.max(latest.seq)).where(latest.game_id == Game.id).scalar_subquery()
        idle = (
            select(Game.id, Game.join_code, Action.created_at, Action.seq)
            .join(Action, (Action.game_id == Game.id) & (Action.seq == last_seq))
            .where(Game.created_at < before, Action.created_at < before)
            .order_by(Action.created_at)
        )
        with self.engine.connect() as connection:
            rows = connection.execute(idle).all()
        return [
            IdleGame(game_id, join_code, self._players(game_id), utc(last), actions)
            for game_id, join_code, last, actions in rows
        ]

    def delete(self, games: list[IdleGame], before: datetime) -> list[IdleGame]:
        """Delete each game unless an action was stored for it from `before` on; those deleted."""
        deleted = []
        for game in games:
            try:
                with self.engine.begin() as connection:
                    if not self.log.delete_idle(connection, game.id, before):
                        continue
                    self.states.snapshots.delete(connection, game.id)
                    self.seats.delete(connection, game.id)
            except IntegrityError:  # an action stored meanwhile still refers to the game: it stays
                continue
            self.states.forget(game.id)  # and its clocks
            deleted.append(game)
        return deleted

    def _players(self, game_id: str) -> tuple[str, ...]:
        (start,) = self.log.between(game_id, 0, 1)
        (started,) = start.events
        assert isinstance(started, GameStarted)
        return tuple(name for name, _ in started.players)
