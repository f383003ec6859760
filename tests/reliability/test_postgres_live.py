"""Two `banker serve` processes on one PostgreSQL database keep every phone live: a command sent
to one server reaches a live stream held by the other within a moment (LISTEN/NOTIFY), long
before the stream's keepalive or a phone's poll would have noticed."""

from __future__ import annotations

import http.client
import http.cookiejar
import re
import time
import urllib.parse
import urllib.request

from tests.servers import ServeProcess, next_change, request


def open_stream(
    server: ServeProcess, game_id: str, token: str, seq: int
) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    """A phone's live stream on `server`, seated by the seat's link and its button."""
    cookies = http.cookiejar.CookieJar()
    phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
    link = f"http://127.0.0.1:{server.port}/seat/{token}"
    with phone.open(link, timeout=10) as asked:
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', asked.read().decode()).group(1)
    with phone.open(link, urllib.parse.urlencode({"csrf_token": csrf}).encode(), timeout=10) as seated:
        assert seated.status == 200 and f"/g/{game_id}" in seated.url
    cookie = "; ".join(f"{c.name}={c.value}" for c in cookies)
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    connection.request("GET", f"/g/{game_id}/stream?seq={seq}", headers={"Cookie": cookie})
    stream = connection.getresponse()
    assert stream.status == 200 and stream.getheader("Content-Type").startswith("text/event-stream")
    assert stream.readline().startswith(b"retry:")
    stream.readline()
    return connection, stream


def test_a_command_on_one_server_reaches_a_stream_on_the_other(tmp_path, postgres_url):
    first = ServeProcess(postgres_url, tmp_path / "first.log")
    second = ServeProcess(postgres_url, tmp_path / "second.log")
    first.start()
    second.start()
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
        first.stop()
        second.stop()
