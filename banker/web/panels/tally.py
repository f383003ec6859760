"""The end of the game on a phone: the chart of the tally's figure (net worth, or cash where the
most cash wins) and the game's biggest moments, drawn from what the game's chronicle kept
(banker/service/chronicle.py), and the bank's card that ends the game."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from dataclasses import dataclass

from banker.lru import LRU
from banker.rules import GameState
from banker.rules.tally import END_REASONS, GameEnded, tally
from banker.rules.text import Parts, Text
from banker.service.chronicle import Chronicle
from banker.web.http import seats
from banker.web.panels import Region
from banker.web.panels.lettering import text_width

WIDTH, HEIGHT = 320, 180
TOP, BOTTOM = 10, 22
TICK_SIZE, NAME_SIZE = 9, 10  # font sizes of the money axis and the names, as in app.css
NAME_ROOM = 80  # the most the names at the line ends take; a longer name is shortened with …
LINE_WIDTH = 2.5
# lines that meet (players whose standing is the same) are drawn side by side this far apart, a
# sliver of the background between them, so that none hides another
LINE_GAP = LINE_WIDTH + 1
NAME_GAP = 11.0  # the names at the line ends, as far apart as they are high
# (title, caption) of the chart of what the tally ranks by (RuleSet.richest_by)
WORDS = {
    "worth": (
        Text("Net worth over the game"),
        Text("Net worth after every action, from the first to the last."),
    ),
    "cash": (Text("Cash over the game"), Text("Cash after every action, from the first to the last.")),
}

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
    title: str
    caption: str
    width: int = WIDTH
    height: int = HEIGHT
    line_width: float = LINE_WIDTH


# Every phone of an ended game shows the chart on each refresh: drawn once per game and seq
_drawn: LRU[tuple[str, int], Chart] = LRU(64)


def tally_chart(game_id: str, chronicle: Chronicle) -> Chart | None:
    """Each player's standing over the game (as the chronicle sampled it), as SVG lines."""
    if chronicle.seq < 2:
        return None
    key = (game_id, chronicle.seq)
    chart = _drawn.get(key)
    if chart is None:
        chart = _chart(chronicle)
        _drawn.put(key, chart)
    return chart


def _chart(chronicle: Chronicle) -> Chart:
    points = chronicle.standings()
    final = chronicle.state
    values = {p.id: [standings[i] for _, standings in points] for i, p in enumerate(final.players)}
    # The axis spans what happened, so small leads still show; but at least a tenth of the amounts,
    # or a game where $2 changed hands drew leaps, and lines side by side as amounts apart
    low, high = min(min(v) for v in values.values()), max(max(v) for v in values.values())
    short = max(abs(low), abs(high)) // 10 - (high - low)
    tick_values = _round_steps(low - max(short, 0) // 2, high + max(short, 0) // 2)
    low, high = tick_values[0], tick_values[-1]
    # room for the longest axis label (₩1,530,000 takes more than $1,530) and the longest name
    left = round(max(text_width(final.money(v), TICK_SIZE) for v in tick_values) + 8, 1)
    names = {p.id: _shortened(p.name, NAME_ROOM, NAME_SIZE) for p in final.players}
    right = round(WIDTH - max(text_width(name, NAME_SIZE) for name in names.values()) - 6, 1)
    span_x, span_y = right - left, HEIGHT - TOP - BOTTOM

    def x(seq: int) -> float:
        return round(left + span_x * (seq - 1) / (final.seq - 1), 1)

    def y(value: int) -> float:
        return round(TOP + span_y * (high - value) / (high - low), 1)

    drawn = [
        _apart(
            {p.id: y(v) for p, v in zip(final.players, standings, strict=True)},
            LINE_GAP,
            TOP,
            HEIGHT - BOTTOM,
        )
        for _, standings in points
    ]
    ends = _apart(drawn[-1], NAME_GAP, NAME_SIZE / 2, HEIGHT - NAME_SIZE / 2)
    lines = tuple(
        ChartLine(
            name=names[p.id],
            colour=p.colour,
            points=" ".join(f"{x(seq)},{at[p.id]}" for (seq, _), at in zip(points, drawn, strict=True)),
            end_x=x(final.seq),
            end_y=ends[p.id],
            final=final.money(values[p.id][-1]),
        )
        for p in final.players
    )
    ticks = tuple((y(v), final.money(v)) for v in tick_values)
    title, caption = WORDS[final.rules.richest_by]
    return Chart(lines=lines, ticks=ticks, left=left, right=right, title=title, caption=caption)


def _round_steps(low: int, high: int) -> tuple[int, ...]:
    """Two to five round amounts, from at or below `low` to at or above `high`, as money reads on
    a board (0K, 500K, M1; $1,400, $1,500) rather than where the lines happen to end."""
    step = next(s for s in _steps() if high - low <= 3 * s)
    first, last = low // step * step, -(-high // step) * step
    return tuple(range(first, max(last, first + step) + 1, step))


def _steps() -> Iterator[int]:
    """1, 2, 5, 10, 20, 25, 50, 100, ...: steps an axis reads in whole amounts."""
    yield from (1, 2, 5)
    for power in itertools.count(1):
        yield from (10**power, 2 * 10**power, 25 * 10 ** (power - 1), 5 * 10**power)


def _shortened(text: str, room: float, size: int) -> str:
    while text_width(text, size) > room:
        text = text[:-2] + "…"
    return text


def _apart(at: dict[int, float], gap: float, lowest: float, highest: float) -> dict[int, float]:
    """Each player's y, moved as little as it takes for any two to be `gap` apart and all to lie
    between `lowest` and `highest`: players at one y (or nearly) are drawn side by side around it,
    in seating order, instead of one over another."""

    def first(players: list[int], total: float) -> float:
        """Where the first of players side by side goes: centred on their own ys, inside the bounds."""
        span = gap * (len(players) - 1)
        return min(max(total / len(players) - span / 2, lowest), highest - span)

    runs: list[tuple[list[int], float]] = []  # players side by side, and the sum of their own ys
    for player, y in sorted(at.items(), key=lambda item: (item[1], item[0])):
        players, total = [player], y
        while runs and first(*runs[-1]) + gap * len(runs[-1][0]) > first(players, total):
            before, before_total = runs.pop()
            players, total = before + players, before_total + total
        runs.append((players, total))
    return {
        player: round(first(players, total) + gap * i, 1)
        for players, total in runs
        for i, player in enumerate(players)
    }


def biggest_moments(chronicle: Chronicle) -> list[str]:
    """The largest rent (paid, or settled by the tenant's bankruptcy) and the most expensive
    auction, in words."""
    moments = []
    if chronicle.rent is not None:
        moments.append(Text("Biggest rent: %(what)s", what=chronicle.rent.words))
    if chronicle.sale is not None:
        moments.append(Text("Dearest auction: %(what)s", what=chronicle.sale.words))
    return moments


def ending(game_id: str, state: GameState) -> dict:
    """Once the game is over every screen shows the tally and the chart."""
    kept = seats.service().chronicle(game_id)
    return {"lines": tally(state), "chart": tally_chart(game_id, kept), "moments": biggest_moments(kept)}


def time_left(state: GameState) -> float | None:
    """Seconds until a timed game ends, on the server's clock; None without a clock or once over."""
    if not state.rules.end_at or state.ended:
        return None
    return max(0.0, state.rules.end_at - seats.service().clock())


def clock_text(seconds: float) -> str:
    """A timed game's time left as its clock shows it: "9:05", from an hour "1:30:00" (static/js/table.js
    counts it down in the same form)."""
    hours, rest = divmod(int(seconds), 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


def end_reason(state: GameState) -> Text | None:
    """Why the game ended and what the end called off, under "Game over" ("A bankruptcy ends this
    game", "Time is up; the auction of Boardwalk is called off, ..."): the phones went from a game
    to its tally with only a passing toast to say why. None while the game goes on, and for the
    last player standing, which the tally itself shows."""
    if not state.ended or not state.undo:
        return None
    ended = next((e for e in state.undo[-1].events if isinstance(e, GameEnded)), None)
    if ended is None:
        return None
    said = [END_REASONS[ended.reason]] if ended.reason in END_REASONS else []
    said += [ended.called_off] if ended.called_off else []
    return Parts(said) if said else None


@dataclass(frozen=True)
class EndOfGame:
    """The bank's End of the game card: the tally so far or final, and what may still end it."""

    ended: bool
    may_signal: bool  # the end may be signalled first (JMA), and has not been
    overtime: bool  # a timed game's end by the clock was undone: the bank ends it


def _endgame(state: GameState, you: int | None) -> EndOfGame:
    may_signal = state.rules.signalled_end and not state.ending and not state.ended
    return EndOfGame(state.ended, may_signal, state.overtime and not state.ended)


REGIONS = (Region("endgame", ("bank",), "bank/_endgame.html", _endgame),)
TEMPLATE_GLOBALS = {"time_left": time_left, "clock_text": clock_text, "end_reason": end_reason}
