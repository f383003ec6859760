"""The parts of a screen that read the same on every phone of a table at one seq (in one
language): the board's 40 spaces, the tally with its chart, a page of the history. After each
change every phone fetches its screen, and these are its largest parts: each is rendered once and
kept, instead of once per phone. What differs from phone to phone (whose screen it is, its seat's
tabs, its CSRF token) stays outside them."""

from __future__ import annotations

from typing import Any

from flask import render_template
from markupsafe import Markup

from banker.lru import LRU
from banker.web.http.i18n import lang

# some 20 kB each: a few screens of the latest seq of every game being played
_rendered: LRU[tuple[Any, ...], Markup] = LRU(256)


def rendered(template: str, key: tuple[Any, ...], **context: Any) -> Markup:
    """`template` rendered with `context`, which `key` (the game, its seq, the screen's
    arguments) decides entirely, with the screen's language."""
    kept = (template, lang(), *key)
    html = _rendered.get(kept)
    if html is None:
        html = Markup(render_template(template, **context))
        _rendered.put(kept, html)
    return html
