"""A timed game ends by itself: the server's timer, not a phone, closes it, and every phone shows
the tally and the chart."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, banker_does, no_sideways_scroll, open_tab, shoot, take_seat
from tests.support.browser import violations_light_and_dark as violations

# the game's whole length: the timer thread must end it with no phone asking; long enough for
# three phones to open their screens first on a busy machine
SECONDS = 10


def test_a_timed_game_ends_by_itself_and_every_phone_shows_the_tally(server, phone, shots):
    end_at = int(time.time()) + SECONDS
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"], "options": {"end_at": end_at}})
    banker_does(
        server,
        game,
        {"type": "buy", "player": 1, "deed": 39},
        {"type": "buy", "player": 2, "deed": 5},
        {"type": "pay_rent", "player": 3, "deed": 5},
    )
    phones = []
    for seat in game["players"]:
        page = phone()
        take_seat(page, server, seat["token"])
        # the clock, or on a machine too busy to open three phones in time, the end already
        expect(page.locator(".game-clock, .finale").first).to_be_visible()
        phones.append(page)
    bank = phone()
    take_seat(bank, server, game["banker_token"])
    for page in phones:
        finale = page.locator(".finale")
        expect(finale).to_contain_text("Game over", timeout=(SECONDS + 5) * 1000)
        expect(finale.locator(".tally tbody tr")).to_have_count(3)
        expect(finale.locator("svg polyline")).to_have_count(3)
        # the open screen, not reloaded, offers nothing more to play
        expect(page.get_by_role("tab")).to_have_text(["Board", "My deeds", "History"])
        expect(page.get_by_role("button", name="Passed GO")).to_have_count(0)
        expect(page.get_by_label("Where did you land?")).to_have_count(0)
    expect(bank.locator(".finale")).to_contain_text("Game over", timeout=SETTLE)
    expect(bank.get_by_role("tab")).to_have_text(["Board", "Players", "More"])
    expect(bank.locator("#acting")).to_be_empty()
    expect(bank.locator("#panel-pay")).to_be_empty()
    open_tab(bank, "More")
    expect(bank.get_by_role("link", name="New game")).to_be_visible()
    expect(bank.get_by_role("button", name="Auction a house")).to_have_count(0)
    shoot(bank, path=shots / "timed_game_over_bank.png", full_page=True)
    ann = phones[0]
    expect(ann.locator(".finale h2")).to_have_text("Bob wins!")
    shoot(ann.locator(".finale"), path=shots / "timed_game_over.png")
    ann.goto(f"{server.url}/g/{game['id']}/tally")
    shoot(ann, path=shots / "tally.png", full_page=True)
    assert no_sideways_scroll(ann)


@pytest.mark.parametrize("width", [390, 360, 320])
def test_a_timed_games_clock_keeps_the_header_to_one_row_on_a_phone(server, browser, shots, width):
    """The bank's header, with its clock, its badge and two tabs, took two rows: 100 px. Cut to fit,
    the badge read "T…" on the bank's phone; now the clock is the rules' link there, and the badge
    shows only where its name has room. Two hours: the clock at its widest, "1:59:59" (it read
    "119:59")."""
    game = api(
        server, "/api/games", {"players": ["Ann", "Bob"], "options": {"end_at": int(time.time()) + 7200}}
    )
    for screen, token in (("bank", game["banker_token"]), ("wallet", game["players"][0]["token"])):
        page = browser.new_context(
            viewport={"width": width, "height": 800}, is_mobile=True, has_touch=True
        ).new_page()
        take_seat(page, server, token)
        expect(page.locator(".game-clock")).to_have_text(re.compile(r"^1:59:[0-5]\d$"))
        assert page.locator("header.bar").evaluate("(bar) => bar.offsetHeight") <= 56
        badge = page.locator("header .badge span")
        if badge.is_visible():
            assert badge.evaluate("(name) => name.offsetWidth") >= 60, f"{screen}: the badge cut to a letter"
        shoot(page.locator("header.bar"), path=shots / f"timed_header_{screen}_{width}.png")
        if width == 360:
            assert not violations(page), "the clock in a link"
        page.locator("header .clock-link").tap()
        expect(page.locator("main h1")).to_have_text("Classic")
        page.context.close()
