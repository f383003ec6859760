"""The bench's floor server (tests/bench/floor_server.py) does the work it is the floor of: it
stores each payment before answering, pushes it to every stream, and refuses a payment whose CSRF
token is missing, as Banker does; otherwise its figure would be a floor of something less."""

from __future__ import annotations

import socket
import sqlite3
from pathlib import Path

import pytest

from tests.bench.figures import BROWSER_HEADERS, Http, Server
from tests.bench.phones import WARMUP, floor_figure


def _stored(folder: Path) -> tuple[int, int | None]:
    with sqlite3.connect(folder / "server.sqlite3") as db:
        return db.execute("SELECT count(*), max(seq) FROM action").fetchone()


def test_the_floor_stores_every_payment_and_pushes_it_to_every_phone_and_the_display(tmp_path):
    figure = floor_figure(tmp_path, samples=5, banker_cpu=3.0)

    # a phone or the display that missed a payment fails the figure (`Missed`)
    assert figure.passed is None and "FAILED" not in figure.measured, figure.measured
    assert figure.measured.startswith("server CPU ") and "Banker's is " in figure.measured
    assert _stored(tmp_path) == (WARMUP + 5, WARMUP + 5)


def test_the_floor_refuses_a_payment_without_its_csrf_token_and_stores_nothing(tmp_path):
    with Server(tmp_path, module="tests.bench.floor_server") as server, Http(server.port) as http:
        cookie = "; ".join(http.request("GET", "/g/floor", BROWSER_HEADERS).cookies)
        form = b"type=pay_player&player=1&to=2&amount=5"
        refused = http.request("POST", "/g/floor/do", {**BROWSER_HEADERS, "Cookie": cookie}, form)

        assert refused.status == 400
    assert _stored(tmp_path) == (0, None)


def test_a_socket_the_kernel_connected_to_itself_is_no_server_yet(monkeypatch):
    """Waiting for a server to listen on a port in the ephemeral range, a connection may come back
    connected to itself and read its own request ("GET / HTTP/1.1") as the answer."""
    itself = socket.socket()
    itself.bind(("127.0.0.1", 0))
    port = itself.getsockname()[1]
    itself.connect(("127.0.0.1", port))
    monkeypatch.setattr(socket, "create_connection", lambda *_, **__: itself)
    with pytest.raises(ConnectionRefusedError):
        Http(port)
    assert itself.fileno() == -1  # closed
