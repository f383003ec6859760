"""A flood of cheap requests from one address does not queue another address's commands behind
it (banker/cli/fairness.py): against a real `banker serve`, 32 connections from 127.0.0.2 sending a
command with a wrong token as fast as they are answered, while a table on 127.0.0.1 pays.

The measure is an order, not a time, so a busy machine does not blur it: how many of the flood's
answers come back while one of the table's commands waits for its own. Each flood request ready
to run went before the table's (some 32 of them, 30 times the table's quiet wait in the bench);
with the flood's address taking turns, one or two. On PostgreSQL too: there each request waits for
the database, and a turn given back as the request began let the flood fill those waits (and the
connection pool) with 30-50 of its requests."""

from __future__ import annotations

import json
import selectors
import socket
import statistics
import time

import pytest

from banker.web.http.security import HOLD_ROOM, JOIN_TRIES_PER_MINUTE
from tests.support.servers import ServeProcess, request

FLOOD = 32
COMMANDS = 15
WARMING = 0.5  # s of flood before the table's first command: its share rises in milliseconds


class Client:
    """One kept-alive connection sending one request again and again, answers read whole."""

    def __init__(self, port: int, source: str, head: str, body: dict) -> None:
        data = json.dumps(body).encode()
        self.request = (
            head + f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n\r\n"
        ).encode()
        self.request += data
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
        self.buffer = b""
        self.statuses: list[int] = []

    def send(self) -> None:
        self.sock.sendall(self.request)

    def read(self) -> bool:
        """Whatever has come; True when it holds an answer whole (taken off the buffer)."""
        chunk = self.sock.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed a connection")
        self.buffer += chunk
        end = self.buffer.find(b"\r\n\r\n")
        if end < 0:
            return False
        head = self.buffer[:end].decode("latin-1").lower()
        length = int(head.split("content-length:")[1].split("\r\n")[0])
        if len(self.buffer) < end + 4 + length:
            return False
        self.statuses.append(int(head.split()[1]))
        self.buffer = self.buffer[end + 4 + length :]
        return True


@pytest.fixture
def server(tmp_path, database_url):
    server = ServeProcess(database_url, tmp_path / "server.log")
    server.start()
    yield server
    server.stop()


def test_a_flood_of_refused_requests_from_one_address_does_not_queue_another_tables_commands(server):
    status, game = request(server.port, "POST", "/api/games", {"players": ["Ann", "Bob"]})
    assert status == 201, game
    path = f"/api/games/{game['id']}/commands"
    head = f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
    pay = {"type": "pay_player", "player": 1, "to": 2, "amount": 1}
    flood = [
        Client(server.port, "127.0.0.2", head + "Authorization: Bearer wrong\r\n", pay) for _ in range(FLOOD)
    ]
    table = Client(server.port, "127.0.0.1", head + f"Authorization: Bearer {game['banker_token']}\r\n", pay)
    selector = selectors.DefaultSelector()
    for client in [*flood, table]:
        selector.register(client.sock, selectors.EVENT_READ, client)
    for client in flood:
        client.send()

    def run_until(done) -> int:
        """The flood's answers until `done()`, each flood connection asking again once answered."""
        answered = 0
        while not done():
            for key, _ in selector.select(timeout=10):
                client = key.data
                if client.read() and client is not table:
                    answered += 1
                    client.send()
        return answered

    began = time.monotonic()
    run_until(lambda: time.monotonic() - began > WARMING)
    meanwhile = []
    for n in range(COMMANDS):
        table.send()
        meanwhile.append(run_until(lambda n=n: len(table.statuses) > n))
    for client in [*flood, table]:
        client.sock.close()
    assert table.statuses == [200] * COMMANDS
    assert {s for client in flood for s in client.statuses} == {403}
    assert statistics.median(meanwhile) <= FLOOD // 8, meanwhile


def sent(port: int, source: str, path: str) -> socket.socket:
    """A GET of `path` from `source` on a connection of its own, its answer left to be read."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=60, source_address=(source, 0))
    sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".encode())
    return sock


def status_of(sock: socket.socket) -> int:
    answer = b""
    while b"\r\n" not in answer:
        chunk = sock.recv(4096)
        assert chunk, "the server closed the connection unanswered"
        answer += chunk
    sock.close()
    return int(answer.split()[1])


def test_a_right_code_from_a_guessing_address_goes_before_its_held_wrong_guesses(server):
    """The guesses the brake holds back kept their address's turn while they waited out their
    time: an address guessing fast enough to take turns had a right code wait behind every held
    guess, two seconds each (30 guesses, a minute), while the waiting room was meant to hold
    HOLD_ROOM of them at a time and let a right code through at once."""
    status, game = request(server.port, "POST", "/api/games", {"players": ["Ann", "Bob"]})
    assert status == 201, game
    for n in range(JOIN_TRIES_PER_MINUTE):  # fast enough to take turns, and then braked
        assert status_of(sent(server.port, "127.0.0.2", f"/join/WRONG{n:02d}")) == 404
    held = [sent(server.port, "127.0.0.2", f"/join/HELD{n:02d}") for n in range(HOLD_ROOM + 5)]
    right = sent(server.port, "127.0.0.2", f"/join/{game['join_code']}")
    selector = selectors.DefaultSelector()
    for sock in (right, *held):
        selector.register(sock, selectors.EVENT_READ)
    first = {key.fileobj for key, _ in selector.select(timeout=60)}
    assert right in first, "a held wrong guess was answered before the right code"
    assert status_of(right) == 200
    assert {status_of(sock) for sock in held} == {429}
