"""The speed die's moves on the board's sheets: Mr. Monopoly in one tap from the space the piece is
on, opening the deed he goes to (to buy, or to pay its rent), and triples to any space."""

from __future__ import annotations

import pytest

from tests.support.web import buttons, do, join, refusals, tap, text

CHANCE, VERMONT, INDIANA, ILLINOIS, B_AND_O, BOARDWALK = 7, 8, 23, 24, 25, 39


@pytest.fixture
def speed(app):
    """A speed-die game for Ann and Bob, Bob's phone joined; the bank's token to set the board."""
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], preset="speed", options={"starting_cash": 10_000})
    bob = app.test_client()
    join(bob, game.game.join_code, 2)
    return {"id": game.game.id, "bank": game.banker.token, "service": service, "Bob": bob}


def setting(speed, *commands):
    for command in commands:
        speed["service"].run(speed["id"], speed["bank"], command)


def test_a_sheet_offers_mr_monopoly_to_the_nearest_deed_nobody_owns_and_triples_here(speed):
    sheet = tap(speed["Bob"], speed["id"], CHANCE)
    assert buttons(sheet)[1:3] == ["Mr. Monopoly: on to Vermont Avenue", "Triples: moved here"]


def test_mr_monopoly_in_one_tap_opens_the_deed_to_buy(speed):
    response = do(
        speed["Bob"], speed["id"], type="mr_monopoly", player=2, from_space=CHANCE, then_space=VERMONT
    )
    answer = text(response)
    assert "Mr. Monopoly sent Bob from Chance on to Vermont Avenue" in answer
    assert '<h2 id="sheet-title" tabindex="-1">Vermont Avenue</h2>' in answer
    assert "Buy for $100" in buttons(answer[answer.index('id="sheet"') :])


def test_with_every_deed_owned_mr_monopoly_opens_the_rent_to_pay(speed):
    deeds = [d.position for d in speed["service"].state(speed["id"]).edition.deeds]
    setting(
        speed,
        *({"type": "buy", "player": 2 if p in (INDIANA, ILLINOIS) else 1, "deed": p} for p in deeds),
    )
    sheet = tap(speed["Bob"], speed["id"], 22)  # the second Chance
    assert buttons(sheet)[1] == "Mr. Monopoly: on to B. & O. Railroad"
    answer = text(
        do(speed["Bob"], speed["id"], type="mr_monopoly", player=2, from_space=22, then_space=B_AND_O)
    )
    assert "Pay Ann rent · −$200" in buttons(answer[answer.index('id="sheet"') :])


def test_with_every_other_players_deed_mortgaged_mr_monopoly_says_he_does_not_move(speed):
    deeds = [d.position for d in speed["service"].state(speed["id"]).edition.deeds]
    setting(
        speed,
        *({"type": "buy", "player": 2 if p == INDIANA else 1, "deed": p} for p in deeds),
        *({"type": "mortgage", "deed": p} for p in deeds if p != INDIANA),
    )
    sheet = tap(speed["Bob"], speed["id"], 22)
    assert "Every deed of the other players is mortgaged: Mr. Monopoly does not move." in refusals(sheet)


def test_triples_to_a_space_pay_no_salary_and_open_it(speed):
    answer = text(
        do(speed["Bob"], speed["id"], type="triples_move", player=2, to=BOARDWALK, then_space=BOARDWALK)
    )
    assert "Bob rolled triples and moved to Boardwalk" in answer
    assert '<h2 id="sheet-title" tabindex="-1">Boardwalk</h2>' in answer
    assert speed["service"].state(speed["id"]).player(2).cash == 10_000


def test_triples_to_go_pay_the_salary_and_close_the_sheet(speed):
    sheet = tap(speed["Bob"], speed["id"], 0)
    assert "Triples: moved here · +$200" in buttons(sheet)
    answer = text(do(speed["Bob"], speed["id"], type="triples_move", player=2, to=0))
    assert "sheet-title" not in answer
    assert speed["service"].state(speed["id"]).player(2).cash == 10_200


def test_a_game_without_the_speed_die_offers_neither(app, table):
    sheet = tap(table["Ann"], table["id"], CHANCE)
    assert "Mr. Monopoly" not in sheet and "Triples" not in sheet


def test_the_rules_page_says_how_mr_monopoly_and_triples_move(speed):
    rules = " ".join(text(speed["Bob"].get(f"/g/{speed['id']}/rules")).split())
    assert (
        "Mr. Monopoly takes you on to the nearest deed nobody owns, or with none left to the nearest"
        " unmortgaged deed of another player, for its rent; triples move you to any space, with no"
        " salary unless you choose GO." in rules
    )
