"""The banker's Undo: restore the state before the last action, by appending a fact."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import ClassVar

from banker.rules.base import Command, Event, require
from banker.rules.state import GameState, UndoEntry
from banker.rules.text import Parts, Text

UNDO_DEPTH = 100  # actions the banker can step back through


@dataclass(frozen=True)
class Undone(Event):
    """The action stored at `seq` was reversed; the state is as it was just before it."""

    type = "undone"
    undoable: ClassVar[bool] = False
    seq: int
    summary: str
    auction_deadline: float | None = None  # a restored auction's clock, restarted on undo

    def apply(self, state: GameState) -> GameState:
        entry = state.undo[-1]
        assert entry.seq == self.seq, "undo out of order"
        restored = replace(entry.prior, undo=state.undo[:-1], seq=state.seq)
        if restored.auction is not None and self.auction_deadline is not None:
            restored = replace(restored, auction=replace(restored.auction, deadline=self.auction_deadline))
        return restored

    def describe(self, state: GameState) -> Text:
        return Text("Undone: %(what)s", what=self.summary)


@dataclass(frozen=True)
class Undo(Command):
    type = "undo"
    banker_only = True
    after_end = True  # a game ended by mistake (a wrong bankruptcy, a wrong payment) can be taken back
    seq: int | None = None  # the action the banker saw in the preview, if one was shown

    def decide(self, state: GameState, now: float) -> list[Event]:
        summary = undo_preview(state)
        require(summary is not None, Text("There is nothing to undo."))
        top = state.undo[-1].seq
        require(
            self.seq in (None, top),
            Text("Something else happened since you looked; check what Undo will reverse now."),
        )
        # An auction brought back (say, a sale undone) gets time on the clock again, or the
        # next look at it would close it at once.
        auction = state.undo[-1].prior.auction
        deadline = max(auction.deadline, now + state.rules.auction_extension_seconds) if auction else None
        return [Undone(seq=top, summary=summary, auction_deadline=deadline)]


def undo_preview(state: GameState) -> Text | None:
    """What Undo would reverse, in words, or None when there is nothing to undo."""
    if not state.undo:
        return None
    entry = state.undo[-1]
    return describe_action(entry.prior, entry.events)


def describe_action(state: GameState, events: Iterable[Event]) -> Text:
    """One action (a command's events) as one line: "Ann paid Bob $50; Bob now owns Boardwalk"."""
    return Parts(event.describe(state) for event in events)


def remember(state: GameState, prior: GameState, seq: int, events: tuple[Event, ...]) -> GameState:
    """Push the action onto the undo stack unless it cannot be undone (a start, an undo)."""
    if not all(getattr(e, "undoable", True) for e in events):
        return state
    entry = UndoEntry(seq=seq, prior=replace(prior, undo=()), events=events)
    return replace(state, undo=(*state.undo, entry)[-UNDO_DEPTH:])
