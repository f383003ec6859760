"""Setting up a game: the seats at the table, the edition and the rules in force."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from banker.editions import load_edition
from banker.rules.base import Event
from banker.rules.errors import InvalidCommand
from banker.rules.ruleset import RuleSet, ruleset_for
from banker.rules.state import PLAYER_COLOURS, GameState, Player

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_NAME = 20


@dataclass(frozen=True)
class GameStarted(Event):
    """The first event of every game; it carries everything the fold needs to begin."""

    type = "game_started"
    undoable: ClassVar[bool] = False
    edition: str
    rules: tuple[tuple[str, Any], ...]  # RuleSet fields, so old games keep their rules
    players: tuple[tuple[str, str], ...]  # (name, piece)

    def apply(self, state: GameState | None) -> GameState:  # type: ignore[override]
        edition = load_edition(self.edition)
        rules = RuleSet(**dict(self.rules))
        players = tuple(
            Player(
                id=i,
                name=name,
                token=token,
                colour=PLAYER_COLOURS[i - 1][1],
                cash=rules.starting_cash,
            )
            for i, (name, token) in enumerate(self.players, start=1)
        )
        return GameState(
            edition=edition,
            rules=rules,
            players=players,
            houses=edition.houses,
            hotels=edition.hotels,
        )

    def describe(self, state: GameState) -> str:
        names = ", ".join(name for name, _ in self.players)
        return f"New game for {names}; everyone starts with {state.money(state.rules.starting_cash)}"


@dataclass(frozen=True)
class Joined(Event):
    """A phone took a player's seat; the game itself is unchanged, but every screen hears it."""

    type = "joined"
    undoable: ClassVar[bool] = False
    player: int

    def apply(self, state: GameState) -> GameState:
        return state

    def describe(self, state: GameState) -> str:
        return f"{state.player(self.player).name} joined on their phone"


def start_game(
    names: list[Any],
    preset: str = "classic",
    edition: str = "us",
    options: dict[str, Any] | None = None,
    tokens: list[str] | None = None,
) -> GameStarted:
    """Check the table's set-up and return the event that starts the game."""
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise InvalidCommand("Players must be a list of names.")
    cleaned = [" ".join(n.split()) for n in names]
    cleaned = [n for n in cleaned if n]
    if not MIN_PLAYERS <= len(cleaned) <= MAX_PLAYERS:
        raise InvalidCommand(
            f"A game needs {MIN_PLAYERS} to {MAX_PLAYERS} players; you named {len(cleaned)}."
        )
    too_long = [n for n in cleaned if len(n) > MAX_NAME]
    if too_long:
        raise InvalidCommand(
            f"Names are at most {MAX_NAME} characters: {too_long[0][:MAX_NAME]}… is too long."
        )
    seen: set[str] = set()
    for name in cleaned:
        if name.casefold() in seen:
            raise InvalidCommand(f"Two players are called {name}; give each a different name.")
        seen.add(name.casefold())
    try:
        load_edition(edition)
    except KeyError:
        raise InvalidCommand(f"There is no edition called {edition!r}.") from None
    if options is not None and not isinstance(options, dict):
        raise InvalidCommand("Options must be an object of option names and values.")
    rules = ruleset_for(preset, options)
    pieces = [" ".join(str(t).split())[:MAX_NAME] for t in (tokens or [])]
    pieces += [""] * (len(cleaned) - len(pieces))
    return GameStarted(
        edition=edition,
        rules=tuple(rules.as_dict().items()),
        players=tuple(zip(cleaned, pieces[: len(cleaned)], strict=True)),
    )
