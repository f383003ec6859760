"""Text as a phone will draw it, worked out before it does: how wide it may be, and where a word
too long for its room may break."""

from __future__ import annotations

import unicodedata

VOWELS = frozenset("aeiouy")
# two consonants that begin a syllable together (li-fra, te-cha), where a break goes before both
ONSETS = frozenset(
    {"bl", "br", "ch", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "ph", "pl", "pr", "sh", "th", "tr", "wh"}
)
SOFT_HYPHEN = "\u00ad"


def text_width(text: str, size: float) -> float:
    """How wide `text` may be drawn at `size`, erring wide (as in DejaVu Sans Bold, wider than
    most phones' type): neither an SVG nor a stylesheet can measure text before the phone draws it."""
    return size * sum(map(_em, text))


def _em(c: str) -> float:
    """The width of `c` in em, at least its width in DejaVu Sans Bold."""
    if unicodedata.east_asian_width(c) in "WF":  # CJK: square
        return 1.0
    if c in " .,:;'|ijl":
        return 0.4
    if c in "!()-ftIJr":
        return 0.5
    if c in "MWmw%@₩":
        return 1.12
    if c.isupper() or c in "&#+<=>^~" or not c.isascii():
        return 0.9
    return 0.72


def hyphenated(word: str) -> str:
    """`word` with a soft hyphen before each syllable but the first, the syllables guessed without
    a dictionary: of the consonants between two vowels the last begins the next syllable
    (Pro-me-nade, Haeun-dae, Gyeong-bok-gung), or the last two where they begin one together; the
    first two letters and the last three stay together. Only letters of the Latin alphabet, with or
    without accents, are split: a phone breaks other scripts as their readers expect."""
    base = [unicodedata.normalize("NFD", c)[0].lower() for c in word]
    letters = [b.isascii() and b.isalpha() for b in base]
    breaks = []
    vowel_before = None  # where the last vowel of this run of letters is
    for i, b in enumerate(base):
        if not letters[i]:
            vowel_before = None
        elif b in VOWELS and (b != "y" or i > 0):
            if vowel_before is not None and i - vowel_before > 1:
                together = i - vowel_before > 2 and "".join(base[i - 2 : i]) in ONSETS
                breaks.append(i - 2 if together else i - 1)
            vowel_before = i
    at = [i for i in breaks if i >= 2 and len(word) - i >= 3]
    return "".join(SOFT_HYPHEN + c if i in at else c for i, c in enumerate(word))
