"""A real server process (tests/support/servers.py) and Debian's chromium, driven by Playwright at phone size."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.browser import CHROMIUM_FLAGS, OUTPUT, PHONE
from tests.support.databases import fresh_database
from tests.support.machine import ensure_packages
from tests.support.servers import ServeProcess


def pytest_collection_modifyitems(items):
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def server(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[ServeProcess]:
    """One server for the browser tests of a test process, on a database of its own (PostgreSQL
    when BANKER_TEST_DATABASE says so): each test plays games of its own on it, as tables share a
    real server. A server process takes seconds of both cores to start; a test that stops it asks
    for `own_server`."""
    folder = tmp_path_factory.mktemp("server")
    with fresh_database(folder, lambda: request.getfixturevalue("postgres_server")) as url:
        yield from served(url, folder)


@pytest.fixture
def own_server(tmp_path: Path, database_url: str) -> Iterator[ServeProcess]:
    """A server for this test alone, which it may stop and start again."""
    yield from served(database_url, tmp_path)


def served(database_url: str, folder: Path) -> Iterator[ServeProcess]:
    server = ServeProcess(database_url, folder / "server.log")
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    ensure_packages()  # Debian's chromium and the CJK fonts
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("Browser tests need Debian's chromium (apt-get install -y chromium fonts-noto-cjk).")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def closes_what_it_opened(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every browser context a test opens is closed when it ends: a page left open lives on for the
    rest of the test process, and one still counting down an auction repaints all that while."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    before = set(browser.contexts)
    yield
    for context in browser.contexts:
        if context not in before:
            context.close()


@pytest.fixture
def phone(browser):
    """A factory of phones: each call is a separate browser context (its own cookies), in the
    phone's language `locale` ("ko-KR") when given."""
    contexts = []

    def new_phone(locale: str | None = None):
        context = browser.new_context(
            viewport=PHONE, device_scale_factor=2, is_mobile=True, has_touch=True, locale=locale
        )
        contexts.append(context)
        return context.new_page()

    yield new_phone
    for context in contexts:
        context.close()


@pytest.fixture
def shots() -> Path:
    OUTPUT.mkdir(parents=True, exist_ok=True)
    return OUTPUT
