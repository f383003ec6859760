"""Names that read the same to a person are one name: "Ann", "ann", Cyrillic "Аnn" and "Ann" with a
zero-width space all look alike on a phone, so a table cannot seat two of them.

`looks(name)` is the name's skeleton in the sense of Unicode's confusable detection (UTS #39):
its invisible characters left out, NFKC (full-width and mathematical letters read as plain ones),
case folded, then each character replaced by the prototype it is taken for (confusables.txt, kept
beside this module). Two names look alike when their skeletons are equal."""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources

from banker.rules.inputs import visible


def looks(name: str) -> str:
    """What `name` looks like: equal for names a reader cannot tell apart."""
    prototypes = _prototypes()
    return unicodedata.normalize("NFD", "".join(prototypes.get(c, c) for c in _folded(visible(name))))


def _folded(text: str) -> str:
    return unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text).casefold())


@cache
def _prototypes() -> dict[str, str]:
    """Each character and what it is taken for, the prototypes folded as names are and mapped in
    turn until nothing changes, so a skeleton is reached in one pass."""
    table = {}
    lines = resources.files(__package__).joinpath("confusables.txt").read_text("utf-8").splitlines()
    for line in lines:
        if line and not line.startswith("#"):
            source, prototype = line.split(";")
            table[chr(int(source, 16))] = _folded("".join(chr(int(code, 16)) for code in prototype.split()))
    while changed := {
        char: mapped
        for char, prototype in table.items()
        if (mapped := _folded("".join(table.get(c, c) for c in prototype))) != prototype
    }:
        table.update(changed)
    return table
