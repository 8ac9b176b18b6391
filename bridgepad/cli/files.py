"""The files the command line reads and writes: one home for how each is done.

Input: a log or an export, as UTF-8 text, or standard input for ``-``. Output: a
file given with ``-o``, written exactly there, never through a link, never over an
existing file without ``--force``.
"""

from __future__ import annotations

import os
import sys

from bridgepad.cli.errors import UsageError


def read_text(path: str, command: str) -> str:
    try:
        if path == "-":
            return sys.stdin.read()
        with open(path, encoding="utf-8") as f:
            return f.read()
    except FileNotFoundError:
        raise UsageError(f"bridgepad {command}: {path}: no such file.") from None
    except IsADirectoryError:
        raise UsageError(f"bridgepad {command}: {path}: is a folder, not a log file.") from None
    except UnicodeDecodeError:
        raise UsageError(f"bridgepad {command}: {path}: is not UTF-8 text.") from None
    except OSError as e:
        raise UsageError(f"bridgepad {command}: {path}: {e.strerror}.") from None


def check_output(path: str, force: bool, command: str = "export") -> None:
    """Refuses, before any work, an output file that exists (without --force) or cannot be written."""
    if not path or path == "-":
        raise UsageError(f"bridgepad {command}: -o needs a file name; without -o the output goes to standard output.")
    parent = os.path.dirname(path) or "."
    if os.path.isdir(path) and not os.path.islink(path):
        raise UsageError(f"bridgepad {command}: {path} is a folder; give a file name.")
    if os.path.lexists(path) and not force:
        raise UsageError(f"bridgepad {command}: {path} already exists; add --force to replace it.")
    if not os.path.isdir(parent):
        raise UsageError(f"bridgepad {command}: cannot write {path}: the folder {parent} does not exist.")


def write_output(path: str, text: str, force: bool, command: str = "export") -> None:
    """Writes exactly ``path``: never through a symbolic link, never creating folders.

    Without ``force`` the file must not exist (O_EXCL, so a link is not followed either);
    with it, the new file is written beside it and renamed over it, replacing a link
    itself rather than the file it points to.
    """
    data = text.encode("utf-8")
    try:
        if not force:
            flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
            try:
                fd = os.open(path, flags, 0o666)
            except FileExistsError:
                raise UsageError(f"bridgepad {command}: {path} already exists; add --force to replace it.") from None
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            return
        # Replaced as the pad's own files are (the rename replaces a link itself), but
        # readable as the user's other files are: it is theirs to send on.
        from pathlib import Path

        from bridgepad.store import atomic_write

        mask = os.umask(0)
        os.umask(mask)
        atomic_write(Path(path), data, mode=0o666 & ~mask)
    except IsADirectoryError:
        raise UsageError(f"bridgepad {command}: {path} is a folder; give a file name.") from None
    except OSError as e:
        raise UsageError(f"bridgepad {command}: cannot write {path}: {e.strerror or e}.") from None


def empty_file(name: str, command: str) -> UsageError:
    """The refusal of a file with nothing in it to work on: the same words from every command."""
    return UsageError(f"bridgepad {command}: {name}: there are no hands in it to {command}.")


def open_store(args: object):  # type: ignore[no-untyped-def]
    """The data folder of ``--data-dir``, $BRIDGEPAD_DATA_DIR or the platform's, made if missing.

    A data folder that is a file, or that cannot be made, is refused in the same words
    by every command.
    """
    from bridgepad.core.text import visible
    from bridgepad.store import Store, data_dir

    command = getattr(args, "command", None)
    root = data_dir(getattr(args, "data_dir", None))
    where, shown = f"bridgepad {command}" if command else "bridgepad", visible(str(root))
    if root.exists() and not root.is_dir():
        raise UsageError(f"{where}: the data folder {shown} is a file, not a folder; give another with --data-dir.")
    try:
        root.mkdir(parents=True, exist_ok=True, mode=0o700)
    except (FileExistsError, NotADirectoryError):
        raise UsageError(f"{where}: the data folder {shown} cannot be made: part of its path is a file; give another with --data-dir.") from None
    except OSError as e:
        raise UsageError(f"{where}: the data folder {shown} cannot be made: {e.strerror or e}; give another with --data-dir.") from None
    return Store(root)
