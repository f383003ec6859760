"""Two `banker serve` processes on one PostgreSQL database keep every phone live: a command sent
to one server reaches a live stream held by the other within a moment (LISTEN/NOTIFY), long
before the stream's keepalive or a phone's poll would have noticed."""

from __future__ import annotations

import http.client
import http.cookiejar
import re
import time
from collections.abc import Iterator

import pytest

from tests.support.postgres import PostgresSchema
from tests.support.servers import ServeProcess, next_change, request, seated_phone
from tests.support.sse import fragments, next_message

SHARED = re.compile(r"\.cash-\d+|#history ol|#space-\d+")  # what every phone's update shares


def open_stream(
    server: ServeProcess, game_id: str, token: str, seq: int, language: str = "en"
) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    """A phone's live stream on `server` in the phone's `language`, seated by the seat's link and
    its button."""
    _, cookies = seated_phone(server.url, token)
    cookie = "; ".join(f"{c.name}={c.value}" for c in cookies)
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request(
        "GET",
        f"/g/{game_id}/stream?seq={seq}",
        headers={"Cookie": cookie, "Accept-Language": language},
    )
    stream = connection.getresponse()
    assert stream.status == 200 and stream.getheader("Content-Type").startswith("text/event-stream")
    assert stream.readline().startswith(b"retry:")
    stream.readline()
    return connection, stream


@pytest.fixture(scope="module")
def servers(
    tmp_path_factory: pytest.TempPathFactory, postgres_server: str
) -> Iterator[tuple[ServeProcess, ServeProcess]]:
    """Two servers on one PostgreSQL database, for the tests of this module: each plays games of
    its own on them (a start takes seconds of both cores)."""
    folder = tmp_path_factory.mktemp("servers")
    schema = PostgresSchema(postgres_server)
    pair = ServeProcess(schema.url, folder / "first.log"), ServeProcess(schema.url, folder / "second.log")
    try:
        for server in pair:
            server.start()
        yield pair
    finally:
        for server in pair:
            server.stop()
        schema.drop()


def test_a_command_on_one_server_reaches_a_stream_on_the_other(servers):
    first, second = servers
    try:
        status, game = request(first.port, "POST", "/api/games", {"players": ["Ann", "Bob"]})
        assert status == 201
        game_id, banker = game["id"], game["banker_token"]
        ann = game["players"][0]["token"]
        connections, streams = zip(
            open_stream(second, game_id, banker, seq=1), open_stream(first, game_id, ann, seq=1), strict=True
        )
        on_second, on_first = streams
        delays = []
        for seq, (server, token) in enumerate(
            [(first, banker), (second, ann), (first, ann), (second, banker)] * 3, start=2
        ):
            sent = time.monotonic()
            status, body = request(
                server.port,
                "POST",
                f"/api/games/{game_id}/commands",
                {"type": "pass_go", "player": 1},
                token,
            )
            assert status == 200 and body["seq"] == seq
            assert next_change(on_second) == seq
            assert next_change(on_first) == seq
            delays.append(time.monotonic() - sent)
        # the keepalive is 15 s and phones poll every 5 s: only the shared channel is this quick
        assert max(delays) < 2.0, delays
        print(f"\nacross two servers: median {sorted(delays)[len(delays) // 2] * 1000:.1f} ms")
    finally:
        for connection in locals().get("connections", ()):
            connection.close()


def test_a_phone_on_the_other_server_gets_the_same_pushed_parts(servers):
    """A payment sent to one server: a phone watching on the other server receives the same
    balances and history line, byte for byte, as a phone of the same language and screen on the
    first (neither phone is the payer's or the payee's)."""
    first, second = servers
    try:
        status, game = request(first.port, "POST", "/api/games", {"players": ["Ann", "Bob", "Cy", "Dee"]})
        assert status == 201
        game_id, banker = game["id"], game["banker_token"]
        cy, dee = (player["token"] for player in game["players"][2:])
        phones = {
            (server.port, language): open_stream(server, game_id, token, seq=1, language=language)
            for server, token, language in (
                (first, cy, "en"),
                (second, dee, "en"),
                (first, dee, "ko"),
                (second, cy, "ko"),
            )
        }
        connections = [connection for connection, _ in phones.values()]
        status, body = request(
            first.port,
            "POST",
            f"/api/games/{game_id}/commands",
            {"type": "pay_player", "player": 1, "to": 2, "amount": 90},
            banker,
        )
        assert status == 200
        got = {}
        for phone, (_, stream) in phones.items():
            message = next_message(stream.readline)
            assert (message.id, message.event) == (str(body["seq"]), "update"), phone
            got[phone] = [part for part in fragments(message.data) if SHARED.fullmatch(part[0])]
        lines = {"en": "Ann paid Bob $90", "ko": "Ann 님이 Bob 님에게 $90 지불"}
        for language, line in lines.items():
            here, there = got[first.port, language], got[second.port, language]
            assert here == there, f"{language}: the other server pushed other parts"
            shared = dict(here)
            assert "$1,410" in shared[".cash-1"] and "$1,590" in shared[".cash-2"]
            assert line in shared["#history ol"]
    finally:
        for connection in locals().get("connections", ()):
            connection.close()
