"""The table display: a link the bank makes shows the game with no seat, can never act, goes
dark when the bank turns the link off, and is kept live over the same stream as the phones."""

from __future__ import annotations

import re

import pytest

from banker.service.errors import Forbidden
from banker.service.seats import DISPLAY, DISPLAY_LINK_SECONDS, Seats
from banker.web.panels.display import ring
from tests.support.sse import fragments, lines_of, messages, next_message
from tests.support.web import HTMX, as_banker, csrf_token, display_link, do, open_display, readable, seq, text


def test_a_display_link_shows_the_game_with_no_seat_and_nothing_to_tap(app, table):
    game_id = table["id"]
    assert do(table["Ann"], game_id, type="pay_player", player="1", to="2", amount="90").status_code == 200
    display = open_display(app, game_id, display_link(table["host"], game_id))
    page = display.get(f"/g/{game_id}/display").get_data(as_text=True)
    words = readable(page)
    for shown in ("Ann", "Bob", "Cy", "$1,410", "$1,590", "Net worth $1,590", "Ann paid Bob $90"):
        assert shown in words
    assert page.count('class="tile ') == 40
    # it shows, never acts: no form, no field, nothing posted; its one button is its voice's switch
    assert not re.search(r"<form|<input|<select|<textarea|hx-post", page)
    assert re.findall(r"<button[^>]*>", page) == [
        '<button type="button" class="voice-switch" data-voice-switch aria-pressed="false">'
    ]
    # the phone's own parts are not here, nor anyone's seat
    assert "csrf" not in page.lower()


def test_a_players_net_worth_on_the_display_counts_a_debt_as_the_tally_does(app, table):
    """Cy, owing Bob $50 with $40, read "Net worth $40" above "in debt $50", and Bob's worth left
    out what he is owed: the tally's figures, the debt counted as far as Cy has it."""
    game_id = table["id"]
    as_banker(
        app,
        game_id,
        {"type": "buy", "player": 2, "deed": 39},
        {"type": "pay_bank", "player": 3, "amount": 1460, "reason": "losses"},
        {"type": "pay_rent", "player": 3, "deed": 39},
    )
    display = open_display(app, game_id, display_link(table["host"], game_id))
    words = readable(display.get(f"/g/{game_id}/display").get_data(as_text=True))
    assert "Net worth $1,540" in words  # Bob: $1,100, Boardwalk $400 and $40 of the $50
    assert "Net worth $0 in debt $50" in words  # Cy: $40 in hand, all of it owed


def test_only_the_bank_makes_a_display_link_and_a_page_without_it_has_no_display(app, table):
    game_id = table["id"]
    assert table["Ann"].get(f"/g/{game_id}/display-link").status_code == 403
    # a browser that never opened the link, a player's phone included, is told where to find it
    for browser in (app.test_client(), table["Ann"]):
        response = browser.get(f"/g/{game_id}/display")
        assert response.status_code == 403
        assert "table display link: the bank shows it, with its QR code, under More." in readable(
            response.get_data(as_text=True)
        )
    assert app.test_client().get(f"/g/{game_id}/display/{'x' * 32}").status_code == 404


def test_a_revoked_display_link_goes_dark_and_a_new_one_replaces_it(app, table):
    game_id = table["id"]
    first = display_link(table["host"], game_id)
    display = open_display(app, game_id, first)
    assert display.get(f"/g/{game_id}/display").status_code == 200
    assert display_link(table["host"], game_id, "off") is None
    for path in ("/display", "/stream?view=display", "/live?view=display"):
        response = display.get(f"/g/{game_id}{path}")
        assert response.status_code == 403, path
    assert "turned off by the bank" in readable(display.get(f"/g/{game_id}/display").get_data(as_text=True))
    assert app.test_client().get(first).status_code == 404
    second = display_link(table["host"], game_id)
    assert second != first and app.test_client().get(first).status_code == 404
    assert open_display(app, game_id, second).get(f"/g/{game_id}/display").status_code == 200
    assert display.get(f"/g/{game_id}/display").status_code == 403  # the old key stays refused


def test_a_display_link_form_that_asks_for_neither_changes_nothing(app, table):
    # anything but "new" made a new link, turning every open display off
    game_id = table["id"]
    link = display_link(table["host"], game_id)
    token = csrf_token(table["host"], f"/g/{game_id}/display-link")
    for asked in ({}, {"link": "\u202e" * 50}, {"link": "NEW"}):
        response = table["host"].post(f"/g/{game_id}/display-link", data={"csrf_token": token, **asked})
        assert response.status_code == 400
        assert "Choose to make a new display link or to turn it off." in readable(text(response))
    assert open_display(app, game_id, link).get(f"/g/{game_id}/display").status_code == 200


def test_a_link_turned_off_on_another_server_stops_that_servers_displays_within_a_second(app, table):
    """Every change asks whether a display's link still works, for every display: one read of
    the database a second serves them all on a server that did not turn it off itself."""
    game_id, banks = table["id"], app.extensions["banker"].seats
    now = [100.0]
    other = Seats(banks.engine, games_kept=10, monotonic=lambda: now[0])  # another server's
    key = banks.new_display_link(game_id)
    assert other.display(game_id, key).player_id == DISPLAY
    banks.revoke_display_link(game_id)
    now[0] += DISPLAY_LINK_SECONDS / 2
    assert other.display(game_id, key).player_id == DISPLAY  # read half a second ago
    now[0] += DISPLAY_LINK_SECONDS / 2
    with pytest.raises(Forbidden):
        other.display(game_id, key)
    # the server that turned a link off, or made a new one, knows at once
    other.revoke_display_link(game_id)
    newer = other.new_display_link(game_id)
    with pytest.raises(Forbidden):
        other.display(game_id, key)
    assert other.display(game_id, newer).player_id == DISPLAY


def test_a_display_never_acts(app, table):
    game_id = table["id"]
    display = open_display(app, game_id, display_link(table["host"], game_id))
    before = seq(app, game_id)
    token = csrf_token(display, "/new")
    for view in ("display", "player", "bank"):
        response = display.post(
            f"/g/{game_id}/do",
            data={"view": view, "type": "pass_go", "player": "1"},
            headers={**HTMX, "X-CSRFToken": token},
        )
        assert response.status_code in (403, 404), view
    assert display.get(f"/g/{game_id}/rules?view=display").status_code == 404
    assert seq(app, game_id) == before


def test_the_stream_pushes_each_payment_to_every_display_alike_in_the_order_it_happened(app, bought):
    game_id = bought["id"]
    link = display_link(bought["host"], game_id)
    displays = [open_display(app, game_id, link) for _ in range(2)]
    start = seq(app, game_id)
    assert do(bought["host"], game_id, "bank", type="pay_rent", player="2", deed="1").status_code == 200
    assert do(bought["Ann"], game_id, type="pay_player", player="1", to="3", amount="15").status_code == 200
    stream = f"/g/{game_id}/stream?seq={start}&view=display"
    sent = [messages(d.get(stream).get_data()) for d in displays]
    assert sent[0] == sent[1]  # the same bytes for every display: drawn once
    first, second = (dict(fragments(m.data)) for m in sent[0])
    assert (
        readable(first["#moves"])
        == "Bob → Ann $4 · rent for Mediterranean Avenue, doubled for the whole brown group"
    )
    assert 'data-from="2" data-to="1"' in first["#moves"]
    assert readable(second["#moves"]) == "Ann → Cy $15"
    assert readable(second["#history ol"]) == "Ann paid Cy $15"  # the ticker's newest line
    assert "$1,169" in readable(second["#player-1"])  # Ann: 1,500 - 60 - 60 - 200 + 4 - 15
    assert {key for key in second if key.startswith("#player-")} == {"#player-1", "#player-3"}
    assert "#toast" not in second and "<form" not in sent[0][0].data and "<button" not in sent[0][0].data


def test_an_undo_flies_the_money_back_and_says_what_it_undid(app, bought):
    # the cards' cash changed without a word or a move: the table missed what the bank undid
    game_id = bought["id"]
    display = open_display(app, game_id, display_link(bought["host"], game_id))
    do(bought["Bob"], game_id, type="pay_player", player="2", to="1", amount="90", reason="rent")
    do(bought["host"], game_id, "bank", type="collect_from_bank", player="3", amount="100", reason="Prize")
    start = seq(app, game_id)
    do(bought["host"], game_id, "bank", type="undo")
    do(bought["host"], game_id, "bank", type="undo")
    stream = f"/g/{game_id}/stream?seq={start}&view=display"
    prize, rent = (dict(fragments(m.data)) for m in messages(display.get(stream).get_data()))
    assert 'data-from="3" data-to="0"' in prize["#moves"]
    assert readable(prize["#moves"]) == "Cy → Bank $100 · undone"
    assert 'data-from="1" data-to="2"' in rent["#moves"]
    assert readable(rent["#moves"]) == "Ann → Bob $90 · undone"
    assert readable(rent["#say"]) == "Undone: Bob paid Ann $90 (rent)"


def test_a_display_many_changes_behind_is_drawn_whole_rather_than_fly_and_speak_each(app, table):
    game_id = table["id"]
    display = open_display(app, game_id, display_link(table["host"], game_id))
    start = seq(app, game_id)
    for amount in range(1, 25):
        assert (
            do(table["Ann"], game_id, type="pay_player", player="1", to="2", amount=str(amount)).status_code
            == 200
        )
    (sent,) = messages(display.get(f"/g/{game_id}/stream?seq={start}&view=display").get_data())
    parts = dict(fragments(sent.data))
    assert "#moves" not in parts and "#say" not in parts  # 24 payments would fly and be spoken
    assert "$1,800" in readable(sent.data)  # Bob: 1,500 + 1 + 2 + ... + 24


def test_the_ring_has_a_cell_on_the_edge_for_every_space_of_any_edition():
    side, cells = ring(40)
    assert side == 11
    assert (cells[0].row, cells[0].column) == (11, 11)  # GO, bottom right
    assert (cells[10].row, cells[10].column) == (11, 1)  # Jail, bottom left
    assert (cells[20].row, cells[20].column) == (1, 1)  # Free Parking, top left
    assert (cells[30].row, cells[30].column) == (1, 11)  # Go to Jail, top right
    for count in (12, 22, 30, 36, 40, 41, 48):
        side, cells = ring(count)
        assert len(set(cells)) == count
        assert all(c.row in (1, side) or c.column in (1, side) for c in cells)


def test_an_open_display_stream_says_the_link_was_turned_off_and_ends(app, table):
    game_id = table["id"]
    display = open_display(app, game_id, display_link(table["host"], game_id))
    app.config["STREAM_SECONDS"] = 5  # the stream ends by itself, should the test fail
    response = display.get(f"/g/{game_id}/stream?seq={seq(app, game_id)}&view=display", buffered=False)
    try:
        readline = lines_of(response.response)
        while not readline().startswith(b":"):
            pass  # up to the first keepalive: the stream is waiting for a change
        # (through the service: a page drawn here while the stream is open would share its context)
        app.extensions["banker"].seats.revoke_display_link(game_id)
        as_banker(app, game_id, {"type": "pay_player", "player": 1, "to": 2, "amount": 5})
        last = next_message(readline)
        assert readline() == b""  # and nothing more: the stream ended
    finally:
        response.close()
    assert "turned off by the bank" in readable(last.data) and "$1,495" not in last.data


def test_a_timed_games_display_shows_its_clock_and_no_phone_loads_the_displays_files(app, table):
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], options={"end_at": int(service.clock()) + 3600})
    display = open_display(
        app, game.game.id, f"/g/{game.game.id}/display/{service.seats.new_display_link(game.game.id)}"
    )
    page = display.get(f"/g/{game.game.id}/display").get_data(as_text=True)
    assert re.search(r'class="game-clock"[^>]*data-ends-in="(3599|3600)"', page)
    assert "display.css" in page and "display.js" in page
    for screen in (table["Ann"].get(f"/g/{table['id']}"), table["host"].get(f"/g/{table['id']}/bank")):
        assert screen.status_code == 200
        assert "display.css" not in screen.get_data(as_text=True)
        assert "display.js" not in screen.get_data(as_text=True)


def test_the_free_parking_pot_shows_on_its_space_and_takes_the_money_flown_into_it(app):
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"], options={"free_parking_jackpot": True})
    game_id = game.game.id
    display = open_display(app, game_id, f"/g/{game_id}/display/{service.seats.new_display_link(game_id)}")
    page = display.get(f"/g/{game_id}/display").get_data(as_text=True)
    assert re.search(r'id="tile-20"[^>]*data-party="-1"', page) and "Jackpot $0" in readable(page)
    start = seq(app, game_id)
    as_banker(app, game_id, {"type": "pay_tax", "player": 1, "space": 4})
    (update,) = messages(display.get(f"/g/{game_id}/stream?seq={start}&view=display").get_data())
    parts = dict(fragments(update.data))
    assert 'data-from="1" data-to="-1"' in parts["#moves"]
    assert readable(parts["#moves"]).startswith("Ann → Free Parking $200")
    assert "$200" in readable(parts["#tile-20"]) and "Jackpot $200" in readable(parts["#supply"])


def test_a_late_player_seated_by_the_bank_brings_every_display_its_screen_whole(app, bought):
    game_id = bought["id"]
    link = display_link(bought["host"], game_id)
    displays = [open_display(app, game_id, link) for _ in range(2)]
    start = seq(app, game_id)
    assert do(bought["host"], game_id, "bank", type="add_player", name="Dan").status_code == 200
    stream = f"/g/{game_id}/stream?seq={start}&view=display"
    sent = [messages(d.get(stream).get_data()) for d in displays]
    assert sent[0] == sent[1]
    (seated,) = sent[0]
    live = dict(fragments(seated.data))["#live"]
    assert "Dan" in readable(live) and 'id="player-4"' in live
