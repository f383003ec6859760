"""`banker serve` in a process of its own, on a database the test chooses, that a test can kill
with SIGKILL and start again on the same port; and any other `banker` command run once, in a
process of its own or in the test's."""

from __future__ import annotations

import http.client
import http.cookiejar
import io
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSessionInterface

from banker.cli.main import main

SECRET = "test-secret"
ROOT = Path(__file__).resolve().parent.parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class ServeProcess:
    """`banker serve` on loopback, or on the `host` it picks itself when given None."""

    def __init__(
        self,
        database_url: str,
        log: Path,
        port: int | None = None,
        env: dict[str, str] | None = None,
        host: str | None = "127.0.0.1",
    ) -> None:
        self.port = port or free_port()
        # a port found free may be taken by another test's process before the server binds it:
        # the first start then moves to another (a restart keeps its port, as the phones know it)
        self.may_move = port is None
        self.host = host
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log
        self.env = {
            **os.environ,
            "BANKER_DATABASE_URL": database_url,
            "BANKER_SECRET_KEY": SECRET,
            "BANKER_PUBLIC_URL": self.url,
            "BANKER_NEW_GAMES_PER_HOUR": "0",  # tests start games from one address as fast as they like
            # every test phone is 127.0.0.1: a module's browser tests share one server, and their
            # streams and kept-alive connections would fill one address's 64 (a test of the cap sets it)
            "BANKER_MAX_CONNECTIONS_PER_ADDRESS": "1000",
            # no worker process for game files unless a test asks for one: each start (and each
            # restart) would start one, some seconds of a core in all the suite's servers; without
            # one, a game file is checked in its request (tests/test_workers.py has the workers)
            "BANKER_WORKERS": "0",
            **(env or {}),
        }
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 180.0) -> None:
        """Start `banker serve` and wait for its first page; a machine busy with browsers may take
        a minute to start Python."""
        while not self._started(timeout):
            if not (self.may_move and "Address already in use" in self.log.read_text()):
                raise RuntimeError(f"the server did not start:\n{self.log.read_text()[-3000:]}")
            self.log.write_text("")
            old_url, self.port = self.url, free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            if self.env["BANKER_PUBLIC_URL"] == old_url:
                self.env["BANKER_PUBLIC_URL"] = self.url
        self.may_move = False

    def _started(self, timeout: float) -> bool:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "banker.cli",
                    "serve",
                    *(("--host", self.host) if self.host else ()),
                    "--port",
                    str(self.port),
                    "--quiet",
                ],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                break
            try:
                status, _ = request(self.port, "GET", "/", timeout=1.0)
                if status == 200:
                    return True
            # not listening yet; or, the port in the ephemeral range, connected to itself and
            # reading its own request back as a broken status line
            except (OSError, http.client.HTTPException):
                time.sleep(0.05)
        self.kill()
        return False

    def kill(self) -> None:
        """kill -9: no clean shutdown, no flush, nothing."""
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)
            self.process = None

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
            self.process = None


CSRF_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')


def seated_phone(url: str, token: str) -> tuple[urllib.request.OpenerDirector, http.cookiejar.CookieJar]:
    """A phone without a browser, seated by its seat's link and that page's button on the server
    at `url`, and its cookies."""
    cookies = http.cookiejar.CookieJar()
    phone = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(cookies))
    link = f"{url}/seat/{token}"
    send_form(phone, link)
    return phone, cookies


def send_form(phone: urllib.request.OpenerDirector, url: str) -> str:
    """The page at `url` read, and its form sent as its button sends it: the page it leads to."""
    with phone.open(url, timeout=10) as asked:
        csrf = CSRF_FIELD.search(asked.read().decode()).group(1)
    with phone.open(url, urllib.parse.urlencode({"csrf_token": csrf}).encode(), timeout=10) as sent:
        assert sent.status == 200, sent.status
        return sent.url


def banker(*args: str, env: dict[str, str], timeout: float = 60) -> subprocess.CompletedProcess[str]:
    """The `banker` command with `args`, in a process of its own with `env` added to ours."""
    return subprocess.run(
        [sys.executable, "-m", "banker.cli", *args],
        env={**os.environ, **env},
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def command(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """A `banker` command that does one thing and ends (bank-link, backup, restore, prune), run in
    this process as its own process runs it: `env` added to the environment, what it prints read
    back, argparse's refusals included (starting Python and Banker again takes a second or more;
    `banker serve` runs in a process of its own, ServeProcess)."""
    printed, said = io.StringIO(), io.StringIO()
    kept = dict(os.environ)
    os.environ.update(env)
    try:
        with redirect_stdout(printed), redirect_stderr(said):
            try:
                code = main(list(args))
            except SystemExit as refused:  # argparse's usage errors, a reason it cannot start
                code = refused.code if isinstance(refused.code, int) else 1
                if isinstance(refused.code, str):
                    print(refused.code, file=said)
    finally:
        os.environ.clear()
        os.environ.update(kept)
    return subprocess.CompletedProcess(["banker", *args], code, printed.getvalue(), said.getvalue())


def request(
    port: int, method: str, path: str, body: Any = None, token: str | None = None, timeout: float = 5.0
) -> tuple[int, Any]:
    """One HTTP request on a fresh connection; the status and the JSON (or text) answer."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        # the server closes its end at once: the connection is off its count before the next one
        headers = {"Content-Type": "application/json", "Connection": "close"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        connection.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        response = connection.getresponse()
        data = response.read()
        kind = response.getheader("Content-Type", "")
        return response.status, json.loads(data) if kind.startswith("application/json") else data.decode()
    finally:
        connection.close()


def next_change(stream: http.client.HTTPResponse) -> int:
    """The seq (its id) of the next update pushed on a phone's live stream, read whole, skipping
    keepalives."""
    while True:
        line = stream.readline()
        assert line, "the stream ended"
        if line.startswith(b"id: "):
            seq = int(line.split(b":", 1)[1])
            assert stream.readline() == b"event: update\n"
            while stream.readline().startswith(b"data: "):
                pass
            return seq


def seat_cookie(game_id: str, role: str, token: str) -> str:
    """The session cookie a browser holds after taking a seat, signed with the servers' key."""
    signer = Flask(__name__)
    signer.secret_key = SECRET
    session = SecureCookieSessionInterface().get_signing_serializer(signer)
    assert session is not None
    return f"session={session.dumps({'seats': {game_id: {role: token}}})}"
