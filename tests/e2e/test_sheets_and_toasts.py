"""The sheet a board tap opens and the toasts that answer a tap, as a phone works them."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import api, banker_does, open_tab, take_seat


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


def test_the_phones_back_closes_a_sheet_and_leaves_no_step_behind_it(server, phone):
    """Back (a phone's back gesture) with a sheet open closes the sheet, as in any app, rather than
    leave the game; a sheet closed by its ✕ or an action leaves Back as it was."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    ann = phone()
    take_seat(ann, server, game["players"][0]["token"])
    wallet = ann.url
    ann.goto(f"{server.url}/")  # the start page before it, where Back would leave to
    ann.goto(wallet)
    sheet = ann.locator("#sheet .sheet-card")
    ann.locator('.space[aria-label^="Boardwalk"]').click()
    expect(sheet.locator("h2")).to_have_text("Boardwalk")
    ann.go_back()
    expect(sheet).to_have_count(0)
    assert ann.url == wallet
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500")

    ann.locator('.space[aria-label^="Park Place"]').click()
    expect(sheet.locator("h2")).to_have_text("Park Place")
    ann.locator("#sheet .close").click()
    expect(sheet).to_have_count(0)
    ann.locator('.space[aria-label^="Reading Railroad"]').click()
    ann.get_by_role("button", name="Buy for $200").click()  # an action closes it too
    expect(sheet).to_have_count(0)
    expect(ann.get_by_label("Your cash")).to_have_text("$1,300")
    ann.go_back()  # no step was left behind: Back goes where it went before any sheet
    expect(ann).to_have_url(f"{server.url}/")


# Every CSS animation run to its end at once: what a toast looks like once its time is up
ALL_DONE = "() => document.getAnimations().forEach((animation) => animation.finish())"


def test_a_refusal_stays_until_dismissed_and_what_was_done_fades(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    ann = phone()
    take_seat(ann, server, game["players"][0]["token"])
    open_tab(ann, "Pay")
    pay_the_bank = ann.locator(".actions form").filter(has=ann.locator('input[value="pay_bank"]'))
    pay_the_bank.locator('input[name="amount"]').fill("0")
    pay_the_bank.get_by_role("button", name="Pay").click()
    refusal = ann.locator("#toast .toast")
    expect(refusal).to_have_attribute("role", "alert")
    expect(refusal).to_contain_text("The amount must be more than 0.")
    ann.evaluate(ALL_DONE)
    expect(refusal).to_have_css("opacity", "1")  # still there to be read
    refusal.get_by_role("button", name="Close").click()
    expect(refusal).to_have_count(0)

    ann.get_by_role("button", name="Passed GO").click()
    done = ann.locator("#toast .toast")
    expect(done).to_contain_text("You collected $200 from the bank (Passed GO)")
    ann.evaluate(ALL_DONE)
    expect(done).to_have_css("opacity", "1")  # her own action: it stays while it offers Undo

    bank = phone()
    take_seat(bank, server, game["banker_token"])
    open_tab(bank, "Pay")
    bank.get_by_role("button", name="Ann passed GO").click()
    told = bank.locator("#toast .toast")
    expect(told).to_have_text("Ann collected $200 from the bank (Passed GO)")
    bank.evaluate(ALL_DONE)
    expect(told).to_be_hidden()  # nothing to take back: it leaves (slid up, never see-through)


def style_passes(cdp) -> int:
    """How many times the page has worked out its styles: an animation the compositor cannot run
    does it every frame."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(int(m["value"]) for m in metrics if m["name"] == "RecalcStyleCount")


def test_a_toast_waiting_to_leave_costs_the_page_no_frames(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    bank, ann = phone(), phone()
    take_seat(bank, server, game["banker_token"])
    take_seat(ann, server, game["players"][0]["token"])
    open_tab(bank, "Pay")
    bank.get_by_role("button", name="Ann passed GO").click()
    expect(bank.locator("#toast .toast.ok")).to_have_text("Ann collected $200 from the bank (Passed GO)")
    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 1, "amount": 90})
    expect(ann.locator("#toast .toast.money")).to_contain_text("+$90 from Bob")
    expect(ann.locator(".balance[data-counting]")).to_have_count(0)  # the balance has counted up
    for page in (bank, ann):  # the bank's toast leaves after 4 s, Ann's money after 6
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")
        before = style_passes(cdp)
        page.wait_for_timeout(500)  # about 30 frames: the toast sliding up from the start took each
        assert style_passes(cdp) - before <= 3
        page.evaluate(ALL_DONE)
        expect(page.locator("#toast .toast")).to_be_hidden()  # and it still leaves
