"""Every screen through the test client: the host, the players' phones and the banker."""

from __future__ import annotations

import re

import pytest

from tests.support.web import HTMX, csrf_token, do, join, join_code, new_game, seq, take_seat, text


def cash_on(page: str, player_id: int) -> str:
    return re.search(rf'class="[^"]*\bcash-{player_id}"[^>]*><data value="\d+">([^<]+)<', page).group(1)


def test_home_page_offers_a_new_game_and_joining_by_code(client):
    page = client.get("/").get_data(as_text=True)
    assert "New game" in page and "Join a game" in page


def test_the_new_game_page_is_titled_new_game_and_loads_its_script_once(client):
    page = client.get("/new").get_data(as_text=True)
    assert "<title>New game · Banker</title>" in page  # a browser's tab showed the script tag
    assert page.count("js/editions.js") == 1


def test_new_game_leads_to_a_lobby_with_the_qr_code_and_join_code(client):
    game_id = new_game(client, "Ann", "Bob")
    page = client.get(f"/g/{game_id}/lobby").get_data(as_text=True)
    code = join_code(client, game_id)
    assert re.fullmatch(r"[A-Z2-9]{6}", code)
    assert f'aria-label="Join code">{code}<' in page  # the code, shown to be typed in
    assert f"http://table.local:5000/join/{code}" in page
    assert "<svg" in page and "0 of 2 phones joined" in page
    svg = client.get(f"/g/{game_id}/qr.svg")
    assert svg.status_code == 200 and svg.mimetype == "image/svg+xml"


def test_the_hosts_own_seat_is_taken_on_the_address_the_host_opened(client):
    """A host on the laptop's own address (localhost) tapped "I'm playing too" and was sent to the
    network address the phones use: another site to the browser, where it held no bank seat, so the
    wallet it took there had no Bank tab and the bank was lost from that tab."""
    game_id = new_game(client, "Ann", "Bob")
    page = text(client.get(f"/g/{game_id}/lobby"))
    code = join_code(client, game_id)
    assert f'<a class="btn ghost" href="/join/{code}">I\'m playing too' in page


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Ann"], "A game needs 2 to 8 players; you named 1."),
        (["Ann", "", "  "], "A game needs 2 to 8 players; you named 1."),
        ([f"P{i}" for i in range(9)], "A game needs 2 to 8 players; you named 9."),
        (["Ann", "ann"], "Two players are called ann"),
        (["Ann", "B" * 21], "Names are at most 20 characters"),
    ],
)
def test_a_bad_new_game_is_refused_with_the_reason(client, names, message):
    response = client.post("/new", data={"csrf_token": csrf_token(client), "name": names})
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_the_name_fields_say_their_limit_and_cut_nothing_pasted_in(client):
    """The fields cut a pasted name to 20 characters without a word; now they say the limit, and a
    longer name reaches the server, which refuses it in words and keeps it whole on the form."""
    fields = re.findall(r'<input name="name"[^>]*>', text(client.get("/new")))
    assert len(fields) == 8 and not [field for field in fields if "maxlength" in field]
    assert all('aria-describedby="name-limit"' in field for field in fields)
    names = ["Ann", "Bartholomew Montgomery"]
    refused = text(client.post("/new", data={"csrf_token": csrf_token(client), "name": names}))
    assert '<p class="hint" id="name-limit">A name is at most 20 characters.</p>' in refused
    assert "Names are at most 20 characters: Bartholomew Montgome… is too long." in refused
    assert 'value="Bartholomew Montgomery"' in refused


def test_new_game_without_csrf_token_is_refused(client):
    response = client.post("/new", data={"name": ["Ann", "Bob"]})
    assert response.status_code == 400
    assert "This page is out of date" in response.get_data(as_text=True)


def test_joining_shows_the_names_and_lands_on_the_wallet(app, client):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob", "Cy")
    code = join_code(host, game_id)
    pick = client.get(f"/join/{code}").get_data(as_text=True)
    assert all(name in pick for name in ("Ann", "Bob", "Cy"))
    join(client, code, 2)
    page = client.get(f"/g/{game_id}").get_data(as_text=True)
    assert 'aria-label="Your cash"><data value="1500">$1,500<' in page
    assert "Ann" in page and "Cy" in page and "Passed GO" in page
    assert "Bob joined on their phone" in page


HANGUL_KEYS = str.maketrans(
    "qwertyuiopasdfghjklzxcvbnm", "ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔㅁㄴㅇㄹㅎㅗㅓㅏㅣㅋㅌㅊㅍㅠㅜㅡ"
)


def full_width(typed: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) for c in typed)


TYPED = {
    "lower case": lambda code: code.lower(),
    "spaces around": lambda code: f" {code} ",
    "a dash inside": lambda code: f"{code[:3]}-{code[3:]}",
    "a space inside": lambda code: f"{code[:3]} {code[3:]}",
    # a Japanese keyboard in full-width mode: "ｋｗ７　２ｘｐ" was dropped whole, back to the start
    "full-width letters": lambda code: f"{full_width(code[:3].lower())}\u3000{full_width(code[3:].lower())}",
    # a Korean keyboard left in Hangul mode: each letter key types a Korean letter
    "a Korean keyboard in Hangul mode": lambda code: code.lower().translate(HANGUL_KEYS),
}


@pytest.mark.parametrize("typed", TYPED)
def test_join_by_typed_code_is_forgiving_about_case_spaces_and_dashes(app, client, typed):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    code = join_code(host, game_id)
    response = client.get("/join", query_string={"code": TYPED[typed](code)})
    assert response.status_code == 303
    assert client.get(response.headers["Location"]).status_code == 200


def test_a_typed_code_with_a_slash_or_a_stray_character_is_told_as_no_games_code(client):
    response = client.get("/join", query_string={"code": "ht/p:\x00"}, follow_redirects=True)
    assert response.status_code == 404
    assert "No game has the join code HTP" in response.get_data(as_text=True)


def test_an_unknown_join_code_says_so(client):
    response = client.get("/join/ZZZZZZ")
    assert response.status_code == 404
    assert "No game has the join code ZZZZZZ" in response.get_data(as_text=True)


def test_a_seat_already_taken_needs_the_bankers_qr(app, table):
    intruder = app.test_client()
    token = csrf_token(intruder, f"/join/{table['code']}")
    response = intruder.post(f"/join/{table['code']}", data={"csrf_token": token, "player": 1})
    assert response.status_code == 409
    assert "Ann has already joined on another phone" in response.get_data(as_text=True)
    assert intruder.get(f"/g/{table['id']}").status_code == 403  # still no seat


def test_joining_a_player_that_does_not_exist_is_refused(app, table):
    phone = app.test_client()
    token = csrf_token(phone, f"/join/{table['code']}")
    # no such place; the bank's, which no phone joins as; past what a database's integer holds
    for player in (7, 0, -1, 10**20):
        response = phone.post(f"/join/{table['code']}", data={"csrf_token": token, "player": player})
        assert response.status_code == 404
        assert "There is no such player in this game." in text(response)


def test_the_banker_shows_a_personal_qr_that_puts_a_new_phone_in_the_seat(app, table):
    page = table["host"].get(f"/g/{table['id']}/seats/1").get_data(as_text=True)
    link = re.search(r"http://table\.local:5000(/seat/[\w-]+)", page).group(1)
    assert "<svg" in page
    new_phone = app.test_client()
    assert take_seat(new_phone, link).status_code == 303
    assert 'aria-label="Your cash"><data value="1500">$1,500<' in new_phone.get(f"/g/{table['id']}").get_data(
        as_text=True
    )


def test_a_player_cannot_see_another_seats_qr(table):
    response = table["Ann"].get(f"/g/{table['id']}/seats/2")
    assert response.status_code == 403


def test_passing_go_pays_the_salary(table):
    response = do(table["Ann"], table["id"], type="pass_go", player="1")
    assert response.status_code == 200
    assert "You collected $200 from the bank (Passed GO)" in response.get_data(as_text=True)
    assert response.headers["HX-Trigger"] == "bank-changed"
    assert cash_on(table["Bob"].get(f"/g/{table['id']}").get_data(as_text=True), 1) == "$1,700"


def test_one_tap_taxes_and_free_amounts_reach_the_bank(table):
    do(table["Ann"], table["id"], type="pay_bank", player="1", amount="200", reason="Income Tax")
    do(table["Ann"], table["id"], type="pay_bank", player="1", amount="75", reason="Doctor")
    do(table["Ann"], table["id"], type="collect_from_bank", player="1", amount="25", reason="Fee")
    page = table["Ann"].get(f"/g/{table['id']}").get_data(as_text=True)
    assert cash_on(page, 1) == "$1,250"
    assert "Ann paid the bank $200 (Income Tax)" in page
    assert "Ann collected $25 from the bank (Fee)" in page


def test_paying_a_player_shows_on_every_screen(table):
    do(table["Ann"], table["id"], type="pay_player", player="1", to="2", amount="50")
    for phone in ("Ann", "Bob", "Cy", "host"):
        view = f"/g/{table['id']}" if phone != "host" else f"/g/{table['id']}/bank"
        page = table[phone].get(view).get_data(as_text=True)
        assert cash_on(page, 1) == "$1,450" and cash_on(page, 2) == "$1,550"
        assert "Ann paid Bob $50" in page


BAD_AMOUNTS = [
    ("0", 400, "The amount must be more than 0."),
    ("-5", 400, "The amount must be more than 0."),
    ("12.50", 400, "Amounts are whole numbers: no decimals."),
    ("fifty", 400, "The amount must be a whole number."),
    ("", 400, "The amount is missing."),
    ("1000001", 400, "1,000,001 is more than the bank handles (at most 1,000,000)."),
    ("1501", 409, "You have $1,500 and need $1 more to pay $1,501."),  # on Ann's own phone
]


@pytest.mark.parametrize(("amount", "status", "message"), BAD_AMOUNTS)
def test_a_bad_amount_gets_a_clear_message_and_changes_nothing(app, table, amount, status, message):
    before = seq(app, table["id"])
    response = do(table["Ann"], table["id"], type="pay_player", player="1", to="2", amount=amount)
    assert response.status_code == status
    assert message in response.get_data(as_text=True)
    assert seq(app, table["id"]) == before


def test_the_bank_acting_for_a_player_reads_the_shortfall_by_their_name(app, table):
    response = do(table["host"], table["id"], "bank", type="pay_player", player="1", to="2", amount="1501")
    assert response.status_code == 409
    assert "Ann has $1,500 and needs $1 more to pay $1,501." in response.get_data(as_text=True)


def test_paying_an_unknown_player_is_refused(app, table):
    before = seq(app, table["id"])
    response = do(table["Ann"], table["id"], type="pay_player", player="1", to="9", amount="5")
    assert response.status_code == 409
    assert "There is no player 9 in this game." in response.get_data(as_text=True)
    assert seq(app, table["id"]) == before


def test_a_phone_cannot_act_for_another_player(app, table):
    before = seq(app, table["id"])
    response = do(table["Ann"], table["id"], type="pay_player", player="2", to="1", amount="500")
    assert response.status_code == 403
    assert "This phone belongs to Ann; it can only act for them." in response.get_data(as_text=True)
    assert seq(app, table["id"]) == before


def test_a_phone_cannot_use_its_seat_in_another_game(app, table):
    other = new_game(app.test_client(), "Dee", "Eve")
    response = do(table["Ann"], other, type="pass_go", player="1")
    assert response.status_code == 403
    assert app.extensions["banker"].state(other).seq == 1


@pytest.mark.parametrize("token", [None, "forged"])
def test_a_post_without_a_good_csrf_token_is_refused(app, table, token):
    before = seq(app, table["id"])
    headers = HTMX | ({"X-CSRFToken": token} if token else {})
    response = table["Ann"].post(
        f"/g/{table['id']}/do", data={"type": "pass_go", "player": "1"}, headers=headers
    )
    assert response.status_code == 400
    assert "This page is out of date" in response.get_data(as_text=True)
    assert seq(app, table["id"]) == before


def test_an_unknown_command_from_a_screen_is_refused(table):
    response = do(table["Ann"], table["id"], type="print_money", player="1")
    assert response.status_code == 400
    assert "Unknown command: print_money." in response.get_data(as_text=True)


def test_the_banker_acts_for_anyone_and_undoes_after_a_preview(app, table):
    host, game_id = table["host"], table["id"]
    assert (
        do(host, game_id, view="bank", type="pay_player", player="2", to="3", amount="120").status_code == 200
    )
    preview = host.get(f"/g/{game_id}/undo").get_data(as_text=True)
    assert "This will reverse: <strong>Bob paid Cy $120</strong>" in preview
    undo_seq = re.search(r'"seq": (\d+)', preview).group(1)
    response = do(host, game_id, view="bank", type="undo", seq=undo_seq)
    assert response.status_code == 200
    assert "Undone: Bob paid Cy $120" in response.get_data(as_text=True)
    page = table["Cy"].get(f"/g/{game_id}").get_data(as_text=True)
    assert cash_on(page, 2) == "$1,500" and cash_on(page, 3) == "$1,500"
    assert 'class="undone"' in page  # the reversed action stays in the history, struck out


def test_undo_refuses_when_something_else_happened_since_the_preview(app, table):
    host, game_id = table["host"], table["id"]
    do(host, game_id, view="bank", type="pass_go", player="1")
    preview = host.get(f"/g/{game_id}/undo").get_data(as_text=True)
    seen = re.search(r'"seq": (\d+)', preview).group(1)
    do(table["Bob"], game_id, type="pass_go", player="2")
    response = do(host, game_id, view="bank", type="undo", seq=seen)
    assert response.status_code == 409
    assert "Something else happened since you looked" in response.get_data(as_text=True)


def test_nothing_to_undo_is_said_plainly(table):
    assert "There is nothing to undo." in table["host"].get(f"/g/{table['id']}/undo").get_data(as_text=True)
    response = do(table["host"], table["id"], view="bank", type="undo")
    assert response.status_code == 409 and "There is nothing to undo." in response.get_data(as_text=True)


def test_only_the_banker_can_undo_or_open_the_bank(table):
    do(table["Ann"], table["id"], type="pass_go", player="1")
    response = do(table["Ann"], table["id"], type="undo")
    assert response.status_code == 403 and "Only the banker can do that." in response.get_data(as_text=True)
    assert table["Ann"].get(f"/g/{table['id']}/bank").status_code == 403
    assert table["Ann"].get(f"/g/{table['id']}/undo").status_code == 403


def test_a_stranger_without_a_seat_is_told_how_to_join(app, table):
    stranger = app.test_client()
    response = stranger.get(f"/g/{table['id']}")
    assert response.status_code == 403 and "type its join code" in text(response)
    assert stranger.get(f"/g/{table['id']}/live").status_code == 403
    assert stranger.get(f"/g/{table['id']}/stream").status_code == 403


def test_the_live_fragment_is_empty_while_nothing_changed(app, table):
    game_id = table["id"]
    now = seq(app, game_id)
    assert table["Bob"].get(f"/g/{game_id}/live?view=player&seq={now}", headers=HTMX).status_code == 204
    do(table["Ann"], game_id, type="pay_player", player="1", to="2", amount="10")
    fragment = table["Bob"].get(f"/g/{game_id}/live?view=player&seq={now}", headers=HTMX)
    text = fragment.get_data(as_text=True)
    assert fragment.status_code == 200 and 'id="live"' in text
    assert 'hx-swap-oob="true"' in text and "Ann paid Bob $10" in text
    assert cash_on(text, 2) == "$1,510"


def test_the_stream_tells_a_phone_that_is_behind_at_once(app, table):
    response = table["Bob"].get(f"/g/{table['id']}/stream")  # a page of no known seq
    body = response.get_data(as_text=True)
    assert response.mimetype == "text/event-stream"
    # the whole screen at once, as of the newest seq
    assert body.startswith(f'retry: 1000\n\nid: {seq(app, table["id"])}\nevent: update\ndata: <div id="live"')
    assert 'hx-swap-oob="true"' in body.split("\n")[4]


def test_an_unknown_game_opens_no_screen(table):
    assert table["Ann"].get("/g/nosuchgame").status_code == 403  # as any game this phone has no seat in
    assert table["host"].get("/g/nosuchgame/bank").status_code == 403
