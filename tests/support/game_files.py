"""Game files as a person may change them."""

from __future__ import annotations

import json

from banker.service import game_files


def rewritten(raw: bytes, change) -> bytes:
    """The file with its content changed by `change` and its digest computed again: what a person
    editing the file by hand, who knows the format, would upload."""
    data = json.loads(raw)
    data.pop("sha256")
    change(data)
    return json.dumps({**data, "sha256": game_files.digest(data)}).encode()
