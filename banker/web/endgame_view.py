"""The end of the game on a phone: the net-worth chart drawn from the log, and the game's
biggest moments."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from banker.rules import Event, GameState
from banker.rules.auctions import AuctionClosed
from banker.rules.money import Paid
from banker.rules.tally import worth
from banker.rules.text import Text

WIDTH, HEIGHT = 320, 180
LEFT, RIGHT, TOP, BOTTOM = 44, 52, 10, 22  # room for the money axis and the names at the line ends
MAX_POINTS = 120


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
    span_x, span_y = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return round(LEFT + span_x * i / (len(sampled) - 1), 1)

    def y(value: int) -> float:
        return round(TOP + span_y * (high - value) / (high - low), 1)

    ends = _spread({p.id: y(values[p.id][-1]) for p in final.players})
    lines = tuple(
        ChartLine(
            name=p.name,
            colour=p.colour,
            points=" ".join(f"{x(i)},{y(v)}" for i, v in enumerate(values[p.id])),
            end_x=x(len(sampled) - 1),
            end_y=ends[p.id],
            final=final.money(values[p.id][-1]),
        )
        for p in final.players
    )
    ticks = tuple((y(v), final.money(v)) for v in (low, (low + high) // 2, high))
    return Chart(lines=lines, ticks=ticks)


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
