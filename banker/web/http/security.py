"""What every response carries for safety, the brake on guessing join codes, and the limit on
new games.

- A Content-Security-Policy that runs only our own script files (no inline script, no eval:
  htmx's hx-on handlers are not used), plus nosniff, no framing, and no referrer to other sites
  (same-origin: over HTTPS the CSRF check wants each form's Referer to be our own page).
- The session cookie (it holds the seat tokens) is marked Secure whenever the page came over
  HTTPS, or always with BANKER_HTTPS=1 (behind a proxy that ends TLS).
- Join codes and seat links: a right one always goes through at once. Once a client address
  has guessed wrong JOIN_TRIES_PER_MINUTE times in a minute, each further wrong guess is answered
  429 only after it has waited HOLD_SECONDS in the waiting room, which holds HOLD_ROOM of the
  address's guesses at a time (on each server); the rest wait in line for a place. The answer
  itself tells a right code from a wrong one, so what the brake bounds is how many codes an
  address gets checked: every guess is checked as it comes, and a wrong one is never answered
  early, full room or not (an early "wrong" would let a guesser check as fast as it can send).
  It keeps its request, and so its connection, until its turn is over, and `banker serve`
  holds one address to MAX_CONNECTIONS_PER_ADDRESS of them: a guesser gets that many checks at
  first and then HOLD_ROOM per HOLD_SECONDS, however many it sends, and dropping a guess early
  frees nothing. A table behind the same Wi-Fi address meanwhile joins as if nobody guessed.
- New games: at most NEW_GAMES_PER_HOUR per client address (0: no limit), and game files
  imported: at most IMPORT_MB_PER_DAY megabytes of them per address (0: no limit).
These counts are kept in the database (banker.store.address_counts), so every server shares them.
A client address is an IPv4 address or an IPv6 /64 (`client_key`), as the connection cap counts.
- The whole server: once its database holds MAX_DATABASE_MB (0: no limit), no new game is started
  or imported (507, the server is full); the games already there play on.
"""

from __future__ import annotations

import copy
import ipaddress
import math
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from flask import Flask, Request, Response, current_app, request
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface
from itsdangerous import BadSignature
from werkzeug.exceptions import HTTPException, TooManyRequests

from banker.lru import LRU
from banker.rules.text import Plural, Text
from banker.service.errors import NotFound
from banker.store.address_counts import AddressCounts
from banker.store.db import stored_bytes
from banker.store.models import could_be_key
from banker.web.http import turns

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
# Wrong guesses of one address that wait at once (on each server): ten per two seconds answer a
# table's few typos quickly while someone there guesses twice a second.
HOLD_ROOM = 10
TOO_MANY_TRIES = Text("Too many tries: wait a minute and check the code on the host's screen.")
KB, MB = 1024, 1024 * 1024
DAY = 24 * 60 * 60.0
RESIGNED_AFTER = DAY  # seconds: a session cookie older than this is sent again, signed now
SESSIONS_KEPT = 10_000  # session cookies whose signature was checked (a phone's is under 1 kB)


class ServerFull(HTTPException):
    """Raised when the database holds MAX_DATABASE_MB: no new game until the host makes room."""

    code = 507  # Insufficient Storage
    description = Text(
        "This server is full: it takes no new games until its host makes room. Carry on with a "
        "game already started."
    )


class _Line:
    """The wrong guesses of one address: those in the room, and those waiting for a place."""

    def __init__(self, room: int) -> None:
        self.places = threading.Semaphore(room)
        self.guesses = 0


class WaitingRoom:
    """Where the wrong guesses of an address that guessed wrong too often wait before they are
    answered, `room` at a time, each for `seconds`, on a sleep that can be handed in (tests move
    a fake clock instead). Under `banker serve` each request is a greenlet: a guess waiting for
    its place or its time costs no thread."""

    def __init__(self, seconds: float, room: int, sleep: Callable[[float], object]) -> None:
        self.seconds = seconds
        self.room = room
        self.sleep = sleep
        self._lines: dict[str, _Line] = {}
        self._lock = threading.Lock()

    def wait(self, address: str) -> None:
        with self._lock:
            line = self._lines.get(address) or self._lines.setdefault(address, _Line(self.room))
            line.guesses += 1
        try:
            with line.places:
                self.sleep(self.seconds)
        finally:
            with self._lock:
                line.guesses -= 1
                if not line.guesses:
                    del self._lines[address]


def client_key(address: str) -> str:
    """What counts as one client: the address, or its /64 network for IPv6, which a household's
    phones share and one machine can fill with as many addresses as it likes. What is not an
    address (a forwarded header holds what its sender wrote) is kept as itself if it could be
    (see could_be_key), else as "unknown"."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address if could_be_key(address) else "unknown"
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
    """Around looking up a join code or a seat link: a right one goes through at once; a wrong
    one (NotFound) counts against this address, and once it has guessed wrong too often, waits
    its turn in the waiting room and is answered 429."""
    try:
        yield
    except NotFound:
        wrong = current_app.extensions["banker.wrong_codes"]
        address = client_address()
        braked = wrong.count(address) >= JOIN_TRIES_PER_MINUTE
        wrong.add(address)
        if not braked:
            raise
        turns.step_out()
        current_app.extensions["banker.waiting_room"].wait(address)
        raise TooManyRequests(TOO_MANY_TRIES) from None


def require_room(refusal: Text | None = None) -> None:
    """507 (ServerFull, or `refusal` for something other than a game) once the database holds
    MAX_DATABASE_MB."""
    most = current_app.config["MAX_DATABASE_MB"]
    if most and stored_bytes(current_app.extensions["banker"].engine) >= most * MB:
        raise ServerFull(refusal)


@contextmanager
def new_game(file_bytes: int = 0) -> Iterator[None]:
    """Around starting a game, from a game file of `file_bytes` when one is imported: 429 once this
    address has started NEW_GAMES_PER_HOUR games in the last hour, or would import more than
    IMPORT_MB_PER_DAY of game files in a day; 507 while the server is full. A game that was
    started counts: it is counted before it is started (a file is checked for a while, and
    imports sent together each passed a count none of them had added to yet), and given back
    if it is not."""
    config = current_app.config
    # before anything is counted: a count is a row, and a full database's rows are what fill it
    require_room()
    address = client_address()
    taken: list[tuple[AddressCounts, int]] = []
    try:
        limit, started = config["NEW_GAMES_PER_HOUR"], current_app.extensions["banker.new_games"]
        if limit and not _take(started, address, 1, limit, taken):
            raise TooManyRequests(
                retry_after=math.ceil(started.seconds_left(address)) or 1,
                description=Plural(
                    "This address has started %(n)s game in the last hour, as many as this server "
                    "allows. Carry on with the game already started, or wait a while.",
                    "This address has started %(n)s games in the last hour, as many as this server "
                    "allows. Carry on with a game already started, or wait a while.",
                    limit,
                ),
            )
        most, kilobytes = config["IMPORT_MB_PER_DAY"] * KB, math.ceil(file_bytes / KB)
        imported = current_app.extensions["banker.imported"]
        if most and kilobytes and not _take(imported, address, kilobytes, most, taken):
            raise TooManyRequests(
                Text(
                    "This address has imported as many game files in the last day as this server "
                    "takes from one address (%(most)s MB). Carry on with a game already here, or try "
                    "again tomorrow.",
                    most=config["IMPORT_MB_PER_DAY"],
                )
            )
        yield
    except BaseException:
        for counts, amount in taken:
            counts.add(address, -amount)
        raise


def _take(
    counts: AddressCounts, address: str, amount: int, most: int, taken: list[tuple[AddressCounts, int]]
) -> bool:
    """Count `amount` for `address` if that keeps it within `most` (added first, then read: two
    requests at once cannot both pass on the same count), noting it in `taken`."""
    counts.add(address, amount)
    if counts.count(address) > most:
        counts.add(address, -amount)
        return False
    taken.append((counts, amount))
    return True


class _SessionInterface(SecureCookieSessionInterface):
    """The signed session cookie, Secure whenever this request came over HTTPS. A phone sends the
    same cookie with every request, and checking its signature is most of a small request's
    time: a cookie whose signature was checked is known by its exact value (with the secret key
    and when it was signed, so that its age is still checked), and a changed one is checked."""

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._checked: LRU[tuple[str | bytes | None, str], tuple[dict, float]] = LRU(SESSIONS_KEPT)

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(super().get_cookie_secure(app) or request.is_secure)

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        value = request.cookies.get(self.get_cookie_name(app))
        serializer = self.get_signing_serializer(app)
        if not value or serializer is None:
            return super().open_session(app, request)
        max_age = app.permanent_session_lifetime.total_seconds()
        key = (app.secret_key, value)
        checked = self._checked.get(key)
        if checked is None:
            try:
                data, signed = serializer.loads(value, max_age=int(max_age), return_timestamp=True)
            except BadSignature:
                return self.session_class()
            checked = (data, signed.timestamp())
            self._checked.put(key, checked)
        age = self.clock() - checked[1]
        if not 0 <= age <= max_age:
            return self.session_class()  # expired since, as the signature check would find
        opened = self.session_class(copy.deepcopy(checked[0]))  # the request may change its copy
        # signed anew once a day at most: a phone that keeps coming back keeps its seats, however
        # long the game lasts
        opened.modified = age > RESIGNED_AFTER
        return opened


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
    if app.config["HTTPS"]:
        app.config["SESSION_COOKIE_SECURE"] = True
    app.session_interface = _SessionInterface()
    # wall-clock time: several servers compare their windows in one database
    clock = app.config.get("CLOCK") or time.time
    engine = app.extensions["banker"].engine
    app.extensions["banker.wrong_codes"] = AddressCounts(engine, "join", 60.0, clock)
    app.extensions["banker.new_games"] = AddressCounts(engine, "new", 3600.0, clock)
    app.extensions["banker.imported"] = AddressCounts(engine, "imported", DAY, clock)
    app.extensions["banker.waiting_room"] = WaitingRoom(
        HOLD_SECONDS, HOLD_ROOM, app.config.get("SLEEP") or time.sleep
    )
    app.after_request(_headers)
