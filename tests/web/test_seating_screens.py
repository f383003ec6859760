"""Players come and go on the screens: the bank's Players tab seats a late player, renames one or
lets one go; a player leaves from their own phone; the API hands the bank the late player's seat."""

from __future__ import annotations

import itertools
import re
import time

import pytest
from flask.testing import FlaskClient

from banker.service import GameService
from banker.service.broker import Broker
from banker.service.errors import Forbidden
from banker.service.seats import SEAT_KEY_SECONDS
from banker.service.states import STATES_KEPT
from tests.support.sse import lines_of, messages
from tests.support.web import (
    HTMX,
    csrf_token,
    display_link,
    do,
    join,
    join_code,
    new_game,
    open_display,
    page,
    readable,
    refusal,
    seq,
    take_seat,
    text,
)


def test_the_bank_seats_a_late_player_who_joins_on_a_new_phone(app, table):
    game_id = table["id"]
    bank = page(table["host"], game_id, "/bank")
    assert "A late player" in bank and "They start with $1,500 from the bank" in bank
    reply = do(table["host"], game_id, "bank", type="add_player", name="Dan", piece="Dog")
    assert "Dan joins the game with $1,500 from the bank" in text(reply)
    state = app.extensions["banker"].state(game_id)
    assert state.player(4).cash == 1500 and state.player(4).token == "Dog"
    assert "Dan's QR code" in page(table["host"], game_id, "/bank")
    assert "Dan" in text(app.test_client().get(f"/join/{table['code']}"))
    dan = app.test_client()
    join(dan, table["code"], 4)
    wallet = page(dan, game_id)
    assert 'aria-label="Your cash"' in wallet and "$1,500" in wallet and "Leave the game" in wallet
    bank = readable(page(table["host"], game_id, "/bank"))
    assert "Dog · joined" in bank and "Acting for Ann" in bank and "Ann passed GO" in bank


def test_a_late_seating_undone_is_nobodys_to_join_and_no_longer_counted_as_joined(app, table):
    game_id, code = table["id"], table["code"]
    service = app.extensions["banker"]
    do(table["host"], game_id, "bank", type="add_player", name="Dan")
    join(app.test_client(), code, 4)
    newcomer = app.test_client()
    token = csrf_token(newcomer, f"/join/{code}")  # its join page lists Dan
    while any(p.id == 4 for p in service.state(game_id).players):
        assert do(table["host"], game_id, "bank", type="undo").status_code == 200
    lobby = readable(page(table["host"], game_id, "/lobby"))
    assert "3 of 3 phones joined" in lobby
    before = (seq(app, game_id), [(s.player_id, s.claimed) for s in service.seats.of(game_id)])
    tapped = newcomer.post(f"/join/{code}", data={"csrf_token": token, "player": 4})
    assert tapped.status_code == 409
    assert "The banker took back this seat. Ask the banker to seat you again." in readable(text(tapped))
    assert (seq(app, game_id), [(s.player_id, s.claimed) for s in service.seats.of(game_id)]) == before
    assert "3 of 3 phones joined" in readable(page(table["host"], game_id, "/lobby"))


def test_the_join_screen_open_on_a_newcomers_phone_lists_a_late_player_at_once(app, table):
    """The join screen asks every few seconds, as a screen whose live stream is down does, whether
    the game moved on: nothing to swap while it has not, its names again once it has (a player
    seated by the bank meanwhile was missing until the newcomer reloaded)."""
    game_id, code = table["id"], table["code"]
    newcomer = app.test_client()
    opened = text(newcomer.get(f"/join/{code}"))
    poll = re.search(
        r'<div id="live" hx-get="([^"]+)" hx-trigger="every 5s[^"]*"[^>]*data-seq="(\d+)" data-live', opened
    )
    assert poll, opened
    asked = {"HX-Request": "true"}  # static/js/table.js sends the seq the list shows
    unchanged = newcomer.get(f"{poll.group(1)}?seq={poll.group(2)}", headers=asked)
    assert unchanged.status_code == 204 and "HX-Request" in unchanged.headers["Vary"]
    do(table["host"], game_id, "bank", type="add_player", name="Dan", piece="Dog")
    names = newcomer.get(f"{poll.group(1)}?seq={poll.group(2)}", headers=asked)
    assert names.status_code == 200 and "HX-Request" in names.headers["Vary"]
    assert text(names).startswith('<div id="live"')  # the list alone, in its place
    assert f'data-seq="{seq(app, game_id)}" data-live' in text(names)
    assert re.search(r'<button[^>]*value="4"[^>]*>.*?Dan', text(names), re.S)
    do(table["host"], game_id, "bank", type="end_game")
    ended = newcomer.get(f"{poll.group(1)}?seq={seq(app, game_id) - 1}", headers=asked)
    assert ended.headers["HX-Refresh"] == "true"  # the page again: the final tally, nobody to join


def test_a_newcomer_finding_every_name_taken_is_told_the_banker_adds_them(app, table):
    """A friend arriving late scanned the QR code and saw every name greyed out "already joined",
    under a hint for a player who changed phones: nothing said the banker adds them, nor that the
    screen shows their name once it does."""
    late = "Not on the list? Ask the banker to add you: your name appears here."
    newcomer = app.test_client()
    assert late in readable(text(newcomer.get(f"/join/{table['code']}")))
    host = app.test_client()
    code = join_code(host, new_game(host, "Ann", "Bob"))
    assert late not in readable(text(newcomer.get(f"/join/{code}")))  # a name to tap: not a newcomer


def test_a_look_alike_name_or_a_taken_piece_is_refused_in_words_and_changes_nothing(app, table):
    game_id = table["id"]
    before = seq(app, game_id)
    reply = do(table["host"], game_id, "bank", type="add_player", name="ann")
    assert reply.status_code == 400
    assert refusal(reply) == "There is already a player called Ann: choose another name."
    do(table["host"], game_id, "bank", type="change_player", player=1, name="Ann", piece="Dog")
    reply = do(table["host"], game_id, "bank", type="change_player", player=2, name="Bob", piece="Dog")
    assert refusal(reply) == "Two players have the piece Dog; give each a different piece."
    assert seq(app, game_id) == before + 1


def test_the_banks_name_fields_say_their_limit_and_a_longer_name_is_refused_in_words(app, table):
    """A pasted name was cut to 20 characters by the field without a word."""
    game_id = table["id"]
    bank = page(table["host"], game_id, "/bank")
    fields = re.findall(r'<input name="name"[^>]*>', bank)
    assert len(fields) == 4 and not [
        field for field in fields if "maxlength" in field
    ]  # three renames, a late player
    assert readable(bank).count("Name, at most 20 characters") == 4
    before = seq(app, game_id)
    for command in ({"type": "add_player"}, {"type": "change_player", "player": 2}):
        reply = do(table["host"], game_id, "bank", name="Bartholomew Montgomery", **command)
        assert refusal(reply) == "Names are at most 20 characters: Bartholomew Montgome… is too long."
    assert seq(app, game_id) == before


def test_the_bank_renames_a_player_and_every_screen_says_the_new_name(app, table):
    game_id = table["id"]
    reply = do(table["host"], game_id, "bank", type="change_player", player=2, name="Robert", piece="Boot")
    assert "Bob is now called Robert" in text(reply)
    assert "Robert" in page(table["Ann"], game_id)
    assert page(table["Bob"], game_id).count("Robert") >= 1


def test_a_player_may_only_change_names_through_the_bank(app, table):
    reply = do(table["Bob"], table["id"], type="change_player", player=2, name="Rob")
    assert reply.status_code == 403 and refusal(reply) == "Only the banker can do that."


def test_a_player_leaves_the_game_from_their_own_phone(app, table):
    game_id = table["id"]
    do(table["host"], game_id, "bank", type="buy", player=2, deed=1)
    reply = do(table["Bob"], game_id, type="resign", player=2)
    assert reply.status_code == 200 and "You left the game" in text(reply)
    state = app.extensions["banker"].state(game_id)
    assert state.player(2).resigned and state.auction is not None and state.auction.deed == 1
    wallet = page(table["Bob"], game_id)
    assert "You're out" in wallet and "Leave the game" not in wallet
    assert refusal(do(table["Ann"], game_id, type="resign", player=2)) == (
        "This phone belongs to Ann; it can only act for them."
    )


def test_the_bank_lets_a_player_who_left_go_and_undo_brings_them_back(app, table):
    game_id = table["id"]
    reply = do(table["host"], game_id, "bank", type="resign", player=3)
    assert "Cy left the game" in text(reply)
    assert app.extensions["banker"].state(game_id).player(3).resigned
    bank = page(table["host"], game_id, "/bank")
    assert "Cy leaves the game" not in bank
    # the Players card: the joined say so, and Cy left (read "not joined yet", though he had joined)
    assert "Bob Blue · joined" in readable(bank) and "Cy Green · left the game" in readable(bank)
    do(table["host"], game_id, "bank", type="undo")
    state = app.extensions["banker"].state(game_id)
    assert not state.player(3).bankrupt and state.player(3).cash == 1500


def test_the_api_hands_the_bank_a_late_players_seat(app, client):
    created = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()
    bank = {"Authorization": f"Bearer {created['banker_token']}"}
    answer = client.post(
        f"/api/games/{created['id']}/commands", json={"type": "add_player", "name": "Cy"}, headers=bank
    ).get_json()
    assert answer["seat"]["id"] == 3 and answer["seat"]["name"] == "Cy"
    cy = {"Authorization": f"Bearer {answer['seat']['token']}"}
    state = client.get(f"/api/games/{created['id']}", headers=cy).get_json()
    assert state["players"][2]["cash"] == 1500
    left = client.post(
        f"/api/games/{created['id']}/commands", json={"type": "resign", "player": 3}, headers=cy
    )
    assert left.status_code == 200
    state = client.get(f"/api/games/{created['id']}", headers=bank).get_json()
    assert state["players"][2]["resigned"] and state["players"][2]["bankrupt"]


def test_a_late_players_phone_is_told_when_the_banker_undoes_their_seat(app, table):
    game_id = table["id"]
    do(table["host"], game_id, "bank", type="add_player", name="Dan")
    dan = app.test_client()
    join(dan, table["code"], 4)
    do(table["host"], game_id, "bank", type="undo")
    response = dan.get(f"/g/{game_id}")
    assert response.status_code == 403
    assert "The banker took back this seat. Ask the banker to seat you again." in text(response)
    # the screen still open on his phone: every tap on it is told the same, and so is his seat's key
    key = next(s.token for s in app.extensions["banker"].seats.of(game_id) if s.player_id == 4)
    for tap in (
        dan.get(f"/g/{game_id}/space/1", headers=HTMX),
        dan.get(f"/g/{game_id}/trade/new?to=1", headers=HTMX),
        dan.get(f"/g/{game_id}/pay-with-property", headers=HTMX),
        do(dan, game_id, type="pass_go", player="4"),
        app.test_client().post(
            f"/api/games/{game_id}/commands",
            json={"type": "pass_go", "player": 4},
            headers={"Authorization": f"Bearer {key}"},
        ),
    ):
        assert tap.status_code == 403
        assert "The banker took back this seat. Ask the banker to seat you again." in readable(text(tap))
    # and its join page offers no way back to a wallet it no longer has
    assert "Back to my wallet" not in text(dan.get(f"/join/{table['code']}"))
    assert "Back to my wallet" in text(table["Ann"].get(f"/join/{table['code']}"))
    assert "Dan joins the game" in page(table["host"], game_id, "/history?view=bank")


@pytest.mark.parametrize("again", ["Eve", "Dan"], ids=["another player", "the same name again"])
def test_a_phone_whose_late_seat_was_undone_never_acts_for_whoever_is_seated_there_next(app, table, again):
    """The place's seat kept Dan's key when Eve was seated there, and his phone paid her money
    away. Now his phone is refused, and the place is free on the join screen for the phone of
    whoever sits there (Dan too: the server cannot tell him from his name typed again)."""
    game_id = table["id"]
    do(table["host"], game_id, "bank", type="add_player", name="Dan")
    dan = app.test_client()
    join(dan, table["code"], 4)
    do(table["host"], game_id, "bank", type="undo")
    assert do(table["host"], game_id, "bank", type="add_player", name=again).status_code == 200
    paid = do(dan, game_id, type="pay_bank", player="4", amount="200", reason="Fee")
    assert paid.status_code == 403 and app.extensions["banker"].state(game_id).player(4).cash == 1500
    assert dan.get(f"/g/{game_id}").status_code == 403
    newcomer = app.test_client()
    join(newcomer, table["code"], 4)  # the place is free to take
    assert do(newcomer, game_id, type="pay_bank", player="4", amount="200", reason="Fee").status_code == 200
    # nor does Dan's phone take it by its name: it joined the place's earlier seating
    code = table["code"]
    tapped = dan.post(f"/join/{code}", data={"csrf_token": csrf_token(dan, f"/join/{code}"), "player": 4})
    assert tapped.status_code == 409 and dan.get(f"/g/{game_id}").status_code == 403


def test_a_late_seats_old_link_opens_nothing(app, table):
    game_id = table["id"]
    do(table["host"], game_id, "bank", type="add_player", name="Dan")
    link = "/seat/" + app.extensions["banker"].seats.of(game_id)[4].token
    do(table["host"], game_id, "bank", type="undo")
    do(table["host"], game_id, "bank", type="add_player", name="Eve")
    assert app.test_client().get(link).status_code == 404


# what a stream whose seat is gone is sent last: its page closes it (sse-close) and loads again
CUT_OFF = [("off", "off")]


def late_dans_stream(app, table, meanwhile) -> tuple[FlaskClient, bytes]:
    """Dan seated late, his phone watching while the bank does `meanwhile()`: his phone, and what
    its stream was sent until it ended."""
    game_id = table["id"]
    do(table["host"], game_id, "bank", type="add_player", name="Dan")
    dan = app.test_client()
    join(dan, table["code"], 4)
    app.config["STREAM_SECONDS"] = 5
    stream = dan.get(f"/g/{game_id}/stream?seq={seq(app, game_id)}&view=player", buffered=False)
    try:
        readline = lines_of(stream.response)
        while not readline().startswith(b":"):
            pass  # Dan's phone is watching
        meanwhile()
        return dan, b"".join(iter(readline, b""))
    finally:
        stream.close()


def test_a_live_stream_whose_seat_was_given_to_another_closes_showing_nothing(app, table):
    """Dan's phone watching while his seating is undone and Eve seated in his place (and the game
    goes on past what a stream is brought through step by step): it was pushed Eve's screen."""

    def eve_in_his_place():
        do(table["host"], table["id"], "bank", type="undo")
        do(table["host"], table["id"], "bank", type="add_player", name="Eve")
        for _ in range(STATES_KEPT):
            do(table["host"], table["id"], "bank", type="pass_go", player="4")

    _, pushed = late_dans_stream(app, table, eve_in_his_place)
    assert [(m.event, m.data) for m in messages(pushed)] == CUT_OFF  # and none of Eve's screen


def test_a_late_players_stream_ends_when_the_bank_undoes_the_seating_and_is_not_opened_again(app, table):
    """It drew the next change for a player no longer in the game, and failed; its page, opening it
    again every second, showed "Reconnecting…" over a screen refusing every tap. It is told to
    stop (its page then loads itself again: "The banker took back this seat")."""

    def undone():
        do(table["host"], table["id"], "bank", type="undo")

    dan, pushed = late_dans_stream(app, table, undone)
    assert [(m.event, m.data) for m in messages(pushed)] == CUT_OFF  # it ends, with no error
    again = dan.get(f"/g/{table['id']}/stream?seq={seq(app, table['id'])}&view=player")
    assert again.status_code == 403
    assert "The banker took back this seat" in readable(again.get_data(as_text=True))


def test_a_phone_whose_late_seat_was_given_again_takes_its_new_seat_from_the_banks_qr_code(app, table):
    """Dan seated again after an undo: his phone, still holding the old key, opens the link of his
    new seat and takes it, as any phone does."""
    game_id = table["id"]
    do(table["host"], game_id, "bank", type="add_player", name="Dan")
    dan = app.test_client()
    join(dan, table["code"], 4)
    do(table["host"], game_id, "bank", type="undo")
    do(table["host"], game_id, "bank", type="add_player", name="Dan")
    link = "/seat/" + app.extensions["banker"].seats.of(game_id)[4].token
    assert link in text(table["host"].get(f"/g/{game_id}/seats/4"))
    assert dan.get(link).status_code == 200
    take_seat(dan, link)
    assert do(dan, game_id, type="pay_bank", player="4", amount="200", reason="Fee").status_code == 200


def test_a_player_who_left_is_offered_nothing_to_buy_build_or_pay(app, table):
    do(table["Bob"], table["id"], type="resign", player=2)
    wallet = page(table["Bob"], table["id"])
    assert "You're out" in wallet and "No deeds." in wallet
    for offered in (
        "Tap a space on the board to buy it.",
        "Tap a deed to build or mortgage.",
        "Where did you land?",
    ):
        assert offered not in wallet
    assert 'id="tab-pay"' not in wallet and '"type": "pay_tax"' not in wallet and 'data-hint=""' in wallet


def test_a_phone_seated_by_its_players_link_counts_as_joined_and_the_join_screen_says_so(app, client):
    """Bob's seat taken from his QR code on the bank (a lost phone, or a host seating players so)
    stayed "not joined yet", and the join screen still offered his name to any phone."""
    created = client.post("/api/games", json={"players": ["Ann", "Bob"]}).get_json()
    game_id, code = created["id"], created["join_code"]
    link = f"/seat/{created['players'][1]['token']}"
    bob = app.test_client()
    assert bob.get(link).status_code == 200  # looking at the link takes nothing
    assert [s.claimed for s in app.extensions["banker"].seats.of(game_id)] == [True, False, False]  # the bank
    host = app.test_client()
    take_seat(host, f"/seat/{created['banker_token']}")
    assert "Bob scans this with their phone to take their seat." in readable(page(host, game_id, "/seats/2"))
    take_seat(bob, link)
    assert [s.claimed for s in app.extensions["banker"].seats.of(game_id)] == [True, False, True]
    assert "Bob already joined" in readable(text(app.test_client().get(f"/join/{code}")))
    assert "with the new phone to take their seat back" in readable(page(host, game_id, "/seats/2"))


def test_a_lost_phone_is_cut_off_by_a_new_qr_code_and_the_new_phone_plays_on(app, table):
    """Ann's phone lost (or in someone else's pocket): her QR code on the bank was the same key,
    and the lost phone went on paying as Ann."""
    game_id, host, lost = table["id"], table["host"], table["Ann"]
    old = app.extensions["banker"].seats.of(game_id)[1].token
    shown = readable(page(host, game_id, "/seats/1"))
    assert "Phone lost or stolen? Make a new QR code" in shown
    asked = readable(page(host, game_id, "/seats/1?new=ask"))
    assert "Give Ann a new QR code? The phone that has the seat now stops acting for Ann." in asked
    assert old not in asked  # no code shown while the bank decides: it is the key about to go
    assert app.extensions["banker"].seats.of(game_id)[1].token == old  # asking changes nothing
    assert do(lost, game_id, type="pay_bank", player="1", amount="10", reason="Fee").status_code == 200
    token = csrf_token(host, f"/g/{game_id}/seats/1?new=ask")
    made = host.post(f"/g/{game_id}/seats/1", data={"csrf_token": token}, follow_redirects=True)
    new = app.extensions["banker"].seats.of(game_id)[1].token
    assert new != old and f"/seat/{new}" in text(made) and f"/seat/{old}" not in text(made)
    assert "the old one, and every phone that used it, no longer act for Ann" in readable(text(made))
    # every phone's history tells it, as the new key and its action are stored together
    told = "The bank made a new QR code for Ann: the old one no longer acts for them"
    assert told in readable(page(table["Bob"], game_id, "/history"))
    log = app.extensions["banker"].log.file_actions(game_id)
    assert log[-1].command == {"type": "replace_key", "player": 1} and log[-1].by == 0
    before = seq(app, game_id)
    refused = do(lost, game_id, type="pay_bank", player="1", amount="10", reason="Fee")
    assert refused.status_code == 403 and seq(app, game_id) == before
    assert lost.get(f"/g/{game_id}").status_code == 403
    assert app.test_client().get(f"/seat/{old}").status_code == 404
    assert "Ann" not in re.findall(
        r'name="player"[^>]*>\s*([^<]*)', text(app.test_client().get(f"/join/{table['code']}"))
    )
    found = app.test_client()
    take_seat(found, f"/seat/{new}")
    assert do(found, game_id, type="pay_bank", player="1", amount="10", reason="Fee").status_code == 200
    assert app.extensions["banker"].state(game_id).player(1).cash == 1480


def test_a_lost_bank_phone_is_cut_off_by_a_new_bank_qr_code_and_this_one_stays_the_bank(app, table):
    """The bank on the host's laptop and on a phone that is then lost: the laptop makes a new bank
    QR code, the lost phone acts as the bank no more, and the laptop plays on as the bank."""
    game_id, laptop = table["id"], table["host"]
    old = app.extensions["banker"].seats.bank_seat(game_id).token
    shown = readable(page(laptop, game_id, "/bank"))
    assert "The bank's QR code" in shown and "can be the bank too" in shown
    qr_page = readable(page(laptop, game_id, "/bank-key"))
    assert f"/seat/{old}" in qr_page and "Scan it with another phone to make it the bank too." in qr_page
    lost = app.test_client()
    take_seat(lost, f"/seat/{old}")  # the phone that then goes missing, a bank too
    assert do(lost, game_id, "bank", type="pass_go", player="1").status_code == 200
    asked = readable(page(laptop, game_id, "/bank-key?new=ask"))
    assert "Every other phone with the bank's seat stops acting as the bank; this one keeps it." in asked
    assert old not in asked  # no code shown while the bank decides: it is the key about to go
    before = seq(app, game_id)
    token = csrf_token(laptop, f"/g/{game_id}/bank-key?new=ask")
    made = laptop.post(f"/g/{game_id}/bank-key", data={"csrf_token": token}, follow_redirects=True)
    new = app.extensions["banker"].seats.bank_seat(game_id).token
    assert new != old and f"/seat/{new}" in text(made) and f"/seat/{old}" not in text(made)
    assert "the old one, and every other phone that used it, no longer act as the bank" in readable(
        text(made)
    )
    assert seq(app, game_id) == before + 1  # the new key is an action of the log
    told = "The bank made a new bank QR code: phones with the old one no longer act as the bank"
    assert told in readable(page(table["Bob"], game_id, "/history"))
    refused = do(lost, game_id, "bank", type="pass_go", player="1")
    assert refused.status_code == 403 and seq(app, game_id) == before + 1
    refused = lost.get(f"/g/{game_id}/bank")
    assert refused.status_code == 403
    assert "That bank key is not valid for this game. If the bank made a new bank QR code, scan it" in (
        readable(text(refused))
    )
    assert do(laptop, game_id, "bank", type="pass_go", player="1").status_code == 200
    assert app.extensions["banker"].state(game_id).player(1).cash == 1900
    # only the bank makes one: a player's phone is refused, and nothing changes
    bob = table["Bob"]
    assert bob.get(f"/g/{game_id}/bank-key").status_code == 403
    refused = bob.post(f"/g/{game_id}/bank-key", data={"csrf_token": csrf_token(bob, f"/g/{game_id}")})
    assert refused.status_code == 403 and app.extensions["banker"].seats.bank_seat(game_id).token == new


def test_only_the_bank_makes_a_new_qr_code_and_only_for_a_player(app, table):
    game_id, host = table["id"], table["host"]
    keys = [s.token for s in app.extensions["banker"].seats.of(game_id)]
    bob = table["Bob"]
    token = csrf_token(bob, f"/g/{game_id}")
    assert bob.post(f"/g/{game_id}/seats/1", data={"csrf_token": token}).status_code == 403
    assert host.post(f"/g/{game_id}/seats/1").status_code == 400  # no CSRF token
    token = csrf_token(host, f"/g/{game_id}/bank")
    for nobody in (0, 9):  # as the bank's page of that QR code answers
        refused = host.post(f"/g/{game_id}/seats/{nobody}", data={"csrf_token": token})
        assert refused.status_code == 409
        assert f"There is no player {nobody} in this game." in readable(text(refused))
    assert host.post(f"/g/{game_id}/seats/{2**70}", data={"csrf_token": token}).status_code == 404
    assert [s.token for s in app.extensions["banker"].seats.of(game_id)] == keys


def test_a_key_replaced_on_another_server_stops_that_servers_phones_within_a_second(app, table):
    game_id, here = table["id"], app.extensions["banker"]
    now = [100.0]
    other = GameService(here.engine, Broker())  # another server's
    other.seats.monotonic = lambda: now[0]
    old = here.seats.of(game_id)[1].token
    assert other.seats.seat(game_id, old).player_id == 1
    here.replace_key(game_id, 1)
    new = here.seats.of(game_id)[1].token
    now[0] += SEAT_KEY_SECONDS / 2
    assert other.seats.seat(game_id, old).player_id == 1  # read half a second ago
    now[0] += SEAT_KEY_SECONDS / 2
    with pytest.raises(Forbidden):
        other.seats.seat(game_id, old)
    assert other.seats.seat(game_id, new).player_id == 1
    # the server that made the new key knows at once
    other.replace_key(game_id, 1)
    newer = other.seats.of(game_id)[1].token
    with pytest.raises(Forbidden):
        other.seats.seat(game_id, new)
    assert other.seats.seat(game_id, newer).player_id == 1


def test_the_lost_phones_live_stream_ends_when_the_bank_makes_a_new_qr_code(app, table):
    """The lost phone kept its live stream, and with it every change of the game, Ann's own."""
    game_id, host = table["id"], table["host"]
    app.config["STREAM_SECONDS"] = 5
    stream = table["Ann"].get(f"/g/{game_id}/stream?seq={seq(app, game_id)}&view=player", buffered=False)
    try:
        readline = lines_of(stream.response)
        while not readline().startswith(b":"):
            pass  # the lost phone is watching
        token = csrf_token(host, f"/g/{game_id}/bank")
        assert host.post(f"/g/{game_id}/seats/1", data={"csrf_token": token}).status_code == 303
        service = app.extensions["banker"]  # (a second page in this thread would share the stream's `g`)
        service.run(
            game_id,
            service.seats.of(game_id)[2].token,
            {"type": "pay_player", "player": 2, "to": 1, "amount": 50},
        )
        pushed = b"".join(iter(readline, b""))
    finally:
        stream.close()
    assert [(m.event, m.data) for m in messages(pushed)] == CUT_OFF  # and not Bob's payment to Ann


@pytest.mark.parametrize("screen", ["player", "display"])
def test_a_screen_watching_a_game_that_is_deleted_is_told_so_and_its_stream_ends(app, clock, table, screen):
    """A game pruned (untouched for the days the server keeps games) while a phone or the table
    display still showed it: its stream failed on the missing game with an error in the server's
    log, and the page, "Reconnecting…", asked again for ever. It now ends as for a seat gone, and
    the page's next load says there is no such game."""
    game_id, service = table["id"], app.extensions["banker"]
    watching = table["Ann"]
    if screen == "display":
        watching = open_display(app, game_id, display_link(table["host"], game_id))
    # every read of a key or a display link too old to be remembered
    service.seats.monotonic = itertools.count(time.monotonic(), 2 * SEAT_KEY_SECONDS).__next__
    app.config["STREAM_SECONDS"] = 5
    stream = watching.get(f"/g/{game_id}/stream?seq={seq(app, game_id)}&view={screen}", buffered=False)
    try:
        readline = lines_of(stream.response)
        while not readline().startswith(b":"):
            pass  # the screen is watching
        clock.advance(31 * 24 * 60 * 60)
        assert [game.id for game in service.prune(30)] == [game_id]
        pushed = b"".join(iter(readline, b""))
    finally:
        stream.close()
    assert [(m.event, m.data) for m in messages(pushed)] == CUT_OFF
    gone = watching.get(f"/g/{game_id}" + ("/display" if screen == "display" else ""))
    assert gone.status_code == 404 and "There is no such game" in readable(text(gone))
