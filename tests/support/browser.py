"""What a person does at the table, in the browser: start a game, join it, read the screens, check
them for accessibility; and how the browser is started."""

from __future__ import annotations

import json
import os
import re
import urllib.request
from pathlib import Path
from urllib.parse import urljoin

from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    # Chromium 156 loads its omnibox popup (a page of its own, in a process of its own) for every
    # new window, so for every phone: it was most of the browser's work in the suite
    "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
]
OUTPUT = Path(__file__).resolve().parent.parent / "output"  # screenshots
# Pictures of the screens for a person to open are drawn only when asked for
# (BANKER_SHOTS=1 .venv/bin/python -m pytest tests/e2e): each cost Chromium some 125 ms of CPU,
# an eighth of the browser tests' work, for files nothing in the suite reads.
SHOTS = os.environ.get("BANKER_SHOTS") == "1"
CSRF_FIELD = re.compile(r'name="csrf_token" value="([^"]+)"')


def shoot(shown, path: Path | str, **options) -> None:
    """A picture of `shown` (a page or a part of one) at the phone's CSS size, at `path` under
    tests/output, when the suite runs with BANKER_SHOTS=1."""
    if SHOTS:
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        shown.screenshot(scale="css", path=path, **options)


# ms: how long a flow waits for a screen to catch up; speed is measured by the benchmarks
# (tests/bench, `python -m tests.bench`), so a busy machine must not turn into a failure here
SETTLE = 10_000


def start_game(host, server, names):
    host.goto(server.url + "/")
    host.get_by_role("link", name="New game").click()
    for i, name in enumerate(names):
        host.get_by_placeholder(f"Player {i + 1}", exact=True).fill(name)
    host.get_by_role("button", name="Start the game").click()
    expect(host.get_by_role("heading", name="Scan to join")).to_be_visible()
    return host.locator(".lobby .hint a").get_attribute("href")


def join(page, link, name):
    page.goto(link)
    page.get_by_role("button", name=name).click()
    expect(page.get_by_label("Your cash")).to_have_text("$1,500")


def take_seat(page, server, token):
    """The phone takes the seat its link (the banker's QR code for it) opens, as that page's one
    button does, and opens the game's screen. The page is read and its form sent with the phone's
    own cookies, not drawn: drawing it cost Chromium some 150 ms of CPU for every phone of every
    browser test (tests/e2e/test_seating_flow.py draws it and taps its button)."""
    link = f"{server.url}/seat/{token}"
    form = CSRF_FIELD.search(page.request.get(link).text())
    assert form is not None, f"no seat to take at {link}"
    taken = page.request.post(link, form={"csrf_token": form.group(1)}, max_redirects=0)
    assert taken.status == 303, (taken.status, taken.text()[:300])
    page.goto(urljoin(link, taken.headers["location"]))


def cash_of(page, player_id):
    return page.locator(f'[data-player="{player_id}"]')


def no_sideways_scroll(page, width=360):
    page.set_viewport_size({"width": width, "height": 800})
    overflow = page.evaluate("document.documentElement.scrollWidth")
    page.set_viewport_size({"width": 390, "height": 844})
    return overflow <= width


def api(server, path, body=None, token=None):
    """The JSON API of the server under test: GET without a body, POST with one."""
    request = urllib.request.Request(
        server.url + path,
        data=json.dumps(body).encode() if body is not None else None,
        headers={
            "Content-Type": "application/json",
            **({"Authorization": f"Bearer {token}"} if token else {}),
        },
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return json.load(response)
    except urllib.error.HTTPError as refused:  # the server's words, not only its status
        raise AssertionError(f"{path} {body}: {refused.code} {refused.read().decode()}") from refused


def banker_does(server, game, *commands):
    """The banker's phone sends these commands to the game, in order, through the API."""
    for command in commands:
        api(server, f"/api/games/{game['id']}/commands", command, game["banker_token"])


def jma_game(server, players, *commands):
    """A JMA tournament game for `players` in which Ann owns the dark blues (Park Place and
    Boardwalk), then the banker's `commands`."""
    game = api(server, "/api/games", {"players": players, "preset": "jma"})
    banker_does(
        server,
        game,
        {"type": "buy", "player": 1, "deed": 37},
        {"type": "buy", "player": 1, "deed": 39},
        *commands,
    )
    return game


def a_game_under_way(server, **options):
    """Ann, Bob and Cy; Ann owns two deeds with a house, Bob a mortgaged railroad; money has moved.
    `options`: rule options on top of the classic rules."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"], "options": options})
    banker_does(
        server,
        game,
        {"type": "buy", "player": 1, "deed": 1},
        {"type": "buy", "player": 1, "deed": 3},
        {"type": "build", "deed": 1},
        {"type": "buy", "player": 2, "deed": 5},
        {"type": "mortgage", "deed": 5},
        {"type": "pay_rent", "player": 2, "deed": 1},
        {"type": "pay_player", "player": 1, "to": 2, "amount": 50},
    )
    return game


def open_tab(page, name):
    """Tap a tab of the bar at the foot of the screen (Board, My deeds, Pay, Trade, History...)."""
    page.get_by_role("tab", name=name, exact=True).click()
    expect(page.get_by_role("tab", name=name, exact=True)).to_have_attribute("aria-selected", "true")


def confirm(page, name):
    """Tap the one big button of the app's own confirm sheet, which names what happens."""
    page.locator("#confirm-sheet").get_by_role("button", name=name).click()


def bid(page, amount):
    """One tap: the bid button that says `amount`."""
    page.locator(".auction").get_by_role("button", name=amount).first.click()


AXE = Path(__file__).resolve().parent.parent / "e2e" / "vendor" / "axe.min.js"
SERIOUS = ("serious", "critical")
# Controls smaller than 44 x 44 px; a radio or a checkbox is tapped through the label around it
SMALL_TARGETS = """() => [...document.querySelectorAll(
    'button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
  .map((el) => el.closest('label') || el)
  .filter((el) => el.getClientRects().length && !el.closest('.sr-only'))
  .map((el) => [el, el.getBoundingClientRect()])
  .filter(([, box]) => box.width < 44 || box.height < 44)
  .map(([el, box]) => `small target ${Math.round(box.width)}x${Math.round(box.height)}: `
    + `${el.tagName.toLowerCase()}.${el.className} ${el.textContent.trim().slice(0, 30)}`)"""


# What the dark colour scheme changes is colours alone (app.css's prefers-color-scheme blocks)
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
WCAG_AA = {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa"]}


def violations(page, rules: list[str] | None = None) -> list[str]:
    """axe's serious and critical WCAG A/AA violations and the small targets on `page`; with
    `rules`, only those of axe's rules."""
    # evaluated, not added as a <script>: the app's Content-Security-Policy refuses inline scripts
    page.evaluate(AXE.read_text())
    only = {"type": "rule", "values": rules} if rules else WCAG_AA
    result = page.evaluate("(runOnly) => axe.run(document, {runOnly})", only)
    return [
        f"{v['id']} ({v['impact']}): {v['help']} — {[(n['target'], n['any'][0]['message'] if n['any'] else '') for n in v['nodes'][:4]]}"
        for v in result["violations"]
        if v["impact"] in SERIOUS
    ] + ([] if rules else page.evaluate(SMALL_TARGETS))


def violations_light_and_dark(page) -> list[str]:
    """`violations` in the light scheme, then the colour rules again in the dark one."""
    found = []
    for scheme, rules in (("light", None), ("dark", COLOUR_RULES)):
        page.emulate_media(color_scheme=scheme)
        page.evaluate("document.getAnimations().forEach((a) => a.finish())")  # colours mid-transition
        found += [f"{scheme}: {v}" for v in violations(page, rules)]
    return found
