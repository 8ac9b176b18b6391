"""The files the command line reads and writes: one home for how each is done.

Input: a log or an export, as UTF-8 text (a PBN file that is not may be ISO 8859/1, its
standard's character set), or standard input for ``-``, at most ``MAX_DATA_BYTES`` (a
log of 100,000 hands is far less); a file that begins as a bridgepad JSON export does
(``{"format": "bridgepad"``) may be as large as ``MAX_EXPORT_BYTES``, a lifetime of
games, and is read a game at a time (``json_format.read``). Output: a file given with
``-o``, written whole or not at all (``bridgepad.store.atomic_file``): never through a link,
never creating folders, never over an existing file without ``--force``, never over
anything but a regular file, and never writable by others.
"""

from __future__ import annotations

import codecs
import io
import os
import stat
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING

from bridgepad.cli.errors import CannotWrite, UsageError
from bridgepad.cli.streams import temporary_copy
from bridgepad.core.lazy import lazy
from bridgepad.core.words.text import visible
from bridgepad.store.data_files import MAX_DATA_BYTES, MAX_DATA_TEXT, kind_problem

# Loaded when first used: every command's parser imports this module (``bridgepad
# --help`` builds them all), and ``bridgepad replay`` reads its lines here without the store.
if TYPE_CHECKING:
    from bridgepad.services.formats import export_file, json_format, pbn_reader
    from bridgepad.store import atomic_file, folder_lock, game_store
    from bridgepad.store.folder_lock import Holder
    from bridgepad.store.game_store import GameStore
else:
    export_file = lazy("bridgepad.services.formats.export_file")
    json_format = lazy("bridgepad.services.formats.json_format")
    pbn_reader = lazy("bridgepad.services.formats.pbn_reader")
    atomic_file = lazy("bridgepad.store.atomic_file")
    folder_lock = lazy("bridgepad.store.folder_lock")
    game_store = lazy("bridgepad.store.game_store")


@contextmanager
def refusing(command: str, shown: str) -> Iterator[None]:
    """A file that cannot be opened or read, refused in one line that names it."""
    try:
        yield
    except FileNotFoundError:
        raise UsageError(f"bridgepad {command}: {shown}: no such file.") from None
    except IsADirectoryError:
        raise UsageError(f"bridgepad {command}: {shown}: is a folder, not a log file.") from None
    except OSError as e:
        raise UsageError(f"bridgepad {command}: {shown}: {e.strerror or e}.") from None


def read_text(path: str, command: str) -> str:
    """The text of a log or an export (``-``: standard input); UsageError naming the file if it cannot be read.

    Pipes are read (``<(...)`` and ``-`` are pipes), but never more than the limit: a
    file larger than ``MAX_DATA_BYTES`` is refused there, unless it begins as a bridgepad
    JSON export does, which is read on up to ``MAX_EXPORT_BYTES``.
    """
    shown = visible(path)
    with refusing(command, shown):
        if path == "-":
            # Bytes, read as UTF-8 whatever the locale says; a text stand-in (as tests give) as it is.
            source = getattr(sys.stdin, "buffer", None)
            if source is None:
                source = io.BytesIO(sys.stdin.read(json_format.MAX_EXPORT_BYTES + 1).encode("utf-8", "surrogatepass"))
            raw = _read_up_to(source, json_format.begins_as_export)
        else:
            with open(path, "rb") as f:
                raw = _read_up_to(f, json_format.begins_as_export)
    if len(raw) > json_format.MAX_EXPORT_BYTES:
        raise UsageError(
            f"bridgepad {command}: {shown}: is larger than {json_format.MAX_EXPORT_TEXT}, more than any export bridgepad reads."
        )
    if len(raw) > MAX_DATA_BYTES and not json_format.begins_as_export(raw):
        raise UsageError(f"bridgepad {command}: {shown}: is larger than {MAX_DATA_TEXT}, more than any log bridgepad reads.")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        pass
    text = raw.decode("latin-1")
    if pbn_reader.is_pbn(text):  # PBN's own character set is ISO 8859/1 (PBN 2.1, 2.2)
        return text
    raise UsageError(f"bridgepad {command}: {shown}: is not UTF-8 text.")


def _read_up_to(source: IO[bytes], export: Callable[[bytes], bool]) -> bytes:
    """At most ``MAX_DATA_BYTES`` and one more, then, only for what ``export`` says begins
    as an export, on to at most ``MAX_EXPORT_BYTES`` and one more."""
    raw = source.read(MAX_DATA_BYTES + 1)
    if len(raw) <= MAX_DATA_BYTES or not export(raw):
        return raw
    return raw + source.read(json_format.MAX_EXPORT_BYTES - MAX_DATA_BYTES)


CHUNK = 1 << 16  # bytes read at a time by ``TextLines``


class TextLines:
    """The lines of a log, as ``read_text(path, command).splitlines()`` gives them, read a
    piece at a time so that a long log is never held whole; the same refusals, raised
    as the reading meets them. It may be read through more than once: what is not a
    regular file (standard input, a pipe) is copied as it is read the first time into
    a temporary file, which the next readings read.
    """

    def __init__(self, path: str, command: str) -> None:
        self.path = path
        self.command = command
        self._copy: IO[bytes] | None = None  # standard input or a pipe, as read the first time

    def __iter__(self) -> Iterator[str]:
        if self._copy is not None:
            self._copy.seek(0)
            yield from self._lines(self._copy, None)
            return
        shown = visible(self.path)
        with refusing(self.command, shown):
            if self.path == "-":
                source: IO[bytes] | None = getattr(sys.stdin, "buffer", None)
                if source is None:  # a text stand-in (as tests give): its text as UTF-8
                    source = io.BytesIO(sys.stdin.read(MAX_DATA_BYTES + 1).encode("utf-8", "surrogatepass"))
                regular = False
            else:
                source = open(self.path, "rb")  # noqa: SIM115 (closed below, after the lines)
                regular = stat.S_ISREG(os.fstat(source.fileno()).st_mode)
        # Kept for the next reading; a full disk there fails as an output that cannot be written.
        copy = None if regular else temporary_copy()
        try:
            yield from self._lines(source, copy)
        finally:
            if source is not getattr(sys.stdin, "buffer", None):
                source.close()
        self._copy = copy

    def _lines(self, source: IO[bytes], copy: IO[bytes] | None) -> Iterator[str]:
        yield from split_lines(self._pieces(source, copy))

    def _pieces(self, source: IO[bytes], copy: IO[bytes] | None) -> Iterator[str]:
        """The text, a piece at a time; an empty piece at the end."""
        shown = visible(self.path)
        decoder = codecs.getincrementaldecoder("utf-8")()
        size = 0
        while True:
            try:
                chunk = source.read(CHUNK)
            except OSError as e:
                raise UsageError(f"bridgepad {self.command}: {shown}: {e.strerror or e}.") from None
            size += len(chunk)
            if size > MAX_DATA_BYTES:
                raise UsageError(
                    f"bridgepad {self.command}: {shown}: is larger than {MAX_DATA_TEXT}, more than any log bridgepad reads."
                )
            if copy is not None:
                copy.write(chunk)
            try:
                yield decoder.decode(chunk, final=not chunk)
            except UnicodeDecodeError:
                raise UsageError(f"bridgepad {self.command}: {shown}: is not UTF-8 text.") from None
            if not chunk:
                return


def split_lines(pieces: Iterable[str]) -> Iterator[str]:
    """The lines of the text whose pieces these are, as ``str.splitlines`` splits the whole."""
    pending = ""
    for piece in pieces:
        pending += piece
        parts = pending.splitlines(keepends=True)
        pending = ""
        # The last part may go on in the next piece (a "\r" too: its "\n" may follow).
        if parts and (parts[-1][-1:] == "\r" or parts[-1].splitlines()[0] == parts[-1]):
            pending = parts.pop()
        for part in parts:
            yield part.splitlines()[0]
    if pending:
        yield pending.splitlines()[0]


def lines_of(text: str) -> Iterator[str]:
    """``text.splitlines()``, a line at a time rather than a list of them all."""
    return split_lines(text[i : i + CHUNK] for i in range(0, len(text), CHUNK))


def check_output(path: str, force: bool, command: str = "export") -> None:
    """Refuses, before any work, an output file that exists (without --force), is not a
    regular file, or cannot be written; and clears what an earlier run killed half-way left
    in that folder (bridgepad's temporary files that no living process is writing)."""
    shown = visible(path)
    if not path or path == "-":
        raise UsageError(f"bridgepad {command}: -o needs a file name; without -o the output goes to standard output.")
    parent = os.path.dirname(path) or "."
    try:
        st: os.stat_result | None = os.lstat(path)
    except FileNotFoundError:
        st = None
    except OSError as e:
        raise UsageError(f"bridgepad {command}: cannot write {shown}: {e.strerror or e}.") from None
    if st is not None and stat.S_ISDIR(st.st_mode):
        raise UsageError(f"bridgepad {command}: {shown} is a folder; give a file name.")
    if st is not None and not force:
        raise UsageError(f"bridgepad {command}: {shown} already exists; add --force to replace it.")
    if st is not None and not stat.S_ISLNK(st.st_mode):
        problem = kind_problem(st.st_mode)
        if problem:
            raise UsageError(f"bridgepad {command}: {shown}: {problem}; give the name of a file to write.")
    if not os.path.isdir(parent):
        raise UsageError(f"bridgepad {command}: cannot write {shown}: the folder {visible(parent)} does not exist.")
    atomic_file.sweep_temps(Path(parent))  # a killed export's, whatever its name


def write_output(path: str, text: str, force: bool, command: str = "export", encoding: str = "utf-8") -> None:
    """Writes exactly ``path``, whole or not at all: never through a symbolic link, never
    creating folders, never over a device, a pipe or a socket.

    Without ``force`` nothing may be at ``path`` when the finished file takes the name
    (a hard link, which fails if anything is there); with it, the finished file is
    renamed over the old one, replacing a link itself rather than what it points to.
    """
    shown = visible(path)
    try:
        export_file.write_export(Path(path), text, replace=force, encoding=encoding)
    except FileExistsError:
        raise UsageError(f"bridgepad {command}: {shown} already exists; add --force to replace it.") from None
    except atomic_file.NotAFile:
        raise UsageError(f"bridgepad {command}: {shown} is not a regular file; give the name of a file to write.") from None
    except IsADirectoryError:
        raise UsageError(f"bridgepad {command}: {shown} is a folder; give a file name.") from None
    except OSError as e:
        raise CannotWrite(f"bridgepad {command}: cannot write {shown}: {e.strerror or e}; nothing was written.") from None


def empty_file(name: str, command: str) -> UsageError:
    """The refusal of a file with nothing in it to work on: the same words from every command."""
    return UsageError(f"bridgepad {command}: {visible(name)}: there are no hands in it to {command}.")


def open_store(args: object) -> GameStore:
    """The data folder of ``--data-dir``, $BRIDGEPAD_DATA_DIR or the platform's, made if missing.

    A data folder that is a file, or that cannot be made, is refused in the same words
    by every command.
    """
    command = getattr(args, "command", None)
    root = game_store.data_dir(getattr(args, "data_dir", None))
    where, shown = f"bridgepad {command}" if command else "bridgepad", visible(str(root))
    if root.exists() and not root.is_dir():
        raise UsageError(f"{where}: the data folder {shown} is a file, not a folder; give another with --data-dir.")
    try:
        atomic_file.make_private_dirs(root)
    except (FileExistsError, NotADirectoryError):
        raise UsageError(
            f"{where}: the data folder {shown} cannot be made: part of its path is a file; give another with --data-dir."
        ) from None
    except OSError as e:
        raise UsageError(
            f"{where}: the data folder {shown} cannot be made: {e.strerror or e}; give another with --data-dir."
        ) from None
    return game_store.GameStore(root)


WRITER_WAIT = 2.0  # seconds a command waits for another writer to finish before refusing


@contextmanager
def holding_folder(store: GameStore, command: str, busy: Callable[[Holder | None], str] | None = None) -> Iterator[None]:
    """Holds the data folder's lock while a command changes the folder (``new``, ``import``,
    ``share --entry``).

    The same lock as the score pad's, so a command never writes under an open pad (or
    under another command): it waits a moment, then refuses in one line naming the holder
    (``busy``: the command's own sentence for who holds it).
    """
    try:
        with folder_lock.writer_lock(store.root, WRITER_WAIT, f"bridgepad {command}"):
            yield
    except folder_lock.FolderBusy as e:
        raise UsageError(f"bridgepad {command}: {busy(e.holder) if busy is not None else e}") from None
    except OSError as e:
        if e.filename is not None and Path(e.filename).name == "bridgepad.lock":
            raise UsageError(
                f"bridgepad {command}: cannot write to the data folder {visible(str(store.root))}: {e.strerror or e}."
            ) from None
        raise
