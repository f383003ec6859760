"""A JMA table where the jail fine bankrupts a player: the landlord of the space the piece landed
on pays the fine and takes the deeds, on real phones (seeds 001 and 002)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import (
    SETTLE,
    banker_does,
    jma_game,
    no_sideways_scroll,
    open_tab,
    shoot,
    take_seat,
)

BALTIC, BOARDWALK = 3, 39


def fined_table(server):
    """A JMA game: Ann owns the dark blues, Bob Baltic Avenue and $20, in jail on his third turn."""
    return jma_game(
        server,
        ["Ann", "Bob", "Cy"],
        {"type": "buy", "player": 2, "deed": BALTIC},
        {"type": "pay_bank", "player": 2, "amount": 1420, "reason": "earlier losses"},
        {"type": "go_to_jail", "player": 2},
    )


def seated(phone, server, game, player_id, locale=None):
    page = phone(locale)
    take_seat(page, server, game["players"][player_id - 1]["token"])
    expect(page.locator(".wallet")).to_be_visible()
    return page


def test_the_landlord_pays_the_jail_fine_and_takes_the_deeds(server, phone, shots):
    game = fined_table(server)
    ann, bob = seated(phone, server, game, 1), seated(phone, server, game, 2)

    # Bob cannot pay the $50 fine with $20: it is owed, and he moves on to Boardwalk ($100 rent)
    bob.get_by_role("button", name="Pay the fine").click()
    debt = bob.locator(".debt")
    expect(debt).to_contain_text("You owe $50", timeout=SETTLE)
    expect(debt).to_contain_text("Tournament rules: trade only to clear this debt")
    debt.get_by_role("button", name="Fold").click()  # docked over the board: folded to a strip
    bob.locator('.space[aria-label^="Boardwalk"]').click()
    bob.locator("#sheet").get_by_role("button", name="Pay Ann rent · −$100, owed").click()
    expect(debt).to_contain_text("You owe $150", timeout=SETTLE)
    expect(debt).to_contain_text("Ann may pay your jail fine and take your deeds.")

    # Ann's phone offers her the deeds for the fine
    offer = ann.locator(".debt", has_text="Bob cannot pay the jail fine")
    expect(offer).to_be_visible(timeout=SETTLE)
    expect(offer).to_contain_text("Nothing Bob could raise covers the fine and your rent.")
    assert no_sideways_scroll(ann)
    shoot(ann, path=shots / "jma_fine_offer.png")
    shoot(offer, path=shots / "jma_fine_offer_card.png")
    shoot(bob, path=shots / "jma_fine_debtor.png")
    bank = phone()
    take_seat(bank, server, game["banker_token"])
    bank_debt = bank.locator(".debt", has_text="Bob owes $150")
    expect(
        bank_debt.get_by_role("button", name="Ann pays Bob's $50 jail fine, takes the deeds")
    ).to_be_visible()
    shoot(bank_debt, path=shots / "jma_fine_bank.png")
    offer.get_by_role("button", name="Pay Bob's $50 jail fine, take the deeds").click()

    expect(ann.get_by_label("Your cash")).to_have_text("$700", timeout=SETTLE)
    expect(ann.locator(".debt")).to_have_count(0)
    expect(bank.locator(".debt")).to_have_count(0, timeout=SETTLE)
    expect(bob.locator(".out")).to_be_visible(timeout=SETTLE)
    expect(ann.locator("#history")).to_contain_text("Ann takes over Bob's deeds: Baltic Avenue")
    expect(ann.locator("#history")).to_contain_text("Bob is bankrupt to the bank and out of the game")
    open_tab(ann, "My deeds")
    expect(ann.locator("#my-deeds")).to_contain_text("Baltic Avenue")
    shoot(ann, path=shots / "jma_fine_taken.png")


def test_the_offer_reads_well_in_korean_and_japanese_dark_and_narrow(server, phone, shots):
    game = fined_table(server)
    banker_does(
        server,
        game,
        {"type": "pay_jail_fine", "player": 2},
        {"type": "pay_rent", "player": 2, "deed": BOARDWALK},
    )
    for locale, button in (
        ("ko-KR", "Bob 님의 보석금 $50를 내고 증서 받기"),
        ("ja-JP", "Bobの釈放料$50を払い、権利書を受け取る"),
    ):
        ann = seated(phone, server, game, 1, locale)
        ann.set_viewport_size({"width": 360, "height": 740})
        ann.emulate_media(color_scheme="dark")
        card = ann.locator(".debt", has=ann.get_by_role("button", name=button))
        expect(card).to_be_visible(timeout=SETTLE)
        assert no_sideways_scroll(ann)
        shoot(card, path=shots / f"jma_fine_offer_{locale}.png")
        bob = seated(phone, server, game, 2, locale)
        shoot(bob.locator(".debt"), path=shots / f"jma_fine_debtor_{locale}.png")
