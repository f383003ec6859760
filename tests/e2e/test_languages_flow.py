"""The player's screen on a Korean phone and on a Japanese one: the phone's language is the
screen's, the text renders in CJK type, and nothing is cut off or pushed sideways at 390 px."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    SETTLE,
    a_game_under_way,
    api,
    banker_does,
    no_sideways_scroll,
    shoot,
    take_seat,
)

# What each language's screen must say, in its own words (all from the catalogues).
SCREENS = {
    "ko-KR": ("ko", "내 현금", "내 증서", "어디에 멈췄나요?", "Ann 님이 Bob 님에게 $50 지불"),
    "ja-JP": ("ja", "あなたの現金", "持ち物件", "どこに止まりましたか？", "AnnがBobに$50を支払いました"),
}
# Elements whose right edge passes the screen's: text that does not fit its box
OVERFLOWING = """() => [...document.querySelectorAll('main *')]
  .filter((el) => !el.closest('.sr-only') && el.getBoundingClientRect().right > innerWidth + 1)
  .map((el) => el.tagName + '.' + el.className + ': ' + el.textContent.trim().slice(0, 40))"""


@pytest.mark.parametrize("locale", list(SCREENS))
def test_the_player_screen_in_the_phones_language(server, phone, shots, locale):
    lang, cash, deeds, board, payment = SCREENS[locale]
    game = a_game_under_way(server)
    ann = phone(locale)
    ann.goto(f"{server.url}/join/{game['join_code']}")
    expect(ann.locator("html")).to_have_attribute("lang", lang)
    ann.get_by_role("button", name="Ann").click()
    expect(ann.get_by_label(cash)).to_have_text("$1,290", timeout=SETTLE)
    expect(ann.get_by_role("heading", name=board)).to_be_visible()  # the Board tab, first
    ann.locator("#tab-deeds").click()
    expect(ann.get_by_role("heading", name=deeds)).to_be_visible()
    expect(ann.locator("#history")).to_contain_text(payment)
    assert ann.evaluate(OVERFLOWING) == []
    shoot(ann, path=shots / f"player_{lang}.png", full_page=True)
    assert no_sideways_scroll(ann)

    ann.locator(".my-deeds .deed-row").first.click()  # the deed card, with its owner's choices
    expect(ann.locator("#sheet .deed")).to_be_visible()
    assert ann.evaluate(OVERFLOWING) == []
    shoot(ann.locator("#sheet"), path=shots / f"deed_card_{lang}.png")
    ann.locator("#sheet .close").click()
    expect(ann.locator("#sheet .deed")).to_have_count(0)

    ann.locator("#tab-trade").click()
    ann.locator(".trade .person-btn").first.click()  # the offer builder
    expect(ann.locator("#trade-form")).to_be_visible()
    assert ann.evaluate(OVERFLOWING) == []
    shoot(ann.locator(".trade"), path=shots / f"trade_{lang}.png")

    ann.locator(".languages").get_by_role("button", name="English").click()
    expect(ann.locator("html")).to_have_attribute("lang", "en")
    expect(ann.get_by_label("Your cash")).to_have_text("$1,290")


# Texts of the chart drawn outside its box: cut off by the phone's edge
CHART_OVERFLOW = """() => { const svg = document.querySelector('.chart svg'), box = svg.viewBox.baseVal;
  return [...svg.querySelectorAll('text')].map((t) => [t.textContent, t.getBBox()])
    .filter(([, b]) => b.x < box.x || b.x + b.width > box.x + box.width).map(([text]) => text); }"""


def test_the_tally_in_won_fits_a_korean_phone(server, phone, shots):
    """Seven-figure amounts and a player with a long name: nothing is cut off or pushed sideways."""
    names = ["Ann", "Bob", "Christopher Robinson", "김민준"]
    game = api(server, "/api/games", {"players": names, "options": {"currency": "KRW"}})
    banker_does(
        server,
        game,
        {"type": "buy", "player": 1, "deed": 39},
        {"type": "buy", "player": 2, "deed": 37},
        {"type": "pay_rent", "player": 3, "deed": 37},
        {"type": "pay_player", "player": 4, "to": 3, "amount": 1000},
        {"type": "end_game"},
    )
    ann = phone("ko-KR")
    take_seat(ann, server, game["players"][0]["token"])
    ann.goto(f"{server.url}/g/{game['id']}/tally")
    expect(ann.locator(".tally tbody tr").first).to_contain_text("Christopher Robinson")
    expect(ann.locator(".tally tbody tr").first).to_contain_text(
        "₩2,465,000"
    )  # ₩1,500,000 - ₩35,000 rent + ₩1,000,000
    assert ann.evaluate(OVERFLOWING) == []
    assert ann.evaluate(CHART_OVERFLOW) == []
    expect(ann.locator(".chart text.tick").first).to_contain_text("₩")
    shoot(ann, path=shots / "tally_ko.png", full_page=True)
    assert no_sideways_scroll(ann)


# What of a tally table passes its card's inner edge, and each amount in won that takes more than a line
TALLY_FITS = """() => [...document.querySelectorAll('.tally')].flatMap((table) => {
  const card = table.parentElement, edge = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
  const past = [table, ...table.querySelectorAll('*')].filter((el) => !el.closest('.sr-only') && el.getBoundingClientRect().right > edge + 1)
    .map((el) => 'past the card: ' + el.tagName + ' ' + el.textContent.trim().slice(0, 30));
  const walker = document.createTreeWalker(table.tBodies[0], NodeFilter.SHOW_TEXT), broken = [];
  for (let node; (node = walker.nextNode());) {
    for (const amount of node.data.matchAll(/₩[0-9,]+/g)) {
      const range = document.createRange();
      range.setStart(node, amount.index); range.setEnd(node, amount.index + amount[0].length);
      if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) broken.push('broken: ' + amount[0]);
    }
  }
  return [...past, ...broken]; })"""


@pytest.mark.parametrize("locale", ["en-US", "ko-KR", "ja-JP"])
def test_the_tally_of_a_millionaire_game_in_won_fits_a_360_px_phone(server, phone, shots, locale):
    """A name of 18 Hangul without a space and nine-figure won: the table was wider than its card
    in Korean and Japanese, the winner's cash cut to "₩901…" and the last column off the screen."""
    names = ["김철수김철수김철수김철수김철수김철수", "Christopher Robinson", "Bob"]
    game = api(
        server, "/api/games", {"players": names, "preset": "millionaire", "options": {"currency": "KRW"}}
    )
    banker_does(
        server,
        game,
        {"type": "collect_from_bank", "player": 1, "amount": 529, "reason": "prize"},
        {"type": "buy", "player": 2, "deed": 37},
        {"type": "pay_bank", "player": 3, "amount": 1000, "reason": "fine"},
        {"type": "declare_bankruptcy", "player": 3},
    )
    lang = locale[:2]
    ann = phone(locale)
    ann.set_viewport_size({"width": 360, "height": 740})
    take_seat(ann, server, game["players"][0]["token"])
    expect(ann.locator(".tally tbody tr").first).to_contain_text("₩901,000,000", timeout=SETTLE)
    assert ann.evaluate(TALLY_FITS) == []
    shoot(ann, path=shots / f"tally_millionaire_player_{lang}_360.png", full_page=True)
    ann.goto(f"{server.url}/g/{game['id']}/tally")
    expect(ann.locator(".tally tbody tr").first).to_contain_text("₩901,000,000")
    assert ann.evaluate(TALLY_FITS) == []
    assert ann.evaluate(OVERFLOWING) == []
    shoot(ann, path=shots / f"tally_millionaire_{lang}_360.png", full_page=True)


# The wallet's figure: how many lines it takes, and whether it runs into the GO button beside it
FIGURE = """() => { const balance = document.querySelector('.wallet .balance'), go = document.querySelector('.wallet .go');
  const range = document.createRange(); range.selectNodeContents(balance);
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  return [lines, range.getBoundingClientRect().right <= go.getBoundingClientRect().left, balance.textContent]; }"""


@pytest.mark.parametrize("width", [390, 360])
def test_a_wallet_in_won_keeps_its_figure_on_one_line_beside_go(server, phone, shots, width):
    """Seven and eight figures: "₩1,500," over "000" read as two amounts."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob"], "options": {"currency": "KRW"}})
    ann = phone("ko-KR")
    ann.set_viewport_size({"width": width, "height": 740})
    take_seat(ann, server, game["players"][0]["token"])
    expect(ann.get_by_label("내 현금")).to_have_text("₩1,500,000", timeout=SETTLE)
    assert ann.evaluate(FIGURE) == [1, True, "₩1,500,000"]
    banker_does(server, game, {"type": "collect_from_bank", "player": 1, "amount": 13500, "reason": "prize"})
    expect(ann.get_by_label("내 현금")).to_have_text("₩15,000,000", timeout=SETTLE)
    assert ann.evaluate(FIGURE) == [1, True, "₩15,000,000"]
    # the Millionaire game, counted in thousands, read in won: ten figures
    game = api(
        server,
        "/api/games",
        {"players": ["Ann", "Bob"], "preset": "millionaire", "options": {"currency": "KRW"}},
    )
    take_seat(ann, server, game["players"][0]["token"])
    expect(ann.get_by_label("내 현금")).to_have_text("₩372,000,000", timeout=SETTLE)
    assert ann.evaluate(FIGURE) == [1, True, "₩372,000,000"]
    shoot(ann.locator(".wallet"), path=shots / f"wallet_won_{width}.png")


def test_a_rent_that_makes_a_debt_fits_a_small_japanese_phone(server, phone, shots):
    """The amount "· −₩550,000（借金になる）" was kept on one line and ran off the sheet's right edge."""
    game = api(server, "/api/games", {"players": ["はると", "ゆい"], "options": {"currency": "KRW"}})
    light_blues = {"6": 5, "8": 5, "9": 5}  # hotels
    banker_does(
        server,
        game,
        *({"type": "buy", "player": 2, "deed": int(deed)} for deed in light_blues),
        {"type": "build_group", "player": 2, "deed": 6, "levels": light_blues},
        {"type": "pay_bank", "player": 1, "amount": 1300, "reason": "tax"},
    )
    haruto = phone("ja-JP")
    haruto.set_viewport_size({"width": 360, "height": 740})
    take_seat(haruto, server, game["players"][0]["token"])
    haruto.locator('.space[aria-label^="Oriental"]').first.click()
    expect(haruto.locator("#sheet .offer").first).to_contain_text("借金になる", timeout=SETTLE)
    assert haruto.evaluate(OVERFLOWING) == []
    shoot(haruto.locator("#sheet"), path=shots / "rent_owed_ja_360.png")


def test_the_banks_bids_in_japanese_fit_a_small_phone(server, phone, shots):
    """A bid "はるとが¥10で入札", kept whole as a phrase, pushed the second of its row off the screen."""
    game = api(server, "/api/games", {"players": ["はると", "ゆい"], "options": {"currency": "JPY"}})
    banker_does(server, game, {"type": "decline", "player": 1, "deed": 6})
    bank = phone("ja-JP")
    bank.set_viewport_size({"width": 360, "height": 740})
    take_seat(bank, server, game["banker_token"])
    bank.goto(f"{server.url}/g/{game['id']}/bank")
    expect(bank.locator(".btn.bid").nth(1)).to_contain_text("はるとが¥10で入札", timeout=SETTLE)
    assert bank.evaluate(OVERFLOWING) == []
    shoot(bank.locator(".auction"), path=shots / "bank_bids_ja_360.png")


def test_an_amount_typed_in_thousands_of_won_has_room_for_its_label_and_example(server, phone, shots):
    """At 72 px the label broke inside a word ("(₩1,000単" over "位)") and the example read "例: 20"."""
    game = api(server, "/api/games", {"players": ["はると", "ゆい"], "options": {"currency": "KRW"}})
    haruto = phone("ja-JP")
    haruto.set_viewport_size({"width": 360, "height": 740})
    take_seat(haruto, server, game["players"][0]["token"])
    haruto.locator("#tab-pay").click()
    for kind in ("pay_bank", "collect_from_bank"):
        form = haruto.locator("form", has=haruto.locator(f'input[value="{kind}"]'))
        assert form.locator('input[name="amount"]').bounding_box()["width"] >= 100
    assert haruto.evaluate(OVERFLOWING) == []
    shoot(haruto, path=shots / "pay_tab_won_ja_360.png", full_page=True)
