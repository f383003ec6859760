"""A JMA table's temporary bankruptcy on real phones (seed 002, 仮破産): the debtor negotiates with
two players at once; a trade that only helps is agreed and waits, and the second one puts both
through together; the debtor's own phone offers no bankruptcy to choose."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, jma_game, open_tab, shoot, take_seat

BALTIC, READING, BOARDWALK = 3, 5, 39


def test_two_agreed_trades_go_through_together_and_clear_the_debt(server, phone, shots):
    game = jma_game(
        server,
        ["Ann", "Bob", "Cy", "Dan"],
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
    expect(agreed).to_contain_text("It goes through once your agreed trades clear your debt.")
    expect(debt.locator(".raise")).not_to_contain_text("Baltic Avenue")  # promised to Cy: not to mortgage
    waiting = agreed.locator(".offer.refused", has_text="Put the agreed trade through")
    expect(waiting).to_contain_text("Together the agreed trades would leave you $60 for the $100 owed")
    expect(cy.locator(".trade-offer")).to_contain_text("합의됨", timeout=SETTLE)
    shoot(bob, path=shots / "jma_agreed_trade.png", full_page=True)

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
    shoot(bob, path=shots / "jma_agreed_trades_done.png", full_page=True)


def test_the_creditor_takes_a_deed_for_the_debt_once_another_player_offered_a_rescue(server, phone, shots):
    """002: a claim counts as cash; with Cy's rescue offer on the table, Ann forgives Bob's $100 for
    Baltic Avenue from her trade form."""
    game = jma_game(
        server,
        ["Ann", "Bob", "Cy"],
        {"type": "buy", "player": 2, "deed": BALTIC},
        {"type": "pay_bank", "player": 2, "amount": 1420, "reason": "earlier losses"},  # $20 left
        {"type": "pay_rent", "player": 2, "deed": BOARDWALK},  # $100 owed to Ann
    )
    rescue = {"type": "propose_trade", "player": 3, "to": 2, "give": {"cash": 80}, "get": {"deeds": [BALTIC]}}
    api(server, f"/api/games/{game['id']}/commands", rescue, game["players"][2]["token"])
    ann, bob = phone(), phone(locale="ja-JP")
    take_seat(ann, server, game["players"][0]["token"])
    take_seat(bob, server, game["players"][1]["token"])

    open_tab(ann, "Trade")
    ann.locator(".trade").get_by_role("button", name="With Bob").click()
    form = ann.locator("#trade-form")
    form.get_by_label("The $100 Bob owes").check()
    form.get_by_label("Baltic Avenue").check()
    shoot(ann, path=shots / "jma_claim_form.png", full_page=True)
    form.get_by_role("button", name="Send offer to Bob").click()
    offer = bob.locator(".trade-offer", has_text="Ann")
    expect(offer).to_be_visible(timeout=SETTLE)
    offer.get_by_role("button", name="承諾").click()
    expect(bob.locator(".debt")).to_have_count(0, timeout=SETTLE)
    expect(ann.locator("#history")).to_contain_text(
        "Bob accepted: Ann gets Baltic Avenue; Bob gets the $100 Bob owes", timeout=SETTLE
    )
    shoot(bob, path=shots / "jma_claim_forgiven_ja.png", full_page=True)
