"""Paying a debt with property (Monopoly 2.0's rule) from the debt panel, on a phone: the
running total as deeds are ticked, the refusal while the cash part is more than the cash, the
axe-core check of the open screen, and the payment."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, banker_does, no_sideways_scroll, shoot, take_seat, violations

MEDITERRANEAN, BALTIC, ORIENTAL, PARK_PLACE, BOARDWALK = 1, 3, 6, 37, 39
OPTIONS = {"pay_with_property": True, "build_whole_group": True, "sell_back": False, "mortgages": False}


def test_a_debt_paid_with_deeds_ticked_on_the_debt_panel(server, phone, shots):
    """Ann ($300, the browns with a house each, Oriental Avenue) owes Bob $600 for Boardwalk with
    2 houses: she ticks deeds until the cash part fits her cash, and pays."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob"], "options": OPTIONS})
    banker_does(
        server,
        game,
        *({"type": "buy", "player": 1, "deed": d} for d in (MEDITERRANEAN, BALTIC, ORIENTAL)),
        {"type": "build", "deed": BALTIC},
        {"type": "pay_bank", "player": 1, "amount": 880, "reason": "setup"},
        {"type": "collect_from_bank", "player": 2, "amount": 1000, "reason": "setup"},
        {"type": "buy", "player": 2, "deed": PARK_PLACE},
        {"type": "buy", "player": 2, "deed": BOARDWALK},
        {"type": "build", "deed": BOARDWALK},
        {"type": "build", "deed": BOARDWALK},
        {"type": "pay_rent", "player": 1, "deed": BOARDWALK},
    )
    ann, bob = phone(), phone()
    take_seat(ann, server, game["players"][0]["token"])
    take_seat(bob, server, game["players"][1]["token"])
    debt = ann.locator(".debt")
    expect(debt).to_contain_text("You owe $600")
    expect(debt).to_contain_text("raise $300 more")
    expect(debt).not_to_contain_text("a trade may still help")  # there is no trading here

    debt.get_by_role("button", name="Pay with property").click()
    screen = ann.locator("#property-1")
    expect(screen.get_by_role("heading", name="Pay with property")).to_be_visible()
    expect(screen).to_contain_text("Deeds and buildings: $0 of the $600 owed. The other $600 in cash.")
    expect(screen).to_contain_text("Tick the deeds to hand over.")

    screen.get_by_label("Baltic Avenue").check()
    expect(screen).to_contain_text("Deeds and buildings: $160 of the $600 owed. The other $440 in cash.")
    expect(screen).to_contain_text("the other $440 is more than your $300 in cash. Choose more deeds.")
    shoot(ann, path=shots / "property_payment_short.png", full_page=True)
    screen.get_by_label("Oriental Avenue").check()
    expect(screen).to_contain_text("Deeds and buildings: $260 of the $600 owed. The other $340 in cash.")
    screen.get_by_label("Mediterranean Avenue").check()  # the browns' houses count once
    expect(screen).to_contain_text("Deeds and buildings: $320 of the $600 owed. The other $280 in cash.")
    expect(screen.get_by_label("Baltic Avenue")).to_be_checked()
    assert no_sideways_scroll(ann)
    assert violations(ann) == []
    shoot(ann, path=shots / "property_payment.png", full_page=True)

    screen.get_by_role("button", name="Pay with these deeds · −$280").click()
    expect(ann.get_by_label("Your cash")).to_have_text("$20", timeout=SETTLE)
    expect(ann.locator(".debt")).to_have_count(0)
    # Bob: $950, the houses' $100 from the bank and $280 in cash
    expect(bob.get_by_label("Your cash")).to_have_text("$1,330", timeout=SETTLE)
    state = api(server, f"/api/games/{game['id']}", token=game["banker_token"])
    owners = {d["position"]: d["owner"] for d in state["deeds"] if d.get("owner")}
    assert [owners.get(p) for p in (MEDITERRANEAN, BALTIC, ORIENTAL)] == [2, 2, 2]
    # only the dark blues' 2 stand, one for both lots in the middle of the group (004)
    assert state["bank"]["houses"] == 30
