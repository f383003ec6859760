"""The installable app in a real browser: the manifest and its icons load, the service worker
takes over and keeps the app's own files, so they come with no network while game data never
does, and a game's screen asks for the screen to stay awake."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from tests.support.browser import api, take_seat

# Records what the page asks of the Wake Lock API (headless Chromium grants no real lock).
RECORD_WAKE_LOCKS = """window.wakeLocks = [];
Object.defineProperty(navigator, "wakeLock", {value: {request(type) {
  window.wakeLocks.push(type); return Promise.resolve({release() {}}); }}});"""

ICON_SIZE = """(src) => new Promise((done) => { const img = new Image();
  img.onload = () => done(img.naturalWidth + "x" + img.naturalHeight); img.onerror = () => done(null);
  img.src = src; })"""

CACHED = """async () => { const files = [...document.querySelectorAll('link[rel=stylesheet], script[src]')]
  .map((el) => el.href || el.src);
  return Promise.all(files.map(async (url) => [url, !!(await caches.match(url))])); }"""

FETCH_STATUS = "(url) => fetch(url).then((r) => r.status, () => 'no network')"


WORKER_STATE = """navigator.serviceWorker.getRegistration().then((r) => r ? {
  installing: r.installing?.state ?? null, waiting: r.waiting?.state ?? null,
  active: r.active?.state ?? null, controller: navigator.serviceWorker.controller?.scriptURL ?? null,
} : null)"""

# What the worker's install asks of the server, asked by the page: a file that fails fails the install.
SHELL_STATUSES = """fetch(document.body.dataset.sw).then((r) => r.text()).then((text) => Promise.all(
  JSON.parse(text.match(/const SHELL = (.*);/)[1]).map((url) => fetch(url, {cache: "no-store"})
    .then((r) => url + " " + r.status, (error) => url + " " + error)))).catch((error) => String(error))"""


def controlling_worker(page, seconds: float = 30.0) -> str:
    """The script of the service worker controlling the page. Asked again and again from here:
    the page's CSP refuses the eval that wait_for_function polls with, and a promise on the page
    could wait for ever. A worker that activated while the page was still being replaced (the seat
    link's form posts as the worker installs) controls the page from its next load on, which is
    all a phone needs, so the page is loaded again once: when the worker is active, or after 5 s
    (a registration lost with the page that made it is made again). What the worker reached is
    reported when none took over."""
    start = time.monotonic()
    reloaded = False
    state = None
    while time.monotonic() < start + seconds:
        state = page.evaluate(WORKER_STATE)
        if state and state["controller"]:
            return state["controller"]
        stalled = time.monotonic() > start + 5
        if not reloaded and ((state and state["active"] == "activated") or stalled):
            page.reload()
            reloaded = True
            continue
        page.wait_for_timeout(200)
    raise AssertionError(
        f"no service worker took over the page in {seconds:.0f} s: registration {state}, "
        f"reloaded {reloaded}, the files it keeps: {page.evaluate(SHELL_STATUSES)}"
    )


def test_the_manifest_and_the_service_worker_load_and_keep_the_app_files(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    ann = phone()
    ann.add_init_script(RECORD_WAKE_LOCKS)
    take_seat(ann, server, game["players"][0]["token"])
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500")
    assert ann.evaluate("window.wakeLocks") == ["screen"]
    wallet = ann.url

    manifest = ann.evaluate("fetch(document.querySelector('link[rel=manifest]').href).then((r) => r.json())")
    assert manifest["name"] == "Banker" and manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert ann.evaluate(ICON_SIZE, icon["src"]) == icon["sizes"]

    assert controlling_worker(ann) == f"{server.url}/sw.js"
    cached = ann.evaluate(CACHED)
    assert len(cached) >= 3 and all(hit for _, hit in cached), cached

    ann.context.set_offline(True)
    for url, _ in cached:
        assert ann.evaluate(FETCH_STATUS, url) == 200
    assert ann.evaluate(FETCH_STATUS, wallet) == "no network"  # game data always from the bank
    ann.context.set_offline(False)

    ann.goto(server.url + "/")  # no game open: nothing keeps the screen on
    assert ann.evaluate("window.wakeLocks") == []
