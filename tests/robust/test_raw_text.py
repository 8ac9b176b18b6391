"""Issue 10, items 11 and 12: nothing raw reaches a terminal or a spreadsheet.

A message that quotes what was typed or read from a file shows its control characters
as escapes (``\\x1b``), at the place the message is made; a CSV cell that a spreadsheet
would take for a formula starts with an apostrophe.
"""

from __future__ import annotations

import csv
import io
import subprocess
from pathlib import Path

import pytest
from support.builders import create_current
from support.cli import run_cli

from bridgepad.core.model import Contract, Strain
from bridgepad.core.readers.entry import read_form
from bridgepad.core.readers.log import LogError, parse_log
from bridgepad.core.readers.notation import (
    NotationError,
    parse_contract,
    parse_seat,
    parse_tricks,
)
from bridgepad.core.rules.game import Game
from bridgepad.services.formats import csv_format
from bridgepad.services.formats.registry import export
from bridgepad.store.game_store import GameStore

TITLE = "\x1b]0;TITLE\x07"
CLEAR = "\x1b[2J"


def run(root: Path, *args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    return run_cli(root, *args, stdin=stdin, text=False)


def refused(p: subprocess.CompletedProcess[bytes]) -> str:
    assert p.returncode == 2, p.stderr
    assert b"\x1b" not in p.stderr + p.stdout and b"\x07" not in p.stderr + p.stdout
    err = p.stderr.decode("utf-8")
    assert "Traceback" not in err
    return err


# Typed text ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "read",
    [
        lambda t: parse_contract(t),
        lambda t: parse_seat(t),
        lambda t: parse_tricks(t, Contract(4, Strain.S)),
    ],
    ids=["contract", "seat", "result"],
)
def test_notation_shows_an_escape_sequence_as_text(read: object) -> None:
    with pytest.raises(NotationError) as e:
        read(TITLE + "4S")  # type: ignore[operator]
    assert "\x1b" not in str(e.value) and "\x07" not in str(e.value)
    assert "\\x1b]0;TITLE\\x07" in str(e.value)


def test_the_entry_forms_errors_show_a_pasted_escape_as_text() -> None:
    first = read_form({"contract": CLEAR + "4S", "declarer": TITLE, "result": "10", "honors": ""})
    then = read_form({"contract": "4S", "declarer": "N", "result": "\x1b[31m10", "honors": f"NS {TITLE}"})
    assert set(first.errors) == {"contract", "declarer"} and set(then.errors) == {"result", "honors"}
    for message in [*first.errors.values(), *then.errors.values()]:
        assert "\x1b" not in message and "\x07" not in message and "\\x1b" in message, message


LOG = f"rubber\n{TITLE} 4S 10\nN 4S 10 {CLEAR}\nplayers N={CLEAR}\n"


def test_a_log_with_escape_sequences_is_refused_with_them_shown_as_text() -> None:
    with pytest.raises(LogError) as e:
        parse_log(LOG)
    lines = e.value.lines(f"{CLEAR}evening.log")
    assert len(lines) == 3
    for line in lines:
        assert "\x1b" not in line and "\x07" not in line, line
    assert lines[0].startswith("\\x1b[2Jevening.log:2: ") and "\\x1b]0;TITLE\\x07" in lines[0]


@pytest.mark.parametrize("command", ["replay", "import"])
def test_replay_and_import_never_echo_escape_sequences(tmp_path: Path, command: str) -> None:
    log = tmp_path / "evening.log"
    log.write_text(LOG, encoding="utf-8")
    err = refused(run(tmp_path / "data", command, str(log)))
    assert err.count("\n") == 3 and "\\x1b]0;TITLE\\x07" in err
    err = refused(run(tmp_path / "data", command, "-", stdin=LOG.encode()))
    assert err.startswith("<stdin>:2: ")


def test_a_file_name_with_escape_sequences_is_shown_as_text(tmp_path: Path) -> None:
    err = refused(run(tmp_path / "data", "replay", str(tmp_path / f"{TITLE}.log")))
    assert "\\x1b]0;TITLE\\x07.log: no such file" in err


@pytest.mark.parametrize(
    "args",
    [
        ["export", "--game", TITLE],
        ["new", "rubber", "--players", f"N={TITLE}"],
        ["new", "rubber", "--dealer", CLEAR],
        ["tally", "--since", CLEAR],
        ["tally", "--stake", TITLE],
        ["score", f"4S{TITLE}", "10"],
        ["export", "-o", str(Path("/nonexistent") / TITLE / "x.json")],
    ],
    ids=["game-id", "players", "dealer", "since", "stake", "contract", "output"],
)
def test_command_line_refusals_never_echo_escape_sequences(tmp_path: Path, args: list[str]) -> None:
    create_current(GameStore(tmp_path / "data"), Game())
    err = refused(run(tmp_path / "data", *args))
    assert err.count("\n") == 1, err
    assert "\\x1b" in err or "cannot be shown" in err, err  # quoted, made visible; or not quoted at all


# Spreadsheets ----------------------------------------------------------------------------


def test_csv_defuses_formulas_in_names_and_ids() -> None:
    # Every way a cell can start a formula: = + - @, a tab, a carriage return.
    assert [csv_format.cell(t) for t in ("=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "Ann")] == [
        "'=1+1",
        "'+1",
        "'-1",
        "'@SUM(A1)",
        "\\x09x",
        "\\x0dx",
        "Ann",
    ]


def test_an_exported_csv_has_no_formula_anywhere(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    names = ('=HYPERLINK("http://x","y")', "+SUM(A1)", "-2+3", "@cmd")
    game = parse_log("N 4S 10\n").games()[0].game
    stored = create_current(store, Game(hands=game.hands, players=names))
    text = export([store.load(stored.id)], "csv")
    for row in csv.reader(io.StringIO(text)):
        for value in row:
            assert not value.startswith(("=", "+", "@")) and not (value.startswith("-") and not value.lstrip("-").isdigit()), row
    rows = list(csv.DictReader(io.StringIO(text)))
    assert rows[0]["ns_players"] == '\'=HYPERLINK("http://x","y") & -2+3'
    assert rows[0]["game_id"] == stored.id
