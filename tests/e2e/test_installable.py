"""The installable app in a real browser: the manifest and its icons load, the service worker
takes over and keeps the app's own files, so they come with no network while game data never
does, and a game's screen asks for the screen to stay awake."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.table import api, take_seat

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

    worker = ann.evaluate("navigator.serviceWorker.ready.then((r) => r.active.scriptURL)")
    assert worker == f"{server.url}/sw.js"
    # the worker takes over this page (clients.claim); waited for by its event: wait_for_function
    # polls with eval, which the page's CSP refuses once the first check comes too early
    ann.evaluate(
        """() => navigator.serviceWorker.controller !== null || new Promise((resolve) =>
            navigator.serviceWorker.addEventListener("controllerchange", () => resolve(true)))"""
    )
    cached = ann.evaluate(CACHED)
    assert len(cached) >= 3 and all(hit for _, hit in cached), cached

    ann.context.set_offline(True)
    for url, _ in cached:
        assert ann.evaluate(FETCH_STATUS, url) == 200
    assert ann.evaluate(FETCH_STATUS, wallet) == "no network"  # game data always from the bank
    ann.context.set_offline(False)

    ann.goto(server.url + "/")  # no game open: nothing keeps the screen on
    assert ann.evaluate("window.wakeLocks") == []
