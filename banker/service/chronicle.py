"""A game's folded state with what its log told on the way: each player's standing as the game
went (the tally's figure, net worth or cash where the most cash wins: for the chart at the end),
its biggest moments (the largest rent, paid or settled by a bankruptcy, the dearest auction) and
each player's latest money moved (the line under their balance).

It is folded along with the state, one action at a time, so the end of a game is drawn from what
the server already holds instead of replaying the log; and it keeps no state per action: the
standings are sampled (every `stride`-th action, the stride doubling as the game grows, so a game of
any length keeps at most SAMPLES of them) and each moment is kept in words, with the smaller ones
an undo within reach would bring back. It also keeps each player's name and token level from every
action that changed them (at most PLAYERS_THEN such changes), for the history to word each line
with the players as they were."""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from banker.rules import Event, GameState, Sent, apply_action
from banker.rules.auctions import AuctionClosed
from banker.rules.bankruptcy import WentBankrupt
from banker.rules.levels import LevelBought
from banker.rules.money import Paid, with_reason
from banker.rules.receipts import Receipt, moved_for, parties, undoable
from banker.rules.seating import PlayerAdded, PlayerChanged
from banker.rules.tally import standings
from banker.rules.text import Text
from banker.rules.undo import UNDO_DEPTH, Undone

SAMPLES = 240  # standings kept per game: a chart draws between half this and this many points
# what may change what the history says of a player: their name, their seat, their token's level
TOLD = (PlayerAdded, PlayerChanged, LevelBought, Undone)
# such changes kept per game (a game has a few dozen): past them, the oldest lines of a game renamed
# over and over are worded with the names of its newest state
PLAYERS_THEN = 256


@dataclass(frozen=True)
class Moment:
    amount: int
    words: Text  # as it read just after it happened
    seq: int  # the action it happened in


@dataclass(frozen=True)
class Chronicle:
    """A game folded up to `state`, and what the actions so far told (see the module)."""

    state: GameState
    stride: int = 1
    # every player's standing after actions 1, 1 + stride, 1 + 2 * stride, ..., one row of
    # len(players) after another; never changed once made (a new Chronicle gets a new array)
    samples: array = field(default_factory=lambda: array("q"))
    # each a moment bigger than the one before, the biggest last: an undo takes off the moments of
    # the action it reverses and the one before stands again
    rents: tuple[Moment, ...] = ()
    sales: tuple[Moment, ...] = ()
    # (player, the last money that moved for them by anyone's action or an undo, when): the line
    # under the balance, drawn without reading the log back
    money: tuple[tuple[int, Receipt, float], ...] = ()
    # (seq, player, name or "" for a place no one holds any more, token level) for each player an
    # action seated, renamed, unseated or moved up a level, oldest first: the history words each
    # action with the players as they were then
    players_then: tuple[tuple[int, int, str, int], ...] = ()

    @property
    def seq(self) -> int:
        return self.state.seq

    @property
    def rent(self) -> Moment | None:
        """The biggest rent settled so far."""
        return self.rents[-1] if self.rents else None

    @property
    def sale(self) -> Moment | None:
        """The dearest auction so far."""
        return self.sales[-1] if self.sales else None

    @property
    def latest(self) -> tuple[int, ...]:
        """Every player's standing now."""
        return standings(self.state)

    def standings(self) -> list[tuple[int, tuple[int, ...]]]:
        """(seq, every player's standing just after that action), oldest first, ending now."""
        players = len(self.state.players)
        points = []
        for index in range(len(self.samples) // players):
            seq = 1 + index * self.stride
            if seq < self.seq:
                points.append((seq, tuple(self.samples[index * players : (index + 1) * players])))
        return [*points, (self.seq, self.latest)]

    def latest_money(self, player: int) -> tuple[Receipt, float] | None:
        """The last money that moved for `player` and the server's time it did; None if none has."""
        return next(((receipt, at) for who, receipt, at in self.money if who == player), None)


def record(
    before: Chronicle | None, seq: int, events: Sequence[Event], sent: Sent | None = None
) -> Chronicle:
    """The chronicle after one more action (`sent`: who sent it and when, as the log says)."""
    state = apply_action(before.state if before else None, seq, events, sent)
    stride = before.stride if before else 1
    samples = before.samples if before else array("q")
    players = len(state.players)
    if before and len(before.state.players) != players:  # a late player seated (or that undone)
        samples = array("q", _resized(samples, len(before.state.players), players))
    if (seq - 1) % stride == 0:  # the standings are worked out for the samples alone
        samples = samples + array("q", standings(state))
        if len(samples) > SAMPLES * players:
            samples = array("q", _every_other_row(samples, players))
            stride *= 2
    sales = (
        Moment(event.amount, event.sale(state), seq)
        for event in events
        if isinstance(event, AuctionClosed) and event.outcome == "sold"
    )
    undone = {event.seq for event in events if isinstance(event, Undone)}
    rents = _biggest(before.rents if before else (), undone, _rents(before, state, seq, events), seq)
    sales = _biggest(before.sales if before else (), undone, sales, seq)
    money = _money(before, state, events, sent)
    then = before.players_then if before else ()
    if not before or any(isinstance(event, TOLD) for event in events):
        then = (*then, *_changed_players(before.state if before else None, state, seq))[-PLAYERS_THEN:]
    return Chronicle(
        state=state, stride=stride, samples=samples, rents=rents, sales=sales, money=money, players_then=then
    )


def players_along(
    then: tuple[tuple[int, int, str, int], ...], seqs: Iterable[int]
) -> Iterator[tuple[tuple[int, str, int], ...]]:
    """(player, name, level) of each player just after each action of `seqs` (in order), from
    Chronicle.players_then."""
    held: dict[int, tuple[str, int]] = {}
    index = 0
    for seq in seqs:
        while index < len(then) and then[index][0] <= seq:
            _, player, name, level = then[index]
            held[player] = (name, level)
            index += 1
        yield tuple((player, name, level) for player, (name, level) in sorted(held.items()) if name)


def _changed_players(
    before: GameState | None, state: GameState, seq: int
) -> tuple[tuple[int, int, str, int], ...]:
    """The players the action `seq` seated, renamed, unseated or moved up a level."""
    was = {p.id: (p.name, p.level) for p in before.players} if before else {}
    now = {p.id: (p.name, p.level) for p in state.players}
    changed = sorted(player for player in was | now if was.get(player) != now.get(player))
    return tuple((seq, player, *now.get(player, ("", 0))) for player in changed)


def _biggest(
    kept: tuple[Moment, ...], undone: set[int], moments: Iterable[Moment], seq: int
) -> tuple[Moment, ...]:
    """`kept` without the moments of the actions `undone`, and each of `moments` bigger than all
    before it (the earliest stands on a tie); of the moments no undo can reach any more (actions
    more than UNDO_DEPTH back), only the last, which stands whatever is undone."""
    kept = tuple(moment for moment in kept if moment.seq not in undone)
    for moment in moments:
        if not kept or moment.amount > kept[-1].amount:
            kept += (moment,)
    reach = seq - UNDO_DEPTH
    while len(kept) > 1 and kept[1].seq <= reach:
        kept = kept[1:]
    return kept


def _rents(before: Chronicle | None, state: GameState, seq: int, events: Sequence[Event]) -> Iterable[Moment]:
    """Each rent the action settled: paid, or owed by a tenant who went bankrupt to its owner,
    who takes all the tenant had for it (the rent is what the rules charged, as the debt keeps it)."""
    for event in events:
        if isinstance(event, Paid) and _is_rent(event.reason):
            yield Moment(event.amount, event.describe(state), seq)
        elif isinstance(event, WentBankrupt) and before is not None:
            for debt in before.state.debts_of(event.player):
                if debt.creditor == event.creditor and _is_rent(debt.reason):
                    owing = Text(
                        "%(debtor)s went bankrupt owing %(owner)s %(amount)s",
                        debtor=state.name_of(debt.debtor),
                        owner=state.name_of(debt.creditor),
                        amount=state.money(debt.amount),
                    )
                    yield Moment(debt.amount, with_reason(owing, debt.reason), seq)


def _is_rent(reason: str) -> bool:
    return reason.startswith("rent for")


def _money(
    before: Chronicle | None, state: GameState, events: Sequence[Event], sent: Sent | None
) -> tuple[tuple[int, Receipt, float], ...]:
    """`before`'s latest money per player, with what `events` moved for each party (an undo: what
    it moved back) in its place."""
    kept = {player: (receipt, at) for player, receipt, at in before.money} if before else {}
    taken_back = undoable(before.state if before else None, events)
    undid = [e for event in events if isinstance(event, Undone) for e in taken_back.get(event.seq, ())]
    for player in parties(events) | parties(undid):
        for receipt in moved_for(state, events, taken_back, player):
            kept[player] = (receipt, sent.at if sent else 0.0)
    return tuple((player, receipt, at) for player, (receipt, at) in sorted(kept.items()))


def _resized(samples: array, width: int, new_width: int) -> Iterable[int]:
    """Each row cut or padded to `new_width`: a player seated late was worth nothing before."""
    for start in range(0, len(samples), width):
        row = list(samples[start : start + width])[:new_width]
        yield from row + [0] * (new_width - len(row))


def _every_other_row(samples: array, width: int) -> Iterable[int]:
    for start in range(0, len(samples), 2 * width):
        yield from samples[start : start + width]
