"""The end of the game on a phone: the net-worth chart drawn from the log, and the game's
biggest moments."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass

from banker.rules import Event, GameState
from banker.rules.auctions import AuctionClosed
from banker.rules.money import Paid
from banker.rules.tally import worth
from banker.rules.text import Text

WIDTH, HEIGHT = 320, 180
TOP, BOTTOM = 10, 22
TICK_SIZE, NAME_SIZE = 9, 10  # font sizes of the money axis and the names, as in app.css
NAME_ROOM = 80  # the most the names at the line ends take; a longer name is shortened with …
MAX_POINTS = 120

# Every float below is a position in the SVG's user units; the amounts the chart draws are the
# tally's whole numbers, and reach the page only as money text (`final`, the tick labels).


@dataclass(frozen=True)
class ChartLine:
    name: str
    colour: str
    points: str  # "x,y x,y ..." for an SVG polyline
    end_x: float
    end_y: float
    final: str  # the last value, as money


@dataclass(frozen=True)
class Chart:
    lines: tuple[ChartLine, ...]
    ticks: tuple[tuple[float, str], ...]  # (y, label) on the money axis
    left: float  # where the plot starts: the money axis's labels end there
    right: float  # where the plot ends: the names at the line ends start there
    width: int = WIDTH
    height: int = HEIGHT


Step = tuple[int, Sequence[Event], GameState]


def net_worth_chart(steps: Sequence[Step]) -> Chart | None:
    """Each player's net worth after every action (sampled down to MAX_POINTS), as SVG lines."""
    if len(steps) < 2:
        return None
    stride = max(1, len(steps) // MAX_POINTS)
    sampled = [*steps[::stride][:-1], steps[-1]]
    final = sampled[-1][2]
    values = {
        p.id: [0 if s.player(p.id).bankrupt else sum(worth(s, s.player(p.id))) for _, _, s in sampled]
        for p in final.players
    }
    # The axis spans what happened (with a margin), so small leads still show.
    low, high = min(min(v) for v in values.values()), max(max(v) for v in values.values())
    margin = max(1, (high - low) // 10)
    low, high = max(0, low - margin), high + margin
    tick_values = (low, (low + high) // 2, high)
    # room for the longest axis label (₩1,530,000 takes more than $1,530) and the longest name
    left = round(max(_text_width(final.money(v), TICK_SIZE) for v in tick_values) + 8, 1)
    names = {p.id: _shortened(p.name, NAME_ROOM, NAME_SIZE) for p in final.players}
    right = round(WIDTH - max(_text_width(name, NAME_SIZE) for name in names.values()) - 6, 1)
    span_x, span_y = right - left, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return round(left + span_x * i / (len(sampled) - 1), 1)

    def y(value: int) -> float:
        return round(TOP + span_y * (high - value) / (high - low), 1)

    ends = _spread({p.id: y(values[p.id][-1]) for p in final.players})
    lines = tuple(
        ChartLine(
            name=names[p.id],
            colour=p.colour,
            points=" ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values[p.id])),
            end_x=x(len(sampled) - 1),
            end_y=ends[p.id],
            final=final.money(values[p.id][-1]),
        )
        for p in final.players
    )
    ticks = tuple((y(v), final.money(v)) for v in tick_values)
    return Chart(lines=lines, ticks=ticks, left=left, right=right)


def _text_width(text: str, size: int) -> float:
    """How wide `text` may be drawn at `size`, erring wide (as in DejaVu Sans Bold, wider than
    most phones' type): the SVG cannot measure its text before the phone draws it."""
    return size * sum(map(_em, text))


def _em(c: str) -> float:
    if unicodedata.east_asian_width(c) in "WF":  # CJK: square
        return 1.0
    if c in " .,:;'!|()-ijlftI":
        return 0.4
    if c.isupper() or c in "mw" or not c.isascii():
        return 0.9
    return 0.68


def _shortened(text: str, room: float, size: int) -> str:
    while _text_width(text, size) > room:
        text = text[:-2] + "…"
    return text


def _spread(label_y: dict[int, float], gap: float = 11.0) -> dict[int, float]:
    """Move the names at the line ends apart so that none is written over another."""
    placed: dict[int, float] = {}
    last = float("-inf")
    for key, y in sorted(label_y.items(), key=lambda item: item[1]):
        last = max(y, last + gap)
        placed[key] = last
    return placed


def biggest_moments(steps: Sequence[Step]) -> list[str]:
    """The largest rent paid and the most expensive auction, in words."""
    moments = []
    rents = [
        (e, s)
        for _, events, s in steps
        for e in events
        if isinstance(e, Paid) and e.reason.startswith("rent for")
    ]
    if rents:
        rent, state = max(rents, key=lambda pair: pair[0].amount)
        moments.append(Text("Biggest rent: %(what)s", what=rent.describe(state)))
    sales = [
        (e, s)
        for _, events, s in steps
        for e in events
        if isinstance(e, AuctionClosed) and e.outcome == "sold"
    ]
    if sales:
        sale, state = max(sales, key=lambda pair: pair[0].amount)
        moments.append(Text("Dearest auction: %(what)s", what=sale.sale(state)))
    return moments
