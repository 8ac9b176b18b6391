"""Preludes and helpers for the tests of the app's life (tests/robust/test_terminal.py).

A prelude is Python run in the app's process before bridgepad starts (see
``PtyApp(..., prelude=...)``); these ones only watch or wedge, they change nothing
the app does on its own.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from bridgepad.core.model import Hand
from bridgepad.store.game_store import GameStore
from support.fair_clock import Deadline
from support.robust.pty_app import PtyApp
from support.robust.typing import type_hand

# Records each time the watchdog has to end the process itself (the app's own way out
# wedged or was too slow) in the file named by $BRIDGEPAD_TEST_FORCED, with why and
# where the main thread was, then lets it.
FORCED_MARK = """
import os as _os, sys as _sys, threading as _threading, traceback as _traceback, bridgepad.tui.watchdog as _wd
_real_force = _wd.Watchdog._force
def _force(self):
    _main = _sys._current_frames().get(_threading.main_thread().ident)
    with open(_os.environ["BRIDGEPAD_TEST_FORCED"], "a") as _f:
        _f.write(f"{self.why or '?'}; the loop answered: {self._answered.is_set()}; the main thread:\\n")
        _f.write("".join(_traceback.format_stack(_main)[-12:]) if _main else "gone\\n")
    _real_force(self)
_wd.Watchdog._force = _force
"""

# The same, with the watchdog waiting 10 s instead of about 1 for the app's own way out:
# for tests of that way out, which a loaded machine may slow but must never wedge.
PATIENT_WATCHDOG = (
    FORCED_MARK
    + """
_wd.ANSWER = _wd.GRACE = 10.0
"""
)

# Wedges the event loop on "?" (help): the loop's thread blocks for ever in a futex
# wait, as it did in the hang of issue 10, after touching $BRIDGEPAD_TEST_WEDGED.
WEDGE_ON_HELP = """
import os as _os, threading as _threading, bridgepad.tui.screens.pad_screen as _pad
def _wedge(self):
    open(_os.environ["BRIDGEPAD_TEST_WEDGED"], "w").close()
    _threading.Event().wait()
_pad.PadScreen.action_help = _wedge
"""


def enter_hand(app: PtyApp, fields: tuple[str, str, str], number: int) -> bool:
    """Types hand ``number``; True once the screen shows it."""
    return type_hand(app, fields, number) == "shown"


def hands_on_disk(root: Path) -> tuple[Hand, ...]:
    store = GameStore(root)
    game_id = store.current_id()
    if game_id is None or not store.path(game_id).exists():
        return ()
    return store.load(game_id).game.hands


def wait_for_file(path: Path, timeout: float = 30.0) -> bool:
    """True once ``path`` exists; False after ``timeout`` seconds of given time (``fair_clock``)."""
    deadline = Deadline(timeout)
    while not path.exists():
        if deadline.passed():
            return False
        time.sleep(0.02)  # the poll's step
    return True


def process_state(pid: int) -> str:
    """What a process left behind is doing, for a failure's message (Linux; else empty)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        wchan = Path(f"/proc/{pid}/wchan").read_text()
        threads = len(os.listdir(f"/proc/{pid}/task"))
    except OSError:
        return ""
    return f"state {stat}, waiting in {wchan or '?'}, {threads} threads"
