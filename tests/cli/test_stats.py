"""``bridgepad stats``: its table, CSV and Markdown, a span and a mode, one player, and the
sentences for what cannot be: a name that is nobody (the nearest names), a span without
games, a day or a mode or a format it does not know. Nothing in the folder is written."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from support.cli import one_line_refusal
from support.cli import run_cli as run
from support.three_evenings import three_evenings

from bridgepad.services.history import INDEX_NAME


@pytest.fixture
def data(tmp_path: Path) -> Path:
    three_evenings(tmp_path / "data")
    return tmp_path / "data"


def folder_bytes(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_the_table_names_every_figure_and_writes_nothing(data: Path) -> None:
    before = folder_bytes(data)
    p = run(data, "stats")
    assert p.returncode == 0 and p.stderr == "", p.stderr
    out = p.stdout
    assert out.startswith("3 games, 1 duplicate in all; exact margins, no stake.\n")
    for title in ("Players", "As declarer", "As defender", "Partnerships", "Duplicate"):
        assert f"\n{title}\n" in out
    players = out[out.index("\nPlayers\n") : out.index("\nAs declarer\n")]
    lines = {line.split()[0]: line for line in players.splitlines()[3:] if line.strip()}
    assert "+4,260" in lines["Ann"] and "+2,740" in lines["Ann"] and "2026-03-02" in lines["Ann"]
    assert "-4,260" in lines["Di"]
    assert "Ann & Bob      2  2 100%      1/1  +3,020" in out
    assert folder_bytes(data) == before  # a reader: no index written, nothing set aside


def test_with_the_index_gone_it_is_rebuilt_in_memory_and_still_not_written(data: Path) -> None:
    (data / INDEX_NAME).unlink(missing_ok=True)
    before = folder_bytes(data)
    assert json.loads(run(data, "stats", "--format", "json").stdout)["players"]["Ann"]["net"] == 4260
    assert folder_bytes(data) == before and not (data / INDEX_NAME).exists()


def test_csv_has_a_row_a_player_then_a_partnership_with_the_json_s_figures(data: Path) -> None:
    p = run(data, "stats", "--format", "csv")
    assert p.returncode == 0, p.stderr
    rows = list(csv.DictReader(io.StringIO(p.stdout)))
    players = {r["name"]: r for r in rows if r["kind"] == "player"}
    pairs = {r["name"]: r for r in rows if r["kind"] == "partnership"}
    assert set(players) == {"Ann", "Bob", "Cy", "Di", "Eve"}
    assert players["Ann"]["net"] == "4260" and players["Ann"]["declarer.game.bid"] == "3"
    assert players["Bob"]["defender.defended"] == "7" and players["Eve"]["duplicate.imps"] == "10"
    assert players["Ann"]["best_evening.net"] == "2740" and players["Ann"]["best_evening.day"] == "2026-03-02"
    assert pairs["Ann & Bob"]["net"] == "3020" and pairs["Ann & Bob"]["players"] == "Ann & Bob"


def test_markdown_has_a_table_a_part_under_its_title(data: Path) -> None:
    p = run(data, "stats", "--format", "md")
    assert p.returncode == 0, p.stderr
    assert "**As declarer**\n\n| Declarer | Played | Made |" in p.stdout
    assert "| Ann | 3 | 3 | 3 100% |" in p.stdout.replace("  ", " ")


def test_a_span_a_mode_and_one_player(data: Path) -> None:
    week = json.loads(run(data, "stats", "--format", "json", "--since", "2026-03-09", "--until", "2026-03-15").stdout)
    assert {n: p["net"] for n, p in week["players"].items()} == {"Ann": 1520, "Bob": 1520, "Eve": -1520, "Di": -1520}
    assert week["until"].startswith("2026-03-16T00:00:00")  # the day given is in the span
    dup = json.loads(run(data, "stats", "--format", "json", "--mode", "Duplicate").stdout)
    assert dup["games"] == 0 and dup["sessions"] == 1 and set(dup["players"]) == {"Ann", "Bob", "Cy", "Eve"}
    ann = json.loads(run(data, "stats", "--format", "json", "--player", " ann ").stdout)
    assert list(ann["players"]) == ["Ann"] and {tuple(p["players"]) for p in ann["partnerships"]} == {
        ("Ann", "Bob"),
        ("Ann", "Cy"),
        ("Ann", "Eve"),
    }


def test_an_unknown_player_is_answered_with_the_nearest_names(data: Path) -> None:
    assert one_line_refusal(run(data, "stats", "--player", "Evie")) == "bridgepad stats: No player 'Evie'; did you mean Eve?"
    assert one_line_refusal(run(data, "stats", "--player", "Zed")) == (
        "bridgepad stats: No player 'Zed'; the players are Ann, Bob, Cy, Di and Eve."
    )


def test_a_span_without_games_says_so(data: Path) -> None:
    p = run(data, "stats", "--since", "2030-01-01", "--until", "2030-01-31")
    assert (p.returncode, p.stdout, p.stderr) == (0, "No finished games from 2030-01-01 to 2030-01-31.\n", "")
    p = run(data, "stats", "--player", "cy", "--until", "2026-03-01")
    assert (p.returncode, p.stdout) == (0, "No finished games of Cy up to 2026-03-01.\n")
    p = run(data, "stats", "--since", "2030-01-01", "--mode", "chicago", "--format", "json")
    assert p.returncode == 0 and json.loads(p.stdout)["players"] == {}
    assert p.stderr == "bridgepad stats: No finished games since 2030-01-01, Chicago only.\n"


@pytest.mark.parametrize(
    ("args", "sentence"),
    [
        (("--since", "2026-13-01"), "--since takes a day as YYYY-MM-DD, e.g. 2026-08-17, not '2026-13-01'."),
        (("--until", "last week"), "--until takes a day as YYYY-MM-DD, e.g. 2026-08-17, not 'last week'."),
        (
            ("--since", "2026-03-10", "--until", "2026-03-09"),
            "--until 2026-03-09 is before --since 2026-03-10: no game can be in that span.",
        ),
        (("--mode", "bridge"), "--mode takes rubber, chicago or duplicate (several with commas), not 'bridge'."),
        (("--format", "xml"), "--format takes table, csv, json or md, not 'xml'."),
    ],
)
def test_what_it_does_not_know_is_refused_in_one_line(data: Path, args: tuple[str, ...], sentence: str) -> None:
    assert one_line_refusal(run(data, "stats", *args)) == f"bridgepad stats: {sentence}"


@pytest.mark.parametrize("room", [80, 60, 40])
def test_on_a_narrow_terminal_a_wide_table_comes_in_parts_with_every_figure(data: Path, room: int, capsys) -> None:  # type: ignore[no-untyped-def]
    from bridgepad.cli.stats import print_table
    from bridgepad.core.evening.stats import statistics
    from bridgepad.core.evening.stats_view import tables
    from bridgepad.services.history import History
    from bridgepad.store.game_store import GameStore

    for table in tables(statistics(History(GameStore(data), read_only=True).summaries())):
        print_table(table, room)
        lines = capsys.readouterr().out.splitlines()
        assert lines[0] == table.title and all(len(line) <= room for line in lines), (room, lines)
        # Each part: the heading again, then a line a player, their name first and their figures.
        starts = [k for k, line in enumerate(lines) if line.split()[:1] == [table.heading]]
        parts = table.parts(room)
        assert len(starts) == len(parts) >= (2 if table.width() > room else 1)
        assert sorted(c.title for part in parts for c in part.columns) == sorted(c.title for c in table.columns)
        for start, part in zip(starts, parts):
            for column in part.columns:
                assert column.title in lines[start]
            for j, row in enumerate(part.rows):
                line = lines[start + 1 + j]
                assert line.startswith(row.name) and all(cell in line for cell in row.cells), (line, row)


def test_the_progress_of_a_rebuild_goes_to_a_terminal_only(monkeypatch: pytest.MonkeyPatch, capsys) -> None:  # type: ignore[no-untyped-def]
    import sys

    from bridgepad.cli.stats import progress_on_terminal

    monkeypatch.setattr(sys.stderr, "isatty", lambda: False)
    assert progress_on_terminal() is None
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)
    show = progress_on_terminal()
    assert show is not None
    show(50, 20000)
    show(20000, 20000)
    assert capsys.readouterr().err == "\rreading 50 of 20,000 games\rreading 20,000 of 20,000 games\n"


def test_games_with_nobody_named_say_why_there_is_no_player(tmp_path: Path) -> None:
    from bridgepad.core.model import Seat
    from bridgepad.core.readers.log import parse_log
    from bridgepad.core.rules.game import Game
    from bridgepad.store.game_store import GameStore, StoredGame

    data = tmp_path / "data"
    store = GameStore(data)
    store.ensure()
    (rubber,) = parse_log("N 3NT 9\nN 3NT 9\n").games()
    at = "2026-01-05T20:00:00+00:00"
    store.save(StoredGame("20260105-200000-0001", Game(hands=rubber.game.hands, first_dealer=Seat.N), at, at))
    sentence = (
        "The games counted (1 game in all) have no players' names at their seats: the statistics follow"
        " players by name, so give the seats' names when a game starts (n, the new-game dialog)."
    )
    p = run(data, "stats")
    assert p.returncode == 0 and p.stdout.splitlines()[:2] == ["1 game in all; exact margins, no stake.", sentence]
    p = run(data, "stats", "--format", "json")
    assert p.returncode == 0 and json.loads(p.stdout)["players"] == {}
    assert p.stderr == f"bridgepad stats: {sentence}\n"
    # Games with names say nothing of the kind.
    three_evenings(tmp_path / "named")
    p = run(tmp_path / "named", "stats")
    assert p.returncode == 0 and p.stderr == "" and "no players' names" not in p.stdout
