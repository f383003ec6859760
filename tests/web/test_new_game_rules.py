"""Choosing how to play at "New game": presets, house rules, a timed game's clock."""

from __future__ import annotations

import pytest

from tests.web.helpers import csrf_token, readable, text


def start(client, **fields):
    data = {"csrf_token": csrf_token(client), "name": ["Ann", "Bob"], **fields}
    return client.post("/new", data=data)


def game_of(app, response):
    game_id = response.headers["Location"].split("/")[2]
    return game_id, app.extensions["banker"].state(game_id)


def test_the_form_offers_every_preset_with_a_line_on_each(client):
    html = text(client.get("/new"))
    for label in (
        "Classic",
        "JMA tournament",
        "Speed die",
        "Short game",
        "Timed game",
        "Monopoly 2.0",
        "Millionaire",
    ):
        assert f"<strong>{label}</strong>" in html
    assert "House rules" in html and "No auctions: a declined deed stays with the bank" in html


def test_a_house_rule_switch_and_amounts_reach_the_rules(app, client):
    response = start(client, preset="classic", no_auctions="1", starting_cash="2,000", salary="$250")
    assert response.status_code == 303, text(response)
    _, state = game_of(app, response)
    assert state.rules.auctions is False and state.rules.starting_cash == 2000 and state.rules.salary == 250


def test_a_timed_game_gets_its_end_time_from_the_minutes(app, client, clock):
    _, state = game_of(app, start(client, preset="timed", minutes="45"))
    assert state.rules.end_at == int(clock() + 45 * 60)
    _, state = game_of(app, start(client, preset="timed"))
    assert state.rules.end_at == int(clock() + 90 * 60)  # the default


def test_minutes_typed_for_a_timed_game_do_not_time_another(app, client):
    # the form hides the minutes once another preset is ticked, but still sends them
    _, state = game_of(app, start(client, preset="classic", minutes="45"))
    assert state.rules.end_at == 0


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"preset": "timed", "minutes": "2"}, "A timed game lasts 5 to 1,440 minutes."),
        ({"starting_cash": "lots"}, "Starting cash must be a whole number."),
        ({"preset": "poker"}, "There is no preset called &#39;poker&#39;"),
    ],
)
def test_bad_choices_are_refused_on_the_form_and_kept(client, fields, message):
    response = start(client, **fields)
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)
    assert 'value="Ann"' in response.get_data(as_text=True)


def test_every_screen_shows_the_rules_badge_and_the_rules_page_lists_them(app, client):
    game_id, _ = game_of(app, start(client, preset="jma"))
    bank = text(client.get(f"/g/{game_id}/bank"))
    assert ">JMA tournament</span></a>" in bank
    rules = readable(text(client.get(f"/g/{game_id}/rules?view=bank")))
    assert "Auction step $10" in rules and "Tournament trade limits yes" in rules


def test_the_rules_page_reads_in_the_games_money_and_leaves_out_what_is_not_in_play(app, client):
    game_id, _ = game_of(app, start(client, preset="classic", currency="KRW", free_parking_jackpot="1"))
    rules = readable(text(client.get(f"/g/{game_id}/rules?view=bank")))
    assert "Starting cash ₩1,500,000" in rules and "Jail fine ₩50,000" in rules
    assert "Jackpot seed ₩0" in rules  # the jackpot is on, so its seed is shown
    assert "Deeds dealt at the start off" in rules and "Richest by net worth" in rules
    assert "Money Won: ₩1,500,000" in rules and "End time no clock" in rules
    assert "Token level cost" not in rules  # no token levels in a classic game
    plain = readable(
        text(client.get(f"/g/{game_of(app, start(client, preset='classic'))[0]}/rules?view=bank"))
    )
    assert "Jackpot seed" not in plain and "Free Parking jackpot no" in plain


def test_every_house_rule_switch_sets_its_option(app, client):
    switches = (
        "free_parking_jackpot",
        "just_go",
        "income_tax_percent",
        "build_without_group",
        "uneven_building",
    )
    response = start(client, preset="classic", jackpot_seed="500", **{name: "1" for name in switches})
    assert response.status_code == 303, text(response)
    _, state = game_of(app, response)
    rules = state.rules
    assert (rules.free_parking_jackpot, rules.just_go, rules.build_without_group, rules.uneven_building) == (
        True,
        True,
        True,
        True,
    )
    assert rules.income_tax_percent == 10 and rules.jackpot_seed == 500 and state.free_parking == 500
