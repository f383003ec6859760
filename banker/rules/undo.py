"""Undo: restore the state before the last action, by appending a fact. The banker can step back
through the last hundred actions; a player can take back their own slip, a moment after."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import ClassVar

from banker.rules.base import Command, Event, require
from banker.rules.errors import RuleError
from banker.rules.fortune import as_told
from banker.rules.state import GameState, Sent, UndoEntry
from banker.rules.tally import GameEnded
from banker.rules.text import Parts, Text

UNDO_DEPTH = 100  # actions the banker can step back through
TAKE_BACK_SECONDS = 10  # how long a player's phone may take back what it just sent


@dataclass(frozen=True)
class Undone(Event):
    """The action stored at `seq` was reversed; the state is as it was just before it. `by` is
    the player who took back their own action, or None when the banker undid it."""

    type = "undone"
    undoable: ClassVar[bool] = False
    seq: int
    summary: str
    auction_deadline: float | None = None  # a restored auction's clock, restarted on undo
    by: int | None = None

    @property
    def is_news(self) -> bool:  # type: ignore[override]
        # money moved back on phones that did not ask for it: each of them hears why
        return self.by is not None

    def apply(self, state: GameState) -> GameState:
        entry = state.undo[-1]
        assert entry.seq == self.seq, "undo out of order"
        overtime = state.overtime or any(_ended_by_the_clock(event) for event in entry.events)
        restored = replace(entry.prior, undo=state.undo[:-1], seq=state.seq, overtime=overtime)
        if restored.auction is not None and self.auction_deadline is not None:
            restored = replace(restored, auction=replace(restored.auction, deadline=self.auction_deadline))
        return restored

    def describe(self, state: GameState) -> Text:
        if self.by is not None:
            return Text("%(player)s took back: %(what)s", player=state.name_of(self.by), what=self.summary)
        return Text("Undone: %(what)s", what=self.summary)

    def describe_to(self, state: GameState, you: int) -> Text:
        if you == self.by:
            return Text("You took back: %(what)s", what=self.summary)
        return self.describe(state)


@dataclass(frozen=True)
class Undo(Command):
    type = "undo"
    banker_only = True
    after_end = True  # a game ended by mistake (a wrong bankruptcy, a wrong payment) can be taken back
    seq: int | None = None  # the action the banker saw in the preview, if one was shown

    def decide(self, state: GameState, now: float) -> list[Event]:
        require(bool(state.undo), Text("There is nothing to undo."))
        require(
            self.seq in (None, state.undo[-1].seq),
            Text("Something else happened since you looked; check what Undo will reverse now."),
        )
        return [_undone(state, now)]


@dataclass(frozen=True)
class TakeBack(Command):
    """A player takes back their own slip: the game's last action (a phone taking its seat since
    does not count), sent from their phone at most TAKE_BACK_SECONDS ago. Once anything else has
    happened, once the time is up, for an action the bank or another phone sent, and for what
    another player agreed to or receives for good (see `take_back_refusal`: an accepted trade, a
    bankruptcy), only the banker can undo it."""

    type = "take_back"
    player: int
    seq: int  # the action the phone offered to take back

    def decide(self, state: GameState, now: float) -> list[Event]:
        state.player(self.player)
        entry = state.undo[-1] if state.undo else None
        require(
            self.seq == state.played,
            Text(
                "Something else has happened since, so it cannot be taken back here; the banker can undo it."
            ),
        )
        if entry is None or entry.seq != self.seq:
            raise RuleError(Text("There is nothing of yours to take back."))
        require(
            entry.sent is not None and entry.sent.by == self.player,
            Text("Only the phone that sent it can take it back; the banker can undo it."),
        )
        for event in entry.events:
            if event.take_back_refusal is not None:
                raise RuleError(event.take_back_refusal)
        require(
            entry.sent is not None and now - entry.sent.at <= TAKE_BACK_SECONDS,
            Text(
                "Too late to take it back: that was more than %(seconds)s seconds ago. The banker can "
                "undo it.",
                seconds=TAKE_BACK_SECONDS,
            ),
        )
        return [_undone(state, now, by=self.player)]


def _undone(state: GameState, now: float, by: int | None = None) -> Undone:
    """The fact that reverses the last action on the undo stack."""
    entry = state.undo[-1]
    # An auction brought back (say, a sale undone) gets time on the clock again, or the next look
    # at it would close it at once.
    auction = entry.prior.auction
    deadline = max(auction.deadline, now + state.rules.auction_extension_seconds) if auction else None
    summary = describe_action(entry.prior, entry.events)
    return Undone(seq=entry.seq, summary=summary, auction_deadline=deadline, by=by)


def undo_preview(state: GameState) -> Text | None:
    """What Undo would reverse, in words, or None when there is nothing to undo."""
    if not state.undo:
        return None
    entry = state.undo[-1]
    return describe_action(entry.prior, entry.events)


def describe_action(state: GameState, events: Iterable[Event], you: int | None = None) -> Text:
    """One action (a command's events) as one line: "Ann paid Bob $50; Bob now owns Boardwalk";
    as player `you` reads it on their own phone, when given: "You paid Bob $50"."""
    events = as_told(events)
    if you is None:
        return Parts(event.describe(state) for event in events)
    return Parts(event.describe_to(state, you) for event in events)


def headline(state: GameState, events: Iterable[Event], you: int | None = None) -> Text:
    """The one line a toast leads with: of the action's lines that made it news, else of all, the
    last that `you` reads in the second person ("You went to jail", after the card's wording),
    else the last ("Sold! Bob bought Boardwalk for $420")."""
    events = as_told(events)
    if not events:
        return Text("")
    told = [e for e in events if e.is_news] or events  # what made it news leads
    if you is not None:
        yours = [e for e in told if e.describe_to(state, you) != e.describe(state)]
        return _telling(yours or told).describe_to(state, you)
    return _telling(told).describe(state)


def _telling(events: list[Event]) -> Event:
    """The last of `events`, unless it is one of several of its kind (a card's payment from every
    player): one of those would tell a part as the whole, so the last of another kind tells it."""
    last = events[-1]
    if sum(type(event) is type(last) for event in events) > 1:
        return next((event for event in reversed(events) if type(event) is not type(last)), last)
    return last


def remember(
    state: GameState, prior: GameState, seq: int, events: tuple[Event, ...], sent: Sent | None = None
) -> GameState:
    """Push the action onto the undo stack unless it cannot be undone (a start, an undo)."""
    if not all(e.undoable for e in events):
        return state
    entry = UndoEntry(seq=seq, prior=replace(prior, undo=()), events=events, sent=sent)
    return replace(state, undo=(*state.undo, entry)[-UNDO_DEPTH:])


def _ended_by_the_clock(event: Event) -> bool:
    """A timed game's end at its time: undone, the game would be due to end again at once, and no
    slip made before it could be reached."""
    return isinstance(event, GameEnded) and event.reason == "time"
