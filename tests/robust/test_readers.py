"""Issue 22, item 7: only a writer holding the data folder's lock sets a damaged file aside.

``tally``, ``export`` and a read-only window (another holds the folder) only read: a damaged
game file or ``settings.json`` is named in a line and left where it is, and the folder's
bytes are as they were. ``import``, a writer, says what it found wrong.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from support.builders import WORKED_LOG
from support.cli import run_cli
from support.snapshot_apps.screen import Notes
from support.waiting import press, settle

from bridgepad.core.readers.log import parse_log
from bridgepad.core.readers.serialize import game_to_json
from bridgepad.store.folder_lock import FolderLock
from bridgepad.store.game_store import GameStore
from bridgepad.tui.app import BridgepadApp, open_folder
from bridgepad.tui.screens.history_screen import HistoryScreen
from bridgepad.tui.screens.pad_screen import PadScreen
from bridgepad.tui.screens.tally_screen import TallyScreen

GOOD = "20251101-200000-0001"
DAMAGED = "20251101-210000-0002"


def folder_bytes(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def damaged(tmp_path: Path) -> Path:
    """A folder of one good game, one damaged game file (the current one) and a damaged settings.json."""
    store = GameStore(tmp_path / "data")
    store.ensure()
    game = parse_log(WORKED_LOG).games()[0].game
    meta = {"id": GOOD, "created": "2025-11-01T20:00:00+00:00", "updated": "2025-11-01T20:00:00+00:00"}
    store.path(GOOD).write_text(json.dumps(game_to_json(game, meta)), encoding="utf-8")
    store.path(DAMAGED).write_text('{"schema": 3, "mode": "rub', encoding="utf-8")
    (store.root / "settings.json").write_text('{"theme": ', encoding="utf-8")
    (store.root / "current").write_text(DAMAGED + "\n", encoding="ascii")
    return store.root


@pytest.mark.parametrize(
    "args", [["tally", "--all"], ["tally", "--all", "--json"], ["export", "--all"], ["export", "--all", "--format", "csv"]]
)
def test_tally_and_export_leave_a_damaged_folder_byte_for_byte(damaged: Path, args: list[str]) -> None:
    before = folder_bytes(damaged)
    p = run_cli(damaged, *args)
    assert p.returncode == 0, p.stderr
    assert folder_bytes(damaged) == before
    assert not any(".corrupt-" in n for n in before)
    assert f"{DAMAGED}.json" in p.stderr and "left as it is" in p.stderr, p.stderr
    if args[0] == "tally":
        assert "settings.json" in p.stderr, p.stderr


def test_exporting_the_damaged_game_names_it_and_leaves_it(damaged: Path) -> None:
    before = folder_bytes(damaged)
    p = run_cli(damaged, "export", "--game", DAMAGED)
    assert p.returncode == 2 and f"{DAMAGED}.json" in p.stderr and "left as it is" in p.stderr, p.stderr
    assert folder_bytes(damaged) == before


async def test_a_read_only_window_leaves_a_damaged_folder_byte_for_byte(damaged: Path) -> None:
    other = FolderLock(damaged)
    assert other.try_acquire()  # another window keeps the score
    try:
        before = folder_bytes(damaged)
        session, lock, unwritable = open_folder(damaged)
        assert session.read_only
        app = BridgepadApp(session, lock, unwritable=unwritable)
        notes = Notes()
        async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
            await settle(pilot)
            for key, screen in (("h", HistoryScreen), ("t", TallyScreen)):
                await press(pilot, key)
                await settle(pilot)
                assert isinstance(app.screen, screen)
                await press(pilot, "escape")
                await settle(pilot)
                assert isinstance(app.screen, PadScreen)
            await press(pilot, "q")
            await settle(pilot)
        lock.release()
        assert folder_bytes(damaged) == before
        said = " ".join(notes.texts)
        assert f"{DAMAGED}.json" in said and "settings.json" in said and "left as it is" in said, notes.texts
    finally:
        other.release()


def test_import_says_what_it_found_wrong_with_the_settings(damaged: Path, tmp_path: Path) -> None:
    log = tmp_path / "one.log"
    log.write_text("players N=Ann E=Bob S=Cy W=Di\nN 3NT 9\nS 3NT 9\n", encoding="utf-8")
    p = run_cli(damaged, "import", str(log))
    assert p.returncode == 0, p.stderr
    assert "settings.json" in p.stderr, p.stderr  # said, not done silently
    assert f"{DAMAGED}.json" in p.stderr and "kept as" in p.stderr, p.stderr  # a writer: kept aside, and said
