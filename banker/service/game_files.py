"""A whole game as one file, to save it, move it to another Banker server and carry on there.

The file is JSON: {"format": "banker-game", "version": 3, "actions": [...], "sha256": "..."}.
Each action is the log's own row: its seq, the seat that sent it (`by`, 0 for the bank), when
(`at`, ISO 8601 with its time zone, to the microsecond: a player's take-back counts from it), the
command it was decided from (`command`, as Command.to_json writes it, the dice thrown included)
and its events as the log stores them; the first action's one event, game_started, holds the
edition and the rules, and it has no command. Folding the actions gives exactly the game that was
saved. A backup (`banker backup`) also keeps the game's id, join code and seats under "backup",
so that a server moved to another machine keeps its links; a download from the bank screen leaves
them out.

`sha256` is the SHA-256 of the rest of the file written canonically (keys sorted, no spaces,
UTF-8): a file cut short, damaged or edited by hand is refused. It is a check, not a seal:
anyone can compute it again, so a file is a claim, never a fact. An imported file is checked as
the server checks what phones send: its start must be one `start_game` makes (names, pieces,
board and rules, and a deal of the deeds), and each action's command is decided again, by the
seat that sent it, at its time, on the game as the actions before it left it; the file is refused
at the first action whose events are not exactly the ones the rules give. Its times lie between
1970 and now (with a day's grace for a clock that runs ahead), each no more than that day earlier
than the one before it (a game resumed on another machine goes on by that machine's clock), its
request ids are ones the server could have stored, and no action holds more events than
the rules ever make (MAX_EVENTS).

An action stored before the log kept commands (a version-1 file, or an older action in a
version-2 file) cannot be decided again, and an import refuses it, naming it. The host's own
backups are read `trusted` (`banker restore`): their actions are checked in their form (each
event's fields by their kind, its texts as commands check theirs) and folded as they are, not
decided again, so that a backup made before an upgrade that changed the rules still restores;
their times are kept as the host's clock gave them, in order or (a clock set back) not.

Reading a file is a pure function of its bytes and the time: no database, no web request, and
a result that pickles, so that a server can read a long file in another process.

A file written by an older version of Banker is upgraded as it is read: UPGRADES holds one step
per version, each turning a file of that version into the next, and they run in turn up to
VERSION. A file of a newer version than this server knows is refused."""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import re
import types
import typing
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import Any, Union

from banker.json_input import read_json
from banker.rules import (
    EVENTS,
    Command,
    Event,
    GameStarted,
    Sent,
    describe_action,
    event_from_json,
    parse_command,
)
from banker.rules.cards import CardDrawn
from banker.rules.editions import CUSTOM, EDITIONS, custom_edition
from banker.rules.errors import InvalidCommand, RuleError
from banker.rules.game import MAX_PLAYERS, MIN_PLAYERS, remade
from banker.rules.inputs import check_name, unsafe_code
from banker.rules.money import DebtIncurred
from banker.rules.ruleset import RENAMED, rules_from_stored, ruleset_for
from banker.rules.state import BANK, FREE_PARKING, GameState
from banker.rules.text import Text
from banker.service.acting import BANKER, decide_for
from banker.service.chronicle import Chronicle, record

FORMAT = "banker-game"
REQUEST_ID_MOST = 64  # characters of a request id (the log's column)
VERSION = 3
# An action is some 300 bytes with its command: MAX_ACTIONS of them make 6 MB, with room here; a
# custom edition adds up to 60 kB. The actions of one file come under both bounds.
MAX_BYTES = 12 << 20
MAX_ACTIONS = 20_000
# The most events one action holds. The rules' largest actions grow with the deeds of the board (a
# custom board has at most 60): accepting a trade of every deed, each mortgaged and its mortgage
# lifted, makes 2 events a deed and a few more (121 on the largest board); a bankruptcy to the
# bank of a player whose every deed is built on, one a deed and a dozen more. Twice the largest.
MAX_EVENTS = 250
EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
CLOCK_AHEAD = timedelta(days=1)  # how far ahead of this server's clock a file's times may run
LAST = datetime.max.replace(tzinfo=UTC)
MAX_TEXT_DEPTH = 12  # texts within a worded reason: 4 deep at most in the games the tests play
# version n -> the step that turns a file of version n into one of version n + 1
UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


def _commands_unknown(content: dict[str, Any]) -> dict[str, Any]:
    """Version 2 keeps each action's command; those of a version-1 file are unknown, as for any
    action stored before the log kept commands: nothing to change."""
    return content


UPGRADES[1] = _commands_unknown


def _fields_added(content: dict[str, Any]) -> dict[str, Any]:
    """Version 3's events may hold fields a version-2 file's never do (ADDED_FIELDS), as no event
    stored before them does (see `_decided`): nothing to change."""
    return content


UPGRADES[2] = _fields_added
# Fields the rules added to an event since the log began, each left out of the events stored
# before: the deed of a Fortune card drawn on one (each deed holds one), a tournament purchase
# owed (raised without trading)
ADDED_FIELDS = {CardDrawn.type: "space", DebtIncurred.type: "purchase"}


InTurns = Callable[[Sequence[Any]], Iterable[Any]]


class BadGameFile(InvalidCommand):
    """Raised when a file cannot be imported as a game, saying what is wrong with it."""


class NotAGameFile(BadGameFile):
    """Raised when a file is no Banker game file at all, not even a damaged one."""


@dataclass(frozen=True)
class FileAction:
    """One action of the log, as the file carries it."""

    seq: int
    by: int
    at: datetime
    events: tuple[dict[str, Any], ...]
    request_id: str | None = None
    command_digest: str | None = None
    command: dict[str, Any] | None = None  # see Command.to_json; None before commands were kept


@dataclass(frozen=True)
class Kept:
    """What a backup keeps of the server's own rows: the game's id, join code, when it was created,
    and each seat as (player id, token, claimed)."""

    id: str
    join_code: str
    created_at: datetime
    seats: tuple[tuple[int, str, bool], ...]


@dataclass(frozen=True)
class Restored:
    """What restoring a backup file did: put the game back under its own id ("restored"), left
    the game already here under that id ("present"), or made a new game of a download ("new")."""

    game_id: str
    outcome: str


@dataclass(frozen=True)
class GameFile:
    actions: tuple[FileAction, ...]
    kept: Kept | None = None
    folded: Chronicle | None = None  # the game the actions make, as `read` checked it

    @property
    def players(self) -> int:
        """The seats the game needs: one for each player ever seated, a late player whose seating
        was undone too (their place stays, for the next late player)."""
        return max([len(self.actions[0].events[0]["players"]), *seated_late(self.actions)])


def seated_late(actions: Iterable[FileAction]) -> set[int]:
    """The places where the actions seat a late player, their seating undone since or not."""
    return {e["player"] for a in actions for e in a.events if e.get("type") == "player_added"}


def write(game: GameFile) -> bytes:
    content: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "actions": [_action_json(action) for action in game.actions],
    }
    if game.kept is not None:
        content["backup"] = {
            "id": game.kept.id,
            "join_code": game.kept.join_code,
            "created_at": _when(game.kept.created_at),
            "seats": [{"player": p, "token": t, "claimed": c} for p, t, c in game.kept.seats],
        }
    return json.dumps(
        {**content, "sha256": digest(content)}, ensure_ascii=False, separators=(",", ":")
    ).encode()


def digest(content: dict[str, Any]) -> str:
    """The SHA-256 of the file's content (all but its digest), written canonically."""
    canonical = json.dumps(content, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(canonical.encode("utf-8", "surrogatepass")).hexdigest()


def read(raw: bytes, now: float, trusted: bool = False, in_turns: InTurns = iter) -> GameFile:
    """The game in the file `raw`, checked (see the module) and folded, as a server whose clock
    reads `now` (seconds since the epoch) finds it; BadGameFile says what is wrong with it. A
    `trusted` file (the host's own backup) is folded as it is, not decided again. `in_turns` paces
    the work: a long game takes a second, and a server lets other requests run between its turns
    (banker/service/)."""
    content = _content(raw)
    game = _game_file(content, datetime.fromtimestamp(now, UTC) + CLOCK_AHEAD, trusted, in_turns)
    if trusted:
        game = dataclasses.replace(game, folded=_fold(game, in_turns))
    else:  # kept as the rules decided it: what the file said beside that (a command's extra keys) is not
        folded, actions = _replay(game, in_turns)
        game = dataclasses.replace(game, folded=folded, actions=actions)
    if game.kept and sorted(player for player, _, _ in game.kept.seats) != list(range(game.players + 1)):
        raise _damaged("backup.seats", Text("the seats are not the bank's and the players'."))
    return game


def _content(raw: bytes) -> dict[str, Any]:
    """The file's content (all but its digest), read, checked against its digest and upgraded to
    this VERSION."""
    if len(raw) > MAX_BYTES:
        raise BadGameFile(
            Text("The game file is larger than a game can be (at most %(most)s MB).", most=MAX_BYTES >> 20)
        )
    if not raw.strip():
        raise BadGameFile(Text("The game file is empty."))
    try:
        data = read_json(raw, Text("The game file"))
    except InvalidCommand as error:
        if _cut_short(raw):
            raise BadGameFile(
                Text(
                    "The game file ends too soon: it was cut short, perhaps by a download that did not "
                    "finish. Download the game again."
                )
            ) from None
        raise BadGameFile(error.message) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise NotAGameFile(
            Text(
                "This is not a Banker game file. Download the game from the bank screen (More, Download "
                "the game) and choose that file."
            )
        )
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise BadGameFile(Text("The game file's version is not one Banker wrote: it is damaged."))
    if version > VERSION:
        raise BadGameFile(
            Text(
                "This game file was made by a newer Banker (file version %(version)s; this server reads up "
                "to version %(known)s). Update Banker on this server, then import it again.",
                version=version,
                known=VERSION,
            )
        )
    content = {key: value for key, value in data.items() if key != "sha256"}
    if data.get("sha256") != digest(content):
        raise BadGameFile(
            Text(
                "The game file has been changed since Banker wrote it: its content does not match its "
                "SHA-256 digest. Download the game again."
            )
        )
    for step in range(version, VERSION):
        content = UPGRADES[step](content)
    return content


def _cut_short(raw: bytes) -> bool:
    """Whether `raw`, which is no JSON document, is the beginning of one: it stops in the middle
    of a character, a string, a word or a number, or before its brackets close."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        return error.reason == "unexpected end of data"
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        rest = text[error.pos :].rstrip()
        return (
            not rest
            or error.msg.startswith("Unterminated string")
            or (error.msg.startswith("Invalid \\uXXXX") and len(rest) < 6)
            or any(word.startswith(rest) for word in ("true", "false", "null"))
            or re.fullmatch(r"[-+.eE0-9]+", rest) is not None
        )
    except (ValueError, RecursionError):  # a number too long, nesting too deep: no JSON we wrote
        return False
    return False


def _action_json(action: FileAction) -> dict[str, Any]:
    data: dict[str, Any] = {
        "seq": action.seq,
        "by": action.by,
        "at": _when(action.at),
        "events": list(action.events),
    }
    if action.request_id is not None:
        data["request_id"] = action.request_id
        data["command_digest"] = action.command_digest
    if action.command is not None:
        data["command"] = action.command
    return data


def _when(at: datetime) -> str:
    """A time as ISO 8601 in UTC (SQLite keeps no time zone: its times are UTC)."""
    return (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(UTC).isoformat()


# --- reading what the file holds, as untrusted input ------------------------------------


def _damaged(where: str, why: Text) -> BadGameFile:
    return BadGameFile(Text("The game file is damaged at %(where)s: %(why)s", where=where, why=why))


def _field(data: dict[str, Any], key: str, where: str, kind: Any) -> Any:
    if key not in data:
        raise _damaged(f"{where}.{key}", Text("it is missing."))
    return _checked(data[key], kind, f"{where}.{key}")


def _game_file(content: dict[str, Any], latest: datetime, trusted: bool, in_turns: InTurns) -> GameFile:
    """The actions and the backup's rows in the file, each in its form; an untrusted file's events
    after its start are left to be compared with the rules' (see `_replay`)."""
    actions = _field(content, "actions", "file", list)
    if not actions:
        raise _damaged("file.actions", Text("a game has at least its start."))
    if len(actions) > MAX_ACTIONS:
        raise _damaged("file.actions", Text("more actions than a game can have."))
    read_actions = tuple(
        _file_action(action, index, latest, trusted or not index)
        for index, action in in_turns(list(enumerate(actions)))
    )
    _require_requests_once(read_actions)
    if not trusted:  # a host's own log keeps its clock as it ran (see the module)
        _require_times_in_order(read_actions)
    backup = content.get("backup")
    return GameFile(actions=read_actions, kept=None if backup is None else _kept(backup))


def _file_action(data: Any, index: int, latest: datetime, check_events: bool) -> FileAction:
    where = f"actions[{index}]"
    data = _checked(data, dict, where)
    seq = _field(data, "seq", where, int)
    if seq != index + 1:
        raise _damaged(f"{where}.seq", Text("the actions are not numbered 1, 2, 3… in order."))
    by = _field(data, "by", where, int)
    if not 0 <= by <= MAX_PLAYERS:
        raise _damaged(f"{where}.by", Text("no seat has that number."))
    at = _time(_field(data, "at", where, str), f"{where}.at", latest)
    events = _field(data, "events", where, list)
    if not events:
        raise _damaged(f"{where}.events", Text("an action has at least one event."))
    if len(events) > MAX_EVENTS:
        raise _damaged(
            f"{where}.events",
            Text(
                "an action holds at most %(most)s events; this one holds %(count)s.",
                most=MAX_EVENTS,
                count=len(events),
            ),
        )
    if check_events:
        events = [_event(event, f"{where}.events[{n}]") for n, event in enumerate(events)]
    request_id = _checked(data.get("request_id"), str | None, f"{where}.request_id")
    command_digest = _checked(data.get("command_digest"), str | None, f"{where}.command_digest")
    if request_id is not None and not 0 < len(request_id) <= REQUEST_ID_MOST:
        raise _damaged(
            f"{where}.request_id", Text("a request id is 1 to %(most)s characters.", most=REQUEST_ID_MOST)
        )
    if command_digest is not None and (
        request_id is None or not re.fullmatch("[0-9a-f]{64}", command_digest)
    ):
        raise _damaged(f"{where}.command_digest", Text("it is not the digest of a request's command."))
    return FileAction(
        seq=seq,
        by=by,
        at=at,
        events=tuple(events),
        request_id=request_id,
        command_digest=command_digest,
        command=_checked(data.get("command"), dict | None, f"{where}.command"),
    )


def _require_requests_once(actions: Sequence[FileAction]) -> None:
    """A seat's request id names one command of the game: the log stores it once."""
    seen: dict[tuple[int, str], int] = {}
    for action in actions:
        if action.request_id is None:
            continue
        first = seen.setdefault((action.by, action.request_id), action.seq)
        if first != action.seq:
            raise _damaged(
                f"actions[{action.seq - 1}].request_id",
                Text("action %(first)s from the same seat has this request id.", first=first),
            )


def _require_times_in_order(actions: Sequence[FileAction]) -> None:
    """Each action comes after the one before it, the game's start first, give or take how far two
    machines' clocks may differ (a game downloaded and resumed on another goes on by its clock):
    the rules take each command at its time."""
    for before, action in itertools.pairwise(actions):
        if action.at < before.at - CLOCK_AHEAD:
            raise BadGameFile(
                Text(
                    "The game file's action %(seq)s is timed %(time)s, earlier than action %(before)s "
                    "(%(then)s): a game's actions come in the order they were played.",
                    seq=action.seq,
                    time=_when(action.at),
                    before=before.seq,
                    then=_when(before.at),
                )
            )


def _time(text: str, where: str, latest: datetime) -> datetime:
    """A time the file gives, in UTC: one a game was played at, from 1970 to `latest`."""
    try:
        at = datetime.fromisoformat(text)
    except ValueError:
        raise _damaged(where, Text("it is not a date and time.")) from None
    try:
        at = (at if at.tzinfo else at.replace(tzinfo=UTC)).astimezone(UTC)
        played = EPOCH <= at <= latest
    except OverflowError:  # in range where it was written, out of range in UTC
        played = False
    if not played:
        raise _damaged(
            where,
            Text("%(time)s is no time a game was played at: it is before 1970 or after now.", time=text[:40]),
        )
    return at


def _event(data: Any, where: str) -> dict[str, Any]:
    """An event's JSON as the log stores it, each field checked against its kind."""
    data = _checked(data, dict, where)
    kind = data.get("type")
    cls = EVENTS.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise _damaged(f"{where}.type", Text("Banker knows no event of this type."))
    hints = _hints(cls)
    texts = _checked(data.get("texts") or {}, dict, f"{where}.texts")
    for f in dataclasses.fields(cls):
        optional = f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        if f.name in texts:
            _text_data(texts[f.name], f"{where}.texts.{f.name}")
        elif f.name in data or not optional:
            _field(data, f.name, where, hints[f.name])
    return data


def _text_data(data: Any, where: str, depth: int = 1) -> None:
    """A worded reason as the log keeps it (see rules/text.py to_data), nested no deeper than the
    rules nest one."""
    data = _checked(data, dict, where)
    if depth > MAX_TEXT_DEPTH:
        raise _damaged(where, Text("a text is nested deeper than Banker writes one."))
    if "parts" in data:
        for n, part in enumerate(_checked(data["parts"], list, f"{where}.parts")):
            if isinstance(part, dict):
                _text_data(part, f"{where}.parts[{n}]", depth + 1)
            else:
                _checked(part, str, f"{where}.parts[{n}]")
        _checked(data.get("separator", ""), str, f"{where}.separator")
        return
    _field(data, "msgid", where, str)
    _checked(data.get("plural", ""), str, f"{where}.plural")
    for name, value in _checked(data.get("params", {}), dict, f"{where}.params").items():
        if isinstance(value, dict):
            _text_data(value, f"{where}.params.{name}", depth + 1)
        else:
            _checked(value, str | int | float, f"{where}.params.{name}")


@cache
def _hints(cls: type[Event]) -> dict[str, Any]:
    return typing.get_type_hints(cls)


KINDS = {
    int: Text("a whole number"),
    float: Text("a number"),
    str: Text("text"),
    bool: Text("true or false"),
    list: Text("a list"),
    tuple: Text("a list"),
    dict: Text("an object"),
}


def _checked(value: Any, kind: Any, where: str) -> Any:
    """`value` when it is of `kind` (a type hint: int, str | None, tuple[int, ...]), else BadGameFile."""
    origin = typing.get_origin(kind)
    if kind is Any:
        return value
    if origin in (Union, types.UnionType):
        for option in typing.get_args(kind):
            if option is type(None) and value is None:
                return value
        for option in typing.get_args(kind):
            if option is not type(None) and _is(value, typing.get_origin(option) or option):
                return _checked(value, option, where)
        raise _damaged(where, Text("it should be %(kind)s.", kind=_kind_name(kind)))
    base = origin or kind
    if not _is(value, base):
        raise _damaged(where, Text("it should be %(kind)s.", kind=_kind_name(kind)))
    if base is str:
        _typed(value, where)
    if base is tuple and origin is tuple:
        items = typing.get_args(kind)
        if len(items) == 2 and items[1] is Ellipsis:
            for n, item in enumerate(value):
                _checked(item, items[0], f"{where}[{n}]")
        elif len(value) != len(items):
            raise _damaged(where, Text("it should be %(kind)s.", kind=Text("a list")))
        else:
            for n, (item, item_kind) in enumerate(zip(value, items, strict=True)):
                _checked(item, item_kind, f"{where}[{n}]")
    if base is dict and origin is dict:
        for key in value:
            _typed(key, where)
    return value


def _typed(text: str, where: str) -> None:
    """Text of the file a screen could show: a file is not typed again, so its place is named."""
    if code := unsafe_code(text):
        raise _damaged(where, Text("it holds a character no screen may show (%(code)s).", code=code))


def _is(value: Any, base: Any) -> bool:
    if base is bool:
        return isinstance(value, bool)
    if base is int:
        return isinstance(value, int) and not isinstance(value, bool)
    if base is float:
        return isinstance(value, int | float) and not isinstance(value, bool)
    if base is tuple:
        return isinstance(value, list)
    return isinstance(value, base)


def _kind_name(kind: Any) -> Text:
    options = [o for o in typing.get_args(kind) if o is not type(None)] or [kind]
    return KINDS[typing.get_origin(options[0]) or options[0]]


def _kept(data: Any) -> Kept:
    data = _checked(data, dict, "backup")
    seats = []
    for n, seat in enumerate(_field(data, "seats", "backup", list)):
        seat = _checked(seat, dict, f"backup.seats[{n}]")
        where = f"backup.seats[{n}]"
        seats.append(
            (
                _field(seat, "player", where, int),
                _field(seat, "token", where, str),
                _field(seat, "claimed", where, bool),
            )
        )
    kept = Kept(
        id=_field(data, "id", "backup", str),
        join_code=_field(data, "join_code", "backup", str),
        # the row's own time, on the wall clock of the server it came from: no game's clock
        created_at=_time(_field(data, "created_at", "backup", str), "backup.created_at", LAST),
        seats=tuple(seats),
    )
    if not (
        0 < len(kept.id) <= 16 and 0 < len(kept.join_code) <= 8 and all(0 < len(t) <= 64 for _, t, _ in seats)
    ):
        raise _damaged("backup", Text("an id, join code or seat token is not one Banker makes."))
    return kept


def _replay(game: GameFile, in_turns: InTurns) -> tuple[Chronicle, tuple[FileAction, ...]]:
    """The game the file's actions make, each decided again (see the module), folded once, and
    the actions as the rules made them: each command as the rules read it, each event as they
    write it."""
    first, *rest = game.actions
    started = _started(first)
    try:
        again = remade(started)
    except InvalidCommand as error:
        raise _not_set_up(error.message) from None
    same_rules = rules_from_stored(dict(again.rules)) == rules_from_stored(dict(started.rules))
    if (
        not same_rules
        or len({name for name, _ in started.rules}) != len(started.rules)  # which one would count?
        or dataclasses.replace(started, rules=again.rules) != again
        or first.command is not None
    ):
        raise _not_set_up(Text("its start is not the one Banker makes for that table."))
    kept = record(None, 1, [started], Sent(by=BANKER, at=first.at.timestamp()))
    actions = [dataclasses.replace(first, events=(again.to_json(),))]
    for action in in_turns(rest):
        command, events = _decided(kept.state, action)
        kept = record(kept, action.seq, events, _sent(action))
        decided = tuple(event.to_json() for event in events)
        actions.append(dataclasses.replace(action, command=command.to_json(), events=decided))
    return kept, tuple(actions)


def _decided(state: GameState, action: FileAction) -> tuple[Command, list[Event]]:
    """The action's command as the rules read it and the events they give for it, sent by its seat
    at its time on `state`; refused unless they are exactly the action's own."""
    if action.command is None:
        raise BadGameFile(
            Text(
                "The game file's action %(seq)s holds no command to check it by: it was played on an "
                "older Banker. Only the host of a server can bring such a game back (banker restore).",
                seq=action.seq,
            )
        )
    try:
        command = parse_command(action.command, thrown=True)
        events = decide_for(state, action.by, command, action.at.timestamp())
    except RuleError as refused:  # a command refused, malformed, or not the seat's to send
        raise _not_the_rules(action.seq, refused.message) from None
    decided = [event.to_json() for event in events]
    if _canonical(action.events) not in (_canonical(decided), _canonical(_as_stored_before(decided))):
        raise _not_the_rules(action.seq, Text("its events are not the ones its command makes."))
    return command, events


def _as_stored_before(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`events` as the log stored them before the rules added ADDED_FIELDS: a game begun then, and
    saved since, holds such events. The import stores them as the rules make them now."""
    return [
        {key: value for key, value in event.items() if key != ADDED_FIELDS.get(event["type"])}
        for event in events
    ]


def _sent(action: FileAction) -> Sent:
    return Sent(by=action.by, at=action.at.timestamp())


def _canonical(events: Sequence[Any]) -> str:
    return json.dumps(events, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _not_the_rules(seq: int, why: str) -> BadGameFile:
    return BadGameFile(
        Text("The game file's action %(seq)s is not what the rules give: %(why)s", seq=seq, why=why)
    )


def _not_set_up(why: str) -> BadGameFile:
    return BadGameFile(Text("The game in the file is not one Banker can set up: %(why)s", why=why))


def _started(first: FileAction) -> GameStarted:
    if len(first.events) != 1 or first.events[0]["type"] != GameStarted.type or first.by != BANKER:
        raise _damaged("actions[0]", Text("a game begins with its start (game_started) alone."))
    started = event_from_json(first.events[0])
    assert isinstance(started, GameStarted)
    return started


def _fold(game: GameFile, in_turns: InTurns) -> Chronicle:
    """Fold the game the actions make, to check it as the server would draw it: its start is a
    game this server can set up, and every action applies and can be worded in the history."""
    _check_start(_started(game.actions[0]))
    kept: Chronicle | None = None
    for action in in_turns(game.actions):
        try:
            events = [event_from_json(event) for event in action.events]
            if action.seq > 1 and any(isinstance(event, GameStarted) for event in events):
                raise ValueError("a second start")
            kept = record(kept, action.seq, events, _sent(action))
            _require_parties(kept.state, events)
            str(describe_action(kept.state, events))  # as the history words it
        except Exception:  # the file's events are anyone's: whatever they break is a refusal
            raise BadGameFile(
                Text(
                    "The game file's actions do not make a game: action %(seq)s cannot follow the ones "
                    "before it.",
                    seq=action.seq,
                )
            ) from None
    assert kept is not None
    return kept


def _require_parties(state: GameState, events: Sequence[Event]) -> None:
    """Every party the events name sits at the table (the state after them: a late player is
    seated by them), or is the bank or the Free Parking pot; applying an event for a player who
    is not there would change nobody and lose the money."""
    known = {BANK, FREE_PARKING} | {p.id for p in state.players}
    for event in events:
        for party in event.parties():
            if party not in known:
                raise ValueError(f"{event.type}: no party {party}")


def _check_start(started: GameStarted) -> None:
    """The game's start is one this server could have set up itself: known rules in range, a
    board it can play, two to eight named players."""
    try:
        rules = {RENAMED.get(name, name): value for name, value in started.rules}
        ruleset_for(rules.pop("preset", None), rules)
        if started.edition == CUSTOM:
            custom_edition(started.edition_data)
        elif started.edition not in EDITIONS or started.edition_data is not None:
            raise InvalidCommand(Text("Banker has no board called %(edition)s.", edition=started.edition))
        if not MIN_PLAYERS <= len(started.players) <= MAX_PLAYERS:
            raise InvalidCommand(
                Text(
                    "A game needs %(least)s to %(most)s players; you named %(named)s.",
                    least=MIN_PLAYERS,
                    most=MAX_PLAYERS,
                    named=len(started.players),
                )
            )
        for number, (name, _) in enumerate(started.players, start=1):
            check_name(name, Text("Player %(number)s's name", number=number))
    except InvalidCommand as error:
        raise _not_set_up(error.message) from None
