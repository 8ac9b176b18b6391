"""Property 6: the files are the user's alone.

Everything the app and the command line write in the data folder is readable by
its owner only: files 0600, folders 0700, whatever the umask, for every way a file
comes to be there (a first start, hands, a new game, the rules, the history index,
the trash, a file kept aside, a migrated file, the command line's new and import).
The real app started in a terminal on a missing folder is checked too.
"""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from support.robust.data import hand, valid_bytes

from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import Settings
from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore

NOT_DATA = {"bridgepad.lock"}  # the lock: an empty file, never holding anything


def mode(path: Path) -> int:
    return stat.S_IMODE(path.lstat().st_mode)


def modes(root: Path) -> dict[str, str]:
    """Every file and folder under ``root`` (itself included) whose mode is not 0600 / 0700."""
    wrong: dict[str, str] = {}
    for p in [root, *sorted(root.rglob("*"))]:
        if p.name in NOT_DATA:
            continue
        want = 0o700 if p.is_dir() else 0o600
        if mode(p) != want:
            wrong[str(p.relative_to(root.parent))] = oct(mode(p))
    return wrong


@pytest.fixture(params=[0o022, 0o000, 0o002], ids=["umask-022", "umask-000", "umask-002"])
def umask(request: pytest.FixtureRequest):  # type: ignore[no-untyped-def]
    old = os.umask(request.param)
    yield request.param
    os.umask(old)


def test_every_file_the_app_writes_is_the_owners_alone(tmp_path: Path, umask: int) -> None:
    root = tmp_path / "data"
    session = Session.open(GameStore(root))  # a first start: the folders, the game, current
    session.hands.add(hand("4S", "N", "10"))
    session.start(Game(mode=Mode.CHICAGO), "new Chicago")  # a second game file
    session.hands.add(hand("pass"))
    session.files.save_defaults(Settings(honors=False), ("Ann", "Bob", "Cy", "Di"))  # the rules
    session.files.history().summaries()  # the history index
    store = GameStore(root)
    old = store.add(Game())
    store.discard(old.id)  # the trash folder
    bad = store.add(Game())
    store.path(bad.id).write_bytes(b"{cut")  # written by someone else, so left out of the check ...
    os.chmod(store.path(bad.id), 0o600)  # ... but the copy kept aside keeps the owner's mode
    Session.open(store)  # not current: untouched
    store.load_quietly(bad.id)
    try:
        store.load(bad.id)
    except Exception:
        pass
    older = store.add(Game())
    data = json.loads(valid_bytes())
    data["schema"] = 1
    store.path(older.id).write_bytes(json.dumps(data).encode())
    os.chmod(store.path(older.id), 0o600)
    store.load(older.id)  # migrated: the schema 1 file kept beside it, the game rewritten
    assert list(store.games_dir.glob("*.corrupt-*")) and list(store.games_dir.glob("*.schema1-*"))
    assert (root / "trash").is_dir() and (root / "settings.json").exists() and (root / "current").exists()
    assert modes(root) == {}


def test_the_command_line_writes_private_files_too(tmp_path: Path, umask: int, capsys: pytest.CaptureFixture[str]) -> None:
    from bridgepad.cli import main

    root = tmp_path / "data"
    assert main(["--data-dir", str(root), "new", "chicago", "--players", "N=Ann,E=Bob,S=Cy,W=Di"]) == 0
    log = tmp_path / "evening.log"
    log.write_text("rubber\nN 4S 10\nS 3NT 9\nE 2H 8\n")
    rc = main(["--data-dir", str(root), "import", str(log)])
    capsys.readouterr()
    assert rc == 0
    assert len(GameStore(root).ids()) >= 2
    assert modes(root) == {}


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_real_app_makes_a_private_data_folder(tmp_path: Path) -> None:
    from support.robust.pty_app import PtyApp
    from support.robust.typing import type_hand

    root = tmp_path / "deep" / "data"  # missing, parent too
    old = os.umask(0o002)  # the child inherits it
    try:
        with PtyApp(root) as app:
            assert app.wait_for("Add", timeout=15)
            assert type_hand(app, ("pass", "", ""), 1) == "shown"
            app.type("q")
            assert app.wait(10) == 0
    finally:
        os.umask(old)
    assert len(GameStore(root).load(GameStore(root).current_id() or "").game.hands) == 1
    assert modes(root) == {}
