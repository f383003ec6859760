"""Players come and go in the browser: the bank seats a late player who joins on a new phone, and a
player leaves the game from their own phone."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.support.browser import SETTLE, confirm, join, open_tab, shoot, start_game, violations


def test_the_bank_seats_a_late_player_who_joins_on_a_new_phone(server, phone, shots):
    host, ann = phone(), phone()
    link = start_game(host, server, ["Ann", "Bob"])
    join(ann, link, "Ann")
    seat_late_player(host, "Dan", "Dog", shots / "seating_add.png")
    expect(host.locator(".seating")).to_contain_text("Dan's QR code")
    expect(host.locator("#acting")).to_contain_text("Dan")  # the bank can act for Dan at once
    expect(ann.locator("#toast .toast")).to_contain_text("Dan joins the game", timeout=SETTLE)
    assert violations(host) == []

    dan = phone()
    join(dan, link, "Dan")
    expect(host.locator(".person-3")).to_contain_text("joined", timeout=SETTLE)
    open_tab(ann, "My deeds")
    expect(ann.locator(".person-3")).to_contain_text("$1,500")
    shoot(host, path=shots / "seating_added.png", full_page=True)
    shoot(dan, path=shots / "seating_dan.png")
    host.emulate_media(color_scheme="dark")
    host.set_viewport_size({"width": 360, "height": 740})
    host.locator(".seating summary").last.click()
    host.locator(".seating summary").last.scroll_into_view_if_needed()
    shoot(host, path=shots / "seating_change_dark_360.png")


def test_a_join_screen_left_open_shows_a_player_the_bank_seats_meanwhile(server, phone):
    host, newcomer = phone(), phone()
    link = start_game(host, server, ["Ann", "Bob"])
    newcomer.goto(link)
    expect(newcomer.locator(".pick-name button")).to_have_text(["Ann", "Bob"])
    seat_late_player(host, "Dan", "Dog")
    expect(newcomer.locator(".pick-name button")).to_have_text(["Ann", "Bob", "Dan"], timeout=SETTLE)
    assert violations(newcomer) == []
    newcomer.get_by_role("button", name="Dan").click()  # no reload: the list swapped in is the page's
    expect(newcomer.get_by_label("Your cash")).to_have_text("$1,500")


def seat_late_player(host, name, piece, shot=None):
    """The bank, on its Players tab, seats `name` with `piece` (the form filled in, shot first)."""
    host.goto(host.url.replace("/lobby", "/bank"))
    open_tab(host, "Players")
    seats = host.locator(".seating")
    seats.get_by_label("Name").last.fill(name)
    seats.get_by_label("Piece").last.select_option(piece)
    if shot:
        shoot(host, path=shot, full_page=True)
    seats.get_by_role("button", name="Seat them").click()
    expect(host.locator("#toast .toast")).to_contain_text(f"{name} joins the game with $1,500 from the bank")


def test_a_player_leaves_the_game_from_their_phone(server, phone, shots):
    host, ann, bob = phone(), phone(), phone("ko-KR")
    link = start_game(host, server, ["Ann", "Bob", "Cy"])
    join(ann, link, "Ann")
    bob.goto(link)
    bob.get_by_role("button", name="Bob").click()
    open_tab(ann, "My deeds")
    shoot(ann, path=shots / "seating_leave_offered.png", full_page=True)
    ann.get_by_role("button", name="Leave the game").click()
    confirm(ann, "Leave the game for good")
    expect(ann.locator("#toast .toast")).to_contain_text("left the game")
    expect(ann.locator(".card.out")).to_contain_text("Well played, Ann.", timeout=SETTLE)
    expect(bob.locator("#toast .toast")).to_contain_text("Ann", timeout=SETTLE)
    # at once, no reload: nothing left to pay, trade, buy or build, and the page still at its top
    expect(ann.get_by_role("tab")).to_have_text(["Board", "My deeds", "History"])
    expect(ann.locator(".tab-hint")).to_be_hidden()
    expect(ann.locator("#my-deeds")).to_contain_text("No deeds.")
    assert ann.evaluate("scrollY") == 0
    shoot(ann, path=shots / "seating_left.png")
    shoot(bob, path=shots / "seating_left_seen_ko.png")
    open_tab(ann, "Board")
    ann.evaluate("scrollTo(0, document.body.scrollHeight)")
    ann.reload()
    heading = ann.locator(".card.out h2")
    expect(heading).to_be_in_viewport()
    assert ann.evaluate("scrollY") == 0  # opened at its top, the heading clear of the header
    shoot(ann, path=shots / "seating_left_reloaded.png")


def test_a_lost_phone_is_shut_out_by_a_new_qr_code_and_the_new_phone_plays_on(server, phone, shots):
    host, lost = phone(), phone()
    link = start_game(host, server, ["Ann", "Bob"])
    join(lost, link, "Ann")
    host.goto(host.url.replace("/lobby", "/bank"))
    open_tab(host, "Players")
    host.get_by_role("link", name="Ann's QR code").click()
    shoot(host, path=shots / "seat_qr.png", full_page=True)
    host.get_by_role("link", name="Phone lost or stolen? Make a new QR code").click()
    expect(host.locator(".card")).to_contain_text("Give Ann a new QR code?")
    assert violations(host) == []
    shoot(host, path=shots / "seat_new_key_asked.png", full_page=True)
    host.get_by_role("button", name="New QR code for Ann").click()
    expect(host.get_by_role("status")).to_contain_text("no longer act for Ann")
    shoot(host, path=shots / "seat_new_key_made.png", full_page=True)
    assert violations(host) == []
    new_link = host.locator(".link").text_content()

    # the page still open on the lost phone says at once that it no longer acts for Ann: before,
    # it stayed a screen whose every tap was refused, under a "Reconnecting…" that never ended
    expect(lost.get_by_role("heading", name="Not allowed")).to_be_visible(timeout=SETTLE)
    expect(lost.locator("body")).to_contain_text("If the banker made a new QR code for your seat, scan it.")
    expect(lost.get_by_role("button", name="Pay")).to_have_count(0)
    shoot(lost, path=shots / "seat_lost_phone.png", full_page=True)
    found = phone()
    found.goto(new_link)
    found.locator("form.take-seat button").click()
    expect(found.get_by_label("Your cash")).to_have_text("$1,500")
