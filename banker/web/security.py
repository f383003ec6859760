"""What every response carries for safety, and the brake on guessing join codes.

- A Content-Security-Policy that runs only our own script files (no inline script, no eval:
  htmx's hx-on handlers are not used), plus nosniff, no framing, and no referrer to other sites
  (same-origin: over HTTPS the CSRF check wants each form's Referer to be our own page).
- The session cookie (it holds the seat tokens) is marked Secure whenever the page came over
  HTTPS, or always with BANKER_HTTPS=1 (behind a proxy that ends TLS).
- Join attempts with a wrong code or seat link: at most JOIN_TRIES_PER_MINUTE per client
  address, then 429 until the minute has passed. Right codes never count, so a whole table
  behind one Wi-Fi address joins freely.
"""

from __future__ import annotations

import os
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import Flask, Response, current_app, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import TooManyRequests

from banker.rules.text import Text
from banker.service import NotFound

CSP = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        # templates colour things with style="--band: ..." attributes
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "font-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    )
)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
    "X-Frame-Options": "DENY",
}
JOIN_TRIES_PER_MINUTE = 20
TOO_MANY_TRIES = Text("Too many tries: wait a minute and check the code on the host's screen.")


class AttemptLimiter:
    """Counts failed attempts per key (a client address) over a sliding window, on a clock that
    can be handed in (tests move time by hand)."""

    def __init__(self, limit: int, window: float, clock: Callable[[], float], max_keys: int = 10_000) -> None:
        self.limit = limit
        self.window = window
        self.clock = clock
        self.max_keys = max_keys
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque[float]:
        times = self._failures.get(key)
        if times is None:
            return deque()
        while times and times[0] <= now - self.window:
            times.popleft()
        if not times:
            del self._failures[key]
        return times

    def blocked(self, key: str) -> bool:
        with self._lock:
            return len(self._recent(key, self.clock())) >= self.limit

    def failed(self, key: str) -> None:
        with self._lock:
            now = self.clock()
            if key not in self._failures and len(self._failures) >= self.max_keys:
                self._forget_old(now)
            times = self._recent(key, now)
            times.append(now)
            self._failures[key] = times

    def _forget_old(self, now: float) -> None:
        for key in list(self._failures):
            self._recent(key, now)
        while len(self._failures) >= self.max_keys:  # still full: drop the earliest keys
            del self._failures[next(iter(self._failures))]


def join_limiter() -> AttemptLimiter:
    return current_app.extensions["banker.join_limiter"]


@contextmanager
def join_attempt() -> Iterator[None]:
    """Around looking up a join code or a seat link: refused with 429 while this address has
    guessed wrong too often; a wrong guess (NotFound) counts against it."""
    limiter = join_limiter()
    address = request.remote_addr or "unknown"
    if limiter.blocked(address):
        raise TooManyRequests(TOO_MANY_TRIES)
    try:
        yield
    except NotFound:
        limiter.failed(address)
        raise


class _SessionInterface(SecureCookieSessionInterface):
    """The signed session cookie, Secure whenever this request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(super().get_cookie_secure(app) or request.is_secure)


def _headers(response: Response) -> Response:
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    if response.status_code == 429:
        response.headers.setdefault("Retry-After", "60")
    return response


def register(app: Flask) -> None:
    if os.environ.get("BANKER_HTTPS", "").lower() in ("1", "true", "yes", "on") or app.config.get("HTTPS"):
        app.config["SESSION_COOKIE_SECURE"] = True
    app.session_interface = _SessionInterface()
    clock = app.config.get("CLOCK") or time.monotonic
    app.extensions["banker.join_limiter"] = AttemptLimiter(JOIN_TRIES_PER_MINUTE, 60.0, clock)
    app.after_request(_headers)
