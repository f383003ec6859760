"""A public deployment, proven: Debian's nginx, configured by docs/nginx.conf (the file the hosting
guide shows), ends HTTPS in front of two `banker serve` processes on one PostgreSQL database.
Phones join through it, a live stream stays live through it, and each phone is known by its own
address: the join brake counts wrong codes per phone, not per proxy."""

from __future__ import annotations

import getpass
import http.client
import json
import re
import shutil
import socket
import ssl
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest
import trustme

from tests.support.machine import ensure_packages
from tests.support.postgres import PostgresSchema
from tests.support.servers import ServeProcess, free_port, next_change

DOCS_CONFIG = Path(__file__).resolve().parents[2] / "docs" / "nginx.conf"
HOST = "banker.example.org"
# nginx's own files in the test's directory; the `http` block holds the file the guide shows
MAIN_CONFIG = """daemon off;
user {user};
worker_processes 1;
pid {directory}/nginx.pid;
error_log {directory}/error.log;
events {{ worker_connections 256; }}
http {{
    log_format upstreams '$remote_addr "$request" $status $upstream_addr';
    access_log {directory}/access.log upstreams;
    client_body_temp_path {directory}/client_body;
    proxy_temp_path {directory}/proxy;
    fastcgi_temp_path {directory}/fastcgi;
    uwsgi_temp_path {directory}/uwsgi;
    scgi_temp_path {directory}/scgi;
    include {directory}/banker.conf;
}}
"""


class Nginx:
    """nginx running docs/nginx.conf with its ports, upstream servers and certificate changed."""

    def __init__(self, directory: Path, servers: list[ServeProcess]) -> None:
        self.directory = directory
        self.servers = servers
        self.http_port, self.https_port = free_port(), free_port()
        authority = trustme.CA()
        certificate = authority.issue_cert(HOST, "127.0.0.1")
        (directory / "fullchain.pem").write_bytes(
            b"".join(pem.bytes() for pem in certificate.cert_chain_pems)
        )
        certificate.private_key_pem.write_to_path(str(directory / "privkey.pem"))
        self.trust = ssl.create_default_context()
        authority.configure_trust(self.trust)
        (directory / "banker.conf").write_text(self._tested(DOCS_CONFIG.read_text(), servers))
        (directory / "nginx.conf").write_text(MAIN_CONFIG.format(user=getpass.getuser(), directory=directory))
        self.process: subprocess.Popen[bytes] | None = None

    def _tested(self, config: str, servers: list[ServeProcess]) -> str:
        changes = {
            "listen 80;": f"listen 127.0.0.1:{self.http_port};",
            "listen 443 ssl;": f"listen 127.0.0.1:{self.https_port} ssl;",
            "server 127.0.0.1:5001;": f"server 127.0.0.1:{servers[0].port};",
            "server 127.0.0.1:5002;": f"server 127.0.0.1:{servers[1].port};",
            f"/etc/letsencrypt/live/{HOST}/fullchain.pem": str(self.directory / "fullchain.pem"),
            f"/etc/letsencrypt/live/{HOST}/privkey.pem": str(self.directory / "privkey.pem"),
        }
        for old, new in changes.items():
            assert config.count(old) == 1, f"docs/nginx.conf no longer says {old!r}: change this test with it"
            config = config.replace(old, new)
        return config

    def start(self) -> None:
        """Start nginx and wait until it answers HTTPS with its own certificate. A port found free
        may be taken by another test's process before nginx binds it, which then answers there
        while nginx waits to bind and gives up: nginx starts again on other ports."""
        for _ in range(3):
            if self._started():
                return
            self.stop()
            self.http_port, self.https_port = free_port(), free_port()
            (self.directory / "banker.conf").write_text(self._tested(DOCS_CONFIG.read_text(), self.servers))
        raise RuntimeError(f"nginx did not start:\n{(self.directory / 'error.log').read_text()}")

    def _started(self) -> bool:
        executable = shutil.which("nginx") or "/usr/sbin/nginx"
        command = [executable, "-e", "error.log", "-p", str(self.directory), "-c", "nginx.conf"]
        self.process = subprocess.Popen(command, cwd=self.directory, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and self.process.poll() is None:
            try:  # only this nginx shows the test's certificate
                with socket.create_connection(("127.0.0.1", self.https_port), timeout=1) as sock:
                    self.trust.wrap_socket(sock, server_hostname=HOST).close()
                return True
            except OSError:
                time.sleep(0.05)
        return False

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def upstreams(self, request: str) -> set[str]:
        """The servers that answered the requests logged as `request` (e.g. "POST /api/...")."""
        lines = (self.directory / "access.log").read_text().splitlines()
        return {line.rsplit(" ", 1)[1] for line in lines if f'"{request} HTTP/1.1"' in line}


class Phone:
    """A phone on the table's Wi-Fi: its own address on the loopback, its own cookie, HTTPS
    through nginx, to the server named `host` (with a port when HTTPS is not on 443)."""

    def __init__(self, proxy: Nginx, address: str, host: str = HOST) -> None:
        self.proxy = proxy
        self.address = address
        self.host = host
        self.cookie = ""
        self.set_cookie = ""

    def open(
        self, method: str, path: str, body: str | None = None, headers: dict[str, str] | None = None
    ) -> tuple[http.client.HTTPSConnection, http.client.HTTPResponse]:
        connection = http.client.HTTPSConnection(
            "127.0.0.1",
            self.proxy.https_port,
            context=self.proxy.trust,
            source_address=(self.address, 0),
            timeout=10,
        )
        sent = {"Host": self.host, **({"Cookie": self.cookie} if self.cookie else {}), **(headers or {})}
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        if cookie := response.getheader("Set-Cookie"):
            self.set_cookie = cookie
            self.cookie = cookie.split(";", 1)[0]
        return connection, response

    def fetch(
        self, method: str, path: str, body: str | None = None, headers: dict[str, str] | None = None
    ) -> tuple[http.client.HTTPResponse, str]:
        connection, response = self.open(method, path, body, headers)
        try:
            return response, response.read().decode()
        finally:
            connection.close()

    def api(self, path: str, body: dict, token: str | None = None) -> tuple[int, dict]:
        headers = {"Content-Type": "application/json"}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        response, text = self.fetch("POST", path, json.dumps(body), headers)
        return response.status, json.loads(text)

    def join(self, code: str, player: int) -> str:
        """Scans the QR code and taps a name: the address of the player's screen."""
        response, page = self.fetch("GET", f"/join/{code}")
        assert response.status == 200, page
        csrf = re.search(r'name="csrf_token" value="([^"]+)"', page).group(1)
        form = urlencode({"csrf_token": csrf, "player": player})
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        # as a browser: the form is sent with the page's address, unless the page said not to
        if response.getheader("Referrer-Policy") != "no-referrer":
            headers["Referer"] = f"https://{self.host}/join/{code}"
        response, page = self.fetch("POST", f"/join/{code}", form, headers)
        assert response.status == 303, page
        return response.getheader("Location")


@pytest.fixture(scope="module")
def deployment(tmp_path_factory: pytest.TempPathFactory, postgres_server: str) -> Iterator[Nginx]:
    """nginx in front of two servers on one PostgreSQL database, for the tests of this module: each
    plays games of its own (three processes take seconds of both cores to start)."""
    ensure_packages()  # Debian's nginx
    tmp_path = tmp_path_factory.mktemp("deployment")
    schema = PostgresSchema(postgres_server)
    servers = [ServeProcess(schema.url, tmp_path / f"server{n}.log") for n in (1, 2)]
    proxy = Nginx(tmp_path, servers)
    try:
        for server in servers:
            server.env.update({"BANKER_TRUSTED_PROXIES": "1", "BANKER_PUBLIC_URL": f"https://{HOST}"})
            server.start()
        proxy.start()
        yield proxy
    finally:
        proxy.stop()
        for server in servers:
            server.stop()
        schema.drop()


def test_phones_play_through_nginx_in_front_of_two_servers(deployment: Nginx):
    host = Phone(deployment, "127.0.0.5")
    status, game = host.api("/api/games", {"players": ["Ann", "Bob"]})
    assert status == 201
    game_id, bank = game["id"], game["banker_token"]

    # phones join through the proxy, over HTTPS: the seat cookie is marked Secure; Bob's server
    # has its HTTPS on a port of its own, which his forms' same-origin check must see
    ann, bob = Phone(deployment, "127.0.0.3"), Phone(deployment, "127.0.0.4", f"{HOST}:8443")
    for phone, player in ((ann, 1), (bob, 2)):
        assert phone.join(game["join_code"], player) == f"/g/{game_id}"
        assert "; Secure" in phone.set_cookie
        response, screen = phone.fetch("GET", f"/g/{game_id}")
        assert response.status == 200 and ("Ann" if player == 1 else "Bob") in screen

    # Ann's live stream, held through the proxy on one of the servers, hears at once of every
    # command, whichever server took it (the stream's keepalive is 15 s, a phone's poll 5 s)
    connection, stream = ann.open("GET", f"/g/{game_id}/stream?seq=0")
    try:
        assert stream.status == 200 and stream.readline().startswith(b"retry:")
        joined = next_change(stream)  # the game's seq now, the phones' joins included
        delays = []
        for seq in range(joined + 1, joined + 5):
            sent = time.monotonic()
            status, answer = host.api(
                f"/api/games/{game_id}/commands", {"type": "pass_go", "player": 1}, bank
            )
            assert status == 200 and answer["seq"] == seq
            assert next_change(stream) == seq
            delays.append(time.monotonic() - sent)
    finally:
        connection.close()
    assert max(delays) < 2.0, delays
    assert len(deployment.upstreams(f"POST /api/games/{game_id}/commands")) == 2

    # Plain HTTP is sent to HTTPS
    plain = http.client.HTTPConnection("127.0.0.1", deployment.http_port, timeout=10)
    plain.request("GET", "/join/ABCDEF", headers={"Host": HOST})
    answer = plain.getresponse()
    assert answer.status == 301 and answer.getheader("Location") == f"https://{HOST}/join/ABCDEF"
    plain.close()


def test_each_phone_is_known_by_its_own_address(deployment: Nginx):
    """A guesser is braked (after 20 wrong codes a minute; here 45, so that each server, taking
    every other request, has seen over 20), whatever X-Forwarded-For it makes up, while another
    phone on the same proxy is not."""
    guesser, honest = Phone(deployment, "127.0.0.2"), Phone(deployment, "127.0.0.3")
    statuses = []
    for n in range(45):
        response, _ = guesser.fetch("GET", "/join/ZZZZZZ", headers={"X-Forwarded-For": f"127.0.1.{n}"})
        statuses.append(response.status)
        if response.status == 429:
            break
    assert statuses[-1] == 429 and set(statuses[:-1]) == {404}, statuses
    response, _ = honest.fetch("GET", "/join/ZZZZZZ")
    assert response.status == 404


def test_a_file_past_nginxs_bound_is_refused_in_banker_s_words_and_language(deployment: Nginx):
    """nginx takes a saved game of up to 13 MB (Banker's own bound is 12 MB); past it, a phone
    uploading one was shown nginx's own "413 Request Entity Too Large" page, in English."""
    connection = socket.create_connection(("127.0.0.1", deployment.https_port), timeout=10)
    with deployment.trust.wrap_socket(connection, server_hostname=HOST) as tls:
        tls.sendall(
            (
                f"POST /import HTTP/1.1\r\nHost: {HOST}\r\nAccept-Language: ko-KR,ko;q=0.9\r\n"
                "Content-Type: multipart/form-data; boundary=x\r\nContent-Length: 14000000\r\n\r\n"
            ).encode()
        )  # the headers alone: nginx answers them, as a phone's browser reads the answer then
        answer = b""
        while chunk := tls.recv(65536):
            answer += chunk
    head, _, body = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413"), head
    page = body.decode(errors="replace")
    assert "게임 파일은 최대 12 MB입니다. 이 파일은 그보다 큽니다." in page, page[:400]
    assert "nginx" not in page
