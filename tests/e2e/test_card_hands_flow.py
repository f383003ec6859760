"""Monopoly 2.0's cards kept in hand, phone-sized: a card drawn goes to the hand, one is played on
another player with a tap, and an advance whose outcome turns on where the piece stands is played
from its small form, its salary and its doubled rent settled with the play."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.table import SETTLE, api, banker_does, open_tab, take_seat

READING = 5


def test_cards_drawn_into_the_hand_and_played_on_another_player(server, phone, shots):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"], "options": {"card_hands": True}})
    ann, bob = phone(), phone(locale="ja-JP")
    take_seat(ann, server, game["players"][0]["token"])
    take_seat(bob, server, game["players"][1]["token"])
    banker_does(server, game, {"type": "buy", "player": 3, "deed": READING})

    for name in ("Nearest Railroad", "Hospital fees"):
        open_tab(ann, "Board")
        ann.locator("#space-7" if name == "Nearest Railroad" else "#space-2").click()
        ann.locator("#sheet .sheet-card").get_by_role("button", name=name).first.click()
        expect(ann.locator("#toast")).to_contain_text("and keep it")
    hand = ann.locator("section.hand")
    expect(hand).to_contain_text("Your cards")
    expect(hand).to_contain_text("Pay hospital fees of $100.")
    ann.screenshot(path=str(shots / "hand-390.png"), full_page=True)

    hand.get_by_role("button", name="Play on Bob").click()
    expect(ann.locator("#toast")).to_contain_text(
        "You played Community Chest on Bob: Pay hospital fees of $100."
    )
    expect(bob.locator(".wallet").get_by_label("あなたの現金")).to_have_text("$1,400", timeout=SETTLE)

    form = hand.locator("form")
    form.get_by_label("Play on").select_option(label="Bob")
    form.get_by_role("button", name="Play the card").click()  # where Bob stands is not said yet
    expect(ann.locator("#toast")).to_contain_text(
        "Say where Bob stands: it decides whether the piece passes GO."
    )
    form.get_by_label("Standing on").select_option(label="36 · Chance")
    ann.screenshot(path=str(shots / "hand-form-390.png"), full_page=True)
    form.get_by_role("button", name="Play the card").click()
    expect(ann.locator("#toast")).to_contain_text(
        "You played Chance on Bob: Advance to the nearest Railroad."
    )
    expect(hand).to_have_count(0)
    # past GO for $200, then twice Reading's $25 to Cy: $1,400 + $200 - $50
    expect(bob.locator(".wallet").get_by_label("あなたの現金")).to_have_text("$1,550", timeout=SETTLE)
    bob.screenshot(path=str(shots / "hand-played-on-bob-ja-390.png"), full_page=True)
