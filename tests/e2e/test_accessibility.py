"""An automated accessibility check (axe-core 4.14.1, vendored in tests/e2e/vendor) of the main
screens at phone size, in light mode, and their colours again in dark mode: no serious or critical WCAG A/AA violations,
and every control at least 44 x 44 px to the finger."""

from __future__ import annotations

import json
import re

from playwright.sync_api import expect

from tests.support.browser import SETTLE, a_game_under_way, banker_does, take_seat
from tests.support.browser import violations_light_and_dark as violations


def test_the_main_screens_have_no_serious_accessibility_violations_or_small_targets(server, browser):
    game = a_game_under_way(server)
    banker_does(
        server,
        game,
        {"type": "decline", "player": 3, "deed": 37},  # an auction open on every screen
        {"type": "bid", "player": 1, "amount": 120},
        {"type": "buy", "player": 2, "deed": 12},  # a utility: its rent asks the dice
    )
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    found = {}
    for path in ("/", "/new"):
        page.goto(server.url + path)
        found[path] = violations(page)
    for screen, path in (("no seat", f"/g/{game['id']}"), ("seat link", f"/seat/{game['banker_token']}")):
        page.goto(server.url + path)
        found[screen] = violations(page)
    take_seat(page, server, game["banker_token"])
    for path in (f"/g/{game['id']}/bank", f"/g/{game['id']}/lobby"):
        page.goto(server.url + path)
        found[path] = violations(page)
    player = context.new_page()
    take_seat(player, server, game["players"][1]["token"])
    found["wallet"] = violations(player)
    player.locator('.space[aria-label^="Baltic Avenue"]').click()
    player.locator("#sheet .sheet-card").wait_for()
    found["deed sheet"] = violations(player)
    owner = context.new_page()
    take_seat(owner, server, game["players"][0]["token"])
    for sheet, space, part in (
        ("building sheet", "Mediterranean Avenue", ".plan"),
        ("dice keypad", "Electric Company", ".keypad"),
        ("card grid", "Chance", ".cards"),
    ):
        owner.locator(f'.space[aria-label^="{space}"]').first.click()
        owner.locator(f"#sheet {part}").wait_for()
        found[sheet] = violations(owner)
        owner.locator("#sheet .close").click()
        owner.locator("#sheet .sheet-card").wait_for(state="detached")
    player.goto(f"{server.url}/g/{game['id']}/tally")
    found["tally"] = violations(player)
    player.goto(f"{server.url}/g/{game['id']}/history")
    found["history"] = violations(player)
    context.close()
    problems = {screen: v for screen, v in found.items() if v}
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)


def test_the_table_display_has_no_serious_accessibility_violations(server, browser):
    game = a_game_under_way(server)
    banker_does(server, game, {"type": "go_to_jail", "player": 3})
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    bank = context.new_page()
    take_seat(bank, server, game["banker_token"])
    bank.goto(f"{server.url}/g/{game['id']}/display-link")
    bank.get_by_role("button", name="Make a display link").click()
    found = {"display link": violations(bank)}
    display = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
    display.goto(bank.locator(".link").inner_text())
    found["display"] = violations(display)
    banker_does(
        server,
        game,
        {"type": "decline", "player": 3, "deed": 37},
        {"type": "bid", "player": 1, "amount": 120},
    )
    display.locator(".takeover .high .amount").wait_for()
    found["display auction"] = violations(display)
    banker_does(server, game, {"type": "cancel_auction"}, {"type": "end_game"})
    display.locator(".display-finale .chart").wait_for()
    found["display tally"] = violations(display)
    display.context.close()
    context.close()
    problems = {screen: v for screen, v in found.items() if v}
    assert not problems, json.dumps(problems, indent=1, ensure_ascii=False)


FOCUSED = "() => { const f = document.activeElement; return f.id || f.getAttribute('aria-label') || f.textContent.trim(); }"


def test_a_sheet_takes_the_focus_keeps_it_and_gives_it_back_to_the_space(server, phone):
    """For a screen reader: a sheet opened without a word, 45 controls after the space tapped, and
    once closed the focus fell to the top of the page."""
    game = a_game_under_way(server)
    ann = phone()
    take_seat(ann, server, game["players"][0]["token"])
    space = ann.locator('.space[aria-label^="Mediterranean Avenue"]')
    space.focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#sheet .sheet-card")).to_be_visible(timeout=SETTLE)
    assert ann.evaluate(FOCUSED) == "sheet-title"  # read first: the sheet's name
    plus = ann.locator("#sheet .plan .step").last
    words = plus.inner_text()
    assert words == "+1 house on each" and plus.get_attribute("hx-get").endswith("plan=2,2")
    plus.focus()
    ann.keyboard.press("Enter")  # the sheet is drawn again with the plan one step on
    expect(ann.locator("#sheet .plan .step").last).to_have_attribute("hx-get", re.compile("plan=3,3$"))
    assert ann.evaluate(FOCUSED) == words  # the same button, in the sheet drawn anew
    ann.keyboard.press("Escape")
    expect(ann.locator("#sheet .sheet-card")).to_have_count(0, timeout=SETTLE)
    assert ann.evaluate("() => document.activeElement.getAttribute('aria-label')").startswith(
        "Mediterranean Avenue"
    )


def test_a_bid_from_another_phone_is_in_a_live_region_that_stays(server, phone):
    game = a_game_under_way(server)
    ann = phone()
    take_seat(ann, server, game["players"][0]["token"])
    banker_does(server, game, {"type": "decline", "player": 3, "deed": 37})
    live = ann.locator('.auction .auction-said[aria-live="polite"]:has(#auction-high)')
    expect(live).to_have_count(1, timeout=SETTLE)
    live.evaluate("(region) => { window.region = region; }")
    banker_does(server, game, {"type": "bid", "player": 2, "amount": 120})
    expect(live).to_contain_text("$120", timeout=SETTLE)
    assert live.evaluate("(region) => region === window.region")  # the same region, its words new


def test_the_wallet_is_headed_by_its_player_and_its_cash_is_named(server, phone):
    # the page had no heading of the first level, and "Your cash" on a paragraph was dropped: the
    # balance was read as a bare "$1,290"
    game = a_game_under_way(server)
    ann = phone()
    take_seat(ann, server, game["players"][0]["token"])
    tree = ann.locator(".wallet").aria_snapshot()
    assert '- heading "Ann Red" [level=1]' in tree
    assert '- group "Your cash": $1,290' in tree
