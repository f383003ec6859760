"""Settings, with defaults that run a table from a laptop and overrides from the environment."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

from banker.service import GAMES_KEPT


def defaults(instance_path: str) -> dict[str, Any]:
    instance = Path(instance_path)
    return {
        "SECRET_KEY": os.environ.get("BANKER_SECRET_KEY") or _stored_secret(instance),
        "DATABASE_URL": os.environ.get("BANKER_DATABASE_URL") or f"sqlite:///{instance / 'banker.sqlite3'}",
        # The address phones use to reach this server; `banker serve` fills it in.
        "PUBLIC_URL": os.environ.get("BANKER_PUBLIC_URL", ""),
        # How many reverse proxies stand in front of Banker: their X-Forwarded-For/-Proto/-Host
        # are believed only then (each phone's own address for the join brake); 0 trusts none.
        "TRUSTED_PROXIES": _whole("BANKER_TRUSTED_PROXIES", "0", "how many proxies"),
        # How many games' folded state one server process keeps in memory (the most recently
        # used; some 50 kB each): any other game is folded from its log when next asked for.
        "GAMES_KEPT": max(1, _whole("BANKER_GAMES_KEPT", str(GAMES_KEPT), "how many games")),
        # A live stream is closed after this long and the phone reconnects by itself.
        "STREAM_SECONDS": 300.0,
        "STREAM_KEEPALIVE_SECONDS": 15.0,
        "MAX_CONTENT_LENGTH": 64 * 1024,
        # Tests drive the clocks themselves (GameService.settle_all_due).
        "TIMER": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 30,
        # the cookie is sent again when a seat is added, not re-signed on every screen update
        "SESSION_REFRESH_EACH_REQUEST": False,
        "WTF_CSRF_TIME_LIMIT": None,  # a game night is long; the token lives with the session
    }


def _whole(name: str, default: str, what: str) -> int:
    value = os.environ.get(name, default)
    if not value.strip().isdecimal():
        raise SystemExit(f"{name} must be a whole number ({what}), not {value!r}.")
    return int(value)


def _stored_secret(instance: Path) -> str:
    """A secret that survives restarts, so phones keep their signed seat cookies."""
    path = instance / "secret_key"
    if not path.exists():
        instance.mkdir(parents=True, exist_ok=True)
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()
