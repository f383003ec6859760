"""The moments that matter, on a phone at 390x844 and 360x740: money others moved for you is a
full-width amount in its way's colour that leaves a receipt line under the balance (an undo and a
large amount stay until dismissed); the app's own confirm sheet names what happens; the Pay form
goes amount, person, "Pay Bob $50"; a tap whose answer was lost but which the stream shows stored
is not "Not sent"; the first-time hint covers no button. And the table display speaks, when its
switch is on, in the game's language (1920x1080, the speech stubbed to record what it says)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, banker_does, open_tab, shoot, take_seat

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
GAIN, SPEND = "rgb(15, 107, 58)", "rgb(163, 71, 0)"
BRAND = "rgb(15, 107, 58)"
BIRTHDAY = {"type": "card", "player": 1, "deck": "community_chest", "card": "CC09", "from_space": 2}
# whether anything a finger could tap lies under the first-time hint (its own ✕ aside)
UNDER_THE_HINT = """() => {
  const hint = document.querySelector('.tab-hint:not([hidden])');
  if (!hint) return null;
  const box = hint.getBoundingClientRect();
  return [...document.querySelectorAll('button, a, input, label')].filter((el) => {
    if (hint.contains(el) || !el.checkVisibility()) return false;
    const r = el.getBoundingClientRect();
    return r.width && r.bottom > box.top && r.top < box.bottom && r.right > box.left && r.left < box.right
      && document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) !== el
      && hint.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  }).map((el) => el.textContent.trim());
}"""


def seat(browser, server, token, size, locale="en-US"):
    context = browser.new_context(
        viewport=size, device_scale_factor=1, is_mobile=True, has_touch=True, locale=locale
    )
    page = context.new_page()
    page.on("dialog", lambda dialog: pytest.fail(f"the browser's own dialog: {dialog.message}"))
    take_seat(page, server, token)
    expect(page.locator(".wallet .balance")).to_be_visible()
    return page


def background(locator) -> str:
    return locator.evaluate("(el) => getComputedStyle(el).backgroundColor")


def colour(locator) -> str:
    return locator.evaluate("(el) => getComputedStyle(el).color")


# the receipt line's words all shown: none cut off at its end
READS_WHOLE = "(el) => el.scrollWidth <= el.clientWidth"


def board_top(page) -> float:
    return page.locator(".board").bounding_box()["y"]


def test_the_receipt_line_reads_whole_on_a_small_phone_and_its_first_money_moves_no_board(server, browser):
    # "−$380 to the bank · dee…": beside GO the line had 150 px on a 360 px phone and lost its why
    short = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"], "preset": "short"})
    ann = seat(browser, server, short["players"][0]["token"], SIZES[1])
    receipt = ann.locator("#receipt")
    expect(receipt).to_have_text(re.compile(r"^−\$\d+ to the bank · deeds dealt · just now$"))
    assert receipt.evaluate(READS_WHOLE)

    # a classic game's first money: the line was kept for it, so the board stays where it was
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    bob = seat(browser, server, game["players"][1]["token"], SIZES[1])
    expect(bob.locator("#receipt")).to_have_text("")
    before = board_top(bob)
    banker_does(server, game, {"type": "buy", "player": 1, "deed": 39})
    banker_does(server, game, {"type": "pay_rent", "player": 2, "deed": 39})
    expect(bob.locator("#receipt")).to_have_text(
        "−$50 to Ann · rent for Boardwalk · just now", timeout=SETTLE
    )
    assert bob.locator("#receipt").evaluate(READS_WHOLE)
    assert board_top(bob) == before


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_money_others_move_is_a_moment_in_its_way_colour(server, browser, shots, size):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = seat(browser, server, game["players"][0]["token"], size)
    bob = seat(browser, server, game["players"][1]["token"], size)
    assert ann.evaluate(UNDER_THE_HINT) == []  # the first-time hint sits above the board, over nothing

    banker_does(server, game, {"type": "pay_player", "player": 3, "to": 1, "amount": 90, "reason": "rent"})
    row = ann.locator("#toast .money li")
    expect(row).to_have_text("+$90 from Cy · rent", timeout=SETTLE)
    assert colour(row.locator("b")) == GAIN
    assert row.locator("b").evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)") >= 30
    expect(ann.locator("#receipt")).to_have_text("+$90 from Cy · rent · just now")
    shoot(ann, path=shots / f"moments_money_in_{size['width']}.png")

    # Ann's birthday card takes $10 from Bob: his phone says so, in the other colour
    banker_does(server, game, BIRTHDAY)
    taken = bob.locator("#toast .money li")
    expect(taken).to_have_text("−$10 to Ann · Community Chest card", timeout=SETTLE)
    assert colour(taken.locator("b")) == SPEND
    expect(bob.locator("#receipt")).to_contain_text("−$10 to Ann")

    # the bank undoes Bob's GO: the $200 going back is told, and stays until he closes it
    banker_does(server, game, {"type": "pass_go", "player": 2})
    expect(bob.get_by_label("Your cash")).to_have_text("$1,690", timeout=SETTLE)
    banker_does(server, game, {"type": "undo"})
    undone = bob.locator("#toast .money")
    expect(undone.locator("li.undone")).to_contain_text("−$200 Undone: Bob collected $200", timeout=SETTLE)
    expect(undone).to_have_attribute("role", "alert")
    bob.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
    expect(undone).to_have_css("opacity", "1")
    shoot(bob, path=shots / f"moments_bank_undo_{size['width']}.png")
    undone.get_by_role("button", name="Close").click()
    expect(undone).to_have_count(0)

    # a large amount typed in by hand says so, in one toast (no second one over the screen)
    banker_does(server, game, {"type": "pay_player", "player": 3, "to": 1, "amount": 900, "reason": "loan"})
    expect(ann.locator("#toast .money li.big")).to_have_text(
        "Large amount +$900 from Cy · loan", timeout=SETTLE
    )
    expect(ann.locator("#toast .toast")).to_have_count(1)

    # in jail, the fine (money out) and GO (money in) are told apart by colour
    banker_does(server, game, {"type": "go_to_jail", "player": 1})
    fine = ann.locator(".in-jail").get_by_role("button", name="Pay the fine")  # docked under the board
    expect(fine).to_be_visible(timeout=SETTLE)
    go = ann.locator(".wallet").get_by_role("button", name="Passed GO")
    assert (background(fine), background(go)) == (SPEND, GAIN)
    shoot(ann, path=shots / f"moments_jail_{size['width']}.png")


def test_money_in_buzzes_a_phone_only_once_it_was_tapped(server, browser):
    """The browser refuses to vibrate a page nobody has tapped yet, and says so on its console as
    an error at every payment: a phone opened from its QR code and left on the table."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    context = browser.new_context(viewport=SIZES[1], is_mobile=True, has_touch=True)
    # the buzz, recorded (a headless phone has no motor), set before the page's own scripts: a
    # script the test runs in the page counts as a tap
    context.add_init_script(
        "window.buzzed = []; navigator.vibrate = (pattern) => window.buzzed.push(pattern);"
    )
    ann = context.new_page()
    errors = []
    ann.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    take_seat(ann, server, game["players"][0]["token"])
    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 1, "amount": 90, "reason": "rent"})
    expect(ann.locator("#receipt")).to_have_text("+$90 from Bob · rent · just now", timeout=SETTLE)
    assert ann.evaluate("window.buzzed") == [] and errors == []
    ann.locator(".wallet .balance").tap()  # any tap on the page
    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 1, "amount": 60, "reason": "rent"})
    expect(ann.locator("#receipt")).to_have_text("+$60 from Bob · rent · just now", timeout=SETTLE)
    assert ann.evaluate("window.buzzed") == [[60, 40, 60]] and errors == []


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_the_apps_own_confirm_and_the_pay_flow(server, browser, shots, size):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = seat(browser, server, game["players"][0]["token"], size)

    open_tab(ann, "Pay")
    form = ann.locator("form", has=ann.locator('input[value="pay_player"]'))
    form.get_by_label("Amount").fill("50")
    bob = form.locator("label.chip", has_text="Bob")
    bob.click()
    assert background(bob.locator("span")) == BRAND  # the chosen one looks chosen
    assert background(form.locator("label.chip", has_text="Cy").locator("span")) != BRAND
    pay = form.get_by_role("button", name="Pay Bob $50")
    expect(pay).to_be_visible()
    shoot(ann, path=shots / f"moments_pay_{size['width']}.png")
    pay.click()
    expect(ann.locator("#toast .toast.ok")).to_contain_text("−$50 You paid Bob $50")
    expect(ann.locator("#receipt")).to_have_text("−$50 to Bob · just now")
    # typed as money is written, it is read so; what is no amount is told by the bank's words,
    # not the browser's "Please match the requested format."
    form.get_by_label("Amount").fill("1,000")
    form.locator("label.chip", has_text="Bob").click()
    form.get_by_role("button", name="Pay Bob $1,000").click()
    expect(ann.locator("#toast .toast.ok")).to_contain_text("−$1,000 You paid Bob $1,000")
    form.get_by_label("Amount").fill("ten")
    form.locator("label.chip", has_text="Bob").click()
    form.get_by_role("button", name="Pay", exact=True).click()
    expect(ann.locator("#toast .toast.bad")).to_have_text("The amount must be a whole number.✕")
    form.get_by_label("Amount").fill("2,5")  # two and a half, as some write it: not 25
    form.locator("label.chip", has_text="Bob").click()
    form.get_by_role("button", name="Pay", exact=True).click()
    expect(ann.locator("#toast .toast.bad")).to_have_text("Amounts are whole numbers: no decimals.✕")
    assert api(server, f"/api/games/{game['id']}", token=game["banker_token"])["players"][0]["cash"] == 450

    # Leave the game: the app's own sheet, whose one big button says what happens
    open_tab(ann, "My deeds")
    ann.get_by_role("button", name="Leave the game").click()
    sheet = ann.locator("#confirm-sheet")
    expect(sheet).to_be_visible()
    expect(sheet).to_contain_text("Your cash, deeds and buildings go back to the bank.")
    shoot(ann, path=shots / f"moments_confirm_{size['width']}.png")
    sheet.get_by_role("button", name="Cancel").click()
    expect(sheet).to_be_hidden()
    assert api(server, f"/api/games/{game['id']}", token=game["banker_token"])["players"][0]["cash"] == 450
    ann.get_by_role("button", name="Leave the game").click()
    sheet.get_by_role("button", name="Leave the game for good").click()
    # what happened to her first; the rest (what she paid the bank) a tap away
    headline = ann.locator("#toast .toast.ok [data-more]")
    expect(headline).to_have_text("You left the game", timeout=SETTLE)
    assert headline.bounding_box()["height"] >= 44  # the toast's whole height is the button
    shoot(
        ann,
        path=shots / f"moments_headline_{size['width']}.png",
        clip={"x": 0, "y": 0, "width": size["width"], "height": 120},
    )
    headline.click()
    expect(ann.locator("#toast .toast.ok .whole")).to_have_text(
        "You paid the bank $450 (leaving the game); You left the game"
    )


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_a_tap_whose_answer_was_lost_but_which_was_stored_is_not_not_sent(server, browser, size):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    ann = seat(browser, server, game["players"][0]["token"], size)

    def answer_lost(route):
        route.fetch()  # the server stores it; the answer never reaches the phone
        route.abort()

    ann.route("**/do", answer_lost)
    ann.get_by_role("button", name="Passed GO").click()
    expect(ann.get_by_label("Your cash")).to_have_text("$1,700", timeout=SETTLE)
    expect(ann.locator("#toast")).to_contain_text("Sent: the bank has it", timeout=SETTLE)
    expect(ann.locator("#toast .not-sent")).to_have_count(0)
    ann.unroute("**/do")
    assert api(server, f"/api/games/{game['id']}", token=game["banker_token"])["players"][0]["cash"] == 1700


# whether the toasts cover any of an element (its box against each toast's)
COVERED = """(el) => { const r = el.getBoundingClientRect();
  return [...document.querySelectorAll('#toast .toast')].some((t) => { const b = t.getBoundingClientRect();
    return b.bottom > r.top && b.top < r.bottom && b.right > r.left && b.left < r.right; }); }"""


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_after_a_bankruptcy_the_creditors_toasts_leave_the_mortgage_choice_in_sight(
    server, browser, shots, size
):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = seat(browser, server, game["players"][0]["token"], size)
    banker_does(
        server,
        game,
        {"type": "buy", "player": 1, "deed": 37},
        {"type": "buy", "player": 2, "deed": 39},
        {"type": "mortgage", "deed": 39},
        {"type": "pay_bank", "player": 2, "amount": 1290, "reason": "tax"},
        {"type": "pay_rent", "player": 2, "deed": 37},
        {"type": "declare_bankruptcy", "player": 2},
    )
    heading = ann.locator(".choice h2")
    expect(heading).to_have_text("Boardwalk", timeout=SETTLE)
    expect(ann.locator("#toast")).to_contain_text("+$10", timeout=SETTLE)  # what she got from him
    expect(heading).to_be_in_viewport()
    assert heading.evaluate(COVERED) is False
    for choice in ann.locator(".choice .offers .btn").all():  # keep it mortgaged / lift
        assert choice.evaluate(COVERED) is False
    shoot(ann, path=shots / f"moments_mortgage_choice_{size['width']}.png")


# the browser's speech, stubbed: what it would say, with the language it would say it in
SPEECH = """() => {
  window.said = [];
  window.SpeechSynthesisUtterance = function (text) { this.text = text; this.lang = ""; };
  Object.defineProperty(window, "speechSynthesis", { value: {
    speak: (u) => window.said.push([u.text, u.lang]), cancel: () => {} } });
}"""
SPOKEN = {
    "en": ["Bob paid Ann $50, rent for Boardwalk", "Going once…", "Going twice…", "Sold to Ann for $160"],
    "ko": ["Bob 님이 Ann 님에게 $50 지불, Boardwalk 임대료", "하나…", "둘…", "Ann에게 $160에 낙찰"],
    "ja": [
        "BobがAnnに$50を支払いました、Boardwalkのレンタル料",
        "さあ、いいですか…",
        "もうありませんか…",
        "Annが$160で落札",
    ],
}


def test_the_table_display_speaks_when_switched_on_in_the_games_language(server, browser, phone, shots):
    tables = {}  # a game and its display for each language
    for language in SPOKEN:
        # only the bank closes these auctions; the display's clock is moved by the test (the
        # page's own clock, faked), so a loaded machine cannot let the server's clock run out first
        game = api(
            server, "/api/games", {"players": ["Ann", "Bob", "Cy"], "options": {"auction_seconds": 3600}}
        )
        bank = phone()
        take_seat(bank, server, game["banker_token"])
        bank.goto(bank.url.split("/bank")[0] + "/display-link")
        bank.get_by_role("button", name="Make a display link").click()
        display = browser.new_context(viewport={"width": 1920, "height": 1080}).new_page()
        display.add_init_script(f"({SPEECH})()")
        display.clock.install()
        display.goto(bank.locator(".link").inner_text() + f"?lang={language}")
        tables[language] = game, display

    for language, (game, display) in tables.items():
        switch = display.locator("[data-voice-switch]")
        expect(switch).to_have_attribute("aria-pressed", "false")  # off until switched on
        banker_does(server, game, {"type": "buy", "player": 1, "deed": 39})
        expect(display.locator('#players [data-party="1"] .cash')).to_contain_text("1,100", timeout=SETTLE)
        assert display.evaluate("window.said") == []
        switch.click()
        expect(switch).to_have_attribute("aria-pressed", "true")
        shoot(display, path=shots / f"moments_display_voice_{language}.png")

    for language, (game, display) in tables.items():
        lines = SPOKEN[language]
        banker_does(server, game, {"type": "pay_rent", "player": 2, "deed": 39})
        banker_does(
            server,
            game,
            {"type": "decline", "player": 3, "deed": 37},
            {"type": "bid", "player": 1, "amount": 160},
        )
        expect(display.locator(".takeover .high .amount")).to_have_text("$160", timeout=SETTLE)
        # the display's time stands still from here, however slowly the machine goes, and the
        # clock's next tick shows where it stands
        display.clock.pause_at(display.evaluate("Date.now()") / 1000 + 1)
        display.clock.run_for(250)
        minutes, _, seconds = display.locator(".takeover .secs").inner_text().rpartition(":")
        left = int(minutes or 0) * 60 + int(seconds)
        # "going once" from six seconds left, "going twice" from three
        for line, jump in ((lines[1], left - 5), (lines[2], 3)):
            display.clock.fast_forward(jump * 1000)
            display.wait_for_function("(line) => window.said.some(([text]) => text === line)", arg=line)
        display.clock.resume()
        banker_does(server, game, {"type": "close_auction"})
        display.wait_for_function("(sold) => window.said.some(([text]) => text === sold)", arg=lines[-1])
        said = display.evaluate("window.said")
        assert [text for text, _ in said] == lines
        assert {lang for _, lang in said} == {language}
        display.context.close()


# The headline's lines against the box that clips them: how many show, and whether each shows whole
HEADLINE_ROWS = """(button) => {
  const clip = [button, ...button.querySelectorAll('*')].find((e) => getComputedStyle(e).overflowY === 'hidden');
  const box = clip.getBoundingClientRect(), range = document.createRange();
  range.selectNodeContents(button);
  const rows = [...range.getClientRects()].filter((r) => r.bottom > box.top + 0.5 && r.top < box.bottom - 0.5);
  return [new Set(rows.map((r) => Math.round(r.top))).size, rows.every((r) => r.bottom <= box.bottom + 0.5)];
}"""


@pytest.mark.parametrize("size", SIZES, ids=["390", "360"])
def test_a_long_headline_shows_two_whole_lines_and_none_of_a_third(server, browser, shots, size):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    ann = seat(browser, server, game["players"][0]["token"], size)
    ann.locator('.space[aria-label^="Community Chest"]').first.click()
    ann.locator("#sheet .cards .btn", has_text="birthday").click()
    headline = ann.locator("#toast .toast.ok [data-more]")
    expect(headline).to_contain_text("It is your birthday", timeout=SETTLE)
    assert headline.bounding_box()["height"] >= 44
    # clamped on the 44 px target itself, the top of a third line showed under the second
    assert headline.evaluate(HEADLINE_ROWS) == [2, True]
    shoot(
        ann,
        path=shots / f"moments_long_headline_{size['width']}.png",
        clip={"x": 0, "y": 0, "width": size["width"], "height": 120},
    )
