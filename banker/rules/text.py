"""Words the player reads, kept translatable: a message id and its named parameters.

The rules core knows no language. A `Text` is a `str` holding the English (so logs, the JSON API,
the tests and every string operation keep working as before) and also remembers its msgid and
parameters, so a screen can say it in the reader's language with `say(text, gettext, ngettext)`.
Parameters are what stays as it is in every language: names of players and deeds (the edition's),
amounts already formatted by `GameState.money`, numbers, or other Texts, translated in turn.

Message ids use `%(name)s` placeholders. `Text` and `Plural` are extraction keywords (see README,
"Languages"), so a msgid must be a literal string at the call."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from banker.rules.korean import choose_particles

Gettext = Callable[[str], str]
Ngettext = Callable[[str, str, int], str]


class Text(str):
    """A message: English as a str, translatable by its msgid."""

    msgid: str
    params: dict[str, Any]

    def __new__(cls, msgid: str, /, **params: Any) -> Text:
        text = super().__new__(cls, _fill(msgid, params))
        text.msgid = msgid
        text.params = params
        return text

    def translate(self, gettext: Gettext, ngettext: Ngettext) -> str:
        return choose_particles(_fill(gettext(self.msgid), self._translated_params(gettext, ngettext)))

    def _translated_params(self, gettext: Gettext, ngettext: Ngettext) -> dict[str, Any]:
        return {
            name: value.translate(gettext, ngettext) if isinstance(value, Text) else value
            for name, value in self.params.items()
        }

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (type(self), self.msgid, self.params, getattr(self, "plural", None)))


class Plural(Text):
    """A message whose words follow a number `n` ("1 house", "2 houses")."""

    plural: str

    def __new__(cls, singular: str, plural: str, n: int, /, **params: Any) -> Plural:
        params = {"n": n, **params}
        text = str.__new__(cls, _fill(singular if n == 1 else plural, params))
        text.msgid, text.plural, text.params = singular, plural, params
        return text

    def translate(self, gettext: Gettext, ngettext: Ngettext) -> str:
        form = ngettext(self.msgid, self.plural, self.params["n"])
        return choose_particles(_fill(form, self._translated_params(gettext, ngettext)))


class Parts(Text):
    """Several messages read as one ("Ann paid Bob $50; Bob now owns Boardwalk"); the separator
    is translated too (Japanese ends each sentence instead)."""

    parts: tuple[str, ...]

    def __new__(cls, parts: Iterable[str], separator: str | None = None) -> Parts:
        separator = SENTENCES if separator is None else separator
        parts = tuple(parts)
        text = str.__new__(cls, _joined(parts, separator, separator == SENTENCES))
        text.msgid, text.params, text.parts, text.separator = "", {}, parts, separator
        return text

    def translate(self, gettext: Gettext, ngettext: Ngettext) -> str:
        parts = [say(part, gettext, ngettext) for part in self.parts]
        return _joined(parts, say(self.separator, gettext, ngettext), self.separator == SENTENCES)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Parts, (self.parts, self.separator))


def listing(items: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(items) == 1:
        return items[0]
    return Text("%(some)s and %(last)s", some=Parts(items[:-1], ITEMS), last=items[-1])


def either(items: list[Any]) -> Any:
    """ "A", "A or B", "A, B or C"."""
    if len(items) == 1:
        return items[0]
    return Text("%(some)s or %(last)s", some=Parts(items[:-1], ITEMS), last=items[-1])


def to_data(text: Text) -> dict[str, Any]:
    """A Text as plain JSON, for the log: an event's stored reason stays translatable."""
    if isinstance(text, Parts):
        parts = [to_data(part) if isinstance(part, Text) else part for part in text.parts]
        return (
            {"parts": parts} if text.separator == SENTENCES else {"parts": parts, "separator": text.separator}
        )
    data: dict[str, Any] = {"msgid": text.msgid}
    if isinstance(text, Plural):
        data["plural"] = text.plural
    if text.params:
        data["params"] = {k: to_data(v) if isinstance(v, Text) else v for k, v in text.params.items()}
    return data


def from_data(data: dict[str, Any]) -> Text:
    if "parts" in data:
        parts = (from_data(part) if isinstance(part, dict) else part for part in data["parts"])
        separator = data.get("separator", SENTENCES)
        return Parts(parts, ITEMS if separator == ITEMS else separator)
    params = {k: from_data(v) if isinstance(v, dict) else v for k, v in data.get("params", {}).items()}
    msgid, plural = data["msgid"], data.get("plural")
    if plural is not None:
        return Plural(msgid, plural, params.pop("n"), **params)
    return Text(msgid, **params)


def say(text: Any, gettext: Gettext, ngettext: Ngettext) -> Any:
    """`text` in the language of `gettext` when it is a Text; anything else as it is."""
    return text.translate(gettext, ngettext) if isinstance(text, Text) else text


# How a sentence can end, in the languages of the catalogues
SENTENCE_ENDS = (".", "!", "?", "。", "！", "？")


def _joined(parts: Iterable[str], separator: str, sentences: bool) -> str:
    """The parts with the separator between them. A sentence that ends itself (a card's printed
    words do: "...for each hotel pay $100.") is followed by the separator's spacing alone, not a
    second end: "pay $100. Ann paid", "払う。Annが", never "pay $100.; Ann paid" or "払う。。"."""
    spacing = "".join(c for c in separator if c.isspace())
    joined = ""
    for index, part in enumerate(parts):
        if index:
            joined += spacing if sentences and joined.endswith(SENTENCE_ENDS) else separator
        joined += part
    return joined


def _fill(template: str, params: dict[str, Any]) -> str:
    return template % params if params else template


def _rebuild(cls: type[Text], msgid: str, params: dict[str, Any], plural: str | None) -> Text:
    if plural is not None:
        params = dict(params)
        return Plural(msgid, plural, params.pop("n"), **params)
    return cls(msgid, **params)


SENTENCES = Text("; ")  # between the sentences of one action
ITEMS = Text(", ")  # between the items of a list
