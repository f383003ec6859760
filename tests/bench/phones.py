"""Part 2 of `python -m tests.bench`: what a phone waits for when another phone pays.

One game of 8 after 300 actions, against a real `banker serve` process, on raw sockets: the 8
player phones hold their live streams as the page does (`/g/<id>/stream?view=player`, each with
its seat's cookie), and seat 1 pays the others one after another as its Pay form does (an htmx
POST to /do). Per payment, from its send: when each phone holds the whole stream message of the
new seq, the sender's answer, the bytes each other phone took on the wire for it, and the server
process's CPU time. A phone that does not end with the payer's and payee's new balances, drawn as
its page shows them, fails the figure. A table display watches the same game (its link's key, no
seat, `view=display`): its update's time and bytes per payment are shown beside a phone's. Then,
in process, the server time of a poll of a game that has not changed.
"""

from __future__ import annotations

import gc
import html
import re
import secrets
import selectors
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from banker.rules.state import format_money
from tests.bench.figures import (
    BROWSER_HEADERS,
    NAMES,
    OPTIONS,
    SETUP,
    Figure,
    Http,
    Server,
    Table,
    api,
    decoded,
    log,
    ms,
    new_game,
    percentile,
    seat_cookie,
)

ACTIONS = 300  # the game the phones watch has this many actions behind it
PHONES = 8
WARMUP = 20  # payments sent before the timed ones
# s between payments: a table's pace. Back to back (some 200 a second) the game would be going
# faster than any table, and its commands and pushes would take turns (banker/service/shares.py)
BETWEEN = 0.04
FULL_UPDATE = f"Full update: payment sent -> the whole stream message on each of {PHONES} phones"
FULL_UPDATE_TARGET = "median <= 2 ms, p95 <= 3 ms, right balances, stored"
FLOOR = (
    "The floor of a change on this stack: the same payments, phones and display on a server that"
    " only reads the request, checks its CSRF token, appends one row to SQLite, draws one message per"
    " view and writes it to every stream (tests/bench/floor_server.py)"
)


# --- reading a live stream off the wire --------------------------------------------------------


@dataclass
class Message:
    """One server-sent event as the page's EventSource dispatches it."""

    id: int | None
    event: str
    data: str
    wire: int  # the bytes it took on the socket, chunk framing included


class EventStream:
    """The body of a chunked `text/event-stream` response, fed raw socket bytes as they come.

    Each message is charged the wire bytes of the chunks that completed it, so a keepalive or a
    `retry:` block (which dispatch nothing) costs no message anything."""

    def __init__(self) -> None:
        self.raw = b""
        self.text = b""
        self.pending = 0  # wire bytes of chunks whose message is not complete yet

    def feed(self, data: bytes) -> list[Message]:
        self.raw += data
        while (end := self.raw.find(b"\r\n")) >= 0:
            size = int(self.raw[:end].split(b";")[0], 16)
            whole = end + 2 + size + 2
            if len(self.raw) < whole:
                break
            self.text += self.raw[end + 2 : end + 2 + size]
            self.pending += whole
            self.raw = self.raw[whole:]
        messages = []
        while (end := self.text.find(b"\n\n")) >= 0:
            block, self.text = self.text[:end], self.text[end + 2 :]
            wire, self.pending = self.pending, 0
            message = parse_event(block.decode(), wire)
            if message is not None:
                messages.append(message)
        return messages


def parse_event(block: str, wire: int = 0) -> Message | None:
    """The fields of one SSE block; None for a block without data (a comment, `retry:`)."""
    fields: dict[str, list[str]] = {}
    for line in block.split("\n"):
        if not line or line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        fields.setdefault(name, []).append(value.removeprefix(" "))
    if "data" not in fields:
        return None
    seq = fields.get("id", [""])[-1]
    return Message(
        int(seq) if seq.isdigit() else None,
        fields.get("event", ["message"])[-1],
        "\n".join(fields["data"]),
        wire,
    )


def shown_cash(markup: str, player: int) -> str | None:
    """The text an update swaps into every `.cash-<player>` of a screen, or None if it has none."""
    found = re.search(rf'<(\w+)[^>]*\bhx-swap-oob="innerHTML:\.cash-{player}"[^>]*>(.*?)</\1>', markup, re.S)
    return html.unescape(re.sub(r"<[^>]*>", "", found.group(2))).strip() if found else None


def reply_complete(buffer: bytes) -> bool:
    """Whether `buffer` holds a whole HTTP reply (one with a Content-Length, as /do answers)."""
    head_end = buffer.find(b"\r\n\r\n")
    if head_end < 0:
        return False
    length = re.search(rb"\r\ncontent-length:\s*(\d+)", buffer[:head_end], re.I)
    return length is None or len(buffer) >= head_end + 4 + int(length.group(1))


# --- the phones ---------------------------------------------------------------------------------


class Phone:
    """A player's phone holding its live stream, as its page does."""

    def __init__(self, port: int, game_id: str, cookie: str, seq: int, view: str = "player") -> None:
        self.http = Http(port)
        self.http.send(
            "GET",
            f"/g/{game_id}/stream?seq={seq}&view={view}",
            {**BROWSER_HEADERS, "Accept": "text/event-stream", "Cookie": cookie},
        )
        status, headers, _, _ = self.http.read_head()
        if status != 200 or headers.get("content-type", "").split(";")[0] != "text/event-stream":
            raise RuntimeError(f"the live stream answered {status}")
        self.stream = EventStream()
        self.stream.feed(self.http.buffer)
        self.http.sock.setblocking(False)

    def read(self) -> list[Message]:
        try:
            data = self.http.sock.recv(65536)
        except BlockingIOError:
            return []
        if not data:
            raise ConnectionError("a phone's live stream ended")
        return self.stream.feed(data)

    def close(self) -> None:
        self.http.sock.close()


def display_cookie(http: Http, game_id: str, banker_token: str) -> str:
    """What a table display holds after the bank made its link and the display opened it."""
    bank = {**BROWSER_HEADERS, "Cookie": seat_cookie(http, banker_token)}
    page = http.request("GET", f"/g/{game_id}/display-link", bank)
    found = re.search(rb'name="csrf_token" value="([^"]+)"', decoded(page))
    if page.status != 200 or found is None:
        raise RuntimeError(f"the display link's page answered {page.status} without a form")
    made = http.request("POST", f"/g/{game_id}/display-link", bank, b"link=new&csrf_token=" + found.group(1))
    page = http.request("GET", f"/g/{game_id}/display-link", bank)
    link = re.search(rb'<span class="link">[^<]*?(/g/[^<]+)</span>', decoded(page))
    if made.status != 303 or link is None:
        raise RuntimeError(f"making the display link answered {made.status}")
    opened = http.request("GET", link.group(1).decode(), BROWSER_HEADERS)
    if opened.status != 302 or not opened.cookies:
        raise RuntimeError(f"the display link answered {opened.status} without a cookie")
    return "; ".join(opened.cookies)


def display_cash(markup: str, player: int) -> str | None:
    """The cash a display's update shows on `player`'s card, or None if it has none."""
    found = re.search(rf'<article id="player-{player}".*?<p class="cash"[^>]*>(.*?)</p>', markup, re.S)
    if found is None:
        return None
    return html.unescape(re.sub(r"<span class=\"sr-only\">.*?</span>|<[^>]*>", "", found.group(1))).strip()


class Missed(Exception):
    """A phone never got a payment's update: the figure fails."""


@dataclass
class Sample:
    """One payment as the phones saw it; lists in the phones' order, the payer's phone first, and
    the table display last."""

    arrived: list[float]  # ms from the send to each phone holding the whole message
    answered: float  # ms from the send to the sender's whole answer
    messages: list[Message]
    payee: int  # the paid player's id, which is also its phone's place in the lists, from 1


class Payer:
    """Seat 1's phone paying from its Pay form: htmx posts to /do with the session's CSRF token."""

    def __init__(self, port: int, game_id: str, player: int, cookie: str) -> None:
        self.player = player
        self.http = Http(port)
        page = self.http.request("GET", f"/g/{game_id}", {**BROWSER_HEADERS, "Cookie": cookie})
        token = re.search(rb'"X-CSRFToken": "([^"]+)"', decoded(page))
        if page.status != 200 or token is None:
            raise RuntimeError(f"the player's screen answered {page.status} without a CSRF token")
        self.path = f"/g/{game_id}/do"
        self.headers = {
            **BROWSER_HEADERS,
            "Cookie": cookie,
            "HX-Request": "true",
            "HX-Current-URL": f"http://127.0.0.1:{port}/g/{game_id}",
            "HX-Target": "toast",
            "X-CSRFToken": token.group(1).decode(),
        }

    def send(self, payee: int, amount: int) -> None:
        form = {"type": "pay_player", "view": "player", "player": self.player, "to": payee, "amount": amount}
        form["request_id"] = secrets.token_hex(12)  # each tap's own id, as the page sends it
        self.http.send("POST", self.path, self.headers, urlencode(form).encode())

    def answer(self) -> None:
        """Read the answer to the payment sent; a refusal stops the bench."""
        reply = self.http.read_reply()
        if reply.status != 200 or b'class="toast bad"' in decoded(reply):
            raise RuntimeError(f"the payment answered {reply.status}: {decoded(reply)[:300]!r}")

    def pay(
        self, selector: selectors.BaseSelector, phones: list[Phone], payee: int, amount: int, seq: int
    ) -> Sample:
        """Send one payment and wait for its answer and for every phone to hold message `seq`."""
        arrived: dict[Phone, float] = {}
        messages: dict[Phone, Message] = {}
        answered = None
        started = time.perf_counter()
        self.send(payee, amount)
        while len(arrived) < len(phones) or answered is None:
            if time.perf_counter() - started > 10:
                raise Missed(f"payment {seq}: {len(arrived)} of {len(phones)} phones got its update in 10 s")
            for key, _ in selector.select(timeout=1):
                now = time.perf_counter()
                if key.data is self:
                    self.http._fill()
                    if answered is None and reply_complete(self.http.buffer):
                        answered = now
                    continue
                for message in key.data.read():
                    if message.id == seq:
                        arrived[key.data], messages[key.data] = now, message
        self.answer()  # whole in the buffer already
        return Sample(
            [(arrived[p] - started) * 1000 for p in phones],
            (answered - started) * 1000,
            [messages[p] for p in phones],
            payee,
        )


def payments(payer: int, players: int) -> Iterator[tuple[int, int]]:
    """(payee, amount) for ever: each other player in turn, a dollar or a few."""
    n = 0
    while True:
        for payee in range(1, players + 1):
            if payee != payer:
                n += 1
                yield payee, 1 + n % 7


def play(run: Callable[[dict[str, Any]], list[dict[str, Any]]], actions: int) -> None:
    """Run the table's commands until the game holds `actions` more actions; `run` sends one
    for the bank and gives back its events."""
    table = Table()
    for payload in SETUP:
        run(payload)
    done = len(SETUP)
    while done < actions:
        for _, payload in table.commands():
            payload = table.fill(payload)
            table.answered(payload, run(payload))
            done += 1
            if done == actions:
                return


def phones_figures(server: Server, samples: int, floor: Path) -> list[Figure]:
    """The phones' figures on `server`, then the same payments on the floor server (in `floor`)."""
    with Http(server.port) as http:
        game = new_game(http, PHONES)
        path = f"/api/games/{game['id']}/commands"
        play(lambda payload: api(http, path, payload, game["banker_token"])["events"], ACTIONS)
        cookies = [seat_cookie(http, p["token"]) for p in game["players"]]
        display = display_cookie(http, game["id"], game["banker_token"])
        state = api(http, f"/api/games/{game['id']}", token=game["banker_token"])
    seq = state["seq"]
    cash = {p["id"]: p["cash"] for p in state["players"]}
    currency = state["rules"].get("currency", "USD")
    payer_id = state["players"][0]["id"]
    watching = [Phone(server.port, game["id"], cookie, seq) for cookie in cookies]
    watching.append(Phone(server.port, game["id"], display, seq, view="display"))
    payer = Payer(server.port, game["id"], payer_id, cookies[0])
    log(f"  phones: {PHONES} phones and a table display watching a game of {seq} actions; {samples} payments")
    wrong: list[str] = []

    def check(sample: Sample, seq: int, payee: int, amount: int) -> None:
        cash[payer_id] -= amount
        cash[payee] += amount
        want = (format_money(cash[payer_id], currency), format_money(cash[payee], currency))
        for i, message in enumerate(sample.messages[1:PHONES], start=2):
            shown = (shown_cash(message.data, payer_id), shown_cash(message.data, payee))
            if shown != want:
                wrong.append(f"seq {seq}, phone {i}: {shown} instead of {want}")
        on_display = sample.messages[PHONES].data
        shown = (display_cash(on_display, payer_id), display_cash(on_display, payee))
        if shown != want:
            wrong.append(f"seq {seq}, the display: {shown} instead of {want}")

    try:
        taken, cpu = timed_payments(server, payer, watching, seq, samples, check)
    except Missed as missed:
        return [Figure(FULL_UPDATE, f"FAILED: {missed}", FULL_UPDATE_TARGET, False)]
    for line in wrong[:5]:
        log(f"  phones: WRONG BALANCE {line}")
    with sqlite3.connect(server.database) as db:  # every update a phone saw is in the log on disk
        query = "SELECT max(seq), count(*) FROM action WHERE game_id = ?"
        stored = db.execute(query, (game["id"],)).fetchone()
    seq += WARMUP + samples
    figures = _figures(taken, cpu, len(wrong), stored == (seq, seq))
    return [*figures, floor_figure(floor, samples, cpu * 1000 / len(taken))]


def timed_payments(
    server: Server,
    payer: Payer,
    watching: list[Phone],
    seq: int,
    samples: int,
    check: Callable[[Sample, int, int, int], None],
) -> tuple[list[Sample], float]:
    """`samples` payments after WARMUP untimed ones, each checked by `check(sample, seq, payee,
    amount)`, and the server's CPU seconds over the timed ones; the sockets closed after."""
    selector = selectors.DefaultSelector()
    for phone in watching:
        selector.register(phone.http.sock, selectors.EVENT_READ, phone)
    selector.register(payer.http.sock, selectors.EVENT_READ, payer)
    taken: list[Sample] = []
    plan = payments(payer.player, PHONES)
    gc.collect()
    gc.disable()  # the stopwatch must not pause itself to collect this process's garbage
    try:
        for n in range(WARMUP + samples):
            if n == WARMUP:
                cpu = server.cpu_seconds()
            payee, amount = next(plan)
            seq += 1
            time.sleep(BETWEEN)
            sample = payer.pay(selector, watching, payee, amount, seq)
            check(sample, seq, payee, amount)
            if n >= WARMUP:
                taken.append(sample)
        return taken, server.cpu_seconds() - cpu
    finally:
        gc.enable()
        payer.http.sock.close()
        for phone in watching:
            phone.close()


def floor_figure(folder: Path, samples: int, banker_cpu: float) -> Figure:
    """The same payments to the same phones and display on tests/bench/floor_server.py, the
    least this stack spends on a change: where Banker's own work ends and the stack's begins."""
    with Server(folder, module="tests.bench.floor_server") as server:
        game_id = "floor"
        with Http(server.port) as http:
            cookie = "; ".join(http.request("GET", f"/g/{game_id}", BROWSER_HEADERS).cookies)
        watching = [Phone(server.port, game_id, cookie, 0) for _ in range(PHONES)]
        watching.append(Phone(server.port, game_id, cookie, 0, view="display"))
        payer = Payer(server.port, game_id, 1, cookie)
        try:
            taken, cpu = timed_payments(server, payer, watching, 0, samples, lambda *_: None)
        except Missed as missed:
            return Figure(FLOOR, f"FAILED: {missed}", "-", False)
    every = [t for s in taken for t in s.arrived[:PHONES]]
    per_payment = cpu * 1000 / len(taken)
    # the process's CPU time counts in clock ticks (10 ms): a few payments may show none
    times = f"{banker_cpu / per_payment:.1f} times it" if per_payment else "more: too few payments to tell"
    return Figure(
        FLOOR,
        f"server CPU {per_payment:.2f} ms per payment (Banker's is {times});"
        f" full update median {ms(statistics.median(every))}, p95 {ms(percentile(every, 95))};"
        f" the answer's median {ms(statistics.median(s.answered for s in taken))}",
        "-",
        None,
    )


def _figures(taken: list[Sample], cpu: float, wrong: int, stored: bool) -> list[Figure]:
    every = [t for s in taken for t in s.arrived[:PHONES]]
    slowest = [max(s.arrived[:PHONES]) for s in taken]
    answers = [s.answered for s in taken]
    median, p95, slow95, answer50, answer95 = (
        statistics.median(every),
        percentile(every, 95),
        percentile(slowest, 95),
        statistics.median(answers),
        percentile(answers, 95),
    )
    # the payee's phone also gets its own wallet; the 6 others only what every phone shares
    bystanders = [m.wire for s in taken for i, m in enumerate(s.messages[1:PHONES], 2) if i != s.payee]
    bystander_ms = [t for s in taken for i, t in enumerate(s.arrived[1:PHONES], 2) if i != s.payee]
    display_ms = [s.arrived[PHONES] for s in taken]
    display_bytes = [s.messages[PHONES].wire for s in taken]
    payees = [s.messages[s.payee - 1].wire for s in taken]
    per_payment = cpu * 1000 / len(taken)
    right = "every other phone shows both new balances" if not wrong else f"{wrong} WRONG OR MISSING BALANCES"
    right += ", all stored first" if stored else ", NOT ALL STORED"
    return [
        Figure(
            FULL_UPDATE,
            f"median {ms(median)}, p95 {ms(p95)} ({len(taken)} payments x {PHONES} phones; {right})",
            FULL_UPDATE_TARGET,
            median <= 2.0 and p95 <= 3.0 and not wrong and stored,
        ),
        Figure(
            f"Full update: the slowest of the {PHONES} phones, per payment",
            f"p95 {ms(slow95)}, max {ms(max(slowest))}",
            "p95 <= 5 ms",
            slow95 <= 5.0,
        ),
        Figure(
            "The payer's own answer (htmx POST /do)",
            f"median {ms(answer50)}, p95 {ms(answer95)}",
            "median <= 2 ms",
            answer50 <= 2.0,
        ),
        Figure(
            "Bytes per other phone per payment (down: the message as it crosses the socket, chunk"
            " framing included; up: the page fetches nothing on an update)",
            f"the {PHONES - 2} phones neither paying nor paid: median {statistics.median(bystanders):.0f} B,"
            f" max {max(bystanders)} B down, 0 B up; the payee (its wallet too):"
            f" median {statistics.median(payees):.0f} B, max {max(payees)} B",
            "<= 400 B down + up",
            max(bystanders) <= 400 and max(payees) <= 400,
        ),
        Figure(
            "The table display beside a phone, per payment: its update's time from the send and its"
            " bytes down (the same message for every display of the game: drawn once per change)",
            f"display: median {ms(statistics.median(display_ms))}, p95 {ms(percentile(display_ms, 95))},"
            f" median {statistics.median(display_bytes):.0f} B, max {max(display_bytes)} B; a phone neither"
            f" paying nor paid: median {ms(statistics.median(bystander_ms))},"
            f" p95 {ms(percentile(bystander_ms, 95))}, median {statistics.median(bystanders):.0f} B",
            "p95 <= 5 ms, <= 2,000 B",
            percentile(display_ms, 95) <= 5.0 and max(display_bytes) <= 2000,
        ),
        Figure(
            f"Server CPU per payment, {PHONES} phones watching (the server process's user + system time)",
            f"{per_payment:.2f} ms ({cpu:.2f} s over {len(taken)} payments)",
            "<= 1.5 ms",
            per_payment <= 1.5,
        ),
    ]


# --- a poll of a game that has not changed -----------------------------------------------------


def noop_figure(samples: int) -> Figure:
    """The server time of `/live?seq=<current>` on a player's seat, answered 204: the Flask app's
    whole WSGI call (session, seat, the game's state, the answer), timed in this process around
    the app; the HTTP server's own parsing of the request is left out."""
    from banker import create_app

    with tempfile.TemporaryDirectory(prefix="banker-bench-noop-") as tmp:
        app = create_app(
            {
                "SECRET_KEY": "bench",
                "INSTANCE_PATH": tmp,
                "DATABASE_URL": f"sqlite:///{Path(tmp) / 'noop.sqlite3'}",
                "TIMER": False,
            }
        )
        service = app.extensions["banker"]
        try:
            created = service.create_game(list(NAMES[:PHONES]), options=OPTIONS)
            game_id, bank = created.game.id, created.banker.token
            play(lambda payload: [e.to_json() for e in service.run(game_id, bank, payload).events], ACTIONS)
            seq = service.state(game_id).seq
            client = app.test_client()
            link = f"/seat/{created.players[0].token}"
            token = re.search(r'name="csrf_token" value="([^"]+)"', client.get(link).get_data(as_text=True))
            assert token is not None, "the seat link has no CSRF token"
            client.post(link, data={"csrf_token": token.group(1)})
            times = _timed_calls(app, client, f"/g/{game_id}/live?view=player&seq={seq}", samples)
        finally:
            service.close()
    p95 = percentile(times, 95)
    return Figure(
        f"Cheap no-op: a poll of an unchanged game of {seq} actions, answered 204 (server time:"
        " the Flask app's WSGI call timed in process, HTTP parsing left out)",
        f"median {ms(statistics.median(times))}, p95 {ms(p95)} ({len(times)} polls)",
        "p95 <= 0.5 ms",
        p95 <= 0.5,
    )


def _timed_calls(app: Any, client: Any, path: str, samples: int) -> list[float]:
    inner = app.wsgi_app
    times: list[float] = []
    statuses: set[str] = set()

    def timed(environ: dict[str, Any], start_response: Callable[..., Any]) -> list[bytes]:
        def starting(status: str, headers: list[Any], *rest: Any) -> Any:
            statuses.add(status)
            return start_response(status, headers, *rest)

        started = time.perf_counter()
        body = inner(environ, starting)
        try:
            whole = b"".join(body)
        finally:
            getattr(body, "close", lambda: None)()
        times.append((time.perf_counter() - started) * 1000)
        return [whole]

    app.wsgi_app = timed
    gc.collect()
    gc.disable()
    try:
        for _ in range(WARMUP + samples):
            client.get(path, headers={**BROWSER_HEADERS, "HX-Request": "true"})
    finally:
        gc.enable()
        app.wsgi_app = inner
    if statuses != {"204 NO CONTENT"}:
        raise RuntimeError(f"the poll of an unchanged game answered {statuses}")
    return times[WARMUP:]
