"""Settings, with defaults that run a table from a laptop and overrides from the environment."""

from __future__ import annotations

import math
import os
import secrets
from pathlib import Path
from typing import Any

# How many games' folded state one server process keeps in memory by default (the most recently
# used): a state takes some 50 kB (a custom edition's board is its own), plus its undo stack; any
# other game is folded again from its log when it is next asked for.
GAMES_KEPT = 500


def defaults(instance_path: str) -> dict[str, Any]:
    instance = Path(instance_path)
    return {
        "SECRET_KEY": _secret(instance),
        "DATABASE_URL": os.environ.get("BANKER_DATABASE_URL") or f"sqlite:///{instance / 'banker.sqlite3'}",
        # The address phones use to reach this server; `banker serve` fills it in.
        "PUBLIC_URL": _address("BANKER_PUBLIC_URL"),
        # Seat cookies always marked Secure (behind a proxy that ends TLS), not only on HTTPS pages
        "HTTPS": _switch("BANKER_HTTPS"),
        # How many reverse proxies stand in front of Banker: their X-Forwarded-For/-Proto/-Host
        # are believed only then (each phone's own address for the join brake); 0 trusts none.
        "TRUSTED_PROXIES": _whole("BANKER_TRUSTED_PROXIES", "0", "how many proxies"),
        # `banker serve` closes a connection that waits longer than this for its next request,
        # or takes longer to send a request's headers, or its body (seconds) ...
        "IDLE_SECONDS": _seconds("BANKER_IDLE_SECONDS", "60"),
        "HEADER_SECONDS": _seconds("BANKER_HEADER_SECONDS", "20"),
        "BODY_SECONDS": _seconds("BANKER_BODY_SECONDS", "30"),
        # ... and holds at most this many connections at once (fewer if the open-file limit is
        # lower), this many of them from one address: a table of 8 phones uses about 24
        "MAX_CONNECTIONS": _whole(
            "BANKER_MAX_CONNECTIONS", "5000", "how many connections, 1 or more", least=1
        ),
        "MAX_CONNECTIONS_PER_ADDRESS": _whole(
            "BANKER_MAX_CONNECTIONS_PER_ADDRESS", "64", "how many connections, 1 or more", least=1
        ),
        # New games one client address may start in an hour (0: no limit): it bounds what a script
        # can make a public server hold, and is far above what a host running many tables needs.
        "NEW_GAMES_PER_HOUR": _whole("BANKER_NEW_GAMES_PER_HOUR", "60", "games an hour, 0 for no limit"),
        # Game files one client address may import in a day, in megabytes (0: no limit): three of
        # the largest (12 MB), a hundred long games. With the games an hour, it bounds what one
        # address can make a public server store.
        "IMPORT_MB_PER_DAY": _whole("BANKER_IMPORT_MB_PER_DAY", "40", "megabytes a day, 0 for no limit"),
        # Once the database holds this many megabytes, new games and imports are refused (the
        # server is full) while the games already there play on (0: no limit). A family's games
        # take a few megabytes a year.
        "MAX_DATABASE_MB": _whole("BANKER_MAX_DATABASE_MB", "2048", "megabytes, 0 for no limit"),
        # `banker serve` deletes, every hour, the games nobody has touched for this many days, and
        # `banker prune` does once (0: every game is kept, as a table at home wants; see
        # docs/deploy.md for a public server).
        "KEEP_DAYS": _whole("BANKER_KEEP_DAYS", "0", "days, 0 to keep every game"),
        # How many games' folded state one server process keeps in memory (the most recently
        # used; some 50 kB each): any other game is folded from its log when next asked for.
        "GAMES_KEPT": _whole("BANKER_GAMES_KEPT", str(GAMES_KEPT), "how many games, 1 or more", least=1),
        # Live streams one game may hold open in a server process: a table uses about a dozen (each
        # phone, the bank, a display, a second tab); past it a stream is refused and the page polls.
        "STREAMS_PER_GAME": _whole(
            "BANKER_STREAMS_PER_GAME", "40", "how many streams of one game, 1 or more", least=1
        ),
        # Worker processes that check, store and write out game files, off the event loop (0: in
        # the request itself), and how many more such jobs may wait for one before "try again".
        "WORKERS": _whole("BANKER_WORKERS", "1", "how many worker processes, 0 or more"),
        "WORKER_QUEUE": _whole("BANKER_WORKER_QUEUE", "8", "how many jobs may wait, 0 or more"),
        # A live stream is closed after this long and the phone reconnects by itself.
        "STREAM_SECONDS": 300.0,
        "STREAM_KEEPALIVE_SECONDS": 15.0,
        "MAX_CONTENT_LENGTH": 64 * 1024,
        # Tests drive the clocks themselves (GameService.settle_all_due).
        "TIMER": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        # the most a browser keeps a cookie (Chromium caps it at 400 days): a game left on the
        # shelf for a season finds its phones seated, while its server keeps it (BANKER_KEEP_DAYS)
        "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 400,
        # the cookie is sent again when a seat is added, not re-signed on every screen update
        "SESSION_REFRESH_EACH_REQUEST": False,
        "WTF_CSRF_TIME_LIMIT": None,  # a game night is long; the token lives with the session
    }


def _whole(name: str, default: str, what: str, least: int = 0) -> int:
    value = os.environ.get(name, default)
    if not (value.strip().isascii() and value.strip().isdecimal()) or int(value) < least:
        raise SystemExit(f"{name} must be a whole number ({what}), not {value!r}.")
    return int(value)


def _address(name: str) -> str:
    """A web address the phones are given: an http:// or https:// URL, or empty for none."""
    value = os.environ.get(name, "").strip()
    scheme, _, rest = value.partition("://")
    if value and (scheme not in ("http", "https") or not rest or rest.startswith("/")):
        raise SystemExit(
            f"{name} must be the address phones open, like https://banker.example.org, not {value!r}."
        )
    return value


def _switch(name: str) -> bool:
    value = os.environ.get(name, "").strip().lower()
    if value not in ("", "0", "1", "true", "false", "yes", "no", "on", "off"):
        raise SystemExit(f"{name} must be 1 (on) or 0 (off), not {value!r}.")
    return value in ("1", "true", "yes", "on")


def _seconds(name: str, default: str) -> float:
    value = os.environ.get(name, default)
    try:
        seconds = float(value)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise SystemExit(f"{name} must be a number of seconds above 0, not {value!r}.")
    return seconds


def _secret(instance: Path) -> str:
    """The key that signs the phones' seat cookies. An empty key would sign them for anyone to
    forge, so it is refused rather than used."""
    if "BANKER_SECRET_KEY" in os.environ:
        if not os.environ["BANKER_SECRET_KEY"].strip():
            raise SystemExit(
                "BANKER_SECRET_KEY is empty. Set it to a long random text, or unset it to use the key"
                f" kept in {instance / 'secret_key'}."
            )
        return os.environ["BANKER_SECRET_KEY"]
    return _stored_secret(instance)


def _stored_secret(instance: Path) -> str:
    """A secret that survives restarts, so phones keep their signed seat cookies."""
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    key = path.read_text().strip()
    if not key:
        raise SystemExit(
            f"{path} is empty. Put back the key it held, or delete the file and Banker makes a new"
            " one (phones then lose their seats: the host gets back in with `banker bank-link`)."
        )
    return key
