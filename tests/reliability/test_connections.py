"""No number of idle or slow sockets keeps a phone from its game: `banker serve` closes
connections that wait or send too slowly, caps how many are open per address and in all (with
an answer saying so), and raises its own open-file limit; one that trusts proxies is reached
through them alone. Against a real server with short time limits and low caps, set in its
environment."""

from __future__ import annotations

import http.client
import resource
import socket
import time
from collections.abc import Iterator

import pytest

from banker import config
from banker.cli.server import FILES_WANTED, Gate, forwarded_client, raise_open_files
from banker.web.http.security import HOLD_SECONDS, JOIN_TRIES_PER_MINUTE, client_key
from tests.support.servers import ServeProcess, request, seat_cookie

WAIT = 15.0  # s a test waits for the server to act before it fails; its limits are far shorter
QUICK = {"BANKER_IDLE_SECONDS": "0.5", "BANKER_HEADER_SECONDS": "0.5", "BANKER_BODY_SECONDS": "0.5"}


@pytest.fixture
def serve(tmp_path, database_url):
    started: list[ServeProcess] = []

    def start(env: dict[str, str]) -> ServeProcess:
        server = ServeProcess(database_url, tmp_path / f"server{len(started)}.log", env=env)
        server.start()
        started.append(server)
        return server

    yield start
    for server in started:
        server.stop()


@pytest.fixture
def opened() -> Iterator[list[socket.socket | http.client.HTTPConnection]]:
    """Every connection a test opens, closed after it."""
    connections: list[socket.socket | http.client.HTTPConnection] = []
    yield connections
    for connection in connections:
        connection.close()


def connect(opened: list, port: int, source: str = "127.0.0.1") -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=WAIT, source_address=(source, 0))
    opened.append(sock)
    return sock


def fresh(opened: list, port: int, source: str) -> http.client.HTTPConnection:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WAIT, source_address=(source, 0))
    opened.append(connection)
    return connection


def phone(opened: list, port: int, source: str) -> http.client.HTTPConnection:
    """A kept-alive connection from `source`, answered once and then left open."""
    connection = fresh(opened, port, source)
    assert ask(connection)[0] == 200
    return connection


def ask(
    connection: http.client.HTTPConnection, path: str = "/", headers: dict[str, str] | None = None
) -> tuple[int, http.client.HTTPResponse, str]:
    connection.request("GET", path, headers=headers or {})
    response = connection.getresponse()
    return response.status, response, response.read().decode()


def new_game(server: ServeProcess) -> tuple[str, str]:
    """A game's id, and the cookie of its bank's browser."""
    status, game = request(server.port, "POST", "/api/games", {"players": ["Ann", "Bob"]})
    assert status == 201
    return game["id"], seat_cookie(game["id"], "bank", game["banker_token"])


def stream(
    opened: list, port: int, source: str, game_id: str, cookie: str, forwarded_for: str | None = None
) -> http.client.HTTPResponse:
    """A phone's live stream, open."""
    headers = {"Cookie": cookie} | ({"X-Forwarded-For": forwarded_for} if forwarded_for else {})
    connection = fresh(opened, port, source)
    connection.request("GET", f"/g/{game_id}/stream", headers=headers)
    response = connection.getresponse()
    assert response.status == 200
    return response


def until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a timeout if it never does)."""
    received = b""
    while chunk := sock.recv(65536):
        received += chunk
    return received


# --- time limits -----------------------------------------------------------------------------


def test_a_kept_alive_connection_left_idle_is_closed(serve, opened):
    server = serve(QUICK)
    connection = phone(opened, server.port, "127.0.0.1")
    assert until_closed(connection.sock) == b""


def test_a_connection_that_never_sends_a_request_is_closed(serve, opened):
    server = serve(QUICK)
    sock = connect(opened, server.port)
    assert until_closed(sock) == b""


def test_half_sent_headers_are_closed(serve, opened):
    server = serve({**QUICK, "BANKER_IDLE_SECONDS": "60"})
    sock = connect(opened, server.port)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slo")
    assert until_closed(sock) == b""  # nobody waits at a half-sent request: no answer


def test_a_half_sent_body_is_answered_408_and_closed(serve, opened):
    server = serve({**QUICK, "BANKER_IDLE_SECONDS": "60", "BANKER_HEADER_SECONDS": "60"})
    sock = connect(opened, server.port)
    sock.sendall(
        b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 100\r\n\r\n{"players": ["Ann", '
    )
    answer = until_closed(sock).decode()
    assert answer.startswith("HTTP/1.1 408 ")
    assert "That request took too long to arrive. Check the connection and try again." in answer
    status, games = request(server.port, "GET", "/api/games/nothing")
    assert status == 404  # and the server still answers everybody else


def test_a_half_sent_game_file_is_answered_408_like_any_other_body(serve, opened):
    """A game file may be far larger than other requests (banker/web/http/game_files.py), and is
    read within the same time limit before the app runs."""
    server = serve({**QUICK, "BANKER_IDLE_SECONDS": "60", "BANKER_HEADER_SECONDS": "60"})
    sock = connect(opened, server.port)
    sock.sendall(
        b"POST /api/games/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 200000\r\n\r\n{"format": "banker-game", '
    )
    answer = until_closed(sock).decode()
    assert answer.startswith("HTTP/1.1 408 ")
    assert "That request took too long to arrive. Check the connection and try again." in answer


@pytest.mark.parametrize(
    "body",
    [
        b"Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",  # a chunk's size that is no number
        b"Transfer-Encoding: chunked\r\n\r\n2\r\n{}",  # the chunks end before their end
        b'Content-Length: 100\r\n\r\n{"players": ["Ann", ',  # cut short
    ],
)
def test_a_broken_body_from_a_phone_still_listening_is_answered_400_and_closed(serve, opened, body):
    """A phone that ends its body early or sends chunks nobody can read still waits for an answer:
    it was dropped unanswered."""
    server = serve({"BANKER_BODY_SECONDS": "60"})
    sock = connect(opened, server.port)
    sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" + body)
    sock.shutdown(socket.SHUT_WR)  # nothing more to come
    answer = until_closed(sock).decode()
    assert answer.startswith("HTTP/1.1 400 ")
    assert "That request was not understood. Reload the page and try again." in answer


# --- caps ----------------------------------------------------------------------------------------


def test_game_files_past_what_the_workers_can_take_are_told_to_try_again_unread(serve, opened):
    """Each game file may be megabytes: no more are read in at once than the worker processes can
    take and have waiting; past that one is answered 503 before its body is read."""
    server = serve({"BANKER_WORKERS": "1", "BANKER_WORKER_QUEUE": "0"})
    reading = connect(opened, server.port)  # a file still on its way holds the one place
    reading.sendall(
        b"POST /api/games/import HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b'Content-Length: 3000000\r\n\r\n{"format": "banker-game", '
    )
    time.sleep(0.5)
    for path in ("/api/games/import", "/api/games/%69mport", "/%69mport"):  # as the app routes it
        status, answer = request(server.port, "POST", path, {"format": "banker-game"})
        assert status == 503 and "Try again in a few seconds" in str(answer), (path, answer)
    reading.close()
    deadline = time.monotonic() + WAIT
    # (the worker process may still be starting: on a busy machine that takes seconds)
    while (
        status := request(server.port, "POST", "/api/games/import", {"format": "x"}, timeout=60)[0]
    ) == 503:
        assert time.monotonic() < deadline, "the place was never given back"
        time.sleep(0.1)
    assert status == 400  # read and refused for what it is: the place is free again


def test_a_connection_over_the_per_address_cap_is_told_so_while_others_are_served(serve, opened):
    server = serve({"BANKER_MAX_CONNECTIONS_PER_ADDRESS": "2"})
    held = [phone(opened, server.port, "127.0.0.1") for _ in range(2)]

    status, response, text = ask(fresh(opened, server.port, "127.0.0.1"))
    assert status == 503
    assert response.getheader("Retry-After") == "5"
    assert "Too many connections from this network just now." in text
    assert ask(fresh(opened, server.port, "127.0.0.2"))[0] == 200  # another address is served
    assert ask(held[0])[0] == 200  # and so are the connections already held

    held[0].close()  # a closed connection frees its place
    deadline = time.monotonic() + WAIT
    while ask(fresh(opened, server.port, "127.0.0.1"))[0] != 200:
        assert time.monotonic() < deadline, "the closed connection still counts"


def test_when_every_place_is_taken_the_longest_idle_connection_makes_room(serve, opened):
    server = serve({"BANKER_MAX_CONNECTIONS": "3"})
    held = [phone(opened, server.port, f"127.0.0.{n}") for n in (1, 2, 3)]

    assert ask(fresh(opened, server.port, "127.0.0.4"))[0] == 200
    assert until_closed(held[0].sock) == b""  # idle the longest: closed for the newcomer
    assert [ask(connection)[0] for connection in held[1:]] == [200, 200]


def test_a_connection_over_the_total_cap_is_told_so_when_none_is_idle(serve, opened):
    server = serve({"BANKER_MAX_CONNECTIONS": "3"})
    game_id, bank = new_game(server)
    streams = [stream(opened, server.port, f"127.0.0.{n}", game_id, bank) for n in (1, 2, 3)]

    status, response, text = ask(fresh(opened, server.port, "127.0.0.4"))
    assert status == 503
    assert response.getheader("Retry-After") == "5"
    assert "The bank has too many connections open just now." in text
    assert [live.readline() for live in streams] == [b"retry: 1000\n"] * 3  # the streams go on


def test_behind_a_proxy_the_cap_counts_each_phones_own_address_live_streams_included(serve, opened):
    server = serve({"BANKER_TRUSTED_PROXIES": "1", "BANKER_MAX_CONNECTIONS_PER_ADDRESS": "2"})
    game_id, bank = new_game(server)
    # a phone at 10.0.0.7 holds two live streams through the proxy at 127.0.0.1
    for _ in range(2):
        stream(opened, server.port, "127.0.0.1", game_id, bank, forwarded_for="10.0.0.7")

    status, response, text = ask(
        fresh(opened, server.port, "127.0.0.1"), headers={"X-Forwarded-For": "10.0.0.7"}
    )
    assert status == 503
    assert "Too many connections from this network just now." in text
    # another phone through the same proxy is served: the proxy's own address is not capped
    assert ask(fresh(opened, server.port, "127.0.0.1"), headers={"X-Forwarded-For": "10.0.0.8"})[0] == 200


def test_a_request_the_server_refused_is_answered_before_anything_reads_it(client):
    refused = {"banker.refused": "busy"}
    # a form post without its CSRF token: the refusal, not the token, is what the phone hears
    page = client.post("/new", data={"name": ["Ann"]}, environ_base=refused)
    assert page.status_code == 503 and page.headers["Retry-After"] == "5"
    assert "The bank has too many connections open just now." in page.get_data(as_text=True)
    api = client.post("/api/games", json={"players": ["Ann", "Bob"]}, environ_base=refused)
    assert api.status_code == 503
    assert api.get_json() == {
        "error": "The bank has too many connections open just now. Try again in a few seconds."
    }
    late = client.get(
        "/", headers={"HX-Request": "true", "Accept-Language": "ja"}, environ_base={"banker.refused": "slow"}
    )
    assert late.status_code == 408 and "Retry-After" not in late.headers
    assert "リクエストの到着に時間がかかりすぎました。" in late.get_data(as_text=True)


def test_the_gate_counts_per_address_and_in_all_and_frees_a_place_on_leaving():
    gate = Gate(total=3, per_address=2, answering=1)
    assert gate.enter("a") is None and gate.enter("a") is None
    assert gate.enter("a") == "crowded"
    assert gate.enter("b") is None
    assert gate.enter("c") == "busy"
    assert gate.enter("c", room_made=True) is None  # an idle one is closing for it
    assert gate.enter("a", room_made=True) == "crowded"  # its address's cap still holds
    gate.leave("a")
    gate.leave("b")
    assert gate.open == 2 and gate.enter("d") is None
    assert gate.enter("e", connection=False) is None  # a request behind a proxy: its address only
    assert gate.enter("e", connection=False) is None
    assert gate.enter("e", connection=False) == "crowded"
    assert gate.open == 3


@pytest.mark.parametrize(
    ("address", "counted_as"),
    [
        ("192.168.1.20", "192.168.1.20"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),  # a household's phones share their /64
        ("2001:db8:1:2:bbbb::9", "2001:db8:1:2::/64"),
        ("::ffff:10.0.0.5", "10.0.0.5"),
        ("unknown", "unknown"),
    ],
)
def test_an_address_is_counted_as_its_network_where_phones_share_one(address, counted_as):
    assert client_key(address) == counted_as


def test_the_forwarded_client_is_the_one_the_trusted_proxies_saw():
    environ = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "6.6.6.6, 10.0.0.7"}
    assert forwarded_client(environ, 1) == "10.0.0.7"  # the phone cannot pick its own by the header
    assert forwarded_client(environ, 2) == "6.6.6.6"
    assert forwarded_client(environ, 3) == "127.0.0.1"  # fewer hops than proxies: the proxy's own


# --- open files ----------------------------------------------------------------------------------


def test_the_server_raises_its_own_open_file_limit_to_the_hard_limit():
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    lowered = 256 if hard == resource.RLIM_INFINITY else min(256, hard // 2)
    resource.setrlimit(resource.RLIMIT_NOFILE, (lowered, hard))
    try:
        assert raise_open_files() == (lowered, FILES_WANTED if hard == resource.RLIM_INFINITY else hard)
        assert resource.getrlimit(resource.RLIMIT_NOFILE)[0] > lowered
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# --- settings ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "value", "message"),
    [
        (
            "BANKER_IDLE_SECONDS",
            "soon",
            "BANKER_IDLE_SECONDS must be a number of seconds above 0, not 'soon'.",
        ),
        ("BANKER_BODY_SECONDS", "0", "BANKER_BODY_SECONDS must be a number of seconds above 0, not '0'."),
        (
            "BANKER_HEADER_SECONDS",
            "inf",
            "BANKER_HEADER_SECONDS must be a number of seconds above 0, not 'inf'.",
        ),
        (
            "BANKER_MAX_CONNECTIONS_PER_ADDRESS",
            "0",
            "BANKER_MAX_CONNECTIONS_PER_ADDRESS must be a whole number (how many connections, 1 or more), not '0'.",
        ),
        (
            "BANKER_MAX_CONNECTIONS",
            "lots",
            "BANKER_MAX_CONNECTIONS must be a whole number (how many connections, 1 or more), not 'lots'.",
        ),
        # without its scheme the printed address, the QR code and the bank links were no links
        (
            "BANKER_PUBLIC_URL",
            "banker.example.org",
            "BANKER_PUBLIC_URL must be the address phones open, like https://banker.example.org,"
            " not 'banker.example.org'.",
        ),
        ("BANKER_HTTPS", "2", "BANKER_HTTPS must be 1 (on) or 0 (off), not '2'."),  # was silently off
        ("BANKER_HTTPS", "ture", "BANKER_HTTPS must be 1 (on) or 0 (off), not 'ture'."),
    ],
)
def test_a_bad_limit_in_the_environment_is_refused_at_start_with_its_name(
    tmp_path, monkeypatch, name, value, message
):
    monkeypatch.setenv(name, value)
    with pytest.raises(SystemExit) as refused:
        config.defaults(str(tmp_path))
    assert str(refused.value) == message


def test_joins_the_brake_holds_back_hold_up_no_other_phones_page(serve, opened):
    """Under `banker serve` pages take turns; a join the brake holds back waits for time to pass,
    not for work, so it gives its turn back: a guesser cannot stall every table's pages."""
    server = serve({})
    for tried in range(JOIN_TRIES_PER_MINUTE):
        assert ask(fresh(opened, server.port, "127.0.0.2"), f"/join/QQ{tried:04d}")[0] == 404
    held = [fresh(opened, server.port, "127.0.0.2") for _ in range(3)]
    for connection in held:
        connection.request("GET", "/join/QQZZZZ")
    time.sleep(HOLD_SECONDS / 4)  # they are waiting now, each for HOLD_SECONDS
    started = time.monotonic()
    assert ask(fresh(opened, server.port, "127.0.0.3"))[0] == 200
    assert time.monotonic() - started < HOLD_SECONDS / 2
    assert [connection.getresponse().status for connection in held] == [429, 429, 429]


@pytest.mark.parametrize(
    ("env", "host", "reached_from_elsewhere"),
    [
        ({"BANKER_TRUSTED_PROXIES": "1"}, None, False),  # believing X-Forwarded-For: the proxy's alone
        ({"BANKER_TRUSTED_PROXIES": "1"}, "0.0.0.0", True),  # unless told otherwise
        ({}, None, True),  # a table's laptop: every interface, for the phones on its network
    ],
)
def test_a_server_that_trusts_proxies_listens_on_loopback_unless_told_otherwise(
    tmp_path, database_url, env, host, reached_from_elsewhere
):
    """Anyone who reached a server that trusts X-Forwarded-For directly could name any address in
    it, and be braked as somebody else's, or never."""
    server = ServeProcess(database_url, tmp_path / "server.log", env=env, host=host)
    server.start()
    try:
        # 127.0.0.2 is this machine too, but not the address a server bound to 127.0.0.1 answers on
        try:
            socket.create_connection(("127.0.0.2", server.port), timeout=WAIT).close()
            reached = True
        except ConnectionRefusedError:
            reached = False
        assert reached is reached_from_elsewhere
    finally:
        server.stop()
