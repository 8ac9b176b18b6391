"""A small terminal chart of each player's running net over the games of the tally."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from bridgepad.core.tally import TallyStep

COLOURS = ("cyan", "magenta", "yellow", "green", "red", "blue", "bright_white", "bright_cyan")


def render_chart(steps: Sequence[TallyStep], names: Sequence[str], width: int = 60, height: int = 8) -> Text:
    """One coloured line per player, a point per game, the zero line dotted across.

    The figures come from the tally (the core); this only maps them onto a grid.
    """
    if not steps or not names:
        return Text("No finished games in this window yet.", style="dim italic")
    series = {n: [0] + [s.nets.get(n, 0) for s in steps] for n in names}
    lo = min(0, *(v for vs in series.values() for v in vs))
    hi = max(0, *(v for vs in series.values() for v in vs))
    span = (hi - lo) or 1
    label_w = max(len(f"{lo:+,}"), len(f"{hi:+,}")) + 1
    plot_w = max(10, width - label_w - 1)
    count = len(steps)

    def row_of(v: float) -> int:
        return round((hi - v) / span * (height - 1))

    def col_of(i: float) -> int:
        return round(i * (plot_w - 1) / count)

    grid: list[list[tuple[str, str]]] = [[(" ", "")] * plot_w for _ in range(height)]
    zero = row_of(0)
    grid[zero] = [("┈", "dim")] * plot_w
    for k, name in enumerate(names):
        colour = COLOURS[k % len(COLOURS)]
        values = series[name]
        # Dots between the games, then the games' own points on top.
        for i in range(count):
            c0, c1 = col_of(i), col_of(i + 1)
            for c in range(c0 + 1, c1):
                frac = (c - c0) / (c1 - c0)
                r = row_of(values[i] + (values[i + 1] - values[i]) * frac)
                if grid[r][c][0] in (" ", "┈"):
                    grid[r][c] = ("·", colour)
        for i, v in enumerate(values):
            r, c = row_of(v), col_of(i)
            mark = (name[:1] or "?").upper()
            grid[r][c] = ("*", "bold") if grid[r][c][0] not in (" ", "┈", "·") else (mark, f"bold {colour}")
    out = Text(no_wrap=True)
    for r, cells in enumerate(grid):
        label = f"{hi:+,}" if r == 0 else f"{lo:+,}" if r == height - 1 else "0" if r == zero else ""
        out.append(f"{label:>{label_w}}│", style="dim")
        for ch, style in cells:
            out.append(ch, style=style)
        out.append("\n")
    out.append(" " * label_w + "└" + "─" * plot_w + "\n", style="dim")
    ticks = [" "] * plot_w
    for i in range(count + 1):
        for j, ch in enumerate(str(i)):
            if col_of(i) + j < plot_w:
                ticks[col_of(i) + j] = ch
    out.append(" " * (label_w + 1) + "".join(ticks) + "  games\n", style="dim")
    for k, name in enumerate(names):
        out.append(f" {(name[:1] or '?').upper()} ", style=f"bold {COLOURS[k % len(COLOURS)]}")
        out.append(name + "  ")
    return out
