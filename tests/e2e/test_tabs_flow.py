"""The screens as tabs at the thumb: each tab's main action on the first screen, taps counted,
the tab kept over live updates, the hints, and the bank naming whom it acts for."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    SETTLE,
    a_game_under_way,
    api,
    banker_does,
    cash_of,
    open_tab,
    shoot,
    take_seat,
)

SMALL = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1280, "height": 800}

# The elements of `selector` that are not wholly on the first screen, above the tab bar, with the
# page not scrolled: each as its text and box
OFF_SCREEN = """(selector) => {
  const bar = document.querySelector('.tabbar');
  const floor = bar && bar.getClientRects().length ? bar.getBoundingClientRect().top : innerHeight;
  const els = [...document.querySelectorAll(selector)];
  if (!els.length) return ['nothing matches ' + selector];
  return els.filter((el) => { const b = el.getBoundingClientRect();
      return !b.height || b.top < 0 || b.left < 0 || b.bottom > floor || b.right > innerWidth || scrollY; })
    .map((el) => el.textContent.trim().slice(0, 20) + ' ' + JSON.stringify(el.getBoundingClientRect()));
}"""

# each player tab and what it is for, on its first screen
PLAYER_TABS = {
    "Board": ".board .space, .wallet .go",  # all 40 spaces, the bank's supply and Passed GO
    "My deeds": "#holdings .deed-row",
    "Pay": "form:has([value=pay_player]) :is(.chip, input[name=amount], .btn)",
    "Trade": ".trade .person-btn",
    "History": "#history li:first-child",
}


def seated(browser, server, token, viewport, locale=None):
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale=locale)
    page = context.new_page()
    take_seat(page, server, token)
    return page


def hint_closed(page):
    """The tab's one-line hint, shown the first time it opens on a phone, tapped away."""
    hint = page.locator(".tab-hint")
    if hint.is_visible():
        hint.get_by_role("button", name="Close").click()


@pytest.mark.parametrize("viewport", [SMALL, PHONE], ids=["360x740", "390x844"])
def test_each_player_tab_has_its_main_action_on_the_first_screen(server, browser, viewport):
    game = a_game_under_way(server)
    ann = seated(browser, server, game["players"][0]["token"], viewport)
    off_screen = {}
    for tab, selector in PLAYER_TABS.items():
        open_tab(ann, tab)
        hint_closed(ann)
        off_screen[tab] = ann.evaluate(OFF_SCREEN, selector)
        if tab == "Board":
            expect(ann.locator(".board .space")).to_have_count(40)
            expect(ann.locator(".supply")).to_contain_text("Houses 31/32")
            off_screen["the supply"] = ann.evaluate(OFF_SCREEN, ".supply")
            sizes = ann.evaluate(
                "[...document.querySelectorAll('.space .name')].map((n) => getComputedStyle(n).fontSize)"
            )
            assert set(sizes) == {"14px"}  # it was 11 px
    assert {tab: off for tab, off in off_screen.items() if off} == {}


def test_switching_tabs_asks_the_server_nothing_and_a_live_update_keeps_the_tab(server, browser):
    game = a_game_under_way(server)
    ann = seated(browser, server, game["players"][0]["token"], PHONE)
    asked = []
    ann.on(
        "request", lambda r: asked.append(r.url) if r.resource_type in ("document", "xhr", "fetch") else None
    )
    for tab in ("My deeds", "Pay", "Trade", "History", "Pay"):
        open_tab(ann, tab)
    assert [url for url in asked if "/live" not in url] == []  # only the screen's own polling
    expect(ann.locator("#panel-pay")).to_be_visible()
    expect(ann.locator("#panel-board")).to_be_hidden()
    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 1, "amount": 25})
    expect(cash_of(ann, 1)).to_have_text("$1,315")  # #live swapped in, with the board inside
    expect(ann.locator("#panel-pay")).to_be_visible()
    expect(ann.locator("#panel-board")).to_be_hidden()
    expect(ann.get_by_role("tab", name="Pay")).to_have_attribute("aria-selected", "true")


@pytest.mark.parametrize("viewport", [SMALL, PHONE], ids=["360x740", "390x844"])
def test_passed_go_is_one_tap_and_paying_a_player_three(server, browser, viewport):
    game = a_game_under_way(server)  # Ann $1,290, Bob $1,440
    ann = seated(browser, server, game["players"][0]["token"], viewport)
    taps = 0

    def tap(locator):
        nonlocal taps
        assert ann.evaluate("scrollY") == 0  # nothing scrolled to reach it
        locator.click()
        taps += 1

    tap(ann.get_by_role("button", name="Passed GO"))
    expect(cash_of(ann, 1)).to_have_text("$1,490")
    assert taps == 1
    open_tab(ann, "Pay")
    hint_closed(ann)
    taps = 0
    pay = ann.locator("form:has([value=pay_player])")
    tap(pay.locator("label.chip", has_text="Bob"))
    pay.get_by_label("Amount").fill("90")
    taps += 1  # typing the amount in its field
    tap(pay.get_by_role("button", name="Pay"))
    expect(cash_of(ann, 1)).to_have_text("$1,400")
    expect(ann.locator("#toast")).to_contain_text("You paid Bob $90")
    assert taps == 3
    bob = api(server, f"/api/games/{game['id']}", token=game["banker_token"])["players"][1]
    assert bob["cash"] == 1530


def test_a_tabs_hint_shows_the_first_time_it_opens_on_this_phone_only(server, browser):
    game = a_game_under_way(server)
    ann = seated(browser, server, game["players"][0]["token"], PHONE)
    hint = ann.locator(".tab-hint span")
    expect(hint).to_have_text("Tap where you landed.")  # the first tab, on the first visit
    open_tab(ann, "Pay")
    expect(hint).to_have_text("Type how much, pick who, tap Pay.")
    ann.locator(".tab-hint").get_by_role("button", name="Close").click()
    expect(hint).to_be_hidden()
    ann.reload()
    open_tab(ann, "Pay")
    expect(hint).to_be_hidden()
    open_tab(ann, "History")
    expect(hint).to_have_text("What happened, newest first.")
    assert ann.locator(".tab-hint").evaluate("(el) => el.offsetHeight") <= 48  # one line


def test_a_toast_covers_no_button(server, browser):
    game = a_game_under_way(server)
    ann = seated(browser, server, game["players"][0]["token"], SMALL)
    ann.get_by_role("button", name="Passed GO").click()
    toast = ann.locator("#toast .toast")
    expect(toast).to_contain_text("You collected $200")
    covered = ann.evaluate(
        """() => { const t = document.querySelector('#toast .toast').getBoundingClientRect();
        return [...document.querySelectorAll('button, input, select, a[href]')]
          .filter((el) => !el.closest('#toast, header.bar') && el.getClientRects().length)
          .filter((el) => { const b = el.getBoundingClientRect();
            return b.left < t.right && t.left < b.right && b.top < t.bottom && t.top < b.bottom; })
          .map((el) => el.textContent.trim().slice(0, 30)); }"""
    )
    assert covered == []  # the Undo toast sat over the board's bottom rows


def test_a_long_toast_reads_from_its_start_and_still_covers_no_button(server, browser):
    game = a_game_under_way(server)
    ann = seated(browser, server, game["players"][0]["token"], SMALL)
    ann.locator('.space[aria-label^="Chance"]').first.click()
    ann.locator("#sheet .cards .btn", has_text="General repairs").click()  # a long wording
    said = ann.locator("#toast .toast .said")
    expect(said).to_contain_text("You drew Chance: Make general repairs")
    box = ann.evaluate(
        """() => { const t = document.querySelector('#toast .toast').getBoundingClientRect();
        const s = document.querySelector('#toast .said').getBoundingClientRect();
        const under = [...document.querySelectorAll('button, input, select, a[href]')]
          .filter((el) => !el.closest('#toast, header.bar') && el.getClientRects().length)
          .filter((el) => { const b = el.getBoundingClientRect();
            return b.left < t.right && t.left < b.right && b.top < t.bottom && t.top < b.bottom; })
          .map((el) => el.textContent.trim().slice(0, 30));
        return {clippedAtTop: s.top < t.top, under}; }"""
    )
    assert box == {"clippedAtTop": False, "under": []}


@pytest.mark.parametrize("viewport", [LAPTOP, PHONE], ids=["1280x800", "390x844"])
def test_the_bank_has_what_every_turn_needs_on_its_first_screen(server, browser, viewport):
    game = a_game_under_way(server)
    bank = seated(browser, server, game["banker_token"], viewport)
    bank.goto(f"{server.url}/g/{game['id']}/bank")
    every_turn = "#acting .chip, .board .space, .actions .go, form:has([value=pay_player]) :is(.chip:not([hidden]), .btn)"
    if viewport == LAPTOP:  # two columns: the board and the players beside the actions
        expect(bank.locator(".tabbar")).to_be_hidden()
        assert bank.evaluate(OFF_SCREEN, every_turn + ", .people .person") == []
        return
    hint_closed(bank)
    assert bank.evaluate(OFF_SCREEN, "#acting .chip, .board .space") == []
    open_tab(bank, "Pay")
    hint_closed(bank)
    assert bank.evaluate(OFF_SCREEN, "#acting .chip, .actions .go, form:has([value=pay_player]) .btn") == []
    open_tab(bank, "Players")
    assert bank.evaluate(OFF_SCREEN, ".people .person") == []


def test_the_bank_paying_for_the_first_player_with_nobody_chosen_is_told_to_choose(server, browser):
    """Acting for Ann, the first player, the bank's Pay form hid her own chip but left its radio
    in the form: the browser's "choose one" went first to that hidden radio ("An invalid form
    control with name='to' is not focusable", on the page's console)."""
    game = a_game_under_way(server)  # Ann has $1,290
    bank = seated(browser, server, game["banker_token"], PHONE)
    said = []
    bank.on("console", lambda message: said.append(message.text) if message.type == "error" else None)
    bank.goto(f"{server.url}/g/{game['id']}/bank")
    open_tab(bank, "Pay")
    form = bank.locator("form:has([value=pay_player])")
    form.locator("[name=amount]").fill("50")
    form.get_by_role("button", name="Ann pays").click()
    focused = "() => [document.activeElement.value, document.activeElement.validationMessage]"
    value, asked = bank.evaluate(focused)
    assert value == "2" and asked  # Bob's chip, the first Ann can pay, asks to be chosen
    bank.locator("#acting label.chip", has_text="Bob").click()  # Ann's chip back, Bob's out
    form.get_by_role("button", name="Bob pays").click()
    assert bank.evaluate(focused)[0] == "1"
    expect(cash_of(bank, 1)).to_have_text("$1,290")
    assert said == []


def test_the_bank_names_whom_it_acts_for_and_keeps_the_choice_over_a_reload(server, browser):
    game = a_game_under_way(server)  # Bob has $1,440
    bank = seated(browser, server, game["banker_token"], PHONE)
    bank.goto(f"{server.url}/g/{game['id']}/bank")
    open_tab(bank, "Pay")
    go = bank.locator(".actions .go")
    expect(go).to_have_text("Ann passed GO +$200")
    bank.locator("#acting label.chip", has_text="Bob").click()
    expect(bank.locator("#acting legend")).to_have_text("Acting for Bob")
    expect(go).to_have_text("Bob passed GO +$200")
    expect(bank.locator("form:has([value=collect_from_bank]) .btn")).to_have_text("Bob collects")
    pay_whom = bank.locator("form:has([value=pay_player]) label.chip")
    expect(pay_whom.filter(has_text="Bob")).to_be_hidden()  # nobody pays themself
    expect(pay_whom.filter(has_text="Ann")).to_be_visible()
    bank.reload()
    expect(bank.locator("#acting input[value='2']")).to_be_checked()
    expect(bank.get_by_role("tab", name="Pay")).to_have_attribute("aria-selected", "true")
    expect(go).to_have_text("Bob passed GO +$200")
    go.click()
    expect(cash_of(bank, 2)).to_have_text("$1,640")
    assert bank.locator("#acting").evaluate("(el) => getComputedStyle(el).position") == "sticky"


def test_the_offer_builder_folds_away_on_close_without_an_error(server, browser):
    """Close inside the builder took the form's "disable its Send button while sending", found no
    such button inside itself, and htmx said so on the console."""
    game = a_game_under_way(server)
    bob = seated(browser, server, game["players"][1]["token"], PHONE)
    errors = []
    bob.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    open_tab(bob, "Trade")
    hint_closed(bob)
    bob.locator("#panel-trade").get_by_role("button", name="Ann").click()
    expect(bob.get_by_role("heading", name="Offer to Ann")).to_be_visible()
    bob.locator("#trade-form").get_by_role("button", name="Close").click()
    expect(bob.get_by_role("heading", name="Offer to Ann")).to_be_hidden()
    assert errors == []


def test_counter_on_an_offer_in_the_dock_opens_the_trade_tab_with_the_form_uncovered(server, browser, shots):
    """Bob, on the Board tab, answers Ann's offer with Counter…: the form was drawn on the hidden
    Trade tab and nothing showed; on the Trade tab the offer's card covered its Send button."""
    game = a_game_under_way(server)
    offer = {"type": "propose_trade", "player": 1, "to": 2, "give": {"cash": 50}, "get": {"deeds": [5]}}
    api(server, f"/api/games/{game['id']}/commands", offer, game["players"][0]["token"])
    bob = seated(browser, server, game["players"][1]["token"], PHONE)
    expect(bob.get_by_role("tab", name="Board", exact=True)).to_have_attribute("aria-selected", "true")
    bob.locator(".trade-offer").get_by_role("button", name="Counter…").click()
    expect(bob.get_by_role("tab", name="Trade", exact=True)).to_have_attribute("aria-selected", "true")
    expect(bob.get_by_role("heading", name="Counter-offer to Ann")).to_be_visible()
    expect(bob.locator(".tab-hint")).to_be_hidden()  # "Pick a player to trade with." is done with
    send = bob.get_by_role("button", name="Send offer to Ann")
    send.scroll_into_view_if_needed()
    on_top = send.evaluate(
        """(button) => { const b = button.getBoundingClientRect();
        const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
        return button.contains(hit); }"""
    )
    assert on_top  # not under the offer's card, folded to its strip in the dock
    shoot(bob, path=shots / "counter_offer.png")
    bob.locator("#trade-form input[name=get_cash]").fill("80")
    send.click()
    expect(bob.locator("#toast")).to_contain_text("Ann")
    trades = api(server, f"/api/games/{game['id']}", token=game["banker_token"])["trades"]
    assert [(t["proposer"], t["partner"], t["get"]["cash"]) for t in trades] == [(2, 1, 80)]


ON_TOP = """(button) => { const b = button.getBoundingClientRect();
  const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return button.contains(hit); }"""


def test_a_debtor_going_to_trade_finds_the_partners_uncovered_and_the_debt_opens_once_covered(
    server, browser
):
    """The debt's card, open in the dock, covered the Trade tab's partners: taps landed on the card.
    Once a trade raised the cash, its folded strip still read only "You owe $200"."""
    game = a_game_under_way(server)
    banker_does(
        server,
        game,
        {"type": "buy", "player": 2, "deed": 39},
        {"type": "pay_bank", "player": 1, "amount": 1250, "reason": "losses"},
        {"type": "pay_rent", "player": 1, "deed": 39},  # $50 rent she cannot pay from $40
    )
    ann = seated(browser, server, game["players"][0]["token"], PHONE)
    debt = ann.locator(".dock .card.debt")
    expect(debt).not_to_have_class("card debt folded")
    open_tab(ann, "Trade")
    expect(debt).to_have_class("card debt folded")
    partner = ann.locator("#panel-trade").get_by_role("button", name="With Bob")
    partner.scroll_into_view_if_needed()
    assert partner.evaluate(ON_TOP)
    banker_does(server, game, {"type": "collect_from_bank", "player": 1, "amount": 500, "reason": "prize"})
    expect(debt).to_contain_text("The cash covers it now.", timeout=SETTLE)
    expect(debt).not_to_have_class("card debt folded")
