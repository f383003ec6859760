"""The player's Board tab at phone size: the 40 spaces stay where they are whatever else is under
way, every tile reads (names off its edges, a hotel's badge legible), and the small print fits in
every language."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, banker_does, no_sideways_scroll, shoot, take_seat

SMALL = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}
LOCALES = ("en-US", "ko-KR", "ja-JP")
GREENS, DARK_BLUES, LIGHT_BLUES = (31, 32, 34), (37, 39), (6, 8, 9)

# What the board tab shows, measured: where the lowest tile ends and the tab bar starts; the
# hotel badges' type; each pair of neighbouring tiles' distance apart; the names that come within
# 2 px of their tile's edge
BOARD = """() => {
  const bar = document.querySelector('.tabbar').getBoundingClientRect().top;
  const tiles = [...document.querySelectorAll('.board .space')];
  const boxes = tiles.map((t) => t.getBoundingClientRect());
  const apart = new Set();
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
    const dx = Math.max(0, b.left - a.right, a.left - b.right), dy = Math.max(0, b.top - a.bottom, a.top - b.bottom);
    if (dx < 20 && dy < 20 && (dx === 0 || dy === 0)) apart.add(Math.round(Math.max(dx, dy)));
  }));
  const near = tiles.filter((tile, i) => {
    const range = document.createRange();
    range.selectNodeContents(tile.querySelector('.name'));
    return [...range.getClientRects()].some((r) => r.width && (r.left < boxes[i].left + 2 || r.right > boxes[i].right - 2));
  }).map((tile) => tile.querySelector('.name').textContent);
  return {
    lowest: Math.max(...boxes.map((b) => b.bottom)) <= bar,
    hotel: [...new Set([...document.querySelectorAll('.space .hotel')].map((h) => getComputedStyle(h).fontSize))],
    apart: [...apart].sort((a, b) => a - b),
    near,
  };
}"""


def seated(browser, server, token, viewport, locale=None):
    context = browser.new_context(viewport=viewport, is_mobile=True, has_touch=True, locale=locale)
    page = context.new_page()
    take_seat(page, server, token)
    page.evaluate("document.querySelector('.tab-hint').hidden = true")  # its first-time hint
    return page


def hotels_built(server):
    """Ann holds hotels on the greens, the dark blues and the light blues; Bob four houses a brown."""
    deeds = GREENS + DARK_BLUES + LIGHT_BLUES
    # only the bank closes an auction here, however long the machine takes
    options = {"auction_seconds": 3600}
    return api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"], "options": options}), [
        {"type": "collect_from_bank", "player": 1, "amount": 9000, "reason": "setup"},
        *({"type": "buy", "player": 1, "deed": deed} for deed in deeds),
        *({"type": "build", "deed": deed} for _ in range(5) for deed in deeds),
        *({"type": "buy", "player": 2, "deed": deed} for deed in (1, 3)),
        *({"type": "build", "deed": deed} for _ in range(4) for deed in (1, 3)),
    ]


def test_with_hotels_built_every_tile_reads_and_the_board_ends_above_the_tab_bar(server, browser):
    game, commands = hotels_built(server)
    banker_does(server, game, *commands)
    for viewport in (SMALL, PHONE):
        for locale in LOCALES:
            ann = seated(browser, server, game["players"][0]["token"], viewport, locale)
            expect(ann.locator(".board .space .hotel")).to_have_count(8)
            board = ann.evaluate(BOARD)
            # Short Line … Boardwalk sat under the tab bar; the badge was 9 px; tiles 3 px apart
            assert board == {"lowest": True, "hotel": ["11px"], "apart": [1], "near": []}, (viewport, locale)
            ann.context.close()


# The toast's opacity at each tenth of its way out, its animation paused there
TOAST_FADE = """() => { const toast = document.querySelector('#toast .toast');
  const [way] = toast.getAnimations(); way.pause();
  const duration = way.effect.getComputedTiming().duration;
  return [...Array(11).keys()].map((i) => { way.currentTime = duration * i / 10; return getComputedStyle(toast).opacity; }); }"""


def test_a_toast_leaves_without_its_words_ghosting_through_the_header(server, browser):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    ann = seated(browser, server, game["players"][0]["token"], SMALL)
    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 1, "amount": 90})
    expect(ann.locator("#toast .toast")).to_contain_text("+$90 from Bob")
    assert set(ann.evaluate(TOAST_FADE)) == {"1"}  # it faded over the header's words


# Each shown field's placeholder: as wide as it reads in the field's type, and the room it has
PLACEHOLDERS = """() => [...document.querySelectorAll('input[placeholder]')].filter((i) => i.getClientRects().length).map((input) => {
  const style = getComputedStyle(input), probe = document.createElement('span');
  probe.style.font = style.font;
  probe.style.whiteSpace = 'pre';
  probe.textContent = input.placeholder;
  document.body.append(probe);
  const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const wide = probe.offsetWidth;
  probe.remove();
  return wide <= room ? 'fits' : input.placeholder; })"""
# Each tab's label: the lines it takes, and whether it overflows its tab
TAB_LABELS = """() => [...document.querySelectorAll('.tabbar [role=tab]')].map((tab) => {
  const range = document.createRange();
  range.selectNodeContents(tab);
  const lines = new Set([...range.getClientRects()].filter((r) => r.width).map((r) => Math.round(r.bottom))).size;
  return lines === 1 && tab.scrollWidth <= tab.clientWidth ? 'one line' : tab.textContent.trim(); })"""


def test_the_pay_tabs_placeholders_and_every_tab_label_read_whole_at_360_px(server, browser):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    for locale in LOCALES:
        ann = seated(browser, server, game["players"][0]["token"], SMALL, locale)
        ann.locator("#tab-pay").click()
        expect(ann.locator("#panel-pay")).to_be_visible()
        assert set(ann.evaluate(PLACEHOLDERS)) == {"fits"}, locale  # "例: カード" was cut
        assert ann.evaluate(TAB_LABELS) == ["one line"] * 5, locale  # "自分の権利書" took two
        bank = seated(browser, server, game["banker_token"], SMALL, locale)
        bank.goto(f"{server.url}/g/{game['id']}/bank")
        bank.locator("#tab-pay").click()
        assert set(bank.evaluate(PLACEHOLDERS)) == {"fits"}, locale
        assert bank.evaluate(TAB_LABELS) == ["one line"] * 5, locale
        ann.context.close()
        bank.context.close()


BID_AMOUNTS = """() => [...document.querySelectorAll('.auction .bid strong')].map((amount) => {
  const range = document.createRange();
  range.selectNodeContents(amount);
  const lines = new Set([...range.getClientRects()].filter((r) => r.width).map((r) => Math.round(r.bottom))).size;
  return lines === 1 && amount.scrollWidth <= amount.clientWidth ? 'one line' : amount.textContent; })"""


def test_a_quick_bid_in_won_reads_whole_on_half_a_small_phone(server, browser, shots):
    # "₩10,00 / 0": the amounts broke inside at 360 px
    game = api(
        server, "/api/games", {"players": ["김민준", "이서연", "박지훈"], "options": {"currency": "KRW"}}
    )
    banker_does(server, game, {"type": "decline", "player": 1, "deed": 39})
    for locale in LOCALES:
        page = seated(browser, server, game["players"][1]["token"], SMALL, locale)
        expect(page.locator(".auction .bid")).to_have_count(4)
        assert page.evaluate(BID_AMOUNTS) == ["one line"] * 4, locale
        shoot(page.locator(".auction"), path=shots / f"auction_won_{locale}.png")
        page.context.close()


def test_a_long_korean_name_of_one_word_keeps_the_lobby_within_a_small_phone(server, browser):
    # Korean keeps words whole: 13 syllables with no space pushed the lobby to 377 px
    game = api(server, "/api/games", {"players": ["황보서연별빛가득한아침햇살", "제갈지훈"]})
    bank = seated(browser, server, game["banker_token"], SMALL, "ko-KR")
    bank.goto(f"{server.url}/g/{game['id']}/lobby")
    expect(bank.locator(".people .person")).to_have_count(2)
    assert no_sideways_scroll(bank)
    bank.context.close()


def test_the_toast_of_a_purchase_in_won_keeps_its_words_within_it_beside_undo(server, browser, shots):
    # "이제 / Boardwa": beside the sum and Undo the words ran sideways under the button, cut
    game = api(server, "/api/games", {"players": ["김민준", "이서연"], "options": {"currency": "KRW"}})
    ann = seated(browser, server, game["players"][0]["token"], SMALL, "ko-KR")
    ann.locator("#space-39").click()
    ann.locator("#sheet .offers button").first.click()
    expect(ann.locator(".toast.ok .undo-slip")).to_be_visible(timeout=SETTLE)
    said = ann.locator(".toast.ok .said")
    assert said.evaluate("(s) => s.scrollWidth <= s.clientWidth && s.clientWidth >= 90"), said.bounding_box()
    shoot(ann, path=shots / "toast_won_ko.png", clip={"x": 0, "y": 0, "width": 360, "height": 120})
    ann.context.close()


# Where each of the board's tiles is, to the pixel
TILES = """() => [...document.querySelectorAll('.board .space')].map((t) => {
  const b = t.getBoundingClientRect(); return [Math.round(b.left), Math.round(b.top + scrollY)]; })"""


def test_an_auction_docks_under_the_board_folds_to_a_strip_and_the_board_never_moves(server, browser, shots):
    game, commands = hotels_built(server)
    banker_does(server, game, *commands)
    for viewport in (SMALL, PHONE):
        bob = seated(browser, server, game["players"][1]["token"], viewport)
        board = bob.evaluate(TILES)
        banker_does(
            server,
            game,
            {"type": "decline", "player": 2, "deed": 24},
            {"type": "bid", "player": 1, "amount": 160},
        )
        auction = bob.locator(".dock .auction")
        expect(auction.get_by_role("button", name="$161")).to_be_visible()  # open: it needs Bob now
        assert bob.evaluate(TILES) == board  # the 40 spaces were pushed down below it
        auction.get_by_role("button", name="Fold").click()
        expect(auction).to_have_class("card auction folded")
        # one line, as "Auction · Illinois Avenue · $160 Ann · 14" reads: the seconds drawn after
        words, height = auction.evaluate(
            "(el) => [el.innerText.replace(/\\s+/g, ' ').trim(), el.offsetHeight]"
        )
        assert re.fullmatch(r"▴ Illinois Avenue [\d:]+ \$160 Ann", words) and height <= 52, (words, height)
        assert bob.evaluate(TILES) == board
        shoot(bob, path=shots / f"dock_auction_folded_{viewport['width']}.png")
        bob.evaluate("scrollTo(0, document.body.scrollHeight)")  # the foot of the page clears the strip
        last = bob.locator("#space-39").bounding_box()
        assert last["y"] + last["height"] <= auction.bounding_box()["y"]
        auction.click()  # a tap on the strip opens it again
        expect(auction.get_by_role("button", name="$161")).to_be_visible()
        # an impatient double tap on Fold: its second tap landed on the street the card had covered
        auction.get_by_role("button", name="Fold").dblclick()
        expect(auction).to_have_class("card auction folded")
        bob.wait_for_timeout(300)  # a sheet would be on its way
        expect(bob.locator("#sheet .sheet-card")).to_have_count(0)
        auction.click()
        expect(auction.get_by_role("button", name="$161")).to_be_visible()
        bob.reload()  # and it stays as this phone left it
        expect(auction).not_to_have_class("card auction folded")
        banker_does(server, game, {"type": "cancel_auction"})
        expect(auction).to_have_count(0)
        bob.evaluate("scrollTo(0, 0)")
        assert bob.evaluate(TILES) == board
        bob.context.close()


PRESETS = ("classic", "jma", "speed", "short", "timed", "monopoly2", "millionaire")
TABS = ("Board", "My deeds", "Pay", "Trade", "History")


def test_the_wallet_is_at_most_1300_px_tall_on_every_tab_in_every_preset(server, browser):
    tall = {}
    for preset in PRESETS:
        options = {"end_at": 4_000_000_000} if preset == "timed" else {}
        game = api(
            server, "/api/games", {"players": ["Ann", "Bob", "Cy"], "preset": preset, "options": options}
        )
        if preset == "monopoly2":  # a market buy, and two cards in hand
            deed = api(server, f"/api/games/{game['id']}", token=game["banker_token"])["market"][0]
            banker_does(
                server,
                game,
                {"type": "buy_from_market", "player": 1, "deed": deed},
                {"type": "card", "player": 1, "deck": "chance", "card": "CH05"},
                {"type": "card", "player": 1, "deck": "chance", "card": "CH07"},
            )
        else:  # two deeds nobody holds (the short game deals some out at random)
            deeds = api(server, f"/api/games/{game['id']}", token=game["banker_token"])["deeds"]
            free = [d["position"] for d in deeds if d["owner"] is None][:2]
            banker_does(server, game, *({"type": "buy", "player": 1, "deed": deed} for deed in free))
        ann = seated(browser, server, game["players"][0]["token"], PHONE)
        for viewport in (PHONE, SMALL):
            ann.set_viewport_size(viewport)
            for tab in TABS:
                ann.locator(f".tabbar [role=tab]:text-is('{tab}')").click()
                tall[(preset, viewport["width"], tab)] = ann.evaluate("document.documentElement.scrollHeight")
        ann.context.close()
    assert {where: px for where, px in tall.items() if px > 1300} == {}  # Monopoly 2.0: 1,900-2,216
