"""An auction at a real table: Ann declines Boardwalk, Bob and Cy bid against each other, Ann watches."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import (
    SETTLE,
    api,
    bid,
    cash_of,
    join,
    no_sideways_scroll,
    shoot,
    start_game,
    take_seat,
    violations,
)


def high_bid(page):
    return page.locator(".auction .high .amount")


def test_two_phones_bid_the_third_watches_and_the_winner_gets_the_deed(server, phone, shots):
    host = phone()
    link = start_game(host, server, ["Ann", "Bob", "Cy"])
    ann, bob, cy = phone(), phone(), phone()
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
        join(page, link, name)
    host.goto(server.url + host.url.split(server.url)[1].replace("/lobby", "/bank"))

    ann.locator('.space[aria-label^="Boardwalk"]').click()
    ann.locator("#sheet").get_by_role("button", name="Don't buy · auction it").click()
    for page in (ann, bob, cy, host):
        expect(page.locator("#auction-title")).to_have_text("Boardwalk", timeout=SETTLE)
    clock = ann.locator(".auction .clock .secs")
    shown = clock.inner_text()
    expect(clock).not_to_have_text(shown, timeout=2000)  # the countdown runs on every phone
    assert 0 < int(clock.inner_text()) <= 20

    bidders = [(bob, "Bob"), (cy, "Cy")]
    amounts = ["$100", "$110", "$160", "$170", "$220", "$230"]  # +$100, then +$10 and +$50 in turn
    for i, amount in enumerate(amounts):
        page, name = bidders[i % 2]
        other = bidders[(i + 1) % 2][0]
        bid(page, amount)
        for watcher in (ann, other, host):
            expect(high_bid(watcher)).to_have_text(amount, timeout=SETTLE)
        expect(ann.locator(".auction .high .who")).to_have_text(name)
        expect(page.locator(".auction")).to_contain_text("You hold the high bid.", timeout=SETTLE)
        if i == 0:
            expect(other.locator(".auction .bid").first).to_contain_text("$101")
            # the clock a bid pushes in runs too: it stood still at the bid on every phone
            shown = clock.inner_text()
            expect(clock).not_to_have_text(shown, timeout=2000)
            # looked at while the first bid's clock still runs: each bid leaves only 8 seconds,
            # which a busy machine can spend between the last bid and "Sold now"
            shoot(ann.locator(".auction"), path=shots / "auction_panel.png")
            assert no_sideways_scroll(ann)
            shoot(host, path=shots / "auction_bank.png")
            # the bank's phone scrolled the auction in below its sticky "Acting for" bar
            acting = host.locator(".acting").bounding_box()
            assert host.locator("#auction-title").bounding_box()["y"] >= acting["y"] + acting["height"]

    host.get_by_role("button", name="Sold now").click()
    for page in (ann, bob, cy, host):
        expect(page.locator(".auction")).to_have_count(0, timeout=SETTLE)
    expect(cy.get_by_label("Your cash")).to_have_text("$1,270", timeout=SETTLE)
    for page in (ann, bob):
        expect(cash_of(page, 3)).to_have_text("$1,270", timeout=SETTLE)
        expect(page.locator('.space[aria-label^="Boardwalk, dark blue group, Cy"]')).to_be_visible(
            timeout=SETTLE
        )
    expect(ann.locator("#toast")).to_contain_text("Sold! Cy bought Boardwalk for $230", timeout=SETTLE)
    expect(cy.locator("#holdings")).to_contain_text("Boardwalk", timeout=SETTLE)


def test_the_bank_names_the_opening_price_and_the_decliner_sits_out(server, phone, shots):
    """The speed-die game (000) with the decliner barred (003): Ann declines Boardwalk, the bank
    opens it at $300, Bob's phone bids from $300, Ann's says why it has no bids."""
    game = api(
        server,
        "/api/games",
        {"players": ["Ann", "Bob"], "preset": "speed", "options": {"decliner_barred": True}},
    )
    host, ann, bob = phone(), phone(), phone("ja-JP")
    take_seat(host, server, game["banker_token"])
    take_seat(ann, server, game["players"][0]["token"])
    take_seat(bob, server, game["players"][1]["token"])
    ann.locator('.space[aria-label^="Boardwalk"]').click()
    ann.locator("#sheet").get_by_role("button", name="Don't buy · auction it").click()
    expect(host.locator("#auction-title")).to_have_text("Boardwalk", timeout=SETTLE)
    host.get_by_label("Opening price").fill("300")
    shoot(host, path=shots / "auction_opening_price_bank.png")
    host.get_by_role("button", name="Open at this price").click()
    expect(bob.locator("#auction-high .who")).to_have_text("開始価格 $300", timeout=SETTLE)
    expect(bob.locator(".auction .bid").first).to_contain_text("$300")
    expect(ann.locator('[data-note="excluded"]')).to_be_visible(timeout=SETTLE)
    shoot(bob, path=shots / "auction_opening_price_ja.png")
    ann.emulate_media(color_scheme="dark")
    shoot(ann, path=shots / "auction_decliner_dark.png")
    assert violations(host) == [] and violations(ann) == []


def test_back_to_the_game_shows_the_auction_clock_as_it_is_now_not_as_first_drawn(server, phone):
    """Back brought the page's old copy out of the browser's cache: its clock counted again from
    the seconds left when it was first drawn, some 10 s more than the auction had."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    bob = phone()
    token = game["players"][1]["token"]
    bob.goto(f"{server.url}/seat/{token}")  # the seat's link, then the game: Back goes through it
    bob.locator("form.take-seat button").click()
    bob.wait_for_url(f"{server.url}/g/**")
    api(server, f"/api/games/{game['id']}/commands", {"type": "decline", "player": 2, "deed": 39}, token)
    clock = bob.locator(".auction .clock")
    expect(clock).to_be_visible(timeout=SETTLE)
    bob.reload()
    drawn = float(clock.get_attribute("data-ends-in"))
    bob.wait_for_timeout(1500)  # an auction's 20 s are far from over
    bob.go_back()  # the seat's link, which leads back to the game
    bob.wait_for_url(f"{server.url}/g/**")
    assert float(bob.locator(".auction .clock").get_attribute("data-ends-in")) <= drawn - 1


def test_a_bid_refused_after_another_phones_bid_redrew_the_panel_is_still_told(server, phone):
    """Bob's tap left before Ann's bid reached his phone; its refusal came back after the push had
    redrawn the auction, the button gone: htmx found no toast from it, and Bob heard nothing."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    bob = phone()
    take_seat(bob, server, game["players"][1]["token"])
    api(
        server,
        f"/api/games/{game['id']}/commands",
        {"type": "decline", "player": 1, "deed": 39},
        game["banker_token"],
    )
    held = []
    bob.route("**/do", lambda route: held.append(route))  # Bob's bid, held on its way
    bob.locator(".auction .btn.bid").first.click()
    while not held:
        bob.wait_for_timeout(20)
    api(
        server,
        f"/api/games/{game['id']}/commands",
        {"type": "bid", "player": 1, "amount": 50},
        game["banker_token"],
    )
    expect(high_bid(bob)).to_contain_text("$50", timeout=SETTLE)  # pushed: the panel redrawn
    held[0].continue_()
    expect(bob.locator("#toast")).to_contain_text("Outbid", timeout=SETTLE)
