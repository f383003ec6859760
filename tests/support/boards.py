"""Boards as the edition editor sends them."""

from __future__ import annotations

from typing import Any

from banker.rules.editions.draft import DEED_FIGURES


def every_deed_field(edition: dict[str, Any]) -> dict[str, str]:
    """Every field of the editor's title deeds page, as its Save sends them (280 on the US board)."""
    fields = {}
    for deed in edition["properties"]:
        at = f"deed.{deed['position']}"
        fields[f"{at}.name"] = deed["name"]
        for key in DEED_FIGURES:
            if key in deed:
                fields[f"{at}.{key}"] = str(deed[key])
        fields.update({f"{at}.rent.{level}": str(rent) for level, rent in enumerate(deed["rent"])})
    return fields
