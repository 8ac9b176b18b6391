"""The data folder's lock: one writer at a time, and a note of who that is.

Every process that changes the data folder (the score pad, ``bridgepad new``,
``bridgepad import``) holds ``bridgepad.lock`` while it writes. The lock is an OS
lock (``filelock``), so it goes with its process however that process ends. Beside
it, the holder writes ``bridgepad.holder``: its pid, when it took the lock and what
it is, so that anyone kept out can be told who to close. That note is only a
courtesy: it is trusted only while its pid is alive (and, where the system says,
is the same process that wrote it), since a holder killed outright leaves it behind.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from filelock import FileLock, Timeout

from bridgepad.core.lazy import lazy
from bridgepad.store.atomic_file import atomic_write, make_private_dirs, tighten

if TYPE_CHECKING:
    import ctypes
else:
    ctypes = lazy("ctypes")  # a holder's process looked for on Windows alone


LOCK_NAME = "bridgepad.lock"
HOLDER_NAME = "bridgepad.holder"
APP = "bridgepad"  # what the score pad calls itself in the holder note
_HOLDER_MAX_BYTES = 4096  # a note is about 100 bytes; anything bigger is not one


class FolderBusy(Exception):
    """Another bridgepad holds the data folder. The message is one sentence naming it."""

    def __init__(self, holder: Holder | None) -> None:
        self.holder = holder
        super().__init__(busy_message(holder))


@dataclass(frozen=True, slots=True)
class Holder:
    pid: int
    since: datetime  # when it took the lock, with its time zone
    what: str  # "bridgepad" for the score pad, else the command, e.g. "bridgepad import"

    def describe(self) -> str:
        """``pid 4242, since 21:03`` (the date too, if not today)."""
        since = self.since.astimezone()
        today = datetime.now().astimezone().date()
        when = since.strftime("%H:%M") if since.date() == today else since.strftime("%Y-%m-%d %H:%M")
        return f"pid {self.pid}, since {when}"


def busy_message(holder: Holder | None) -> str:
    """What a writer kept out is told: one sentence, naming the holder when it is known."""
    if holder is None:
        return "bridgepad is open in another window; close it and try again."
    if holder.what == APP:
        return f"bridgepad is open in another window ({holder.describe()}); close it and try again."
    return f"{holder.what} is writing to the data folder ({holder.describe()}); wait for it to finish and try again."


class FolderLock:
    """The lock on one data folder, for one process.

    ``try_acquire`` takes it if it is free (the score pad at start, and a read-only
    window polling to take over); ``acquire`` waits a little first; ``holder`` says who
    has it when this process does not.
    """

    def __init__(self, root: Path, what: str = APP) -> None:
        self.root = root
        self.what = what
        # thread_local=False: the watchdog thread may ask whether it is held.
        self._lock = FileLock(root / LOCK_NAME, mode=0o600, thread_local=False)
        self.holder_path = root / HOLDER_NAME

    @property
    def held(self) -> bool:
        return self._lock.is_locked

    def try_acquire(self) -> bool:
        """Takes the lock if nobody holds it; True if this process now holds it."""
        return self.acquire(0)

    def acquire(self, wait: float) -> bool:
        """Takes the lock, waiting up to ``wait`` seconds for it; False if it stayed taken.

        Raises OSError when the folder cannot hold a lock file at all (no permission,
        a read-only disk), which is not the same as another window having it.
        """
        if self.held:
            return True
        make_private_dirs(self.root)
        tighten(self.root)  # the writer opening the folder: it is private, even if made open by hand
        try:
            self._lock.acquire(timeout=wait, poll_interval=0.05)
        except Timeout:
            return False
        try:
            _write_holder(
                self.holder_path, {"pid": os.getpid(), "since": _now(), "what": self.what, "started": _started(os.getpid())}
            )
        except OSError:
            pass  # the note is a courtesy: a folder that takes the lock but not the note still works
        return True

    def release(self) -> None:
        if not self.held:
            return
        # The note goes first, so that it never names a process that no longer holds the lock.
        try:
            os.unlink(self.holder_path)
        except OSError:
            pass
        self._lock.release()

    def holder(self) -> Holder | None:
        """Who holds the lock, from the note beside it; None when that is not known.

        A note from a process that has ended (or whose pid now belongs to another
        process) is not believed: it is left over from a holder that was killed.
        """
        try:
            with open(self.holder_path, "rb") as f:
                raw = f.read(_HOLDER_MAX_BYTES + 1)
        except OSError:
            return None
        if len(raw) > _HOLDER_MAX_BYTES:
            return None
        try:
            data = json.loads(raw.decode("utf-8"))
            pid, since, what, started = data["pid"], data["since"], data["what"], data.get("started")
            if not (isinstance(pid, int) and not isinstance(pid, bool) and pid > 0 and isinstance(what, str)):
                return None
            when = datetime.fromisoformat(since)
        except (ValueError, TypeError, KeyError, RecursionError):  # UnicodeDecodeError is a ValueError
            return None
        if when.tzinfo is None or not _printable(what) or not _alive(pid):
            return None
        if started is not None and _started(pid) not in (None, started):
            return None  # the pid was reused by a process that started later
        return Holder(pid, when, what)


@contextmanager
def writer_lock(root: Path, wait: float = 2.0, what: str = "a bridgepad command") -> Iterator[FolderLock]:
    """Holds the data folder's lock for the length of a ``with`` block.

    For the command line's writers (``bridgepad new``, ``bridgepad import``): the
    same lock as the score pad's, so that neither writes under the other. If the
    lock is taken, waits up to ``wait`` seconds (another writer may be about to
    finish), then raises :class:`FolderBusy`, whose message is one sentence that
    names the holder, e.g. "bridgepad is open in another window (pid 4242, since
    21:03); close it and try again." ``what`` names this writer in the note other
    processes read while it holds the lock, e.g. "bridgepad import".

    Creates ``root`` (0700) if it does not exist. Raises OSError if the folder cannot
    hold a lock file (no permission, a read-only disk).
    """
    lock = FolderLock(root, what)
    if not lock.acquire(wait):
        raise FolderBusy(lock.holder())
    try:
        yield lock
    finally:
        lock.release()


# Helpers --------------------------------------------------------------------------


def _now() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


def _printable(text: str) -> bool:
    # The note's words reach the terminal: nothing that could steer it, nothing long.
    return 0 < len(text) <= 60 and text.isprintable()


def _write_holder(path: Path, data: dict[str, object]) -> None:
    """Writes the note whole or not at all, as every file in the data folder is written."""
    atomic_write(path, json.dumps(data).encode("utf-8"), 0o600)


def _alive(pid: int) -> bool:
    if sys.platform == "win32":
        return _alive_windows(pid)
    try:
        os.kill(pid, 0)  # signal 0: only asks whether the process exists
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, under another user
    except OSError:
        return False
    return True


def _alive_windows(pid: int) -> bool:
    # os.kill would end the process on Windows, so ask the kernel for its exit code.
    kernel32 = ctypes.windll.kernel32  # type: ignore[attr-defined]
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return False
    try:
        code = ctypes.c_ulong()
        return bool(kernel32.GetExitCodeProcess(handle, ctypes.byref(code))) and code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def _started(pid: int) -> int | None:
    """When ``pid`` started, in clock ticks since boot (Linux); None where that cannot be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            stat = f.read()
        # The command name (field 2) may hold spaces and parentheses: fields after the last ")".
        return int(stat[stat.rindex(b")") + 2 :].split()[19])
    except (OSError, ValueError, IndexError):
        return None
