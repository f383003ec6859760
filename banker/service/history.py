"""A game's history as lines a person reads, in each language asked for. Every phone of a game asks
for the newest lines after each change, and a long game's whole history may be downloaded: the
lines are worded once per game and language and kept (see Wording), and only the actions not
worded yet are read."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

from banker.lru import LRU
from banker.rules import Event, GameState, describe_action
from banker.rules.text import Text
from banker.rules.undo import Undone
from banker.service.chronicle import players_along
from banker.service.pacing import in_turns
from banker.service.states import FoldedStates

LINES_KEPT = 100_000  # history lines kept in all (a line takes some 150 bytes)
OLDER_LINES_READ = 500  # how far back a filtered history reads the log at a time


@dataclass(frozen=True)
class HistoryLine:
    seq: int
    text: str  # in the language it was asked for
    undone: bool


@dataclass(frozen=True)
class Wording:
    """A game's history lines in one language, for the actions `first`..`last`: the newest
    ones, and as far back as anyone has asked. Undo only reverses the action on top, so every undo
    of an action in here is in here too."""

    first: int
    texts: tuple[str, ...]
    parties: tuple[int, ...]  # each action's players (and the bank, 0) as bits: 1 << player
    undone: frozenset[int]

    @property
    def last(self) -> int:
        return self.first + len(self.texts) - 1

    def then(self, newer: Wording) -> Wording:
        return Wording(
            first=self.first,
            texts=self.texts + newer.texts,
            parties=self.parties + newer.parties,
            undone=self.undone | newer.undone,
        )


class HistoryWording:
    def __init__(self, states: FoldedStates) -> None:
        self.states = states
        self.wordings: LRU[tuple[str, str], Wording] = LRU(LINES_KEPT, weight=lambda w: len(w.texts))

    def lines(
        self,
        game_id: str,
        state: GameState,
        limit: int | None = 50,
        player: int | None = None,
        before: int | None = None,
        language: str = "en",
        say: Callable[[Text], str] = str,
    ) -> list[HistoryLine]:
        """The newest actions up to `state` first (those before the seq `before`, when given), at
        most `limit` of them, each as one line in `language` (worded by `say`; a Text is its
        English); with `player`, only the actions that player took part in."""
        top = state.seq if before is None else min(state.seq, before - 1)
        wanted = None if player is None else (1 << player if 0 <= player < 63 else 0)
        lines: list[HistoryLine] = []
        if top < 1 or wanted == 0:  # nothing asked for, or no such player: no need to read the log
            return lines
        first = max(1, top - (top if limit is None else limit) + 1)
        wording = self._wording(game_id, state, first, language, say)
        seq = top
        while seq >= 1 and (limit is None or len(lines) < limit):
            if seq < wording.first:
                wording = self._wording(game_id, state, max(1, seq - OLDER_LINES_READ + 1), language, say)
            index = seq - wording.first
            if wanted is None or wording.parties[index] & wanted:
                lines.append(HistoryLine(seq=seq, text=wording.texts[index], undone=seq in wording.undone))
            seq -= 1
        return lines

    def _wording(
        self, game_id: str, state: GameState, first: int, language: str, say: Callable[[Text], str]
    ) -> Wording:
        """The game's lines in `language` from action `first` (or before) up to `state`'s seq (or
        after), the kept ones extended by those not worded yet."""
        key = (game_id, language)
        kept = self.wordings.get(key)
        if kept is not None and kept.last < first - 1:
            kept = None  # what is kept ends long before the lines asked for: not worth reading the gap
        wording = kept or self._worded(game_id, state, first - 1, state.seq, say)
        if wording.last < state.seq:
            wording = wording.then(self._worded(game_id, state, wording.last, state.seq, say))
        if first < wording.first:
            wording = self._worded(game_id, state, first - 1, wording.first - 1, say).then(wording)
        if wording is not kept:
            self.wordings.put(key, wording)
        return wording

    def _worded(
        self, game_id: str, state: GameState, after: int, upto: int, say: Callable[[Text], str]
    ) -> Wording:
        """The actions after `after` up to `upto` as lines, worded on `state` with the players as
        they were just after each action."""
        texts, parties, undone = [], [], set()
        actions = self.states.stored_between(game_id, after, upto)
        now = tuple(sorted((player.id, player.name, player.level) for player in state.players))
        players = players_along(self._players_then(game_id, state), [action.seq for action in actions])
        for action, then in zip(in_turns(actions), players, strict=True):
            assert action.seq == after + len(texts) + 1, "the log's seqs follow each other"
            events = action.events
            # worded with the players as they were: renamed since, a place seated again, a level up
            worded_on = state if then == now else replace(state, then=then)
            texts.append(say(describe_action(worded_on, events)))
            bits = _party_bits(events)
            for seq in (event.seq for event in events if isinstance(event, Undone)):
                # an undo concerns the players of the action it reverses: their money moved back
                bits |= parties[seq - after - 1] if seq > after else self._parties_of(game_id, seq)
                undone.add(seq)
            parties.append(bits)
        return Wording(first=after + 1, texts=tuple(texts), parties=tuple(parties), undone=frozenset(undone))

    def _players_then(self, game_id: str, state: GameState) -> tuple[tuple[int, int, str, int], ...]:
        """The players as the game's actions changed them, up to `state` (Chronicle.players_then)."""
        kept = self.states.kept(game_id)
        if kept is None or kept.seq < state.seq:
            kept = self.states.current(game_id)
        return kept.players_then

    def _parties_of(self, game_id: str, seq: int) -> int:
        """The players of the action at `seq`, as bits (see `_party_bits`)."""
        (action,) = self.states.stored_between(game_id, seq - 1, seq)
        return _party_bits(action.events)


def _party_bits(events: Sequence[Event]) -> int:
    """The players the events name (the bank, 0, included when they do), as bits: 1 << player."""
    bits = 0
    for event in events:
        for party in event.parties():
            if 0 <= party < 63:
                bits |= 1 << party
    return bits
