"""Setting up a game: the seats at the table, the edition and the rules in force.

Chance at the start (the deeds the short and timed games deal, the order of the Monopoly 2.0
deed deck) is decided here from a `seed` passed in, never inside the fold: the outcome travels in
the GameStarted event, so folding the log always gives the same game whatever the seed was.
A custom edition travels in it too (`edition_data`), for the same reason: the board is the one
the game started with, whatever happens to the file.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from banker.rules.base import Command, Event
from banker.rules.board import Edition
from banker.rules.editions import CUSTOM, EDITIONS, custom_edition, edition_for
from banker.rules.errors import InvalidCommand
from banker.rules.inputs import check_name, check_text, visible
from banker.rules.lookalike import looks
from banker.rules.ruleset import RENAMED, RuleSet, counted_in_thousands, rules_from_stored, ruleset_for
from banker.rules.state import BANK, PLAYER_COLOURS, GameState, Player, format_money
from banker.rules.text import ITEMS, Parts, Text, listing

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

    def dealt_payments(self) -> list[tuple[int, int, Text]]:
        """(player, price, reason) of each player's deeds dealt at the start, paid to the bank:
        the money their phone says moved ("−$380 to the bank · deeds dealt"; the deeds are in the
        player's list, the line under the balance has room for no names)."""
        if not self.dealt:
            return []
        deeds = edition_for(self.edition, self.edition_data).deed_at
        return [
            (player, sum(deeds[position].price for position in dealt), Text("deeds dealt"))
            for player, dealt in enumerate(self.dealt, start=1)
            if dealt
        ]

    def describe(self, state: GameState) -> Text:
        names = Parts([name for name, _ in self.players], ITEMS)
        parts = [
            Text(
                "New game for %(players)s; everyone starts with %(cash)s",
                players=names,
                cash=state.money(state.rules.starting_cash),
            )
        ]
        for (name, _), deeds in zip(self.players, self.dealt or (), strict=False):
            parts.append(
                Text(
                    "the bank dealt %(player)s %(deeds)s for %(price)s",
                    player=name,
                    deeds=listing([state.deed(position).name for position in deeds]),
                    price=state.money(sum(state.deed(position).price for position in deeds)),
                )
            )
        if self.deck:
            face_up = ", ".join(state.deed(p).name for p in self.deck[: state.rules.market_size])
            parts.append(Text("face up in the market: %(deeds)s", deeds=face_up))
        if state.rules.free_parking_jackpot and state.rules.jackpot_seed:
            seed = state.money(state.rules.jackpot_seed)
            parts.append(Text("the bank puts %(amount)s on Free Parking", amount=seed))
        return Parts(parts)


@dataclass(frozen=True)
class SeatEvent(Event):
    """Something about the phone that acts for `player`: the game itself is unchanged (nothing to
    undo, no move of play), but every screen hears it."""

    undoable: ClassVar[bool] = False
    quiet: ClassVar[bool] = True
    player: int

    def apply(self, state: GameState) -> GameState:
        return state


@dataclass(frozen=True)
class Joined(SeatEvent):
    """A phone took a player's seat."""

    type = "joined"

    def describe(self, state: GameState) -> Text:
        return Text("%(player)s joined on their phone", player=state.name_of(self.player))


@dataclass(frozen=True)
class Join(Command):
    """A phone took `player`'s seat. The server sends it when the join screen seats a phone, as
    the bank; no phone sends it for itself."""

    type = "join"
    banker_only = True
    refused_to_seats = Text("A player joins by taking their seat on the join screen, not by a command.")
    after_end = True  # a phone may join a game that has ended, to see its tally
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        state.player(self.player)
        return [Joined(player=self.player)]


@dataclass(frozen=True)
class KeyReplaced(SeatEvent):
    """The bank gave a player's seat a new key, for a lost phone: the log keeps who could act for
    the player from when (the key itself is in the seats, never in the log)."""

    type = "key_replaced"

    def describe(self, state: GameState) -> Text:
        if self.player == BANK:
            return Text("The bank made a new bank QR code: phones with the old one no longer act as the bank")
        return Text(
            "The bank made a new QR code for %(player)s: the old one no longer acts for them",
            player=state.name_of(self.player),
        )


@dataclass(frozen=True)
class ReplaceKey(Command):
    """A lost phone: the bank's page of the player's QR code sends it, stored with the new key."""

    type = "replace_key"
    banker_only = True
    refused_to_seats = Text(
        "The bank makes a new QR code on the page of that player's QR code, not by a command."
    )
    after_end = True  # a lost phone still opens the tally
    player: int

    def decide(self, state: GameState, now: float) -> list[Event]:
        return [KeyReplaced(player=self.player)]


@dataclass(frozen=True)
class ReplaceBankKey(Command):
    """A bank's phone lost: the bank's page of its own QR code sends it, from a phone that keeps
    the bank's seat under the new key."""

    type = "replace_bank_key"
    banker_only = True
    refused_to_seats = Text(
        "The bank makes a new bank QR code on the page of its own QR code, not by a command."
    )
    after_end = True

    def decide(self, state: GameState, now: float) -> list[Event]:
        return [KeyReplaced(player=BANK)]


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
        raise InvalidCommand(Text("Players must be a list of names."))
    if tokens is not None and not (isinstance(tokens, list) and all(isinstance(t, str) for t in tokens)):
        raise InvalidCommand(Text("Pieces must be a list of names, in the players' order."))
    given = [name for name in names if name.split()]  # a blank field of the form seats nobody
    if not MIN_PLAYERS <= len(given) <= MAX_PLAYERS:
        raise InvalidCommand(
            Text(
                "A game needs %(least)s to %(most)s players; you named %(named)s.",
                least=MIN_PLAYERS,
                most=MAX_PLAYERS,
                named=len(given),
            )
        )
    cleaned = [
        seat_name(name, Text("Player %(number)s's name", number=number))
        for number, name in enumerate(given, 1)
    ]
    refuse_lookalikes(cleaned)
    edition_id, edition_data = _edition(edition)
    board = edition_for(edition_id, edition_data)
    if options is not None and not isinstance(options, dict):
        raise InvalidCommand(Text("Options must be an object of option names and values."))
    rules = ruleset_for(preset, options, board.printed)
    pieces = [
        seat_piece(piece, Text("Player %(number)s's piece", number=n))
        for n, piece in enumerate(tokens or [], 1)
    ]
    pieces += [""] * (len(cleaned) - len(pieces))
    refuse_same_pieces(pieces[: len(cleaned)])
    dealt, deck = _shuffled(board, rules, len(cleaned), seed)
    return GameStarted(
        edition=edition_id,
        rules=tuple(rules.as_dict().items()),
        players=tuple(zip(cleaned, pieces[: len(cleaned)], strict=True)),
        dealt=dealt,
        deck=deck,
        edition_data=edition_data,
    )


def refuse_end_passed(started: GameStarted, now: float) -> None:
    """A new game's end time (option end_at) is still to come at `now`, or the game would be over
    as it starts. Not in start_game: it also makes again the start of a game file, whose end time
    may well have passed since."""
    end_at = dict(started.rules)["end_at"]
    if end_at and end_at <= now:
        raise InvalidCommand(Text("The game's end time (option end_at) has passed: set one still to come."))


def remade(started: GameStarted) -> GameStarted:
    """The start `started` made again by `start_game` from its own names, pieces, board and rules,
    with its own deal: InvalidCommand when `start_game` would refuse that table, or when the deeds
    dealt and the deck are no deal of the board's deeds. A start unlike the one made again holds
    what `start_game` never writes: an untidy name, rules it would not set."""
    options = {RENAMED.get(name, name): value for name, value in started.rules}
    again = start_game(
        [name for name, _ in started.players],
        options.pop("preset", None),  # type: ignore[arg-type]  # start_game refuses a missing one
        started.edition_data if started.edition == CUSTOM else started.edition,
        options,
        [piece for _, piece in started.players],
        seed=0,
    )
    again = replace(again, dealt=started.dealt, deck=started.deck)
    edition = edition_for(again.edition, again.edition_data)
    if not _a_deal(again, edition, rules_from_stored(dict(again.rules))):
        raise InvalidCommand(Text("The deeds dealt at the start are not a deal of the board's deeds."))
    return again


def _a_deal(started: GameStarted, edition: Edition, rules: RuleSet) -> bool:
    """Whether the start's deeds dealt and deck are what a shuffle could give (see `_shuffled`):
    as many deeds to each player as the rules deal, each hand in order, no deed twice, and the
    deck (a market game's) holding every deed not dealt."""
    hands, deck = started.dealt or (), started.deck or ()
    if (started.dealt is not None) != bool(rules.deal_deeds) or (started.deck is not None) != bool(
        rules.market_size
    ):
        return False
    if (started.dealt is not None and len(hands) != len(started.players)) or any(
        len(hand) != rules.deal_deeds or list(hand) != sorted(hand) for hand in hands
    ):
        return False
    handed = [position for hand in hands for position in hand] + list(deck)
    deeds = {deed.position for deed in edition.deeds}
    everything = started.deck is None or len(handed) == len(deeds)
    return len(set(handed)) == len(handed) and set(handed) <= deeds and everything


def seat_name(name: str, what: Text) -> str:
    """A player's name as the table writes it, its spaces tidied; refused when unreadable or too long."""
    check_name(name, what)
    return _at_most(
        " ".join(name.split()),
        lambda cut: Text(
            "Names are at most %(most)s characters: %(name)s… is too long.", most=MAX_NAME, name=cut
        ),
    )


def seat_piece(piece: str, what: Text) -> str:
    """A player's piece as the board shows it: none when nothing in it shows; refused when too long."""
    check_text(piece, what)
    cleaned = " ".join(piece.split())
    if not visible(cleaned).strip():
        return ""
    return _at_most(
        cleaned,
        lambda cut: Text(
            "Pieces are at most %(most)s characters: %(piece)s… is too long.", most=MAX_NAME, piece=cut
        ),
    )


def _at_most(cleaned: str, too_long: Callable[[str], Text]) -> str:
    """`cleaned` when it fits MAX_NAME; else refused with `too_long` of its first MAX_NAME characters."""
    if len(cleaned) > MAX_NAME:
        raise InvalidCommand(too_long(cleaned[:MAX_NAME]))
    return cleaned


def refuse_same_pieces(pieces: list[str]) -> None:
    """Two players with one piece (or pieces that look the same) could not be told apart on the board."""
    seen: set[str] = set()
    for piece in pieces:
        if not piece:
            continue
        if looks(piece) in seen:
            raise InvalidCommand(
                Text("Two players have the piece %(piece)s; give each a different piece.", piece=piece)
            )
        seen.add(looks(piece))


def refuse_lookalikes(names: list[str], newcomer: bool = False) -> None:
    """Two players whose names read the same (see lookalike.py) would be one on every screen;
    `newcomer`: the last name is a new one for a table whose players have the others."""
    seen: dict[str, str] = {}
    for name in names:
        look = looks(name)
        if look not in seen:
            seen[look] = name
            continue
        first = seen[look]
        if newcomer:
            raise InvalidCommand(
                Text("There is already a player called %(first)s: choose another name.", first=first)
                if first.casefold() == name.casefold()
                else Text(
                    "%(name)s looks the same on a screen as %(first)s, already a player: choose a name the "
                    "others can tell apart.",
                    name=name,
                    first=first,
                )
            )
        if first.casefold() == name.casefold():
            raise InvalidCommand(
                Text("Two players are called %(name)s; give each a different name.", name=name)
            )
        raise InvalidCommand(
            Text(
                "%(first)s and %(name)s look the same on a screen; give each player a name the others "
                "can tell apart.",
                first=first,
                name=name,
            )
        )


def _edition(edition: Any) -> tuple[str, dict[str, Any] | None]:
    """The edition's id and, for a custom edition, its checked and normalised JSON."""
    if isinstance(edition, dict):
        return CUSTOM, custom_edition(edition)
    if isinstance(edition, str) and edition in EDITIONS:
        return edition, None
    choices = Text(
        "Choose %(editions)s, or send a custom edition's JSON object.", editions=" or ".join(EDITIONS)
    )
    if isinstance(edition, str):
        raise InvalidCommand(
            Text("There is no edition called %(edition)r. %(choices)s", edition=edition, choices=choices)
        )
    raise InvalidCommand(Text("The edition is a name or a JSON object. %(choices)s", choices=choices))


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
            Text(
                "There are %(deeds)s deeds: too few to deal %(each)s to each of %(players)s players.",
                deeds=len(deeds),
                each=rules.deal_deeds,
                players=players,
            )
        )
    dearest = sum(sorted((deed.price for deed in edition.deeds), reverse=True)[: rules.deal_deeds])
    if rules.starting_cash < dearest:
        in_thousands = counted_in_thousands(rules.preset, edition.currency)
        raise InvalidCommand(
            Text(
                "With %(each)s deeds dealt at the start, the starting cash must be at least %(least)s "
                "(the dearest deeds' price).",
                each=rules.deal_deeds,
                least=format_money(dearest, rules.currency, in_thousands),
            )
        )
    random.Random(seed).shuffle(deeds)
    dealt = None
    if rules.deal_deeds:
        dealt = tuple(tuple(sorted(deeds[i:wanted:players])) for i in range(players))
    rest = tuple(deeds[wanted:])
    return dealt, (rest if rules.market_size else None)
