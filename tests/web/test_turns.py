"""Which requests wait for their turn under `banker serve` (banker/web/http/turns.py): pages and the
edition editor's work, which no table waits for; never a table's command."""

from __future__ import annotations

import pytest

from banker.web.http import turns


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
