"""Server-drawn SVG charts: totals over the rounds, one line per player (no chart library)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..keeping import made_once

WIDTH, HEIGHT = 340, 180
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 22
# Lines differ by dash and marker as well as colour, so the chart never relies on colour alone.
DASHES = ("", "6 3", "2 3", "8 3 2 3", "1 2", "10 4", "4 4", "3 6")
MARKERS = ("circle", "square", "diamond", "triangle", "circle", "square", "diamond", "triangle")


@dataclass(frozen=True)
class Line:
    name: str
    points: str  # "x,y x,y ..." for <polyline>
    last: tuple[float, float]
    index: int  # picks colour (CSS class), dash and marker
    dash: str
    marker: str
    value: float


@dataclass(frozen=True)
class LineChart:
    width: int
    height: int
    lines: tuple[Line, ...]
    y_ticks: tuple[tuple[float, str], ...]  # (y, label)
    x_ticks: tuple[tuple[float, str], ...]
    zero_y: float


def nice_step(span: float) -> float:
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
        if span / step <= 5:
            return step
    power: int = 10 ** len(str(int(span)))  # (an int's power is typed Any: it may be a float)
    return power


def line_chart(
    series: Mapping[str, Sequence[float]],
    x_labels: Sequence[str],
    colours: Sequence[int] = (),
    from_zero: bool = True,
) -> LineChart:
    """``series`` maps each player to his running totals; the first value is the start (0).
    Each line has its player's colour (his seat: ``--s0`` …), or ``colours[n]`` for the n-th
    (Mus's two teams have the colours of their team, as on the strip). The y axis takes in 0
    unless ``from_zero`` is false (a rating of some 1 500 drawn near the top of 0 to 2 000
    would show no change at all).

    >>> rating = line_chart({"A": [1210, 1302, 1290]}, ["1", "2", "3"], from_zero=False)
    >>> rating.y_ticks[0][1], rating.y_ticks[-1][1]
    ('1200', '1320')

    >>> chart = line_chart({"A": [0, 13], "B": [0, 0]}, ["1"])
    >>> [line.name for line in chart.lines], chart.lines[0].last[1] < chart.lines[1].last[1]
    (['A', 'B'], True)

    A chart is laid out once for the values it shows: a step that ends no round (a save of
    the bids) shows the same chart again.
    """
    lines = tuple((name, tuple(values)) for name, values in series.items())
    return made_once(_line_chart, lines, tuple(x_labels), tuple(colours), from_zero)


def _line_chart(
    series_items: tuple[tuple[str, tuple[float, ...]], ...],
    x_labels: tuple[str, ...],
    colours: tuple[int, ...] = (),
    from_zero: bool = True,
) -> LineChart:
    series = dict(series_items)
    values = [v for s in series.values() for v in s] or [0]
    if from_zero:
        low, high = min(0, *values), max(1, *values)
    else:
        low, high = min(values), max(values[0] + 1, *values)
    step = nice_step(high - low)
    low = step * (low // step)
    high = step * -(-high // step)
    count = max(len(s) for s in series.values()) if series else 1
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return round(LEFT + plot_w * (i / max(count - 1, 1)), 1)

    def y(v: float) -> float:
        return round(TOP + plot_h * (1 - (v - low) / (high - low)), 1)

    stride = -(-count // plot_w)
    lines = tuple(
        Line(
            name=name,
            points=" ".join(f"{x(i)},{y(vals[i])}" for i in drawn(len(vals), stride)),
            last=(x(len(vals) - 1), y(vals[-1])),
            index=colours[n] if colours else n % len(DASHES),
            dash=DASHES[n % len(DASHES)],
            marker=MARKERS[n % len(MARKERS)],
            value=vals[-1],
        )
        for n, (name, vals) in enumerate(series.items())
    )
    ticks = tuple((y(v), f"{v:g}") for v in tick_values(low, high, step))
    every = max(1, len(x_labels) // 8)
    x_ticks = tuple((x(i + 1), lab) for i, lab in enumerate(x_labels) if (i + 1) % every == 0)
    return LineChart(WIDTH, HEIGHT, lines, ticks, x_ticks, y(0))


def drawn(length: int, stride: int) -> list[int]:
    """The points of a line that are drawn: the plot is a few hundred units wide, so a long
    evening draws one point in every ``stride`` (and its last), not thousands the screen cannot
    tell apart."""
    kept = list(range(0, length, stride))
    return kept if kept[-1] == length - 1 else [*kept, length - 1]


def tick_values(low: float, high: float, step: float) -> list[float]:
    """The values the y axis names, ``step`` apart from ``low`` up to ``high``."""
    values, v = [], low
    while v <= high:
        values.append(v)
        v += step
    return values


def running_money(
    players: Sequence[str], games: Sequence[Mapping[str, Fraction]]
) -> LineChart | None:
    """The evening across its games: each player's money after each game (in the table's
    money, not cents), one line a player in the order of the table; None before any game has
    money on it.

    >>> chart = running_money(["A", "B"], [{"A": Fraction(3, 2), "B": Fraction(-3, 2)}, {}])
    >>> [line.value for line in chart.lines]
    [1.5, -1.5]
    """
    if not any(games):
        return None
    running = {name: [0.0] for name in players}
    for money in games:
        for name in players:
            running[name].append(running[name][-1] + float(money.get(name, 0)))
    return line_chart(running, [str(n) for n in range(1, len(games) + 1)])
