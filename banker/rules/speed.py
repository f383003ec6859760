"""The speed die's moves that touch money (000, 스피드 주사위): Mr. Monopoly and triples.

The app does not follow the pieces, so each move starts from the space the player says their
piece is on. Mr. Monopoly goes ahead to the nearest deed nobody owns (to buy, or to auction);
when every deed is owned, to the nearest unmortgaged deed of another player, whose rent is paid;
when all of those are mortgaged, the piece stays. Going ahead past GO pays the salary, as any
move ahead does. Triples move the piece to any space, with no salary unless the space is GO
(landing on it, so the Just Go house rule pays double)."""

from __future__ import annotations

from dataclasses import dataclass

from banker.rules.base import Command, Event, require
from banker.rules.errors import RuleError
from banker.rules.money import PassGo, go_salary
from banker.rules.state import BANK, GameState, Player
from banker.rules.text import Text

GO = 0


def ahead(state: GameState, position: int) -> list[int]:
    """The board's spaces from the one after `position` round to the one before it."""
    size = len(state.edition.spaces)
    return [(position + step) % size for step in range(1, size)]


def mr_monopoly_target(state: GameState, player_id: int, position: int) -> int | None:
    """Where Mr. Monopoly sends `player_id` from `position`: the nearest deed ahead that nobody
    owns and the bank may sell (not one under the hammer or waiting for it); with none left, the
    nearest unmortgaged deed of another player ahead; else None."""
    deeds = [p for p in ahead(state, position) if p in state.edition.deed_at]
    auctioned = {*state.auction_queue, *([state.auction.deed] if state.auction else [])}
    unowned = [p for p in deeds if state.holding(p).owner == BANK and p not in auctioned]
    if unowned:
        return unowned[0]
    rented = [
        p for p in deeds if state.holding(p).owner not in (BANK, player_id) and not state.holding(p).mortgaged
    ]
    return rented[0] if rented else None


def _space_name(state: GameState, position: int) -> str:
    return state.edition.space_at[position].name


def _check_space(state: GameState, position: int) -> None:
    if position not in state.edition.space_at:
        raise RuleError(Text("There is no board position %(position)s.", position=position))


@dataclass(frozen=True)
class MovedByMrMonopoly(Event):
    """Mr. Monopoly sent `player` on from `from_space` to `to`."""

    type = "mr_monopoly_moved"
    spaces_named_like_parties = ("to",)
    player: int
    from_space: int
    to: int

    def apply(self, state: GameState) -> GameState:
        return state  # the app follows money, not pieces: the history tells the move

    def describe(self, state: GameState) -> Text:
        return Text(
            "Mr. Monopoly sent %(player)s from %(from)s on to %(to)s",
            player=state.name_of(self.player),
            **{"from": _space_name(state, self.from_space)},
            to=_space_name(state, self.to),
        )


@dataclass(frozen=True)
class MovedOnTriples(Event):
    """`player` rolled triples and chose to move to `to`."""

    type = "moved_on_triples"
    spaces_named_like_parties = ("to",)
    player: int
    to: int

    def apply(self, state: GameState) -> GameState:
        return state

    def describe(self, state: GameState) -> Text:
        return Text(
            "%(player)s rolled triples and moved to %(to)s",
            player=state.name_of(self.player),
            to=_space_name(state, self.to),
        )


def _require_speed_die(state: GameState) -> None:
    require(state.rules.speed_die, Text("This table plays without the speed die."))


def _require_out_of_jail(player: Player, roll: Text) -> None:
    """A jailed player rolls only the two dice (000: 감옥에서 탈출을 시도할 때는 일반 주사위만 굴린다)."""
    require(
        not player.in_jail,
        Text(
            "%(player)s is in jail and rolls only the two dice there: no speed die, so no %(roll)s.",
            player=player.name,
            roll=roll,
        ),
        (
            player.id,
            Text(
                "You are in jail and roll only the two dice there: no speed die, so no %(roll)s.", roll=roll
            ),
        ),
    )


@dataclass(frozen=True)
class MrMonopoly(Command):
    """The speed die showed Mr. Monopoly: `player`, whose piece is on `from_space`, goes on (see
    `mr_monopoly_target`); the salary when the move passes GO."""

    type = "mr_monopoly"
    player: int
    from_space: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        _require_out_of_jail(state.active_player(self.player), Text("Mr. Monopoly"))
        _require_speed_die(state)
        _check_space(state, self.from_space)
        to = mr_monopoly_target(state, self.player, self.from_space)
        require(
            to is not None,
            Text("Every deed of the other players is mortgaged: Mr. Monopoly does not move."),
        )
        assert to is not None
        events: list[Event] = [MovedByMrMonopoly(player=self.player, from_space=self.from_space, to=to)]
        if to < self.from_space:
            events += go_salary(state, self.player, Text("passed GO"))
        return events


@dataclass(frozen=True)
class TriplesMove(Command):
    """`player` rolled triples and moves to `to`, any space: no salary unless it is GO (000)."""

    type = "triples_move"
    player: int
    to: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        _require_out_of_jail(state.active_player(self.player), Text("triples"))
        _require_speed_die(state)
        _check_space(state, self.to)
        events: list[Event] = [MovedOnTriples(player=self.player, to=self.to)]
        if self.to == GO:  # landing on GO by the dice: Just Go pays double here too
            events += PassGo(player=self.player, landed=True).decide(state, now)
        return events
