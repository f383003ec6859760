"""Dice on the phones, in the browser at phone size: Bob rolls, every phone sees it, and Bob pays a
utility's rent on that roll in one tap."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.support.browser import OUTPUT, SETTLE, api, banker_does, shoot, take_seat, violations

VERMONT, ELECTRIC, WATER = 8, 12, 28


def seated(phone, server, game, player_id, locale=None, scheme="light"):
    page = phone(locale)
    page.emulate_media(color_scheme=scheme)
    take_seat(page, server, game["players"][player_id - 1]["token"])
    expect(page.locator(".wallet")).to_be_visible()
    return page


def shot(page, name):
    shoot(page, OUTPUT / f"dice_{name}.png")


def test_a_roll_reaches_every_phone_and_pays_a_utility_in_one_tap(server, phone):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"], "options": {"phone_dice": True}})
    banker_does(
        server,
        game,
        {"type": "buy", "player": 1, "deed": ELECTRIC},
        {"type": "buy", "player": 1, "deed": WATER},
    )
    bob = seated(phone, server, game, 2)
    ann = seated(phone, server, game, 1, "ko-KR", "dark")
    cy = seated(phone, server, game, 3, "ja-JP")

    bob.get_by_role("button", name="Roll the dice", exact=True).click()
    said = bob.locator("#toast")
    expect(said).to_contain_text(re.compile(r"You rolled \d \+ \d = \d+"))
    rolled = re.search(r"(\d) \+ (\d) = (\d+)", said.inner_text())
    first, second, total = (int(n) for n in rolled.groups())
    assert 1 <= first <= 6 and 1 <= second <= 6 and total == first + second
    expect(bob.locator(".wallet")).to_contain_text(f"Your last roll: {first} + {second} = {total}")
    shot(bob, "rolled-en-light")
    assert not violations(bob), violations(bob)
    # every other phone is told who rolled what, in its own language
    expect(ann.locator("#toast")).to_contain_text(f"Bob 님이 주사위를 굴림: {first} + {second} = {total}")
    expect(cy.locator("#toast")).to_contain_text(f"Bobがサイコロを振りました: {first} + {second} = {total}")
    shot(ann, "told-ko-dark")
    shot(cy, "told-ja-light")

    # Bob landed on Water Works: the rent on his roll is one tap
    bob.locator('.space[aria-label^="Water Works"]').click()
    pay = bob.locator("#sheet").get_by_role("button", name=re.compile("Pay on your roll"))
    doubles = ", doubles" if first == second else ""
    expect(pay).to_have_text(f"Pay on your roll: {first} + {second} = {total}{doubles} · −${10 * total}")
    shot(bob, "utility-sheet-en-light")
    assert not violations(bob), violations(bob)
    pay.click()
    expect(bob.get_by_label("Your cash")).to_have_text(f"${1500 - 10 * total:,}", timeout=SETTLE)
    expect(ann.locator(".cash-1").first).to_contain_text(f"{1500 - 150 - 150 + 10 * total:,}", timeout=SETTLE)
    bob.set_viewport_size({"width": 360, "height": 740})
    shot(bob, "paid-360")


def test_mr_monopoly_in_one_tap_from_the_space_the_piece_is_on(server, phone):
    game = api(
        server,
        "/api/games",
        {"players": ["Ann", "Bob", "Cy"], "preset": "speed", "options": {"phone_dice": True}},
    )
    banker_does(server, game, {"type": "buy", "player": 1, "deed": VERMONT})
    cy = seated(phone, server, game, 3, "ko-KR", "dark")
    ann = seated(phone, server, game, 1)
    bob = seated(phone, server, game, 2, "ja-JP")

    # Ann rolls all three dice; the speed die shows one of its faces
    ann.get_by_role("button", name="Roll with the speed die").click()
    expect(ann.locator("#toast")).to_contain_text(
        re.compile(r"You rolled \d \+ \d \+ (\d|bus|Mr\. Monopoly) = \d+")
    )
    shot(ann, "speed-rolled-en-light")

    # Mr. Monopoly from the first Chance: past Ann's Vermont Avenue to Connecticut Avenue, to buy
    ann.locator('.space[aria-label^="Chance"]').first.click()
    ann.set_viewport_size({"width": 360, "height": 740})
    shot(ann, "chance-sheet-360")
    ann.set_viewport_size({"width": 390, "height": 844})
    ann.locator("#sheet").get_by_role("button", name="Mr. Monopoly: on to Connecticut Avenue").click()
    expect(ann.locator("#sheet-title")).to_have_text("Connecticut Avenue")
    shot(ann, "mr-monopoly-to-buy-en-light")
    assert not violations(ann), violations(ann)
    ann.locator("#sheet").get_by_role("button", name="Buy for $120").click()
    expect(ann.get_by_label("Your cash")).to_have_text("$2,280", timeout=SETTLE)  # 2,500 - 100 - 120
    expect(cy.locator("#history")).to_contain_text(
        "미스터 모노폴리가 Ann 님을 찬스에서 Connecticut Avenue(으)로 보냄"
    )
    expect(bob.locator("#history")).to_contain_text(
        "ミスター・モノポリーがAnnをチャンスからConnecticut Avenueへ進めました"
    )
    shot(cy, "mr-monopoly-told-ko-dark")

    # triples: Cy moves to Boardwalk, no salary, and its sheet opens
    cy.locator('.space[aria-label^="Boardwalk"]').click()
    cy.locator("#sheet").get_by_role("button", name="트리플: 여기로 이동").click()
    expect(cy.locator("#sheet-title")).to_have_text("Boardwalk")
    expect(cy.get_by_label("내 현금")).to_have_text("$2,500")
    shot(cy, "triples-ko-dark")
    assert not violations(cy), violations(cy)
