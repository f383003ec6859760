"""Dice on the phones, on the screens: the switch on the New game form, the roll button only when
it is on, the server's dice whatever a phone sends, the roll on every phone, and a utility's rent
on the last roll in one tap."""

from __future__ import annotations

import pytest

from banker.rules.dice import DIE
from tests.support.web import buttons, csrf_token, do, join, join_code, readable, refusal, sent_by, tap, text


class Loaded:
    """Dice that show the faces given, in turn: a test knows what the server throws."""

    def __init__(self, *faces):
        self.faces = list(faces)
        self.asked = []

    def __call__(self, choices):
        self.asked.append(tuple(choices))
        return self.faces.pop(0)


@pytest.fixture
def dice_table(app):
    """Ann, Bob and Cy with dice on the phones, started from the New game form (the host's client
    holds the bank); Ann holds both utilities."""
    host = app.test_client()
    response = host.post(
        "/new", data={"csrf_token": csrf_token(host), "name": ["Ann", "Bob", "Cy"], "phone_dice": "1"}
    )
    game_id = response.headers["Location"].split("/")[2]
    code = join_code(host, game_id)
    phones = {"host": host}
    for player_id, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
        phones[name] = app.test_client()
        join(phones[name], code, player_id)
    for deed in (12, 28):
        do(host, game_id, "bank", type="buy", player=1, deed=deed)
    return {"id": game_id, "service": app.extensions["banker"], **phones}


def test_the_new_game_form_offers_dice_on_the_phones_off_by_default(app):
    host = app.test_client()
    form = text(host.get("/new"))
    assert '<input type="checkbox" name="phone_dice" value="1" >' in form
    assert "Dice on the phones, for a lost die" in form
    response = host.post(
        "/new", data={"csrf_token": csrf_token(host), "name": ["Ann", "Bob"], "phone_dice": "1"}
    )
    game_id = response.headers["Location"].split("/")[2]
    assert app.extensions["banker"].state(game_id).rules.phone_dice is True
    rules = readable(text(host.get(f"/g/{game_id}/rules?view=bank")))
    assert (
        "Lost a die? Any phone can roll the dice: every phone sees the roll, and a utility's rent takes"
        " the payer's last roll." in rules
    )


def test_without_the_switch_no_phone_shows_a_roll_and_the_command_is_refused(app, table):
    assert "roll_dice" not in text(table["Ann"].get(f"/g/{table['id']}"))
    assert "roll_dice" not in text(table["host"].get(f"/g/{table['id']}/bank"))
    response = do(table["Ann"], table["id"], type="roll_dice", player=1)
    assert response.status_code == 409
    assert refusal(response) == "Dice on the phones are off at this table: roll the real dice."


def test_a_roll_shows_on_the_rollers_wallet_and_in_every_phones_history(dice_table):
    game_id = dice_table["id"]
    assert "Roll the dice" in text(dice_table["Bob"].get(f"/g/{game_id}"))
    assert "speed die" not in text(dice_table["Bob"].get(f"/g/{game_id}"))
    dice_table["service"].throw = loaded = Loaded(4, 4)
    # what a phone sends for the faces is not what it rolls
    response = do(dice_table["Bob"], game_id, type="roll_dice", player=2, dice="6,6")
    assert response.status_code == 200
    assert "You rolled 4 + 4 = 8, doubles" in text(response)
    assert loaded.asked == [tuple(DIE), tuple(DIE)]
    assert "Your last roll: 4 + 4 = 8, doubles" in text(dice_table["Bob"].get(f"/g/{game_id}"))
    cy = text(dice_table["Cy"].get(f"/g/{game_id}"))
    assert "Bob rolled 4 + 4 = 8, doubles" in cy and "Your last roll" not in cy


def test_a_jailed_players_doubles_on_the_phone_let_them_out_by_themselves(dice_table):
    """001: 「ゾロ目が出た場合は$50の支払いや釈放券を使用せずに出所となり」: no fine, no tap."""
    game_id, service = dice_table["id"], dice_table["service"]
    do(dice_table["host"], game_id, "bank", type="go_to_jail", player=2)
    service.throw = Loaded(2, 5)
    do(dice_table["Bob"], game_id, type="roll_dice", player=2)
    assert service.state(game_id).player(2).in_jail and "In jail" in text(
        dice_table["Bob"].get(f"/g/{game_id}")
    )
    service.throw = Loaded(3, 3)
    response = do(dice_table["Bob"], game_id, type="roll_dice", player=2)
    assert "You rolled 3 + 3 = 6, doubles; You rolled doubles and are out of jail" in text(response)
    state = service.state(game_id)
    assert not state.player(2).in_jail and state.player(2).cash == 1500
    assert "In jail" not in text(dice_table["Bob"].get(f"/g/{game_id}"))
    assert "Bob rolled doubles and is out of jail" in text(dice_table["Cy"].get(f"/g/{game_id}"))


def test_a_utilitys_rent_takes_the_payers_last_roll_in_one_tap(dice_table):
    game_id = dice_table["id"]
    sheet = tap(dice_table["Bob"], game_id, 28)
    assert buttons(sheet)[1] == "Roll the dice"  # no roll yet: the keypad, or roll now
    dice_table["service"].throw = Loaded(6, 3)
    response = do(dice_table["Bob"], game_id, type="roll_dice", player=2, speed="false", then_space=28)
    assert "You rolled 6 + 3 = 9" in text(response)
    sheet = text(response)  # the sheet comes back with the roll to pay on
    assert buttons(sheet[sheet.index('id="sheet"') :])[1:3] == [
        "Pay on your roll: 6 + 3 = 9 · −$90",
        "Roll the dice",
    ]
    pay = do(dice_table["Bob"], game_id, type="pay_rent", player=2, deed=28, dice=9)
    assert "You paid Ann $90 (rent for Water Works, 10 × 9 on the dice)" in text(pay)
    state = dice_table["service"].state(game_id)
    assert (state.player(1).cash, state.player(2).cash) == (1500 - 150 - 150 + 90, 1500 - 90)


def test_the_speed_die_game_rolls_three_dice_and_pays_a_utility_on_all_three(app):
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], preset="speed", options={"phone_dice": True})
    service.run(game.game.id, game.banker.token, {"type": "buy", "player": 1, "deed": 12})
    bob = app.test_client()
    join(bob, game.game.join_code, 2)
    assert "Roll with the speed die" in text(bob.get(f"/g/{game.game.id}"))
    service.throw = Loaded(6, 6, "3")
    response = do(bob, game.game.id, type="roll_dice", player=2, speed="true")
    assert "You rolled 6 + 6 + 3 = 15, doubles" in text(response)
    sheet = tap(bob, game.game.id, 12)
    assert "Pay on your roll: 6 + 6 + 3 = 15, doubles · −$60" in buttons(sheet)


def test_a_jailed_player_of_the_speed_die_game_is_offered_only_the_two_dice(app):
    """000: 감옥에서 탈출을 시도할 때는 일반 주사위만 굴린다."""
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], preset="speed", options={"phone_dice": True})
    service.run(game.game.id, game.banker.token, {"type": "go_to_jail", "player": 2})
    bob = app.test_client()
    join(bob, game.game.join_code, 2)
    wallet = text(bob.get(f"/g/{game.game.id}"))
    assert "Roll the dice" in wallet and "Roll with the speed die" not in wallet
    response = do(bob, game.game.id, type="roll_dice", player=2, speed="true")
    assert (
        refusal(response) == "You are in jail and roll only the two dice there: roll without the speed die."
    )
    service.throw = Loaded(5, 5)
    response = do(bob, game.game.id, type="roll_dice", player=2)
    assert "You rolled 5 + 5 = 10, doubles; You rolled doubles and are out of jail" in text(response)
    assert "Roll with the speed die" in text(bob.get(f"/g/{game.game.id}"))


def test_a_nearest_utility_card_pays_on_the_roll_after_it_not_the_roll_that_led_to_it(app):
    """The card throws the dice again, all three with the speed die (000): the roll that brought
    Bob to Chance is not the one to pay on, so the sheet offers the roll first."""
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], preset="speed", options={"phone_dice": True})
    game_id = game.game.id
    for deed in (12, 28):
        service.run(game_id, game.banker.token, {"type": "buy", "player": 1, "deed": deed})
    bob = app.test_client()
    join(bob, game.game.join_code, 2)
    service.throw = Loaded(1, 3, "1")
    do(bob, game_id, type="roll_dice", player=2, speed="true")  # 5: Reading Railroad to Chance
    sheet = text(do(bob, game_id, **sent_by(tap(bob, game_id, 7), "Nearest utility")))
    offered = buttons(sheet[sheet.index('id="sheet"') :])
    assert offered[1] == "Roll the dice" and not any(b.startswith("Pay on your roll") for b in offered)
    roll = sent_by(sheet[sheet.index('id="sheet"') :], "Roll the dice")
    assert (roll["speed"], roll["then_card"]) == (True, "nearest_utility")
    service.throw = Loaded(6, 6, "3")
    sheet = text(do(bob, game_id, **{**roll, "speed": "true"}))
    assert (
        buttons(sheet[sheet.index('id="sheet"') :])[1] == "Pay on your roll: 6 + 6 + 3 = 15, doubles · −$150"
    )
    do(bob, game_id, **sent_by(sheet[sheet.index('id="sheet"') :], "Pay on your roll"))
    state = service.state(game_id)
    assert (state.player(1).cash, state.player(2).cash) == (2500 - 150 - 150 + 150, 2500 - 150)


def test_the_bank_rolls_for_the_player_it_acts_for(dice_table):
    game_id = dice_table["id"]
    assert "Roll for" in text(dice_table["host"].get(f"/g/{game_id}/bank"))
    dice_table["service"].throw = Loaded(2, 1)
    response = do(dice_table["host"], game_id, "bank", type="roll_dice", player=3)
    assert "Cy rolled 2 + 1 = 3" in text(response)
    assert dice_table["service"].state(game_id).player(3).roll.dice == (2, 1)


def test_the_api_shows_each_players_last_roll(client, dice_table):
    dice_table["service"].throw = Loaded(3, 3)
    do(dice_table["Bob"], dice_table["id"], type="roll_dice", player=2)
    token = dice_table["service"].seats.of(dice_table["id"])[0].token  # the bank's
    state = client.get(f"/api/games/{dice_table['id']}", headers={"Authorization": f"Bearer {token}"}).json
    rolls = [p["roll"] for p in state["players"]]
    assert rolls == [None, {"dice": [3, 3], "face": None, "total": 6, "named": "doubles"}, None]
    assert state["rules"]["phone_dice"] is True
