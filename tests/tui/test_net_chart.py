"""The tally's chart of running nets: the game numbers under it never run into each other,
and a lifetime of games is drawn from as many games as the chart has columns."""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bridgepad.core.evening.tally import RunningNets, TallyStep
from bridgepad.tui.widgets.net_chart import AXIS_WORD, axis_numbers, render_chart


def numbers(axis: str) -> list[tuple[int, int, int]]:
    """Each number on the axis: (its value, first column, column after it)."""
    return [(int(m.group()), m.start(), m.end()) for m in re.finditer(r"\d+", axis)]


def test_three_games_are_numbered_every_game() -> None:
    # 3 games over 30 columns: a game every 29/3 columns, at 0, 10, 19 and 29.
    axis = axis_numbers(3, 30)
    assert numbers(axis) == [(0, 0, 1), (1, 10, 11), (2, 19, 20), (3, 29, 30)]


def test_thirty_games_in_sixty_columns_are_numbered_every_second_game() -> None:
    # A game every 59/30 = 1.97 columns; "30" and a space need 3: every second game (3.9 columns).
    got = [n for n, _, _ in numbers(axis_numbers(30, 60))]
    assert got == list(range(0, 31, 2))


def test_a_lifetime_is_numbered_in_thousands_and_ends_at_its_last_game() -> None:
    # 20,000 games over 60 columns: "20000" and a space need 6 columns, 5,000 games are 14.75.
    got = numbers(axis_numbers(20_000, 60))
    assert [n for n, _, _ in got] == [0, 5000, 10000, 15000, 20000]
    assert got[-1][2] == 60  # the last number ends at the edge


@given(st.integers(1, 30_000), st.integers(10, 200))
def test_numbers_never_touch_and_stand_under_their_games(count: int, width: int) -> None:
    axis = axis_numbers(count, width)
    assert len(axis) == width
    got = numbers(axis)
    assert got[0][:2] == (0, 0)
    for (a, _, end), (b, start, _) in zip(got, got[1:]):
        assert a < b <= count
        assert start > end  # a space at least between two numbers
    for n, start, end in got:
        at = round(n * (width - 1) / count)
        assert start == at or end == width  # under its game, or the last one ending at the edge


class CountingSteps(Sequence[TallyStep]):
    """Steps that count how many of them the chart reads."""

    def __init__(self, steps: list[TallyStep]) -> None:
        self.steps = steps
        self.read: set[int] = set()

    def __len__(self) -> int:
        return len(self.steps)

    def __getitem__(self, i):  # type: ignore[no-untyped-def, override]
        self.read.add(i)
        return self.steps[i]


def rising(n: int) -> list[TallyStep]:
    """Ann wins 10 points a game, Bob loses them: after game k (from 1) Ann is +10k."""
    return [TallyStep(f"g{k}", None, {"Ann": 10 * k, "Bob": -10 * k}) for k in range(1, n + 1)]


def test_a_lifetime_is_drawn_from_a_chart_width_of_games() -> None:
    steps = CountingSteps(rising(10_000))
    text = render_chart(steps, ["Ann", "Bob"], 60, 8).plain
    assert len(steps.read) <= 2 * 60  # the games at each column, for a guess at the width, then for the width
    rows = [line for line in text.splitlines() if "│" in line]
    # Ann's last net (+100,000) is the top label and her point is the top row's last column.
    assert rows[0].split("│")[0].strip() == "+100,000" and rows[0].rstrip().endswith("A")
    assert rows[-1].split("│")[0].strip() == "-100,000" and rows[-1].rstrip().endswith("B")
    axis = next(line for line in text.splitlines() if line.endswith(AXIS_WORD))
    assert axis.split()[-2] == "10000"


def test_the_running_nets_of_the_tally_draw_as_the_steps_they_stand_for() -> None:
    # Ann plays games 0, 1 and 3 of four; Bob 1, 2 and 3. The same nets as a table of steps.
    nets = RunningNets(
        ["g0", "g1", "g2", "g3"],
        [None, None, None, datetime(2026, 12, 4, 20, 0)],
        ["Ann", "Bob"],
        {"Ann": ([0, 1, 3], [100, 40, 560]), "Bob": ([1, 2, 3], [-60, -700, -1220])},
    )
    table = [
        TallyStep("g0", None, {"Ann": 100, "Bob": 0}),
        TallyStep("g1", None, {"Ann": 40, "Bob": -60}),
        TallyStep("g2", None, {"Ann": 40, "Bob": -700}),
        TallyStep("g3", datetime(2026, 12, 4, 20, 0), {"Ann": 560, "Bob": -1220}),
    ]
    assert list(nets) == table and nets[-1] == table[-1] and nets[1:3] == table[1:3]
    assert nets.net("Cy", 2) == 0 and nets.net("Bob", 0) == 0
    with pytest.raises(IndexError):
        nets[4]
    assert render_chart(nets, ["Ann", "Bob"], 50, 8).plain == render_chart(table, ["Ann", "Bob"], 50, 8).plain


SIX = ("Annabel", "Bartholomew", "Cyrus", "Dorothea", "Evangeline", "Fitzgerald")


@pytest.mark.parametrize("width", [40, 60, 76])
def test_a_legend_too_long_for_a_line_breaks_between_players_never_inside_one(width: int) -> None:
    # Six long names, each with a five-figure net: two or three lines, each within the width, every
    # player's mark, name and net on one of them.
    steps = [TallyStep("g1", None, {n: (k - 3) * 10_010 for k, n in enumerate(SIX)})]
    lines = render_chart(steps, list(SIX), width, 14).plain.splitlines()
    legend = lines[lines.index(next(line for line in lines if line.endswith(AXIS_WORD))) + 1 :]
    legend = [line for line in legend if "two or more players" not in line]
    assert len(legend) >= 2 and all(len(line) <= width for line in legend), legend
    for k, name in enumerate(SIX):
        assert sum(f" {name[0]} {name} {(k - 3) * 10_010:+,}" in line for line in legend) == 1, (name, legend)


@pytest.mark.parametrize(("lines", "width"), [(19, 76), (15, 56), (45, 196)])
def test_the_chart_in_a_number_of_lines_takes_them_and_no_more(lines: int, width: int) -> None:
    from bridgepad.tui.widgets.net_chart import chart_in

    steps = [TallyStep(f"g{g}", None, {n: (k - 3) * 10_010 * g for k, n in enumerate(SIX)}) for g in range(1, 40)]
    text = chart_in(steps, list(SIX), width, lines).plain.splitlines()
    taken = sum(max(1, -(-len(line) // width)) for line in text)
    assert lines - 1 <= taken <= lines, text  # the legend's second line may leave one to spare
    assert sum("│" in line for line in text) >= lines - 6
