"""One browser hosting game after game: its seat cookie must never outgrow what a browser keeps."""

from __future__ import annotations

from urllib.parse import urlencode

from playwright.sync_api import expect

from tests.support.browser import SETTLE, cash_of, join

GAMES = 100


def test_the_hundredth_game_on_one_browser_opens_its_bank_and_lobby(server, phone):
    host = phone()
    host.goto(server.url + "/new")
    csrf = host.locator('input[name="csrf_token"]').first.get_attribute("value")
    # the New game form, as the page posts it, sent from this browser with its own cookies
    form = urlencode({"csrf_token": csrf, "name": ["Ann", "Bob"]}, doseq=True)
    for _ in range(GAMES):
        response = host.request.post(
            server.url + "/new",
            data=form,
            headers={"Content-Type": "application/x-www-form-urlencoded"},
            max_redirects=0,
        )
        assert response.status == 303, response.text()
        game_id = response.headers["location"].split("/")[2]

    host.goto(f"{server.url}/g/{game_id}/lobby")
    expect(host.get_by_role("heading", name="Scan to join")).to_be_visible()
    link = host.locator(".lobby .hint a").get_attribute("href")
    join(phone(), link, "Ann")
    expect(host.get_by_role("heading", name="1 of 2 phones joined")).to_be_visible(timeout=SETTLE)
    host.get_by_role("link", name="Open the bank").click()
    expect(host.get_by_role("group", name="Acting for")).to_be_visible()
    expect(cash_of(host, 1)).to_have_text("$1,500")
