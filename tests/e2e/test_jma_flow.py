"""The JMA rules, tapped: a player cannot hand out money no rule fixes; the banker signals the
end, every phone shows the final turn, building is closed in words while rent is still charged,
and End game brings the tally."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, confirm, jma_game, open_tab, shoot, take_seat


def test_the_banker_signals_the_end_and_the_final_turn_plays_out_to_the_tally(server, phone, shots):
    game = jma_game(server, ["Ann", "Bob", "Cy"])
    bank = phone()
    take_seat(bank, server, game["banker_token"])
    bank.goto(f"{server.url}/g/{game['id']}/bank")
    ann, bob = phone(), phone()
    for page, seat in ((ann, 0), (bob, 1)):
        take_seat(page, server, game["players"][seat]["token"])
        expect(page.get_by_label("Your cash")).to_be_visible()
    expect(ann.locator("#standing")).not_to_contain_text("Final turn")

    # no loans or gifts: a player's Pay tab has no free-form payment to a player; the bank's has
    open_tab(bob, "Pay")
    expect(bob.locator(".actions")).to_contain_text("No loans or gifts")
    expect(bob.get_by_role("heading", name="Pay a player")).to_have_count(0)
    open_tab(bank, "Pay")
    expect(bank.get_by_role("heading", name="Pay a player")).to_be_visible()
    open_tab(bob, "Board")

    open_tab(bank, "More")
    bank.get_by_role("button", name="Signal the end").click()
    confirm(bank, "Signal the end")  # the app's own sheet asks first
    expect(bank.get_by_role("button", name="Signal the end")).to_have_count(0, timeout=SETTLE)
    for page in (ann, bob):
        expect(page.locator("#standing")).to_contain_text("Final turn", timeout=SETTLE)
    shoot(bob, path=shots / "final_turn.png")

    # building is closed: Ann's group sheet says so, with no building round to step through
    ann.locator('.space[aria-label^="Boardwalk"]').click()
    sheet = ann.locator("#sheet")
    expect(sheet).to_contain_text("The end of the game is signalled: no more building.")
    expect(sheet.locator(".plan")).to_have_count(0)
    expect(sheet.locator("button", has_text="Build")).to_have_count(0)
    expect(sheet.get_by_role("button", name="Mortgage · +$200")).to_be_visible()
    shoot(ann, path=shots / "final_turn_no_building.png")
    ann.locator("#sheet").get_by_role("button", name="Close").click()

    # rent is still charged in the final turn: Bob pays double rent on Ann's whole group
    bob.locator('.space[aria-label^="Boardwalk"]').click()
    bob.locator("#sheet").get_by_role("button", name="Pay Ann rent · −$100").click()
    expect(bob.get_by_label("Your cash")).to_have_text("$1,400")
    expect(ann.get_by_label("Your cash")).to_have_text("$850", timeout=SETTLE)

    bank.get_by_role("button", name="End game").click()
    confirm(bank, "End the game now")
    for page in (ann, bob):
        finale = page.locator(".finale")
        expect(finale).to_contain_text("Game over", timeout=SETTLE)
        expect(finale.locator(".tally tbody tr")).to_have_count(3)
    expect(ann.locator(".finale h2")).to_have_text("Ann wins!")
    open_tab(ann, "History")
    expect(ann.locator(".history")).to_contain_text("The end of the game is signalled")
