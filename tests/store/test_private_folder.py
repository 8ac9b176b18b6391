"""The data folder is private: made 0700, and tightened to 0700 when bridgepad opens one that
was made open to others (by hand, or by another program)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from bridgepad.services.session import Session
from bridgepad.store.folder_lock import FolderLock


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_a_data_folder_open_to_all_is_tightened_when_bridgepad_makes_or_opens_it(tmp_path: Path) -> None:
    root = tmp_path / "data"
    root.mkdir()
    os.chmod(root, 0o777)
    Session.make_folder(root)
    assert mode(root) == 0o700 and mode(root / "games") == 0o700
    os.chmod(root, 0o777)
    lock = FolderLock(root)
    assert lock.try_acquire()  # the writer opening it
    try:
        assert mode(root) == 0o700
    finally:
        lock.release()


def test_a_new_data_folder_is_0700_whatever_the_umask(tmp_path: Path) -> None:
    old = os.umask(0)
    try:
        Session.make_folder(tmp_path / "new" / "data")
    finally:
        os.umask(old)
    assert mode(tmp_path / "new" / "data") == 0o700
