"""Reading the JSON people send (an API request's body, an edition file on the New game form, a game
file): whatever cannot be read is refused in words, never a crash."""

from __future__ import annotations

import json
from typing import Any

from banker.rules import InvalidCommand
from banker.rules.inputs import MAX_DIGITS, too_long
from banker.rules.text import Text


def read_json(raw: bytes, what: Text) -> Any:
    """`raw` as JSON; InvalidCommand says why not, naming it `what` ("The request")."""
    try:
        # strict UTF-8: json.loads would let the UTF-8 spelling of a lone surrogate through
        return json.loads(raw.decode("utf-8-sig"), parse_int=_whole)
    except UnicodeDecodeError:
        raise InvalidCommand(Text("%(what)s is not text: JSON is written in UTF-8.", what=what)) from None
    except json.JSONDecodeError as error:
        raise InvalidCommand(
            Text(
                "%(what)s is not valid JSON: %(error)s at line %(line)s, column %(column)s.",
                what=what,
                error=error.msg,
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
