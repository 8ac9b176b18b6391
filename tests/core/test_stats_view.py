"""``bridgepad stats``'s table of defenders reads down its columns: a count and its share
line up from row to row ("0   0%" over "1  50%"), and "Doubles set" says "—" for a player
who never defended a doubled contract, as a share of nothing."""

from __future__ import annotations

from pathlib import Path

from support.builders import hand
from support.cli import run_cli

from bridgepad.core.rules.game import Game, Mode
from bridgepad.store.game_store import GameStore

# N-S declare five contracts and make them all: Bob and Di (E-W) defended five and set none,
# 0 0%, and defended nothing doubled. E-W make 1NT and go one down in 1SX: Ann and Cy
# defended two and set one, 1 50%, and one doubled contract, set, 1 100%.
HANDS = (
    hand("1S", "N", "7"),
    hand("1H", "S", "7"),
    hand("1C", "N", "7"),
    hand("1D", "S", "7"),
    hand("1NT", "E", "7"),
    hand("1SX", "E", "6"),
    hand("1C", "S", "7"),
)


def defenders(tmp_path: Path) -> list[str]:
    store = GameStore(tmp_path)
    store.ensure()
    store.add(Game(mode=Mode.RUBBER, players=("Ann", "Bob", "Cy", "Di"), hands=HANDS, ended=True), "2026-12-01T20:00:00+00:00")
    done = run_cli(tmp_path, "stats")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    start = lines.index("As defender") + 1
    return lines[start : start + 5]


def test_the_set_column_lines_up_and_nothing_doubled_says_so(tmp_path: Path) -> None:
    heading, *rows = defenders(tmp_path)
    assert heading.split() == ["Defender", "Defended", "Set", "Doubled", "Doubles", "set"]
    by_name = {row.split()[0]: row for row in rows}
    assert set(by_name) == {"Ann", "Bob", "Cy", "Di"}
    set_end = heading.index("Set") + len("Set")
    cells = {name: row[:set_end].split(None, 2)[2] for name, row in by_name.items()}
    assert cells["Bob"].strip() == "0   0%" and cells["Ann"].strip() == "1  50%", cells
    # Each share's % and each count's last digit in one column, whatever the widths.
    assert len({row.index("%") for row in rows}) == 1, rows
    for row in rows:
        count_end = row.index("%") - 4  # the share is as wide as 100%, after one space
        assert row[count_end - 1].isdigit() and row[count_end] == " ", row
    for name in ("Bob", "Di"):
        assert by_name[name].split()[-2:] == ["0", "—"], by_name[name]  # nothing doubled: no share of it
    for name in ("Ann", "Cy"):
        assert by_name[name].split()[-3:] == ["1", "1", "100%"], by_name[name]
