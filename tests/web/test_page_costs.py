"""No page replays a game: what the tally, the chart, the history and the downloads derive from
the log is kept per game and seq, extended action by action, and the history comes a page at a
time. Counted here in the log rows the service reads and the events it folds, never in time."""

from __future__ import annotations

import csv
import html
import io
import re

import banker.qr
from banker.service import GameService
from banker.service.broker import Broker
from tests.support.counting import counting
from tests.support.web import HTMX, as_banker, do, text

PAGE = 100  # lines on a page of the history


def payments(count: int) -> list[dict]:
    """`count` payments of $1 between Ann and Bob, back and forth: a long game, quickly."""
    return [{"type": "pay_player", "player": 1 + i % 2, "to": 2 - i % 2, "amount": 1} for i in range(count)]


def history_lines(page: str) -> list[str]:
    section = page.split('id="history"', 1)[1].split("</ol>", 1)[0]
    return [
        " ".join(re.sub("<[^>]+>", " ", li).split())
        for li in re.findall(r"<li[^>]*>(.*?)</li>", section, re.S)
    ]


def older_link(page: str) -> str | None:
    found = re.search(r'href="([^"]*before=[^"]*)">Older actions<', page)
    return html.unescape(found.group(1)) if found else None


def test_a_second_tally_of_the_same_seq_reads_no_log_rows(app, table, rows_read, events_folded):
    as_banker(app, table["id"], *payments(30), {"type": "end_game"})
    assert table["Bob"].get(f"/g/{table['id']}/tally").status_code == 200
    rows_read.count = events_folded.count = 0
    page = text(table["Bob"].get(f"/g/{table['id']}/tally"))
    assert "Game over" in page and page.count("<polyline") == 3
    assert rows_read.count == 0 and events_folded.count == 0


def test_the_tally_reads_only_the_action_another_server_stored(app, table, rows_read):
    """Another server process on the same database ends the game: this one reads that action
    alone and extends what it holds, instead of replaying the game."""
    as_banker(app, table["id"], *payments(30))
    table["Bob"].get(f"/g/{table['id']}/tally")
    other = GameService(app.extensions["banker"].engine, Broker())
    other.run(table["id"], other.seats.of(table["id"])[0].token, {"type": "end_game"})
    rows_read.count = 0
    assert "Game over" in text(table["Bob"].get(f"/g/{table['id']}/tally"))
    assert rows_read.count == 1


def test_every_live_refresh_after_the_end_replays_nothing(app, table, rows_read, events_folded):
    as_banker(app, table["id"], *payments(30), {"type": "end_game"})
    table["Ann"].get(f"/g/{table['id']}/live?view=player", headers=HTMX)
    for _ in range(3):
        rows_read.count = events_folded.count = 0
        response = text(table["Ann"].get(f"/g/{table['id']}/live?view=player", headers=HTMX))
        assert "Game over" in response and response.count("<polyline") == 3
        assert rows_read.count == 0 and events_folded.count == 0


def test_a_phone_away_for_a_long_game_does_not_have_the_whole_log_read(app, table, rows_read):
    as_banker(app, table["id"], *payments(200))
    rows_read.count = 0
    assert table["Ann"].get(f"/g/{table['id']}/live?view=player&seq=1", headers=HTMX).status_code == 200
    assert rows_read.count <= 20 + 50  # the latest actions for the news, the history's newest lines


def test_the_history_comes_a_page_at_a_time_with_a_link_to_the_older_actions(app, table, rows_read):
    as_banker(app, table["id"], *payments(2 * PAGE + 30))
    actions = 1 + 3 + 2 * PAGE + 30  # the start, three phones joining, the payments
    rows_read.count = 0
    first = text(table["Ann"].get(f"/g/{table['id']}/history"))
    assert rows_read.count <= PAGE + 1  # the page's actions, not the game's
    assert history_lines(first)[:2] == ["Bob paid Ann $1", "Ann paid Bob $1"]
    second = text(table["Ann"].get(older_link(first)))
    third = text(table["Ann"].get(older_link(second)))
    assert len(history_lines(first)) == len(history_lines(second)) == PAGE
    assert len(history_lines(third)) == actions - 2 * PAGE and older_link(third) is None
    assert history_lines(third)[-1].startswith("New game for Ann, Bob, Cy")


def test_a_players_history_is_paged_too(app, table):
    as_banker(app, table["id"], *payments(PAGE + 20), {"type": "pay_bank", "player": 3, "amount": 5})
    as_banker(app, table["id"], *payments(PAGE), {"type": "pay_bank", "player": 3, "amount": 7})
    only_cy = text(table["Ann"].get(f"/g/{table['id']}/history?player=3"))
    assert history_lines(only_cy) == [
        "Cy paid the bank $7",
        "Cy paid the bank $5",
        "Cy joined on their phone",
    ]
    assert older_link(only_cy) is None
    only_ann = text(table["Ann"].get(f"/g/{table['id']}/history?player=1"))
    assert len(history_lines(only_ann)) == PAGE and "player=1" in older_link(only_ann)
    second = text(table["Ann"].get(older_link(only_ann)))
    third = history_lines(text(table["Ann"].get(older_link(second))))
    assert len(history_lines(second)) == PAGE and "Cy" not in " ".join(history_lines(second))
    assert len(third) == 2 * PAGE + 20 + 1 - 2 * PAGE and third[-1] == "Ann joined on their phone"


def test_a_history_of_no_such_player_reads_nothing(app, table, rows_read):
    as_banker(app, table["id"], *payments(50))
    rows_read.count = 0
    page = text(table["Ann"].get(f"/g/{table['id']}/history?player=99"))
    assert history_lines(page) == ["Nothing yet."] and rows_read.count == 0
    # a list to scroll by keyboard when it has lines; empty, it is no stop for the Tab key
    assert '<ol aria-label="What happened, newest first">' in page
    assert '<ol tabindex="0" aria-label' in text(table["Ann"].get(f"/g/{table['id']}/history?player=1"))


def test_the_api_gives_the_history_a_page_at_a_time(client, app, table):
    as_banker(app, table["id"], *payments(PAGE + 10))
    actions = 1 + 3 + PAGE + 10
    token = app.extensions["banker"].seats.of(table["id"])[0].token
    headers = {"Authorization": f"Bearer {token}"}
    newest = client.get(f"/api/games/{table['id']}/history", headers=headers).get_json()
    assert [line["seq"] for line in newest["lines"]] == list(range(actions - PAGE + 1, actions + 1))
    older = client.get(newest["older"], headers=headers).get_json()
    assert [line["seq"] for line in older["lines"]] == list(range(1, actions - PAGE + 1))
    assert older["older"] is None and older["lines"][0]["text"].startswith("New game for Ann, Bob, Cy")


def test_an_undo_strikes_out_the_kept_line(app, table):
    do(table["host"], table["id"], "bank", type="pay_bank", player=2, amount=40)
    assert "Bob paid the bank $40" in history_lines(text(table["Ann"].get(f"/g/{table['id']}/history")))
    do(table["host"], table["id"], "bank", type="undo")
    page = table["Ann"].get(f"/g/{table['id']}/history").get_data(as_text=True)
    assert history_lines(page)[:2] == ["Undone: Bob paid the bank $40", "Bob paid the bank $40"]
    assert '<li class="undone"' in page.split("Undone: Bob paid")[1]


def test_a_download_is_made_once_per_seq_and_follows_the_game(app, table, rows_read, events_folded):
    as_banker(app, table["id"], *payments(150))
    url = f"/g/{table['id']}/history.csv"
    first = table["Ann"].get(url)
    rows_read.count = events_folded.count = 0
    again = table["Ann"].get(url)
    assert again.data == first.data and rows_read.count == 0 and events_folded.count == 0
    assert table["Ann"].get(url, headers={"If-None-Match": again.headers["ETag"]}).status_code == 304
    as_banker(app, table["id"], {"type": "pay_bank", "player": 3, "amount": 9})
    rows_read.count = 0
    rows = list(csv.reader(io.StringIO(table["Ann"].get(url).data.decode("utf-8-sig"))))
    assert rows[-1][1] == "Cy paid the bank $9" and len(rows) == 1 + 1 + 3 + 150 + 1
    assert rows_read.count == 0  # the new action alone is worded, taken from memory: no row is read


def test_a_join_qr_code_is_drawn_once_however_many_screens_show_it(app, table, monkeypatch):
    """Drawing one takes milliseconds of the server's one core; the lobby, its QR image and the
    bank's seat codes show the same few links over and over."""
    game_id = table["id"]
    pages = [f"/g/{game_id}/lobby", f"/g/{game_id}/qr.svg", f"/g/{game_id}/seats/2"]
    first = [table["host"].get(page) for page in pages]
    drawn = counting(monkeypatch, banker.qr.qrcode, "make")
    again = [table["host"].get(page) for page in pages * 3]
    assert [page.status_code for page in first + again] == [200] * 4 * len(pages)
    assert [_svg(page) for page in again] == [_svg(page) for page in first] * 3
    assert drawn.count == 0


def _svg(page) -> str:
    return re.search(r"<svg.*?</svg>", text(page), re.S).group(0)
