"""Each game folded from its log, kept in memory for the games used most recently: the latest
state with what the log told on the way (a Chronicle), and the last few states with the actions
between them, for live streams a few changes behind. A game not kept (never seen here, or not
used for a while) is folded from its whole log when next asked for; one kept is caught up with
the actions stored since (by any server process)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass

from banker.lru import LRU
from banker.rules import GameState
from banker.service.action_log import ActionLog, Stored
from banker.service.chronicle import Chronicle, record
from banker.service.errors import NotFound
from banker.service.pacing import in_turns
from banker.service.snapshots import Snapshots

# the latest states of a game kept, one per action (some 1 kB each): a stream fewer changes behind
# is brought up from the state it shows (banker/web/screens/table.py); further behind, it is drawn
# its screen whole, some 20 times the cost. With 8 kept, a game a script paid on 80 times a second
# left its streams drawing whole screens, ever further behind (docs/performance.md).
STATES_KEPT = 32


@dataclass(frozen=True)
class Step:
    """A state the game reached, and the action that took it there."""

    state: GameState
    # None for the game's start (whose event holds the whole edition) and for a snapshot
    action: Stored | None


class FoldedStates:
    def __init__(
        self,
        log: ActionLog,
        snapshots: Snapshots,
        games_kept: int,
        watch: Callable[[str, GameState], None],
        gone: Callable[[str], None],
    ) -> None:
        self.log = log
        self.snapshots = snapshots
        self.watch = watch  # told of each game's newest state (the clocks keep its deadline)
        self.gone = gone  # told of a game deleted (the clocks drop its deadline)
        self.chronicles: LRU[str, Chronicle] = LRU(games_kept)
        self._recent: LRU[str, tuple[Step, ...]] = LRU(games_kept)  # the latest actions, in turn
        self._lock = threading.Lock()

    def kept(self, game_id: str) -> Chronicle | None:
        """The game as this process holds it, without asking the log whether it moved on."""
        return self.chronicles.get(game_id)

    def current(self, game_id: str) -> Chronicle:
        """The folded game, as kept plus any actions stored since; NotFound for no such game. A game
        not kept is opened from its latest snapshot, if it has one."""
        kept = self.chronicles.get(game_id)
        if kept is None and (kept := self.snapshots.latest(game_id)) is not None:
            self.remember(game_id, kept, None)
        try:
            rows = self.log.after(game_id, kept.seq if kept else 0)
        except NotFound:
            if kept is not None:  # deleted since by another process: `banker prune`, another server
                self.forget(game_id)
            raise
        for action in in_turns(rows):
            kept = record(kept, action.seq, action.events, action.sent)
            if action.seq > rows[-1].seq - STATES_KEPT:
                self.remember(game_id, kept, action)
        assert kept is not None
        return kept

    def remember(self, game_id: str, kept: Chronicle, action: Stored | None) -> None:
        """Keep the game as folded up to `action` (None: a snapshot's, not read from the log),
        unless a newer fold is kept already."""
        with self._lock:
            current = self.chronicles.get(game_id)
            if current is None or current.seq < kept.seq:
                self.chronicles.put(game_id, kept)
                self.watch(game_id, kept.state)
                recent = self._recent.get(game_id) or ()
                step = Step(kept.state, action if action and action.seq > 1 else None)
                follows = recent and recent[-1].state.seq + 1 == kept.seq
                self._recent.put(game_id, (*recent, step)[-STATES_KEPT:] if follows else (step,))

    def forget(self, game_id: str) -> None:
        """Drop what is kept of a game that was deleted."""
        self.chronicles.pop(game_id)
        self._recent.pop(game_id)
        self.gone(game_id)

    def states_from(self, game_id: str, seq: int) -> list[GameState] | None:
        """The game's state at `seq` and after each action since, oldest first, while this
        process still holds every one of them (the latest STATES_KEPT); else None. A phone's
        live stream that is a few changes behind is brought through each of them in turn."""
        recent = self._recent.get(game_id) or ()
        chain = [step.state for step in recent if step.state.seq >= seq]
        return chain if chain and chain[0].seq == seq else None

    def stored_between(self, game_id: str, after: int, upto: int) -> list[Stored]:
        """The actions after `after` up to `upto`, oldest first: from memory for the latest ones
        (each live stream, each language's history line asks for the newest), else from the log."""
        steps = self._recent.get(game_id) or ()
        recent = [s.action for s in steps if s.action and after < s.action.seq <= upto]
        if len(recent) == upto - after:
            return recent
        return self.log.between(game_id, after, upto)
