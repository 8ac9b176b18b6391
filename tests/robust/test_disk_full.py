"""Property 4: a full or read-only disk.

A save that fails (no space, no permission, a read-only file system) is injected
where the disk would refuse it: in ``os.fsync`` or ``os.replace`` for files in the
data folder.  The app says so at once (a NOT SAVED badge and an error naming the
cause), keeps the hand on screen and in memory, never says it was saved while it
was not, leaves the file on disk exactly as it was, and retries: once the disk
takes writes again the hands reach it and the badge goes.
"""

from __future__ import annotations

import errno
import os
import sys
from pathlib import Path

import pytest
from support.robust.data import hand
from support.robust.screen import messages, status_text
from support.waiting import press, settle, until

from bridgepad.core.model import Side
from bridgepad.core.rules.game import Game
from bridgepad.core.rules.kinds import derive
from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore
from bridgepad.tui.app import BridgepadApp

HAND_KEYS = ["plus", "4", "s", "tab", "n", "tab", "1", "0", "enter"]  # 4S by North, ten tricks
PASS_KEYS = ["plus", "p", "a", "s", "s", "enter"]


class Disk:
    """Refuses writes under ``root``: ``fail(errno, where)`` makes ``os.fsync`` or ``os.replace`` raise, ``mend()`` stops it."""

    def __init__(self, root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.root = str(root.resolve())
        self.fault: tuple[int, str] | None = None
        self.refused = 0
        real_fsync, real_replace = os.fsync, os.replace

        def refuse(where: str, path: object) -> None:
            if self.fault is not None and self.fault[1] == where and str(path).startswith(self.root):
                self.refused += 1
                raise OSError(self.fault[0], os.strerror(self.fault[0]), str(path))

        def fsync(fd: int) -> None:
            try:
                target = os.readlink(f"/proc/self/fd/{fd}")
            except OSError:
                target = ""
            if not os.path.isdir(target):
                refuse("fsync", target)
            real_fsync(fd)

        def replace(src: object, dst: object, **kw: object) -> None:
            refuse("replace", dst)
            real_replace(src, dst, **kw)  # type: ignore[arg-type]

        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(os, "replace", replace)

    def fail(self, err: int, where: str) -> None:
        self.fault = (err, where)

    def mend(self) -> None:
        self.fault = None


def temp_files(root: Path) -> list[Path]:
    return list(root.rglob(".*.tmp"))


def figures(game: Game) -> tuple[int, int]:
    st = derive(game)
    return st.total(Side.NS), st.total(Side.EW)


CASES = [
    (errno.ENOSPC, "fsync", "No space left on device"),
    (errno.EDQUOT, "fsync", "Disk quota exceeded"),
    (errno.EIO, "fsync", "Input/output error"),
    (errno.EACCES, "replace", "Permission denied"),
    (errno.EROFS, "replace", "Read-only file system"),
]
linux_only = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="finds a file's path through /proc")


@linux_only
@pytest.mark.parametrize("err,where,words", CASES, ids=[errno.errorcode[c[0]] for c in CASES])
def test_each_kind_of_refusal_keeps_the_change_and_names_the_cause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, err: int, where: str, words: str
) -> None:
    root = tmp_path / "data"
    session = Session.open(GameStore(root))
    session.hands.add(hand("3NT", "W", "9"))
    path = GameStore(root).path(session.stored.id)
    on_disk = path.read_bytes()
    disk = Disk(root, monkeypatch)
    disk.fail(err, where)
    assert session.hands.add(hand("4S", "N", "10")) is False  # never claimed saved
    assert session.unsaved and session.save_error and words in str(session.save_error)
    assert len(session.state.hands) == 2 and figures(session.game) == (session.state.total(Side.NS), session.state.total(Side.EW))
    assert path.read_bytes() == on_disk and temp_files(root) == []
    assert session.flush() is False and session.unsaved  # a retry while it still fails
    disk.mend()
    assert session.flush() is True and not session.unsaved and session.save_error is None
    assert GameStore(root).load(session.stored.id).game == session.game


@linux_only
async def test_the_app_says_not_saved_at_once_keeps_the_hands_and_saves_them_on_a_retry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tmp_path / "data"
    store = GameStore(root)
    first = Session.open(store)
    first.hands.add(hand("3NT", "W", "9"))
    path = store.path(first.stored.id)
    on_disk = path.read_bytes()

    app = BridgepadApp(Session.open(GameStore(root)))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        disk = Disk(root, monkeypatch)
        disk.fail(errno.ENOSPC, "fsync")
        await press(pilot, *HAND_KEYS)
        await settle(pilot)
        # Said at once: the badge, and an error that gives the cause.
        assert "NOT SAVED" in status_text(app), status_text(app)
        errors = [n for n in app._notifications if n.severity == "error"]
        assert any("No space left on device" in n.message for n in errors), messages(app)
        # Kept: on screen and in memory; the file on disk is as it was, with no litter.
        assert len(app.session.state.hands) == 2 and app.session.unsaved
        assert path.read_bytes() == on_disk
        assert temp_files(root) == []
        # The folder turns read-only; a second hand is kept too, and still not claimed.
        disk.fail(errno.EACCES, "replace")
        await press(pilot, *PASS_KEYS)
        await settle(pilot)
        assert len(app.session.state.hands) == 3
        assert "NOT SAVED" in status_text(app)
        assert any("Permission denied" in n.message for n in app._notifications), messages(app)
        assert path.read_bytes() == on_disk
        assert not any("Saved" in m for m in messages(app)), messages(app)
        # The retry, every few seconds, fails while the disk refuses ...
        refused = disk.refused
        await until(pilot, lambda: disk.refused > refused, "a retry within 5 s", deadline=5)
        await settle(pilot)
        assert "NOT SAVED" in status_text(app) and path.read_bytes() == on_disk
        assert not any("Saved" in m for m in messages(app)), messages(app)
        # ... and succeeds once the disk takes writes again.
        disk.mend()
        await until(pilot, lambda: not app.session.unsaved, "the save within 5 s of the disk coming back", deadline=5)
        await settle(pilot)
        assert not app.session.unsaved
        assert "NOT SAVED" not in status_text(app)
        assert any("Saved" in m for m in messages(app)), messages(app)
        # The notices that said NOT SAVED are taken down with it, not left for their 30 s.
        assert not [n for n in app._notifications if n.title == "NOT SAVED"], messages(app)
        saved = GameStore(root).load(app.session.stored.id).game
        assert saved == app.session.game
        assert list(saved.hands) == [hand("3NT", "W", "9"), hand("4S", "N", "10"), hand("pass")]
        assert figures(saved) == (app.session.state.total(Side.NS), app.session.state.total(Side.EW))
        assert temp_files(root) == []


@linux_only
def test_a_full_disk_at_the_first_start_keeps_the_new_game_in_memory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """No game yet and nothing can be written: the pad still opens (opening writes no game),
    says so at the first hand, keeps it, and saves later."""
    root = tmp_path / "data"
    root.mkdir()
    disk = Disk(root, monkeypatch)
    disk.fail(errno.ENOSPC, "fsync")
    session = Session.open(GameStore(root))
    assert session.save_error is None and not session.unsaved and not session.unsaved_current
    assert session.hands.add(hand("2H", "S", "8")) is False
    assert session.save_error and "No space left" in str(session.save_error)
    assert session.unsaved and session.unsaved_current
    assert len(session.state.hands) == 1
    assert GameStore(root).current_id() is None
    disk.mend()
    assert session.flush() is True
    assert session.save_error is None and not session.unsaved and not session.unsaved_current
    again = Session.open(GameStore(root))
    assert again.game.hands == (hand("2H", "S", "8"),)


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes to a folder whatever its permissions")
async def test_a_read_only_games_folder_for_real(tmp_path: Path) -> None:
    """The same, with the permission really taken away (chmod 0500), where the OS enforces it."""
    root = tmp_path / "data"
    first = Session.open(GameStore(root))
    first.hands.add(hand("3NT", "W", "9"))
    games = GameStore(root).games_dir
    app = BridgepadApp(Session.open(GameStore(root)))
    try:
        async with app.run_test(size=(80, 24), notifications=True) as pilot:
            await settle(pilot)
            games.chmod(0o500)
            await press(pilot, *HAND_KEYS)
            await settle(pilot)
            assert "NOT SAVED" in status_text(app)
            assert len(app.session.state.hands) == 2
            games.chmod(0o700)
            await until(
                pilot, lambda: not app.session.unsaved, "the save within 5 s of the folder's permission coming back", deadline=5
            )
            await settle(pilot)
            assert not app.session.unsaved and "NOT SAVED" not in status_text(app)
    finally:
        games.chmod(0o700)
    assert len(GameStore(root).load(app.session.stored.id).game.hands) == 2


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_quitting_with_a_hand_not_saved_is_never_silent(tmp_path: Path) -> None:
    from support.robust.pty_app import ALT_SCREEN_OFF, DISK_FULL, PtyApp, plain
    from support.robust.typing import type_hand

    root, full = tmp_path / "data", tmp_path / "disk-is-full"
    with PtyApp(root, prelude=DISK_FULL, extra_env={"BRIDGEPAD_TEST_DISK_FULL": str(full)}) as app:
        assert app.wait_for("Add", timeout=15)
        assert type_hand(app, ("4s", "n", "8"), 1) == "shown"
        full.touch()
        assert type_hand(app, ("pass", "", ""), 2) == "shown"
        assert app.wait_for("NOT SAVED")
        mark = app.mark()
        app.type("q")
        rc = app.wait(2)
        if rc is None:  # still running: it must be saying why
            text = app.screen_text(mark).lower()
            assert "not saved" in text or "unsaved" in text, text[-2000:]
        else:
            out = app.output
            after = plain(out[out.rfind(ALT_SCREEN_OFF) :]).lower()
            assert rc != 0 and ("not saved" in after or "could not save" in after), (rc, after)
            return
        app.type("y")  # Quit anyway: the last words say it is lost, not that saving goes on
        rc = app.wait(5)
        out = app.output
        after = plain(out[out.rfind(ALT_SCREEN_OFF) :]).lower()
        assert rc == 1 and "could not save" in after and "is lost" in after, (rc, after)
        assert "retried" not in after and "tried again" not in after, after
