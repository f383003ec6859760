"""The sheet a board tap opens and the toasts that answer a tap, as a phone works them."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.e2e.table import api, take_seat


def test_the_bank_closes_a_sheet_and_taps_the_board_again(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    bank = phone()
    take_seat(bank, server, game["banker_token"])
    for name in ("Boardwalk", "Park Place", "Reading Railroad"):
        bank.locator(f'.space[aria-label^="{name}"]').click()
        expect(bank.locator("#sheet .sheet-card h2")).to_have_text(name)
        bank.locator("#sheet .close").click()
        expect(bank.locator("#sheet .sheet-card")).to_have_count(0)
    expect(bank.locator("#toast .toast")).to_have_count(0)  # nothing was refused
