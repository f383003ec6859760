"""Board data shipped with the app, one JSON file per edition."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from banker.rules.board import Edition, edition_from_json

EDITIONS = ("us",)


@cache
def load_edition(edition_id: str) -> Edition:
    if edition_id not in EDITIONS:
        raise KeyError(edition_id)
    text = resources.files(__package__).joinpath(f"{edition_id}.json").read_text("utf-8")
    return edition_from_json(edition_id, json.loads(text))
