"""A JMA table's temporary bankruptcy on real phones (seed 002, 仮破産): the debtor negotiates with
two players at once; a trade that only helps is agreed and waits, and the second one puts both
through together; the debtor's own phone offers no bankruptcy to choose."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.table import SETTLE, api, banker_does, take_seat

BALTIC, READING, PARK_PLACE, BOARDWALK = 3, 5, 37, 39


def test_two_agreed_trades_go_through_together_and_clear_the_debt(server, phone, shots):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy", "Dan"], "preset": "jma"})
    banker_does(
        server,
        game,
        {"type": "buy", "player": 1, "deed": PARK_PLACE},
        {"type": "buy", "player": 1, "deed": BOARDWALK},
        {"type": "buy", "player": 2, "deed": BALTIC},
        {"type": "buy", "player": 2, "deed": READING},
        {"type": "pay_bank", "player": 2, "amount": 1220, "reason": "earlier losses"},  # $20 left
    )
    bob, cy = phone(), phone(locale="ko-KR")
    take_seat(bob, server, game["players"][1]["token"])
    take_seat(cy, server, game["players"][2]["token"])

    bob.locator('.space[aria-label^="Boardwalk"]').click()
    bob.locator("#sheet").get_by_role("button", name="Pay Ann rent · −$100, owed").click()
    debt = bob.locator(".debt")
    expect(debt).to_contain_text("You owe $100", timeout=SETTLE)
    expect(debt).to_contain_text("with one player or several at once")
    expect(debt.get_by_role("button", name="Declare bankruptcy")).to_have_count(0)

    cy_token, dan_token = game["players"][2]["token"], game["players"][3]["token"]
    offer = {"type": "propose_trade", "to": 2, "give": {"cash": 40}, "get": {"deeds": [BALTIC]}}
    api(server, f"/api/games/{game['id']}/commands", {**offer, "player": 3}, cy_token)
    offered = bob.locator(".trade-offer", has_text="Cy offers you a trade")
    offered.get_by_role("button", name="Accept").click()  # $20 + $40: short of $100, so it waits
    expect(bob.locator("#toast")).to_contain_text(
        "You agreed to Cy's offer: it goes through once your agreed"
    )
    agreed = bob.locator(".trade-offer", has_text="Agreed: Cy and Bob")
    expect(agreed).to_contain_text("It goes through once Bob's agreed trades clear the debt.")
    expect(debt.locator(".raise")).not_to_contain_text("Baltic Avenue")  # promised to Cy: not to mortgage
    waiting = agreed.locator(".offer.refused", has_text="Put the agreed trade through")
    expect(waiting).to_contain_text("Together the agreed trades would leave Bob $60 for the $100 owed")
    expect(cy.locator(".trade-offer")).to_contain_text("합의됨", timeout=SETTLE)
    bob.screenshot(path=shots / "jma_agreed_trade.png", full_page=True)

    offer = {"type": "propose_trade", "to": 2, "give": {"cash": 110}, "get": {"deeds": [READING]}}
    api(server, f"/api/games/{game['id']}/commands", {**offer, "player": 4}, dan_token)
    bob.locator(".trade-offer", has_text="Dan offers you a trade").get_by_role(
        "button", name="Accept"
    ).click()
    expect(bob.locator("#toast")).to_contain_text("Cy gets Baltic Avenue")
    expect(bob.locator("#toast")).to_contain_text("Dan gets Reading Railroad")
    expect(bob.locator(".trade-offer")).to_have_count(0)
    debt.get_by_role("button", name="Pay $100").click()  # $20 + $40 + $110
    expect(bob.get_by_label("Your cash")).to_have_text("$70", timeout=SETTLE)
    expect(bob.locator(".debt")).to_have_count(0)
    expect(cy.locator(".trade-offer")).to_have_count(0, timeout=SETTLE)
    bob.screenshot(path=shots / "jma_agreed_trades_done.png", full_page=True)
