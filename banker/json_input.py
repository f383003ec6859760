"""Reading the JSON people send (an API request's body, an edition file on the New game form, a game
file): whatever cannot be read is refused in words, never a crash."""

from __future__ import annotations

import json
from typing import Any

from banker.rules import InvalidCommand
from banker.rules.inputs import MAX_DIGITS, escaped, too_long
from banker.rules.text import Text

# what Python's reader says is wrong, in words a catalogue translates (the rest as it says them)
_SLIPS = {
    "Expecting value": Text("a value was expected"),
    "Expecting property name enclosed in double quotes": Text("a name in double quotes was expected"),
    "Expecting ',' delimiter": Text("a comma was expected"),
    "Expecting ':' delimiter": Text("a colon was expected"),
    "Unterminated string starting at": Text("a text is not closed"),
    "Invalid control character at": Text("a control character is inside a text"),
    "Extra data": Text("more follows the end"),
    "Invalid \\escape": Text("a backslash starts no escape"),
}


def read_json(raw: bytes, what: Text) -> Any:
    """`raw` as JSON; InvalidCommand says why not, naming it `what` ("The request"). A name given
    twice in one object is refused: readers differ on which of the two counts."""

    def once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        read = dict(pairs)
        if len(read) < len(pairs):
            names = [name for name, _ in pairs]
            twice = next(name for i, name in enumerate(names) if name in names[:i])
            shown = escaped(twice[:40])
            raise InvalidCommand(
                Text('%(what)s names "%(name)s" twice: give each name once.', what=what, name=shown)
            )
        return read

    try:
        # strict UTF-8: json.loads would let the UTF-8 spelling of a lone surrogate through
        return json.loads(raw.decode("utf-8-sig"), parse_int=_whole, object_pairs_hook=once)
    except UnicodeDecodeError:
        raise InvalidCommand(Text("%(what)s is not text: JSON is written in UTF-8.", what=what)) from None
    except json.JSONDecodeError as error:
        raise InvalidCommand(
            Text(
                "%(what)s is not valid JSON: %(error)s at line %(line)s, column %(column)s.",
                what=what,
                error=_SLIPS.get(error.msg, error.msg),
                line=error.lineno,
                column=error.colno,
            )
        ) from None
    except RecursionError:  # nested thousands deep
        raise InvalidCommand(Text("%(what)s is nested too deeply to read.", what=what)) from None


def _whole(digits: str) -> int:
    """A JSON integer, refused past MAX_DIGITS (Python refuses one of 4,300 with a bare ValueError)."""
    if len(digits.removeprefix("-")) > MAX_DIGITS:
        raise too_long(len(digits.removeprefix("-")))
    return int(digits)
