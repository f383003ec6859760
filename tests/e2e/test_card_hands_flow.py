"""Monopoly 2.0's cards kept in hand, phone-sized: a card drawn goes to the hand, one is played on
another player with a tap, and an advance whose outcome turns on where the piece stands is played
from its small form, its salary and its doubled rent settled with the play."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, banker_does, open_tab, shoot, take_seat

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
    hand.click()  # docked under the board, folded to a strip: a tap opens it
    expect(hand).to_contain_text("Pay hospital fees of $100.")
    shoot(ann, path=str(shots / "hand-390.png"), full_page=True)

    hand.get_by_role("button", name="Play on Bob").click()
    expect(ann.locator("#toast")).to_contain_text(
        "You played Community Chest on Bob: Pay hospital fees of $100."
    )
    expect(bob.locator(".wallet").get_by_label("あなたの現金")).to_have_text("$1,400", timeout=SETTLE)

    form = hand.locator("form")
    form.get_by_label("Play on").select_option(label="Bob")
    form.get_by_role("button", name="Play the card").click()  # where Bob stands is not said yet
    expect(ann.locator("#toast")).to_contain_text(
        "Say where Bob stands: it decides which space is nearest and whether the piece passes GO."
    )
    form.get_by_label("Standing on").select_option(label="36 · Chance")
    shoot(ann, path=str(shots / "hand-form-390.png"), full_page=True)
    form.get_by_role("button", name="Play the card").click()
    expect(ann.locator("#toast")).to_contain_text(
        "You played Chance on Bob: Advance to the nearest Railroad."
    )
    expect(hand).to_have_count(0)
    # past GO for $200, then twice Reading's $25 to Cy: $1,400 + $200 - $50
    expect(bob.locator(".wallet").get_by_label("あなたの現金")).to_have_text("$1,550", timeout=SETTLE)
    shoot(bob, path=str(shots / "hand-played-on-bob-ja-390.png"), full_page=True)


def test_in_monopoly_2_a_card_that_says_so_lets_its_player_buy_from_the_bank(server, phone, shots):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"], "preset": "monopoly2"})
    ann = phone()
    take_seat(ann, server, game["players"][0]["token"])
    open_tab(ann, "Board")
    ann.locator("#space-36").click()
    ann.locator("#sheet .sheet-card").get_by_role("button", name="Nearest Railroad").first.click()
    expect(ann.locator("#toast")).to_contain_text("and keep it")

    ann.locator("section.hand").click()  # the hand's strip opens
    form = ann.locator("section.hand form")
    form.get_by_label("Play on").select_option(label="yourself")
    form.get_by_label("Standing on").select_option(label="36 · Chance")
    form.get_by_role("button", name="Play the card").click()
    expect(ann.locator("#toast")).to_contain_text("The card lets you buy Reading Railroad from the bank")
    market = ann.locator("section.market")
    expect(market).to_contain_text(
        "The card lets you buy Reading Railroad from the bank, until this turn is over."
    )
    shoot(ann, path=str(shots / "market-card-buy-390.png"), full_page=True)
    market.locator(".market-deed", has_text="Reading Railroad").get_by_role("button", name="Buy").click()
    expect(ann.locator("#toast")).to_contain_text("You now own Reading Railroad")
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500")  # $200 past GO, $200 for the deed
    expect(market).not_to_contain_text("The card lets you buy")
