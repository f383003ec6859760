"""The moments of play in as few taps as a phone can take them, counted, at 390x844."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, banker_does, take_seat

ORIENTAL, VERMONT, CONNECTICUT, ELECTRIC, BOARDWALK = 6, 8, 9, 12, 39


class Taps:
    """Every tap of a test goes through here, so the test can say how many a moment took."""

    def __init__(self) -> None:
        self.count = 0

    def __call__(self, locator) -> None:
        self.count += 1
        locator.click()

    def take(self) -> int:
        count, self.count = self.count, 0
        return count


def space(page, name):
    return page.locator(f'.space[aria-label^="{name}"]')


def sheet_button(page, name):
    return page.locator("#sheet").get_by_role("button", name=name, exact=True)


def closed(page):
    expect(page.locator("#sheet .sheet-card")).to_have_count(0)


def in_view_unscrolled(page, locator):
    """The button is on screen without any scrolling of the page or of the sheet."""
    expect(locator).to_be_in_viewport(ratio=1)
    assert page.evaluate("window.scrollY") == 0
    assert page.locator("#sheet .sheet-card").evaluate("card => card.scrollTop") == 0


def through_the_sheet(tap, tile, label):
    """Tap `tile`, then the button `label` on the sheet it opens, on screen without any scrolling;
    the sheet closes."""
    page = tile.page
    tap(tile)
    button = sheet_button(page, label)
    in_view_unscrolled(page, button)
    tap(button)
    closed(page)


def seated(phone, server, game, player_id):
    page = phone()
    take_seat(page, server, game["players"][player_id - 1]["token"])
    expect(page.get_by_label("Your cash")).to_be_visible()
    return page


def test_buy_rent_utility_card_bid_and_an_even_round_each_take_the_fewest_taps(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    banker_does(
        server,
        game,
        {"type": "buy", "player": 1, "deed": VERMONT},
        {"type": "buy", "player": 1, "deed": CONNECTICUT},
        {"type": "buy", "player": 2, "deed": ELECTRIC},
    )
    ann, bob, cy = (seated(phone, server, game, i) for i in (1, 2, 3))
    tap = Taps()

    # buy a deed: the space, then Buy
    tap(space(ann, "Oriental Avenue"))
    tap(sheet_button(ann, "Buy for $100"))
    closed(ann)
    assert tap.take() == 2
    expect(ann.get_by_label("Your cash")).to_have_text("$1,180")  # 1,500 - 100 - 120 - 100

    # an even round of houses on the three light blues: the lot (the round is ready), Build
    through_the_sheet(tap, space(ann, "Vermont Avenue"), "Build · −$150")
    assert tap.take() == 2
    expect(ann.get_by_label("Your cash")).to_have_text("$1,030")
    expect(ann.locator(".supply")).to_contain_text("Houses 29/32")
    for street in ("Oriental Avenue", "Vermont Avenue", "Connecticut Avenue"):
        expect(space(ann, street)).to_have_attribute("aria-label", re.compile(r", 1 house$"))

    # rent: the space, then Pay
    tap(space(bob, "Connecticut Avenue"))
    tap(sheet_button(bob, "Pay Ann rent · −$40"))
    closed(bob)
    assert tap.take() == 2
    expect(bob.get_by_label("Your cash")).to_have_text("$1,310")  # 1,500 - 150 - 40
    expect(ann.get_by_label("Your cash")).to_have_text("$1,070", timeout=SETTLE)

    # a round sold: the lot, then Sell (it took four taps: the lot, −1 on each twice, Sell)
    through_the_sheet(tap, space(ann, "Connecticut Avenue"), "Sell evenly · +$75")
    assert tap.take() == 2
    expect(ann.get_by_label("Your cash")).to_have_text("$1,145")  # 1,070 + 3 houses at $25
    expect(ann.locator(".supply")).to_contain_text("Houses 32/32")

    # utility rent: the space, then the dice total on the keypad
    through_the_sheet(tap, space(cy, "Electric Company"), "7 −$28")
    assert tap.take() == 2
    expect(cy.get_by_label("Your cash")).to_have_text("$1,472")
    expect(bob.get_by_label("Your cash")).to_have_text("$1,338", timeout=SETTLE)

    # a card: the Chance space, then the card's title in the grid; the toast tells its wording
    through_the_sheet(tap, space(cy, "Chance").first, "Speeding fine −$15")
    assert tap.take() == 2
    expect(cy.locator("#toast")).to_contain_text("You drew Chance: Speeding fine $15.")
    expect(cy.get_by_label("Your cash")).to_have_text("$1,457")

    # a bid: one tap on the amount
    tap(space(cy, "Boardwalk"))
    tap(sheet_button(cy, "Don't buy · auction it"))
    tap.take()
    tap(bob.locator(".auction").get_by_role("button", name="$1").first)
    expect(bob.locator(".auction")).to_contain_text("You hold the high bid.", timeout=SETTLE)
    assert tap.take() == 1


def test_each_decks_sixteen_cards_fit_one_screen(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
    ann = seated(phone, server, game, 1)
    for size in ({"width": 390, "height": 844}, {"width": 360, "height": 740}):
        ann.set_viewport_size(size)
        for deck in ("Chance", "Community Chest"):
            space(ann, deck).first.click()
            cards = ann.locator("#sheet .cards .btn")
            expect(cards).to_have_count(16)
            for card in (cards.first, cards.last):
                in_view_unscrolled(ann, card)
            ann.locator("#sheet").get_by_role("button", name="Close").click()
            closed(ann)
