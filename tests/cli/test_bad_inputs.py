"""One behaviour for bad inputs everywhere: an empty log, a missing file, a data folder
that is a file or cannot be made get the same one line from every command, and exit 2."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.cli import one_line_refusal as one_line
from support.cli import run_cli as run

STORE_COMMANDS = [["tally"], ["export", "--all"], ["new", "rubber"], ["import", "LOG"]]
FILE_COMMANDS = ["replay", "import"]


@pytest.fixture
def log(tmp_path: Path) -> Path:
    f = tmp_path / "evening.log"
    f.write_text("N 3NT 9\n", encoding="utf-8")
    return f


@pytest.mark.parametrize("args", STORE_COMMANDS, ids=lambda a: a[0])
def test_a_data_folder_that_is_a_file(tmp_path: Path, log: Path, args: list[str]) -> None:
    data = tmp_path / "data"
    data.write_text("not a folder", encoding="utf-8")
    args = [str(log) if a == "LOG" else a for a in args]
    line = one_line(run(data, *args))
    assert line == f"bridgepad {args[0]}: the data folder {data} is a file, not a folder; give another with --data-dir."
    assert data.read_text(encoding="utf-8") == "not a folder"


@pytest.mark.parametrize("args", STORE_COMMANDS, ids=lambda a: a[0])
def test_a_data_folder_that_cannot_be_made(tmp_path: Path, log: Path, args: list[str]) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    data = blocker / "data"
    args = [str(log) if a == "LOG" else a for a in args]
    line = one_line(run(data, *args))
    assert (
        line
        == f"bridgepad {args[0]}: the data folder {data} cannot be made: part of its path is a file; give another with --data-dir."
    )


@pytest.mark.parametrize("command", FILE_COMMANDS)
def test_an_empty_log(tmp_path: Path, command: str) -> None:
    f = tmp_path / "empty.log"
    f.write_text("# nothing yet\n\n", encoding="utf-8")
    assert (
        one_line(run(tmp_path / "data", command, str(f))) == f"bridgepad {command}: {f}: there are no hands in it to {command}."
    )
    assert not (tmp_path / "data" / "games").exists()


@pytest.mark.parametrize("command", FILE_COMMANDS)
def test_a_missing_file_and_a_folder(tmp_path: Path, command: str) -> None:
    missing = tmp_path / "nope.log"
    assert one_line(run(tmp_path / "data", command, str(missing))) == f"bridgepad {command}: {missing}: no such file."
    assert (
        one_line(run(tmp_path / "data", command, str(tmp_path)))
        == f"bridgepad {command}: {tmp_path}: is a folder, not a log file."
    )
