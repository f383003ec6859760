"""What the screens show, worked out from the game's state before any template draws it: each
panel module turns a GameState into what its part of a screen needs, and lists in
TEMPLATE_GLOBALS the functions its templates call. A new panel module needs no list here: every
module of this package is registered."""

from __future__ import annotations

import importlib
import pkgutil

from flask import Flask


def register(app: Flask) -> None:
    for found in pkgutil.iter_modules(__path__):
        panel = importlib.import_module(f"{__name__}.{found.name}")
        app.jinja_env.globals.update(getattr(panel, "TEMPLATE_GLOBALS", {}))
