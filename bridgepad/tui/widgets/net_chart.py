"""A small terminal chart of each player's running net over the games of the tally.

Each player is a series in a colour of the theme (``looks.SERIES``), marked by their initial; where two players meet on one point a ``*`` is drawn, and the
legend under the chart says so.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from textual.content import Content
from textual.widgets import Static

from bridgepad.core.evening.tally import TallyStep
from bridgepad.tui import looks

OVERLAP = "*"
AXIS_WORD = "  games"
TALL = 14  # from this height the rows between the ends and zero are labelled too

Part = tuple[str, str]


class NetChart(Static):
    def show(self, steps: Sequence[TallyStep], names: Sequence[str], width: int = 60, height: int = 8) -> None:
        self.update(render_chart(steps, names, width, height))

    def fill(self, steps: Sequence[TallyStep], names: Sequence[str], width: int, lines: int, least: int = 8) -> None:
        """The chart in ``lines`` lines of ``width`` cells at most, its legend and axis with it, the
        plot as tall as they leave (``least`` rows at the least)."""
        self.update(chart_in(steps, names, width, lines, least))


def chart_in(steps: Sequence[TallyStep], names: Sequence[str], width: int, lines: int, least: int = 8) -> Content:
    """``render_chart`` as tall as fits in ``lines`` lines of ``width`` (a legend too long for one
    line takes two), with ``least`` rows at the least."""
    height = max(least, lines - 3)  # the axis, its numbers and the legend's one line
    while True:
        chart = render_chart(steps, names, width, height)
        taken = sum(max(1, -(-len(line) // width)) for line in chart.plain.split("\n"))
        if taken <= lines or height <= least:
            return chart
        height = max(least, height - (taken - lines))


def _series(k: int) -> str:
    return looks.SERIES[k % len(looks.SERIES)]


def _points(count: int, plot_w: int) -> list[int]:
    """The game counts drawn (0: before the first game): every one while each has a column,
    else the game at each column, so that a lifetime of games costs a chart's width, not its length."""
    if count < plot_w:
        return list(range(count + 1))
    return sorted({round(c * count / (plot_w - 1)) for c in range(plot_w)})


def _nets_at(steps: Sequence[TallyStep], names: Sequence[str], points: Sequence[int]) -> dict[str, list[int]]:
    """Each player's net after each of ``points`` games (a step read once a point)."""
    after = [steps[i - 1].nets if i else {} for i in points]
    return {n: [nets.get(n, 0) for nets in after] for n in names}


def _column(i: float, count: int, plot_w: int) -> int:
    """The column of the point after ``i`` of ``count`` games, on a plot ``plot_w`` wide."""
    return round(i * (plot_w - 1) / count)


def _nice_steps() -> Iterator[int]:
    """1, 2, 5, 10, 20, 50, 100, …: the spacings the axis may number its games at."""
    for magnitude in itertools.count():
        for m in (1, 2, 5):
            yield m * 10**magnitude


def axis_numbers(count: int, plot_w: int) -> str:
    """The axis under the plot: game numbers from 0, at a round spacing wide enough that no
    two numbers touch, and the last game's number at the end (unless it would touch the 0)."""
    ticks = [" "] * plot_w
    if count == 0:
        ticks[0] = "0"
        return "".join(ticks)

    def col_of(i: int) -> int:
        return _column(i, count, plot_w)

    room = len(f"{count}") + 1  # the widest number and a space after it
    step = next(s for s in _nice_steps() if s >= count or s * (plot_w - 1) / count >= room)
    placed: list[tuple[int, str]] = [(col_of(i), f"{i}") for i in range(0, count, step)]
    # The last game's number ends at the edge at the latest; a round number it would touch gives way.
    last = f"{count}"
    at = min(col_of(count), plot_w - len(last))
    while len(placed) > 1 and placed[-1][0] + len(placed[-1][1]) >= at:
        placed.pop()
    if placed[-1][0] + len(placed[-1][1]) < at:
        placed.append((at, last))
    for at, text in placed:
        ticks[at : at + len(text)] = text
    return "".join(ticks)


def render_chart(steps: Sequence[TallyStep], names: Sequence[str], width: int = 60, height: int = 8) -> Content:
    """One coloured line per player, a point per game (per column, past a column a game),
    the zero line dotted across.

    The figures come from the tally (the core); this only maps them onto a grid.
    """
    if not steps or not names:
        return Content.assemble(("No finished games in this window yet.", f"{looks.FAINT} {looks.HINT}"))
    height = max(3, height)  # room for a row above the zero line, the line, and a row below
    count = len(steps)
    # The plot's width depends on its labels' (the extremes drawn), which depend on the games
    # drawn: a first guess at the labels, then the width they leave.
    label_w = len("+100,000")
    for _ in range(2):
        plot_w = max(10, width - label_w - 1 - len(AXIS_WORD))  # the axis's word fits on its line
        points = _points(count, plot_w)
        series = _nets_at(steps, names, points)
        lo = min(0, *(v for vs in series.values() for v in vs))
        hi = max(0, *(v for vs in series.values() for v in vs))
        label_w = max(len(f"{lo:+,}"), len(f"{hi:+,}")) + 1
    plot_w = max(10, width - label_w - 1 - len(AXIS_WORD))
    span = (hi - lo) or 1

    # The zero line has a row of its own, and a net above or below zero never lands on it: with
    # +520 beside -5,000 a single scale would round +520 onto the zero line and label it so.
    zero = round(hi / span * (height - 1))
    zero = max(1 if hi > 0 else 0, min(height - 2 if lo < 0 else height - 1, zero))

    def row_of(v: float) -> int:
        if v > 0:
            return min(zero - 1, round((hi - v) / hi * zero))
        if v < 0:
            return max(zero + 1, zero + round(v / lo * (height - 1 - zero)))
        return zero

    def col_of(i: float) -> int:
        return _column(i, count, plot_w)

    grid: list[list[Part]] = [[(" ", "")] * plot_w for _ in range(height)]
    grid[zero] = [("┈", looks.RULE)] * plot_w
    overlaps = False
    cols = [col_of(i) for i in points]
    for k, name in enumerate(names):
        values = series[name]
        # Dots between the points, then the points themselves on top.
        for j in range(len(points) - 1):
            c0, c1 = cols[j], cols[j + 1]
            for c in range(c0 + 1, c1):
                frac = (c - c0) / (c1 - c0)
                r = row_of(values[j] + (values[j + 1] - values[j]) * frac)
                if grid[r][c][0] in (" ", "┈"):
                    grid[r][c] = ("·", _series(k))
        for v, c in zip(values, cols):
            r = row_of(v)
            if grid[r][c][0] not in (" ", "┈", "·"):
                grid[r][c] = (OVERLAP, looks.OVERLAP)
                overlaps = True
            else:
                grid[r][c] = ((name[:1] or "?").upper(), _series(k))

    def value_of(r: int) -> int:
        """The net a row stands for, to the nearest ten (every score is a multiple of ten)."""
        v = hi * (zero - r) / zero if r < zero else lo * (r - zero) / (height - 1 - zero) if r > zero else 0
        return int(round(v / 10) * 10)

    def label_of(r: int) -> str:
        if r in (0, height - 1, zero):
            return f"{hi:+,}" if r == 0 else f"{lo:+,}" if r == height - 1 else "0"
        # A tall chart labels every fourth row from the zero line too, so that a point can be read off.
        near_end = min(r, height - 1 - r) < 2
        return f"{value_of(r):+,}" if height >= TALL and (r - zero) % 4 == 0 and not near_end else ""

    out: list[Part] = []
    for r, cells in enumerate(grid):
        label = label_of(r)
        out.append((f"{label:>{label_w}}│", looks.RULE))
        out.extend(cells)
        out.append(("\n", ""))
    out.append((" " * label_w + "└" + "─" * plot_w + "\n", looks.RULE))
    out.append((" " * (label_w + 1) + axis_numbers(count, plot_w) + AXIS_WORD + "\n", looks.RULE))
    used = 0  # cells of the legend's line so far: a player's mark, name and net never part at its end
    for k, name in enumerate(names):
        mark = f" {(name[:1] or '?').upper()} "
        # A tall chart's legend gives each player's net after the last game, read off the tally.
        entry = name + (f" {series[name][-1]:+,} " if height >= TALL else " ")
        if used and used + len(mark) + len(entry.rstrip()) > width:
            out.append(("\n", ""))
            used = 0
        out.append((mark, _series(k)))
        out.append((entry, ""))
        used += len(mark) + len(entry)
    if overlaps:
        out.append(("\n", ""))
        out.append((f" {OVERLAP} ", looks.OVERLAP))
        out.append(("two or more players on the same point", ""))
    return Content.assemble(*out)
