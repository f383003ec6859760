"""Trades, debts and bankruptcy at a real table, on three phones."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import (
    SETTLE,
    api,
    banker_does,
    cash_of,
    confirm,
    no_sideways_scroll,
    open_tab,
    shoot,
    take_seat,
)

BOARDWALK, PARK_PLACE, READING, ORIENTAL = 39, 37, 5, 6


def table_with_hotels(server):
    """Ann has hotels on the dark blues; Bob has Reading Railroad (mortgaged) and Oriental Avenue."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    banker_does(
        server,
        game,
        {"type": "collect_from_bank", "player": 1, "amount": 1500, "reason": "setup"},
        {"type": "buy", "player": 1, "deed": PARK_PLACE},
        {"type": "buy", "player": 1, "deed": BOARDWALK},
        *({"type": "build", "deed": d} for _ in range(5) for d in (PARK_PLACE, BOARDWALK)),
        {"type": "buy", "player": 2, "deed": READING},
        {"type": "mortgage", "deed": READING},
        {"type": "buy", "player": 2, "deed": ORIENTAL},
        {"type": "collect_from_bank", "player": 2, "amount": 500, "reason": "setup"},
    )
    return game


def seated(phone, server, game, player_id):
    page = phone()
    take_seat(page, server, game["players"][player_id - 1]["token"])
    expect(page.get_by_label("Your cash")).to_be_visible()
    return page


def tap(page, space_name):
    page.locator(f'.space[aria-label^="{space_name}"]').click()
    expect(page.locator("#sheet .sheet-card h2")).to_have_text(space_name)


def test_a_trade_a_debt_raised_and_paid_and_a_bankruptcy(server, phone, shots):
    game = table_with_hotels(server)
    ann, bob, cy = (seated(phone, server, game, i) for i in (1, 2, 3))
    expect(bob.get_by_label("Your cash")).to_have_text("$1,800")

    # Bob offers Cy the mortgaged Reading Railroad for $150
    open_tab(bob, "Trade")
    bob.locator(".trade").get_by_role("button", name="With Cy").click()
    form = bob.locator("#trade-form")
    form.get_by_label("Reading Railroad").check()
    form.locator('input[name="get_cash"]').fill("150")
    form.get_by_role("button", name="Send offer to Cy").click()
    offer = cy.locator(".trade-offer")
    expect(offer).to_contain_text("Bob offers you a trade", timeout=SETTLE)
    expect(offer).to_contain_text("You give $150; you get Reading Railroad")
    expect(offer).to_contain_text("Keep it mortgaged · 10% fee $10")
    expect(offer).to_contain_text("Lift it now · $110")
    expect(bob.locator(".trade-offer")).to_contain_text("Waiting for Cy to answer")
    shoot(offer, path=shots / "trade_offer.png")
    assert no_sideways_scroll(cy)
    offer.get_by_role("button", name="Accept").click()
    expect(cy.get_by_label("Your cash")).to_have_text("$1,340", timeout=SETTLE)  # $150 and the $10 fee
    expect(bob.get_by_label("Your cash")).to_have_text("$1,950", timeout=SETTLE)
    open_tab(ann, "My deeds")  # everyone else's cash, under her deeds
    expect(cash_of(ann, 3)).to_have_text("$1,340", timeout=SETTLE)

    open_tab(bob, "Board")
    # Bob pays the Luxury Tax, then lands on Boardwalk with a hotel: $2,000 rent with $1,850
    tap(bob, "Luxury Tax")
    bob.locator("#sheet").get_by_role("button", name="Pay Luxury Tax · −$100").click()
    expect(bob.get_by_label("Your cash")).to_have_text("$1,850")
    tap(bob, "Boardwalk")
    bob.locator("#sheet").get_by_role("button", name="Pay Ann rent · −$2,000, owed").click()
    debt = bob.locator(".debt")
    expect(debt).to_contain_text("You owe $2,000", timeout=SETTLE)
    expect(debt).to_contain_text("raise $150 more")
    expect(ann.locator(".owed-to-me")).to_have_text("Bob owes you $2,000", timeout=SETTLE)
    shoot(bob, path=shots / "debt.png")
    debt.get_by_role("button", name="Mortgage Oriental Avenue · +$50").click()
    expect(debt).to_contain_text("raise $100 more", timeout=SETTLE)
    expect(debt.get_by_role("button", name="Declare bankruptcy")).to_be_visible()  # nothing left to raise
    bob.get_by_role("button", name="Passed GO").click()
    expect(debt).to_contain_text("The cash covers it now.", timeout=SETTLE)
    debt.get_by_role("button", name="Pay $2,000").click()
    expect(bob.locator(".debt")).to_have_count(0, timeout=SETTLE)
    expect(bob.get_by_label("Your cash")).to_have_text("$100")
    expect(ann.get_by_label("Your cash")).to_have_text("$2,250", timeout=SETTLE)

    # Cy lands on Park Place with a hotel: $1,500 with $1,340 and only a mortgaged railroad
    tap(cy, "Park Place")
    cy.locator("#sheet").get_by_role("button", name="Pay Ann rent · −$1,500, owed").click()
    cy.locator(".debt").get_by_role("button", name="Declare bankruptcy").click()
    confirm(cy, "Declare bankruptcy to Ann")  # the app's own sheet asks first, in Cy's own words
    expect(cy.locator(".out")).to_contain_text("You finished 3 of 3.", timeout=SETTLE)
    expect(ann.get_by_label("Your cash")).to_have_text("$3,590", timeout=SETTLE)
    choice = ann.locator(".choice")
    expect(choice).to_contain_text("Reading Railroad", timeout=SETTLE)
    choice.get_by_role("button", name="Keep it mortgaged · −$10").click()
    expect(ann.get_by_label("Your cash")).to_have_text("$3,580", timeout=SETTLE)
    expect(ann.locator("#history")).to_contain_text("Cy is bankrupt to Ann and out of the game")
    shoot(cy, path=shots / "bankrupt.png")
