"""Part 8 of `python -m tests.bench`: no table can slow another.

One `banker serve` holding a long game (LONG actions, cold: opened as after a restart). Another
game's commands, one every COMMAND_EVERY seconds as a busy table sends them, are timed in turns
alone and while one of the heavy things is done to the long game over and over, each from
clients in a process of their own:

1. imports: 2 clients importing the long game's file (a legal file of LONG actions);
2. screens: 4 clients loading the long game's bank screen, player screen and live refresh;
3. exports: 4 clients downloading the long game's file;
4. the editor: 4 clients loading a board's title deeds in the edition editor, its longest page,
   and 4 saving all of that page's fields over and over;
5. a script: 8 clients sending one game's commands as fast as they are answered (hundreds a
   second, where a table sends a few);
6. a flood: 32 clients sending a command with a wrong token as fast as they are answered, each
   refused in a fraction of a millisecond;
7. streams: STREAMS live streams opened on one game of 8, 8 of its seats sending commands; with
   the per-game cap (most are refused and poll instead), and with the cap lifted to STREAMS,
   where that game's own commands are timed too.

The loads come from addresses of their own (STRANGER; the streams from 40 tables' networks), as
a stranger's would, and the other game from 127.0.0.1. Each figure is the other game's command
p95 under the load against its p95 alone, in the same run; the target: at most 2x, and under 50 ms.
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import re
import statistics
import threading
import time
from pathlib import Path
from typing import Any

from tests.bench.figures import (
    BROWSER_HEADERS,
    HX,
    Figure,
    Http,
    Server,
    _big_game,
    _read_over_and_over,
    _timed_commands,
    api,
    decoded,
    log,
    ms,
    new_game,
    percentile,
    seat_cookie,
    setup_table,
    table_address,
)
from tests.support.boards import every_deed_field

LONG = 20_000  # actions: the largest game file a server takes
STREAMS = 2_000
TURNS = 4  # the other game's commands are timed alone and loaded in this many turns each
STRANGER = "127.0.200.1"  # the address the loads come from
SEQ = re.compile(rb"(?:^|\n)id: (\d+)\n")  # an update's seq, as a stream shows it


def isolation_figures(folder: Path, seconds: float) -> list[Figure]:
    log(f"  isolation: playing a game of {LONG:,} actions")
    long_game = _big_game(folder / "server.sqlite3", LONG, ended=False)
    figures = []
    # imports without the per-address brakes (60 games an hour, 40 MB a day): what is timed is
    # what each one costs the other game
    brakes_off = {"BANKER_NEW_GAMES_PER_HOUR": "0", "BANKER_IMPORT_MB_PER_DAY": "0"}
    with Server(folder, env=brakes_off) as server, Http(server.port) as http:
        bank = {**BROWSER_HEADERS, "Cookie": seat_cookie(http, long_game["banker_token"])}
        player = {**BROWSER_HEADERS, "Cookie": seat_cookie(http, long_game["player_token"])}
        at = f"/g/{long_game['id']}"
        file = json.loads(decoded(http.request("GET", f"{at}/game.json", bank)))
        edition = api(http, "/api/editions", api(http, "/api/editions/us"))
        victim = new_game(http, 6)
        table = setup_table(http, victim)
        hurried = new_game(http, 8)
        loads = {
            "8 clients sending one game's commands as fast as they are answered": dict(
                reads=[
                    (
                        f"/api/games/{hurried['id']}/commands",
                        {"Authorization": f"Bearer {hurried['banker_token']}"},
                    )
                ],
                clients=8,
                method="POST",
                body={"type": "pay_player", "player": 1, "to": 2, "amount": 1},
            ),
            "32 clients from one address sending a command with a wrong token as fast as it is refused": dict(
                reads=[(f"/api/games/{hurried['id']}/commands", {"Authorization": "Bearer wrong"})],
                clients=32,
                method="POST",
                body={"type": "pay_player", "player": 1, "to": 2, "amount": 1},
                statuses=(403,),
            ),
            "2 clients importing a file of the long game over and over": dict(
                reads=[("/api/games/import", BROWSER_HEADERS)],
                clients=2,
                method="POST",
                body=file,
                statuses=(201, 503),
            ),
            "4 clients loading its bank screen, player screen and live refresh": dict(
                reads=[(f"{at}/bank", bank), (at, player), (f"{at}/live?view=player", {**player, **HX})],
            ),
            "4 clients downloading its file": dict(reads=[(f"{at}/game.json", bank)]),
            "4 clients loading an edition's title deeds in the editor (140 kB of fields)": dict(
                reads=[(f"/editions/{edition['id']}/deeds", BROWSER_HEADERS)]
            ),
            "4 clients saving a board's whole title deeds page over and over (the editor's API)": dict(
                reads=[(f"/api/editions/{edition['id']}/fields", {"Content-Type": "application/json"})],
                method="POST",
                body=every_deed_field(api(http, f"/api/editions/{edition['id']}")),
            ),
        }
        for name, load in loads.items():
            log(f"  isolation: {name}")
            figures.append(_isolation(server.port, http, victim, table, name, load, seconds))
    for cap in (None, STREAMS):
        (folder / f"streams-{cap}").mkdir()
        env = {"BANKER_STREAMS_PER_GAME": str(cap)} if cap else {}
        with Server(folder / f"streams-{cap}", files=4 * STREAMS + 512, env=env) as server:
            figures += _streams_figures(server, cap, seconds)
    return figures


def _isolation(
    port: int, http: Http, victim: dict[str, Any], table: Any, name: str, load: dict[str, Any], seconds: float
) -> Figure:
    alone: list[float] = []
    loaded: list[float] = []
    answered = multiprocessing.Value("i", 0)
    for _ in range(TURNS):
        alone += _timed_commands(http, victim, table, seconds / TURNS)
        stop = multiprocessing.Event()
        clients = multiprocessing.Process(
            target=_read_over_and_over,
            args=(port,),
            kwargs={**load, "stop": stop, "answered": answered, "source": STRANGER},
        )
        clients.start()
        started = time.perf_counter()
        while answered.value == 0 and time.perf_counter() - started < 60:
            time.sleep(0.01)  # the load is on before the stopwatch starts
        before = answered.value
        loaded += _timed_commands(http, victim, table, seconds / TURNS)
        done = answered.value - before
        stop.set()
        clients.join()
        if clients.exitcode:
            raise RuntimeError(f"the clients failed: {name}")
    return _ratio(
        f"Isolation: another game's command p95 while {name}",
        alone,
        loaded,
        f"{done * TURNS / seconds:.1f} answered a second",
    )


def _ratio(name: str, alone: list[float], loaded: list[float], what: str) -> Figure:
    ratio = percentile(loaded, 95) / percentile(alone, 95)
    return Figure(
        name,
        f"x{ratio:.2f}: p95 {ms(percentile(loaded, 95))} under load, {ms(percentile(alone, 95))} alone"
        f" (medians {ms(statistics.median(loaded))} / {ms(statistics.median(alone))}; {what})",
        "<= 2 x alone, < 50 ms",
        ratio <= 2.0 and percentile(loaded, 95) < 50,
    )


def _streams_figures(server: Server, cap: int | None, seconds: float) -> list[Figure]:
    """STREAMS live streams opened on one game of 8 (from 40 addresses, as 40 tables' phones would
    come), held while 8 of its seats send commands; the other game's commands meanwhile. One crowd
    holds its streams through every turn, idle while the other game is timed alone: a crowd per
    turn found the last one's streams still held (the server learns a stream is gone only when it
    writes to it) and went on connecting while the writers ran. After each turn the other game is
    timed alone again only once every held stream has shown the crowded game's last change: the
    streams' catching up is the load's, not the quiet baseline's."""
    with Http(server.port) as http:
        crowded = new_game(http, 8)
        cookies = [seat_cookie(http, p["token"]) for p in crowded["players"]]
        crowded_table = setup_table(http, crowded)
        victim = new_game(http, 6)
        table = setup_table(http, victim)
        label = f"cap lifted to {cap:,}" if cap else "the per-game cap in force"
        log(f"  isolation: {STREAMS:,} streams on one game, {label}")
        alone: list[float] = []
        loaded: list[float] = []
        crowded_times: list[float] = []
        behind: list[float] = []
        held = multiprocessing.Value("i", 0)
        refused = multiprocessing.Value("i", 0)
        shown = multiprocessing.Array("i", [-1] * STREAMS, lock=False)  # each stream's last seq
        gone = multiprocessing.Event()
        crowd = multiprocessing.Process(
            target=_crowd, args=(server.port, crowded["id"], cookies, gone, held, refused, shown)
        )
        crowd.start()
        started = time.perf_counter()
        while held.value + refused.value < STREAMS and time.perf_counter() - started < 120:
            time.sleep(0.1)
        _caught_up(http, crowded, shown)  # each stream's first screen
        for _ in range(TURNS):
            alone += _timed_commands(http, victim, table, seconds / TURNS)
            stop = multiprocessing.Event()
            writers = multiprocessing.Process(target=_writers, args=(server.port, crowded, stop))
            writers.start()
            loaded += _timed_commands(http, victim, table, seconds / TURNS)
            crowded_times += _timed_commands(http, crowded, crowded_table, 1.0)
            stop.set()
            writers.join()
            behind.append(_caught_up(http, crowded, shown))
        gone.set()
        crowd.join()
    what = (
        f"{held.value:,} streams held, {refused.value:,} refused (told to poll);"
        f" the last stream showed a turn's last change {max(behind):.2f} s after it at most"
    )
    return [
        _ratio(
            f"Isolation: another game's command p95 with {STREAMS:,} streams opened on one game, {label}",
            alone,
            loaded,
            what,
        ),
        Figure(
            f"Streams: that game's own command p95 ({label})",
            f"p95 {ms(percentile(crowded_times, 95))}, median {ms(statistics.median(crowded_times))} ({what})",
            "p95 <= 50 ms",
            percentile(crowded_times, 95) <= 50,
        ),
    ]


def _caught_up(http: Http, game: dict[str, Any], shown: Any, limit: float = 60.0) -> float:
    """Wait until every held stream has shown the game's latest change; how long that took."""
    seq = api(http, f"/api/games/{game['id']}", token=game["banker_token"])["seq"]
    began = time.perf_counter()
    while any(0 <= s < seq for s in shown) and time.perf_counter() - began < limit:
        time.sleep(0.01)
    return time.perf_counter() - began


def _writers(port: int, game: dict[str, Any], stop: Any) -> None:
    """8 of the game's seats, each paying the next player every 100 ms."""

    def writer(n: int) -> None:
        with Http(port, STRANGER) as http:  # the crowded table's phones, not the other game's
            path = f"/api/games/{game['id']}/commands"
            while not stop.is_set():
                payment = {"type": "pay_player", "player": 1 + n, "to": 1 + (n + 1) % 8, "amount": 1}
                api(http, path, payment, game["players"][n]["token"])
                time.sleep(0.1)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def _crowd(port: int, game: str, cookies: list[str], stop: Any, held: Any, refused: Any, shown: Any) -> None:
    asyncio.run(_hold(port, game, cookies, stop, held, refused, shown))


async def _hold(
    port: int, game: str, cookies: list[str], stop: Any, held: Any, refused: Any, shown: Any
) -> None:
    gate = asyncio.Semaphore(64)

    async def stream(n: int) -> None:
        cookie = cookies[n % len(cookies)]
        async with gate:
            try:
                reader, writer = await asyncio.open_connection(
                    "127.0.0.1", port, local_addr=(table_address(n // 50), 0)
                )
                writer.write(
                    f"GET /g/{game}/stream?view=player HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n"
                    "Accept: text/event-stream\r\n\r\n".encode()
                )
                header = await reader.readuntil(b"\r\n\r\n")
            except (OSError, asyncio.IncompleteReadError):
                with refused.get_lock():
                    refused.value += 1
                return
        if b" 200 " not in header.split(b"\r\n")[0]:
            with refused.get_lock():
                refused.value += 1
            writer.close()
            return
        with held.get_lock():
            held.value += 1
        shown[n] = 0
        tail = b""
        try:
            while not stop.is_set():
                try:
                    chunk = await asyncio.wait_for(reader.read(65536), 0.5)
                except TimeoutError:
                    continue
                if not chunk:
                    return
                seqs = SEQ.findall(tail + chunk)
                if seqs:
                    shown[n] = int(seqs[-1])
                tail = chunk[-32:]
        finally:
            shown[n] = -1
            writer.close()

    await asyncio.gather(*(stream(n) for n in range(STREAMS)), return_exceptions=True)
