"""The web server of `banker serve`: gevent's WSGI server, with every connection held to time
limits and caps, so that no number of idle or slow sockets can keep a phone from its game.

- Time: a connection waits at most IDLE_SECONDS for its next request; once a request begins,
  its headers must arrive within HEADER_SECONDS (else the connection is closed) and its body
  within BODY_SECONDS (else it is answered 408 and closed). The body is read whole before the
  app runs, so no screen ever waits on a slow phone.
- Caps: at most MAX_CONNECTIONS connections at once (fewer when the open-file limit is lower),
  MAX_CONNECTIONS_PER_ADDRESS of them from one client address; an IPv6 /64 counts as one
  address, as a household's phones share it. Behind trusted proxies every connection comes from
  a proxy, so there the requests in flight (live streams included) are counted per forwarded
  client address instead. When every place is taken, the connection that has waited longest
  for a request is closed to make room (as nginx does); with none waiting, or over the cap of
  its address, a connection is answered 503 with Retry-After, in the phone's language
  (banker/web/http/refusals.py); only in a flood beyond a quarter of the cap are refused
  connections closed unanswered, since each answer waits on an open file.
- Open files: every connection is one; the process raises its own soft limit to the hard
  limit at start, where the system allows.

Import this only after gevent has patched the standard library (banker/cli/main.py)."""

from __future__ import annotations

import io
import math
import resource
import socket
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from flask import Flask
from gevent import Timeout
from gevent.pywsgi import WSGIHandler, WSGIServer
from werkzeug.http import parse_list_header

from banker.cli.fairness import Fairness, Turn
from banker.web.http import game_files
from banker.web.http.refusals import BROKEN, BUSY, CROWDED, FILES, REFUSED, SLOW
from banker.web.http.security import client_key
from banker.web.http.turns import CLIENT_TURN

BACKLOG = 128  # connections the kernel holds for the server to accept (gevent's own default)
FILES_KEPT = 64  # open files left over for the database, the logs and the listening socket
FILES_WANTED = 65_536  # asked for when the hard limit is unlimited
STREAM = "text/event-stream"


class TooSlow(TimeoutError):
    """Raised when a phone takes longer than allowed to send (the rest of) its request."""


def raise_open_files() -> tuple[int, int]:
    """Raise this process's soft limit on open files to its hard limit, where the system
    allows; the soft limit before and after."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = FILES_WANTED if hard == resource.RLIM_INFINITY else hard
    if soft != resource.RLIM_INFINITY and soft < wanted:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))
        except (ValueError, OSError):
            pass  # e.g. macOS allows less than its "unlimited" hard limit: keep what we have
    return soft, resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def forwarded_client(environ: dict[str, Any], proxies: int) -> str:
    """The client's address as Werkzeug's ProxyFix reads it for the app (banker/__init__.py):
    the one the trusted proxy nearest to the client saw, else the connection's own."""
    values = parse_list_header(environ.get("HTTP_X_FORWARDED_FOR", ""))
    return values[-proxies] if len(values) >= proxies else environ["REMOTE_ADDR"]


class Gate:
    """Counts the open connections, in all and per client address, and says why one over a cap
    is refused. Only greenlets of one thread use it and none of its calls yields: no lock."""

    def __init__(self, total: int, per_address: int, answering: int) -> None:
        self.total = total
        self.per_address = per_address
        self.answering = answering  # refused connections answered at once; more are just closed
        self.open = 0
        self.refusing = 0
        self._by_address: Counter[str] = Counter()

    def enter(self, address: str | None, connection: bool = True, room_made: bool = False) -> str | None:
        """Count a connection (or only a request: connection=False) from `address` (None: not
        counted per address); None when admitted, else the reason it is refused. `room_made`:
        an idle connection is closing to make room for this one, so the total may pass its cap
        until that one has gone."""
        if address is not None and self._by_address[address] >= self.per_address:
            return CROWDED
        if connection and self.open >= self.total and not room_made:
            return BUSY
        self.open += connection
        if address is not None:
            self._by_address[address] += 1
        return None

    def leave(self, address: str | None, connection: bool = True) -> None:
        self.open -= connection
        if address is not None:
            self._by_address[address] -= 1
            if not self._by_address[address]:
                del self._by_address[address]


@dataclass(frozen=True)
class Limits:
    idle: float
    header: float
    body: float
    body_bytes: int
    proxies: int
    # game files read in at once: as many as the workers can take or have waiting (each is some MB)
    files: int

    @classmethod
    def of(cls, config: dict[str, Any]) -> Limits:
        return cls(
            idle=config["IDLE_SECONDS"],
            header=config["HEADER_SECONDS"],
            body=config["BODY_SECONDS"],
            body_bytes=config["MAX_CONTENT_LENGTH"],
            proxies=config["TRUSTED_PROXIES"],
            files=max(1, config["WORKERS"] + config["WORKER_QUEUE"]),
        )


class _Deadline:
    """A connection's incoming bytes, read only until `deadline` (time.monotonic()): a read still
    waiting then raises TooSlow."""

    def __init__(self, rfile: Any) -> None:
        self._rfile = rfile
        self.deadline = math.inf
        self._timed = False  # a timer of `whole` runs: each read needs none of its own

    @property
    def closed(self) -> bool:
        return self._rfile.closed

    def peek(self, size: int = 1) -> bytes:
        return self._within(self._rfile.peek, size)

    def read(self, size: int = -1) -> bytes:
        return self._within(self._rfile.read, size)

    def readline(self, size: int = -1) -> bytes:
        return self._within(self._rfile.readline, size)

    def close(self) -> None:
        self._rfile.close()

    @contextmanager
    def whole(self) -> Iterator[None]:
        """Every read in the block within the deadline, on one timer (the header lines of a
        request: a timer each cost more than reading them)."""
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TooSlow
        self._timed = True
        try:
            with Timeout(left, TooSlow):
                yield
        finally:
            self._timed = False

    def _within(self, read: Any, size: int) -> bytes:
        if self._timed:
            return read(size)
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TooSlow
        with Timeout(left, TooSlow):
            return read(size)


class Handler(WSGIHandler):
    """One connection: its requests read within the time limits, itself within the caps."""

    server: Server

    def __init__(self, sock: Any, address: Any, server: Server) -> None:
        super().__init__(sock, address, server)
        self.rfile = _Deadline(self.rfile)
        self.refusal: str | None = None  # why this connection is refused, if it is
        self.address: str | None = None  # the connection's client address; behind proxies, None
        self.client: str | None = None  # the client of the request being answered
        self.turn = Turn(None)  # its turn in its client's line

    def handle(self) -> None:
        gate = self.server.gate
        self.address = address = None if self.server.limits.proxies else client_key(self.client_address[0])
        self.refusal = gate.enter(address)
        if self.refusal == BUSY and self.server.make_room():
            self.refusal = gate.enter(address, room_made=True)
        if self.refusal is None:
            try:
                super().handle()
            finally:
                gate.leave(address)
        elif gate.refusing < gate.answering:  # beyond that, a flood: each answer holds a file
            gate.refusing += 1
            try:
                super().handle()
            finally:
                gate.refusing -= 1

    def handle_one_request(self) -> Any:
        """One request, its own time counted for its client (banker/cli/fairness.py)."""
        fairness = self.server.fairness
        self.client = self.address
        fairness.times.begin()
        try:
            return super().handle_one_request()
        finally:
            fairness.took(self.client, fairness.times.end())

    def process_result(self) -> None:
        # the answer is drawn: its client's next request may begin while this one is written out
        self.turn.end()
        # a live stream's pushes count for its game (banker/service/shares.py): its opening alone here
        if any(k.lower() == "content-type" and v.startswith(STREAM) for k, v in self.response_headers):
            self.server.fairness.took(self.client, self.server.fairness.times.end())
        super().process_result()

    def read_requestline(self) -> str:
        self.rfile.deadline = time.monotonic() + self.server.limits.idle
        if self.refusal is None:
            self.server.idle[self] = None
        try:
            began = self.rfile.peek()  # the request has begun, or the phone has hung up
        finally:
            self.server.idle.pop(self, None)
        if began:
            self.rfile.deadline = time.monotonic() + self.server.limits.header
        return super().read_requestline()

    def read_request(self, raw_requestline: str) -> Any:
        with self.rfile.whole():  # its header lines
            return super().read_request(raw_requestline)

    def _handle_client_error(self, ex: Exception) -> Any:
        if isinstance(ex, TooSlow):  # headers half sent: nobody is waiting for an answer, close
            return None
        return super()._handle_client_error(ex)

    def handle_one_response(self) -> None:
        proxies = self.server.limits.proxies
        if self.refusal is None and proxies:  # behind proxies each request is its own client's
            self.client = client_key(forwarded_client(self.environ, proxies))
        self._respond()

    def _answer(self) -> None:
        """The app's answer, in its client's turn (banker/cli/fairness.py): taken once the body is
        read, so that a slow body holds no line."""
        with self.server.fairness.turn(self.client) as self.turn:
            self.environ[CLIENT_TURN] = self.turn.end  # a request waiting for time gives it back
            super().handle_one_response()

    def _respond(self) -> None:
        limits, gate = self.server.limits, self.server.gate
        self.rfile.deadline = time.monotonic() + limits.body
        if self.refusal is not None:
            return self._refuse(self.refusal, close=True)
        client = self.client if limits.proxies else None  # counted per request (the connection, for nobody)
        if refusal := gate.enter(client, connection=False):
            return self._refuse(refusal, close=False)  # the proxy's next request may be another's
        carries_a_file = game_files.body_limit(self._path(), limits.body_bytes) > limits.body_bytes
        if carries_a_file and self.server.files_in >= limits.files:
            gate.leave(client, connection=False)
            return self._refuse(FILES, close=True)  # its megabytes left unread
        self.server.files_in += carries_a_file
        try:
            try:
                late = self._take_body()
            except ConnectionError:  # the phone hung up: nobody to answer
                self.close_connection = True
                return
            except OSError:  # a body cut short, or a chunk's size that is no number
                return self._refuse(BROKEN, close=True)
            if late:
                self._refuse(SLOW, close=True)
            else:
                self._answer()
        finally:
            self.server.files_in -= carries_a_file
            gate.leave(client, connection=False)

    def _refuse(self, reason: str, close: bool) -> None:
        """The app answers why, without reading the body (gevent discards it afterwards)."""
        self.environ[REFUSED] = reason
        self.environ["wsgi.input"] = io.BytesIO()
        self.close_connection = self.close_connection or close
        self._answer()

    def _path(self) -> str:
        """The path as the app routes it: percent-decoded ("/api/games/%69mport" is an import)."""
        return self.environ.get("PATH_INFO", "")

    def _take_body(self) -> bool:
        """Read the request's body now, within the time limit, for the app to read from memory;
        True if it came too late. A body over the size limit is left unread: the app refuses it
        (413), and the connection closes after that answer."""
        limit = game_files.body_limit(self._path(), self.server.limits.body_bytes)
        if not (self.content_length or self.wsgi_input.chunked_input):
            return False
        if (self.content_length or 0) > limit:
            self.close_connection = True
            return False
        try:
            body = self.wsgi_input.read(limit + 1)
        except TooSlow:
            return True
        if len(body) > limit:
            self.close_connection = True
        self.environ["wsgi.input"] = io.BytesIO(body)
        return False

    # gevent sends a response's headers and the first part of its body separately: two packets
    # where one does, and a server stopped between them leaves a phone holding headers without a
    # body. Here they leave together.

    _holding = False
    _held = b""

    def _write_with_headers(self, data: bytes) -> None:
        self._holding = True
        try:
            super()._write_with_headers(data)
        finally:
            self._holding = False
            held, self._held = self._held, b""
            if held:
                super()._sendall(held)

    def _sendall(self, data: bytes) -> None:
        if self._holding:
            self._held += data
        else:
            super()._sendall(data)


class Server(WSGIServer):
    handler_class = Handler

    def __init__(self, listener: Any, app: Flask, gate: Gate) -> None:
        super().__init__(listener, app, log=None)
        self.limits = Limits.of(app.config)
        self.gate = gate
        self.fairness = Fairness()
        self.files_in = 0  # requests carrying a game file, being read or answered
        self.idle: dict[Handler, None] = {}  # connections waiting for a request, longest first

    def make_room(self) -> bool:
        """Close the connection that has waited longest for a request, if there is one: when
        every place is taken, an idle connection is the one to give up (a phone opens another
        when it next asks), so that idle sockets, however many, never lock the phones out."""
        if not self.idle:
            return False
        oldest = next(iter(self.idle))
        del self.idle[oldest]
        try:
            oldest.socket.shutdown(socket.SHUT_RDWR)  # its wait ends as if the phone had hung up
        except OSError:
            pass
        return True

    def handle(self, sock: Any, address: Any) -> None:
        # Each write goes out at once: with Nagle's algorithm on, a write waits for the phone's
        # delayed ACK of the one before (40 ms on every kept-alive request, and a live update can
        # wait behind the previous one the same way).
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        super().handle(sock, address)


def listen(host: str, port: int) -> Any:
    """The listening socket (OSError when the port is taken or the address is not this machine's)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family, backlog=BACKLOG)


def serve(app: Flask, listener: Any) -> None:
    """Serve `app` until Ctrl+C, within the caps its settings and the open-file limit allow."""
    before, files = raise_open_files()
    raised = f" (raised from {before:,})" if files > before else ""
    room = max(1, files - FILES_KEPT)
    total = min(app.config["MAX_CONNECTIONS"], max(1, room * 3 // 4))
    gate = Gate(total, app.config["MAX_CONNECTIONS_PER_ADDRESS"], max(1, min(total // 4 + 8, room - total)))
    limits = Limits.of(app.config)
    print(
        f"Open files: up to {files:,}{raised}. Connections: at most {total:,} at once,"
        f" {gate.per_address:,} from one address; closed after {limits.idle:g} s idle,"
        f" {limits.header:g} s to send headers or {limits.body:g} s a body.",
        flush=True,
    )
    server = Server(listener, app, gate)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.stop()
