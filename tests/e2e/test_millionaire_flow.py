"""Monopoly Millionaire at the table, phone-sized: its board of 32 spaces, eight to a side, a token
raised at GO, and a Fortune card kept until needed and played."""

from __future__ import annotations

from playwright.sync_api import expect

from banker.rules.editions import custom_edition
from tests.support.browser import SETTLE, api, banker_does, open_tab, shoot, take_seat, violations
from tests.support.small_board import millionaire_board

SMALL = {"width": 360, "height": 740}


def millionaire_game(server):
    return api(
        server,
        "/api/games",
        {"players": ["Ann", "Bob"], "preset": "millionaire", "edition": custom_edition(millionaire_board())},
    )


def test_the_board_tab_draws_a_board_of_32_spaces_four_to_a_row(server, phone, shots):
    game = millionaire_game(server)
    ann = phone()
    take_seat(ann, server, game["players"][0]["token"])
    open_tab(ann, "Board")
    spaces = ann.locator(".board .space")
    expect(spaces).to_have_count(32)
    first_row = ann.evaluate(
        "[...document.querySelectorAll('.board .space')].filter("
        "(s) => s.getBoundingClientRect().top === document.querySelector('#space-0').getBoundingClientRect().top"
        ").length"
    )
    assert first_row == 4
    box = ann.locator("#space-31").bounding_box()
    assert box and box["x"] + box["width"] <= 390
    shoot(ann, path=str(shots / "millionaire-board-390.png"), full_page=True)
    ann.set_viewport_size(SMALL)
    shoot(ann, path=str(shots / "millionaire-board-360.png"), full_page=True)


def test_a_token_raised_at_go_and_a_kept_sly_deal_played_from_the_phone(server, phone, shots):
    game = millionaire_game(server)
    ann, bob = phone(), phone(locale="ko-KR")
    take_seat(ann, server, game["players"][0]["token"])
    take_seat(bob, server, game["players"][1]["token"])
    wallet = ann.locator(".wallet")

    ann.locator(".wallet .go").click()  # Passed GO +150K
    expect(wallet.get_by_label("Your cash")).to_have_text("522K")
    wallet.get_by_role("button", name="Raise my token a level").click()
    expect(wallet).to_contain_text("Token level 2 of 3 · salary 200K")
    expect(wallet.get_by_label("Your cash")).to_have_text("472K")
    shoot(ann, path=str(shots / "millionaire-level-390.png"))

    banker_does(server, game, {"type": "buy", "player": 2, "deed": 6})
    open_tab(ann, "Board")
    ann.locator("#space-4").click()  # an unowned deed: its Fortune card first
    sheet = ann.locator("#sheet .sheet-card")
    expect(sheet).to_contain_text("first tap the Fortune card drawn on it")
    shoot(ann, path=str(shots / "millionaire-fortune-sheet-390.png"))
    sheet.get_by_role("button", name="Sly Deal").click()
    expect(ann.locator("#toast")).to_contain_text("You keep Sly Deal until needed")
    expect(bob.locator(".person-1")).to_contain_text("1", timeout=SETTLE)  # Bob sees Ann keeps a card

    hand = ann.locator(".hand")
    expect(hand).to_contain_text("Your kept cards")
    hand.get_by_label("Take").select_option(label="Lot 6 · Bob")
    shoot(ann, path=str(shots / "millionaire-hand-390.png"), full_page=True)
    hand.get_by_role("button", name="Play Sly Deal").click()
    expect(ann.locator("#toast")).to_contain_text("You took Lot 6 from Bob")
    expect(hand).to_have_count(0)
    expect(bob.locator("#space-6")).to_have_attribute("data-owner", "1", timeout=SETTLE)
    expect(bob.locator("#toast")).to_contain_text(
        "Ann 님이 내 Lot 6 증서를 가져감", timeout=SETTLE
    )  # told to Bob as his
    shoot(bob, path=str(shots / "millionaire-bob-ko-390.png"), full_page=True)
    ann.set_viewport_size(SMALL)
    shoot(ann, path=str(shots / "millionaire-after-360.png"), full_page=True)


def test_kept_cards_on_the_phone_and_the_bank_pass_the_accessibility_check(server, browser):
    game = millionaire_game(server)
    banker_does(
        server,
        game,
        {"type": "card", "player": 1, "deck": "fortune", "card": "F3", "from_space": 4},
        {"type": "buy", "player": 2, "deed": 6},  # Bob's turn: Ann's next landing has its own card
        {"type": "card", "player": 1, "deck": "fortune", "card": "F4", "from_space": 7},
        {"type": "buy", "player": 1, "deed": 9},
    )
    for scheme in ("light", "dark"):
        context = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=scheme)
        phone, bank = context.new_page(), context.new_page()
        take_seat(phone, server, game["players"][0]["token"])
        expect(phone.locator(".hand form")).to_have_count(2)
        take_seat(bank, server, game["banker_token"])
        expect(bank.locator(".hand form")).to_have_count(2)
        assert violations(phone) == [] and violations(bank) == [], scheme
        context.close()
