"""Every writer takes the data folder's lock, and a folder that cannot be written is still read (issue 10).

- ``bridgepad new`` and ``bridgepad import`` while the score pad holds the folder: they
  wait a moment, then refuse in one line that names the pad's pid, and change nothing
  (the game on the pad stays current; nothing is stored, nothing trashed).
- A writer that finishes within the wait lets them through.
- A data folder that can be read but not written opens the app read-only, saying why,
  instead of refusing to start; tally and export read it as before.
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from support.cli import one_line_refusal as one_line
from support.cli import run_cli as bridgepad
from support.snapshot_apps.screen import status_text
from support.waiting import press, settle

from bridgepad.store.folder_lock import FolderLock
from bridgepad.store.game_store import GameStore
from bridgepad.tui.app import BridgepadApp, open_folder

PAD = """
import sys, time
from pathlib import Path
from bridgepad.store.folder_lock import FolderLock
lock = FolderLock(Path(sys.argv[1]))  # held as the score pad holds it
assert lock.try_acquire()
print("held", flush=True)
time.sleep(float(sys.argv[2]))
lock.release()
"""


def pad_holding(root: Path, seconds: float) -> subprocess.Popen[str]:
    """A process holding the folder as an open score pad does, once it has said "held"."""
    proc = subprocess.Popen([sys.executable, "-c", PAD, str(root), str(seconds)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline() == "held\n"
    return proc


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A data folder with a rubber on the pad (one hand in it)."""
    data = tmp_path / "data"
    assert bridgepad(data, "new", "rubber").returncode == 0
    store = GameStore(data)
    current = store.current_id()
    assert current is not None
    return data


def test_new_refuses_while_the_pad_is_open_and_changes_nothing(root: Path) -> None:
    store = GameStore(root)
    before = (store.current_id(), sorted(os.listdir(root / "games")), (root / "settings.json").read_bytes())
    pad = pad_holding(root, 30)
    try:
        line = one_line(bridgepad(root, "new", "chicago"))
    finally:
        pad.kill()
        pad.wait()
    assert line.startswith("bridgepad new: bridgepad is open in another window"), line
    assert f"(pid {pad.pid}, since " in line and line.endswith("close it and try again.")
    after = (store.current_id(), sorted(os.listdir(root / "games")), (root / "settings.json").read_bytes())
    assert after == before
    assert not (root / "trash").exists()


def test_import_refuses_while_the_pad_is_open_and_stores_nothing(root: Path, tmp_path: Path) -> None:
    log = tmp_path / "evening.log"
    log.write_text("N 3NT 9\nS 4S 10\n", encoding="utf-8")
    games = sorted(os.listdir(root / "games"))
    pad = pad_holding(root, 30)
    try:
        line = one_line(bridgepad(root, "import", str(log)))
    finally:
        pad.kill()
        pad.wait()
    assert line.startswith("bridgepad import: bridgepad is open in another window") and f"pid {pad.pid}" in line, line
    assert sorted(os.listdir(root / "games")) == games
    assert not [p for p in os.listdir(root) if p.startswith("import-")]  # nothing staged either


def test_a_writer_that_finishes_in_time_lets_new_through(root: Path) -> None:
    first = GameStore(root).current_id()
    pad = pad_holding(root, 0.5)  # well inside the two seconds a command waits
    try:
        p = bridgepad(root, "new", "chicago")
    finally:
        pad.wait(10)
    assert p.returncode == 0, p.stderr
    assert GameStore(root).current_id() != first


def test_the_lock_is_free_again_after_each_command(root: Path, tmp_path: Path) -> None:
    log = tmp_path / "one.log"
    log.write_text("N 3NT 9\n", encoding="utf-8")
    assert bridgepad(root, "import", str(log)).returncode == 0
    assert bridgepad(root, "new", "rubber").returncode == 0
    lock = FolderLock(root)
    assert lock.try_acquire()
    lock.release()


# A folder that can be read but not written ------------------------------------------------


def refuse_locks(monkeypatch: pytest.MonkeyPatch, root: Path, code: int = errno.EROFS) -> None:
    """The folder refuses the lock file, as a read-only disk (or someone else's folder) does.

    Injected: the tests may run as root, whom no permission denies, and cannot mount a disk.
    """

    def refused(self: FolderLock, wait: float) -> bool:
        raise OSError(code, os.strerror(code), str(root / "bridgepad.lock"))

    monkeypatch.setattr(FolderLock, "acquire", refused)


def test_an_unwritable_folder_opens_read_only_and_says_why(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_locks(monkeypatch, root)
    session, lock, unwritable = open_folder(root)
    assert session.read_only and not lock.held
    assert unwritable is not None and "cannot be written (Read-only file system)" in unwritable
    assert session.game.hands == () and session.stored.id == GameStore(root).current_id()  # the game on the pad, shown


async def test_the_app_on_an_unwritable_folder_shows_it_and_refuses_changes(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    refuse_locks(monkeypatch, root, errno.EACCES)
    session, lock, unwritable = open_folder(root)
    app = BridgepadApp(session, lock, unwritable=unwritable)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "READ-ONLY" in status_text(app)
        said = [n.message for n in app._notifications]
        assert any("cannot be written (Permission denied)" in m for m in said), said
        await press(pilot, "plus")
        await settle(pilot)
        assert app.screen is app.game_screen  # no entry form: nothing may be written
        assert app.session.read_only_reason == unwritable  # not "another window": there is none
    assert app.return_code in (None, 0)


def test_an_unwritable_folder_still_tallies_and_exports(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The command-line readers never needed the lock: they read the folder as before.
    assert bridgepad(root, "tally", "--all").returncode == 0
    assert bridgepad(root, "export").returncode == 0


def test_a_data_folder_that_is_a_file_is_refused(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("a file", encoding="utf-8")
    with pytest.raises(OSError):
        open_folder(not_a_folder)


@pytest.mark.skipif(hasattr(os, "geteuid") and os.geteuid() == 0, reason="root is never denied by permissions")
def test_a_real_read_only_folder_opens_read_only(root: Path) -> None:
    os.chmod(root, 0o500)
    try:
        session, lock, unwritable = open_folder(root)
        assert session.read_only and unwritable is not None
    finally:
        os.chmod(root, 0o700)
