"""Out of jail by rolling doubles, on real phones: one tap, no money moves, and the next Go to Jail
sends the player back in (003: "if you have a double on both cubes in one of these moves, you can
get out of prison"; 001: 「ゾロ目が出た場合は$50の支払いや釈放券を使用せずに出所となり」)."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, api, banker_does, no_sideways_scroll, shoot, take_seat

GO_TO_JAIL = 30


def seated(phone, server, game, player_id, locale=None):
    page = phone(locale)
    take_seat(page, server, game["players"][player_id - 1]["token"])
    expect(page.locator(".wallet")).to_be_visible()
    return page


def test_a_jailed_player_taps_rolled_doubles_and_is_out_for_nothing(server, phone, shots):
    game = api(server, "/api/games", {"players": ["Ann", "Bob", "Cy"]})
    banker_does(server, game, {"type": "go_to_jail", "player": 1})
    ann, bob = seated(phone, server, game, 1), seated(phone, server, game, 2)
    console = []
    ann.on("console", lambda message: console.append(message.text))
    wallet = ann.locator("#live")  # jail's ways out are docked under the board
    expect(wallet).to_contain_text("In jail")
    assert no_sideways_scroll(ann)
    shoot(ann.locator(".in-jail"), path=shots / "jail_doubles_offer.png")

    wallet.get_by_role("button", name="Rolled doubles — I'm out").click()
    expect(ann.locator("#toast")).to_contain_text("You rolled doubles and are out of jail", timeout=SETTLE)
    expect(wallet).not_to_contain_text("In jail")
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500")
    expect(bob.locator("#history")).to_contain_text("Ann rolled doubles and is out of jail", timeout=SETTLE)
    state = api(server, f"/api/games/{game['id']}", token=game["banker_token"])
    assert state["players"][0]["in_jail"] is False

    # she lands on Go to Jail later: it is taken, not refused as "already in jail"
    ann.locator(f"#space-{GO_TO_JAIL}").click()
    ann.locator("#sheet").get_by_role("button", name="Go to jail (no salary)").click()
    expect(wallet).to_contain_text("In jail", timeout=SETTLE)
    expect(ann.get_by_label("Your cash")).to_have_text("$1,500")
    # her phone lists the others' rows, not her own: no change to it is pushed where it has no place
    assert not [line for line in console if "oobErrorNoTarget" in line], console


def test_the_button_reads_in_korean_and_japanese(server, phone, shots):
    for locale, button, told in (
        ("ko-KR", "더블이 나왔어요 — 탈출", "더블이 나와 감옥에서 나왔습니다"),
        ("ja-JP", "ゾロ目が出た — 出所", "ゾロ目が出て刑務所から出ました"),
    ):
        game = api(server, "/api/games", {"players": ["Ann", "Bob"]})
        banker_does(server, game, {"type": "go_to_jail", "player": 1})
        ann = seated(phone, server, game, 1, locale)
        ann.set_viewport_size({"width": 360, "height": 740})
        assert no_sideways_scroll(ann)
        shoot(ann.locator(".in-jail"), path=shots / f"jail_doubles_offer_{locale}.png")
        ann.locator(".in-jail").get_by_role("button", name=button).click()
        expect(ann.locator("#toast")).to_contain_text(told, timeout=SETTLE)
