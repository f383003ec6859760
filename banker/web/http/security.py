"""What every response carries for safety, the brake on guessing join codes, and the limit on
new games.

- A Content-Security-Policy that runs only our own script files (no inline script, no eval:
  htmx's hx-on handlers are not used), plus nosniff, no framing, and no referrer to other sites
  (same-origin: over HTTPS the CSRF check wants each form's Referer to be our own page).
- The session cookie (it holds the seat tokens) is marked Secure whenever the page came over
  HTTPS, or always with BANKER_HTTPS=1 (behind a proxy that ends TLS).
- Join codes and seat links: once a client address has guessed wrong JOIN_TRIES_PER_MINUTE times
  in a minute, each of its lookups waits HOLD_SECONDS before the code is checked; a right code
  then joins and a wrong one answers 429. So a table behind one Wi-Fi address is not locked out
  by someone guessing there, and a guesser gets no more than HOLD_ROOM checks per HOLD_SECONDS
  on each server, however many it sends at once (only a flood beyond that, which fills the
  room, turns this address's lookups away unchecked until there is room again).
- New games: at most NEW_GAMES_PER_HOUR per client address (0: no limit).
Both counts are kept in the database (banker.store.address_counts), so every server shares them.
A client address is an IPv4 address or an IPv6 /64 (`client_key`), as the connection cap counts.
"""

from __future__ import annotations

import ipaddress
import os
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import Flask, Response, current_app, request
from flask.sessions import SecureCookieSessionInterface
from werkzeug.exceptions import TooManyRequests

from banker.rules.text import Text
from banker.service.errors import NotFound
from banker.store.address_counts import AddressCounts

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
# A policy and the frame ban bind only what a browser shows as a page or runs as a worker; a
# stylesheet, a script file, a PNG or the manifest is never one, and on a phone's first load
# the two would add some 300 bytes to each of them.
SUBRESOURCE_HEADERS = {name: HEADERS[name] for name in ("X-Content-Type-Options", "Referrer-Policy")}
NEVER_A_PAGE = (
    "text/css",
    "text/javascript",
    "application/javascript",
    "image/png",
    "application/manifest+json",
)
JOIN_TRIES_PER_MINUTE = 20
HOLD_SECONDS = 2.0
# Attempts of one address that may wait at once (on each server); one more is refused unchecked.
# Ten per two seconds leave room for a table joining while someone there guesses twice a second.
HOLD_ROOM = 10
TOO_MANY_TRIES = Text("Too many tries: wait a minute and check the code on the host's screen.")


class WaitingRoom:
    """Where the lookups of an address that guessed wrong too often wait before their code is
    checked, on a sleep that can be handed in (tests move a fake clock instead). The wait is cheap
    under `banker serve`, where each request is a greenlet; how many of one address's lookups may
    wait at once is bounded, so a guesser cannot buy speed by sending more at a time."""

    def __init__(self, seconds: float, room: int, sleep: Callable[[float], object]) -> None:
        self.seconds = seconds
        self.room = room
        self.sleep = sleep
        self._waiting: Counter[str] = Counter()
        self._lock = threading.Lock()

    def wait(self, address: str) -> None:
        with self._lock:
            if self._waiting[address] >= self.room:
                raise TooManyRequests(TOO_MANY_TRIES)
            self._waiting[address] += 1
        try:
            self.sleep(self.seconds)
        finally:
            with self._lock:
                self._waiting[address] -= 1
                if not self._waiting[address]:
                    del self._waiting[address]


def client_key(address: str) -> str:
    """What counts as one client: the address, or its /64 network for IPv6, which a household's
    phones share and one machine can fill with as many addresses as it likes."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def client_address() -> str:
    """The phone's own address as a client key: from X-Forwarded-For only behind
    BANKER_TRUSTED_PROXIES proxies."""
    return client_key(request.remote_addr or "unknown")


@contextmanager
def join_attempt() -> Iterator[None]:
    """Around looking up a join code or a seat link: a wrong guess (NotFound) counts against this
    address, and once it has guessed wrong too often each lookup is held back first."""
    wrong = current_app.extensions["banker.wrong_codes"]
    address = client_address()
    braked = wrong.count(address) >= JOIN_TRIES_PER_MINUTE
    if braked:
        current_app.extensions["banker.waiting_room"].wait(address)
    try:
        yield
    except NotFound:
        wrong.add(address)
        if braked:
            raise TooManyRequests(TOO_MANY_TRIES) from None
        raise


@contextmanager
def new_game() -> Iterator[None]:
    """Around starting a game: 429 once this address has started NEW_GAMES_PER_HOUR games in the
    last hour; a game that was started counts."""
    limit = current_app.config["NEW_GAMES_PER_HOUR"]
    started = current_app.extensions["banker.new_games"]
    address = client_address()
    if limit and started.count(address) >= limit:
        raise TooManyRequests(
            Text(
                "This address has started %(limit)s games in the last hour, as many as this server "
                "allows. Carry on with a game already started, or wait a while.",
                limit=limit,
            )
        )
    yield
    if limit:
        started.add(address)


class _SessionInterface(SecureCookieSessionInterface):
    """The signed session cookie, Secure whenever this request came over HTTPS."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(super().get_cookie_secure(app) or request.is_secure)


def _headers(response: Response) -> Response:
    headers = SUBRESOURCE_HEADERS if _never_a_page(response) else HEADERS
    for name, value in headers.items():
        response.headers.setdefault(name, value)
    if response.status_code == 429:
        response.headers.setdefault("Retry-After", "60")
    return response


def _never_a_page(response: Response) -> bool:
    worker = request.path == "/sw.js"
    return response.mimetype in NEVER_A_PAGE and not worker


def register(app: Flask) -> None:
    if os.environ.get("BANKER_HTTPS", "").lower() in ("1", "true", "yes", "on") or app.config.get("HTTPS"):
        app.config["SESSION_COOKIE_SECURE"] = True
    app.session_interface = _SessionInterface()
    # wall-clock time: several servers compare their windows in one database
    clock = app.config.get("CLOCK") or time.time
    engine = app.extensions["banker"].engine
    app.extensions["banker.wrong_codes"] = AddressCounts(engine, "join", 60.0, clock)
    app.extensions["banker.new_games"] = AddressCounts(engine, "new", 3600.0, clock)
    app.extensions["banker.waiting_room"] = WaitingRoom(
        HOLD_SECONDS, HOLD_ROOM, app.config.get("SLEEP") or time.sleep
    )
    app.after_request(_headers)
