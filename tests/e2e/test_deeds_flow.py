"""Deeds at a real table: buy a group, build evenly, collect rent, mortgage and lift it, by tapping the map."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, cash_of, join, no_sideways_scroll, shoot, start_game


def tap(page, space_name):
    page.locator(f'.space[aria-label^="{space_name}"]').click()
    sheet = page.locator("#sheet .sheet-card")
    expect(sheet.get_by_role("heading", name=space_name)).to_be_visible()
    return sheet


def confirm(page, label):
    """The second tap: the sheet's button, whose label carries the amount; the sheet then closes."""
    page.locator("#sheet").get_by_role("button", name=label, exact=True).click()
    expect(page.locator("#sheet .sheet-card")).to_have_count(0)


def test_buy_a_group_build_evenly_collect_rent_and_mortgage(server, phone, shots):
    host = phone()
    link = start_game(host, server, ["Ann", "Bob"])
    ann, bob = phone(), phone()
    join(ann, link, "Ann")
    join(bob, link, "Bob")
    wallet = ann.get_by_label("Your cash")

    for street in ("Oriental Avenue", "Vermont Avenue"):
        tap(ann, street)
        confirm(ann, "Buy for $100")
    expect(wallet).to_have_text("$1,300")
    sheet = tap(ann, "Oriental Avenue")
    expect(sheet.locator(".offer.refused")).to_contain_text(
        "Connecticut Avenue"
    )  # no house without the group
    ann.locator("#sheet").get_by_role("button", name="Close").click()
    tap(ann, "Connecticut Avenue")
    confirm(ann, "Buy for $120")
    expect(wallet).to_have_text("$1,180")
    expect(cash_of(bob, 1)).to_have_text("$1,180", timeout=SETTLE)

    tap(ann, "Oriental Avenue")
    confirm(ann, "Build · −$150")  # the sheet opens with a house on each of the three ready
    expect(wallet).to_have_text("$1,030")
    expect(ann.locator(".supply")).to_contain_text("Houses 29/32")
    expect(bob.locator(".supply")).to_contain_text("Houses 29/32", timeout=SETTLE)

    sheet = tap(bob, "Connecticut Avenue")
    expect(sheet.locator(".rent-now")).to_have_text("Rent now $40 with 1 house")
    shoot(bob, path=shots / "deed_card.png")
    confirm(bob, "Pay Ann rent · −$40")
    expect(bob.get_by_label("Your cash")).to_have_text("$1,460")
    expect(wallet).to_have_text("$1,070", timeout=SETTLE)
    expect(bob.locator("#history")).to_contain_text(
        "Bob paid Ann $40 (rent for Connecticut Avenue with 1 house)"
    )

    sheet = tap(ann, "Oriental Avenue")  # the next round built, and beside it the round sold
    for label in ("Build · −$150", "Sell evenly · +$75"):
        expect(sheet.get_by_role("button", name=label, exact=True)).to_be_in_viewport(ratio=1)
    shoot(ann, path=shots / "building_sheet.png")
    ann.locator("#sheet").get_by_role("button", name="Close").click()

    tap(ann, "Reading Railroad")
    confirm(ann, "Buy for $200")
    tap(ann, "Reading Railroad")
    confirm(ann, "Mortgage · +$100")
    expect(wallet).to_have_text("$970")
    expect(bob.locator('.space[aria-label^="Reading Railroad"]')).to_have_class(
        "space railroad mortgaged", timeout=SETTLE
    )
    sheet = tap(bob, "Reading Railroad")
    expect(sheet).to_contain_text("Ann's deed is mortgaged: no rent.")
    bob.locator("#sheet").get_by_role("button", name="Close").click()
    tap(ann, "Reading Railroad")
    confirm(ann, "Lift the mortgage · −$110")
    expect(wallet).to_have_text("$860")
    expect(cash_of(bob, 1)).to_have_text("$860", timeout=SETTLE)

    shoot(ann.locator(".board"), path=shots / "board_map.png")
    shoot(ann, path=shots / "player_with_deeds.png", full_page=True)
    assert no_sideways_scroll(ann)
