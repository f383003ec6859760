"""What the style sheets may not cost a phone."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SHEETS = ROOT / "static" / "css"


def selectors(sheet: Path) -> list[str]:
    text = re.sub(r"/\*.*?\*/", "", sheet.read_text(), flags=re.DOTALL)
    return [s.strip() for group in re.findall(r"([^{}]+)\{", text) for s in group.split(",")]


def whole_page() -> set[str]:
    """What names a whole page in a selector: the root, the body, the classes a page gives its body."""
    classes = {
        f".{name}"
        for template in (ROOT / "templates").rglob("*.html")
        for found in re.findall(r'<body[^>]*\bclass="([^"]+)"', template.read_text())
        for name in found.split()
    }
    return {"html", "body", ":root", *classes}


def test_no_rule_asks_the_whole_page_what_it_holds():
    """The browser checks a rule like `body:has(.bar:not([hidden]))` again at every change anywhere
    in the page: with one (the bar shown while the live stream is down), each pushed change's swaps
    cost every phone a millisecond or two more (1 ms instead of 2-3 per message, 7 phones
    measured). A class the script sets on the body, or a sibling rule, does the same."""
    pages = whole_page()
    assert ".table-display" in pages  # the table display's body
    names = "|".join(map(re.escape, pages))
    page_has = re.compile(rf"(?:{names})(?![\w-])[^\s>+~]*:has\(")
    found = [(sheet.name, s) for sheet in SHEETS.glob("*.css") for s in selectors(sheet) if page_has.match(s)]
    assert len(list(SHEETS.glob("*.css"))) >= 2
    assert found == []
