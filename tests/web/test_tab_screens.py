"""The screens as tabs, and the bank naming the player it acts for, as the server renders them."""

from __future__ import annotations

import re

from tests.support.web import text


def tabs_and_panels(page: str) -> tuple[list[tuple[str, str]], list[str]]:
    tabs = re.findall(r'role="tab" id="tab-(\w+)" aria-controls="panel-(\w+)"', page)
    panels = re.findall(r'role="tabpanel" id="panel-(\w+)" aria-labelledby="tab-\1"', page)
    return tabs, panels


def test_a_players_screen_is_five_tabs_each_with_its_panel(table):
    page = text(table["Ann"].get(f"/g/{table['id']}"))
    tabs, panels = tabs_and_panels(page)
    assert tabs == [(t, t) for t in ("board", "deeds", "pay", "trade", "history")]
    assert sorted(panels) == sorted(t for t, _ in tabs)
    assert 'role="tablist"' in page and 'aria-selected="true" data-tab="board"' in page
    assert 'data-tab="board"' in page.split("<body")[1].split(">")[0]  # the body shows the board first


def test_the_bank_is_tabs_too_and_every_money_button_names_the_player_it_acts_for(table):
    page = text(table["host"].get(f"/g/{table['id']}/bank"))
    tabs, panels = tabs_and_panels(page)
    assert [t for t, _ in tabs] == ["board", "players", "pay", "trade", "more"]
    assert sorted(panels) == sorted(t for t, _ in tabs)
    named = "<b data-acting-name>Ann</b>"
    assert f"Acting for {named}" in page
    assert f"{named} passed GO" in page
    assert f"{named} pays Income Tax" in page and f"{named} pays Jail fine" in page
    assert page.count(f">{named} pays</span></button>") == 2 and f">{named} collects</span></button>" in page
    assert '<label class="chip" hidden><input type="radio" name="to" value="1"' in page  # not paying herself
    assert "Passed GO <" not in page and '\n    <button class="btn">Pay</button>' not in page


def test_the_bank_acts_for_the_player_its_cookie_names_after_a_reload(table):
    host = table["host"]
    host.set_cookie("acting", "2", path=f"/g/{table['id']}/bank")
    page = text(host.get(f"/g/{table['id']}/bank"))
    assert "<b data-acting-name>Bob</b> passed GO" in page
    assert re.search(r'value="2" data-name="Bob" checked', page)
    assert not re.search(r'value="1" data-name="Ann" checked', page)
    host.set_cookie("acting", "9", path=f"/g/{table['id']}/bank")  # no such player: the first
    assert "<b data-acting-name>Ann</b> passed GO" in text(host.get(f"/g/{table['id']}/bank"))


def test_the_bank_in_korean_and_japanese_names_the_player_in_each_languages_order(table):
    host = table["host"]
    korean = text(host.get(f"/g/{table['id']}/bank", headers={"Accept-Language": "ko"}))
    japanese = text(host.get(f"/g/{table['id']}/bank", headers={"Accept-Language": "ja"}))
    named = "<b data-acting-name>Ann</b>"
    assert f"{named} GO 통과" in korean and f"{named}: 소득세 납부" in korean
    assert f"{named}がGO通過" in japanese and f">{named}が支払う</span></button>" in japanese
