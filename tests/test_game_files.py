"""A game saved as one file and resumed on any Banker server (banker/service/game_files.py): the API's
export and import, what an imported game keeps (everything the table played) and what it does
not (the id, join code and seat tokens of the server it came from), the upgrade of older files,
and every damaged, cut, foreign or edited file refused in words with nothing stored: an import
decides every action again and refuses the first the rules would not have made, while a host's
own backup (restored `trusted`) is checked in its form and folded as it is."""

from __future__ import annotations

import json
import pickle
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import banker.service.pacing
from banker.rules import decide
from banker.rules.bankruptcy import DeclareBankruptcy
from banker.rules.board import edition_to_json
from banker.rules.buildings import Build
from banker.rules.editions import custom_edition, load_edition
from banker.rules.editions.check import LARGEST_BOARD
from banker.rules.money import Paid, PayBank
from banker.rules.mortgages import Mortgage
from banker.rules.state import TradeSide
from banker.rules.trades import AcceptTrade, ProposeTrade
from banker.service import game_files
from tests.support.databases import rows
from tests.support.game_files import refused, rewritten
from tests.support.long_game import long_game_file
from tests.support.rules import ANN, BOB, new_game, owning, run
from tests.support.servers import ServeProcess, request
from tests.support.small_board import millionaire_board

SLOW_SETTINGS = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


@pytest.fixture
def played(app, clock):
    """A game of Ann, Bob and Cy with some play in it: deeds bought, rent, an auction, an offer
    open, an undone payment, and a phone that took back its own slip."""
    service = app.extensions["banker"]
    created = service.create_game(["Ann", "Bob", "Cy"], options={"auction_seconds": 30})
    game, bank = created.game.id, created.banker.token
    ann, bob = created.players[0].token, created.players[1].token
    for command in (
        {"type": "buy", "player": 1, "deed": 39},
        {"type": "buy", "player": 1, "deed": 37},
        {"type": "pay_rent", "player": 2, "deed": 39},
        {"type": "decline", "player": 3, "deed": 1},
        {"type": "bid", "player": 2, "amount": 40},
        {"type": "collect_from_bank", "player": 3, "amount": 100, "reason": "Prize"},
        {"type": "undo"},
    ):
        service.run(game, bank, command)
    clock.advance(31)
    service.settle_due(game)
    offer = {
        "type": "propose_trade",
        "player": 1,
        "to": 2,
        "give": {"deeds": [37]},
        "get": {"cash": 300},
    }
    service.run(game, ann, offer, request_id="offer-1")
    service.run(game, bob, {"type": "pay_player", "player": 2, "to": 1, "amount": 10})
    return created


def export(client, created) -> bytes:
    response = client.get(f"/api/games/{created.game.id}/export", headers=bearer(created.banker.token))
    assert response.status_code == 200, response.get_data(as_text=True)
    return response.get_data()


# --- export and import --------------------------------------------------------------------------


def test_an_imported_game_is_the_same_game_under_a_new_id_join_code_and_seats(app, client, played):
    service = app.extensions["banker"]
    raw = export(client, played)
    response = client.post("/api/games/import", data=raw, content_type="application/json")
    assert response.status_code == 201, response.get_data(as_text=True)
    moved = response.get_json()
    assert moved["id"] != played.game.id and moved["join_code"] != played.game.join_code
    assert [p["name"] for p in moved["players"]] == ["Ann", "Bob", "Cy"]
    assert service.state(moved["id"]) == service.state(played.game.id)
    assert service.history(moved["id"]) == service.history(played.game.id)

    old_tokens = [played.banker.token, *(seat.token for seat in played.players)]
    new_tokens = [moved["banker_token"], *(p["token"] for p in moved["players"])]
    assert not set(old_tokens) & set(new_tokens)
    for token in old_tokens:
        answer = client.get(f"/api/games/{moved['id']}", headers=bearer(token))
        assert answer.status_code == 403
    # play goes on there, and the game it came from is untouched
    ann = moved["players"][0]["token"]
    answer = client.post(
        f"/api/games/{moved['id']}/commands",
        json={"type": "accept_trade", "player": 2, "trade": 1},
        headers=bearer(moved["players"][1]["token"]),
    )
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert service.state(moved["id"]).holding(37).owner == 2
    assert service.state(played.game.id).holding(37).owner == 1
    assert client.get(f"/api/games/{moved['id']}", headers=bearer(ann)).status_code == 200


def test_a_game_whose_late_seating_was_undone_imports_with_the_seats_of_its_players(app, client):
    """The place stays for the next late player, without anyone in it: the import answered 409
    ("There is no player 4 in this game.") after storing the game, and each retry stored another."""
    service = app.extensions["banker"]
    created = service.create_game(["Ann", "Bob", "Cy"])
    service.run(created.game.id, created.banker.token, {"type": "add_player", "name": "Dee"})
    service.run(created.game.id, created.banker.token, {"type": "undo"})
    before = rows(app)
    response = client.post("/api/games/import", data=export(client, created), content_type="application/json")
    assert response.status_code == 201, response.get_data(as_text=True)
    assert [(p["id"], p["name"]) for p in response.get_json()["players"]] == [
        (1, "Ann"),
        (2, "Bob"),
        (3, "Cy"),
    ]
    assert rows(app)[0] == before[0] + 1


def test_a_long_game_of_every_kind_of_money_command_moves_byte_for_byte(app):
    """Bought, paid, rented, built, mortgaged, offered and undone: each decided again as it comes in,
    and written out again as it came."""
    service = app.extensions["banker"]
    raw = long_game_file(1_000)
    moved = service.import_game(raw)
    assert moved.state.seq == 1_000
    assert service.export_game(moved.game.id) == raw


def test_a_game_exported_twice_is_the_same_file(client, played):
    assert export(client, played) == export(client, played)


def test_only_the_bank_exports_a_game(client, played):
    game = played.game.id
    answer = client.get(f"/api/games/{game}/export", headers=bearer(played.players[0].token))
    assert answer.status_code == 403
    assert answer.get_json() == {"error": "Only the banker can do that."}
    assert client.get(f"/api/games/{game}/export").status_code == 403
    assert client.get("/api/games/nosuchgame/export", headers=bearer(played.banker.token)).status_code == 404


def test_a_game_file_larger_than_the_usual_request_bound_imports(app, client):
    """A long game's file is far over the 64 KB any other request may send."""
    service = app.extensions["banker"]
    created = service.create_game(["Ann", "Bob"])
    for n in range(600):
        service.run(
            created.game.id,
            created.banker.token,
            {"type": "pay_player", "player": 1 + n % 2, "to": 2 - n % 2, "amount": n + 1},
        )
    raw = export(client, created)
    assert len(raw) > app.config["MAX_CONTENT_LENGTH"]
    response = client.post("/api/games/import", data=raw, content_type="application/json")
    assert response.status_code == 201, response.get_data(as_text=True)
    assert service.state(response.get_json()["id"]) == service.state(created.game.id)


def test_a_file_over_the_bound_is_refused_unread(app, client):
    body = b" " * (game_files.MAX_BYTES + 64 * 1024 + 1)
    before = rows(app)
    response = client.post("/api/games/import", data=body, content_type="application/json")
    assert response.status_code == 413
    assert response.get_json()["error"] == "A game file is at most 12 MB: this one is larger."
    assert rows(app) == before
    with pytest.raises(game_files.BadGameFile, match="larger than a game can be"):
        game_files.read(b"{" + b" " * game_files.MAX_BYTES + b"}", now=0.0)
    # the page a proxy in front shows for a file past its own bound (docs/nginx.conf), in the
    # phone's language (tests/reliability/test_proxy.py sends nginx one)
    page = client.get("/game-file-too-large", headers={"Accept-Language": "ja-JP,ja;q=0.9"})
    assert page.status_code == 413
    assert "ゲームファイルは最大12 MBです。このファイルはそれより大きいです。" in page.get_data(as_text=True)
    assert rows(app) == before


def test_an_import_counts_as_a_new_game_against_the_hourly_limit(app, client, played):
    raw = export(client, played)
    app.config["NEW_GAMES_PER_HOUR"] = 1
    assert client.post("/api/games/import", data=raw, content_type="application/json").status_code == 201
    before = rows(app)
    answer = client.post("/api/games/import", data=raw, content_type="application/json")
    assert answer.status_code == 429
    assert "started 1 game in the last hour" in answer.get_json()["error"]
    assert rows(app) == before


# --- versions --------------------------------------------------------------------------------


def test_a_file_of_an_older_version_is_upgraded_step_by_step(app, client, played, monkeypatch):
    """Files of version 1 named a payment's reason `why`: this server reads version 3, whose steps
    from 1 to 2 rename it and from 2 to 3 are (in this story) a change elsewhere."""
    raw = export(client, played)
    steps = []

    def one_to_two(content):
        steps.append(1)
        for action in content["actions"]:
            for event in action["events"]:
                if "why" in event:
                    event["reason"] = event.pop("why")
        return content

    def two_to_three(content):
        steps.append(2)
        return content

    def as_version_one(data):
        data["version"] = 1
        for action in data["actions"]:
            for event in action["events"]:
                if event["type"] == Paid.type:
                    event["why"] = event.pop("reason")

    older = rewritten(raw, as_version_one)
    monkeypatch.setattr(game_files, "UPGRADES", {1: one_to_two, 2: two_to_three})
    response = client.post("/api/games/import", data=older, content_type="application/json")
    assert response.status_code == 201, response.get_data(as_text=True)
    assert steps == [1, 2]
    service = app.extensions["banker"]
    assert service.state(response.get_json()["id"]) == service.state(played.game.id)


def test_a_file_of_the_current_version_runs_no_upgrade(client, played, monkeypatch):
    monkeypatch.setattr(game_files, "UPGRADES", {1: pytest.fail})
    response = client.post("/api/games/import", data=export(client, played), content_type="application/json")
    assert response.status_code == 201


def test_a_file_from_a_newer_banker_is_refused_saying_so(app, client, played):
    newer = rewritten(export(client, played), lambda data: data.update(version=game_files.VERSION + 1))
    assert refused(client, app, newer) == (
        "This game file was made by a newer Banker (file version 4; this server reads up to version 3). "
        "Update Banker on this server, then import it again."
    )


@pytest.fixture
def fortunes(app):
    """A Millionaire game in which Ann drew the Fortune cards of Lot 4 and, a turn later, Lot 6."""
    service = app.extensions["banker"]
    created = service.create_game(
        ["Ann", "Bob"], "millionaire", custom_edition(millionaire_board()), {"auctions": False}
    )
    for command in (
        {"type": "card", "player": 1, "deck": "fortune", "card": "F7", "from_space": 4},
        {"type": "next_turn", "player": 1},
        {"type": "card", "player": 1, "deck": "fortune", "card": "F1", "from_space": 6},
    ):
        service.run(created.game.id, created.banker.token, command)
    return created


def imported_as_stored_before(client, raw: bytes, field: str) -> str:
    """The id of the game imported from `raw` written as version 2, its events without `field` (one
    the rules added to an event since): as a game begun before it was added and saved since."""

    def stored_before(data):
        data["version"] = 2
        for action in data["actions"]:
            for event in action["events"]:
                event.pop(field, None)

    response = client.post(
        "/api/games/import", data=rewritten(raw, stored_before), content_type="application/json"
    )
    assert response.status_code == 201, response.get_data(as_text=True)
    return response.get_json()["id"]


def test_a_fortune_draw_saved_before_it_named_its_deed_imports_and_its_deed_holds_no_more(
    app, client, fortunes
):
    service = app.extensions["banker"]
    imported = imported_as_stored_before(client, export(client, fortunes), "space")
    assert service.state(imported).fortunes_turned == (4, 6)
    assert service.state(imported) == service.state(fortunes.game.id)
    restored = service.restore_game(export(client, fortunes))  # the host's own backup, as it is
    assert service.state(restored.game_id).fortunes_turned == (4, 6)


def test_a_file_drawing_a_deeds_fortune_card_twice_is_refused_naming_the_action(app, client, fortunes):
    def drawn_twice(data):
        (second,) = [action for action in data["actions"] if action.get("command", {}).get("from_space") == 6]
        second["command"]["from_space"] = 4
        second["events"][0]["space"] = 4

    assert refused(client, app, rewritten(export(client, fortunes), drawn_twice)) == (
        "The game file's action 4 is not what the rules give: The Fortune card on Lot 4 was turned over on an "
        "earlier landing: each deed holds one card, for the first player to land there."
    )


def test_a_tournament_purchase_owed_saved_before_it_was_told_from_a_debt_imports(app, client, clock):
    service = app.extensions["banker"]
    created = service.create_game(["Ann", "Bob"], "jma", options={"auction_seconds": 30})
    for command in (
        {"type": "buy", "player": 1, "deed": 5},
        {"type": "pay_bank", "player": 1, "amount": 1300, "reason": "x"},
        {"type": "decline", "player": 2, "deed": 39},
        {"type": "bid", "player": 1, "amount": 100},
    ):
        service.run(created.game.id, created.banker.token, command)
    clock.advance(31)
    service.settle_due(created.game.id)
    assert [debt.purchase for debt in service.state(created.game.id).debts] == [True]

    imported = imported_as_stored_before(client, export(client, created), "purchase")
    assert service.state(imported) == service.state(created.game.id)


def older(raw: bytes, *seqs: int, version: int = game_files.VERSION) -> bytes:
    """The file as a Banker that kept no commands wrote it: version 1 (no action has one), or
    version 2 with the actions `seqs` stored before commands were kept."""

    def change(data):
        data["version"] = version
        for action in data["actions"]:
            if version == 1 or action["seq"] in seqs:
                action.pop("command", None)

    return rewritten(raw, change)


def test_an_action_without_its_command_is_refused_at_import_naming_it(app, client, played):
    """Actions stored before the log kept commands cannot be decided again: a file of them comes
    from the host's own server, which restores it."""
    raw = export(client, played)
    no_commands = (
        "The game file's action 2 holds no command to check it by: it was played on an older Banker. "
        "Only the host of a server can bring such a game back (banker restore)."
    )
    assert refused(client, app, older(raw, version=1)) == no_commands
    assert refused(client, app, older(raw, 5, 6)) == no_commands.replace("action 2", "action 5")


def test_the_hosts_own_backup_without_commands_is_restored_as_it_was(app, client, played):
    service = app.extensions["banker"]
    for raw in (older(export(client, played), version=1), older(export(client, played), 5, 6)):
        restored = service.restore_game(raw)
        assert restored.outcome == "new"
        assert service.state(restored.game_id) == service.state(played.game.id)


def test_reading_a_file_needs_no_server_and_what_it_gives_pickles(client, clock, played):
    """So a server can read a long file in another process, off the loop that serves the tables."""
    game = game_files.read(export(client, played), now=clock())
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.folded.state == game.folded.state


# --- times -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "at",
    [
        "9999-12-31T23:59:59-23:59",  # the year 10000 in UTC
        "0001-01-01T00:00:00+23:59",  # the year 0 in UTC
        "1969-12-31T23:59:59+00:00",
        "1970-01-14T00:00:00+00:00",  # two days after the tests' clock (1970-01-12)
    ],
)
def test_a_time_no_game_was_played_at_is_refused_saying_which(app, client, played, at):
    """The first two were kept until the database refused them: a 500, not a word."""
    body = rewritten(export(client, played), put(at, "actions", 2, "at"))
    assert refused(client, app, body) == (
        f"The game file is damaged at actions[2].at: {at} is no time a game was played at: it is before "
        "1970 or after now."
    )


@pytest.mark.parametrize(
    ("index", "at", "error"),
    [
        (  # days before the game began (its start is action 1)
            1,
            "1970-01-02T00:00:00+00:00",
            "The game file's action 2 is timed 1970-01-02T00:00:00+00:00, earlier than action 1 "
            "(1970-01-12T13:46:40+00:00): a game's actions come in the order they were played.",
        ),
        (  # a day and a second before the payment before it
            10,
            "1970-01-11T13:47:10+00:00",
            "The game file's action 11 is timed 1970-01-11T13:47:10+00:00, earlier than action 10 "
            "(1970-01-12T13:47:11+00:00): a game's actions come in the order they were played.",
        ),
    ],
)
def test_an_action_timed_before_the_one_before_it_is_refused_naming_it(app, client, played, index, at, error):
    """Each time alone is one a game was played at, and the rules take each command at it: only
    the order says the file was rewritten."""
    body = rewritten(export(client, played), put(at, "actions", index, "at"))
    assert refused(client, app, body) == error


def test_a_game_resumed_on_a_machine_whose_clock_is_behind_comes_back(client, played):
    """Downloaded from a server whose clock ran hours ahead and played on where it does not, a
    game's later actions are timed before its earlier ones: that is two clocks, not a rewrite."""
    body = rewritten(export(client, played), put("1970-01-12T09:47:11+00:00", "actions", 10, "at"))
    answer = client.post("/api/games/import", data=body, content_type="application/json")
    assert answer.status_code == 201, answer.get_json()


def test_a_clock_a_little_ahead_is_no_reason_to_refuse_a_file(client, played):
    """Another server's clock may run ahead of this one's: up to a day is taken."""
    body = rewritten(export(client, played), put("1970-01-12T23:00:00+00:00", "actions", -1, "at"))
    assert client.post("/api/games/import", data=body, content_type="application/json").status_code == 201


def test_a_backup_made_out_of_the_years_a_server_counts_is_refused(app, clock):
    service = app.extensions["banker"]
    game = service.create_game(["Ann", "Bob"])
    saved = service.export_game(game.game.id, backup=True)
    far = rewritten(saved, put("9999-12-31T23:59:59-23:59", "backup", "created_at"))
    with pytest.raises(
        game_files.BadGameFile, match=re.escape("backup.created_at: 9999-12-31T23:59:59-23:59 is no")
    ):
        service.restore_game(far)


def test_a_timed_games_end_is_refused_past_the_last_second_a_date_can_show(client):
    """The API's end_at: its range is the rules' (so is a game file's, whose start is made again)."""
    timed = {"players": ["Ann", "Bob"], "preset": "timed"}
    last = client.post("/api/games", json={**timed, "options": {"end_at": 253_402_300_799}})
    assert last.status_code == 201
    after = client.post("/api/games", json={**timed, "options": {"end_at": 253_402_300_800}})
    assert after.status_code == 400
    assert after.get_json() == {"error": "Option end_at must be at most 253,402,300,799."}


# --- refusals ------------------------------------------------------------------------------


def test_a_cut_short_file_is_refused_at_any_point(app, client, played):
    raw = export(client, played)

    @SLOW_SETTINGS
    @given(cut=st.integers(min_value=0, max_value=len(raw) - 1))
    def check(cut):
        error = refused(client, app, raw[:cut])
        assert error in ("The game file is empty.", CUT_SHORT) or error.startswith(
            "The game file is not valid JSON"
        )

    check()


CUT_SHORT = (
    "The game file ends too soon: it was cut short, perhaps by a download that did not finish. "
    "Download the game again."
)


def test_a_file_with_any_byte_changed_is_refused(app, client, played):
    raw = export(client, played)

    @SLOW_SETTINGS
    @given(at=st.integers(min_value=0, max_value=len(raw) - 1), flip=st.integers(min_value=1, max_value=255))
    def check(at, flip):
        changed = bytearray(raw)
        changed[at] ^= flip
        try:
            same = json.loads(bytes(changed)) == json.loads(raw)
        except ValueError:
            same = False
        if same:  # white space for white space at the end, say: the same file
            return
        refused(client, app, bytes(changed))

    check()


def test_a_file_edited_by_hand_is_refused_by_its_digest(app, client, played):
    raw = export(client, played)
    data = json.loads(raw)
    data["actions"][1]["events"][0]["player"] = 2  # Bob bought Park Place, not Ann
    assert refused(client, app, json.dumps(data).encode()) == (
        "The game file has been changed since Banker wrote it: its content does not match its SHA-256 "
        "digest. Download the game again."
    )
    other = json.loads(rewritten(raw, lambda data: data["actions"].pop()))
    data = json.loads(raw)
    data["sha256"] = other["sha256"]  # a valid file's digest, of another content
    assert "does not match its SHA-256 digest" in refused(client, app, json.dumps(data).encode())
    del data["sha256"]
    assert "does not match its SHA-256 digest" in refused(client, app, json.dumps(data).encode())


@pytest.mark.parametrize(
    ("body", "error"),
    [
        (b"", "The game file is empty."),
        (b"\xff\xfe{}", "The game file is not text: JSON is written in UTF-8."),
        (b"[1, 2]", "This is not a Banker game file."),
        (b'{"edition": "Springfield", "currency": "$"}', "This is not a Banker game file."),
        (b'{"format": "banker-edition"}', "This is not a Banker game file."),
        (b'{"format": "banker-game", "version": "1"}', "The game file's version is not one Banker wrote"),
        (b'{"format": "banker-game", "version": 0}', "The game file's version is not one Banker wrote"),
        (
            b'{"format": "banker-game"} x',
            "The game file is not valid JSON: more follows the end at line 1, column 27.",
        ),
    ],
)
def test_a_file_that_is_not_a_banker_game_is_refused_saying_what_it_is(app, client, body, error):
    assert refused(client, app, body).startswith(error)


def drop(*path):
    def change(data):
        *parents, last = path
        for key in parents:
            data = data[key]
        del data[last]

    return change


def put(value, *path):
    def change(data):
        *parents, last = path
        for key in parents:
            data = data[key]
        data[last] = value

    return change


@pytest.mark.parametrize(
    ("change", "error"),
    [
        (drop("actions"), "The game file is damaged at file.actions: it is missing."),
        (put({}, "actions"), "The game file is damaged at file.actions: it should be a list."),
        (put([], "actions"), "The game file is damaged at file.actions: a game has at least its start."),
        (drop("actions", 2, "seq"), "The game file is damaged at actions[2].seq: it is missing."),
        (
            put(7, "actions", 2, "seq"),
            "The game file is damaged at actions[2].seq: the actions are not numbered",
        ),
        (
            put("2", "actions", 1, "seq"),
            "The game file is damaged at actions[1].seq: it should be a whole number.",
        ),
        (put(9, "actions", 1, "by"), "The game file is damaged at actions[1].by: no seat has that number."),
        (put("yesterday", "actions", 1, "at"), "The game file is damaged at actions[1].at: it is not a date"),
        (put([], "actions", 1, "events"), "The game file is damaged at actions[1].events: an action has at"),
        (
            put([{"type": "joined", "player": 1}] * 251, "actions", 1, "events"),
            "actions[1].events: an action holds at most 250 events; this one holds 251.",
        ),
        (
            put("Ann\u0007", "actions", 0, "events", 0, "players", 0, 0),
            # where it is, not "type it again without it": a file is not typed again
            "The game file is damaged at actions[0].events[0].players[0][0]: it holds a character no screen may "
            "show (U+0007).",
        ),
        (put([[1, 2]], "actions", 0, "events", 0, "players"), "players[0][0]: it should be text."),
        (put(None, "actions", 1, "request_id"), None),
        (put(5, "actions", 1, "request_id"), "actions[1].request_id: it should be text."),
        (
            put("x" * 65, "actions", 1, "request_id"),
            "actions[1].request_id: a request id is 1 to 64 characters.",
        ),
        (put("", "actions", 1, "request_id"), "actions[1].request_id: a request id is 1 to 64 characters."),
        (
            put("Z" * 64, "actions", 9, "command_digest"),
            "actions[9].command_digest: it is not the digest of a request's command.",
        ),
        (
            lambda data: [data["actions"][n].update(request_id="tap") for n in (1, 2)],
            "actions[2].request_id: action 2 from the same seat has this request id.",
        ),
        (put(["buy"], "actions", 1, "command"), "actions[1].command: it should be an object."),
        (put({"id": "abc"}, "backup"), "The game file is damaged at backup.seats: it is missing."),
    ],
)
def test_a_damaged_file_is_refused_saying_where(app, client, played, change, error):
    body = rewritten(export(client, played), change)
    if error is None:  # the change is no damage: the file imports
        assert client.post("/api/games/import", data=body, content_type="application/json").status_code == 201
        return
    assert error in refused(client, app, body)


NOT_THE_RULES = (
    "The game file's action %s is not what the rules give: its events are not the ones its command makes."
)


@pytest.mark.parametrize(
    ("change", "seq", "where"),
    [
        (
            put("buy", "actions", 1, "events", 0),
            2,
            "The game file is damaged at actions[1].events[0]: it should be an",
        ),
        (
            put("robbed", "actions", 1, "events", 0, "type"),
            2,
            "actions[1].events[0].type: Banker knows no event",
        ),
        (
            drop("actions", 1, "events", 1, "deed"),
            2,
            "The game file is damaged at actions[1].events[1].deed: it is missing.",
        ),
        (
            put(39.5, "actions", 1, "events", 1, "deed"),
            2,
            "actions[1].events[1].deed: it should be a whole number.",
        ),
        (
            put(True, "actions", 1, "events", 1, "player"),
            2,
            "actions[1].events[1].player: it should be a whole number.",
        ),
    ],
)
def test_a_damaged_event_is_named_where_in_a_backup_and_refused_as_not_the_rules_in_an_import(
    app, client, clock, played, change, seq, where
):
    """An import compares each action's events with the ones its command makes: any other event is
    no action of the game, whatever is wrong with it. A backup restored is read in its form."""
    body = rewritten(export(client, played), change)
    assert refused(client, app, body) == NOT_THE_RULES % seq
    with pytest.raises(game_files.BadGameFile, match=re.escape(where)):
        game_files.read(body, now=clock(), trusted=True)


def test_a_reason_nested_deeper_than_the_rules_nest_one_is_refused_from_a_backup_too(
    app, client, clock, played
):
    nested: dict = {"msgid": "%(why)s", "params": {"why": "the end"}}
    for _ in range(game_files.MAX_TEXT_DEPTH):
        nested = {"parts": [nested]}
    body = rewritten(export(client, played), put(nested, "actions", 3, "events", 0, "texts", "reason"))
    assert refused(client, app, body) == NOT_THE_RULES % 4
    with pytest.raises(game_files.BadGameFile, match="a text is nested deeper than Banker writes one"):
        game_files.read(body, now=clock(), trusted=True)


START = "The game in the file is not one Banker can set up: "


def on_the_us_board(change):
    """The file's game started on a custom edition: the US board with `change` made to it."""

    def started(data):
        board = edition_to_json(load_edition("us"))
        change(board)
        data["actions"][0]["events"][0].update(edition="custom", edition_data=board)

    return started


@pytest.mark.parametrize(
    ("change", "error"),
    [
        # a start no server would set up
        (
            put([["preset", "classic"], ["starting_cash", -5]], "actions", 0, "events", 0, "rules"),
            START + "Option starting_cash must be at least 0.",
        ),
        (put("narnia", "actions", 0, "events", 0, "edition"), START + "There is no edition called 'narnia'."),
        (
            put([["Ann", ""]], "actions", 0, "events", 0, "players"),
            START + "A game needs 2 to 8 players; you named 1.",
        ),
        (put({"edition": "Springfield"}, "actions", 0, "events", 0, "edition_data"), START),
        (
            on_the_us_board(lambda board: board["properties"][-1].update(mortgage=900)),
            START + "Boardwalk's mortgage value must be at most its price, 400, not 900.",
        ),
        (
            put({"type": "joined", "player": 1}, "actions", 0, "events", 0),
            "The game file is damaged at actions[0]: a game begins with its start (game_started) alone.",
        ),
        # actions that do not follow each other
        (put({"type": "deed_bought", "player": 7, "deed": 39}, "actions", 1, "events", 0), NOT_THE_RULES % 2),
        (put({"type": "mortgaged", "deed": 4}, "actions", 1, "events", 0), NOT_THE_RULES % 2),
        (
            put(
                {"type": "buildings_changed", "deed": 1234, "houses": 2, "hotel": False},
                "actions",
                1,
                "events",
                0,
            ),
            NOT_THE_RULES % 2,
        ),
        (
            lambda data: data["actions"][2]["events"].insert(0, data["actions"][0]["events"][0]),
            NOT_THE_RULES % 3,
        ),
        (
            put(
                {"msgid": "rent for %(deed)s%(how)s", "params": {"deed": "Boardwalk"}},
                "actions",
                3,
                "events",
                0,
                "texts",
                "reason",
            ),
            NOT_THE_RULES % 4,
        ),
    ],
)
def test_a_file_whose_game_cannot_be_played_is_refused_though_its_digest_matches(
    app, client, played, change, error
):
    """The digest is computed again by anyone who edits the file: what the file holds is still
    checked as a game this server can play, never stored to break its screens later."""
    assert error in refused(client, app, rewritten(export(client, played), change))


@pytest.mark.parametrize(
    ("change", "seq"),
    [
        (put({"type": "deed_bought", "player": 7, "deed": 39}, "actions", 1, "events", 0), 2),
        (put({"type": "mortgaged", "deed": 4}, "actions", 1, "events", 0), 2),
        (lambda data: data["actions"][2]["events"].insert(0, data["actions"][0]["events"][0]), 3),
        (
            put(
                {"msgid": "rent for %(deed)s%(how)s", "params": {"deed": "Boardwalk"}},
                "actions",
                3,
                "events",
                0,
                "texts",
                "reason",
            ),
            4,
        ),
    ],
)
def test_a_backup_whose_actions_do_not_make_a_game_is_refused_naming_the_action(
    app, client, clock, played, change, seq
):
    """A backup restored is not decided again, but still folded as the server would draw it."""
    body = rewritten(export(client, played), change)
    expected = f"The game file's actions do not make a game: action {seq} cannot follow the ones before it."
    with pytest.raises(game_files.BadGameFile, match=re.escape(expected)):
        game_files.read(body, now=clock(), trusted=True)


def test_banker_serve_reads_a_game_file_past_the_bound_of_every_other_request(app, database_url, tmp_path):
    service = app.extensions["banker"]
    created = service.create_game(["Ann", "Bob"])
    for n in range(600):
        service.run(
            created.game.id,
            created.banker.token,
            {"type": "pay_player", "player": 1 + n % 2, "to": 2 - n % 2, "amount": n + 1},
        )
    content = json.loads(service.export_game(created.game.id))
    assert len(json.dumps(content)) > app.config["MAX_CONTENT_LENGTH"]
    server = ServeProcess(database_url, tmp_path / "serve.log", env={"BANKER_WORKERS": "1"})
    server.start()
    try:
        # its worker process may still be starting: on a busy machine that takes seconds
        status, moved = request(server.port, "POST", "/api/games/import", body=content, timeout=60)
        assert status == 201, moved
        assert service.state(moved["id"]) == service.state(created.game.id)
        status, _ = request(
            server.port, "POST", "/api/games", body={"players": ["Ann", "Bob"], "pad": content}
        )
        assert status == 413
    finally:
        server.stop()


def test_importing_a_long_game_lets_other_requests_run_between_its_turns(app, monkeypatch):
    """Reading and deciding a long game's file again takes seconds; under `banker serve` every other
    table waits unless it pauses every AT_ONCE actions, as folding a log does."""
    service = app.extensions["banker"]
    created = service.create_game(["Ann", "Bob"])
    for n in range(40):
        service.run(
            created.game.id,
            created.banker.token,
            {"type": "pay_player", "player": 1 + n % 2, "to": 2 - n % 2, "amount": 1},
        )
    raw = service.export_game(created.game.id)
    pauses = []
    monkeypatch.setattr(banker.service.pacing, "AT_ONCE", 10)
    monkeypatch.setattr(banker.service.pacing.time, "sleep", pauses.append)
    service.import_game(raw)
    # 41 actions read in their form, then the 40 after the start decided again and folded, 10 at a
    # time, as the file is read; that fold is kept, so the stored log is not folded again
    assert pauses.count(0) == 7


def test_the_largest_actions_the_rules_make_fit_twice_in_an_action_on_the_largest_board():
    """MAX_EVENTS: a trade of every deed, each mortgaged and its mortgage lifted, makes two events a
    deed and one more; a bankruptcy to the bank, one a built deed and a few more. The largest
    board has a deed on every space but its four corners."""
    state = new_game(2, starting_cash=1_000_000)
    deeds = tuple(deed.position for deed in state.edition.deeds)
    state = run(owning(state, ANN, *deeds), *(Mortgage(deed=position) for position in deeds))
    state = run(state, ProposeTrade(player=ANN, to=BOB, give=TradeSide(deeds=deeds)))
    lifted = AcceptTrade(player=BOB, trade=1, mortgages=tuple((position, "lift") for position in deeds))
    assert len(decide(state, lifted)) == 1 + 2 * len(deeds)
    assert 2 * (1 + 2 * (LARGEST_BOARD - 4)) <= game_files.MAX_EVENTS
    state = run(state, lifted, *(Build(deed=p) for p in deeds if state.edition.deed_at[p].kind == "street"))
    bankrupt = run(state, PayBank(player=BOB, amount=1_000_000))
    assert len(decide(bankrupt, DeclareBankruptcy(player=BOB))) <= len(deeds) + 12
