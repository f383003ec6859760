"""What comes in from a phone or a file is checked at the door: text that every screen can show,
and whole numbers that a bank can count.

Text: a lone surrogate (JSON can spell "\\ud800", UTF-8 cannot, so no page holding it could be
sent), a control character other than tab and line breaks, and the bidi embeddings, overrides and
isolates (U+202A-U+202E, U+2066-U+2069: they turn the text around them backwards) are refused,
the message naming the character's code point. A name must also show something once the
invisible characters (zero-width spaces, joiners, soft hyphens: Unicode's default ignorables,
and the signs drawn as nothing: the braille blank, a musical null notehead) are left out.

Numbers: the decimal digits of any script read ("１５００" from a Japanese keyboard is 1500), the
other characters Python calls digits do not ("²", "④": no bank counts in them), and a number has
at most 15 digits (no amount comes near; Python refuses to read one of 4,300)."""

from __future__ import annotations

import re

from banker.rules.errors import InvalidCommand
from banker.rules.text import Text

MAX_AMOUNT = 1_000_000  # the most the bank handles in one amount
MAX_DIGITS = 15

_SURROGATES = "\ud800-\udfff"
_CONTROLS = "\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"  # every Cc but tab, line feed, carriage return
_BIDI = "\u202a-\u202e\u2066-\u2069"
UNSAFE = re.compile(f"[{_SURROGATES}{_CONTROLS}{_BIDI}]")
# Default_Ignorable_Code_Point (Unicode's DerivedCoreProperties.txt), then two signs drawn blank
_IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e"
    "\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8\U0001bca0-\U0001bca3"
    "\U0001d173-\U0001d17a\U000e0000-\U000e0fff"
    "\u2800\U0001d159]"
)


def unsafe_code(text: str) -> str | None:
    """The code point ("U+0007") of the first character in `text` no screen should be sent, if any."""
    bad = UNSAFE.search(text)
    return None if bad is None else f"U+{ord(bad.group()):04X}"


def check_text(text: str, what: Text) -> None:
    """Refuse `text` if it holds a character no screen should be sent; `what` names it in the
    message ("The reason", "Player 2's name")."""
    code = unsafe_code(text)
    if code is None:
        return
    if 0xD800 <= int(code[2:], 16) <= 0xDFFF:  # a lone surrogate
        raise InvalidCommand(
            Text("%(what)s holds a broken character (%(code)s): type it again.", what=what, code=code)
        )
    raise InvalidCommand(
        Text(
            "%(what)s holds an invisible control character (%(code)s): type it again without it.",
            what=what,
            code=code,
        )
    )


def check_name(name: str, what: Text) -> None:
    """A name: text as `check_text` takes it, with something to see in it."""
    check_text(name, what)
    if not visible(name).strip():
        raise InvalidCommand(
            Text("%(what)s has nothing visible in it: write it in letters people can read.", what=what)
        )


def visible(text: str) -> str:
    """`text` without its default-ignorable characters: what a reader actually sees."""
    return _IGNORABLE.sub("", text)


def escaped(text: str) -> str:
    """`text` fit to be shown in a message: each character `check_text` refuses as its escape."""
    return UNSAFE.sub(lambda bad: f"\\u{ord(bad.group()):04x}", text)


_GROUPED = re.compile(r"-?\d{1,3}(?:,\d{3})+")


def as_typed(text: str) -> str:
    """A figure as people type it, the currency sign before it ("$60") and its thousands grouped
    ("1,500") left out; a comma anywhere else stays, so "2,5" (two and a half) is no number."""
    text = text.strip().lstrip("$£€¥₩")
    return text.replace(",", "") if _GROUPED.fullmatch(text) else text


def whole_number(text: str) -> int | None:
    """The whole number `text` spells ("-3", "1500", "１５００"), or None for anything else."""
    digits = text.removeprefix("-")
    if not digits.isdecimal():  # "²".isdigit() is true, but int("²") fails
        return None
    if len(digits) > MAX_DIGITS:
        raise too_long(len(digits))
    return int(text)


def too_long(digits: int) -> InvalidCommand:
    return InvalidCommand(
        Text(
            "A number of %(digits)s digits is far too long: numbers here have at most %(most)s digits.",
            digits=f"{digits:,}",
            most=MAX_DIGITS,
        )
    )
