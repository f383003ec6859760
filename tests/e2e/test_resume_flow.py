"""Save, move, resume in the browser: the bank downloads the game from its More tab, and another
browser (as on another server) uploads it on the New game screen and is the bank of the same game,
under a new join code."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import expect

from tests.support.browser import (
    SETTLE,
    a_game_under_way,
    cash_of,
    no_sideways_scroll,
    open_tab,
    shoot,
    take_seat,
)


def in_both_schemes(shown, page, path):
    """A screenshot of `shown` in the dark scheme and another in the light one (`path`: a name
    with {scheme} in it): nothing but the colours changes between them."""
    for scheme in ("dark", "light"):
        page.emulate_media(color_scheme=scheme)
        shoot(shown, path=str(path).format(scheme=scheme), animations="disabled")


def test_the_bank_downloads_the_game_and_another_browser_resumes_it(server, phone, shots, tmp_path):
    game = a_game_under_way(server)
    host = phone()
    take_seat(host, server, game["banker_token"])
    host.goto(f"{server.url}/g/{game['id']}/bank")
    open_tab(host, "More")
    card = host.locator("section.card", has=host.get_by_role("heading", name="Save, move, resume"))
    expect(card).to_be_visible()
    in_both_schemes(card, host, shots / "bank_save_card_{scheme}.png")
    with host.expect_download() as download:
        card.get_by_role("link", name="Download the game").click()
    saved = tmp_path / download.value.suggested_filename
    download.value.save_as(saved)
    assert saved.name == f"banker-game-{game['join_code']}.json"
    assert json.loads(saved.read_text())["format"] == "banker-game"

    elsewhere = phone()
    elsewhere.goto(f"{server.url}/new")
    resume = elsewhere.locator("#resume")
    resume.scroll_into_view_if_needed()
    in_both_schemes(resume, elsewhere, shots / "resume_form_{scheme}.png")
    resume.get_by_label("Game file (JSON)").set_input_files(saved)
    resume.get_by_role("button", name="Resume the game").click()
    elsewhere.wait_for_url(f"{server.url}/g/*/bank")
    new_id = elsewhere.url.split("/")[-2]
    assert new_id != game["id"]
    expect(cash_of(elsewhere, 1).first).to_have_text("$1,290", timeout=SETTLE)
    expect(cash_of(elsewhere, 2).first).to_have_text(cash_of(host, 2).first.inner_text())
    in_both_schemes(elsewhere, elsewhere, shots / "resumed_bank_{scheme}.png")

    # a file that is not a game is refused on the form, saying so
    bad = tmp_path / "edition.json"
    bad.write_text('{"edition": "Springfield"}')
    elsewhere.goto(f"{server.url}/new")
    elsewhere.locator("#resume").get_by_label("Game file (JSON)").set_input_files(bad)
    elsewhere.locator("#resume").get_by_role("button", name="Resume the game").click()
    refused = elsewhere.locator("#resume [role=alert]")
    expect(refused).to_contain_text("This is not a Banker game file.")
    expect(refused).to_be_in_viewport()  # the page opens on it, not at the top of the New game form
    in_both_schemes(elsewhere.locator("#resume"), elsewhere, shots / "resume_refused_{scheme}.png")
    assert no_sideways_scroll(elsewhere)


@pytest.mark.parametrize(
    ("locale", "heading"), [("ko-KR", "저장한 게임 이어하기"), ("ja-JP", "保存したゲームを再開")]
)
def test_the_resume_form_in_korean_and_japanese(server, phone, shots, locale, heading):
    page = phone(locale)
    for width, height in ((390, 844), (360, 740)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{server.url}/new")
        resume = page.locator("#resume")
        expect(resume.get_by_role("heading", name=heading)).to_be_visible()
        resume.scroll_into_view_if_needed()
        shoot(resume, path=shots / f"resume_form_{locale}_{width}.png")
    assert no_sideways_scroll(page)
