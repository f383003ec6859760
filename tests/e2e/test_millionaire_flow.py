"""Monopoly Millionaire at the table, phone-sized: its board of 32 spaces, eight to a side."""

from __future__ import annotations

from playwright.sync_api import expect

from banker.editions import custom_edition
from tests.e2e.table import api, open_tab, take_seat
from tests.small_board import small_board

SMALL = {"width": 360, "height": 740}


def millionaire_game(server):
    return api(
        server,
        "/api/games",
        {"players": ["Ann", "Bob"], "preset": "millionaire", "edition": custom_edition(small_board())},
    )


def test_the_board_tab_draws_a_board_of_32_spaces_four_to_a_row(server, phone, shots):
    game = millionaire_game(server)
    ann = phone()
    take_seat(ann, server, game["players"][0]["token"])
    open_tab(ann, "Board")
    spaces = ann.locator(".board .space")
    expect(spaces).to_have_count(32)
    first_row = ann.evaluate(
        "[...document.querySelectorAll('.board .space')].filter("
        "(s) => s.getBoundingClientRect().top === document.querySelector('#space-0').getBoundingClientRect().top"
        ").length"
    )
    assert first_row == 4
    box = ann.locator("#space-31").bounding_box()
    assert box and box["x"] + box["width"] <= 390
    ann.screenshot(path=str(shots / "millionaire-board-390.png"), full_page=True)
    ann.set_viewport_size(SMALL)
    ann.screenshot(path=str(shots / "millionaire-board-360.png"), full_page=True)
