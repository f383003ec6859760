"""Fuzzing every route the way a browser, a proxy or a script might reach it: any method, each of
the URL's parts real or odd, odd queries, headers that proxies and old browsers send (conditional
and range requests, encodings, languages, cookies past their size), a seat's bearer token or a
forged one, broken bodies. Never a 500: what a client sends is a claim, and a wrong one is
refused with a 4xx."""

from __future__ import annotations

import re

import pytest
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given
from hypothesis import strategies as st

from tests.support.properties import searched
from tests.support.web import HTMX, join_code, new_game, session_token

METHODS = ("GET", "HEAD", "POST", "DELETE", "OPTIONS", "PUT", "PATCH")
# what stands in each part of a URL: the test's own game, edition or join code, or nobody's
PARTS = {
    "game_id": ("{game}", "{api_game}", "x", "%00", "A" * 65, "%2e%2e"),
    "edition_id": ("{edition}", "us", "millionaire", "x", "%00"),
    "code": ("{code}", "x", "%00", "AAAAAA"),
    "token": ("x", "%00", "A" * 65),
    "deck": ("chance", "community_chest", "x"),
    "filename": ("js/app.js", "vendor/htmx.min.js", "css/app.css", "none.js", "../banker/__init__.py"),
}
WHOLE_NUMBERS = ("0", "1", "2", "39", "40", "999", "999999999999999")
QUERIES = (
    "view=bank", "view=display", "view=" + "x" * 300, "lang=ko&lang=ja", "seq=-5", "seq=1.5",
    "before=-1&player=-1", "deeds=1&deeds=1&deeds=99&deeds=-1", "to=0", "plan=" + "h" * 500,
    "open=%ff", "edition=../../etc/passwd", "counter=1&to=1", "v=" + "1" * 200, "closed=1&closed=0",
    "code=%00", "v=%00",
)  # fmt: skip
HEADERS = (
    {"If-None-Match": '"garbage'}, {"If-None-Match": "*"}, {"If-Modified-Since": "Mon, 99 Foo 9999"},
    {"Range": "bytes=999999999-"}, {"Range": "bytes=5-1"}, {"Range": "lines=1-2"},
    {"Accept-Encoding": "br;q=x, gzip;q=-1, *;q=2"}, {"Accept-Encoding": "identity;q=0"},
    {"Accept-Language": "xx-\x7f;q=abc, ;q=1"}, {"Accept-Language": "*" * 5000},
    {"Content-Type": "application/json; charset=utf-99"}, {"Content-Type": "multipart/form-data"},
    {"Content-Type": "multipart/form-data; boundary=x"},
    {"Content-Type": "application/x-www-form-urlencoded; charset=rot13"},
    {"Last-Event-ID": "-1"}, {"Last-Event-ID": "1e9"}, {"Last-Event-ID": "９"},
    {"HX-Current-URL": "javascript:alert(1)"}, {"HX-Target": '"><'}, {"X-Forwarded-Proto": "gopher"},
    {"Host": "a..b:99999"}, {"Cookie": "acting=9999999999999999999999; lang=zz"},
    {"Cookie": "session=" + "A" * 4000}, {"Authorization": "Bearer " + "x" * 5000},
    {"Authorization": "Basic Zm9vOmJhcg=="}, {"X-CSRFToken": "x"},
    {"Authorization": "Bearer {bank}"}, {"Authorization": "Bearer {player}"},
)  # fmt: skip
BODIES = (
    b"",
    b"\xff\xfe",
    b"a=" + b"%" * 100,
    b"{",
    b"[]",
    b"null",
    b"player=1&player=2&amount=1e3",
    b"x" * 100_000,
)
PART = re.compile(r"<(?:(\w+)(?:\([^)]*\))?:)?(\w+)>")


@st.composite
def requests(draw, routes: list[str]) -> tuple[str, str, dict[str, str], bytes]:
    def part(match: re.Match) -> str:
        converter, name = match.groups()
        return draw(st.sampled_from(WHOLE_NUMBERS if converter == "int" else PARTS[name]))

    url = PART.sub(part, draw(st.sampled_from(routes)))
    query = draw(st.sampled_from(("", *QUERIES)))
    headers = {
        name: value
        for odd in draw(st.lists(st.sampled_from(HEADERS), max_size=3))
        for name, value in odd.items()
    }
    return draw(st.sampled_from(METHODS)), f"{url}?{query}", headers, draw(st.sampled_from(BODIES))


@pytest.fixture
def phone(app) -> tuple[FlaskClient, dict[str, str]]:
    """A host's phone, and what it holds: its game, the game's join code, an edition it saved, and
    a game started through the API with its bank's and a player's token; once for all the examples."""
    phone = app.test_client()
    game_id = new_game(phone, "Ann", "Bob")
    edition = phone.post("/api/editions", json=phone.get("/api/editions/us").get_json()).get_json()
    api_game = phone.post("/api/games", json={"players": ["Cy", "Di"]}).get_json()
    return phone, {
        "game": game_id,
        "code": join_code(phone, game_id),
        "edition": edition["id"],
        "api_game": api_game["id"],
        "bank": api_game["banker_token"],
        "player": api_game["players"][0]["token"],
    }


@searched(100, 1000, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(st.data())
def test_odd_requests_to_every_route_never_answer_500(app, phone, data):
    phone, own = phone
    routes = sorted(rule.rule for rule in app.url_map.iter_rules())
    for method, url, headers, body in data.draw(st.lists(requests(routes), min_size=1, max_size=10)):
        asked = {**HTMX, "X-CSRFToken": session_token(phone), **headers}
        asked = {name: value.format(**own) for name, value in asked.items()}  # a bearer token of its own
        with phone.open(url.format(**own), method=method, headers=asked, data=body) as response:
            assert response.status_code < 500, (method, url, headers, response.status_code)
