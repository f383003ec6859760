"""Attacks through the test client: every one refused or neutralised, nothing changed (the log's
seq stays put), and never a 500."""

from __future__ import annotations

import csv
import io
import json
import re
import secrets
from pathlib import Path

import pytest

from banker.web.security import CSP, TOO_MANY_TRIES
from tests.web.helpers import HTMX, csrf_token, do, join, join_code, new_game, seq, text

ROOT = Path(__file__).resolve().parents[2]
# each at most 20 characters, as names must be
EVIL_NAMES = ["<script>x()</script>", '"><i onclick=x>', "'};alert(1)//", "{{7*7}}<b>"]


def api_game(client, players=("Ann", "Bob", "Cy")):
    response = client.post("/api/games", json={"players": list(players)})
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def command(client, game, token, **body):
    return client.post(f"/api/games/{game['id']}/commands", json=body, headers=bearer(token))


def refused(response, *statuses):
    assert response.status_code in statuses, (response.status_code, response.get_data(as_text=True)[:300])
    assert response.status_code != 500


# --- seats and games -------------------------------------------------------------------


def test_a_players_token_cannot_act_for_another_player(app, client):
    game = api_game(client)
    ann, bob = game["players"][0]["token"], game["players"][1]["token"]
    before = seq(app, game["id"])
    for body in (
        {"type": "pay_player", "player": 1, "to": 2, "amount": 1500},
        {"type": "pay_bank", "player": 1, "amount": 100},
        {"type": "buy", "player": 1, "deed": 39},
        {"type": "undo"},
        {"type": "end_game"},
    ):
        refused(command(client, game, bob, **body), 403)
    refused(command(client, game, ann, type="undo"), 403)
    assert seq(app, game["id"]) == before
    assert [
        p["cash"] for p in client.get(f"/api/games/{game['id']}", headers=bearer(ann)).get_json()["players"]
    ] == [
        1500,
        1500,
        1500,
    ]


def test_a_players_phone_cannot_act_for_another_player_from_the_screens(app):
    host, bob = app.test_client(), app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    join(bob, join_code(host, game_id), 2)
    before = seq(app, game_id)
    response = do(bob, game_id, type="pay_player", player=1, to=2, amount=1000)
    refused(response, 403)
    # asking for the bank's view does not make Bob's phone the bank
    refused(do(bob, game_id, view="bank", type="pay_player", player=1, to=2, amount=1000), 403)
    refused(bob.get(f"/g/{game_id}/bank"), 403)
    refused(bob.get(f"/g/{game_id}/seats/1"), 403)
    assert seq(app, game_id) == before


def test_a_token_from_another_game_opens_nothing_here(app, client):
    mine, theirs = api_game(client), api_game(client)
    before = seq(app, theirs["id"])
    for token in (mine["banker_token"], mine["players"][0]["token"]):
        refused(client.get(f"/api/games/{theirs['id']}", headers=bearer(token)), 403)
        refused(client.get(f"/api/games/{theirs['id']}/history", headers=bearer(token)), 403)
        refused(client.get(f"/api/games/{theirs['id']}/tally", headers=bearer(token)), 403)
        refused(command(client, theirs, token, type="pass_go", player=1), 403)
    assert seq(app, theirs["id"]) == before


def test_a_seat_cookie_from_another_game_opens_nothing_here(app):
    host_a, host_b = app.test_client(), app.test_client()
    game_a = new_game(host_a, "Ann", "Bob")
    game_b = new_game(host_b, "Cy", "Di")
    before = seq(app, game_b)
    refused(host_a.get(f"/g/{game_b}/bank"), 403)
    refused(host_a.get(f"/g/{game_b}/history"), 403)
    refused(host_a.get(f"/g/{game_b}/tally"), 403)
    refused(host_a.get(f"/g/{game_b}/stream"), 403)
    refused(do(host_a, game_b, view="bank", type="pass_go", player=1), 403)
    assert seq(app, game_b) == before and seq(app, game_a) == 1


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/{guess}",
        "/api/games/{guess}/history",
        "/api/games/{guess}/tally",
        "/g/{guess}",
        "/g/{guess}/bank",
        "/g/{guess}/lobby",
        "/g/{guess}/tally",
        "/g/{guess}/history",
        "/g/{guess}/history.csv",
        "/g/{guess}/live?view=player",
        "/g/{guess}/stream",
        "/g/{guess}/qr.svg",
        "/join/{code}",
        "/seat/{guess}",
    ],
)
def test_guessed_game_ids_codes_and_seat_links_find_nothing(app, client, path):
    real = api_game(client)
    guess = secrets.token_urlsafe(9)
    response = client.get(path.format(guess=guess, code="ZZZZZZ"), headers=bearer(real["banker_token"]))
    refused(response, 403, 404)
    assert real["id"] not in response.get_data(as_text=True)


def test_guessed_game_ids_cannot_take_commands(app, client):
    real = api_game(client)
    for guess in (
        secrets.token_urlsafe(9),
        real["id"].swapcase(),
        real["id"] + "x",
        "../" + real["id"],
        "%00",
    ):
        response = client.post(
            f"/api/games/{guess}/commands",
            json={"type": "pass_go", "player": 1},
            headers=bearer(real["banker_token"]),
        )
        refused(response, 403, 404)
    assert seq(app, real["id"]) == 1


def test_no_token_a_made_up_one_or_an_odd_header_is_refused(app, client):
    game = api_game(client)
    for headers in (
        {},
        {"Authorization": "Bearer"},
        {"Authorization": "Bearer " + secrets.token_urlsafe(24)},
        {"Authorization": "Basic " + game["banker_token"]},
        {"Authorization": "Bearer " + game["banker_token"][:-1]},
        {"Authorization": "Bearer " + "x" * 5000},
        {"Authorization": "Bearer ' OR 1=1 --"},
    ):
        response = client.post(
            f"/api/games/{game['id']}/commands", json={"type": "pass_go", "player": 1}, headers=headers
        )
        refused(response, 403)
    assert seq(app, game["id"]) == 1


# --- CSRF ------------------------------------------------------------------------------


def test_screen_posts_without_or_with_a_forged_csrf_token_change_nothing(app):
    host, stranger = app.test_client(), app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    code = join_code(host, game_id)
    stolen = csrf_token(stranger)  # a valid token, but of another session
    before = seq(app, game_id)
    for headers in ({}, {"X-CSRFToken": "forged"}, {"X-CSRFToken": stolen}, {"X-CSRFToken": ""}):
        response = host.post(
            f"/g/{game_id}/do",
            data={"view": "bank", "type": "pass_go", "player": 1},
            headers={**HTMX, **headers},
        )
        refused(response, 400)
        assert "out of date" in response.get_data(as_text=True)
    for data in ({"player": 1}, {"player": 1, "csrf_token": "forged"}, {"player": 1, "csrf_token": stolen}):
        refused(host.post(f"/join/{code}", data=data), 400)
    refused(host.post("/new", data={"name": ["Eve", "Mallory"], "csrf_token": stolen}), 400)
    assert seq(app, game_id) == before
    assert not any(s.claimed for s in app.extensions["banker"].seats(game_id) if s.player_id)
    assert len(host.get("/").get_data(as_text=True).split(f"/g/{game_id}")) >= 1


# --- bodies ----------------------------------------------------------------------------


def test_oversized_bodies_are_refused_before_anything_runs(app, client):
    game = api_game(client)
    limit = app.config["MAX_CONTENT_LENGTH"]
    big = {"type": "pay_bank", "player": 1, "amount": 1, "reason": "x" * (limit + 1)}
    refused(command(client, game, game["banker_token"], **big), 413)
    refused(client.post("/api/games", json={"players": ["Ann", "Bob"], "pad": "x" * limit}), 413)
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    response = host.post(
        f"/g/{game_id}/do",
        data={"view": "bank", "type": "pass_go", "player": 1, "pad": "x" * (limit + 1)},
        headers={**HTMX, "X-CSRFToken": csrf_token(host)},
    )
    refused(response, 413)
    assert seq(app, game["id"]) == 1 and seq(app, game_id) == 1


@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"", "application/json"),
        (b"{", "application/json"),
        (b"null", "application/json"),
        (b"[1, 2, 3]", "application/json"),
        (b'"pass_go"', "application/json"),
        (b"\xff\xfe\x00{", "application/json"),
        (b"[" * 20_000 + b"]" * 20_000, "application/json"),
        (b'{"type": "pass_go", "player": 1', "application/json"),
        (b'{"type": "pass_go", "player": 1}', "text/plain"),
        (b"type=pass_go&player=1", "application/x-www-form-urlencoded"),
        (b'{"type": "pay_bank", "player": 1, "amount": 1e999}', "application/json"),
        (b'{"type": "pay_bank", "player": 1, "amount": NaN}', "application/json"),
        (b'{"type": "pay_bank", "player": 1, "amount": 99999999999999999999999999999}', "application/json"),
        (b'{"type": {"$ne": null}, "player": 1}', "application/json"),
        (
            json.dumps({"type": "pay_bank", "player": 1, "amount": "1; DROP TABLE action"}).encode(),
            "application/json",
        ),
    ],
)
def test_malformed_bodies_are_refused_as_malformed(app, client, body, content_type):
    game = api_game(client)
    response = client.post(
        f"/api/games/{game['id']}/commands",
        data=body,
        content_type=content_type,
        headers=bearer(game["banker_token"]),
    )
    refused(response, 400, 409)
    assert isinstance(response.get_json()["error"], str)
    assert seq(app, game["id"]) == 1


def test_malformed_screen_forms_are_refused(app):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    for fields in (
        {"type": "pay_bank", "player": "1", "amount": "-50"},
        {"type": "pay_bank", "player": "1", "amount": "1e9"},
        {"type": "pay_bank", "player": "1", "amount": "ten"},
        {"type": "pay_player", "player": "1", "to": "1", "amount": "5"},
        {"type": "pay_player", "player": "1", "to": "99", "amount": "5"},
        {"type": "no_such_command"},
        {"type": ""},
        {},
    ):
        response = do(host, game_id, view="bank", **fields)
        refused(response, 400, 404, 409)
    assert seq(app, game_id) == 1


# --- names and text ----------------------------------------------------------------------


def test_html_and_script_in_names_are_shown_as_text_everywhere(app):
    host, phone = app.test_client(), app.test_client()
    token = csrf_token(host)
    response = host.post("/new", data={"csrf_token": token, "name": EVIL_NAMES})
    assert response.status_code == 303, response.get_data(as_text=True)
    game_id = response.headers["Location"].split("/")[2]
    code = join_code(host, game_id)
    join(phone, code, 1)
    for fields in (
        {"type": "pay_player", "player": 1, "to": 2, "amount": 50},
        {"type": "pay_bank", "player": 3, "amount": 10, "reason": "<img src=x onerror=alert(1)>"},
        {"type": "buy", "player": 4, "deed": 39},
    ):
        assert do(host, game_id, view="bank", **fields).status_code == 200
    pages = {
        "join": phone.get(f"/join/{code}"),
        "lobby": host.get(f"/g/{game_id}/lobby"),
        "wallet": phone.get(f"/g/{game_id}"),
        "wallet live": phone.get(f"/g/{game_id}/live?view=player", headers=HTMX),
        "bank": host.get(f"/g/{game_id}/bank"),
        "bank live": host.get(f"/g/{game_id}/live?view=bank", headers=HTMX),
        "history": host.get(f"/g/{game_id}/history"),
        "rules": host.get(f"/g/{game_id}/rules?view=bank"),
        "home": host.get("/"),
    }
    assert do(host, game_id, view="bank", type="end_game").status_code == 200
    pages["tally"] = host.get(f"/g/{game_id}/tally")
    pages["bank at the end"] = host.get(f"/g/{game_id}/bank")
    for where, response in pages.items():
        assert response.status_code == 200, (where, response.status_code)
        page = response.get_data(as_text=True)
        for name in EVIL_NAMES:
            assert name not in page or "<" not in name and '"' not in name, f"{name!r} unescaped on {where}"
        assert "<script>x()" not in page and "<i onclick" not in page, where
        assert "<img src=x" not in page, where
        assert "49&lt;b&gt;" not in page, where  # a name is never rendered as a template
        # what a person reads: the names themselves, as text
        if where not in ("home", "rules"):
            assert "&lt;script&gt;x()&lt;/script&gt;" in page, where
    # the API hands names back as JSON strings, never as markup
    banker = app.extensions["banker"].seats(game_id)[0].token
    state = app.test_client().get(f"/api/games/{game_id}", headers=bearer(banker))
    assert state.mimetype == "application/json"
    assert [p["name"] for p in state.get_json()["players"]] == EVIL_NAMES
    history = app.test_client().get(f"/api/games/{game_id}/history", headers=bearer(banker))
    assert any("<img src=x onerror=alert(1)>" in line["text"] for line in history.get_json()["lines"])
    assert history.headers["X-Content-Type-Options"] == "nosniff"


# names that a spreadsheet would take for a formula (each at most 20 characters)
FORMULA_NAMES = ['=HYPERLINK("//x.io")', "+1+1", "-2+3", "@SUM(1)"]


def test_names_and_reasons_that_look_like_formulas_stay_text_in_the_csv(app, client):
    game = api_game(client, players=FORMULA_NAMES)
    for player in (1, 2, 3, 4):
        command(client, game, game["banker_token"], type="pay_bank", player=player, amount=1, reason="=1+1")
    phone = app.test_client()
    join(phone, game["join_code"], 1)
    download = phone.get(f"/g/{game['id']}/history.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(download)))
    cells = [cell for row in rows for cell in row]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert '\'=HYPERLINK("//x.io") paid the bank $1 (=1+1)' in cells
    assert "'@SUM(1) paid the bank $1 (=1+1)" in cells
    # every cell quoted, so a separator inside one (Excel reads ";" in some countries) starts none
    assert all(line.startswith('"') and line.endswith('"') for line in download.splitlines())


# --- rate limit on joining -------------------------------------------------------------


def test_guessing_join_codes_is_braked_per_address_and_released_after_a_minute(app, clock):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    code = join_code(host, game_id)
    guesser = app.test_client()
    for i in range(20):
        response = guesser.get(f"/join/Q{i:05d}")
        assert response.status_code == 404
    assert guesser.get("/join?code=QQQQQQ", follow_redirects=True).status_code == 429
    blocked = guesser.get(f"/join/{code}")  # even the right code waits now
    assert blocked.status_code == 429 and TOO_MANY_TRIES in text(blocked)
    assert blocked.headers["Retry-After"] == "60"
    posted = guesser.post(f"/join/{code}", data={"player": 1, "csrf_token": csrf_token(host)})
    assert posted.status_code in (400, 429)
    refused(guesser.get("/seat/" + secrets.token_urlsafe(24)), 429)
    # another address at the same table is not held back
    other = app.test_client()
    assert other.get(f"/join/{code}", environ_base={"REMOTE_ADDR": "10.0.0.9"}).status_code == 200
    clock.advance(61)
    assert guesser.get(f"/join/{code}").status_code == 200
    join(guesser, code, 1)


def test_a_whole_table_joining_from_one_address_is_never_braked(app):
    host = app.test_client()
    game_id = new_game(host, *[f"P{i}" for i in range(1, 9)])
    code = join_code(host, game_id)
    for player in range(1, 9):
        phone = app.test_client()
        for _ in range(3):  # reloads count for nothing
            assert phone.get(f"/join/{code}").status_code == 200
        join(phone, code, player)
    assert all(s.claimed for s in app.extensions["banker"].seats(game_id))


def test_wrong_seat_links_are_braked_too(app):
    guesser = app.test_client()
    for _ in range(20):
        assert guesser.get("/seat/" + secrets.token_urlsafe(24)).status_code == 404
    response = guesser.get("/seat/" + secrets.token_urlsafe(24))
    assert response.status_code == 429 and TOO_MANY_TRIES in text(response)


# --- headers and cookies ----------------------------------------------------------------


def test_every_kind_of_response_carries_the_security_headers(app, client):
    game = api_game(client)
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    responses = [
        client.get("/"),
        client.get("/new"),
        client.get("/join/ZZZZZZ"),
        client.get(f"/api/games/{game['id']}", headers=bearer(game["banker_token"])),
        client.get(f"/api/games/{game['id']}"),
        client.post("/api/games", data="x", content_type="text/plain"),
        host.get(f"/g/{game_id}/bank"),
        host.get(f"/g/{game_id}/live?view=bank&seq=1", headers=HTMX),
        host.get(f"/g/{game_id}/stream?seq=1"),
        host.get(f"/g/{game_id}/qr.svg"),
        host.get("/static/js/table.js"),
        client.get("/no/such/page"),
    ]
    for response in responses:
        assert response.headers["Content-Security-Policy"] == CSP, response.request.path
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert response.status_code != 500
        response.close()
    assert "script-src 'self';" in CSP and "unsafe-eval" not in CSP and "frame-ancestors 'none'" in CSP


def test_the_seat_cookie_is_secure_over_https_and_only_then(app):
    plain = app.test_client()
    game_id = new_game(plain, "Ann", "Bob")
    cookie = plain.get(f"/g/{game_id}/bank").headers.get("Set-Cookie", "") or plain.get("/new").headers.get(
        "Set-Cookie", ""
    )
    assert "Secure" not in cookie
    https = app.test_client()
    response = https.get("/new", base_url="https://table.local")
    cookie = response.headers["Set-Cookie"]
    assert "Secure" in cookie and "HttpOnly" in cookie and "SameSite=Lax" in cookie


def test_behind_a_proxy_ending_tls_banker_https_makes_cookies_secure(
    tmp_path, clock, database_url, monkeypatch
):
    from banker import create_app

    monkeypatch.setenv("BANKER_HTTPS", "1")
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test",
            "INSTANCE_PATH": str(tmp_path),
            "DATABASE_URL": database_url,
            "CLOCK": clock,
            "TIMER": False,
        }
    )
    try:
        cookie = app.test_client().get("/new").headers["Set-Cookie"]
        assert "Secure" in cookie
    finally:
        app.extensions["banker"].broker.close()
        app.extensions["banker"].engine.dispose()


def test_templates_hold_no_inline_script_or_event_handler():
    """The CSP refuses inline script; a template that needs one would break quietly."""
    offenders = []
    for path in sorted((ROOT / "templates").rglob("*.html")):
        text = path.read_text()
        for pattern in (
            r"<script(?![^>]*\bsrc=)[^>]*>",  # inline <script>
            r"\son[a-z]+\s*=",  # onclick= and friends
            r"\shx-on[:-]",  # htmx's hx-on handlers run through eval
            r"javascript:",
            r"hx-vals='js:|hx-vals=\"js:|hx-vars=",
        ):
            offenders += [f"{path.relative_to(ROOT)}: {m.group(0)}" for m in re.finditer(pattern, text)]
    assert offenders == []
    base = (ROOT / "templates" / "base.html").read_text()
    config = json.loads(re.search(r"name=\"htmx-config\" content='([^']+)'", base).group(1))
    assert config["allowEval"] is False
