"""The table display follows a whole game played on three phones: the board, everyone's cash in
large type, each payment flying from payer to payee in order, an auction taking the screen with
the phones' own clock, and the tally with its chart at the end; on a TV and on a tablet."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, banker_does, bid, shoot, take_seat

SIZES = {"tv": {"width": 1920, "height": 1080}, "tablet": {"width": 1024, "height": 768}}
# every payment the display flew, in the order it flew them
WATCH_FLIGHTS = """() => { window.flown = [];
  new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => {
    if (n.classList && n.classList.contains('move')) window.flown.push(n.textContent); })))
  .observe(document.getElementById('flight'), {childList: true}); }"""
FONT_PX = "(selector) => parseFloat(getComputedStyle(document.querySelector(selector)).fontSize)"


def display_link(bank) -> str:
    """The bank makes the game's display link on its own page, and reads it off."""
    bank.goto(bank.url.split("/bank")[0] + "/display-link")
    bank.get_by_role("button", name="Make a display link").click()
    return bank.locator(".link").inner_text()


def open_display(browser, link, size="tv", **options):
    context = browser.new_context(viewport=SIZES[size], **options)
    page = context.new_page()
    page.goto(link)
    expect(page.locator("#players .player")).to_have_count(3)
    return page


def seated(phone, server, game):
    """The bank and three phones, each on its own seat of the game."""
    bank = phone()
    take_seat(bank, server, game["banker_token"])
    phones = []
    for seat in game["players"]:
        page = phone()
        take_seat(page, server, seat["token"])
        phones.append(page)
    return bank, phones


def flown(display, count):
    display.wait_for_function("(n) => window.flown.length >= n", arg=count, timeout=30_000)
    return display.evaluate("window.flown")


def test_the_display_follows_a_whole_game_played_on_three_phones(server, browser, phone, shots):
    """A TV and a tablet follow the same game; the TV's flights are checked one by one."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    bank, (ann, bob, cy) = seated(phone, server, game)
    link = display_link(bank)
    displays = {size: open_display(browser, link, size) for size in SIZES}
    display = displays["tv"]
    shoot(bank, path=shots / "display_link_page.png", full_page=True)
    display.evaluate(WATCH_FLIGHTS)
    cash = display.locator('#players [data-party="1"] .cash')
    expect(cash).to_contain_text("$1,500")
    # readable from 3 m
    assert display.evaluate(FONT_PX, "#players .cash") >= 48
    assert display.evaluate(FONT_PX, "#players .name") >= 28

    # Ann buys the brown lots and builds; Bob lands on one: rent flies from Bob to Ann (the bank's
    # phone sends these through the API; the payment, the auction and its bids are tapped on phones)
    banker_does(
        server, game, {"type": "buy", "player": 1, "deed": 1}, {"type": "buy", "player": 1, "deed": 3}
    )
    banker_does(server, game, {"type": "build", "deed": 1})
    expect(display.locator("#tile-1.owned .build i")).to_have_count(1, timeout=SETTLE)
    expect(display.locator("#supply")).to_contain_text("Houses 31/32")
    banker_does(server, game, {"type": "pay_rent", "player": 2, "deed": 1})
    # a birthday card: two payments in one change, flown one after the other
    banker_does(
        server,
        game,
        {"type": "card", "player": 1, "deck": "community_chest", "card": "CC09", "from_space": 2},
    )
    lines = flown(display, 6)
    assert lines[:2] == [
        "Ann → Bank $60 · bought Mediterranean Avenue",
        "Ann → Bank $60 · bought Baltic Avenue",
    ]
    assert lines[2].startswith("Ann → Bank $50")
    assert lines[3].startswith("Bob → Ann $10 · rent") and lines[4:6] == [
        "Bob → Ann $10 · Community Chest card",
        "Cy → Ann $10 · Community Chest card",
    ]
    for size, shown in displays.items():
        expect(shown.locator("#history li").first).to_contain_text("birthday", timeout=SETTLE)
        shoot(shown, path=shots / f"display_{size}_board.png")

    # an auction takes the screen, with the clock every phone shows
    cy.locator('.space[aria-label^="Boardwalk"]').click()
    cy.locator("#sheet").get_by_role("button", name="Don't buy · auction it").click()
    takeover = display.locator(".takeover")
    expect(takeover.locator("#auction-title")).to_have_text("Boardwalk", timeout=SETTLE)
    expect(takeover.locator(".deed")).to_contain_text("Title deed")
    for _ in range(3):  # the display and a phone agree to the second
        seconds = display.evaluate(
            """() => [document.querySelector('.takeover .secs').textContent]""",
        )[0]
        on_phone = ann.locator(".auction .clock .secs").inner_text()
        assert abs(int(seconds) - int(on_phone)) <= 1
    bid(bob, "$100")
    expect(takeover.locator(".high .amount")).to_have_text("$100", timeout=SETTLE)
    expect(takeover.locator(".high .who")).to_have_text("Bob")
    going = takeover.locator(".going")
    assert (going.get_attribute("data-once"), going.get_attribute("data-twice")) == (
        "Going once…",
        "Going twice…",
    )
    for size, shown in displays.items():
        expect(shown.locator(".takeover .high .amount")).to_have_text("$100", timeout=SETTLE)
        shoot(shown, path=shots / f"display_{size}_auction.png")
    banker_does(server, game, {"type": "close_auction"})
    expect(takeover).to_have_count(0, timeout=SETTLE)
    assert flown(display, 7)[6].startswith("Bob → Bank $100")
    expect(display.locator("#tile-39.owned .owner")).to_have_text("Bob")

    # a mortgage is marked, a trip to jail flagged, and the end shows the tally and the chart
    banker_does(server, game, {"type": "mortgage", "deed": 39}, {"type": "go_to_jail", "player": 3})
    expect(display.locator("#tile-39.mortgaged .mortgage")).to_be_visible(timeout=SETTLE)
    expect(display.locator('#players [data-party="3"] .flag.jail')).to_be_visible()
    banker_does(server, game, {"type": "end_game"})
    for size, shown in displays.items():
        finale = shown.locator(".display-finale")
        expect(finale.locator("h1")).to_have_text("Bob wins!", timeout=SETTLE)
        expect(finale.locator(".tally tbody tr")).to_have_count(3)
        expect(finale.locator(".chart svg polyline")).to_have_count(3)
        shoot(shown, path=shots / f"display_{size}_tally.png")
        assert shown.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]


READINGS = [("light", "en-US"), ("dark", "en-US"), ("dark", "ko-KR"), ("light", "ja-JP")]


def test_the_display_reads_in_each_language_light_and_dark(server, browser, phone, shots):
    """One game on four displays, each in its own language and colour scheme."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    bank = phone()
    take_seat(bank, server, game["banker_token"])
    banker_does(
        server,
        game,
        {"type": "buy", "player": 1, "deed": 1},
        {"type": "buy", "player": 1, "deed": 3},
        *[{"type": "build", "deed": deed} for _ in range(5) for deed in (1, 3)][:-1],  # a hotel, 4 houses
        {"type": "buy", "player": 2, "deed": 5},
        {"type": "mortgage", "deed": 5},
        {"type": "go_to_jail", "player": 3},
    )
    link = display_link(bank)
    displays = {
        (scheme, locale[:2]): open_display(browser, link, color_scheme=scheme, locale=locale)
        for scheme, locale in READINGS
    }
    for (scheme, language), display in displays.items():
        assert display.evaluate("document.documentElement.lang") == language
        words = {"en": "Net worth", "ko": "순자산", "ja": "純資産"}[language]
        expect(display.locator('#players [data-party="1"] .worth')).to_contain_text(words)
        expect(display.locator("#tile-1 .build.hotel")).to_be_visible()
        expect(display.locator("#tile-3 .build i")).to_have_count(4)
        shoot(display, path=shots / f"display_{scheme}_{language}.png")
    banker_does(server, game, {"type": "decline", "player": 3, "deed": 37})
    for (scheme, language), display in displays.items():
        expect(display.locator(".takeover")).to_be_visible(timeout=SETTLE)
        shoot(display, path=shots / f"display_{scheme}_{language}_auction.png")


# each owned tile's parts that do not fit it: its owner or its mortgage strip out of its box, or its
# name cut (a name of three lines pushed the owner and the word "mortgaged" out of sight)
CUT_TILES = """() => [...document.querySelectorAll('.tile.owned')].flatMap((tile) => {
  const box = tile.getBoundingClientRect();
  return [...tile.querySelectorAll('.owner, .mortgage, .name')].filter((part) => {
    const r = part.getBoundingClientRect();
    return r.height < 8 || r.top < box.top - 1 || r.bottom > box.bottom + 1 || part.scrollHeight > part.clientHeight + 1;
  }).map((part) => tile.id + ' ' + part.className); })"""


@pytest.mark.parametrize("locale", ["ko-KR", "ja-JP"])
def test_an_owned_mortgaged_deed_shows_its_owner_and_mortgage_on_a_1280_tv(
    server, browser, phone, locale, shots
):
    game = api(server, "/api/games", {"players": ["김민준", "이서연", "박지훈"]})
    bank = phone()
    take_seat(bank, server, game["banker_token"])
    buys = [
        {"type": "buy", "player": 1 + i % 2, "deed": d} for i, d in enumerate((11, 16, 32, 5, 13, 29, 21))
    ]
    banker_does(server, game, *buys, {"type": "mortgage", "deed": 32})
    display = browser.new_context(viewport={"width": 1280, "height": 720}, locale=locale).new_page()
    display.goto(display_link(bank))
    expect(display.locator("#tile-32.mortgaged .mortgage")).to_be_visible(timeout=SETTLE)
    assert display.evaluate(CUT_TILES) == []
    shoot(display, path=shots / f"display_1280_owned_{locale[:2]}.png")


# where the middle of each flying payment is as it appears and 1.6 s later
WATCH_PLACES = """() => { window.places = [];
  const at = (n) => { const box = n.getBoundingClientRect();
    return [Math.round(box.x + box.width / 2), Math.round(box.y + box.height / 2)]; };
  new MutationObserver((changes) => changes.forEach((c) => c.addedNodes.forEach((n) => {
    if (!n.classList || !n.classList.contains('move')) return;
    requestAnimationFrame(() => { const first = at(n); setTimeout(() => window.places.push([first, at(n)]), 1600); });
  }))).observe(document.getElementById('flight'), {childList: true}); }"""


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_a_payment_flies_across_the_screen_unless_motion_is_reduced(server, browser, phone, motion):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    bank = phone()
    take_seat(bank, server, game["banker_token"])
    display = open_display(browser, display_link(bank), reduced_motion=motion)
    display.evaluate(WATCH_PLACES)
    banker_does(server, game, {"type": "pay_player", "player": 1, "to": 3, "amount": 40})
    display.wait_for_function("() => window.places.length > 0", timeout=SETTLE)
    (first, later), *_ = display.evaluate("window.places")
    if motion == "reduce":
        assert first == later  # shown in place, and fades
    else:
        assert later[1] > first[1] + 100  # from Ann's card down towards Cy's


def test_a_display_whose_link_is_turned_off_says_so_and_not_that_it_is_reconnecting(server, browser, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    bank = phone()
    take_seat(bank, server, game["banker_token"])
    context = browser.new_context(viewport=SIZES["tablet"])
    context.clock.install()  # the page timers, the bar 1.5 s wait among them, run when told
    display = context.new_page()
    display.goto(display_link(bank))
    expect(display.locator("#players .player")).to_have_count(3)
    bank.get_by_role("button", name="Turn the display link off").click()
    expect(display.get_by_role("status")).to_contain_text("turned off by the bank", timeout=SETTLE)
    display.clock.run_for(5_000)  # the stream has ended and stays refused: the bar's time is past
    bar = display.locator("#reconnecting")
    expect(bar).not_to_have_attribute("hidden", "")  # the page would say it is reconnecting
    expect(bar).to_be_hidden()  # where nothing will come back
    expect(display.get_by_role("button", name="Voice")).to_be_hidden()  # nor be said
    context.close()


# the players' cards that end below the screen, or under the voice's switch
CARDS_OUT_OF_SIGHT = """() => { const screen = innerHeight, voice = document.querySelector('.voice-switch').getBoundingClientRect();
  return [...document.querySelectorAll('#players .player')].filter((card) => { const box = card.getBoundingClientRect();
    return box.bottom > screen || (box.bottom > voice.top && box.right > voice.left); }).map((card) => card.dataset.party); }"""


# the players' figures that run past their card or the screen
FIGURES_CUT = """() => [...document.querySelectorAll('#players .player')].filter((card) => {
  const figure = document.createRange();
  figure.selectNodeContents(card.querySelector('.cash'));
  return figure.getBoundingClientRect().right > Math.min(card.getBoundingClientRect().right, innerWidth);
}).map((card) => card.dataset.party)"""


def test_four_players_in_won_fit_a_720p_screen(server, browser, phone, shots):
    """On a 1280x720 TV the fourth player's card ran off the bottom, under the voice's switch."""
    game = api(
        server, "/api/games", {"players": ["민준", "서연", "はると", "ゆい"], "options": {"currency": "KRW"}}
    )
    bank = phone()
    take_seat(bank, server, game["banker_token"])
    banker_does(
        server,
        game,
        {"type": "go_to_jail", "player": 1},
        {"type": "go_to_jail", "player": 4},
        {"type": "collect_from_bank", "player": 2, "amount": 13500, "reason": "prize"},  # ₩15,000,000
    )
    display = browser.new_context(viewport={"width": 1280, "height": 720}, locale="ja-JP").new_page()
    display.goto(display_link(bank))
    expect(display.locator("#players .player")).to_have_count(4)
    assert display.evaluate(CARDS_OUT_OF_SIGHT) == []
    expect(display.locator('#players [data-party="2"] .cash')).to_contain_text("₩15,000,000")
    assert display.evaluate(FIGURES_CUT) == []
    shoot(display, path=shots / "display_720p_won_ja.png")


def test_the_host_opens_the_display_in_a_window_of_its_own_beside_the_bank(server, phone):
    """A host whose laptop is also the table's display: one tap on the link page, and the bank's
    window stays the bank."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    bank, _ = seated(phone, server, game)
    display_link(bank)
    with bank.expect_popup() as opened:
        bank.get_by_role("link", name="Open it in a new window").click()
    display = opened.value
    expect(display.locator("#players .player")).to_have_count(3, timeout=SETTLE)
    bank.get_by_role("link", name="Back to the bank").click()
    expect(bank.get_by_text("Acting for")).to_be_visible()


def test_the_display_page_runs_its_scripts_without_an_error(server, browser, phone):
    """The phones' script looked for the confirm sheet, which a display has none of, and threw on
    every load of the display: the rest of its start-up never ran there."""
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    bank, _ = seated(phone, server, game)
    link = display_link(bank)
    page = browser.new_context(viewport=SIZES["tv"]).new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(link)
    expect(page.locator("#players .player")).to_have_count(3)
    page.reload()
    expect(page.locator("#players .player")).to_have_count(3)
    assert errors == []
