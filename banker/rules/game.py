"""Setting up a game: the seats at the table, the edition and the rules in force.

Chance at the start (the deeds the short and timed games deal, the order of the Monopoly 2.0
deed deck) is decided here from a `seed` passed in, never inside the fold: the outcome travels in
the GameStarted event, so folding the log always gives the same game whatever the seed was.
A custom edition travels in it too (`edition_data`), for the same reason: the board is the one
the game started with, whatever happens to the file.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from banker.editions import CUSTOM, EDITIONS, custom_edition, edition_for
from banker.rules.base import Event
from banker.rules.board import Edition
from banker.rules.errors import InvalidCommand
from banker.rules.ruleset import RuleSet, rules_from_stored, ruleset_for
from banker.rules.state import PLAYER_COLOURS, GameState, Player, format_money

MIN_PLAYERS, MAX_PLAYERS = 2, 8
MAX_NAME = 20


@dataclass(frozen=True)
class GameStarted(Event):
    """The first event of every game; it carries everything the fold needs to begin.

    `dealt` holds the deeds the bank dealt each player (in seating order), who pay their price;
    `deck` the shuffled deeds of a market game, the first `market_size` face up. A game on a
    custom edition has `edition` "custom" and the edition's JSON in `edition_data`; games on a
    built-in edition (and every game stored before custom editions) have none."""

    type = "game_started"
    undoable: ClassVar[bool] = False
    edition: str
    rules: tuple[tuple[str, Any], ...]  # RuleSet fields, so old games keep their rules
    players: tuple[tuple[str, str], ...]  # (name, piece)
    dealt: tuple[tuple[int, ...], ...] | None = None
    deck: tuple[int, ...] | None = None
    edition_data: dict[str, Any] | None = field(default=None, hash=False)

    def apply(self, state: GameState | None) -> GameState:  # type: ignore[override]
        edition = edition_for(self.edition, self.edition_data)
        rules = rules_from_stored(dict(self.rules))
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
        started = GameState(
            edition=edition,
            rules=rules,
            players=players,
            houses=edition.houses,
            hotels=edition.hotels,
            free_parking=rules.jackpot_seed if rules.free_parking_jackpot else 0,
        )
        for player, deeds in enumerate(self.dealt or (), start=1):
            price = sum(edition.deed_at[position].price for position in deeds)
            started = started.with_player(player, cash=started.player(player).cash - price)
            for position in deeds:
                started = started.with_holding(position, owner=player)
        deck = self.deck or ()
        return replace(started, market=deck[: rules.market_size], deck=deck[rules.market_size :])

    def describe(self, state: GameState) -> str:
        names = ", ".join(name for name, _ in self.players)
        text = f"New game for {names}; everyone starts with {state.money(state.rules.starting_cash)}"
        for (name, _), deeds in zip(self.players, self.dealt or (), strict=False):
            deeds_named = " and ".join(state.deed(position).name for position in deeds)
            price = sum(state.deed(position).price for position in deeds)
            text += f"; the bank dealt {name} {deeds_named} for {state.money(price)}"
        if self.deck:
            face_up = ", ".join(state.deed(p).name for p in self.deck[: state.rules.market_size])
            text += f"; face up in the market: {face_up}"
        if state.rules.free_parking_jackpot and state.rules.jackpot_seed:
            text += f"; the bank puts {state.money(state.rules.jackpot_seed)} on Free Parking"
        return text


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
    edition: Any = "us",
    options: dict[str, Any] | None = None,
    tokens: list[str] | None = None,
    seed: int | None = None,
) -> GameStarted:
    """Check the table's set-up and return the event that starts the game.

    `edition` is a built-in edition's id or a custom edition's JSON object. The figures printed
    on the board (starting cash, salary, taxes, jail fine, how money reads) are the rules unless
    the preset or `options` set them. `seed` decides what chance decides at the start: the deeds
    dealt and the deed deck's order. A game whose rules need chance refuses to start without one."""
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
    edition_id, edition_data = _edition(edition)
    board = edition_for(edition_id, edition_data)
    if options is not None and not isinstance(options, dict):
        raise InvalidCommand("Options must be an object of option names and values.")
    rules = ruleset_for(preset, options, board.printed)
    pieces = [" ".join(str(t).split())[:MAX_NAME] for t in (tokens or [])]
    pieces += [""] * (len(cleaned) - len(pieces))
    dealt, deck = _shuffled(board, rules, len(cleaned), seed)
    return GameStarted(
        edition=edition_id,
        rules=tuple(rules.as_dict().items()),
        players=tuple(zip(cleaned, pieces[: len(cleaned)], strict=True)),
        dealt=dealt,
        deck=deck,
        edition_data=edition_data,
    )


def _edition(edition: Any) -> tuple[str, dict[str, Any] | None]:
    """The edition's id and, for a custom edition, its checked and normalised JSON."""
    if isinstance(edition, dict):
        return CUSTOM, custom_edition(edition)
    if isinstance(edition, str) and edition in EDITIONS:
        return edition, None
    choices = f"Choose {' or '.join(EDITIONS)}, or send a custom edition's JSON object."
    if isinstance(edition, str):
        raise InvalidCommand(f"There is no edition called {edition!r}. {choices}")
    raise InvalidCommand(f"The edition is a name or a JSON object. {choices}")


def _shuffled(
    edition: Edition, rules: RuleSet, players: int, seed: int | None
) -> tuple[tuple[tuple[int, ...], ...] | None, tuple[int, ...] | None]:
    """The deeds dealt to each player and the market's deck, shuffled from `seed`: the deeds are
    shuffled once, dealt round the table one at a time from the top, and the rest is the deck."""
    if not (rules.deal_deeds or rules.market_size):
        return None, None
    if seed is None:
        raise ValueError("dealing deeds or shuffling the deck needs a seed")
    deeds = sorted(deed.position for deed in edition.deeds)
    wanted = rules.deal_deeds * players
    if wanted > len(deeds):
        raise InvalidCommand(
            f"There are {len(deeds)} deeds: too few to deal {rules.deal_deeds} to each of {players} players."
        )
    dearest = sum(sorted((deed.price for deed in edition.deeds), reverse=True)[: rules.deal_deeds])
    if rules.starting_cash < dearest:
        raise InvalidCommand(
            f"With {rules.deal_deeds} deeds dealt at the start, the starting cash must be at least "
            f"{format_money(dearest, rules.currency)} (the dearest deeds' price)."
        )
    random.Random(seed).shuffle(deeds)
    dealt = None
    if rules.deal_deeds:
        dealt = tuple(tuple(sorted(deeds[i:wanted:players])) for i in range(players))
    rest = tuple(deeds[wanted:])
    return dealt, (rest if rules.market_size else None)
