"""A player's slip taken back from the toast, and a big amount flashed on the other phones."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, open_tab, shoot, take_seat, violations


def seated(phone, server, game, player_id, locale=None):
    page = phone(locale)
    take_seat(page, server, game["players"][player_id - 1]["token"])
    expect(page.locator(".wallet .balance")).to_be_visible()
    return page


def pays_bob_90(ann):
    """Ann pays Bob $90 from her Pay tab: the Undo her toast offers."""
    open_tab(ann, "Pay")
    pay = ann.locator("form", has=ann.locator('input[value="pay_player"]'))
    pay.locator("label.chip", has_text="Bob").click()
    pay.get_by_label("Amount").fill("90")
    pay.get_by_role("button", name="Pay").click()
    undo = ann.locator("#toast .toast").get_by_role("button", name="Undo")
    expect(undo).to_be_visible()
    return undo


def test_a_player_pays_taps_undo_and_the_other_phone_sees_the_money_back(server, phone, shots):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann, bob = seated(phone, server, game, 1), seated(phone, server, game, 2)

    undo = pays_bob_90(ann)
    toast = ann.locator("#toast .toast")
    expect(toast).to_contain_text("You paid Bob $90")
    expect(bob.get_by_label("Your cash")).to_have_text("$1,590", timeout=SETTLE)
    expect(undo).to_be_in_viewport()
    assert violations(ann) == []  # axe-core, and Undo is a thumb-sized target
    shoot(ann, path=shots / "take_back_offered.png")

    undo.click()
    expect(toast).to_have_text("You took back: Ann paid Bob $90")
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500", timeout=SETTLE)
    expect(bob.get_by_label("Your cash")).to_have_text("$1,500", timeout=SETTLE)
    # his money going back is the moment: the amount, and why
    expect(bob.locator("#toast .money li")).to_have_text("−$90 Ann took back: Ann paid Bob $90")
    expect(bob.locator("#toast .toast")).to_have_count(1)
    expect(bob.locator("#history li").first).to_have_text("Ann took back: Ann paid Bob $90")
    expect(bob.locator("#history li.undone")).to_have_text("Ann paid Bob $90")
    shoot(bob, path=shots / "take_back_seen.png")


def test_a_phone_joining_meanwhile_leaves_the_undo_standing(server, phone):
    # Cy's phone taking its seat withdrew Ann's Undo and the server refused it
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = seated(phone, server, game, 1)
    undo = pays_bob_90(ann)
    seq = ann.locator("[data-live]").get_attribute("data-seq")
    cy = phone()
    cy.goto(f"{server.url}/join/{game['join_code']}")
    cy.get_by_role("button", name="Cy").click()
    expect(cy.get_by_label("Your cash")).to_have_text("$1,500")
    expect(ann.locator("[data-live]")).not_to_have_attribute("data-seq", seq, timeout=SETTLE)  # heard
    expect(undo).to_be_visible()
    undo.click()
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500", timeout=SETTLE)


def test_a_phone_joining_leaves_the_undo_standing_on_a_phone_whose_stream_is_down(server, phone):
    # polling in the stream's stead (every 5 s: the page's clock is run here), the poll's answer
    # after Cy's phone took its seat withdrew Ann's Undo
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = phone()
    ann.route("**/stream*", lambda route: route.abort())
    ann.clock.install()
    take_seat(ann, server, game["players"][0]["token"])
    undo = pays_bob_90(ann)
    paid = undo.get_attribute("data-seq")
    live = ann.locator("[data-live]")
    expect(live).to_have_attribute("data-seq", paid, timeout=SETTLE)  # the poll after its own tap
    cy = phone()
    cy.goto(f"{server.url}/join/{game['join_code']}")
    cy.get_by_role("button", name="Cy").click()
    expect(cy.get_by_label("Your cash")).to_have_text("$1,500")
    ann.clock.run_for(5000)
    expect(live).not_to_have_attribute("data-seq", paid, timeout=SETTLE)  # the next poll heard it
    expect(undo).to_be_visible()
    undo.click()
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500", timeout=SETTLE)


def test_a_big_collect_flashes_on_the_other_phones_with_its_reason(server, phone, shots):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann, bob = seated(phone, server, game, 1), seated(phone, server, game, 2)
    cy = seated(phone, server, game, 3, locale="ja-JP")

    open_tab(ann, "Pay")
    collect = ann.locator("form", has=ann.locator('input[value="collect_from_bank"]'))
    collect.get_by_label("Amount").fill("600")
    collect.get_by_role("button", name="Collect").click()
    # no reason: the phone asks for one before anything is sent
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500")
    collect.get_by_label("For").fill("Beauty contest")
    collect.get_by_role("button", name="Collect").click()
    expect(ann.get_by_label("Your cash")).to_have_text("$2,100", timeout=SETTLE)

    flash = bob.locator("#toast .toast")
    expect(flash).to_have_text("Ann collected $600 from the bank (Beauty contest)", timeout=SETTLE)
    expect(flash).to_be_in_viewport()
    expect(cy.locator("#toast .toast")).to_have_text(
        "Annが銀行から$600を受け取りました（Beauty contest）", timeout=SETTLE
    )
    shoot(bob, path=shots / "big_amount_seen.png")
    shoot(cy, path=shots / "big_amount_seen_ja.png")


def test_undo_leaves_the_toast_when_someone_else_acts_or_its_ten_seconds_are_up(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = phone()
    ann.clock.install()  # the page's timers, moved on by hand below
    take_seat(ann, server, game["players"][0]["token"])
    bob = seated(phone, server, game, 2)
    open_tab(ann, "Pay")
    pay_bank = ann.locator("form", has=ann.locator('input[value="pay_bank"]'))
    undo = ann.locator("#toast").get_by_role("button", name="Undo")

    pay_bank.get_by_label("Amount").fill("10")
    pay_bank.get_by_role("button", name="Pay").click()
    expect(undo).to_be_visible()
    bob.get_by_role("button", name="Passed GO").click()
    expect(undo).to_have_count(0, timeout=SETTLE)
    expect(ann.locator("#toast .toast")).to_contain_text("You paid the bank $10")  # the words stay

    pay_bank.get_by_label("Amount").fill("20")
    pay_bank.get_by_role("button", name="Pay").click()
    expect(undo).to_be_visible()
    expect(undo).to_have_attribute("data-started", "1")  # the page counts its seconds from here
    ann.clock.fast_forward(9_000)
    expect(undo).to_be_visible()
    ann.clock.fast_forward(1_500)
    expect(undo).to_have_count(0)
