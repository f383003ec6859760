"""What the style sheets may not cost a phone."""

from __future__ import annotations

import re
from pathlib import Path

SHEETS = Path(__file__).resolve().parents[2] / "static" / "css"
# a rule whose subject is the whole page and asks what it holds: `body:has(.bar:not([hidden]))`
WHOLE_PAGE_HAS = re.compile(r"(html|body|:root)[^\s>+~]*:has\(")


def selectors(sheet: Path) -> list[str]:
    text = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.DOTALL)
    return [s.strip() for group in re.findall(r"([^{}]+)\{", text) for s in group.split(",")]


def test_no_rule_asks_the_whole_page_what_it_holds():
    """The browser checks a `body:has(…)` rule again at every change anywhere in the page: with
    one (the bar shown while the live stream is down), each pushed change's swaps cost every phone
    a millisecond or two more (1 ms instead of 2-3 per message, 7 phones measured). A class the
    script sets on the body does the same."""
    found = [
        (sheet.name, s) for sheet in SHEETS.glob("*.css") for s in selectors(sheet) if WHOLE_PAGE_HAS.match(s)
    ]
    assert len(list(SHEETS.glob("*.css"))) >= 2
    assert found == []
