"""How the screens sit on a phone, measured in the browser: what a thumb can mis-tap, what wraps
or is cut, what looks tappable."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import api, banker_does, open_tab, shoot, take_seat

SMALL = {"width": 360, "height": 740}
APART = 12  # px between buttons that move money opposite ways

# The closest two of the boxes of `selector`'s elements come to each other, in px
CLOSEST = """(selector) => {
  const boxes = [...document.querySelectorAll(selector)].map((el) => el.getBoundingClientRect());
  let closest = Infinity;
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    const dx = Math.max(0, b.left - a.right, a.left - b.right);
    const dy = Math.max(0, b.top - a.bottom, a.top - b.bottom);
    closest = Math.min(closest, Math.hypot(dx, dy));
  }));
  return closest;
}"""


def seated(browser, server, token, viewport, locale=None):
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale=locale)
    page = context.new_page()
    take_seat(page, server, token)
    return page


@pytest.mark.parametrize("viewport", [SMALL, {"width": 390, "height": 844}])
def test_in_jail_paying_the_fine_and_passing_go_are_apart(server, browser, viewport):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    banker_does(server, game, {"type": "go_to_jail", "player": 1})
    ann = seated(browser, server, game["players"][0]["token"], viewport)
    live = ann.locator("#live")  # jail's ways out are docked under the board, GO in the wallet
    expect(live.get_by_role("button", name="Pay the fine")).to_be_visible()
    expect(live.get_by_role("button", name="Passed GO")).to_be_visible()
    assert ann.evaluate(CLOSEST, ".wallet .btn, .in-jail .btn") >= APART


def test_accepting_and_declining_a_trade_are_apart(server, browser):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    banker_does(
        server,
        game,
        {"type": "buy", "player": 2, "deed": 39},
        {"type": "propose_trade", "player": 2, "to": 1, "give": {"deeds": [39]}, "get": {"cash": 400}},
    )
    ann = seated(browser, server, game["players"][0]["token"], SMALL)
    offer = ann.locator(".trade-offer")
    expect(offer.get_by_role("button", name="Accept")).to_be_visible()
    assert ann.evaluate(CLOSEST, ".trade-offer .btn") >= APART  # Accept sat 8 px above Decline


# How many lines each of `selector`'s elements' text takes
LINES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
})"""
BOXES = """(selector) => [...document.querySelectorAll(selector)].map((el) => {
  const box = el.getBoundingClientRect();
  return {left: Math.round(box.left), top: Math.round(box.top), width: Math.round(box.width), height: Math.round(box.height)};
})"""


def test_the_banks_auction_buttons_line_up_on_one_line_each(server, browser):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    banker_does(
        server,
        game,
        {"type": "decline", "player": 1, "deed": 37},
        {"type": "bid", "player": 1, "amount": 120},
    )
    hammer = ".banker-hammer .btn"
    for locale in ("en-US", "ko-KR", "ja-JP"):
        bank = seated(browser, server, game["banker_token"], SMALL, locale)
        for viewport in (SMALL, {"width": 390, "height": 844}):
            bank.set_viewport_size(viewport)
            where = f"{locale} at {viewport['width']} px"
            expect(bank.locator(hammer)).to_have_count(2)
            assert bank.evaluate(LINES, hammer) == [1, 1], where  # "Cancel auction" wrapped at 360 px
            sold, cancel = bank.evaluate(BOXES, hammer)
            side_by_side = sold["top"] == cancel["top"] and sold["height"] == cancel["height"]
            stacked = sold["left"] == cancel["left"] and sold["width"] == cancel["width"]
            assert side_by_side or stacked, (where, sold, cancel)
            assert bank.evaluate(CLOSEST, hammer) >= APART, where


# For each deed a trade can hold: the lines its name takes (the first words of its tick box) and
# the width left to its checkbox
DEED_TICKS = """() => [...document.querySelectorAll('.trade-side label:has(input[name$="_deeds"])')].map((tick) => {
  const walker = document.createTreeWalker(tick, NodeFilter.SHOW_TEXT, (node) =>
    node.textContent.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_SKIP);
  const name = walker.nextNode(), range = document.createRange();
  range.selectNodeContents(name);
  const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.bottom))).size;
  return [name.textContent.trim(), lines, Math.round(tick.querySelector('input').getBoundingClientRect().width)];
})"""


def test_the_trade_builder_keeps_long_deed_names_readable_at_360_px(server, browser):
    game = api(server, "/api/games", {"players": ["Alexandra", "Bartholomew"], "edition": "uk"})
    banker_does(
        server,
        game,
        *({"type": "buy", "player": 1, "deed": deed} for deed in (1, 3, 6)),
        {"type": "build", "deed": 1},  # the browns cannot be traded: a house in the group
        *({"type": "buy", "player": 2, "deed": deed} for deed in (14, 15, 25)),
        {"type": "mortgage", "deed": 14},
    )
    alexandra = seated(browser, server, game["players"][0]["token"], SMALL)
    open_tab(alexandra, "Trade")
    alexandra.locator(".trade").get_by_role("button", name="With Bartholomew").click()
    expect(alexandra.locator("#trade-form")).to_be_visible()
    ticks = alexandra.evaluate(DEED_TICKS)
    assert [name for name, _, _ in ticks] == [
        "Old Kent Road",
        "Whitechapel Road",
        "The Angel, Islington",
        "Northumberland Avenue",
        "Marylebone Station",
        "Fenchurch St. Station",
    ]
    # "Old Kent Road" took three lines beside "buildings in its group", its checkbox squeezed;
    # only the longest name, "Northumberland Avenue", may take a second line
    squeezed = [(name, lines) for name, lines, _ in ticks if lines > (2 if name.startswith("North") else 1)]
    assert not squeezed and {box for _, _, box in ticks} == {22}
    assert alexandra.evaluate("document.documentElement.scrollWidth") <= SMALL["width"]


# How a button looks: its fill, its edge and the pointer over it
LOOK = """(el) => { const style = getComputedStyle(el);
  return [style.backgroundColor, style.borderTopStyle, style.cursor]; }"""
NO_FILL = "rgba(0, 0, 0, 0)"


def test_a_button_that_cannot_be_tapped_yet_looks_it(server, browser):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    banker_does(
        server,
        game,
        {"type": "buy", "player": 2, "deed": 37},
        {"type": "buy", "player": 2, "deed": 39},
        {"type": "pay_bank", "player": 1, "amount": 1480, "reason": "setup"},
        {"type": "pay_rent", "player": 1, "deed": 39},  # $100 owed, $20 in hand
    )
    ann = seated(browser, server, game["players"][0]["token"], SMALL)
    not_yet = ann.locator(".debt").get_by_text("Pay $100 once raised")
    expect(not_yet).to_be_visible()
    assert not_yet.evaluate(LOOK) == [NO_FILL, "dashed", "not-allowed"]  # it had a button's fill
    bankrupt = ann.locator(".debt").get_by_role("button", name="Declare bankruptcy")
    assert bankrupt.evaluate(LOOK)[:2] != [NO_FILL, "dashed"]


# The lines each board tile's name takes, by the tile's position on the board
TILE_LINES = """() => [...document.querySelectorAll('.board .space .name')].map((name) => {
  const range = document.createRange();
  range.selectNodeContents(name);
  return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom))).size;
})"""
DEEDS = [
    1,
    3,
    5,
    6,
    8,
    9,
    11,
    12,
    13,
    14,
    15,
    16,
    18,
    19,
    21,
    23,
    24,
    25,
    26,
    27,
    28,
    29,
    31,
    32,
    34,
    35,
    37,
    39,
]
FREE_PARKING = 20


def test_the_board_tiles_break_their_names_between_words_in_every_language(server, browser):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    viewports = (SMALL, {"width": 390, "height": 844})
    lines = {}
    for locale in ("en-US", "ko-KR", "ja-JP"):
        ann = seated(browser, server, game["players"][0]["token"], SMALL, locale)
        for viewport in viewports:
            ann.set_viewport_size(viewport)
            lines[locale, viewport["width"]] = ann.evaluate(TILE_LINES)
    for locale in ("ko-KR", "ja-JP"):
        for width in (viewport["width"] for viewport in viewports):
            # "フリーパー/キング", "무료주차/장"
            assert lines[locale, width][FREE_PARKING] == 1, (locale, width)
            # the board's English names ("Orienta/l Ave" on a Korean phone) break as on an English one
            english = lines["en-US", width]
            assert [lines[locale, width][p] for p in DEEDS] == [english[p] for p in DEEDS], (locale, width)


# Each board tile name's faults: a word in Latin letters broken other than after a hyphen (a soft
# one included), a word wider than its tile, type smaller than 11 px
WORDS_BROKEN = """() => [...document.querySelectorAll('.board .space .name')].flatMap((name) => {
  const text = name.firstChild, shown = text.data.replaceAll('\\u00ad', ''), faults = [], range = document.createRange();
  if (name.scrollWidth > name.clientWidth) faults.push(shown + ': wider than its tile');
  if (parseFloat(getComputedStyle(name).fontSize) < 11) faults.push(shown + ': smaller than 11 px');
  let line = null, hyphen = false;  // the line of the word's last letter, and whether a hyphen followed it
  for (let i = 0; i < text.length; i++) {
    const c = text.data[i];
    if (c === '-' || c === '\\u00ad') { hyphen = true; continue; }
    if (!/\\p{Script=Latin}/u.test(c)) { line = null; continue; }  // a space; Korean and Japanese break as they do
    range.setStart(text, i); range.setEnd(text, i + 1);
    const top = Math.round([...range.getClientRects()].pop().top);  // the first letter of a line: also the end of the one before
    if (line !== null && top !== line && !hyphen) faults.push(shown + ': broken before letter ' + (i + 1));
    line = top;
    hyphen = false;
  }
  return faults;
})"""
# Deeds renamed in the edition editor for a board of Korea's places, as a table may
RENAMED = {
    1: "Haeundae Beach Promenade",
    3: "Gyeongbokgung Palace",
    6: "Namdaemunsijang",
    8: "Bukchon Hanok Village",
    9: "Dongdaemun Design Plaza",
    13: "Seongsu-dong Cafe Street",
}


def test_long_deed_names_a_table_gave_its_board_break_between_words_or_at_a_hyphen(server, browser, shots):
    """The tiles broke "Haeundae" as "Haeund/ae" on a Korean phone, and cut it to "Haeunda" on an
    English one: a word now shrinks to fit its tile, or breaks where a hyphen shows it."""
    edition = api(server, "/api/editions", api(server, "/api/editions/us"))
    api(server, f"/api/editions/{edition['id']}/fields", {f"deed.{p}.name": n for p, n in RENAMED.items()})
    game = api(server, "/api/games", {"players": ["Ann", "Bob"], "edition": edition["id"]})
    for locale in ("en-US", "ko-KR", "ja-JP"):
        ann = seated(browser, server, game["players"][0]["token"], SMALL, locale)
        expect(ann.locator("#space-1")).to_contain_text("Beach")
        shoot(ann.locator(".board .spaces"), path=shots / f"board_renamed_{locale}.png")
        for viewport in (SMALL, {"width": 390, "height": 844}):
            ann.set_viewport_size(viewport)
            assert ann.evaluate(WORDS_BROKEN) == [], (locale, viewport["width"])


@pytest.mark.parametrize("javascript", [True, False])
def test_the_new_game_form_shows_the_file_and_the_minutes_only_once_chosen(server, browser, javascript):
    context = browser.new_context(viewport=SMALL, java_script_enabled=javascript)
    page = context.new_page()
    page.goto(server.url + "/new")
    file, minutes = page.locator('input[name="edition_file"]'), page.locator('input[name="minutes"]')
    expect(file).to_be_hidden()
    expect(minutes).to_be_hidden()
    page.get_by_text("Our own edition").click()
    expect(file).to_be_visible()
    page.get_by_text("Timed game", exact=True).click()
    expect(minutes).to_be_visible()
    page.get_by_text("Classic", exact=True).click()
    page.get_by_text("US", exact=True).click()
    expect(file).to_be_hidden()
    expect(minutes).to_be_hidden()
    context.close()


# Each choice of a menu, as wide as it reads in the menu's own type, and the room the closed menu
# has for it (its inner width less the arrow)
MENU_CHOICES = """(select) => {
  const style = getComputedStyle(select), probe = document.createElement('span');
  probe.style.font = style.font;
  probe.style.whiteSpace = 'pre';
  document.body.append(probe);
  const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
  const wide = [...select.options].map((o) => { probe.textContent = o.text; return [o.text, probe.offsetWidth]; });
  probe.remove();
  return wide.filter(([, width]) => width > room).map(([text]) => text);
}"""


@pytest.mark.parametrize("locale", ["en-US", "ko-KR", "ja-JP"])
def test_every_money_choice_reads_whole_in_its_menu_at_360_px(server, browser, locale):
    context = browser.new_context(viewport=SMALL, locale=locale)
    page = context.new_page()
    page.goto(server.url + "/new")
    assert page.locator('select[name="currency"]').evaluate(MENU_CHOICES) == []
    context.close()
