"""Three phones and the host at a real table: join by the link, pay, see it live, undo."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, cash_of, join, no_sideways_scroll, open_tab, shoot, start_game


def test_three_phones_see_a_payment_live_and_its_undo(server, phone, shots):
    host = phone()
    link = start_game(host, server, ["Ann", "Bob", "Cy"])
    assert link.startswith(server.url + "/join/")
    ann, bob, cy = phone(), phone(), phone()
    for page, name in ((ann, "Ann"), (bob, "Bob"), (cy, "Cy")):
        join(page, link, name)
    expect(host.get_by_role("heading", name="3 of 3 phones joined")).to_be_visible(timeout=SETTLE)
    shoot(host, path=shots / "lobby.png", full_page=True)
    assert no_sideways_scroll(host)

    open_tab(ann, "Pay")
    ann.locator("label.chip", has_text="Bob").click()
    ann.locator("form", has=ann.locator('input[value="pay_player"]')).get_by_label("Amount").fill("50")
    ann.locator("form", has=ann.locator('input[value="pay_player"]')).get_by_role(
        "button", name="Pay"
    ).click()
    expect(ann.get_by_label("Your cash")).to_have_text("$1,450", timeout=SETTLE)
    expect(bob.get_by_label("Your cash")).to_have_text("$1,550", timeout=SETTLE)
    expect(cash_of(bob, 1)).to_have_text("$1,450", timeout=SETTLE)
    expect(cash_of(cy, 1)).to_have_text("$1,450", timeout=SETTLE)
    expect(cash_of(cy, 2)).to_have_text("$1,550", timeout=SETTLE)
    expect(cy.locator("#history")).to_contain_text("Ann paid Bob $50")
    shoot(ann, path=shots / "player.png", full_page=True)
    assert no_sideways_scroll(ann)

    host.get_by_role("link", name="Open the bank").click()
    open_tab(host, "More")
    host.get_by_role("button", name="Undo last action…").click()
    expect(host.locator("#undo")).to_contain_text("This will reverse: Ann paid Bob $50")
    shoot(host, path=shots / "bank.png", full_page=True)
    assert no_sideways_scroll(host)
    host.get_by_role("button", name="Undo it").click()
    for page in (ann, bob, cy):
        expect(cash_of(page, 1).or_(page.get_by_label("Your cash")).first).to_be_visible()
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500", timeout=SETTLE)
    expect(bob.get_by_label("Your cash")).to_have_text("$1,500", timeout=SETTLE)
    expect(cash_of(cy, 1)).to_have_text("$1,500", timeout=SETTLE)
    expect(cash_of(cy, 2)).to_have_text("$1,500", timeout=SETTLE)
    expect(cash_of(host, 1)).to_have_text("$1,500", timeout=SETTLE)
