"""The parts of a screen that read the same on every phone of a table at one seq (in one
language): the board's spaces, the tally with its chart, a page of the history, and what the
live stream pushes after a change. Each is rendered once and kept, instead of once per phone.
What differs from phone to phone (whose screen it is, its seat's tabs, its CSRF token) stays
outside them."""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from flask import render_template
from markupsafe import Markup

from banker.lru import LRU
from banker.web.http.i18n import lang

T = TypeVar("T")

# some 20 kB each: a few screens of the latest seq of every game being played
_rendered: LRU[tuple[Any, ...], Markup] = LRU(256)
# what the live streams push: a change's shared parts, most well under 1 kB, and what it stored
_pushed: LRU[tuple[Any, ...], Any] = LRU(2048)
# screens drawn whole for the streams far behind (15-40 kB each), shared for a moment only: 2 MB
SCREENS: LRU[tuple[Any, ...], Any] = LRU(2_000_000, weight=len)
_making: weakref.WeakValueDictionary[tuple[Any, ...], threading.Lock] = weakref.WeakValueDictionary()
_making_lock = threading.Lock()


def rendered(template: str, key: tuple[Any, ...], **context: Any) -> Markup:
    """`template` rendered with `context`, which `key` (the game, its seq, the screen's
    arguments) decides entirely, with the screen's language."""
    kept = (template, lang(), *key)
    html = _rendered.get(kept)
    if html is None:
        html = Markup(render_template(template, **context))
        _rendered.put(kept, html)
    return html


def once(key: tuple[Any, ...], make: Callable[[], T], kept: LRU[tuple[Any, ...], Any] = _pushed) -> T:
    """What `make` returns for `key`, made once however many of a table's streams ask for it at
    the same moment: the others wait for the first and take what it made (kept in `kept`)."""
    made = kept.get(key)
    if made is not None:
        return made
    with _making_lock:
        lock = _making.get(key)
        if lock is None:
            lock = _making[key] = threading.Lock()
    with lock:
        made = kept.get(key)
        if made is None:
            made = make()
            kept.put(key, made)
    return made
