"""The brakes per client address: guessing join codes is slowed without holding a right code back,
starting games and importing game files are limited, all shared by every server on one database,
and the address is the phone's own only behind proxies the operator trusts. And the whole server:
once its database is full, no new game."""

from __future__ import annotations

import io
import secrets
import threading

import pytest
from sqlalchemy import func, select

from banker import config, create_app
from banker.store.address_counts import AddressCounts
from banker.store.db import stored_bytes
from banker.store.models import AddressCount
from banker.web.http.security import HOLD_ROOM, HOLD_SECONDS, JOIN_TRIES_PER_MINUTE, TOO_MANY_TRIES
from tests.support.long_game import long_game_file
from tests.support.web import csrf_token, join, join_code, new_game, text

GAMES_LIMIT = "This address has started 3 games in the last hour, as many as this server allows."


@pytest.fixture
def another_server(app, clock, tmp_path):
    """Start another Banker on the app's database (with `extra` settings), closed afterwards."""
    started = []

    def start(**extra):
        server = create_app(
            {
                "TESTING": True,
                "SECRET_KEY": "test",
                "INSTANCE_PATH": str(tmp_path),
                "DATABASE_URL": app.config["DATABASE_URL"],
                "CLOCK": clock,
                "SLEEP": clock.advance,
                "TIMER": False,
                **extra,
            }
        )
        started.append(server)
        return server

    yield start
    for server in started:
        server.extensions["banker"].close()


def guess_wrong(client, **environ):
    for _ in range(JOIN_TRIES_PER_MINUTE):
        response = client.get(f"/join/{wrong_code()}", environ_base=environ)
        assert response.status_code == 404


def wrong_code():
    return "0" + secrets.token_hex(3)[:5].upper()  # join codes never hold a 0


# --- the join brake ---------------------------------------------------------------------


def test_an_address_that_guessed_wrong_too_often_waits_for_each_wrong_answer_for_a_minute(app, clock):
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    code = join_code(host, game_id)
    guesser = app.test_client()
    guess_wrong(guesser)
    started = clock.now
    blocked = guesser.get(f"/join/{wrong_code()}")
    assert blocked.status_code == 429 and TOO_MANY_TRIES in text(blocked)
    assert blocked.headers["Retry-After"] == "60"
    assert clock.now == started + HOLD_SECONDS  # held back before it was answered
    assert guesser.get("/join?code=QQQQQQ", follow_redirects=True).status_code == 429
    assert guesser.get("/seat/" + secrets.token_urlsafe(24)).status_code == 429
    # the right code is never held back: it joins at once
    before = clock.now
    join(guesser, code, 1)
    assert clock.now == before
    assert app.extensions["banker"].seats.of(game_id)[1].claimed
    # another address at the same table is not held back either
    other = app.test_client()
    assert other.get(f"/join/{wrong_code()}", environ_base={"REMOTE_ADDR": "10.0.0.9"}).status_code == 404
    assert clock.now == before
    # a minute after its first wrong guess the address starts afresh
    clock.advance(60)
    before = clock.now
    assert guesser.get(f"/join/{wrong_code()}").status_code == 404
    assert clock.now == before


def test_a_whole_table_joining_from_one_address_is_never_braked(app, clock):
    host = app.test_client()
    game_id = new_game(host, *[f"P{i}" for i in range(1, 9)])
    code = join_code(host, game_id)
    started = clock.now
    for player in range(1, 9):
        phone = app.test_client()
        for _ in range(3):  # reloads count for nothing
            assert phone.get(f"/join/{code}").status_code == 200
        join(phone, code, player)
    assert all(s.claimed for s in app.extensions["banker"].seats.of(game_id))
    assert clock.now == started  # and nobody was held back


def test_wrong_seat_links_are_braked_too(app):
    guesser = app.test_client()
    for _ in range(JOIN_TRIES_PER_MINUTE):
        assert guesser.get("/seat/" + secrets.token_urlsafe(24)).status_code == 404
    response = guesser.get("/seat/" + secrets.token_urlsafe(24))
    assert response.status_code == 429 and TOO_MANY_TRIES in text(response)


def test_a_guesser_at_two_codes_a_second_keeps_no_genuine_join_out(app, clock):
    """Two wrong codes a second from the table's own address used to lock 70 of 90 phones out."""
    held: list[float] = []
    # Each request waits from its own arrival, as requests held side by side do: the clock moves
    # only with the arrivals, two wrong codes and one phone joining each second.
    app.extensions["banker.waiting_room"].sleep = held.append
    host = app.test_client()
    games = {
        game_id: join_code(host, game_id)
        for game_id in [new_game(host, "Ann", "Bob", "Cy", "Dee", "Eve", "Flo") for _ in range(15)]
    }
    answers = []
    for code in games.values():
        for player in range(1, 7):
            for _ in range(2):
                answers.append(app.test_client().get(f"/join/{wrong_code()}").status_code)
                clock.advance(0.5)
            join(app.test_client(), code, player)  # asserts the phone took its seat
    assert answers.count(404) >= JOIN_TRIES_PER_MINUTE and answers.count(429) > 100
    assert set(answers) == {404, 429}
    assert len(held) > 100 and set(held) == {HOLD_SECONDS}  # the brake was on for most of it
    service = app.extensions["banker"]
    assert (
        sum(seat.claimed for game_id in games for seat in service.seats.of(game_id) if seat.player_id) == 90
    )


def test_a_flood_of_wrong_guesses_keeps_no_right_code_waiting_and_learns_nothing_early(app, clock):
    """Sixteen wrong guesses at once from one address used to fill the waiting room, and the right
    code sent beside them was turned away. Now it joins at once, while the wrong guesses are
    answered only as the room lets them out: HOLD_ROOM at a time, the rest waiting in line for a
    place, so sending more at a time buys a guesser no early answers."""
    host = app.test_client()
    game_id = new_game(host, "Ann", "Bob")
    code = join_code(host, game_id)
    guess_wrong(app.test_client())
    room = app.extensions["banker.waiting_room"]
    waiting = threading.Semaphore(0)
    release = threading.Event()

    def sleep(seconds: float) -> None:
        waiting.release()
        release.wait(timeout=30)

    room.sleep = sleep
    answers: list[int] = []
    guesses = [
        threading.Thread(
            target=lambda: answers.append(app.test_client().get(f"/join/{wrong_code()}").status_code)
        )
        for _ in range(HOLD_ROOM + 6)
    ]
    for guess in guesses:
        guess.start()
    for _ in range(HOLD_ROOM):
        assert waiting.acquire(timeout=30)
    assert not waiting.acquire(timeout=0.5)  # the room is full: the other six wait for a place
    started = clock.now
    join(app.test_client(), code, 1)  # the right code, from the same address
    assert app.extensions["banker"].seats.of(game_id)[1].claimed and clock.now == started
    assert answers == []  # and not one of the wrong guesses has been answered yet
    release.set()
    for guess in guesses:
        guess.join()
    assert answers == [429] * (HOLD_ROOM + 6)


def test_two_servers_on_one_database_share_the_brake(app, clock, another_server):
    host = app.test_client()
    code = join_code(host, new_game(host, "Ann", "Bob"))
    guess_wrong(app.test_client())  # on the first server
    second = another_server().test_client()
    before = clock.now
    assert second.get(f"/join/{wrong_code()}").status_code == 429
    assert second.get(f"/join/{code}").status_code == 200
    assert clock.now == before + HOLD_SECONDS  # the wrong guess waited; the right code did not


def test_the_forwarded_address_counts_only_behind_trusted_proxies(app, another_server):
    host = app.test_client()
    code = join_code(host, new_game(host, "Ann", "Bob"))

    def braked(client, proxy, phone):
        environ = {"REMOTE_ADDR": proxy, "HTTP_X_FORWARDED_FOR": phone}
        return client.get(f"/join/{wrong_code()}", environ_base=environ).status_code == 429

    # trusting no proxy, X-Forwarded-For is anybody's to write: the address is the connection's
    direct = app.test_client()
    guess_wrong(direct, REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.1")
    assert braked(direct, "10.0.0.2", "203.0.113.2")
    # behind one trusted proxy, each phone is its own address, and the proxy's is nobody's
    proxied = another_server(TRUSTED_PROXIES=1).test_client()
    guess_wrong(proxied, REMOTE_ADDR="10.0.0.3", HTTP_X_FORWARDED_FOR="198.51.100.1")
    assert not braked(proxied, "10.0.0.3", "198.51.100.2")
    assert braked(proxied, "10.0.0.3", "198.51.100.1")
    assert braked(proxied, "10.0.0.4", "198.51.100.1")
    phone = {"REMOTE_ADDR": "10.0.0.3", "HTTP_X_FORWARDED_FOR": "198.51.100.2"}
    assert proxied.get(f"/join/{code}", environ_base=phone).status_code == 200


def test_a_forwarded_header_holding_no_address_is_counted_and_never_looked_up_as_written(another_server):
    """Behind a trusted proxy the forwarded client is what the header says, which its sender may
    have written: a NUL in it was a 500 on PostgreSQL (the counts are kept in the database)."""
    proxied = another_server(TRUSTED_PROXIES=1).test_client()
    for written in ("\x00", "not an address", "9" * 100):
        environ = {"REMOTE_ADDR": "10.0.0.3", "HTTP_X_FORWARDED_FOR": written}
        assert proxied.get(f"/join/{wrong_code()}", environ_base=environ).status_code == 404
        assert (
            proxied.post("/api/games", json={"players": ["Ann", "Bob"]}, environ_base=environ).status_code
            == 201
        )


def test_the_addresses_of_one_ipv6_network_guess_as_one(app):
    """An IPv6 /64 is one household's, or one machine's with as many addresses as it likes: the
    brake counts its guesses together, as the connection cap counts its connections."""
    host = app.test_client()
    code = join_code(host, new_game(host, "Ann", "Bob"))
    guesser = app.test_client()
    for number in range(JOIN_TRIES_PER_MINUTE):
        one_of_many = {"REMOTE_ADDR": f"2001:db8:7:1:{number:x}::1"}
        assert guesser.get(f"/join/{wrong_code()}", environ_base=one_of_many).status_code == 404
    same_network = {"REMOTE_ADDR": "2001:db8:7:1:ffff::9"}
    assert guesser.get(f"/join/{wrong_code()}", environ_base=same_network).status_code == 429
    assert guesser.get(f"/join/{code}", environ_base=same_network).status_code == 200
    next_network = {"REMOTE_ADDR": "2001:db8:7:2::1"}
    assert guesser.get(f"/join/{wrong_code()}", environ_base=next_network).status_code == 404


def test_counts_of_windows_gone_by_are_deleted_not_kept(app, clock):
    counts = AddressCounts(app.extensions["banker"].engine, "test", 60.0, clock)
    for number in range(50):
        counts.add(f"192.0.2.{number}")
    counts.add("192.0.2.1")
    assert counts.count("192.0.2.1") == 2 and counts.count("192.0.2.99") == 0
    clock.advance(60)
    assert counts.count("192.0.2.1") == 0
    counts.add("192.0.2.1")
    assert counts.count("192.0.2.1") == 1
    with counts.engine.connect() as connection:
        assert connection.execute(select(func.count()).select_from(AddressCount)).scalar() == 1


# --- starting games ---------------------------------------------------------------------


def test_new_games_are_limited_per_address_on_the_form_and_the_api(app, clock):
    app.config["NEW_GAMES_PER_HOUR"] = 3
    host = app.test_client()
    token = csrf_token(host)
    refused = host.post("/new", data={"csrf_token": token, "name": ["Ann"]})
    assert refused.status_code == 400  # a game not started does not count
    for _ in range(3):
        new_game(host, "Ann", "Bob")
        clock.advance(600)  # the hour counts from the first game: 40 minutes left of it
    form = host.post("/new", data={"csrf_token": token, "name": ["Ann", "Bob"]})
    assert form.status_code == 429
    assert GAMES_LIMIT in text(form) and 'value="Ann"' in text(form)  # the form again, as filled in
    api = host.post("/api/games", json={"players": ["Ann", "Bob"]})
    assert api.status_code == 429 and api.get_json()["error"].startswith(GAMES_LIMIT)
    assert api.headers["Retry-After"] == "1800"  # when it may start a game again, not "60"
    other = host.post(
        "/api/games", json={"players": ["Ann", "Bob"]}, environ_base={"REMOTE_ADDR": "10.0.0.7"}
    )
    assert other.status_code == 201
    clock.advance(1800)
    assert host.post("/api/games", json={"players": ["Ann", "Bob"]}).status_code == 201


def test_new_games_are_counted_per_ipv6_network(app):
    app.config["NEW_GAMES_PER_HOUR"] = 2
    host = app.test_client()
    started = [
        host.post("/api/games", json={"players": ["Ann", "Bob"]}, environ_base={"REMOTE_ADDR": address})
        for address in ("2001:db8:9:1::1", "2001:db8:9:1::2", "2001:db8:9:1:8000::3", "2001:db8:9:2::1")
    ]
    assert [response.status_code for response in started] == [201, 201, 429, 201]


def test_new_games_per_hour_comes_from_the_environment(monkeypatch, tmp_path):
    monkeypatch.delenv("BANKER_NEW_GAMES_PER_HOUR", raising=False)
    assert config.defaults(str(tmp_path))["NEW_GAMES_PER_HOUR"] == 60
    monkeypatch.setenv("BANKER_NEW_GAMES_PER_HOUR", "0")
    assert config.defaults(str(tmp_path))["NEW_GAMES_PER_HOUR"] == 0
    monkeypatch.setenv("BANKER_NEW_GAMES_PER_HOUR", "lots")
    with pytest.raises(SystemExit, match="BANKER_NEW_GAMES_PER_HOUR must be a whole number"):
        config.defaults(str(tmp_path))


# --- disk: game files imported, and the whole server ---------------------------------------


def a_game_file(app, kilobytes: int) -> bytes:
    """A short game's file, padded with white space (which JSON reads past) to `kilobytes`."""
    service = app.extensions["banker"]
    raw = service.export_game(service.create_game(["Ann", "Bob"]).game.id)
    return raw + b" " * (kilobytes * 1024 - len(raw))


def imported(client, body: bytes, address: str = "127.0.0.1"):
    return client.post(
        "/api/games/import", data=body, content_type="application/json", environ_base={"REMOTE_ADDR": address}
    )


IMPORTS_LIMIT = (
    "This address has imported as many game files in the last day as this server takes from one "
    "address (1 MB). Carry on with a game already here, or try again tomorrow."
)


def test_game_files_imported_are_limited_in_megabytes_per_address_a_day(app, clock):
    """At 60 imports of 4 MB an hour, one address could fill a disk; now it may bring 1 MB a day
    here (IMPORT_MB_PER_DAY), counted in the database as the other brakes are."""
    app.config["IMPORT_MB_PER_DAY"] = 1
    host = app.test_client()
    body = a_game_file(app, 400)
    assert imported(host, body).status_code == 201
    assert imported(host, body).status_code == 201
    refused = imported(host, body)  # 1,200 kB in a day
    assert refused.status_code == 429 and refused.get_json() == {"error": IMPORTS_LIMIT}
    page = host.post(
        "/import",
        data={"csrf_token": csrf_token(host), "game_file": (io.BytesIO(body), "game.json")},
        content_type="multipart/form-data",
    )
    assert page.status_code == 429 and IMPORTS_LIMIT in text(page)
    assert imported(host, a_game_file(app, 100)).status_code == 201  # what is left of the day
    assert imported(host, body, address="10.0.0.7").status_code == 201
    assert host.post("/api/games", json={"players": ["Ann", "Bob"]}).status_code == 201  # no file
    clock.advance(24 * 60 * 60)
    assert imported(host, body).status_code == 201


def test_a_game_file_refused_counts_nothing_against_its_address(app):
    app.config["IMPORT_MB_PER_DAY"] = 1
    host = app.test_client()
    damaged = a_game_file(app, 600).replace(b'"seq":1', b'"seq":2', 1)
    for _ in range(3):
        assert imported(host, damaged).status_code == 400
    assert imported(host, a_game_file(app, 600)).status_code == 201


def test_imports_sent_together_are_counted_before_their_files_are_checked(app, monkeypatch):
    """A file is checked for a while (in a worker, under `banker serve`), and each import sent
    meanwhile passed a count the first had not added to yet: 8 sent at once were all stored where
    two games, or one file's megabyte, were left."""
    service = app.extensions["banker"]
    host = app.test_client()
    body = a_game_file(app, 600)
    check = service.import_game
    meanwhile = []

    def slow_check(raw):
        if not meanwhile:  # a second arrives while the first is being checked
            meanwhile.append(None)
            meanwhile[0] = imported(host, body)
        return check(raw)

    monkeypatch.setattr(service, "import_game", slow_check)
    app.config["IMPORT_MB_PER_DAY"] = 1
    assert imported(host, body).status_code == 201
    assert meanwhile[0].status_code == 429 and meanwhile[0].get_json() == {"error": IMPORTS_LIMIT}

    app.config.update(IMPORT_MB_PER_DAY=0, NEW_GAMES_PER_HOUR=1)
    meanwhile.clear()
    assert imported(host, body).status_code == 201
    assert (
        meanwhile[0].status_code == 429
        and "started 1 game in the last hour" in meanwhile[0].get_json()["error"]
    )
    assert app.extensions["banker.new_games"].count("127.0.0.1") == 1  # the one refused gave its place back


FULL = (
    "This server is full: it takes no new games until its host makes room. Carry on with a game "
    "already started."
)


def test_a_full_server_takes_no_new_game_and_the_games_there_play_on(app):
    """Once the database holds MAX_DATABASE_MB, no game is started or imported (507); the games
    already there play on, and a game or two deleted makes room again."""
    service = app.extensions["banker"]
    host = app.test_client()
    game = service.create_game(["Ann", "Bob"])
    body = long_game_file(400)  # some 120 kB stored
    app.config["MAX_DATABASE_MB"] = (stored_bytes(service.engine) + 1) / 2**20  # just over what it holds
    assert imported(host, body).status_code == 201
    refused = host.post("/api/games", json={"players": ["Ann", "Bob"]})
    assert refused.status_code == 507 and refused.get_json() == {"error": FULL}
    assert imported(host, body).status_code == 507
    form = host.post("/new", data={"csrf_token": csrf_token(host), "name": ["Ann", "Bob"]})
    assert form.status_code == 507 and FULL in text(form) and 'value="Ann"' in text(form)
    board = host.post("/editions/new", data={"csrf_token": csrf_token(host), "start": "us"})
    assert board.status_code == 507  # a saved edition is kept as a game is
    assert "This server is full: it keeps no new edition until its host makes room." in text(board)
    played = host.post(
        f"/api/games/{game.game.id}/commands",
        json={"type": "pass_go", "player": 1},
        headers={"Authorization": f"Bearer {game.banker.token}"},
    )
    assert played.status_code == 200
    app.config["MAX_DATABASE_MB"] = 0  # no limit
    assert host.post("/api/games", json={"players": ["Ann", "Bob"]}).status_code == 201


@pytest.mark.parametrize(
    ("name", "setting", "default", "value"),
    [
        ("BANKER_IMPORT_MB_PER_DAY", "IMPORT_MB_PER_DAY", 40, "0"),
        ("BANKER_MAX_DATABASE_MB", "MAX_DATABASE_MB", 2048, "500"),
        ("BANKER_KEEP_DAYS", "KEEP_DAYS", 0, "30"),
    ],
)
def test_the_disk_limits_come_from_the_environment(monkeypatch, tmp_path, name, setting, default, value):
    monkeypatch.delenv(name, raising=False)
    assert config.defaults(str(tmp_path))[setting] == default
    monkeypatch.setenv(name, value)
    assert config.defaults(str(tmp_path))[setting] == int(value)
    monkeypatch.setenv(name, "-1")
    with pytest.raises(SystemExit, match=f"{name} must be a whole number"):
        config.defaults(str(tmp_path))
