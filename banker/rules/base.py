"""Commands (what a seat asks for) and events (the facts they cause), and how they are read
from and written to plain JSON."""

from __future__ import annotations

import copy
import dataclasses
import functools
import json
import types
import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, ClassVar, Union

from banker.rules.board import DECK_NAMES
from banker.rules.errors import InvalidCommand, RuleError
from banker.rules.inputs import MAX_AMOUNT, as_typed, check_text, escaped, whole_number
from banker.rules.ruleset import MOST_WITH_SPEED_DIE
from banker.rules.state import GameState, TradeSide
from banker.rules.text import Text, from_data, to_data

# Field kinds read by the parser. A plain `int` is an id (player, deed position).
Amount = Annotated[int, "amount"]
Dice = Annotated[int, "dice"]
# {"39": "keep", "37": "lift"}: what to do with each mortgaged deed received, read as sorted pairs
MortgageChoices = Annotated[tuple[tuple[int, str], ...], "mortgage_choices"]
# {"16": 2, "18": 2, "19": 3}: how far to build each lot, read as sorted pairs
BuildLevels = Annotated[tuple[tuple[int, int], ...], "build_levels"]
PAIRS_BY_POSITION = ("mortgage_choices", "build_levels")  # sent as objects keyed by position
# [1, 3], or "1,3" as a form posts it: board positions
Positions = Annotated[tuple[int, ...], "positions"]

Throw = Callable[[Sequence[Any]], Any]  # one face of a die, chosen at random (the server's secrets.choice)

COMMANDS: dict[str, type[Command]] = {}
EVENTS: dict[str, type[Event]] = {}


@dataclass(frozen=True)
class Command:
    """A request from a seat. `decide` checks it against the state and returns its events."""

    type: ClassVar[str]
    banker_only: ClassVar[bool] = False
    spends: ClassVar[bool] = False  # a purchase: refused while the acting player owes a debt
    after_end: ClassVar[bool] = False  # still taken once the game has ended (the banker's undo)
    closed_when_ending: ClassVar[bool] = False  # refused once the end is signalled (a trade, building)
    # why no seat may send it: the server records it of its own accord (a phone seated); a game
    # file may hold it; None: any seat may
    refused_to_seats: ClassVar[Text | None] = None
    thrown_fields: ClassVar[
        tuple[str, ...]
    ] = ()  # dice the server throws (see `thrown`): never read from a phone

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "type" in cls.__dict__:
            COMMANDS[cls.type] = cls

    def acting_player(self, state: GameState) -> int | None:
        """The player this command acts for; a player's phone may only send its own.

        It takes the state because some commands act for whoever owns a deed at the moment."""
        return getattr(self, "player", None)

    def allowed_for(self, state: GameState, player_id: int) -> bool:
        """Whether a player's phone (not the banker) may send this command."""
        return not self.banker_only and self.acting_player(state) == player_id

    def refused_to_players(self, state: GameState) -> Text | None:
        """Why the table's rules let only the banker send this command (None: a player may too)."""
        return None

    def thrown(self, throw: Throw) -> Command:
        """The command with the dice it needs thrown by `throw`; the rules take them as given, so
        chance stays outside and a replay rolls the same."""
        return self

    def decide(self, state: GameState, now: float) -> list[Event]:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """The command as a phone would send it, the dice thrown for it included: what the log
        keeps, so that a game file can be checked by deciding each action again.
        `parse_command(command.to_json(), thrown=True)` is the command itself."""
        hints = _field_types(type(self))
        data: dict[str, Any] = {"type": self.type}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is not None:
                data[f.name] = _plain(value, hints[f.name])
        return data


def _plain(value: Any, hint: Any) -> Any:
    """A command's field as JSON, in the shape `_coerce` reads."""
    if isinstance(value, TradeSide):
        return {
            "cash": value.cash,
            "deeds": list(value.deeds),
            "jail_cards": list(value.jail_cards),
            "claims": [{"debtor": debtor, "amount": amount} for debtor, amount in value.claims],
        }
    if typing.get_origin(hint) is Annotated and typing.get_args(hint)[1] in PAIRS_BY_POSITION:
        return {str(position): choice for position, choice in value}
    return list(value) if isinstance(value, tuple) else value


# the fields by which an event names the players (or the bank, 0) it concerns
PARTY_FIELDS = (
    "player",
    "payer",
    "payee",
    "debtor",
    "creditor",
    "owner",
    "taker",
    "proposer",
    "partner",
    "to",
    "on",
    "declined_by",
    "winner",
)


@dataclass(frozen=True)
class Event:
    """A fact. `apply` is the only way state changes; `describe` is the history line."""

    type: ClassVar[str]
    spaces_named_like_parties: ClassVar[tuple[str, ...]] = ()  # e.g. a move's `to`: a board space
    is_news: ClassVar[bool] = False  # told to every phone as it happens, not only in the history
    # why the player who sent it may not take it back on their own (see undo.TakeBack); None: they may
    take_back_refusal: ClassVar[Text | None] = None
    # what players do between turns (a trade, a mortgage, a building): any other action, the dice's
    # (rent, a card, a purchase), ends the moment in which a deed may not be bought back (trade_offers.py)
    between_turns: ClassVar[bool] = False
    undoable: ClassVar[bool] = True  # False: a start or an undo, which the undo stack skips
    # changes nothing a player acts on (a phone taking its seat): a take-back reaches past it
    quiet: ClassVar[bool] = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "type" in cls.__dict__:
            EVENTS[cls.type] = cls

    def apply(self, state: GameState) -> GameState:
        raise NotImplementedError

    def describe(self, state: GameState) -> Text:
        raise NotImplementedError

    def parties(self, fields: tuple[str, ...] = PARTY_FIELDS) -> tuple[int, ...]:
        """The players (and the bank, 0) this event concerns, as far as `fields` name them."""
        values = (getattr(self, f, None) for f in fields if f not in self.spaces_named_like_parties)
        return tuple(v for v in values if isinstance(v, int) and not isinstance(v, bool))

    def describe_to(self, state: GameState, you: int) -> Text:
        """The line as player `you` reads it on their own phone: "You paid Bob $50" where the
        event has words for it, else the line everyone reads."""
        return self.describe(state)

    def to_json(self) -> dict[str, Any]:
        """The event as stored and sent; optional fields left unset are left out. A field holding
        a Text (a reason the rules worded) reads as English, and `texts` keeps its message id and
        parameters so the history can say it in any language."""
        # Fields hold plain values, tuples of them, Texts (immutable all) and a custom edition's
        # JSON: only that is copied (every command's events are written, so no deep copy of all)
        data: dict[str, Any] = {"type": self.type}
        texts = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if value is None and f.default is None:
                continue
            if isinstance(value, Text):
                texts[f.name] = to_data(value)
            data[f.name] = copy.deepcopy(value) if isinstance(value, dict) else value
        return {**data, "texts": texts} if texts else data


def event_from_json(data: dict[str, Any]) -> Event:
    cls = EVENTS[data["type"]]
    texts = data.get("texts") or {}
    values = {
        f.name: from_data(texts[f.name]) if f.name in texts else _tuples(data[f.name])
        for f in dataclasses.fields(cls)
        if f.name in data
    }
    return cls(**values)


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


@functools.cache
def _field_types(cls: type[Command]) -> dict[str, Any]:
    return typing.get_type_hints(cls, include_extras=True)


def parse_command(payload: Any, *, thrown: bool = False) -> Command:
    """Turn a JSON object into a Command, refusing anything malformed with a readable reason.
    The dice the server throws are left out (a phone does not choose its roll) unless `thrown`:
    a command read back from the log (see Command.to_json) keeps the roll it was decided with."""
    if not isinstance(payload, dict):
        raise InvalidCommand(Text('A command must be a JSON object with a "type".'))
    kind = payload.get("type")
    known = ", ".join(sorted(COMMANDS))
    if not isinstance(kind, str) or not kind:
        raise InvalidCommand(Text('A command needs its "type". Known commands: %(known)s.', known=known))
    cls = COMMANDS.get(kind)
    if cls is None:
        shown = escaped(kind[:40]) + ("…" if len(kind) > 40 else "")  # as typed, nothing hidden in it
        raise InvalidCommand(
            Text("Unknown command: %(kind)s. Known commands: %(known)s.", kind=shown, known=known)
        )
    hints = _field_types(cls)
    values = {}
    for f in dataclasses.fields(cls):
        if f.name in cls.thrown_fields and not thrown:
            continue
        has_default = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        if f.name not in payload or payload[f.name] in (None, ""):
            if not has_default:
                raise InvalidCommand(Text("The %(field)s is missing.", field=field_words(f.name)))
            continue
        values[f.name] = _coerce(f.name, hints[f.name], payload[f.name])
    return cls(**values)


@functools.cache
def _shape(hint: Any) -> tuple[Any, str | None]:
    """A field's type without its None and its kind ("amount", "positions"... or None)."""
    if typing.get_origin(hint) in (Union, types.UnionType):
        (hint,) = [a for a in typing.get_args(hint) if a is not type(None)]
    kind = typing.get_args(hint)[1] if typing.get_origin(hint) is Annotated else None
    return (typing.get_args(hint)[0] if kind else hint), kind


# a command's fields as messages name them: those a screen sends in the phone's language, the rest
# (the API's alone) by their JSON names
_FIELD_WORDS = {
    "amount": Text("amount"),
    "reason": Text("reason"),
    "name": Text("name"),
    "piece": Text("piece"),
    "player": Text("player"),
    "to": Text("other player"),
    "deed": Text("deed"),
    "seq": Text("action"),
    "trade": Text("trade"),
}


def field_words(name: str) -> str:
    return _FIELD_WORDS.get(name) or name.replace("_", " ")


def _coerce(name: str, hint: Any, value: Any) -> Any:
    label = field_words(name)
    base, kind = _shape(hint)
    if base is TradeSide:
        return _trade_side(label, value)
    if kind == "mortgage_choices":
        return _mortgage_choices(value)
    if kind == "build_levels":
        return _build_levels(value)
    if kind == "positions":
        if isinstance(value, str):
            value = [part for part in value.split(",") if part.strip()]
        listed = _listed(Text("The %(field)s must be a list of board positions.", field=label), value)
        return tuple(_whole_number(field_words("deed"), position, None) for position in listed)
    if typing.get_origin(base) is tuple:  # thrown dice, read back from the log
        listed = _listed(Text("The %(field)s must be a list of whole numbers.", field=label), value)
        return tuple(_whole_number(label, number, None) for number in listed)
    if base is str:
        if not isinstance(value, str):
            raise InvalidCommand(Text("The %(field)s must be text.", field=label))
        check_text(value, Text("The %(field)s", field=label))
        return " ".join(value.split())[:200]
    if base is bool:
        if isinstance(value, bool):
            return value
        if value in ("true", "on", "1"):
            return True
        if value in ("false", "off", "0"):
            return False
        raise InvalidCommand(Text("The %(field)s must be yes or no.", field=label))
    if base is int:
        number = _whole_number(label, value, kind)
        if kind == "amount" and not 0 < number <= MAX_AMOUNT:
            if number <= 0:
                raise InvalidCommand(Text("The amount must be more than 0."))
            raise too_much(number)
        if kind == "dice" and not 2 <= number <= MOST_WITH_SPEED_DIE:  # each rule system checks its own
            raise InvalidCommand(Text("A dice total is between 2 and %(most)s.", most=MOST_WITH_SPEED_DIE))
        return number
    return value


def _trade_side(label: str, value: Any) -> TradeSide:
    """One side of a trade: {"cash": 100, "deeds": [39], "jail_cards": ["chance"], "claims":
    [{"debtor": 2, "amount": 600}]}, each optional."""
    fields = ("cash", "deeds", "jail_cards", "claims")
    if not isinstance(value, dict):
        raise InvalidCommand(
            Text(
                "The %(side)s side of the trade must be an object with cash, deeds, jail_cards and claims.",
                side=label,
            )
        )
    unknown = sorted(set(value) - set(fields))
    if unknown:
        raise InvalidCommand(
            Text(
                "The %(side)s side of the trade has no %(unknown)s: it takes cash, deeds, jail_cards and "
                "claims.",
                side=label,
                unknown=", ".join(unknown),
            )
        )
    cash = 0 if value.get("cash") in (None, "") else _whole_number("cash", value["cash"], "amount")
    if cash < 0:
        raise InvalidCommand(Text("Cash in a trade cannot be negative."))
    if cash > MAX_AMOUNT:
        raise too_much(cash)
    deeds = _listed(
        Text("The deeds on the %(side)s side must be a list of board positions.", side=label),
        value.get("deeds"),
    )
    cards = _listed(
        Text("The jail cards on the %(side)s side must be a list of decks.", side=label),
        value.get("jail_cards"),
    )
    if not all(isinstance(card, str) and card in DECK_NAMES for card in cards):
        raise InvalidCommand(
            Text('A Get Out of Jail Free card is named by its deck: "chance" or "community_chest".')
        )
    claims = _listed(
        Text("The claims on the %(side)s side must be a list of {debtor, amount}.", side=label),
        value.get("claims"),
    )
    return TradeSide(
        cash=cash,
        deeds=tuple(_whole_number(field_words("deed"), deed, None) for deed in deeds),
        jail_cards=tuple(cards),
        claims=tuple(_claim(label, claim) for claim in claims),
    )


def _claim(label: str, value: Any) -> tuple[int, int]:
    """What a player owes, handed over in a trade: {"debtor": 2, "amount": 600}."""
    if not isinstance(value, dict) or set(value) != {"debtor", "amount"}:
        raise InvalidCommand(
            Text("The claims on the %(side)s side must be a list of {debtor, amount}.", side=label)
        )
    amount = _whole_number("amount", value["amount"], "amount")
    if not 0 < amount <= MAX_AMOUNT:
        raise InvalidCommand(Text("The amount must be more than 0.")) if amount <= 0 else too_much(amount)
    return _whole_number("debtor", value["debtor"], None), amount


def too_much(amount: int) -> InvalidCommand:
    return InvalidCommand(
        Text(
            "%(amount)s is more than the bank handles (at most %(most)s).",
            amount=f"{amount:,}",
            most=f"{MAX_AMOUNT:,}",
        )
    )


def _listed(refusal: Text, value: Any) -> list[Any]:
    if value in (None, ""):
        return []
    if not isinstance(value, list | tuple):
        raise InvalidCommand(refusal)
    return list(value)


def _mortgage_choices(value: Any) -> tuple[tuple[int, str], ...]:
    if not isinstance(value, dict):
        raise InvalidCommand(Text('The mortgages must be an object from deed position to "keep" or "lift".'))
    choices = {}
    for key, choice in value.items():
        position = _whole_number(field_words("deed"), key, None)
        if choice not in ("keep", "lift"):
            raise InvalidCommand(
                Text('For the deed at %(position)s, choose "keep" or "lift".', position=position)
            )
        choices[position] = choice
    return tuple(sorted(choices.items()))


def _build_levels(value: Any) -> tuple[tuple[int, int], ...]:
    """A plan as the API sends it (an object) or as a form posts it (that object as JSON text)."""
    refusal = InvalidCommand(Text('The levels must be an object from lot position to a level: {"16": 2}.'))
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except (ValueError, RecursionError):
            raise refusal from None
    if not isinstance(value, dict) or not value:
        raise refusal
    return tuple(
        sorted(
            (_whole_number(field_words("deed"), key, None), _whole_number("level", level, None))
            for key, level in value.items()
        )
    )


def _whole_number(label: str, value: Any, kind: str | None) -> int:
    not_whole = InvalidCommand(Text("The %(field)s must be a whole number.", field=label))
    if kind == "amount":
        not_whole = InvalidCommand(Text("The amount must be a whole number."))
    if isinstance(value, bool):
        raise not_whole
    if isinstance(value, int):
        return value
    if isinstance(value, float):
        if kind == "amount":
            raise InvalidCommand(Text("Amounts are whole numbers: no decimals."))
        raise not_whole
    if isinstance(value, str):
        text = as_typed(value)
        if (number := whole_number(text)) is not None:
            return number
        if kind == "amount" and _looks_fractional(text.replace(",", ".")):  # "2,5" as some write 2.5
            raise InvalidCommand(Text("Amounts are whole numbers: no decimals."))
    raise not_whole


def _looks_fractional(text: str) -> bool:
    whole, dot, cents = text.partition(".")
    return bool(dot) and whole.removeprefix("-").isdecimal() and cents.isdecimal()


def require(condition: bool, message: Text, to_you: tuple[int, Text] | None = None) -> None:
    """Refuse the command with `message` unless `condition` holds (see RuleError for `to_you`)."""
    if not condition:
        raise RuleError(message, to_you)
