"""Writing a file whole or not at all: the one way bridgepad writes a file.

The new content goes to a temporary file beside the target (same folder, so the same
file system), is flushed and fsynced, and only then takes the target's name: renamed
over it, or, when an existing file must not be replaced, hard-linked to the name, which
fails if anything is there (a file, a link, anything) at the moment of the link, so no
check can be overtaken by a file appearing after it. A crash at any moment leaves the
old file or the complete new one, never a part.

Any failure (a full disk, a file-size limit, Ctrl+C, a polite kill turned into an
exception by the command line) removes the temporary file. A process killed outright
cannot: each temporary file is therefore locked (``flock``) by the process writing it,
for as long as it writes, and ``sweep_temps`` removes the ones no living process holds.

Folders are made private (0700) whatever the umask, each one bridgepad creates.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
import time
from pathlib import Path

try:  # POSIX; elsewhere a temporary file is swept only once it is old
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

TEMP_MARK = ".bridgepad-"  # in every temporary file's name: ".<target>.bridgepad-XXXXXXXX.tmp"
TEMP_SUFFIX = ".tmp"
_NAME_KEPT = 100  # of the target's name, in the temporary one (a name is at most 255 bytes)
_UNLOCKED_TEMP_AGE = 60  # seconds: where files cannot be locked, an older temporary file is abandoned
_TEMP_RE = re.compile(r"^\.(?P<name>.*)" + re.escape(TEMP_MARK) + r"[A-Za-z0-9_]+" + re.escape(TEMP_SUFFIX) + "$", re.DOTALL)
_NO_HARD_LINKS = {errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.ENOSYS, errno.EMLINK, errno.EXDEV}


# Files handed to the user (exports): the owner writes, others may at most read.
USER_FILE_MODE = 0o644


def user_file_mode() -> int:
    """USER_FILE_MODE less what the umask takes: the user's to send on, never others' to change."""
    mask = os.umask(0o077)
    os.umask(mask)
    return USER_FILE_MODE & ~mask


class NotAFile(OSError):
    """The target exists and is not a regular file (a device, a pipe, a socket, a folder)."""


def make_private_dirs(folder: Path) -> None:
    """Creates ``folder`` and every missing folder above it, each 0700 whatever the umask.

    Folders that already exist are left as they are: they are not bridgepad's.
    """
    missing: list[Path] = []
    p = folder
    while not os.path.lexists(p):
        missing.append(p)
        if p.parent == p:
            break
        p = p.parent
    for d in reversed(missing):
        try:
            os.mkdir(d, 0o700)
        except FileExistsError:
            continue  # made by someone else meanwhile: theirs
        os.chmod(d, 0o700)  # the umask may have taken bits from mkdir's mode, or left some


def tighten(folder: Path) -> None:
    """``folder``, bridgepad's own data folder, made 0700 if it is this user's and lets anyone
    else in (a folder made earlier by hand as 0777, say): what is in it is the players' names
    and scores, and a stranger able to write there could put a game of their own in it."""
    try:
        st = os.stat(folder, follow_symlinks=False)
    except OSError:
        return
    if stat.S_ISDIR(st.st_mode) and st.st_mode & 0o077 and st.st_uid == os.getuid():
        with contextlib.suppress(OSError):  # a folder it cannot change is left; the store says so when it writes
            os.chmod(folder, 0o700)


def _lock(fd: int) -> bool:
    """Holds an exclusive lock on the open file; False where locks are not to be had."""
    if fcntl is None:  # pragma: no cover - Windows
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise
    except OSError:
        return False  # a file system without locks: the age decides instead
    return True


def _owned_temp(folder: Path, name: str) -> tuple[int, str]:
    """A new temporary file for ``name`` in ``folder``, open and locked by this process."""
    prefix = "." + name[:_NAME_KEPT] + TEMP_MARK
    while True:
        fd, tmp = tempfile.mkstemp(prefix=prefix, suffix=TEMP_SUFFIX, dir=folder)
        try:
            _lock(fd)
            # A sweep may have taken the file in the instant before the lock: start again.
            if os.fstat(fd).st_nlink > 0:
                return fd, tmp
        except BlockingIOError:
            pass
        except BaseException:
            os.close(fd)
            _unlink(tmp)
            raise
        os.close(fd)


def sweep_temps(folder: Path, name: str | None = None) -> int:
    """Removes bridgepad's temporary files in ``folder`` (for target ``name`` only, if given)
    that no living process is writing; returns how many."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    removed = 0
    for entry in entries:
        m = _TEMP_RE.match(entry.name)
        if m is None or (name is not None and m.group("name") != name[:_NAME_KEPT]):
            continue
        if _abandoned(entry.path):
            _unlink(entry.path)
            removed += 1
    return removed


def _abandoned(path: str) -> bool:
    """True if the temporary file is a regular file that no process holds locked."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            return False  # not one of ours
        if fcntl is None:  # pragma: no cover - Windows
            return time.time() - st.st_mtime > _UNLOCKED_TEMP_AGE
        fd = os.open(path, flags)
    except OSError:
        return False
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return False  # its writer is alive
        except OSError:
            return time.time() - st.st_mtime > _UNLOCKED_TEMP_AGE
        return True
    finally:
        os.close(fd)


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        n = os.write(fd, view)
        view = view[n:]


def check_target(path: Path) -> None:
    """Raises NotAFile if ``path`` exists and is neither a regular file nor a link (which a
    rename replaces, leaving what it points to alone)."""
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    if not (stat.S_ISREG(st.st_mode) or stat.S_ISLNK(st.st_mode)):
        raise NotAFile(errno.EEXIST, "it exists and is not a regular file", str(path))


def atomic_write(
    path: Path, data: bytes, mode: int = 0o600, *, replace: bool = True, files_only: bool = False, make_folders: bool = True
) -> None:
    """Writes ``data`` as ``path``, whole or not at all.

    ``replace``: an existing ``path`` is replaced; without it FileExistsError is raised
    if anything is at ``path`` when the new file would take its name. ``files_only``:
    NotAFile is raised instead of replacing a device, a pipe, a socket or a folder.
    ``mode`` is the new file's permission bits, exactly. ``make_folders``: missing
    folders are made (private); without it a missing folder is FileNotFoundError.
    """
    folder = path.parent
    if make_folders:
        make_private_dirs(folder)
    fd, tmp = _owned_temp(folder, path.name)
    try:
        _write_all(fd, data)
        os.fsync(fd)
        if hasattr(os, "fchmod"):
            os.fchmod(fd, mode)
        else:  # pragma: no cover - Windows
            os.chmod(tmp, mode)
        if files_only:
            check_target(path)
        if replace:
            os.replace(tmp, path)
        else:
            _link_new(tmp, path)
    except BaseException:
        try:
            os.close(fd)
        finally:
            _unlink(tmp)
        raise
    os.close(fd)  # only now: the lock kept sweeps away while the file was on its way
    fsync_dir(folder)


def _link_new(tmp: str, path: Path) -> None:
    """Gives the finished temporary file the name ``path``, which must be free."""
    try:
        os.link(tmp, path)
    except FileExistsError:
        raise
    except OSError as e:
        if e.errno not in _NO_HARD_LINKS:
            raise
        # A file system without hard links (FAT, some network shares): look, then rename.
        # Only here can a file made in between these two steps be replaced.
        if os.path.lexists(path):
            raise FileExistsError(errno.EEXIST, os.strerror(errno.EEXIST), str(path)) from None
        os.rename(tmp, path)
        return
    _unlink(tmp)


def fsync_dir(folder: Path) -> None:
    # The rename is durable only once the folder itself reaches the disk.
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
