"""Random taps on three phones at 360 px, the bank's and two players', each tapping whatever it
shows (a space, a tab, a button, a link, a language), with an amount field sometimes filled in
first: no answer is a 5xx, a 403 or a 404, and no page's script logs an error. Such taps found
the bank's rules link answering 403 and a Jail fine paid with the tapping phone's words.

The default suite taps a dozen times on a classic game; the long form (HYPOTHESIS_PROFILE=long)
a few hundred times on each of three presets."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import ConsoleMessage, Error, Page, Response

from tests.support.browser import api, take_seat
from tests.support.properties import profile, tries

PRESETS = ("classic", "speed", "millionaire") if profile() == "long" else ("classic",)
# what would end the random walk rather than explore it: the game's end, a phone leaving its seat,
# a new game or QR code, files to download
NOT_TAPPED = re.compile(r"End the game|Leave|new QR|New game|Start the game|Delete|Turn off|Resign", re.I)
AMOUNTS = ("1", "10", "50", "150", "1000", "99999", "0", "-5", "1,000", "$60")
# what a browser says of a refusal, or of a live stream closed by its page going elsewhere
EXPECTED = re.compile(
    r"^Failed to load resource: the server responded with a status of 4(00|09|22)|^\[object Event\]$"
)


@pytest.mark.long_form
@pytest.mark.parametrize("preset", PRESETS)
def test_random_taps_on_three_phones_meet_no_error(server, browser, preset):
    rng = random.Random(preset)
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"], "preset": preset})
    seats = {
        "bank": game["banker_token"],
        "Ann": game["players"][0]["token"],
        "Bob": game["players"][1]["token"],
    }
    wrong: list[str] = []
    phones = []
    for who, token in seats.items():
        page = browser.new_context(
            viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
        ).new_page()
        _watch(page, who, wrong)
        take_seat(page, server, token)
        phones.append((page, page.url))
    for _ in range(tries(12, 400)):
        page, home = rng.choice(phones)
        if not page.url.startswith(f"{server.url}/g/") or rng.random() < 0.03:
            page.goto(home)
        try:
            _tap_something(page, rng)
        except Error:  # covered by a sheet, disabled, or gone with the last change: a finger misses too
            continue
        page.wait_for_timeout(rng.choice((30, 120, 300)))
    for page, _ in phones:
        page.context.close()
    assert wrong == []


def _watch(page: Page, who: str, wrong: list[str]) -> None:
    """Note on `wrong` what goes wrong on the phone: a script's error, an answer no tap should get."""

    def said(message: ConsoleMessage) -> None:
        if message.type == "error" and not EXPECTED.search(message.text):
            wrong.append(f"{who}: {message.text}")

    def answered(response: Response) -> None:
        if response.status >= 500 or response.status in (403, 404):
            wrong.append(f"{who}: {response.status} {response.request.method} {response.url}")

    page.on("console", said)
    page.on("pageerror", lambda error: wrong.append(f"{who}: {error}"))
    page.on("response", answered)


def _tap_something(page: Page, rng: random.Random) -> None:
    for field in page.locator("input[inputmode=numeric]:visible").all()[:2]:
        if rng.random() < 0.6:
            field.fill(rng.choice(AMOUNTS), timeout=1000)
    count = page.evaluate(MARK_TAPPABLE, NOT_TAPPED.pattern)
    if count:
        page.locator(f"[data-random-tap='{rng.randrange(count)}']").click(timeout=500)


# Marks what a finger could tap (shown, not a download, not one of NOT_TAPPED), each with its
# number: one look at the page rather than one for each of its hundred buttons
MARK_TAPPABLE = """(skipped) => {
  const words = new RegExp(skipped, "i");
  document.querySelectorAll("[data-random-tap]").forEach((el) => el.removeAttribute("data-random-tap"));
  const shown = [...document.querySelectorAll("button, a[href], [role=tab], .space")].filter((el) =>
    el.checkVisibility() && !words.test(el.textContent + (el.getAttribute("aria-label") || ""))
    && !/[.](csv|json)$/.test(el.getAttribute("href") || ""));
  shown.forEach((el, i) => el.setAttribute("data-random-tap", i));
  return shown.length;
}"""
