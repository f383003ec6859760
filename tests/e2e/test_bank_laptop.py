"""The bank on the host's 1280x800 laptop: Undo and the newest history lines always in sight
beside the actions, and the auction's bid buttons naming who bids."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import a_game_under_way, banker_does, shoot, take_seat

LAPTOP = {"width": 1280, "height": 800}

# Whether the element is wholly in the window and the topmost thing at its middle (not under
# another part of the screen)
IN_SIGHT = """(el) => { const b = el.getBoundingClientRect();
  const top = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return b.top >= 0 && b.bottom <= innerHeight && !!top && (el === top || el.contains(top)); }"""


def test_undo_and_the_newest_history_stay_in_sight_and_each_bid_names_its_bidder(server, browser, shots):
    game = a_game_under_way(server, auction_seconds=3600)  # only the bank closes it here
    bank = browser.new_context(viewport=LAPTOP).new_page()
    take_seat(bank, server, game["banker_token"])
    bank.goto(f"{server.url}/g/{game['id']}/bank")
    undo = bank.get_by_role("button", name="Undo last action…")
    newest = bank.locator("#history li").first
    expect(newest).to_have_text("Ann paid Bob $50")
    assert undo.evaluate(IN_SIGHT) and newest.evaluate(IN_SIGHT)  # Undo sat at y≈1,019
    bank.mouse.wheel(0, 600)
    assert undo.evaluate(IN_SIGHT) and newest.evaluate(IN_SIGHT)  # and stays there, scrolled
    banker_does(server, game, {"type": "decline", "player": 2, "deed": 24})  # pushed to the screen
    expect(newest).to_have_text("Bob did not buy Illinois Avenue; the bank auctions it")
    assert newest.evaluate(IN_SIGHT)
    bids = bank.locator(".auction .btn.bid strong")
    expect(bids.first).to_have_text("Ann bids $1")  # it said "$1": for whom?
    bank.locator("#acting label.chip", has_text="Bob").click()
    expect(bids.first).to_have_text("Bob bids $1")
    clock = bank.locator(".auction .clock .secs")  # an hour's auction counts in minutes, inside its ring
    expect(clock).to_have_text(re.compile(r"^(60:00|59:[0-5][0-9])$"))
    assert clock.evaluate("(el) => el.scrollWidth <= el.closest('.clock').clientWidth")
    shoot(bank, path=shots / "bank_laptop_auction.png")
    bank.locator(".auction .btn.bid").first.click()
    expect(bank.locator("#auction-high")).to_contain_text("Bob")
    bank.reload()
    expect(bids.first).to_have_text("Bob bids $2")


def test_undos_confirm_drawn_before_a_phone_acted_is_drawn_again_naming_the_new_last_action(server, browser):
    """The box kept naming the action it was opened on: each Undo it was refused ("Something else
    happened since you looked") and the box never changed, until closed and opened again."""
    game = a_game_under_way(server)
    bank = browser.new_context(viewport=LAPTOP).new_page()
    take_seat(bank, server, game["banker_token"])
    bank.get_by_role("button", name="Undo last action…").click()
    box = bank.locator("#undo")
    expect(box).to_contain_text("This will reverse: Ann paid Bob $50")
    banker_does(server, game, {"type": "pay_player", "player": 2, "to": 3, "amount": 3})
    box.get_by_role("button", name="Undo it").click()
    expect(bank.locator("#toast")).to_contain_text("Something else happened since you looked")
    expect(box).to_contain_text("This will reverse: Bob paid Cy $3")
    box.get_by_role("button", name="Undo it").click()
    expect(bank.locator("#history li").first).to_contain_text("Undone: Bob paid Cy $3")


def test_the_banks_trade_tab_offers_every_partner_but_the_player_it_acts_for(server, browser):
    """Acting for Bob, the list offered Bob too, and built an "Offer: Bob ↔ Bob" the rules refused."""
    game = a_game_under_way(server)
    bank = browser.new_context(viewport=LAPTOP).new_page()
    take_seat(bank, server, game["banker_token"])
    partners = bank.locator("#panel-trade .person-btn:visible")
    expect(partners).to_have_text(["Bob", "Cy"])  # acting for Ann, the first
    bank.locator("#acting label.chip", has_text="Bob").click()
    expect(partners).to_have_text(["Ann", "Cy"])
    bank.reload()  # the choice is kept, and the list drawn for it
    expect(partners).to_have_text(["Ann", "Cy"])
