"""An automated accessibility check (axe-core 4.14.1, vendored in tests/e2e/vendor) of the main
screens at phone size, in light mode, and their colours again in dark mode: no serious or critical WCAG A/AA violations,
and every control at least 44 x 44 px to the finger."""

from __future__ import annotations

import json

from tests.support.browser import a_game_under_way, banker_does, take_seat
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
