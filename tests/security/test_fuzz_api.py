"""Fuzzing the JSON API: random command types with random fields and values (wrong types, huge
numbers and numerals, digits Python reads and a bank does not, broken and control characters,
nested junk), from any seat; and random new games (look-alike, invisible, broken and long names,
odd presets, editions, options and pieces). Never a 500, and the invariants hold after every run:
the stored log folds to the cached state, the bank's buildings plus those on the board are the
full supply, nobody's cash is negative, every owner is a player of the game, no two players' names
read alike, and every text the game holds can be sent."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from banker.rules import COMMANDS
from banker.rules.lookalike import looks
from banker.rules.ruleset import RuleSet
from banker.rules.state import BANK
from banker.service import GameService
from banker.service.broker import Broker
from banker.store.db import make_engine
from tests.support.properties import searched

FIELDS = (
    "player",
    "to",
    "amount",
    "reason",
    "deed",
    "space",
    "dice",
    "card",
    "deck",
    "from_space",
    "kind",
    "trade",
    "give",
    "get",
    "mortgages",
    "choice",
    "seq",
    "level",
    "request_id",
)
WORDS = (
    "chance",
    "community_chest",
    "CH05",
    "CC01",
    "house",
    "hotel",
    "keep",
    "lift",
    "nearest_railroad",
    "",
)
ANSWERS = (200, 400, 403, 404, 409)
# what a screen must never be sent, and what Python reads as a number when a bank does not
BAD_CHARACTERS = ("\ud800", "\udfff", "\x00", "\x1b", "\x85", "\u202e", "\u2066", "\u200b", "\ufeff")
ODD_NUMERALS = ("²", "④", "1²", "１２", "٣", "1" * 5000, "-" + "9" * 16, "9" * 15)

# any character at all, surrogates included, and the troublesome ones often
texts = st.text(st.characters(exclude_categories=()) | st.sampled_from(BAD_CHARACTERS), max_size=12)
junk = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True) | texts,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
plausible = st.one_of(
    st.integers(-1, 41),
    st.integers(1, 2000),
    st.sampled_from([2**31, 2**63, 10**30, -(10**30), 10**15 - 1, 1_000_001]),
    st.sampled_from(ODD_NUMERALS),
    st.sampled_from(WORDS),
    st.builds("".join, st.lists(st.sampled_from(("Rent", " ", *BAD_CHARACTERS)), max_size=4)),
    st.fixed_dictionaries(
        {},
        optional={"cash": st.integers(-10, 3000), "deeds": st.lists(st.integers(-1, 41), max_size=3)},
    ),
)
commands = st.builds(
    lambda kind, fields: {**fields, "type": kind},
    st.one_of(st.sampled_from(sorted(COMMANDS)), st.sampled_from(["bogus", "", "__class__"]), junk),
    st.dictionaries(st.sampled_from(FIELDS), st.one_of(plausible, plausible, junk), max_size=6),
)
steps = st.lists(
    st.one_of(
        st.tuples(st.integers(0, 3), commands),  # (seat: 0 the banker, 1-3 the players, command)
        st.tuples(st.just("wait"), st.floats(1, 40)),  # the clock moves on (auctions close)
    ),
    min_size=1,
    max_size=20,
)
# deeds in hand first, so rent, building, mortgages and trades have something to work on
OPENING = [
    {"type": "buy", "player": 1, "deed": 1},
    {"type": "buy", "player": 1, "deed": 3},
    {"type": "buy", "player": 2, "deed": 37},
    {"type": "buy", "player": 2, "deed": 39},
    {"type": "buy", "player": 3, "deed": 5},
    {"type": "build", "deed": 1},
]


def check_invariants(app, game_id: str) -> None:
    service = app.extensions["banker"]
    cached = service.state(game_id)
    # on the same clock: a service on the real one would close the auction the fake clock keeps open
    url = service.engine.url.render_as_string(hide_password=False)
    fresh = GameService(make_engine(str(url)), Broker(), clock=service.clock)
    try:
        assert fresh.state(game_id) == cached, "the cache drifted from the stored log"
    finally:
        fresh.engine.dispose()
    holdings = cached.holdings.values()
    assert cached.houses + sum(h.houses for h in holdings) == 32
    assert cached.hotels + sum(1 for h in holdings if h.hotel) == 12
    assert all(h.houses == 0 for h in holdings if h.hotel)
    players = {p.id for p in cached.players}
    assert all(p.cash >= 0 for p in cached.players), [p.cash for p in cached.players]
    assert all(h.owner == BANK or h.owner in players for h in holdings)
    lines = service.history(game_id, limit=None)
    assert [line.seq for line in lines] == list(range(cached.seq, 0, -1))
    for line in lines:
        line.text.encode()  # every history line can be sent


@searched(50, 1000, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(steps)
@example(steps=[(0, {"player": 1, "type": "resign"})])  # leaves an auction open: the clocks must agree
def test_random_commands_never_crash_the_api_or_break_an_invariant(app, clock, steps):
    client = app.test_client()
    created = client.post("/api/games", json={"players": ["Ann", "Bob", "Cy"]}).get_json()
    game_id = created["id"]
    tokens = [created["banker_token"], *(p["token"] for p in created["players"])]
    url = f"/api/games/{game_id}/commands"
    for body in OPENING:
        assert (
            client.post(url, json=body, headers={"Authorization": f"Bearer {tokens[0]}"}).status_code == 200
        )
    for seat, step in steps:
        if seat == "wait":
            clock.advance(step)
            response = client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {tokens[1]}"})
        else:
            response = client.post(url, json=step, headers={"Authorization": f"Bearer {tokens[seat]}"})
        assert response.status_code in ANSWERS, (step, response.status_code, response.get_data(as_text=True))
        body = response.get_json()
        assert isinstance(body, dict)
        if response.status_code != 200:
            assert isinstance(body["error"], str) and body["error"]
    check_invariants(app, game_id)


NAMES = (
    "Ann",
    "\u0410nn",
    "Ann\u200b",
    "ANN",
    "\uff21nn",
    "Bob",
    "B\u043eb",
    "Zoë",
    "Zoe",
    "민수",
    "ユキ",
    "👨\u200d👩\u200d👧",
)
letters = st.text(st.characters(categories=["L", "M", "N", "Zs"]), min_size=1, max_size=12)
names = st.one_of(
    st.sampled_from(NAMES),
    letters,
    texts,
    st.text(st.characters(exclude_categories=()), min_size=15, max_size=40),  # long ones
    st.builds("".join, st.lists(st.sampled_from(NAMES + BAD_CHARACTERS), min_size=1, max_size=3)),
)
option_names = st.sampled_from([f for f in RuleSet().as_dict() if f != "preset"] + ["bogus"])
new_games = st.fixed_dictionaries(
    {
        "players": st.one_of(
            st.lists(letters, min_size=2, max_size=8, unique_by=looks),  # a table that can play
            st.lists(names, min_size=2, max_size=9),  # look-alike, invisible, broken and long names
            junk,
        )
    },
    optional={
        "preset": st.sampled_from(["classic", "short", "jma", "millionaire"]) | junk,
        "edition": st.sampled_from(["us", "uk"]) | junk,
        "options": st.dictionaries(option_names, plausible, max_size=3) | junk,
        "tokens": st.lists(letters, max_size=8) | st.lists(names, max_size=9) | junk,
    },
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(new_games)
@example(
    body={"players": None, "preset": "classic", "tokens": [], "options": {}, "edition": "\x00"}
)  # PostgreSQL: 500
def test_random_new_games_are_refused_in_words_or_start_a_game_every_screen_can_show(app, body):
    client = app.test_client()
    response = client.post("/api/games", json=body)
    assert response.status_code in (201, 400), (body, response.status_code, response.get_data(as_text=True))
    if response.status_code == 400:
        assert isinstance(response.get_json()["error"], str) and response.get_json()["error"]
        return
    created = response.get_json()
    names_seated = [p["name"] for p in created["players"]]
    assert len({looks(name) for name in names_seated}) == len(names_seated)
    headers = {"Authorization": f"Bearer {created['banker_token']}"}
    for path in ("", "/history", "/tally", "/edition"):
        page = client.get(f"/api/games/{created['id']}{path}", headers=headers)
        assert page.status_code == 200, path
        json.dumps(page.get_json(), ensure_ascii=False).encode()  # every text in it can be sent
    check_invariants(app, created["id"])
