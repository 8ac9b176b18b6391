"""Property 3: two windows on the same data never overwrite each other's hands.

Two real bridgepad processes, each in its own pseudo-terminal, on one data folder.
Started together, exactly one keeps the score; the other says READ-ONLY, refuses
every change typed into it (the data folder stays byte for byte as it was), and
follows the hands the first one records.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from support.robust.pty_app import PtyApp
from support.robust.typing import hand_of, type_hand
from support.waiting import press, settle, wait_until

from bridgepad.store.game_store import GameStore

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")


def folder_bytes(root: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file() and p.name != "bridgepad.lock"
    }


def enter(app: PtyApp, fields: tuple[str, str, str], number: int) -> None:
    outcome = type_hand(app, fields, number)
    assert outcome == "shown", f"hand {number} {outcome}, not recorded:\n{app.screen_text()[-2000:]}"


@pytest.mark.slow
def test_the_second_window_is_read_only_changes_nothing_and_follows_the_first(tmp_path: Path) -> None:
    root = tmp_path / "data"
    # Wide windows: the read-only warnings stack up as toasts on the right, and must not hide the status bar.
    with PtyApp(root, cols=160, rows=40) as one, PtyApp(root, cols=160, rows=40) as two:  # started together, on an empty folder
        # Quit is in both footers: the read-only one offers no Add, no key that would change the game.
        assert one.wait_for("Quit", timeout=15) and two.wait_for("Quit", timeout=15)
        # The window that found the lock taken says so in its status bar; the other shows its own.
        wait_until(lambda: any("READ-ONLY" in app.screen_text() for app in (one, two)), "a window to say READ-ONLY")
        assert one.wait_for("Hand 1 · Games") and two.wait_for("Hand 1 · Games")
        read_only = [app for app in (one, two) if "READ-ONLY" in app.screen_text()]
        assert len(read_only) == 1, "exactly one window must be read-only"
        viewer = read_only[0]
        writer = two if viewer is one else one
        assert viewer.wait_for("Another bridgepad")  # the banner says why

        enter(writer, ("4s", "n", "8"), 1)
        assert viewer.wait_for("Hand 2 · Games", timeout=6), "the read-only window did not follow"

        # Every change typed into the read-only window is refused, and nothing on disk changes.
        # (s, the rules screen, is left to the test below; the keys avoid h and t, which open other screens.)
        before = folder_bytes(root)
        # Keys are handled in order: once the last "+" is refused, every key before it has been.
        viewer.type("+4c\tn\t10\re\rdy\rxy\x1an\ra\x7f")
        mark = viewer.mark()
        viewer.type("+")
        assert viewer.wait_for("read-only", since=mark)
        assert folder_bytes(root) == before
        assert viewer.proc.poll() is None

        # The writer goes on; the viewer shows each hand as it is saved.
        viewer.type("\x1b\x1b\x1b")
        enter(writer, ("pass", "", ""), 2)
        assert viewer.wait_for("Hand 3 · Games", timeout=6), viewer.screen_text()[-3000:]
        stored = GameStore(root).load(GameStore(root).current_id() or "")
        assert list(stored.game.hands) == [hand_of(("4s", "n", "8")), hand_of(("pass", "", ""))]

        writer.type("q")
        assert writer.wait(10) == 0
        viewer.type("q")
        assert viewer.wait(10) == 0
    assert list(GameStore(root).load(GameStore(root).current_id() or "").game.hands) == [
        hand_of(("4s", "n", "8")),
        hand_of(("pass", "", "")),
    ]


async def test_a_read_only_window_writes_nothing_not_even_the_rules(tmp_path: Path) -> None:
    """s, the rules screen, in a window that found the folder's lock taken: whether it opens or
    is refused, a rule changed and confirmed (honors "no", then Enter) writes nothing."""
    from support.snapshot_apps.keyboard import keyboard
    from support.snapshot_apps.screen import Notes

    from bridgepad.tui.app import BridgepadApp, open_folder

    root = tmp_path / "data"
    writer, writer_lock, _ = open_folder(root)  # the window keeping the score, started first
    try:
        assert writer.flush()
        viewer, viewer_lock, _ = open_folder(root)
        assert viewer.read_only and not viewer_lock.held
        before = folder_bytes(root)
        app = BridgepadApp(viewer, viewer_lock)
        notes = Notes()
        async with app.run_test(size=(100, 30), message_hook=notes) as pilot:
            await settle(pilot)
            await keyboard(pilot, ["s", "n", "o", "enter"])
            await settle(pilot)
            assert folder_bytes(root) == before, "the read-only window wrote to the data folder"
            assert any(t.startswith("Read-only:") for t in notes.texts), notes.texts  # and it said why
            assert len(app.screen_stack) == 1, app.screen_stack  # back on the pad
            await press(pilot, "ctrl+q")
        assert folder_bytes(root) == before
    finally:
        writer_lock.release()


def test_a_read_only_window_never_says_not_saved_about_the_game_it_follows() -> None:
    import tempfile

    from support.robust.data import hand

    from bridgepad.services.session import Session
    from bridgepad.tui.widgets.status_bar import render_status

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "data"
        viewer = Session.open(GameStore(root), read_only=True)  # started first, on an empty folder
        writer = Session.open(GameStore(root))
        writer.hands.add(hand("4S", "N", "10"))
        assert viewer.reload()
        assert viewer.game == writer.game
        assert "NOT SAVED" not in render_status(viewer.state, 1, viewer).plain
