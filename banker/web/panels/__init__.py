"""What the screens show, worked out from the game's state before any template draws it: each
panel module turns a GameState into what its part of a screen needs, lists in TEMPLATE_GLOBALS
the functions its templates call, and in REGIONS the parts of a screen it draws that are each
phone's own. A new panel module needs no list here: every module of this package is registered."""

from __future__ import annotations

import importlib
import pkgutil
import threading
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from types import ModuleType
from typing import Any, TypeVar

from flask import Flask

from banker.rules import GameState

T = TypeVar("T")
STATES_WORKED_OUT = 64
# the states drawn from lately, by identity, each with what was worked out from it: a change's
# streams ask the same state for every phone's models, once as the state after it and again as
# the state before the next change (a state is kept alive by its entry, so its id is not reused)
_worked_out: dict[int, tuple[GameState, dict[Any, Any]]] = {}
_adding = threading.Lock()


@dataclass(frozen=True)
class Region:
    """A part of a screen that is one phone's own: the element `name` on each of `screens`, drawn
    by `template` inside shared/_region.html. The live stream draws it again for a phone only when
    `model(state, you)` changed (`you`: the phone's player, None on the bank's screen), so equal
    models must draw equal bytes (tests/web/test_push_keys.py plays every command to check).

    Where the template reads nothing but the model (`model` in it), that holds by itself. Where
    the region's buttons are worked out by running the rules, the model is what they turn on
    instead: working out every phone's buttons on every change only to compare them would take
    milliseconds a phone, where this compares in microseconds, and the buttons are worked out for
    the phones that draw them."""

    name: str
    screens: tuple[str, ...]
    template: str
    model: Callable[[GameState, int | None], Any]

    def model_of(self, state: GameState, you: int | None) -> Any:
        """`model(state, you)`, worked out once per state: once for all the regions it is the
        model of (the wallet and jail's ways out share one)."""
        return worked_out(state, (self.model, you), lambda: self.model(state, you))


def register(app: Flask) -> None:
    for panel in _panels():
        app.jinja_env.globals.update(getattr(panel, "TEMPLATE_GLOBALS", {}))
    app.jinja_env.globals["regions"] = {region.name: region for region in _regions()}


@cache
def regions(screen: str) -> tuple[Region, ...]:
    """The regions of `screen` that are each phone's own, as the panel modules list them."""
    return tuple(region for region in _regions() if screen in region.screens)


def own_models(screen: str, state: GameState, you: int | None) -> tuple[Any, ...]:
    """The models of `screen`'s own regions (as `regions` lists them) for the phone of `you`,
    worked out once per state: every change compares them before and after, on every phone."""
    return worked_out(
        state,
        ("own models", screen, you),
        lambda: tuple(region.model_of(state, you) for region in regions(screen)),
    )


def worked_out(state: GameState, key: Any, make: Callable[[], T]) -> T:
    """What `make` works out from `state` alone (`key` names it), worked out once per state."""
    kept = _worked_out.get(id(state))
    if kept is None or kept[0] is not state:
        with _adding:
            kept = _worked_out.get(id(state))
            if kept is None or kept[0] is not state:
                while len(_worked_out) >= STATES_WORKED_OUT:
                    del _worked_out[next(iter(_worked_out))]  # the state added first
                kept = _worked_out[id(state)] = (state, {})
    found = kept[1]
    if key not in found:
        found[key] = make()
    return found[key]


def players_shown(state: GameState) -> tuple:
    """Each player as a list of them reads: their name, and whether they are out."""
    return worked_out(state, "players shown", lambda: tuple((p.name, p.bankrupt) for p in state.players))


@cache
def _regions() -> tuple[Region, ...]:
    return tuple(region for panel in _panels() for region in getattr(panel, "REGIONS", ()))


@cache
def _panels() -> tuple[ModuleType, ...]:
    return tuple(
        importlib.import_module(f"{__name__}.{found.name}") for found in pkgutil.iter_modules(__path__)
    )
