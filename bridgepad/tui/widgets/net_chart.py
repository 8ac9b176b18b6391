"""A small terminal chart of each player's running net over the games of the tally.

Each player is a series in a colour of the theme (``looks.SERIES``), marked by their initial; where two players meet on one point a ``*`` is drawn, and the
legend under the chart says so.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def _series(k: int) -> str:
    return looks.SERIES[k % len(looks.SERIES)]


def render_chart(steps: Sequence[TallyStep], names: Sequence[str], width: int = 60, height: int = 8) -> Content:
    """One coloured line per player, a point per game, the zero line dotted across.

    The figures come from the tally (the core); this only maps them onto a grid.
    """
    if not steps or not names:
        return Content.assemble(("No finished games in this window yet.", f"{looks.FAINT} {looks.HINT}"))
    height = max(3, height)  # room for a row above the zero line, the line, and a row below
    series = {n: [0] + [s.nets.get(n, 0) for s in steps] for n in names}
    lo = min(0, *(v for vs in series.values() for v in vs))
    hi = max(0, *(v for vs in series.values() for v in vs))
    span = (hi - lo) or 1
    label_w = max(len(f"{lo:+,}"), len(f"{hi:+,}")) + 1
    plot_w = max(10, width - label_w - 1 - len(AXIS_WORD))  # the axis's word fits on its line
    count = len(steps)

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
        return round(i * (plot_w - 1) / count)

    grid: list[list[Part]] = [[(" ", "")] * plot_w for _ in range(height)]
    grid[zero] = [("┈", looks.RULE)] * plot_w
    overlaps = False
    for k, name in enumerate(names):
        values = series[name]
        # Dots between the games, then the games' own points on top.
        for i in range(count):
            c0, c1 = col_of(i), col_of(i + 1)
            for c in range(c0 + 1, c1):
                frac = (c - c0) / (c1 - c0)
                r = row_of(values[i] + (values[i + 1] - values[i]) * frac)
                if grid[r][c][0] in (" ", "┈"):
                    grid[r][c] = ("·", _series(k))
        for i, v in enumerate(values):
            r, c = row_of(v), col_of(i)
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
    ticks = [" "] * plot_w
    for i in range(count + 1):
        for j, ch in enumerate(str(i)):
            if col_of(i) + j < plot_w:
                ticks[col_of(i) + j] = ch
    out.append((" " * (label_w + 1) + "".join(ticks) + AXIS_WORD + "\n", looks.RULE))
    for k, name in enumerate(names):
        out.append((f" {(name[:1] or '?').upper()} ", _series(k)))
        # A tall chart's legend gives each player's net after the last game, read off the tally.
        out.append((name + (f" {series[name][-1]:+,} " if height >= TALL else " "), ""))
    if overlaps:
        out.append(("\n", ""))
        out.append((f" {OVERLAP} ", looks.OVERLAP))
        out.append(("two or more players on the same point", ""))
    return Content.assemble(*out)
