"""Attacks through the test client: every one refused or neutralised, nothing changed (the log's
seq stays put), and never a 500."""

from __future__ import annotations

import csv
import dataclasses
import io
import itertools
import json
import re
import secrets
import time
import typing
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlalchemy import insert, update

from banker import create_app
from banker.rules import COMMANDS
from banker.rules.board import edition_to_json
from banker.rules.editions import load_edition
from banker.rules.state import TradeSide
from banker.store.models import Action
from banker.web import WholeNumber
from banker.web.http.security import CSP
from tests.support.databases import logged_events
from tests.support.web import (
    HTMX,
    csrf_token,
    do,
    join,
    join_code,
    new_game,
    readable,
    seq,
    session_token,
    text,
)

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


def test_a_key_no_one_could_hold_finds_nothing_and_is_never_looked_up(app, client):
    """Every id or token a route names (a game's, a join code, a seat's, a display's, an
    edition's), holding a NUL or too long, and a bearer token holding a NUL: no page, nothing
    asked of the database. PostgreSQL refuses such a text outright (these were 500s there)."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    game = api_game(client)
    for rule in app.url_map.iter_rules():
        names = [name for name in rule.arguments if rule._converters[name].regex != WholeNumber.regex]
        for name, odd in itertools.product(names, ("%00", "a%00b", "A" * 65)):
            url = rule.rule
            for argument in rule.arguments:
                part = odd if argument == name else "1" if argument not in names else game_id
                url = re.sub(rf"<[^>]*\b{argument}>", part, url)
            for method in rule.methods - {"HEAD", "OPTIONS"}:
                response = host.open(url, method=method, headers={"X-CSRFToken": session_token(host)})
                assert response.status_code == 404, (method, url, response.status_code)
    for url in (f"/api/games/{game['id']}", f"/api/games/{game['id']}/history"):
        refused(client.get(url, headers=bearer("a\x00b")), 403)
    refused(command(client, game, "\x00", type="pass_go", player=1), 403)
    assert seq(app, game["id"]) == 1


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


def test_a_session_cookie_changed_expired_or_of_another_key_opens_nothing_once_one_was_checked(app):
    """A phone's seats ride in its signed session cookie, whose signature is checked once and then
    known by its exact value: any other value, the same one past its age or under another
    secret key is checked again, and opens nothing."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    assert host.get(f"/g/{game_id}/bank").status_code == 200  # its cookie checked, and known
    cookie = host.get_cookie("session").value
    sessions = app.session_interface

    def opened(value: str) -> dict:
        with app.test_request_context(headers={"Cookie": f"session={value}"}) as context:
            return sessions.open_session(app, context.request)

    first = opened(cookie)
    assert first and first == opened(cookie)
    first.clear()  # a request changes its own copy, not what the next one opens
    assert opened(cookie)
    # a letter of the contents (the last of a signature's letters may carry unused bits alone)
    changed = cookie[:5] + ("A" if cookie[5] != "A" else "B") + cookie[6:]
    assert opened(changed) == {}
    stranger = app.test_client()
    stranger.set_cookie("session", changed)
    refused(stranger.get(f"/g/{game_id}/bank"), 403)
    key, app.secret_key = app.secret_key, "another key"
    try:
        assert opened(cookie) == {}
    finally:
        app.secret_key = key
    lifetime = app.permanent_session_lifetime.total_seconds()
    sessions.clock = lambda: time.time() + lifetime + 60
    assert opened(cookie) == {}


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


def test_a_games_address_alone_tells_how_to_join_but_not_its_code(app, client):
    game = api_game(client)
    stranger = app.test_client()
    response = stranger.get(f"/g/{game['id']}")
    refused(response, 403)
    page = readable(text(response))
    assert "Location" not in response.headers and game["join_code"] not in response.get_data(as_text=True)
    assert "This phone has no seat in this game yet" in page and "type its join code" in page
    # a made-up id reads the same: the answer does not tell which ids are games
    guessed = stranger.get(f"/g/{secrets.token_urlsafe(9)}")
    assert guessed.status_code == 403 and readable(text(guessed)) == page


def test_live_updates_answer_only_a_seat_of_their_view(app, client):
    game = api_game(client)
    stranger, ann = app.test_client(), app.test_client()
    join(ann, game["join_code"], 1)
    live = f"/g/{game['id']}/live?seq={seq(app, game['id'])}&view="
    for phone, view in ((stranger, "player"), (stranger, "bank"), (stranger, "lobby"), (ann, "bank")):
        refused(phone.get(live + view, headers=HTMX), 403)
        refused(phone.get(live.replace("?seq=", "?was=") + view, headers=HTMX), 403)
    assert ann.get(live + "player", headers=HTMX).status_code == 204


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
    assert not any(s.claimed for s in app.extensions["banker"].seats.of(game_id) if s.player_id)
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
    banker = app.extensions["banker"].seats.of(game_id)[0].token
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
    download = phone.get(f"/g/{game['id']}/history.csv").data.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(download)))
    cells = [cell for row in rows for cell in row]
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert '\'=HYPERLINK("//x.io") paid the bank $1 (=1+1)' in cells
    assert "'@SUM(1) paid the bank $1 (=1+1)" in cells
    # every cell quoted, so a separator inside one (Excel reads ";" in some countries) starts none
    assert all(line.startswith('"') and line.endswith('"') for line in download.splitlines())


# --- text that could break a game ---------------------------------------------------------

# a lone surrogate (JSON spells it, UTF-8 cannot: no page holding one can be sent), C0 and C1
# controls, a bidi override and an isolate
BAD_TEXTS = ["\ud800", "Rent\udfff", "Rent\x00", "\x1b[2J", "Rent\x85", "Rent \u202edrawkcab", "\u2066Rent"]


def short_id(value: str) -> str:
    """A test id that fits on a line: a value of thousands of characters is named by its length."""
    return value if len(value) < 20 else f"{len(value)} characters"


def typed(bad: str) -> str:
    """`bad` as a form can carry it: a browser sends UTF-8, which has no surrogates."""
    return re.sub("[\ud800-\udfff]", "\x00", bad)


def springfield() -> dict:
    data = edition_to_json(load_edition("us"))
    data["edition"] = "Springfield"
    return data


def playing_table(app) -> tuple[str, FlaskClient, FlaskClient]:
    """A game started on the screens on a custom edition: the host holds the bank, a phone is Ann."""
    host, phone = app.test_client(), app.test_client()
    upload = (io.BytesIO(json.dumps(springfield()).encode()), "springfield.json")
    data = {"csrf_token": csrf_token(host), "name": ["Ann", "Bob"], "edition": "file", "edition_file": upload}
    response = host.post("/new", data=data, content_type="multipart/form-data")
    assert response.status_code == 303, text(response)
    game_id = response.headers["Location"].split("/")[2]
    join(phone, join_code(host, game_id), 1)
    return game_id, host, phone


def every_screen(game_id: str, host: FlaskClient, phone: FlaskClient) -> dict[str, str]:
    """Every screen of the game as the bank and as a player read it; each must open."""
    pages = {
        "wallet": phone.get(f"/g/{game_id}"),
        "wallet live": phone.get(f"/g/{game_id}/live?view=player", headers=HTMX),
        "bank": host.get(f"/g/{game_id}/bank"),
        "bank live": host.get(f"/g/{game_id}/live?view=bank", headers=HTMX),
        "lobby": host.get(f"/g/{game_id}/lobby"),
        "history": phone.get(f"/g/{game_id}/history"),
        "history.csv": host.get(f"/g/{game_id}/history.csv"),
        "tally": phone.get(f"/g/{game_id}/tally"),
        "rules": phone.get(f"/g/{game_id}/rules"),
    }
    assert {where: r.status_code for where, r in pages.items()} == dict.fromkeys(pages, 200)
    return {where: text(response) for where, response in pages.items()}


@contextmanager
def restarted(app: Flask) -> Iterator[Flask]:
    """The same server started again on its database: nothing it held in memory is left."""
    keep = ("SECRET_KEY", "DATABASE_URL", "CLOCK", "PUBLIC_URL")
    again = create_app(
        {"TESTING": True, "INSTANCE_PATH": app.instance_path, "TIMER": False}
        | {name: app.config[name] for name in keep}
    )
    try:
        yield again
    finally:
        again.extensions["banker"].close()


def same_browser(client: FlaskClient, app: Flask) -> FlaskClient:
    """`client`'s browser, its cookie and all, talking to `app`."""
    again = app.test_client()
    name = app.config["SESSION_COOKIE_NAME"]
    again.set_cookie(name, client.get_cookie(name).value)
    return again


@pytest.mark.parametrize("bad", BAD_TEXTS)
def test_a_command_holding_a_broken_or_control_character_is_refused_and_the_game_plays_on(app, client, bad):
    game_id, host, phone = playing_table(app)
    ann = app.extensions["banker"].seats.of(game_id)[1].token
    before = seq(app, game_id)
    for kind in ("pay_bank", "collect_from_bank"):
        response = client.post(
            f"/api/games/{game_id}/commands",
            json={"type": kind, "player": 1, "amount": 5, "reason": bad},
            headers=bearer(ann),
        )
        refused(response, 400)
        assert re.search(
            r"The reason holds .* \(U\+[0-9A-F]{4}\): type it again", response.get_json()["error"]
        )
    form = do(phone, game_id, type="pay_player", player=1, to=2, amount=5, reason=typed(bad))
    refused(form, 400)
    assert seq(app, game_id) == before
    every_screen(game_id, host, phone)


@pytest.mark.parametrize("bad", BAD_TEXTS)
def test_a_request_id_holding_a_broken_or_control_character_is_refused(app, client, bad):
    """The request id is stored beside the command: SQLite cannot store a surrogate, PostgreSQL no NUL."""
    game = api_game(client)
    response = command(client, game, game["banker_token"], type="pass_go", player=1, request_id=bad)
    refused(response, 400)
    assert response.get_json()["error"].startswith("The request_id holds")
    assert seq(app, game["id"]) == 1


def test_a_game_stored_with_a_broken_character_opens_again_showing_a_replacement(app):
    """A game an older Banker stored with a lone surrogate in a reason and in its edition's title
    (every screen of it answered 500, undo or not) opens on every screen after an upgrade."""
    game_id, host, phone = playing_table(app)
    service = app.extensions["banker"]
    started = logged_events(service, game_id)[0].to_json()
    started["edition_data"]["edition"] = "Spring\ud800field"
    paid = {"type": "paid", "payer": 1, "payee": 0, "amount": 5, "reason": "Rent\ud800"}
    last = seq(app, game_id)
    with service.engine.begin() as connection:
        connection.execute(
            update(Action).where(Action.game_id == game_id, Action.seq == 1).values(events=[started])
        )
        connection.execute(insert(Action).values(game_id=game_id, seq=last + 1, seat_player=0, events=[paid]))
    with restarted(app) as upgraded:
        pages = every_screen(game_id, same_browser(host, upgraded), same_browser(phone, upgraded))
        assert "Ann paid the bank $5 (Rent\ufffd)" in pages["history"]
        assert "Ann paid the bank $5 (Rent\ufffd)" in pages["history.csv"]
        assert "Spring\ufffdfield" in pages["bank"]
        banker = upgraded.test_client().get(
            f"/api/games/{game_id}/history", headers=bearer(service.seats.of(game_id)[0].token)
        )
        assert banker.get_json()["lines"][-1]["text"] == "Ann paid the bank $5 (Rent\ufffd)"
        assert do(same_browser(phone, upgraded), game_id, type="pass_go", player=1).status_code == 200


@pytest.mark.parametrize("bad", BAD_TEXTS)
def test_a_new_game_with_broken_or_control_text_anywhere_is_refused(app, client, bad):
    for body in (
        {"players": ["Ann", bad]},
        {"players": ["Ann", "Bob"], "tokens": ["Car", bad]},
        {"players": ["Ann", "Bob"], "edition": springfield() | {"edition": bad}},
        {"players": ["Ann", "Bob"], "edition": springfield() | {"notes": [{"on": bad}]}},
    ):
        response = client.post("/api/games", json=body)
        refused(response, 400)
        assert re.search(r"holds .* \(U\+[0-9A-F]{4}\)", response.get_json()["error"])
    host = app.test_client()
    token = csrf_token(host)
    upload = json.dumps(springfield() | {"edition": bad}).encode()  # JSON spells a surrogate in ASCII
    page = host.post(
        "/new",
        data={
            "csrf_token": token,
            "name": ["Ann", "Bob"],
            "edition": "file",
            "edition_file": (io.BytesIO(upload), "bad.json"),
        },
        content_type="multipart/form-data",
    )
    refused(page, 400)
    assert "That edition file cannot be played. The text" in text(page) and 'value="Ann"' in text(page)
    page = host.post("/new", data={"csrf_token": token, "name": ["Ann", typed(bad)]})
    refused(page, 400)
    assert "Player 2&#39;s name holds an invisible control character" in page.get_data(as_text=True)
    assert "/g/" not in text(host.get("/"))


@pytest.mark.parametrize(
    "twin",
    ["\u0410nn", "Ann\u200b", "\u200bAnn", "A\u00adnn", "\uff21nn", "\U0001d5a0nn", "ANN"],
)
def test_names_that_read_the_same_to_a_person_are_refused_as_one(app, client, twin):
    response = client.post("/api/games", json={"players": ["Ann", "Bob", twin]})
    refused(response, 400)
    assert "give each" in response.get_json()["error"]
    host = app.test_client()
    page = host.post("/new", data={"csrf_token": csrf_token(host), "name": ["Ann", twin]})
    refused(page, 400)
    assert "give each" in text(page)


@pytest.mark.parametrize(
    "name", ["\u200b", "\u200d\u200c", "\ufeff\u2060", "\u3164", "x" * 21, "x" * 5000], ids=short_id
)
def test_names_with_nothing_to_see_or_far_too_long_are_refused(app, client, name):
    response = client.post("/api/games", json={"players": ["Ann", name]})
    refused(response, 400)
    assert response.get_json()["error"] in (
        "Player 2's name has nothing visible in it: write it in letters people can read.",
        f"Names are at most 20 characters: {name[:20]}… is too long.",
    )


# --- odd input ---------------------------------------------------------------------------

# Python calls "²" and "④" digits, and int() refuses them; it refuses 5,000 digits too
ODD_NUMBERS = ["²", "④", "1²", "1" * 5000, "9" * 16, "-" + "1" * 5000]
ODD_JSON = [None, True, 7, -1.5, "", "x", "²", "1" * 5000, [], [1, [2, {}]], {}, {"a": {"b": [None]}}]


def number_fields() -> list[tuple[str, str]]:
    """Every command and each of its fields that takes a number."""
    fields = []
    for kind, cls in sorted(COMMANDS.items()):
        hints = typing.get_type_hints(cls, include_extras=True)
        for field in dataclasses.fields(cls):
            hint = str(hints[field.name])
            if "int" in hint or "TradeSide" in hint:
                fields.append((kind, field.name))
    return fields


def with_number(kind: str, field: str, number: str) -> dict:
    """A command of `kind` whose `field` holds `number` and whose other fields are plausible."""
    cls = COMMANDS[kind]
    hints = typing.get_type_hints(cls, include_extras=True)
    body: dict = {"type": kind}
    for other in dataclasses.fields(cls):
        hint = hints[other.name]
        if hint is TradeSide or "TradeSide" in str(hint):
            body[other.name] = {"cash": number if other.name == field else 0}
        elif "mortgage_choices" in str(hint):
            body[other.name] = {number: "keep"} if other.name == field else {}
        elif "int" in str(hint):
            body[other.name] = number if other.name == field else 1
        else:
            body[other.name] = "chance"
    return body


@pytest.mark.parametrize("number", ODD_NUMBERS, ids=short_id)
def test_unicode_digits_and_huge_numerals_in_any_number_field_are_refused_in_words(app, client, number):
    game = api_game(client)
    for kind, field in number_fields():
        response = command(client, game, game["banker_token"], **with_number(kind, field, number))
        refused(response, 400, 409)
        assert response.get_json()["error"], (kind, field)
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    refused(do(host, game_id, view="bank", type="pay_bank", player=1, amount=number), 400)
    refused(do(host, game_id, view="bank", type="pay_player", player=number, to=2, amount=5), 400)
    assert seq(app, game["id"]) == 1 and seq(app, game_id) == 1


@pytest.mark.parametrize("number", ODD_NUMBERS, ids=short_id)
def test_unicode_digits_and_huge_numerals_on_the_new_game_form_show_it_again_saying_why(app, number):
    host = app.test_client()
    token = csrf_token(host)
    for field in ("starting_cash", "salary", "jackpot_seed", "minutes"):
        page = host.post(
            "/new", data={"csrf_token": token, "name": ["Ann", "Bob"], "preset": "timed", field: number}
        )
        refused(page, 400)
        assert 'value="Ann"' in text(page) and 'role="alert"' in text(page), field
    assert "/g/" not in text(host.get("/"))


def test_starting_cash_and_the_other_options_have_sane_bounds_on_the_form_and_the_api(app, client):
    host = app.test_client()
    page = host.post(
        "/new", data={"csrf_token": csrf_token(host), "name": ["Ann", "Bob"], "starting_cash": "1,000,001"}
    )
    refused(page, 400)
    assert "Starting cash must be at most 1,000,000." in text(page)  # the form names its field
    for option, value in (("auction_seconds", 10**12), ("end_at", 10**14), ("houses_before_hotel", 9)):
        response = client.post("/api/games", json={"players": ["Ann", "Bob"], "options": {option: value}})
        refused(response, 400)
        assert response.get_json()["error"].startswith(f"Option {option} must be at most")


@pytest.mark.parametrize("field", ["players", "preset", "edition", "options", "tokens"])
def test_odd_json_in_every_field_of_a_new_game_is_refused_in_words(client, field):
    for value in ODD_JSON:
        response = client.post("/api/games", json={"players": ["Ann", "Bob"], field: value})
        assert response.status_code in (201, 400), (value, response.status_code)
        if response.status_code == 400:
            assert response.get_json()["error"], value
    for bad in ("²", "1" * 5000, "\ud800"):
        refused(
            client.post("/api/games", json={"players": ["Ann", "Bob"], "options": {"starting_cash": bad}}),
            400,
        )
        refused(client.post("/api/games", json={"players": ["Ann", "Bob"], "options": {bad: 1}}), 400)


def edition_fields(data: dict) -> Iterator[tuple[str, dict, str]]:
    """(where, the object, its key) for every key of an edition file's first entries."""
    for key in data:
        yield key, data, key
    for listed in ("spaces", "properties", "chance", "community_chest"):
        for entry in data[listed][:2] + data[listed][-1:]:
            for key in entry:
                yield f"{listed}.{key}", entry, key
    for key in data["bank"]:
        yield f"bank.{key}", data["bank"], key


def test_odd_json_in_every_field_of_an_edition_file_is_refused_in_words(client):
    tried = 0
    for where, _, key in edition_fields(springfield()):
        for value in ODD_JSON:
            data = springfield()
            target = next(obj for place, obj, k in edition_fields(data) if place == where and k == key)
            target[key] = value
            response = client.post("/api/editions/check", json=data)
            assert response.status_code in (200, 400), (where, value, response.status_code)
            assert response.status_code == 200 or response.get_json()["error"], (where, value)
            tried += 1
    assert tried > 400


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"[" * 20_000 + b"]" * 20_000, "That edition file is nested too deeply to read."),
        (b'{"edition": ' + b"7" * 5000 + b"}", "A number of 5,000 digits is far too long"),
        (
            b'{"edition": "Springfield", "bank": {"houses": 1' + b"0" * 4400 + b"}}",
            "A number of 4,401 digits",
        ),
        (b"\xff\xfe{}", "That edition file is not text: JSON is written in UTF-8."),
        (b'{"edition": "\xed\xa0\x80"}', "That edition file is not text"),  # a surrogate spelt in UTF-8
    ],
)
def test_an_edition_file_nested_too_deep_or_holding_a_huge_number_shows_the_form_again(app, raw, message):
    host = app.test_client()
    page = host.post(
        "/new",
        data={
            "csrf_token": csrf_token(host),
            "name": ["Ann", "Bob"],
            "edition": "file",
            "edition_file": (io.BytesIO(raw), "x.json"),
        },
        content_type="multipart/form-data",
    )
    refused(page, 400)
    assert message in text(page) and 'value="Ann"' in text(page)


def test_an_api_body_holding_a_huge_number_is_refused_saying_so(client):
    for body in (
        b'{"players": ["Ann", "Bob"], "seed": ' + b"1" * 5000 + b"}",
        b'{"players": [' + b"9" * 16 + b"]}",
    ):
        response = client.post("/api/games", data=body, content_type="application/json")
        refused(response, 400)
        assert "digits is far too long" in response.get_json()["error"]


@pytest.mark.parametrize("path", ["/space/{n}", "/space/-{n}", "/seats/{n}"])
def test_a_number_in_an_address_of_thousands_of_digits_finds_nothing(app, path):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    refused(host.get(f"/g/{game_id}" + path.format(n="4" * 5000)), 404)
    refused(
        host.post(f"/g/{game_id}/trade/{'4' * 5000}/accept", headers={"X-CSRFToken": csrf_token(host)}), 404
    )


def test_a_seq_or_a_deed_no_game_could_reach_in_a_query_or_header_is_not_read(app):
    """ "²" passes `isdigit` and fails `int`; 20 digits overflow the database's integers; 4,400
    digits are more than Python reads: each answered 500 before."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    for sent in ("9" * 20, "²", "-1", "1.5"):
        live = host.get(f"/g/{game_id}/live?view=bank&seq={sent}", headers=HTMX)
        assert live.status_code == 200 and 'id="live"' in text(live)
        stream = host.get(f"/g/{game_id}/stream?view=bank&seq={sent}")
        assert stream.status_code == 200 and "event: update" in text(stream)
        stream = host.get(f"/g/{game_id}/stream?view=bank", headers={"Last-Event-ID": sent})
        assert stream.status_code == 200 and "event: update" in text(stream)
    paying = host.get(
        f"/g/{game_id}/pay-with-property?view=bank&player=1&deeds={'9' * 4400}&deeds=1", headers=HTMX
    )
    assert paying.status_code == 200, text(paying)


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
        client.get("/sw.js"),
        client.get("/no/such/page"),
    ]
    for response in responses:
        assert response.headers["Content-Security-Policy"] == CSP, response.request.path
        assert response.headers["X-Frame-Options"] == "DENY"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "same-origin"
        assert response.status_code != 500
        response.close()
    # files a browser never shows as a page nor runs as a worker: the policy would be bytes for nothing
    for path in (
        "/static/js/table.js",
        "/static/css/app.css",
        "/static/icons/favicon-32.png",
        "/manifest.webmanifest",
    ):
        response = client.get(path)
        assert response.status_code == 200
        assert "Content-Security-Policy" not in response.headers, path
        assert response.headers["X-Content-Type-Options"] == "nosniff"
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
        app.extensions["banker"].close()


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
    head = (ROOT / "templates" / "shared" / "_head.html").read_text()  # every page's, the display's too
    config = json.loads(re.search(r"name=\"htmx-config\" content='([^']+)'", head).group(1))
    assert config["allowEval"] is False
