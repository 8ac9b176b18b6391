"""The game file rewritten whole from its journal, in a thread of its own, so that no save
of a table's result waits for it: the journal line is what was synced before the phone was
told "saved"; this only folds the lines into the file, atomically, then drops them.

It waits for a pause (``IDLE_SECONDS`` without a new line) so that a burst of results is
folded once, but never lets the journal run on past ``MOST_LINES`` lines or ``LONGEST_SECONDS``.
A kill at any moment is safe: the file is replaced whole or not at all, and a line it covers
is skipped by every reader until it is trimmed (``game_journal``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Protocol

IDLE_SECONDS = 1.0  # the tables' results come seconds apart; a pause of a second ends a burst
MOST_LINES = 256  # a journal read at start stays a fraction of the game file
LONGEST_SECONDS = 30.0  # a reader that looks only at the game file (the history) is this late at most
RETRY_SECONDS = 5.0  # after a failed write (a full disk): the journal keeps everything meanwhile


class Snapshot(Protocol):
    @property
    def id(self) -> str: ...


class Compactor:
    """Calls ``write`` with the latest snapshot of each game given to ``later``, off the caller's thread."""

    def __init__(self, write: Callable[[Snapshot], None], *, idle: float = IDLE_SECONDS) -> None:
        self._write = write
        self._idle = idle
        self._cond = threading.Condition()
        self._pending: dict[str, Snapshot] = {}
        self._lines = 0
        self._first = 0.0
        self._last = 0.0
        self._busy = False
        self._thread: threading.Thread | None = None
        self.failures = 0  # writes that failed (each retried), for the tests and the benchmark

    def later(self, snapshot: Snapshot) -> None:
        """Folds ``snapshot`` into its game file soon (a newer one of the same game replaces it)."""
        with self._cond:
            now = time.monotonic()
            if not self._pending:
                self._first = now
            self._pending[snapshot.id] = snapshot
            self._lines += 1
            self._last = now
            if self._thread is None:
                # A daemon: a process ending leaves the journal, which the next start reads.
                self._thread = threading.Thread(target=self._run, name="bridgepad-compactor", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def wait(self, timeout: float = 30.0) -> bool:
        """Folds what is pending now, without waiting for a pause; True once nothing is pending
        and no write is under way (False: ``timeout`` passed first)."""
        end = time.monotonic() + timeout
        with self._cond:
            self._lines = MOST_LINES  # no waiting for a pause
            self._cond.notify_all()
            while self._pending or self._busy:
                left = end - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _due(self, now: float) -> float:
        """Seconds until the pending snapshots are written (0: now)."""
        if self._lines >= MOST_LINES:
            return 0.0
        return max(0.0, min(self._last + self._idle, self._first + LONGEST_SECONDS) - now)

    def _run(self) -> None:
        while True:
            with self._cond:
                while not self._pending:
                    self._cond.wait()
                while (left := self._due(time.monotonic())) > 0:
                    self._cond.wait(left)
                todo, self._pending, self._lines = self._pending, {}, 0
                self._busy = True
            failed: list[Snapshot] = []
            for snapshot in todo.values():
                try:
                    self._write(snapshot)
                except (OSError, ValueError):  # a full disk, a folder gone: the journal holds it all meanwhile
                    failed.append(snapshot)
            with self._cond:
                self._busy = False
                self.failures += len(failed)
                for snapshot in failed:
                    self._pending.setdefault(snapshot.id, snapshot)
                if failed:
                    self._first = self._last = time.monotonic() + RETRY_SECONDS - self._idle
                self._cond.notify_all()
