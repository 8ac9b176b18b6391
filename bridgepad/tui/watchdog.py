"""The app never outlives its terminal: once the terminal is gone, or a SIGTERM or
SIGHUP has come, the process saves and ends within 2 seconds, whatever the event
loop is doing.

The app's own way out comes first: the loop is asked to exit, and saves, releases
the data folder and gives the terminal back as on ``q``. If the loop does not
answer (it is wedged) or the way out takes too long, this thread saves the game
itself and ends the process with ``os._exit``: a hand is never lost to a hang, and
the lock goes with the process.

Plain threading, no textual: the thread must run whatever state textual is in.
"""

from __future__ import annotations

import errno
import os
import select
import signal
import socket
import sys
import threading
import time
from collections.abc import Callable

if sys.platform != "win32":
    import termios  # a terminal's hang-up is looked for on POSIX alone (terminal_gone)

POLL = 0.2  # how often the terminal is looked at, in seconds
ANSWER = 0.4  # a loop that has not run a posted callback by then is wedged
GRACE = 1.4  # the app's own way out may take this long, if its loop answered
SAVE = 0.35  # then the watchdog's own save may take this long; then the process ends

SIGNALS = ("SIGTERM", "SIGHUP")

# Errors that mean the terminal itself is gone, not that one write went wrong.
GONE = frozenset({errno.EIO, errno.EPIPE, errno.EBADF, errno.ENXIO, errno.ENODEV, errno.ENOTTY})


def terminal_gone(fd: int) -> bool:
    """True once ``fd``'s terminal is hung up (a closed window, a killed tmux pane). POSIX only."""
    try:
        termios.tcgetattr(fd)
    except termios.error as e:
        return bool(e.args) and e.args[0] in GONE
    except OSError:
        return True
    return False


class Watchdog:
    """Ends the process soon after ``trigger``: by the app if it can, else by force.

    ``save`` writes what is not yet on disk and says whether everything is now
    saved; it is called from this thread only when the app's own way out failed.
    ``restore`` gives the terminal back, if it is still there (a SIGTERM).
    """

    def __init__(self, save: Callable[[], bool], restore: Callable[[], None] | None = None, tty_fd: int | None = None) -> None:
        self._save = save
        self._restore = restore
        self._tty_fd = tty_fd
        self._exit: Callable[[], None] | None = None  # asks the loop to exit; set by attach
        self._ping: Callable[[Callable[[], None]], None] | None = None
        self._answered = threading.Event()
        # A socket pair, not an Event: a signal handler may run while the main thread holds an
        # Event's lock. (Sockets, not a pipe: Windows selects on sockets only.)
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_w.setblocking(False)
        self.why = ""
        self._thread = threading.Thread(target=self._run, name="bridgepad-watchdog", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def attach(self, exit: Callable[[], None], call_soon_threadsafe: Callable[[Callable[[], None]], None]) -> None:
        """The running app: ``exit`` starts its way out; ``call_soon_threadsafe`` runs a callback on its loop."""
        self._exit = exit
        self._ping = call_soon_threadsafe

    def catch_signals(self) -> None:
        """SIGTERM and SIGHUP trigger the watchdog; from the main thread, before the app runs.

        A plain handler, not the event loop's: the loop's handler waits for the loop,
        which is what may be wedged.
        """
        for name in SIGNALS:
            sig = getattr(signal, name, None)
            if sig is not None:
                signal.signal(sig, self._on_signal)

    def _on_signal(self, signum: int, frame: object) -> None:
        self.trigger(signal.Signals(signum).name)

    def trigger(self, why: str) -> None:
        """Starts the end; safe from any thread and from a signal handler."""
        self.why = self.why or why
        try:
            self._wake_w.send(b"!")
        except OSError:
            pass  # full: it has been triggered already

    # The thread ---------------------------------------------------------------------
    def _run(self) -> None:
        while True:
            ready, _, _ = select.select([self._wake_r], [], [], POLL)
            if ready:
                break
            if self._tty_fd is not None and terminal_gone(self._tty_fd):
                self.why = self.why or "terminal closed"
                break
        self._end()

    def _end(self) -> None:
        start = time.monotonic()
        self._ask_loop()
        answered = self._answered.wait(ANSWER)
        if answered:  # the loop runs: let it save and exit as on q, up to the grace
            time.sleep(max(0.0, GRACE - (time.monotonic() - start)))
        self._force()

    def _ask_loop(self) -> None:
        if self._exit is None or self._ping is None:
            return  # the app has not started its loop yet: nothing to ask
        try:
            self._ping(self._answered.set)
            self._ping(self._exit)
        except RuntimeError:
            pass  # the loop has closed: the app is on its way out already

    def _force(self) -> None:
        """Saves from this thread (bounded: the disk may hang too), gives the terminal back, ends."""
        saved = threading.Event()
        result: list[bool] = []

        def last_save() -> None:
            try:
                result.append(self._save())
            except Exception:  # noqa: BLE001 - the last save on the way out: whatever fails, the process still ends
                result.append(False)
            saved.set()
            if self._restore is not None:
                try:
                    self._restore()
                except Exception:  # noqa: BLE001, S110 - a terminal that cannot be restored must not stop the exit
                    pass

        threading.Thread(target=last_save, name="bridgepad-last-save", daemon=True).start()
        saved.wait(SAVE)
        time.sleep(0.05)  # time for the terminal's reset, if the terminal takes it at once
        os._exit(0 if result and result[0] else 1)
