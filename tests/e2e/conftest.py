"""A real server process and Debian's chromium, driven by Playwright at phone size."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

PHONE = {"width": 390, "height": 844}
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
OUTPUT = Path(__file__).resolve().parent.parent / "output"


def pytest_collection_modifyitems(items):
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.browser)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`banker serve` in its own process, as a host runs it, on a database of its own."""

    def __init__(self, tmp: Path, database_url: str | None = None) -> None:
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.env = {
            **os.environ,
            "BANKER_DATABASE_URL": database_url or f"sqlite:///{tmp / 'e2e.sqlite3'}",
            "BANKER_SECRET_KEY": "e2e-secret",
            "BANKER_PUBLIC_URL": self.url,
        }
        self.process: subprocess.Popen[bytes] | None = None
        self.log = tmp / "server.log"

    def start(self) -> None:
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "banker.cli",
                    "serve",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    str(self.port),
                    "--quiet",
                ],
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(self.url + "/", timeout=1).close()
                return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError(f"the server did not start:\n{self.log.read_text()}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def server(tmp_path: Path, database_url: str) -> Iterator[Server]:
    server = Server(tmp_path, database_url)  # PostgreSQL when BANKER_TEST_DATABASE_URL says so
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail(
            "Browser tests need Debian's chromium (apt-get install -y chromium); .ci/run installs it."
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    """A factory of phones: each call is a separate browser context (its own cookies)."""
    contexts = []

    def new_phone():
        context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True)
        contexts.append(context)
        return context.new_page()

    yield new_phone
    for context in contexts:
        context.close()


@pytest.fixture
def shots() -> Path:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT
