"""`python -m tests.bench`: Banker's performance figures, measured on this machine, in one table.

    python -m tests.bench                # every figure (about ten minutes)
    python -m tests.bench --only service # one part: service, phones, first-load, capacity,
                                         # connections, big-game, memory, isolation

1. Server time per command (rent, build, bid, trade), at the service (GameService.run) on a real
   SQLite file, in games whose logs hold 100, 1,000 and 10,000 events.
2. What a phone waits for (tests/bench/phones.py): a real `banker serve` process, the 8 player
   phones of a game after 300 actions holding their live streams; one phone pays the others as
   its Pay form does. From the send to each phone holding the whole pushed update, the payer's
   answer, the bytes per other phone, the server's CPU per payment; every other phone must show
   the new balances, and every update must be stored first. Then a poll of an unchanged game.
3. First load of a player's screen: the bytes a phone's first visit transfers (status lines,
   headers and bodies as they cross the wire, compressed by our server), and a later visit.
4. Capacity: about 1,000 phones of 167 games of 6 hold their live streams and behave as the
   page does (fetch their panel on every change, poll every 30 s while the stream is open) while
   the games play; command latency and the server process's memory. Each table's phones come
   from an address of their own (127.0.x.y), as from their own Wi-Fi.
5. Connections held: 2,000 kept-alive connections from 40 addresses left idle; meanwhile a phone
   from another address asks for a page on a new connection, again and again. Then with the
   server's open-file limit at the common 1,024, and one address opening more than its cap.
6. A big game: a real `banker serve` process holding one ended game of 10,000 actions. Every
   page of it (the screens, the tally, the history and its downloads, the API), timed at the
   client on the loopback (so server time plus a little); then 4 clients read its tally and
   history over and over while another game's commands (50 a second) are timed: how much
   slower they get than without the readers.
7. Memory: the server process's RSS when idle and after 2,000 games on custom editions (each a
   board of its own) were created through the API.
8. No table slows another (tests/bench/isolation.py): another game's command p95 while a game of
   20,000 actions is imported, loaded and downloaded over and over, and while 2,000 live streams
   are opened on one game; each against the same commands alone, in the same run.

Performance is measured here, never asserted in the test suite.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import gzip
import json
import multiprocessing
import os
import random
import re
import resource
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import brotli

from tests.support.servers import free_port

SOURCE = Path(__file__).resolve().parents[2]  # the checkout: `python -m banker.cli` runs from it
PARTS = ("service", "phones", "first-load", "capacity", "connections", "big-game", "memory", "isolation")
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Fay", "Gus", "Hal")
BROWSER_HEADERS = {
    "User-Agent": "Mozilla/5.0 (Linux; Android 14) banker-bench",
    "Accept-Encoding": "gzip, deflate, br",
    "Accept-Language": "en",
}
OPTIONS = {"starting_cash": 100_000, "auction_seconds": 86_400}  # an auction stays open all run


@dataclass
class Figure:
    name: str
    measured: str
    target: str
    passed: bool | None  # None: information, no target


def percentile(samples: list[float], p: float) -> float:
    """The nearest-rank percentile: the smallest sample with at least p% of them at or below."""
    ordered = sorted(samples)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def ms(value: float) -> str:
    return f"{value:.2f} ms" if value < 10 else f"{value:.1f} ms"


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


# --- a table to play: the commands of issue 7 in a cycle that never runs out ---------------------

SETUP = (
    {"type": "buy", "player": 1, "deed": 37},
    {"type": "buy", "player": 1, "deed": 39},
    {"type": "buy", "player": 2, "deed": 1},
    {"type": "buy", "player": 2, "deed": 3},
    {"type": "decline", "player": 3, "deed": 5},  # an auction that stays open: bids all game long
)


class Table:
    """One game's next commands: rent both ways, a house built and sold, a bid, a trade offered
    and accepted, and the GO salary now and then, so nobody ever runs out of money. Yields
    (kind, payload): kind names the figure a command counts for (rent, build, bid, trade)."""

    def __init__(self) -> None:
        self.round = 0
        self.trade = 0  # the id of the offer waiting to be accepted

    def commands(self) -> Iterator[tuple[str | None, dict[str, Any]]]:
        r = self.round
        self.round += 1
        proposer, partner = (5, 6) if r % 2 == 0 else (6, 5)
        yield "rent", {"type": "pay_rent", "player": 2, "deed": 39}
        yield None, {"type": "pay_rent", "player": 1, "deed": 1}
        yield "build", {"type": "build", "deed": 39}
        yield None, {"type": "sell_building", "deed": 39}
        yield "bid", {"type": "bid", "player": 3 + r % 2, "amount": r + 1, "deed": 5}
        yield "trade", {"type": "propose_trade", "player": proposer, "to": partner, "give": {"cash": 10}}
        yield "trade", {"type": "accept_trade", "player": partner, "trade": None}  # filled in: see accept
        if r % 2:
            yield None, {"type": "pass_go", "player": 2}

    def fill(self, payload: dict[str, Any]) -> dict[str, Any]:
        if payload["type"] == "accept_trade":
            return {**payload, "trade": self.trade}
        return payload

    def answered(self, payload: dict[str, Any], events: list[dict[str, Any]]) -> None:
        if payload["type"] == "propose_trade":
            self.trade = events[0]["trade"]


# --- 1. server time per command ---------------------------------------------------------------


def service_figures(folder: Path, rounds: int) -> list[Figure]:
    from banker import create_app

    app = create_app(
        {
            "SECRET_KEY": "bench",
            "INSTANCE_PATH": str(folder),
            "DATABASE_URL": f"sqlite:///{folder / 'service.sqlite3'}",
            "TIMER": False,
        }
    )
    service = app.extensions["banker"]
    sizes = (100, 1_000, 10_000)
    window = {100: 1, 1_000: 10, 10_000: rounds}  # timed rounds each game takes before it is too big
    samples: dict[int, dict[str, list[float]]] = {n: {k: [] for k in KINDS} for n in sizes}

    class Game:
        def __init__(self) -> None:
            created = service.create_game(list(NAMES[:6]), options=OPTIONS)
            self.id = created.game.id
            self.token = created.banker.token
            self.table = Table()
            self.events = 1
            for payload in SETUP:
                self.run(payload)

        def run(self, payload: dict[str, Any]) -> float:
            payload = self.table.fill(payload)
            started = time.perf_counter()
            result = service.run(self.id, self.token, payload)
            elapsed = (time.perf_counter() - started) * 1000
            self.events += len(result.events)
            self.table.answered(payload, [e.to_json() for e in result.events])
            return elapsed

        def grow_to(self, events: int) -> None:
            while self.events < events:
                for _, payload in self.table.commands():
                    self.run(payload)

        def timed_round(self, into: dict[str, list[float]]) -> None:
            for kind, payload in self.table.commands():
                elapsed = self.run(payload)
                if kind:
                    into[kind].append(elapsed)

    games: dict[int, list[Game]] = {}
    for size in sizes:
        count = -(-rounds // window[size])
        log(f"  service: {count} game(s) of {size:,} events")
        games[size] = []
        for _ in range(count):
            game = Game()
            game.grow_to(size)
            games[size].append(game)
    # Interleaved, so a busy moment on the machine falls on every size alike.
    for r in range(rounds):
        for size in sizes:
            games[size][r // window[size]].timed_round(samples[size])
    app.extensions["banker"].engine.dispose()
    biggest = max(g.events for g in games[10_000])
    log(f"  service: the big game ended at {biggest:,} events")

    figures = []
    for kind in KINDS:
        at = {n: samples[n][kind] for n in sizes}
        p95 = {n: percentile(at[n], 95) for n in sizes}
        figures.append(
            Figure(
                f"Server time per command, {kind}, game of 1,000 events",
                f"median {ms(statistics.median(at[1_000]))}, p95 {ms(p95[1_000])} ({len(at[1_000])} runs)",
                "p95 <= 3 ms",
                p95[1_000] <= 3.0,
            )
        )
    for kind in KINDS:
        p95 = {n: percentile(samples[n][kind], 95) for n in sizes}
        ratio = p95[10_000] / p95[100]
        figures.append(
            Figure(
                f"Flat as the game grows, {kind}: p95 at 100 / 1,000 / 10,000 events",
                f"{p95[100]:.2f} / {p95[1_000]:.2f} / {p95[10_000]:.2f} ms: x{ratio:.2f}",
                "10,000 <= 1.5 x 100",
                ratio <= 1.5,
            )
        )
    return figures


KINDS = ("rent", "build", "bid", "trade")


# --- a real server and a raw HTTP client that counts the bytes on the wire ----------------------


class Server:
    """`banker serve` in a process of its own, on a database of its own (or another module that
    takes the same `serve` arguments and settings: tests/bench/floor_server.py)."""

    def __init__(
        self,
        folder: Path,
        files: int | None = None,
        env: dict[str, str] | None = None,
        module: str = "banker.cli",
    ) -> None:
        self.module = module
        self.files = files  # its open-file limit, soft and hard, if not this process's
        self.port = free_port()
        self.database = folder / "server.sqlite3"
        self.log = folder / "server.log"
        self.env = {
            **os.environ,
            "BANKER_DATABASE_URL": f"sqlite:///{self.database}",
            "BANKER_SECRET_KEY": secrets.token_hex(16),
            "BANKER_PUBLIC_URL": f"http://127.0.0.1:{self.port}",
            "BANKER_NEW_GAMES_PER_HOUR": "0",  # the bench starts its games from one address
            "PYTHONPATH": os.pathsep.join(filter(None, (str(SOURCE), os.environ.get("PYTHONPATH")))),
            **(env or {}),
        }
        self.process: subprocess.Popen[bytes] | None = None

    def __enter__(self) -> Server:
        try:
            # a port found free may be taken by another process before the server binds it (the
            # suite's test processes start servers side by side): then it starts on another
            for _ in range(3):
                if self._started():
                    return self
                if "Address already in use" not in self.log.read_text():
                    break
                self.__exit__()
                self.port = free_port()
                self.env["BANKER_PUBLIC_URL"] = f"http://127.0.0.1:{self.port}"
            raise RuntimeError(f"banker serve did not start:\n{self.log.read_text()}")
        except BaseException:
            self.__exit__()  # no server left running behind a failed start
            raise

    def _started(self) -> bool:
        """Start the server; whether it answers before its process ends or 120 s pass."""
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(
                [sys.executable, "-m", self.module, "serve", "--host", "127.0.0.1", "--port", str(self.port)]
                + ["--quiet"],
                env=self.env,
                cwd=SOURCE,
                stdout=out,
                stderr=subprocess.STDOUT,
                preexec_fn=self._limit_files if self.files else None,
            )
        deadline = time.monotonic() + 120  # a busy machine takes long to start Python
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with Http(self.port) as http:
                    if http.request("GET", "/").status == 200:
                        return True
            except OSError:
                time.sleep(0.1)
        return False

    def _limit_files(self) -> None:
        resource.setrlimit(resource.RLIMIT_NOFILE, (self.files, self.files))

    def __exit__(self, *_: object) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
            self.process = None

    def cpu_seconds(self) -> float:
        """User and system CPU time the server process has used so far."""
        assert self.process is not None
        fields = Path(f"/proc/{self.process.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def rss_mb(self) -> float:
        assert self.process is not None
        for line in Path(f"/proc/{self.process.pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
        return 0.0


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes  # as sent: still compressed, if it was
    wire: int  # bytes of the status line, headers and body on the wire (chunk framing included)
    cookies: list[str] = field(default_factory=list)

    def json(self) -> Any:
        return json.loads(decoded(self))


def decoded(reply: Reply) -> bytes:
    encoding = reply.headers.get("content-encoding")
    if encoding == "br":
        return brotli.decompress(reply.body)
    if encoding == "gzip":
        return gzip.decompress(reply.body)
    return reply.body


class Http:
    """One kept-alive HTTP/1.1 connection, as a browser holds one."""

    def __init__(self, port: int, source: str = "127.0.0.1") -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=30, source_address=(source, 0))
        if self.sock.getsockname() == self.sock.getpeername():
            # nothing listens yet on a port in the ephemeral range: the kernel may connect the
            # socket to itself, which then reads back its own request
            self.sock.close()
            raise ConnectionRefusedError(f"nothing listens on port {port} yet")
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        self.port = port

    def __enter__(self) -> Http:
        return self

    def __exit__(self, *_: object) -> None:
        self.sock.close()

    def send(self, method: str, path: str, headers: dict[str, str] | None = None, body: Any = None) -> None:
        # bytes are a form's fields, anything else is sent as JSON
        form = isinstance(body, bytes)
        data = b"" if body is None else body if form else json.dumps(body).encode()
        lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}"]
        for name, value in (headers or {}).items():
            lines.append(f"{name}: {value}")
        if body is not None:
            kind = "application/x-www-form-urlencoded" if form else "application/json"
            lines += [f"Content-Type: {kind}", f"Content-Length: {len(data)}"]
        self.sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode() + data)

    def request(
        self, method: str, path: str, headers: dict[str, str] | None = None, body: Any = None
    ) -> Reply:
        self.send(method, path, headers, body)
        return self.read_reply(head=method == "HEAD")

    def _fill(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        self.buffer += chunk

    def _take_until(self, marker: bytes) -> bytes:
        while (end := self.buffer.find(marker)) < 0:
            self._fill()
        taken, self.buffer = self.buffer[: end + len(marker)], self.buffer[end + len(marker) :]
        return taken

    def _take(self, size: int) -> bytes:
        while len(self.buffer) < size:
            self._fill()
        taken, self.buffer = self.buffer[:size], self.buffer[size:]
        return taken

    def read_head(self) -> tuple[int, dict[str, str], list[str], int]:
        head = self._take_until(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers: dict[str, str] = {}
        cookies = []
        for line in lines[1:]:
            if ":" in line:
                name, _, value = line.partition(":")
                headers[name.strip().lower()] = value.strip()
                if name.strip().lower() == "set-cookie":
                    cookies.append(value.strip().split(";")[0])
        return status, headers, cookies, len(head)

    def read_reply(self, head: bool = False) -> Reply:
        status, headers, cookies, wire = self.read_head()
        body = b""
        if head or status in (204, 304) or status < 200:
            pass
        elif "content-length" in headers:
            body = self._take(int(headers["content-length"]))
            wire += len(body)
        elif headers.get("transfer-encoding") == "chunked":
            while True:
                size_line = self._take_until(b"\r\n")
                size = int(size_line.split(b";")[0], 16)
                chunk = self._take(size + 2)
                wire += len(size_line) + len(chunk)
                body += chunk[:-2]
                if size == 0:
                    break
        return Reply(status, headers, body, wire, cookies)


def api(http: Http, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    reply = http.request("POST" if body is not None else "GET", path, headers, body)
    if reply.status >= 400:
        raise RuntimeError(f"{path}: {reply.status} {decoded(reply)[:300]!r}")
    return reply.json()


def new_game(http: Http, players: int) -> dict[str, Any]:
    return api(http, "/api/games", {"players": list(NAMES[:players]), "options": OPTIONS})


def seat_cookie(http: Http, token: str) -> str:
    """What a phone holds after opening its seat's link (the QR code) and tapping to take the
    seat: the signed session."""
    page = http.request("GET", f"/seat/{token}", BROWSER_HEADERS)
    found = re.search(rb'name="csrf_token" value="([^"]+)"', decoded(page))
    if page.status != 200 or found is None or not page.cookies:
        raise RuntimeError(f"/seat answered {page.status} without the seat's question")
    headers = {**BROWSER_HEADERS, "Cookie": "; ".join(page.cookies)}
    reply = http.request("POST", f"/seat/{token}", headers, b"csrf_token=" + found.group(1))
    if reply.status != 303 or not reply.cookies:
        raise RuntimeError(f"taking the seat answered {reply.status} without a cookie")
    return "; ".join(reply.cookies)


def setup_table(http: Http, game: dict[str, Any]) -> Table:
    for payload in SETUP:
        api(http, f"/api/games/{game['id']}/commands", payload, game["banker_token"])
    return Table()


# --- 3. first load -----------------------------------------------------------------------------

PAYMENT = {"type": "pay_player", "player": 2, "to": 1, "amount": 50}
LINK = re.compile(r"<link\b[^>]*>", re.I)
SCRIPT = re.compile(r"<script\b[^>]*\bsrc=\"([^\"]+)\"", re.I)
IMG = re.compile(r"<img\b[^>]*\bsrc=\"([^\"]+)\"", re.I)
ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')


def first_load_figures(port: int) -> list[Figure]:
    with Http(port) as http:
        game = new_game(http, 6)
        cookie = seat_cookie(http, game["players"][0]["token"])
    headers = {**BROWSER_HEADERS, "Cookie": cookie}
    fetched: dict[str, Reply] = {}
    with Http(port) as phone:

        def get(url: str, accept: str = "*/*") -> Reply:
            reply = phone.request("GET", url, {**headers, "Accept": accept})
            if reply.status != 200:
                raise RuntimeError(f"{url} answered {reply.status}")
            fetched[url] = reply
            return reply

        page_url = f"/g/{game['id']}"
        page = decoded(get(page_url, "text/html")).decode()
        head = page.split("</head>")[0]
        for tag in LINK.findall(head):
            attrs = dict(ATTR.findall(tag))
            # a browser fetches the styles and its tab's icon; the manifest (Chrome checks it to
            # offer installing the app); apple-touch-icon only when added to a home screen
            if attrs.get("rel") in ("stylesheet", "icon", "manifest", "preload", "modulepreload"):
                get(attrs["href"])
        for url in SCRIPT.findall(head) + IMG.findall(page):
            if url.startswith("/"):
                get(url)
        worker = re.search(r'data-sw="([^"]+)"', page)
        if worker:  # the service worker installs the app's own files: the ones not fetched yet
            script = decoded(get(worker.group(1))).decode()
            shell = re.search(r"const SHELL = (\[.*?\]);", script)
            for url in json.loads(shell.group(1)) if shell else []:
                if url not in fetched:
                    get(url)
        stream_url = re.search(r'sse-connect="([^"]+)"', page)
        stream_bytes = 0
        if stream_url:  # the live stream's answer and its first event
            with Http(port) as stream:
                stream.send(
                    "GET",
                    stream_url.group(1).replace("&amp;", "&"),
                    {**headers, "Accept": "text/event-stream"},
                )
                _, _, _, stream_bytes = stream.read_head()
                size_line = stream._take_until(b"\r\n")
                stream_bytes += len(size_line) + len(stream._take(int(size_line, 16) + 2))
        later = phone.request("GET", page_url, {**headers, "Accept": "text/html"})
        # while its live stream is down, a phone polls: after Bob pays Ann, its whole live part
        seen = re.search(r'data-seq="(\d+)"', page).group(1)
        api(phone, f"/api/games/{game['id']}/commands", PAYMENT, game["banker_token"])
        update = phone.request(
            "GET", f"/g/{game['id']}/live?view=player&seq={seen}", {**headers, "HX-Request": "true"}
        )

    first = sum(r.wire for r in fetched.values()) + stream_bytes
    raw = sum(len(decoded(r)) for r in fetched.values())
    log("  first load, bytes on the wire:")
    for url, reply in fetched.items():
        log(f"    {reply.wire:7,}  {reply.headers.get('content-encoding', '-'):4}  {url}")
    log(f"    {stream_bytes:7,}        live stream (headers and the first event)")
    files = [url for url in fetched if url.startswith("/static/")]
    cached = [url for url in files if "immutable" in fetched[url].headers.get("cache-control", "")]
    # a later visit: the page, the worker's update check, the stream; files come from the cache
    later_bytes = (
        later.wire + stream_bytes + sum(r.wire for u, r in fetched.items() if u.startswith("/sw.js"))
    )
    return [
        Figure(
            "First load of a player's screen (HTML, CSS, JS, icons, manifest, worker)",
            f"{first / 1000:.1f} kB on the wire in {len(fetched)} responses + the stream"
            f" ({raw / 1000:.0f} kB uncompressed)",
            "<= 40 kB",
            first <= 40_000,
        ),
        Figure(
            "Later load of the same screen (files from the phone's cache)",
            f"{later_bytes / 1000:.1f} kB: page, worker check, stream; {len(cached)} of {len(files)}"
            " files cached for a year",
            "every file cached",
            len(cached) == len(files),
        ),
        Figure(
            "A poll after a payment while the stream is down (the whole live part; pushed: see phones)",
            f"{update.wire / 1000:.1f} kB on the wire ({len(decoded(update)) / 1000:.0f} kB uncompressed)",
            "a small fragment: <= 5 kB",
            update.status == 200 and update.wire <= 5_000,
        ),
    ]


# --- 4. capacity -------------------------------------------------------------------------------


POLL_WHILE_LIVE = 30  # s: how often the page polls while its live stream is open (static/js/table.js)


@dataclass
class Load:
    connected: int = 0
    failed: int = 0
    events: int = 0
    polls: int = 0
    commands: list[float] = field(default_factory=list)
    refused: int = 0
    sent: dict[tuple[str, int], float] = field(default_factory=dict)  # (game, seq) -> when sent
    delivery: list[float] = field(default_factory=list)
    running: bool = True
    server_cpu: float = 0.0


async def _request(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, head: bytes, body: bytes = b""
) -> tuple[int, bytes]:
    writer.write(head + body)
    header = await reader.readuntil(b"\r\n\r\n")
    status = int(header.split(b" ", 2)[1])
    length = re.search(rb"(?i)\r\ncontent-length: *(\d+)", header)
    data = await reader.readexactly(int(length.group(1))) if length and status not in (204, 304) else b""
    return status, data


async def _phone(
    port: int,
    source: str,
    game: str,
    cookie: str,
    start_seq: int,
    load: Load,
    gate: asyncio.Semaphore,
    page: bool,
) -> None:
    """One phone. With `page`, as the page behaves: the live stream open, each change pushed over
    it, and every POLL_WHILE_LIVE seconds it asks whether it is up to date (204 when it is).
    Without, it only holds the live stream."""
    common = (
        f"Host: 127.0.0.1:{port}\r\nCookie: {cookie}\r\nUser-Agent: banker-bench\r\n"
        "Accept-Encoding: gzip, deflate, br\r\n"
    )
    async with gate:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
            stream = (
                f"GET /g/{game}/stream?seq={start_seq}&view=player HTTP/1.1\r\n{common}"
                "Accept: text/event-stream\r\n\r\n"
            )
            writer.write(stream.encode())
            header = await reader.readuntil(b"\r\n\r\n")
            if b" 200 " not in header.split(b"\r\n")[0]:
                raise ConnectionError(header[:60])
            panel_reader, panel_writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=(source, 0)
            )
        except (OSError, asyncio.IncompleteReadError, ConnectionError):
            load.failed += 1
            return
    load.connected += 1
    seen = counted = start_seq
    lock = asyncio.Lock()

    async def panel(known: int) -> int:
        async with lock:
            head = (
                f"GET /g/{game}/live?view=player&seq={known} HTTP/1.1\r\n{common}HX-Request: true\r\n\r\n"
            ).encode()
            status, _ = await _request(panel_reader, panel_writer, head)
            return status

    async def poll() -> None:
        await asyncio.sleep(random.uniform(0, POLL_WHILE_LIVE))
        while load.running:
            if await panel(seen) == 204:
                load.polls += 1
            await asyncio.sleep(POLL_WHILE_LIVE)

    poller = asyncio.create_task(poll() if page else asyncio.sleep(0))
    try:
        while load.running:
            line = await reader.readline()
            if not line:
                break
            if line.startswith(b"id: "):
                seen = int(line[4:])
            elif line == b"\n" and seen > counted:  # the end of the change's message: all of it came
                counted = seen
                sent = load.sent.get((game, seen))
                if sent is not None:
                    load.delivery.append((time.perf_counter() - sent) * 1000)
                load.events += 1
    except (OSError, asyncio.IncompleteReadError, ValueError):
        pass
    finally:
        poller.cancel()
        writer.close()
        panel_writer.close()


async def _table(
    port: int, source: str, game: dict[str, Any], table: Table, seq: int, load: Load, every: float
) -> None:
    """A game in play: a command every `every` seconds on average (random gaps), sent by the bank."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0))
    path = f"/api/games/{game['id']}/commands"
    await asyncio.sleep(random.expovariate(1 / every))  # a steady rate from the start
    try:
        while load.running:
            for _, payload in table.commands():
                if not load.running:
                    return
                payload = table.fill(payload)
                body = json.dumps(payload).encode()
                head = (
                    f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Bearer "
                    f"{game['banker_token']}\r\nContent-Type: application/json\r\n"
                    f"Content-Length: {len(body)}\r\n\r\n"
                ).encode()
                seq += 1
                started = time.perf_counter()
                load.sent[(game["id"], seq)] = started
                status, data = await _request(reader, writer, head, body)
                load.commands.append((time.perf_counter() - started) * 1000)
                if status != 200:
                    load.refused += 1
                    return
                answer = json.loads(data)
                seq = answer["seq"]
                table.answered(payload, answer["events"])
                await asyncio.sleep(random.expovariate(1 / every))
    finally:
        writer.close()


async def _capacity(
    server: Server, phones: int, seconds: float, every: float, page: bool
) -> tuple[Load, list[float]]:
    games = -(-phones // 6)
    log(f"  capacity: {games} games of 6")
    tables = []
    with Http(server.port) as http:
        for _ in range(games):
            game = new_game(http, 6)
            tables.append(
                (game, setup_table(http, game), [seat_cookie(http, p["token"]) for p in game["players"]])
            )
    load = Load()
    gate = asyncio.Semaphore(64)  # phones arriving at once
    started = time.perf_counter()
    seq = 1 + len(SETUP)
    phone_tasks = [
        asyncio.create_task(_phone(server.port, table_address(n), game["id"], cookie, seq, load, gate, page))
        for n, (game, _, cookies) in enumerate(tables)
        for cookie in cookies
    ]
    while load.connected + load.failed < len(phone_tasks) and time.perf_counter() - started < 120:
        await asyncio.sleep(0.2)
    log(f"  capacity: {load.connected} phones connected in {time.perf_counter() - started:.1f} s")
    await asyncio.sleep(5)  # the phones settle before the games begin
    memory = [server.rss_mb()]
    table_tasks = [
        asyncio.create_task(_table(server.port, table_address(n), g, t, seq, load, every))
        for n, (g, t, _) in enumerate(tables)
    ]
    cpu, mine, began = server.cpu_seconds(), time.process_time(), time.perf_counter()
    end = began + seconds
    while time.perf_counter() < end:
        await asyncio.sleep(1)
        memory.append(server.rss_mb())
    took = time.perf_counter() - began
    load.server_cpu = (server.cpu_seconds() - cpu) / took
    log(
        f"  capacity: the server used {load.server_cpu:.0%} of a core, this client"
        f" {(time.process_time() - mine) / took:.0%}; load average {os.getloadavg()[0]:.2f}"
    )
    load.running = False
    await asyncio.sleep(0.5)
    for task in table_tasks + phone_tasks:
        task.cancel()
    await asyncio.gather(*table_tasks, *phone_tasks, return_exceptions=True)
    return load, memory


def table_address(n: int) -> str:
    """The loopback address the phones of table `n` connect from: each table its own network."""
    return f"127.0.{1 + n // 250}.{1 + n % 250}"


def capacity_figures(folder: Path, phones: int, seconds: float, every: float) -> list[Figure]:
    _raise_open_files(4 * phones + 256)
    runs = {}
    for page in (False, True):
        log(f"  capacity: phones {'as the page behaves' if page else 'holding their streams only'}")
        (folder / str(page)).mkdir()
        with Server(folder / str(page)) as server:
            runs[page] = asyncio.run(_capacity(server, phones, seconds, every, page))
    figures = [
        Figure(
            f"Capacity: phones connected live ({-(-phones // 6)} games of 6)",
            f"{load.connected:,} connected, {load.failed} refused; {load.events:,} updates delivered"
            + (f", {load.polls:,} polls answered" if page else ""),
            f">= {phones:,}",
            load.connected >= phones and not load.failed,
        )
        for page, (load, _) in runs.items()
        if page
    ]
    for page, (load, _) in runs.items():
        commands = load.commands or [float("inf")]
        p95 = percentile(commands, 95)
        delivered = percentile(load.delivery, 95) if load.delivery else float("inf")
        figures.append(
            Figure(
                "Capacity: command time, "
                + (
                    f"phones as the page (changes pushed, a poll every {POLL_WHILE_LIVE} s)"
                    if page
                    else "phones holding streams"
                ),
                f"median {ms(statistics.median(commands))}, p95 {ms(p95)} ({len(load.commands)} commands"
                f" in {seconds:.0f} s; update to the phones p95 {ms(delivered)};"
                f" server busy {load.server_cpu:.0%} of a core)",
                "p95 <= 100 ms",
                p95 <= 100 and not load.refused,
            )
        )
    memory = [mb for _, samples in runs.values() for mb in samples]
    figures.append(
        Figure(
            "Capacity: server memory (RSS) with them connected",
            f"{max(memory):.0f} MB at most",
            "<= 300 MB",
            max(memory) <= 300,
        )
    )
    return figures


def _raise_open_files(needed: int) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))  # the server inherits it


# --- 5. connections held ------------------------------------------------------------------------

ADDRESSES = 40  # the idle connections come from this many addresses: each stays under its cap
COMMON_FILES = 1_024  # `ulimit -n` on many machines


@dataclass
class Held:
    """What became of the idle connections, and how a phone fared meanwhile."""

    held: int
    refused: int
    closed: int  # by the server, to make room
    request_p95: float  # ms for a page on a new connection, from another address
    always_answered: bool
    memory: float
    said: str  # the server's own words on its limits


def connections_figures(folder: Path, sockets: int) -> list[Figure]:
    _raise_open_files(2 * sockets + 256)
    (folder / "default").mkdir()
    with Server(folder / "default") as server:
        default = _hold(server, sockets)
        cap = re.search(r"([\d,]+) from one address", server.log.read_text())
        assert cap, server.log.read_text()
        crowd = _one_address_figure(server.port, int(cap.group(1).replace(",", "")))
    (folder / "common").mkdir()
    with Server(folder / "common", COMMON_FILES) as server:
        common = _hold(server, sockets)
    return [
        Figure(
            f"Connections held: {sockets:,} kept-alive, idle, from {ADDRESSES} addresses",
            f"{default.held:,} held, {default.refused} refused; a page on a new connection meanwhile"
            f" p95 {ms(default.request_p95)} (server {default.memory:.0f} MB; {default.said})",
            f"all {sockets:,} held; a page p95 <= 100 ms",
            default.held == sockets and default.request_p95 <= 100 and default.always_answered,
        ),
        Figure(
            f"Connections held with the open-file limit at {COMMON_FILES:,}: the same {sockets:,}",
            f"{common.held:,} held, {common.closed:,} idle ones closed to make room, {common.refused}"
            f" refused; a page on a new connection meanwhile p95 {ms(common.request_p95)}"
            f"{'' if common.always_answered else ', SOME NOT ANSWERED'} ({common.said})",
            "every page answered, p95 <= 100 ms",
            common.request_p95 <= 100 and common.always_answered,
        ),
        crowd,
    ]


def _hold(server: Server, sockets: int) -> Held:
    opened = _idle_connections(server, sockets)
    still = [_still_open(http) for http, _ in opened]
    refused = sum(status != 200 for _, status in opened)
    pages = [_fresh_request(server.port) for _ in range(100)]
    memory = server.rss_mb()
    for http, _ in opened:
        http.sock.close()
    limits = re.search(r"Open files: up to ([\d,]+).*? at most ([\d,]+) at once", server.log.read_text())
    assert limits, server.log.read_text()
    return Held(
        held=sum(still),
        refused=refused,
        closed=sockets - sum(still) - refused,
        request_p95=percentile([took for took, _ in pages], 95),
        always_answered=all(status == 200 for _, status in pages),
        memory=memory,
        said=f"open-file limit {limits.group(1)}, at most {limits.group(2)} at once",
    )


def _idle_connections(server: Server, sockets: int) -> list[tuple[Http, int]]:
    """Connections that each asked for a page once (the status answered) and then say nothing."""
    opened = []
    for n in range(sockets):
        http = Http(server.port, f"127.1.0.{1 + n % ADDRESSES}")
        opened.append((http, http.request("GET", "/").status))
        if n % 500 == 499:
            log(f"  connections: {n + 1:,} opened")
    return opened


def _still_open(http: Http) -> bool:
    http.sock.setblocking(False)
    try:
        return http.sock.recv(1) != b""  # nothing to read, b"": the server has closed it
    except BlockingIOError:
        return True
    except OSError:
        return False


def _fresh_request(port: int) -> tuple[float, int]:
    """A phone from an address of its own asks for a page on a new connection: ms and status."""
    started = time.perf_counter()
    with Http(port, "127.2.0.1") as http:
        status = http.request("GET", "/").status
    return (time.perf_counter() - started) * 1000, status


def _one_address_figure(port: int, cap: int) -> Figure:
    crowd = [Http(port, "127.3.0.1") for _ in range(cap + 36)]
    statuses = [http.request("GET", "/").status for http in crowd]
    for http in crowd:
        http.sock.close()
    held, refused = statuses.count(200), statuses.count(503)
    return Figure(
        f"Connections: one address opening {len(crowd)} at once",
        f"{held} held, {refused} answered 503 (cap {cap} per address)",
        f"{cap} held, the rest answered 503",
        held == cap and refused == len(crowd) - cap,
    )


# --- 6. a big game ----------------------------------------------------------------------------

BIG_GAME = 10_000  # actions
COMMAND_EVERY = 0.02  # s: the pace of the other game's commands while the big game is read
HX = {"HX-Request": "true"}


def big_game_figures(folder: Path, samples: int, seconds: float) -> list[Figure]:
    log(f"  big game: playing {BIG_GAME:,} actions")
    game = _big_game(folder / "server.sqlite3")
    with Server(folder) as server, Http(server.port) as http:
        player = {**BROWSER_HEADERS, "Cookie": seat_cookie(http, game["player_token"])}
        bank = {**BROWSER_HEADERS, "Cookie": seat_cookie(http, game["banker_token"])}
        bearer = {**BROWSER_HEADERS, "Authorization": f"Bearer {game['banker_token']}"}
        at, api_at = f"/g/{game['id']}", f"/api/games/{game['id']}"
        pages = {
            "player screen": (at, player),
            "bank screen": (f"{at}/bank", bank),
            "live refresh after the end": (f"{at}/live?view=player", {**player, **HX}),
            "tally": (f"{at}/tally", player),
            "history": (f"{at}/history", player),
            "history.csv": (f"{at}/history.csv", player),
            "history.json": (f"{at}/history.json", player),
            "API state": (api_at, bearer),
            "API history": (f"{api_at}/history", bearer),
            "API tally": (f"{api_at}/tally", bearer),
        }
        figures = []
        gc.collect()
        gc.disable()  # a collection in this process must not be counted as the server's time
        try:
            for name, (path, headers) in pages.items():
                times = [_timed_get(http, path, headers) for _ in range(samples + 1)]
                first, p95 = times[0], percentile(times[1:], 95)
                figures.append(
                    Figure(
                        f"Big game ({BIG_GAME:,} actions): {name}",
                        f"p95 {ms(p95)}, median {ms(statistics.median(times[1:]))} ({samples} requests;"
                        f" the first after the server started {ms(first)})",
                        "p95 <= 20 ms",
                        p95 <= 20.0,
                    )
                )
            figures.append(_stall_figure(server.port, http, [pages["tally"], pages["history"]], seconds))
        finally:
            gc.enable()
    return figures


def _big_game(database: Path, actions: int = BIG_GAME, ended: bool = True) -> dict[str, str]:
    """One game of `actions` actions, played through the service on the server's database (and
    ended): the server starts on it cold, as after a restart."""
    from banker import create_app

    app = create_app(
        {
            "SECRET_KEY": "bench",
            "INSTANCE_PATH": str(database.parent),
            "DATABASE_URL": f"sqlite:///{database}",
            "TIMER": False,
        }
    )
    service = app.extensions["banker"]
    created = service.create_game(list(NAMES[:6]), options=OPTIONS)
    game_id, token = created.game.id, created.banker.token
    for payload in SETUP:
        service.run(game_id, token, payload)
    table = Table()
    last = actions - 1 if ended else actions
    while service.state(game_id).seq < last:
        for _, payload in table.commands():
            payload = table.fill(payload)
            result = service.run(game_id, token, payload)
            table.answered(payload, [e.to_json() for e in result.events])
            if result.seq == last:
                break
    if ended:
        service.run(game_id, token, {"type": "end_game"})
    service.engine.dispose()
    return {"id": game_id, "banker_token": token, "player_token": created.players[0].token}


def _timed_get(http: Http, path: str, headers: dict[str, str]) -> float:
    started = time.perf_counter()
    reply = http.request("GET", path, headers)
    elapsed = (time.perf_counter() - started) * 1000
    if reply.status != 200:
        raise RuntimeError(f"{path} answered {reply.status}")
    return elapsed


def _stall_figure(port: int, http: Http, reads: list[tuple[str, dict[str, str]]], seconds: float) -> Figure:
    """Another game's commands, timed alone and while 4 clients read the big game's pages over
    and over; in turns, so that the machine's other work falls on both alike."""
    game = new_game(http, 6)
    table = setup_table(http, game)
    alone: list[float] = []
    loaded: list[float] = []
    answered = multiprocessing.Value("i", 0)
    turns = 4
    for _ in range(turns):
        alone += _timed_commands(http, game, table, seconds / turns)
        stop = multiprocessing.Event()
        readers = multiprocessing.Process(target=_read_over_and_over, args=(port, reads, stop, answered))
        readers.start()
        before = answered.value
        while answered.value < before + 40:  # every client is reading before the stopwatch starts
            time.sleep(0.01)
        before = answered.value
        loaded += _timed_commands(http, game, table, seconds / turns)
        read = answered.value - before
        stop.set()
        readers.join()
        if readers.exitcode:
            raise RuntimeError("the readers failed")
    ratio = percentile(loaded, 95) / percentile(alone, 95)
    return Figure(
        "Stall: another game's command p95 while 4 clients read the big game's tally and history",
        f"x{ratio:.2f}: p95 {ms(percentile(loaded, 95))} under load, {ms(percentile(alone, 95))} alone"
        f" (medians {ms(statistics.median(loaded))} / {ms(statistics.median(alone))}; {len(loaded)} and"
        f" {len(alone)} commands; {read * turns / seconds:.0f} pages read a second)",
        "<= 2 x alone",
        ratio <= 2.0,
    )


def _timed_commands(http: Http, game: dict[str, Any], table: Table, seconds: float) -> list[float]:
    """The game's next commands for `seconds`, one every COMMAND_EVERY seconds (a busy table, or
    several); how long each took."""
    path = f"/api/games/{game['id']}/commands"
    times: list[float] = []
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        for _, payload in table.commands():
            time.sleep(max(0.0, began + len(times) * COMMAND_EVERY - time.perf_counter()))
            payload = table.fill(payload)
            started = time.perf_counter()
            answer = api(http, path, payload, game["banker_token"])
            times.append((time.perf_counter() - started) * 1000)
            table.answered(payload, answer["events"])
    return times


def _read_over_and_over(
    port: int,
    reads: list[tuple[str, dict[str, str]]],
    stop: Any,
    answered: Any,
    clients: int = 4,
    method: str = "GET",
    body: Any = None,
    statuses: tuple[int, ...] = (200,),
    source: str = "127.0.0.1",
) -> None:
    """`clients` clients from `source`, each on its own connection, asking for the pages in turn
    until `stop`."""

    def client() -> None:
        with Http(port, source) as http:
            while not stop.is_set():
                for path, headers in reads:
                    if (status := http.request(method, path, headers, body).status) not in statuses:
                        raise RuntimeError(f"{path} answered {status}")
                    with answered.get_lock():
                        answered.value += 1

    failed = []

    def guarded() -> None:
        try:
            client()
        except Exception as error:  # the parent sees the exit code
            failed.append(error)

    threads = [threading.Thread(target=guarded) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failed:
        raise failed[0]


# --- 7. memory ---------------------------------------------------------------------------------


def memory_figures(folder: Path, games: int) -> list[Figure]:
    from banker.rules.board import edition_to_json
    from banker.rules.editions import load_edition

    board = edition_to_json(load_edition("us"))
    with Server(folder) as server, Http(server.port) as http:
        idle = server.rss_mb()
        log(f"  memory: the server idles at {idle:.0f} MB; creating {games:,} games")
        started = time.perf_counter()
        for n in range(games):
            # every game on a board of its own: nothing one game holds can serve another
            edition = {**board, "edition": f"Bench board {n}"}
            api(http, "/api/games", {"players": list(NAMES[:3]), "edition": edition})
        took = time.perf_counter() - started
        after = server.rss_mb()
    return [
        Figure(
            f"Server memory (RSS) after {games:,} games on custom editions",
            f"{after:.0f} MB, idle {idle:.0f} MB: +{after - idle:.1f} MB ({games / took:.0f} games/s)",
            "<= idle + 40 MB",
            after - idle <= 40,
        )
    ]


# --- the table ---------------------------------------------------------------------------------


def render(figures: list[Figure]) -> str:
    rows = [("figure", "measured", "target", "result")]
    for f in figures:
        rows.append(
            (f.name, f.measured, f.target, "-" if f.passed is None else "pass" if f.passed else "FAIL")
        )
    widths = [max(len(row[i]) for row in rows) for i in range(4)]
    lines = ["| " + " | ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)) + " |" for row in rows]
    lines.insert(1, "|" + "|".join("-" * (w + 2) for w in widths) + "|")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.bench", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--only", choices=PARTS, action="append", help="run only this part (repeatable)")
    parser.add_argument("--rounds", type=int, default=120, help="timed rounds per game size (service)")
    parser.add_argument("--samples", type=int, default=300, help="payments timed to 8 phones (phones)")
    parser.add_argument("--phones", type=int, default=1000, help="phones connected in the capacity run")
    parser.add_argument("--seconds", type=float, default=30, help="how long the capacity run plays")
    parser.add_argument(
        "--every", type=float, default=20, help="seconds between commands in each game (capacity; on average)"
    )
    parser.add_argument("--sockets", type=int, default=2000, help="idle connections opened (connections)")
    parser.add_argument("--page-samples", type=int, default=50, help="requests timed per page (big-game)")
    parser.add_argument(
        "--stall-seconds", type=float, default=20, help="seconds of commands timed alone, and under load"
    )
    parser.add_argument("--games", type=int, default=2000, help="games created (memory)")
    parser.add_argument(
        "--isolation-seconds", type=float, default=20, help="seconds of the other game's commands per load"
    )
    parser.add_argument(
        "--busy-core",
        action="store_true",
        help="measure again beside a process that keeps one core busy, and print both",
    )


def run(args: argparse.Namespace) -> int:
    parts = args.only or PARTS
    began = time.perf_counter()
    load_before = os.getloadavg()[0]
    log(f"python -m tests.bench on {os.cpu_count()} cores, load average {load_before:.2f}")
    figures = measured(parts, args)
    if args.busy_core:
        log("the same again, beside a process that keeps one core busy")
        with busy_core():
            again = measured(parts, args)
        # the targets are the quiet machine's: beside a busy core the figures are for comparison
        figures += [replace(f, name=f"{f.name} · a core busy", passed=None) for f in again]
    return _report(figures, parts if not args.busy_core else (), began, load_before)


def measured(parts: tuple[str, ...], args: argparse.Namespace) -> list[Figure]:
    """The figures of `parts`, each part on a server or database of its own."""
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="banker-bench-") as tmp:
        folder = Path(tmp)
        if "service" in parts:
            log("1. server time per command")
            (folder / "service").mkdir()
            figures += service_figures(folder / "service", args.rounds)
        if "phones" in parts or "first-load" in parts:
            (folder / "server").mkdir()
            with Server(folder / "server") as server:
                if "phones" in parts:
                    from tests.bench import (
                        phones as bench_live,  # it builds on this module's client and server
                    )

                    log("2. what a phone waits for")
                    (folder / "floor").mkdir()
                    figures += bench_live.phones_figures(server, args.samples, folder / "floor")
                    figures += [bench_live.noop_figure(args.samples)]
                if "first-load" in parts:
                    log("3. first load")
                    figures += first_load_figures(server.port)
        if "capacity" in parts:
            log("4. capacity")
            (folder / "capacity").mkdir()
            figures += capacity_figures(folder / "capacity", args.phones, args.seconds, args.every)
        if "connections" in parts:
            log("5. connections held")
            (folder / "connections").mkdir()
            figures += connections_figures(folder / "connections", args.sockets)
        if "big-game" in parts:
            log("6. a big game")
            (folder / "big-game").mkdir()
            figures += big_game_figures(folder / "big-game", args.page_samples, args.stall_seconds)
        if "memory" in parts:
            log("7. memory")
            (folder / "memory").mkdir()
            figures += memory_figures(folder / "memory", args.games)
        if "isolation" in parts:
            from tests.bench import isolation

            log("8. no table slows another")
            (folder / "isolation").mkdir()
            figures += isolation.isolation_figures(folder / "isolation", args.isolation_seconds)
    return figures


@contextmanager
def busy_core() -> Iterator[None]:
    """Another process spinning on one core for as long as the block runs: the machine a table
    gets when something else runs beside the server."""
    spinner = subprocess.Popen([sys.executable, "-c", "while True: pass"])
    try:
        yield
    finally:
        spinner.kill()
        spinner.wait()


def _report(figures: list[Figure], parts: tuple[str, ...], began: float, load_before: float) -> int:
    """Print the figures; `parts` the ones run once each, whose whole run has a time to keep."""
    took = time.perf_counter() - began
    log(f"done in {took:.0f} s, load average {os.getloadavg()[0]:.2f}")
    figures.append(
        Figure(
            "This run",
            f"{took:.0f} s on {os.cpu_count()} cores; load average {load_before:.2f} before,"
            f" {os.getloadavg()[0]:.2f} after (other work on the machine skews every figure)",
            "< 5 minutes",
            took < 300 if set(parts) == set(PARTS) else None,
        )
    )
    print(render(figures))
    return 0 if all(f.passed is not False for f in figures) else 1


if __name__ == "__main__":
    sys.exit(main())
