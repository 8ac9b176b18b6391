"""Issue 10, items 7, 8, 9, 12, 13 and 14: a data folder with things in it that are not games.

Each hostile thing is made in the test's own temporary folder (a FIFO with os.mkfifo,
a symbolic link to a huge sparse file made there, JSON nested 200,000 deep, a
``current`` of 50 MB, file names and index rows holding escape sequences). Every
command and the app's start must give one line naming the file and go on with the
rest: never a traceback, never a hang, never an escape byte on the terminal.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.builders import create_current
from support.cli import run_cli
from support.robust.data import hand
from support.robust.index import change, ids
from support.snapshot_apps.screen import screen_words
from support.waiting import press, settle

from bridgepad.core.rules.game import Game
from bridgepad.services.history import INDEX_NAME, History
from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore, UnreadableGame
from bridgepad.store.preferences_file import PreferencesFile

ESC = b"\x1b"
PWNED = "\x1b]0;PWNED\x07"
# Two four-spade games made by N-S: the rubber is won 2-0. N-S: 120 + 120 below,
# 700 above = 940; E-W 0. Ann (N) and Cy (S) each +940, Bob (E) and Di (W) each -940.
WON = Game(hands=(hand("4S", "N", "10"), hand("4S", "S", "10")), players=("Ann", "Bob", "Cy", "Di"))

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="FIFOs, symbolic links and rlimits are POSIX")


def cli(root: Path, *args: str, memory: int | None = None, timeout: float = 60) -> subprocess.CompletedProcess[bytes]:
    """``python -m bridgepad --data-dir ROOT ARGS``, as bytes; a hang fails the test through the timeout."""
    return run_cli(root, *args, text=False, memory=memory, timeout=timeout)


def clean(p: subprocess.CompletedProcess[bytes]) -> str:
    """Standard error as text, after checking it holds no traceback and no escape byte."""
    assert ESC not in p.stdout and ESC not in p.stderr, (p.stdout[-500:], p.stderr[-500:])
    err = p.stderr.decode("utf-8")
    assert "Traceback" not in err, err
    return err


@pytest.fixture
def folder(tmp_path: Path) -> GameStore:
    """A data folder with one finished rubber (Ann, Bob, Cy, Di), current."""
    store = GameStore(tmp_path / "data")
    create_current(store, WON)
    return store


# Item 7: nested JSON -------------------------------------------------------------------


NESTED = "[" * 200_000 + "]" * 200_000


def test_a_deeply_nested_index_is_rebuilt_from_the_games(folder: GameStore) -> None:
    (folder.root / INDEX_NAME).write_text(NESTED)
    summaries = History(folder).summaries()
    assert [s.players for s in summaries] == [("Ann", "Bob", "Cy", "Di")]
    assert ids(folder.root / INDEX_NAME) == [summaries[0].id]  # written again, whole
    (folder.root / INDEX_NAME).write_text(NESTED)
    p = cli(folder.root, "tally", "--all", "--json")
    clean(p)
    assert p.returncode == 0
    # Worked above: Ann and Cy +940, Bob and Di -940.
    assert json.loads(p.stdout)["players"] == {"Ann": 940, "Cy": 940, "Bob": -940, "Di": -940}


def test_an_index_whose_rows_are_a_query_that_never_ends_is_rebuilt(folder: GameStore) -> None:
    History(folder).summaries()
    index = folder.root / INDEX_NAME
    change(index, "DROP TABLE games")
    change(index, "CREATE VIEW games AS WITH RECURSIVE n(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM n) SELECT k FROM n")
    assert [s.players[0] for s in History(folder).summaries()] == ["Ann"]


@pytest.mark.slow
async def test_the_history_and_tally_screens_open_over_a_nested_index(folder: GameStore) -> None:
    from bridgepad.tui.app import BridgepadApp
    from bridgepad.tui.screens.history_screen import HistoryScreen
    from bridgepad.tui.screens.tally_screen import TallyScreen

    (folder.root / INDEX_NAME).write_text(NESTED)
    app = BridgepadApp(Session.open(GameStore(folder.root)))
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "h")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        # The index rebuilt from the games: the one rubber, listed.
        assert "1 game" in screen_words(app) and "Ann & Cy v Bob & Di 2–0 +940 We won" in screen_words(app)
        await press(pilot, "escape")
        await settle(pilot)
        (folder.root / INDEX_NAME).write_text(NESTED)
        await press(pilot, "t")
        await settle(pilot)
        assert isinstance(app.screen, TallyScreen)
        assert "Ann 1 +940 Cy 1 +940 Bob 1 -940 Di 1 -940" in screen_words(app)
    assert app.return_code in (None, 0)


def test_json_deeper_than_any_game_is_refused_with_its_reason(folder: GameStore) -> None:
    game_id = folder.current_id()
    assert game_id is not None
    folder.path(game_id).write_text('{"hands": ' + "[" * 40 + "]" * 40 + "}")
    with pytest.raises(UnreadableGame) as e:
        folder.load(game_id)
    assert "nested more than 32 deep" in str(e.value)


def test_a_5000_digit_number_is_reported_as_too_long(folder: GameStore) -> None:
    game_id = folder.current_id()
    assert game_id is not None
    text = folder.path(game_id).read_text()
    folder.path(game_id).write_text(text.replace('"tricks": 10', '"tricks": ' + "9" * 5000, 1))
    with pytest.raises(UnreadableGame) as e:
        folder.load(game_id)
    assert "a number 5,000 digits long" in str(e.value)
    assert "not valid JSON" not in str(e.value)


# Item 8: special files and links in games/ ----------------------------------------------


def older_game_path(store: GameStore) -> Path:
    """The file of a second, older game beside the current one."""
    return store.games_dir / "20200101-000000-0001.json"


@pytest.mark.parametrize("args", [("tally", "--all"), ("export", "--all"), ("export", "--all", "--format", "md")])
def test_a_fifo_among_the_games_is_skipped_not_waited_on(folder: GameStore, args: tuple[str, ...]) -> None:
    fifo = older_game_path(folder)
    os.mkfifo(fifo)
    p = cli(folder.root, *args, timeout=30)
    err = clean(p)
    assert p.returncode == 0, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and fifo.name in lines[0] and "named pipe" in lines[0], err
    # A reader sets nothing aside: the pipe is left where it was, never opened (issue 22, item 7).
    assert fifo.is_fifo() and not list(folder.games_dir.glob(f"{fifo.name}.corrupt-*"))


START = (
    "import sys; from pathlib import Path; from bridgepad.services.session import Session; from bridgepad.store.game_store import GameStore\n"
    "s = Session.open(GameStore(Path(sys.argv[1])))\nprint(len(s.problems)); print(s.problems[0] if s.problems else '')\n"
    "print(s.stored.id, len(s.game.hands))"
)


def app_start(root: Path) -> list[str]:
    """The app's start (Session.open) in a process of its own, so that a hang is a timeout."""
    p = subprocess.run([sys.executable, "-c", START, str(root)], capture_output=True, timeout=30, text=True)
    assert p.returncode == 0, p.stderr
    return p.stdout.splitlines()


def test_the_app_starts_past_a_fifo_in_place_of_the_current_game(folder: GameStore) -> None:
    game_id = folder.current_id()
    assert game_id is not None
    path = folder.path(game_id)
    path.unlink()
    os.mkfifo(path)
    count, problem, on_pad = app_start(folder.root)
    assert count == "1" and path.name in problem and "named pipe" in problem
    on_pad_id, hands = on_pad.split()
    assert on_pad_id != game_id and hands == "0"  # a fresh rubber is on the pad
    assert not os.path.lexists(path) and len(list(folder.games_dir.glob(f"{path.name}.corrupt-*"))) == 1  # the pipe, aside


def test_links_to_huge_and_endless_files_are_never_read(folder: GameStore, tmp_path: Path) -> None:
    huge = tmp_path / "huge.bin"
    with open(huge, "wb") as f:
        f.truncate(4 * 1024**3)  # 4 GB, sparse: nothing on the disk
    endless = tmp_path / "endless"
    os.mkfifo(endless)
    big = folder.games_dir / "20200101-000000-0003.json"
    with open(big, "wb") as f:
        f.truncate(64 * 1024**2)  # a regular file of 64 MB, beyond the limit
    (folder.games_dir / "20200101-000000-0001.json").symlink_to(huge)
    (folder.games_dir / "20200101-000000-0002.json").symlink_to(endless)
    p = cli(folder.root, "tally", "--all", memory=768 * 1024**2, timeout=30)
    err = clean(p)
    assert p.returncode == 0, err
    lines = sorted(err.strip().splitlines())
    assert len(lines) == 3, err
    assert "0001.json" in lines[0] and "symbolic link" in lines[0]
    assert "0002.json" in lines[1] and "symbolic link" in lines[1]
    assert "0003.json" in lines[2] and "larger than 16 MB" in lines[2]
    assert huge.stat().st_size == 4 * 1024**3 and endless.is_fifo()  # what the links pointed to: untouched
    # tally only reads: the links are left where they are (the app, a writer, sets them aside).
    assert not list(folder.games_dir.glob("*.corrupt-*"))
    assert (folder.games_dir / "20200101-000000-0001.json").is_symlink() and big.stat().st_size == 64 * 1024**2
    assert b"Ann" in p.stdout  # and the rest was tallied


# Item 9: a long or huge current ----------------------------------------------------------


def test_a_300_character_current_is_no_current_game(folder: GameStore) -> None:
    (folder.root / "current").write_text("a" * 300 + "\n")
    p = cli(folder.root, "export")
    err = clean(p)
    assert p.returncode == 2 and len(err.strip().splitlines()) == 1 and "no current game" in err


def test_a_50_mb_current_is_kept_aside_in_one_short_line(folder: GameStore) -> None:
    current = folder.root / "current"
    current.write_bytes(b"x" * (50 * 1024**2))
    p = cli(folder.root, "new", "rubber")
    err = clean(p)
    assert p.returncode == 0, err[:500]
    assert len(p.stderr) < 400 and len(err.strip().splitlines()) == 1, err[:500]
    assert "current" in err and "larger than" in err
    assert folder.current_id() is not None
    kept = list(folder.root.glob("current.corrupt-*"))
    assert len(kept) == 1 and kept[0].stat().st_size == 50 * 1024**2


def test_an_escape_sequence_in_current_is_shown_as_text(folder: GameStore) -> None:
    (folder.root / "current").write_text(PWNED + "\n")
    count, problem, _on_pad = app_start(folder.root)
    assert count == "1" and "\x1b" not in problem and "does not hold a game id" in problem


# Items 12 and 13: escape sequences in names, ids and index rows ---------------------------


def test_escape_sequences_in_index_rows_never_reach_the_tally(folder: GameStore) -> None:
    History(folder).summaries()
    index = folder.root / INDEX_NAME
    # The row's name forged, and the game file's mtime, size and inode kept: only the row is false.
    assert change(index, "UPDATE games SET north = ?", PWNED) == 1
    forged = index.read_bytes()
    assert History(folder).summaries()[0].players[0] == "Ann"  # read again from the game file
    assert index.read_bytes() != forged  # and the index written again
    index.write_bytes(forged)
    p = cli(folder.root, "tally", "--all")
    clean(p)
    assert p.returncode == 0 and b"Ann" in p.stdout and b"PWNED" not in p.stdout


@pytest.mark.parametrize(
    "column, forged",
    [
        ("headline", "\x1b[2J" + "We win"),
        ("created", "\x1b(0\x1bc\x07"),
        ("updated", "yesterday"),
        ("id", "=HYPERLINK(1)"),
        ("imps", "1E+400"),  # not an IMPs figure bridgepad writes
        ("imps", "NaN"),
        ("status", "nonsense"),
        ("mode", "poker"),
        ("we", "NE"),
        ("complete", 7),
        ("sitting_out", PWNED),
        ("sitting_out", "Eve\nFay\nGil"),  # three waiting: more than a table of six has
    ],
)
def test_a_forged_index_row_is_read_again_from_its_game(folder: GameStore, column: str, forged: object) -> None:
    History(folder).summaries()
    index = folder.root / INDEX_NAME
    (real_id,) = ids(index)
    assert change(index, f"UPDATE games SET {column} = ?", forged) == 1
    history = History(folder)
    (s,) = history.summaries()
    assert s.id == real_id and "\x1b" not in s.headline + s.written
    assert s.totals == (940, 0) and s.imps is None and s.sitting_out == ()  # worked above: N-S 940, E-W 0; a rubber has no IMPs
    assert history.loads == 1  # the one game, read again


def test_an_escape_sequence_in_an_index_problem_row_is_dropped(folder: GameStore) -> None:
    bad = folder.games_dir / "20200101-000000-0001.json"
    bad.write_text(
        json.dumps(
            {"schema": 3, "mode": "rubber", "first_dealer": "N", "hands": [{"contract": "4S", "declarer": "N", "tricks": 10}] * 3}
        )
    )
    history = History(folder)
    history.summaries()
    assert len(history.problems) == 1  # the third game after a won rubber cannot be replayed
    assert change(folder.root / INDEX_NAME, "UPDATE problems SET problem = ?", PWNED) == 1
    again = History(folder)
    again.summaries()
    assert len(again.problems) == 1 and "\x1b" not in again.problems[0] and "Could not replay" in again.problems[0]


def test_a_game_file_named_with_escape_sequences_is_skipped_and_named_visibly(folder: GameStore) -> None:
    name = "\x1b[2J\x1b]0;TITLE\x07.json"
    (folder.games_dir / name).write_bytes(folder.path(folder.current_id() or "").read_bytes())
    for args in (("tally", "--all"), ("export", "--all", "--format", "csv"), ("export", "--all", "--format", "md")):
        p = cli(folder.root, *args)
        err = clean(p)
        assert p.returncode == 0, err
        lines = err.strip().splitlines()
        assert len(lines) == 1 and "\\x1b[2J\\x1b]0;TITLE\\x07.json" in lines[0] and "not a game id" in lines[0], err
        assert b"TITLE" not in p.stdout
    assert History(folder).summaries()[0].players[0] == "Ann"


def test_an_escape_sequence_in_created_skips_the_game(folder: GameStore) -> None:
    game_id = folder.current_id()
    assert game_id is not None
    data = json.loads(folder.path(game_id).read_text())
    data["created"] = "\x1b(0\x1bc\x07"
    folder.path(game_id).write_text(json.dumps(data))
    p = cli(folder.root, "export", "--all", "--format", "md")
    err = clean(p)
    assert p.returncode == 0 and "created" in err and f"{game_id}.json" in err and "\x1b" not in err
    assert folder.path(game_id).exists()  # export only reads: the file is named and left as it is


def test_a_bad_name_in_settings_is_reported_naming_the_file(folder: GameStore) -> None:
    settings = folder.root / "settings.json"
    settings.write_text(json.dumps({"players": [PWNED, "Bob", "Cy", "Di"]}))
    defaults = PreferencesFile(folder.root).new_game_defaults()
    assert defaults.players == ("", "Bob", "Cy", "Di")
    problems = defaults.problems
    assert len(problems) == 1 and "settings.json" in problems[0] and "North" in problems[0]
    assert "\x1b" not in problems[0]
    p = cli(folder.root, "new", "rubber")
    err = clean(p)
    assert p.returncode == 0 and "settings.json" in err and len(err.strip().splitlines()) == 1
    assert GameStore(folder.root).load(GameStore(folder.root).current_id() or "").game.players == ("", "Bob", "Cy", "Di")


@pytest.mark.parametrize(
    "text", ["[" * 200_000, '{"a":' * 200_000, '["]"' + "," + "[" * 200_000], ids=["brackets", "braces", "after-a-string"]
)
def test_json_that_opens_for_ever_is_refused_not_a_crash(folder: GameStore, text: str) -> None:
    from bridgepad.store.data_files import NotReadable, parse_json

    with pytest.raises(NotReadable, match="nested more than 32 deep"):
        parse_json(text.encode())
    (folder.root / INDEX_NAME).write_text(text)
    (folder.root / "settings.json").write_text(text)
    assert [s.players[0] for s in History(folder).summaries()] == ["Ann"]
    defaults = PreferencesFile(folder.root).new_game_defaults()
    assert defaults.players == ("", "", "", "") and "nested more than 32 deep" in defaults.problems[0]
