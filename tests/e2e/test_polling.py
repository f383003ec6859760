"""Polling is the live stream's stand-in: a phone whose stream is open polls once in 30 s (in
case the stream died unnoticed); a phone whose stream cannot connect polls every 5 s and still
sees every change. The page's timers run on Playwright's fake clock: nobody waits 30 s."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, take_seat


def _player_screen(server, phone, block_stream):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    page = phone()
    polls = []
    page.on("request", lambda r: polls.append(r.url) if "/live?" in r.url else None)
    if block_stream:
        page.route("**/stream*", lambda route: route.abort())
    page.clock.install()
    with page.expect_event("requestfailed" if block_stream else "response", lambda r: "/stream" in r.url):
        take_seat(page, server, game["players"][0]["token"])
    expect(page.get_by_label("Your cash")).to_have_text("$1,500")
    return game, page, polls


def _run_for(page, seconds):
    for _ in range(seconds):
        page.clock.run_for(1000)
        page.wait_for_timeout(20)  # lets a poll that fired go out before the next second


def test_an_open_stream_leaves_one_poll_in_30_seconds(server, phone):
    _, page, polls = _player_screen(server, phone, block_stream=False)
    _run_for(page, 31)
    # at 5 s (the first poll vouches for the stream) and at 35 s: not at 10, 15, 20, 25, 30
    assert len(polls) == 1, polls


def test_a_phone_without_its_stream_polls_every_5_seconds_and_sees_the_change(server, phone):
    game, page, polls = _player_screen(server, phone, block_stream=True)
    api(
        server,
        f"/api/games/{game['id']}/commands",
        {"type": "pay_player", "player": 2, "to": 1, "amount": 50},
        game["banker_token"],
    )
    # every 5 s: three polls within 15 s, or a few seconds more when a busy machine holds an answer
    # (a poll is not sent again while the last one is out)
    for _ in range(25):
        _run_for(page, 1)
        if len(polls) >= 3:
            break
    assert len(polls) >= 3, polls
    expect(page.get_by_label("Your cash")).to_have_text("$1,550", timeout=SETTLE)


def test_a_change_announced_while_the_screen_swaps_in_the_last_one_is_not_lost(server, phone):
    """htmx swaps an answer in at once and lets the new part listen only after a short settle:
    a change announced in between reaches neither the old part (gone) nor the new one. The page's
    timers stand still here, so the gap stays open until the test lets time run."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    page = phone()
    page.clock.install()
    with page.expect_event("response", lambda r: "/stream" in r.url):
        take_seat(page, server, game["players"][0]["token"])
    page.clock.pause_at(page.evaluate("Date.now()") / 1000 + 1)  # seconds, as Python gives them

    def bob_pays_ann(amount):
        command = {"type": "pay_player", "player": 2, "to": 1, "amount": amount}
        api(server, f"/api/games/{game['id']}/commands", command, game["banker_token"])

    bob_pays_ann(5)
    expect(page.get_by_label("Your cash")).to_have_text("$1,505", timeout=SETTLE)  # swapped, not settled
    bob_pays_ann(7)
    page.wait_for_timeout(300)  # announced in the gap
    _run_for(page, 2)  # settles; no poll is due yet
    expect(page.get_by_label("Your cash")).to_have_text("$1,512", timeout=SETTLE)


def test_a_poll_answered_after_the_stream_moved_on_does_not_turn_the_screen_back(server, phone):
    """A poll still out when a change is pushed is answered with the game as it stood: swapped in,
    it would put back the balance from before the payment the phone has just shown (and start a
    running auction's clock again) until the next change."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    page = phone()
    with page.expect_event("response", lambda r: "/stream" in r.url):
        take_seat(page, server, game["players"][0]["token"])
    held = []
    page.route("**/live?*", lambda route: held.append(route))
    page.evaluate("htmx.trigger(document.querySelector('[data-live]'), 'refresh')")
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)  # the poll reaches the route
    (poll,) = held
    as_it_stood = poll.fetch(url=poll.request.url.partition("?")[0] + "?view=player")
    assert "$1,500" in as_it_stood.text()

    command = {"type": "pay_player", "player": 2, "to": 1, "amount": 50}
    paid = api(server, f"/api/games/{game['id']}/commands", command, game["banker_token"])
    expect(page.get_by_label("Your cash")).to_have_text("$1,550", timeout=SETTLE)
    page.evaluate(
        "() => { window.polled = new Promise((done) =>"
        " document.body.addEventListener('htmx:afterRequest', done, {once: true})); }"
    )
    poll.fulfill(response=as_it_stood)
    page.evaluate("window.polled.then(() => new Promise((done) => setTimeout(done, 100)))")
    expect(page.get_by_label("Your cash")).to_have_text("$1,550")
    assert page.locator("[data-live]").get_attribute("data-seq") == str(paid["seq"])
