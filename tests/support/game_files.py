"""Game files as a person may change them."""

from __future__ import annotations

import json

from banker.service import game_files
from tests.support.databases import rows


def rewritten(raw: bytes, change) -> bytes:
    """The file with its content changed by `change` and its digest computed again: what a person
    editing the file by hand, who knows the format, would upload."""
    data = json.loads(raw)
    data.pop("sha256")
    change(data)
    return json.dumps({**data, "sha256": game_files.digest(data)}).encode()


def refused(client, app, body: bytes) -> str:
    """Import `body`: it must answer 400 and store nothing; the reason given."""
    before = rows(app)
    response = client.post("/api/games/import", data=body, content_type="application/json")
    assert response.status_code == 400, (response.status_code, response.get_data(as_text=True))
    assert rows(app) == before
    return response.get_json()["error"]
