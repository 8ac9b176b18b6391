"""The real ``bridgepad`` in a pseudo-terminal, as a person at a terminal would run it.

``PtyApp`` starts ``python -m bridgepad`` with a pty as its controlling terminal
(80x24, TERM=xterm-256color, BRIDGEPAD_DATA_DIR set), reads everything it draws in
a thread (a terminal app blocks once its output is not read), and types bytes into
it.  ``screen_text`` is the output with the escape sequences removed: Textual
redraws a changed widget's lines whole, so a status line such as
``Hand 3 · Games We 0–0 They`` appears in it as one run of text.
"""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

from support import fair_clock
from support.fair_clock import Deadline

# Runs the package exactly as ``python -m bridgepad`` does, after making the pty the
# controlling terminal of the new session (so closing it sends SIGHUP, as a closed
# terminal window does).
_LAUNCH = (
    "import fcntl, runpy, sys, termios\n"
    "fcntl.ioctl(0, termios.TIOCSCTTY, 0)\n"
    "{prelude}\n"
    "sys.argv = ['bridgepad']\n"
    "runpy.run_module('bridgepad', run_name='__main__', alter_sys=True)\n"
)

# A prelude for ``PtyApp(..., prelude=DISK_FULL)``: while the file named by
# $BRIDGEPAD_TEST_DISK_FULL exists, every write to the data folder fails with ENOSPC.
DISK_FULL = """
import errno as _errno, os as _os, bridgepad.store.game_store as _store
_real_atomic_write = _store.atomic_write
def _atomic_write(path, data):
    if _os.path.exists(_os.environ["BRIDGEPAD_TEST_DISK_FULL"]):
        raise OSError(_errno.ENOSPC, _os.strerror(_errno.ENOSPC), str(path))
    return _real_atomic_write(path, data)
_store.atomic_write = _atomic_write
"""

_ESCAPES = re.compile(
    r"\x1b\[[0-9;?<>=!]*[ -/]*[@-~]"  # CSI: cursor moves, colours, modes
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)"  # OSC: window title and the like
    r"|\x1bP[^\x1b]*\x1b\\"  # DCS
    r"|\x1b[@-Z\\-_]"  # two-byte escapes
    r"|\x1b[()][0-9A-Za-z]"  # character sets
)

ALT_SCREEN_OFF = b"\x1b[?1049l"

STATUS_HAND = re.compile(r"Hand (\d+) · Games")


def plain(data: bytes) -> str:
    return _ESCAPES.sub("", data.decode("utf-8", errors="replace"))


class PtyApp:
    def __init__(
        self, data_dir: Path, *, cols: int = 80, rows: int = 24, prelude: str = "", extra_env: dict[str, str] | None = None
    ) -> None:
        self.data_dir = data_dir
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(os.environ)
        for k in ("NO_COLOR", "TEXTUAL", "TEXTUAL_DRIVER", "TEXTUAL_DEBUG", "PYTEST_CURRENT_TEST"):
            env.pop(k, None)
        env.update(
            TERM="xterm-256color",
            COLUMNS=str(cols),
            LINES=str(rows),
            BRIDGEPAD_DATA_DIR=str(data_dir),
            PYTHONUNBUFFERED="1",
            LANG="C.UTF-8",
            LC_ALL="C.UTF-8",
        )
        env.update(extra_env or {})
        self.proc = subprocess.Popen(
            [sys.executable, "-c", _LAUNCH.format(prelude=prelude)],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
            close_fds=True,
        )
        os.close(slave)
        self.master: int | None = master
        self._buf = bytearray()
        self._lock = threading.Lock()
        self._closing = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    # Reading what it draws ----------------------------------------------------
    def _read(self) -> None:
        fd = self.master
        if fd is None:
            return
        poller = select.poll()
        poller.register(fd, select.POLLIN)
        while True:
            # Never blocked in read: a close from another thread does not end a read in
            # progress, and the terminal would stay open under it (see close_terminal).
            ready = poller.poll(50)
            if self._closing.is_set():
                return
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # EIO once the app has gone and the pty is closed
                return
            if not chunk:
                return
            with self._lock:
                self._buf += chunk

    @property
    def output(self) -> bytes:
        with self._lock:
            return bytes(self._buf)

    def mark(self) -> int:
        """A place in the output; ``wait_for(..., since=mark)`` looks only at what came after."""
        with self._lock:
            return len(self._buf)

    def screen_text(self, since: int = 0) -> str:
        return plain(self.output[since:])

    def wait_for(self, pattern: str | re.Pattern[str], *, since: int = 0, timeout: float = 10.0) -> re.Match[str] | None:
        """The first match of ``pattern`` in the text drawn after ``since``; None once the app
        has ended without drawing it, or after ``timeout`` seconds of the time the test and the
        app were given (``fair_clock``: a machine too busy to run them does not count)."""
        rx = re.compile(re.escape(pattern)) if isinstance(pattern, str) else pattern
        deadline = Deadline(timeout)
        seen = -1
        while True:
            size = self.mark()
            if size != seen:  # look again only when something new was drawn
                seen = size
                m = rx.search(self.screen_text(since))
                if m is not None:
                    return m
            if self.proc.poll() is not None:
                # What it drew just before it ended may still be on its way: the reader ends
                # once the terminal has nothing more to give.
                self._reader.join(timeout)
                return rx.search(self.screen_text(since))
            if deadline.passed():
                return rx.search(self.screen_text(since))
            time.sleep(0.02)  # the poll's step

    def shown_hands(self) -> int:
        """How many hands the status bar has shown as entered: the highest "Hand N" less one."""
        numbers = [int(n) for n in STATUS_HAND.findall(self.screen_text())]
        return max(numbers, default=1) - 1

    # Typing ---------------------------------------------------------------------
    def type(self, text: str | bytes, delay: float = 0.0) -> bool:
        """Writes keys to the terminal; False if the app (or the terminal) is gone."""
        data = text.encode() if isinstance(text, str) else text
        try:
            if delay:
                for i in range(len(data)):
                    assert self.master is not None
                    os.write(self.master, data[i : i + 1])
                    time.sleep(delay)
            else:
                assert self.master is not None
                os.write(self.master, data)
        except (OSError, AssertionError):
            return False
        return True

    # Ending -----------------------------------------------------------------------
    def signal(self, sig: int) -> None:
        try:
            self.proc.send_signal(sig)
        except ProcessLookupError:
            pass

    def wait(self, timeout: float = 10.0) -> int | None:
        """The exit status, or None if the app still runs after ``timeout`` seconds of given time."""
        try:
            return fair_clock.wait(self.proc, timeout)
        except subprocess.TimeoutExpired:
            return None

    def close_terminal(self) -> None:
        """Closes the terminal's side of the pty, as closing a terminal window does.

        The reader stops first: a read still in progress would hold the pty open, so an
        app that draws nothing (a wedged one) would never see its terminal go.
        """
        if self.master is not None:
            fd, self.master = self.master, None
            self._closing.set()
            if threading.current_thread() is not self._reader:
                self._reader.join(2)
            os.close(fd)

    def close(self) -> None:
        """Makes sure nothing is left running, whatever the test did."""
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.proc.kill()
            self.proc.wait(10)
        self._reader.join(2)
        self.close_terminal()

    def __enter__(self) -> PtyApp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
