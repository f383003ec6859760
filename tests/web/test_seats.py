"""The seats a phone holds: the bounded seat cookie, and seat links taken with a tap."""

from __future__ import annotations

import re
import secrets
import time

from banker.web.http.seats import GAMES_KEPT
from banker.web.http.security import DAY
from tests.support.web import as_banker, csrf_token, join, join_code, new_game, readable, seq, take_seat, text


def test_the_seat_cookie_keeps_the_most_recent_games_well_under_a_browsers_4_kb(app, client):
    games = []
    for _ in range(GAMES_KEPT + 10):
        game_id = new_game(client, "Ann", "Bob")
        join(client, join_code(client, game_id), 1)  # a bank and a player seat in every game
        games.append(game_id)
    assert len(client.get_cookie("session").value) < 2048
    recent, older = games[-GAMES_KEPT:], games[:-GAMES_KEPT]
    for game_id in recent:
        assert client.get(f"/g/{game_id}/bank").status_code == 200
        assert 'aria-label="Your cash"' in text(client.get(f"/g/{game_id}"))
    for game_id in older:
        assert client.get(f"/g/{game_id}/bank").status_code == 403
    home = text(client.get("/"))
    assert all(f"/g/{game_id}" in home for game_id in recent)
    assert not any(f"/g/{game_id}" in home for game_id in older)

    oldest = games[0]  # its seat link brings it back, as the newest
    bank_token = app.extensions["banker"].seats.of(oldest)[0].token
    take_seat(client, f"/seat/{bank_token}")
    assert client.get(f"/g/{oldest}/bank").status_code == 200
    assert client.get(f"/g/{games[-GAMES_KEPT]}/bank").status_code == 403


def test_a_seat_cookie_from_before_the_bound_still_opens_its_games(app, client):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    bank_token = app.extensions["banker"].seats.of(game_id)[0].token
    with client.session_transaction() as session:
        session["seats"] = {game_id: {"bank": bank_token}}
    assert client.get(f"/g/{game_id}/bank").status_code == 200
    join(client, join_code(client, game_id), 2)
    assert 'aria-label="Your cash"' in text(client.get(f"/g/{game_id}"))
    assert client.get(f"/g/{game_id}/bank").status_code == 200


def test_a_seat_link_asks_before_it_takes_the_seat(app, table):
    ann_link = f"/seat/{app.extensions['banker'].seats.of(table['id'])[1].token}"
    phone = app.test_client()
    asked = phone.get(ann_link)
    assert asked.status_code == 200
    page = readable(text(asked))
    assert "Take Ann's seat on this phone?" in page and "In the game of Ann, Bob and Cy." in page
    assert phone.get(f"/g/{table['id']}").status_code == 403  # opening the link took nothing
    taken = take_seat(phone, ann_link)
    assert taken.status_code == 303 and taken.headers["Location"] == f"/g/{table['id']}"
    assert 'aria-label="Your cash"' in text(phone.get(f"/g/{table['id']}"))
    assert phone.get(ann_link).headers["Location"] == f"/g/{table['id']}"  # held already: straight in


def test_a_seat_link_says_whose_seat_it_replaces_and_keeps_it_until_the_tap(app, table):
    ann_link = f"/seat/{app.extensions['banker'].seats.of(table['id'])[1].token}"
    bob = table["Bob"]
    page = readable(text(bob.get(ann_link)))
    assert "This phone is Bob's wallet now; it will stop being Bob's." in page
    assert "Bob" in readable(text(bob.get(f"/g/{table['id']}")).split("Your cash")[0])
    refused = bob.post(ann_link)  # no CSRF token: a link in a forged page takes nothing
    assert refused.status_code == 400
    assert take_seat(bob, ann_link).status_code == 303
    assert bob.get(f"/g/{table['id']}/seats/1").status_code == 403  # still no bank


def test_the_banks_seat_link_asks_to_run_the_bank_then_opens_it(app, table):
    bank_link = f"/seat/{app.extensions['banker'].seats.of(table['id'])[0].token}"
    phone = app.test_client()
    assert "Run the bank on this phone?" in readable(text(phone.get(bank_link)))
    assert phone.get(f"/g/{table['id']}/bank").status_code == 403
    taken = take_seat(phone, bank_link)
    assert taken.headers["Location"] == f"/g/{table['id']}/bank"
    assert phone.get(f"/g/{table['id']}/bank").status_code == 200


def test_taking_a_made_up_seat_link_counts_towards_the_brake(app):
    guesser = app.test_client()
    token = csrf_token(guesser)
    for _ in range(20):
        made_up = "/seat/" + secrets.token_urlsafe(24)
        assert guesser.post(made_up, data={"csrf_token": token}).status_code == 404
    assert guesser.post("/seat/" + secrets.token_urlsafe(24), data={"csrf_token": token}).status_code == 429


def test_an_ended_games_join_code_shows_the_final_tally_and_seats_nobody(app):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob", "Cy")
    code = join_code(host, game_id)
    as_banker(app, game_id, {"type": "pay_player", "player": 2, "to": 1, "amount": 300}, {"type": "end_game"})
    phone = app.test_client()
    shown = phone.get(f"/join/{code}")
    page = readable(text(shown))
    assert shown.status_code == 200 and 'name="player"' not in text(shown)  # no name to tap
    assert "Game over Ann wins! This game is over, so nobody can join it now." in page
    assert "Ann Cash $1,800" in page and "Bob Cash $1,200" in page
    before = seq(app, game_id)
    refused = phone.post(f"/join/{code}", data={"csrf_token": csrf_token(phone, "/new"), "player": 2})
    assert refused.status_code == 409 and "nobody can join it now" in text(refused)
    assert seq(app, game_id) == before
    assert not any(seat.claimed for seat in app.extensions["banker"].seats.of(game_id) if seat.player_id)
    assert phone.get(f"/g/{game_id}/tally").status_code == 403


def test_a_phone_holding_a_seat_takes_no_other_name_from_the_join_screen(app):
    """Tapping Bob on Ann's phone made it Bob's: Ann's seat was left with no phone, and Bob's own
    phone was told he had already joined."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob", "Cy")
    code = join_code(host, game_id)
    ann = app.test_client()
    join(ann, code, 1)
    page = text(ann.get(f"/join/{code}"))
    assert "This phone is Ann's wallet." in readable(page)
    assert re.search(r'<button[^>]*value="2"[^>]*disabled', page)  # Bob is not Ann's to tap
    before = seq(app, game_id)
    refused = ann.post(f"/join/{code}", data={"csrf_token": csrf_token(ann, f"/join/{code}"), "player": 2})
    assert refused.status_code == 409
    assert "This phone is Ann's wallet: Bob joins on a phone of their own." in readable(text(refused))
    assert seq(app, game_id) == before
    assert not next(s for s in app.extensions["banker"].seats.of(game_id) if s.player_id == 2).claimed
    assert "Ann" in readable(text(ann.get(f"/g/{game_id}")).split("Your cash")[0])
    bob = app.test_client()
    join(bob, code, 2)  # Bob's own phone still can
    join(host, code, 3)  # and the bank's device, which holds no player, takes a name


def test_the_join_screen_marks_the_name_this_phone_holds(app):
    """A phone holding Ann's seat was told "This phone is Ann's wallet." above names all alike."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob", "Cy")
    code = join_code(host, game_id)
    ann, bob = app.test_client(), app.test_client()
    join(ann, code, 1)
    join(bob, code, 2)
    picker = text(ann.get(f"/join/{code}")).split('class="pick-name"')[1].split("</form>")[0]
    names = [readable(b) for b in re.findall(r"<button.*?</button>", picker, re.S)]
    assert names == ["Ann this phone", "Bob already joined", "Cy"]


def test_a_name_taken_meanwhile_leaves_the_phone_on_the_names_it_can_still_tap(app):
    """Ann and Cy's phone tapped Ann at once: the one that lost was shown "Sorry" with a single
    button, Back to the start, and had to find the join code again to tap Cy."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob", "Cy")
    code = join_code(host, game_id)
    ann, cy = app.test_client(), app.test_client()
    token = csrf_token(cy, f"/join/{code}")  # Cy's phone shows the names, Ann still free
    join(ann, code, 1)
    refused = cy.post(f"/join/{code}", data={"csrf_token": token, "player": 1})
    assert refused.status_code == 409
    page = text(refused)
    assert "Ann has already joined on another phone." in readable(page)
    picker = page.split('class="pick-name"')[1].split("</form>")[0]
    names = [readable(b) for b in re.findall(r"<button.*?</button>", picker, re.S)]
    assert names == ["Ann already joined", "Bob", "Cy"]
    assert cy.post(f"/join/{code}", data={"csrf_token": token, "player": 3}).status_code == 303


def test_a_phone_keeps_its_seat_for_400_days_after_its_last_visit(app, monkeypatch):
    """A seat's cookie lasted 30 days from the moment it was taken, however often the phone came
    back: a game played over five weekends found every phone a stranger, and the host locked out
    of the bank, on the fifth. Then it lasted 30 days after the last visit: a game put away for
    the summer, which the server still kept, locked them out as well."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    ann = app.test_client()
    join(ann, join_code(host, game_id), 1)
    start = time.time()
    weekends = [(weekend * 7, 200) for weekend in range(1, 6)]
    for days, status in (*weekends, (35 + 120, 200), (35 + 120 + 399, 200), (35 + 120 + 399 + 401, 403)):
        now = start + days * DAY
        monkeypatch.setattr(time, "time", lambda now=now: now)  # the cookie's signature is timed by it
        monkeypatch.setattr(app.session_interface, "clock", time.time)
        assert ann.get(f"/g/{game_id}").status_code == status, f"after {days} days"
        assert host.get(f"/g/{game_id}/bank").status_code == status, f"after {days} days"


def test_a_phone_that_never_heard_its_joins_answer_gets_its_seat_on_the_next_tap(app):
    """A double tap on a name over a slow Wi-Fi (or an answer lost on the way) seated the phone on
    the first tap and never told it: the second tap was refused, "Ann has already joined on another
    phone", and Ann was locked out of her own seat until the banker showed her QR code."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    code = join_code(host, game_id)
    ann = app.test_client()
    token = csrf_token(ann, f"/join/{code}")
    before, joined = ann.get_cookie("session").value, seq(app, game_id) + 1
    assert ann.post(f"/join/{code}", data={"csrf_token": token, "player": 1}).status_code == 303
    ann.set_cookie("session", before)  # the answer, and the seat in its cookie, never arrived
    again = ann.post(f"/join/{code}", data={"csrf_token": token, "player": 1})
    assert again.status_code == 303 and again.headers["Location"] == f"/g/{game_id}"
    assert "Ann" in readable(text(ann.get(f"/g/{game_id}"))).split("Your cash")[0]
    assert seq(app, game_id) == joined  # joined once
    stranger = app.test_client()  # another phone's tap on Ann is still refused
    refused = stranger.post(
        f"/join/{code}", data={"csrf_token": csrf_token(stranger, f"/join/{code}"), "player": 1}
    )
    assert refused.status_code == 409


def test_a_phone_that_never_heard_its_joins_answer_finds_its_seat_on_the_join_link(app):
    """The answer lost, the player opened the join link again (a scan, a reload) and found their
    own name greyed out, "already joined"."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    code = join_code(host, game_id)
    ann, bob = app.test_client(), app.test_client()
    join(bob, code, 2)
    token = csrf_token(ann, f"/join/{code}")
    before = ann.get_cookie("session").value
    assert ann.post(f"/join/{code}", data={"csrf_token": token, "player": 1}).status_code == 303
    ann.set_cookie("session", before)
    opened = ann.get(f"/join/{code}")
    assert opened.status_code == 302 and opened.headers["Location"] == f"/g/{game_id}"
    assert "Ann" in readable(text(ann.get(f"/g/{game_id}"))).split("Your cash")[0]
    stranger = app.test_client()
    assert 'name="player"' in text(stranger.get(f"/join/{code}"))  # the names, for every other phone
