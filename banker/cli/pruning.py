"""Deleting the games nobody has touched for a number of days (banker/service/retention.py):
`banker prune` once, saying what it deleted, and `banker serve` every hour while BANKER_KEEP_DAYS
is set (off by default: a table at home keeps its games)."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from flask import Flask

from banker.cli import counted
from banker.cli.bank_links import names_shown
from banker.service import GameService
from banker.service.editions import IdleEdition
from banker.service.retention import IdleGame

log = logging.getLogger(__name__)

EVERY = 60 * 60.0  # seconds between two rounds under `banker serve`


def report(games: list[IdleGame], days: int, dry_run: bool = False) -> list[str]:
    """What a round removed (or with `dry_run`, would remove), a line for all and one a game."""
    untouched = f"untouched for {counted(days, 'day')}"
    if not games:
        return [f"No game has gone {untouched}: nothing to remove."]
    done = "Would remove" if dry_run else "Removed"
    lines = [f"{done} {counted(len(games), 'game')} {untouched}{' (a dry run)' if dry_run else ''}:"]
    for game in games:
        lines.append(
            f"    {game.join_code} ({names_shown(game.players)}): {counted(game.actions, 'action')}, the "
            f"last on {game.last:%Y-%m-%d %H:%M} UTC, game {game.id}"
        )
    return lines


def editions_report(editions: list[IdleEdition], days: int, dry_run: bool = False) -> list[str]:
    """The saved editions a round removed (or would remove): none, no line."""
    if not editions:
        return []
    done = "Would remove" if dry_run else "Removed"
    lines = [f"{done} {counted(len(editions), 'saved edition')} untouched for {counted(days, 'day')}:"]
    for edition in editions:
        title = names_shown([edition.title])
        lines.append(f"    {title}: last touched on {edition.last:%Y-%m-%d %H:%M} UTC, edition {edition.id}")
    return lines


def prune(service: GameService, days: int, dry_run: bool = False, say_none: bool = True) -> list[str]:
    """One round: the games and then the saved editions untouched for `days` days; what it says
    of them (with `say_none` false, nothing when it removed nothing)."""
    games, editions = service.prune(days, dry_run), service.prune_editions(days, dry_run)
    said = report(games, days, dry_run) if games or say_none else []
    return said + editions_report(editions, days, dry_run)


def keep_pruning(app: Flask, wait: Callable[[float], bool] | None = None) -> threading.Thread | None:
    """Under `banker serve`: prune now (before the games in progress are listed, so none of them
    is gone a moment later) and again after each `wait(EVERY)` (true: stop) while KEEP_DAYS is
    set, printing what each round removed; the thread (a greenlet there) of the later rounds, or
    None when every game is kept."""
    days = app.config["KEEP_DAYS"]
    if not days:
        return None
    service: GameService = app.extensions["banker"]
    wait = wait or threading.Event().wait

    def round_() -> None:
        try:
            if said := prune(service, days, say_none=False):
                print("\n".join(said), flush=True)
        except Exception:  # a database hiccup: the next round tries again
            log.exception("pruning games failed")

    def rounds() -> None:
        while not wait(EVERY):
            round_()

    round_()
    thread = threading.Thread(target=rounds, name="pruning", daemon=True)
    thread.start()
    return thread
