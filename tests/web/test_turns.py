"""Which requests wait for their turn under `banker serve` (banker/web/http/turns.py): pages and the
edition editor's work, which no table waits for; never a table's command."""

from __future__ import annotations

import pytest

from banker.service.shares import HURRIED, WINDOW
from banker.web.http import turns
from tests.support.boards import every_deed_field
from tests.support.counting import counting
from tests.support.web import HTMX, new_game


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/g/abc/bank"),
        ("GET", "/editions/abc/deeds"),
        ("POST", "/editions/new"),
        ("POST", "/editions/abc/fields"),
        ("POST", "/editions/abc/cards/chance/add"),
        ("POST", "/editions/abc/cards/chance/0/remove"),
        ("POST", "/editions/abc/delete"),
        ("POST", "/api/editions"),
        ("POST", "/api/editions/check"),
        ("POST", "/api/editions/abc/fields"),
        ("DELETE", "/api/editions/abc"),
    ],
)
def test_pages_and_the_edition_editors_work_wait_their_turn(app, method, path):
    with app.test_request_context(path, method=method):
        assert turns.waits_its_turn()


@pytest.mark.parametrize(
    "path",
    ["/g/abc/do", "/api/games/abc/commands", "/g/abc/trade", "/g/abc/trade/1/accept", "/join/ABCDEF", "/new"],
)
def test_a_tables_command_never_waits_for_a_turn(app, path):
    with app.test_request_context(path, method="POST"):
        assert not turns.waits_its_turn()


def test_paced_work_keeps_every_item_and_its_order_with_a_seam_between_each_batch(monkeypatch):
    seams = []
    monkeypatch.setattr(turns, "seam", lambda: seams.append("seam"))
    assert list(turns.paced(range(100), at_once=40)) == list(range(100))
    assert len(seams) == 2  # after the 40th and the 80th


def test_saving_a_whole_page_of_a_board_lets_waiting_commands_in_between_its_fields(app, client, monkeypatch):
    """A board's 280 deed fields are some 3 ms of setting and checking: a seam every few dozen."""
    edition = client.post("/api/editions", json=client.get("/api/editions/us").get_json()).get_json()
    fields = every_deed_field(client.get(f"/api/editions/{edition['id']}").get_json())
    seams = counting(monkeypatch, turns, "seam")
    saved = client.post(f"/api/editions/{edition['id']}/fields", json=fields)
    assert saved.status_code == 200 and saved.get_json()["complete"]
    assert len(fields) == 280 and seams.count == (280 - 1) // turns.FIELDS_AT_ONCE


@pytest.mark.parametrize(
    ("who", "path", "seams"),
    [("host", "/g/{id}/bank", 6), ("Ann", "/g/{id}", 5), ("Ann", "/g/{id}/live?view=player&seq=1", 4)],
)
def test_a_screen_steps_aside_between_its_big_parts(app, table, monkeypatch, who, path, seams):
    """Its regions, the players, the board, the history: each a slice of 1-2 ms of a long game's
    page, where a whole screen in one piece was up to 4.6 ms (a 3,000-action game)."""
    taken = []
    monkeypatch.setitem(app.jinja_env.globals, "turn", lambda: taken.append(path) or "")
    headers = HTMX if "live" in path else {}
    assert table[who].get(path.format(id=table["id"]), headers=headers).status_code == 200
    assert len(taken) >= seams


def test_a_command_of_a_game_going_faster_than_any_table_waits_its_turn_and_no_other_games(
    app, table, monkeypatch
):
    """8 scripted seats paying on one game as fast as they were answered (some 700 commands a
    second) made every other table's commands wait six times as long: that game's commands now
    take turns as pages do, while another game's go straight on."""
    shares = app.extensions["banker"].shares
    monkeypatch.setattr(shares, "clock", lambda: 50.0)  # time stands still while the test looks
    hurried, calm = table["id"], new_game(app.test_client(), "Di", "Eve")
    shares.add(hurried, 2 * HURRIED * WINDOW)
    shares.add(calm, HURRIED * WINDOW / 2)
    for path in ("/g/{id}/do", "/api/games/{id}/commands", "/g/{id}/trade", "/g/{id}/trade/1/accept"):
        with app.test_request_context(path.format(id=hurried), method="POST"):
            assert turns.waits_its_turn()
        with app.test_request_context(path.format(id=calm), method="POST"):
            assert not turns.waits_its_turn()


def test_a_hurried_games_command_waits_once_before_it_starts_and_a_page_at_every_seam(
    app, table, monkeypatch
):
    """A command is short: seams in it would have it wait for every other table's work again at
    each template it draws and after it; a page is long, and steps aside at each."""
    shares = app.extensions["banker"].shares
    monkeypatch.setattr(shares, "clock", lambda: 50.0)
    shares.add(table["id"], 2 * HURRIED * WINDOW)
    with app.test_request_context(f"/g/{table['id']}/do", method="POST"):
        assert turns.waits_its_turn() and not turns.in_slices()
    for method, path in (("GET", f"/g/{table['id']}/bank"), ("POST", "/api/editions")):
        with app.test_request_context(path, method=method):
            assert turns.waits_its_turn() and turns.in_slices()
