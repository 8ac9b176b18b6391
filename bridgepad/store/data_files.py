"""What bridgepad will read from its data folder: a regular file, under a size limit, as
JSON nested no deeper than a game is.

Every file in the data folder (a game, ``index.sqlite``, ``settings.json``, ``current``)
may have been put there by something other than bridgepad: a link to a device that
never ends, a named pipe that blocks the first reader for ever, a file of gigabytes,
JSON nested a hundred thousand deep, a number of five thousand digits. Each is refused
here with a reason a person can act on, before it can hang, exhaust memory or
overflow the stack: a special file is never opened, a link is never followed, a file
is never read past the limit, and JSON is measured before it is parsed.

No textual or rich here: the command line and the screens both read through it.
"""

from __future__ import annotations

import functools
import json
import os
import re
import stat
import sys
from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

# The largest data file read: a game of a thousand hands is about 150 KB, and an index
# of 30,000 games about 8 MB.
MAX_DATA_BYTES = 16 * 1024 * 1024
MAX_DATA_TEXT = "16 MB"  # the same, in words
# Deeper than any file bridgepad writes (a game is three levels deep, an export seven).
MAX_JSON_DEPTH = 32


class NotReadable(Exception):
    """A data file refused; ``reason`` is a clause for a sentence: "it is a named pipe".

    ``damaged``: the file itself can never be read (so it may be kept aside), as opposed
    to one that could not be opened this time (no permission, a disk error).
    """

    def __init__(self, reason: str, damaged: bool = True) -> None:
        self.reason = reason
        self.damaged = damaged
        super().__init__(reason)


_KINDS = (
    (stat.S_ISDIR, "it is a folder, not a file"),
    (stat.S_ISLNK, "it is a symbolic link, which bridgepad does not follow"),
    (stat.S_ISFIFO, "it is a named pipe (FIFO), not a file"),
    (stat.S_ISSOCK, "it is a socket, not a file"),
    (stat.S_ISCHR, "it is a device, not a file"),
    (stat.S_ISBLK, "it is a device, not a file"),
)


def kind_problem(mode: int) -> str | None:
    """Why a file of this ``st_mode`` is not read, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    for test, reason in _KINDS:
        if test(mode):
            return reason
    return "it is not a regular file"


def read_regular(path: Path, limit: int = MAX_DATA_BYTES) -> bytes:
    """The bytes of ``path`` if it is a regular file of at most ``limit`` bytes.

    Raises FileNotFoundError if there is nothing there, NotReadable otherwise. A
    special file is refused on its ``lstat`` without being opened (opening a device can
    act on it); the open then neither follows a link nor waits on a pipe put there
    since, and the file opened must be the one looked at.
    """
    return _read(path, limit, whole=True)[0]


def read_regular_stat(path: Path, limit: int = MAX_DATA_BYTES) -> tuple[bytes, os.stat_result]:
    """``read_regular``, and the stat of the file read (taken of the file once open): for a cache
    of what a file held, without a second look at it that another writer could come between."""
    return _read(path, limit, whole=True)


def read_head(path: Path, size: int) -> bytes:
    """The first ``size`` bytes of ``path``, read with the same care as ``read_regular``
    (for a look at a file's first fields without reading all of it)."""
    return _read(path, size, whole=False)[0]


def _read(path: Path, limit: int, *, whole: bool) -> tuple[bytes, os.stat_result]:
    try:
        before = os.lstat(path)
    except FileNotFoundError:
        raise
    except OSError as e:
        raise NotReadable(_strerror(e), damaged=False) from None
    problem = kind_problem(before.st_mode)
    if problem:
        raise NotReadable(problem)
    if whole and before.st_size > limit:
        raise NotReadable(_too_large(limit))
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    flags |= getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as e:
        raise NotReadable(_strerror(e), damaged=False) from None
    try:
        now = os.fstat(fd)
        if (now.st_dev, now.st_ino) != (before.st_dev, before.st_ino) or not stat.S_ISREG(now.st_mode):
            raise NotReadable("it changed while it was being opened", damaged=False)
        chunks: list[bytes] = []
        size = 0
        while True:  # a file may grow after the fstat: never read past the limit
            chunk = os.read(fd, min(1 << 20, limit + 1 - size) if whole else limit - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if whole and size > limit:
                raise NotReadable(_too_large(limit))
            if not whole and size >= limit:
                break
        return b"".join(chunks), now
    except OSError as e:
        raise NotReadable(_strerror(e), damaged=False) from None
    finally:
        os.close(fd)


def _too_large(limit: int) -> str:
    words = MAX_DATA_TEXT if limit == MAX_DATA_BYTES else f"{limit:,} bytes"
    return f"it is larger than {words}, more than such a file ever holds"


def _strerror(e: OSError) -> str:
    return f"it cannot be opened ({e.strerror or e})"


# Strings are cut out first, so that a bracket or a digit inside one counts for nothing.
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_EMPTY_PAIR = re.compile(r"\[\]|\{\}")
# Python refuses to read a whole number longer than this (4,300 digits by default).
_INT_DIGITS = getattr(sys, "get_int_max_str_digits", lambda: 4300)() or 4300
_TOO_LONG_NUMBER = re.compile(rf"[0-9]{{{_INT_DIGITS + 1},}}")


def _nested_too_deep(skeleton: str) -> bool:
    """True if brackets in ``skeleton`` (JSON without its strings) nest beyond MAX_JSON_DEPTH.

    Each round removes the innermost empty pairs, at the regular-expression engine's
    speed and without recursion; what still shrinks after MAX_JSON_DEPTH rounds is
    deeper than that. Brackets that do not pair are left for the JSON reader to name.
    """
    brackets = _NOT_BRACKET.sub("", skeleton)
    for _ in range(MAX_JSON_DEPTH):
        if not brackets:
            return False
        brackets, removed = _EMPTY_PAIR.subn("", brackets)
        if not removed:
            return False
    return _EMPTY_PAIR.search(brackets) is not None


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number bridgepad writes")


@functools.lru_cache(maxsize=8)
def _decoder(parse_float: Callable[[str], Any]) -> json.JSONDecoder:
    """A reader of JSON made once (``json.loads`` with options makes one for each text): every
    game of a rebuilt index is read through it."""
    return json.JSONDecoder(parse_constant=_refuse_constant, parse_float=parse_float)


def parse_json(raw: bytes, parse_float: Callable[[str], Any] = float) -> Any:
    """JSON from the bytes of a data file; NotReadable, with the reason, if it cannot be a bridgepad file.
    ``parse_float``: what a number with a fraction or an exponent is read as (json's own)."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise NotReadable("it is not UTF-8 text") from None
    if not text or text.isspace():
        raise NotReadable("it is empty")
    # No deeper than the number of brackets: most files are measured by that count alone.
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH and _nested_too_deep(_STRING.sub('""', text)):
        raise NotReadable(f"it is JSON nested more than {MAX_JSON_DEPTH} deep, deeper than any bridgepad file")
    try:
        return _decoder(parse_float).decode(text)
    except RecursionError:  # brackets that never close are not measured above, and end here
        raise NotReadable(f"it is JSON nested more than {MAX_JSON_DEPTH} deep, deeper than any bridgepad file") from None
    except ValueError:
        pass
    # Only now, for the reason: a number Python will not read is not a sign of a cut file.
    long = _TOO_LONG_NUMBER.search(_STRING.sub('""', text))
    if long is not None:
        raise NotReadable(f"it holds a number {len(long.group()):,} digits long, too long for any figure in a game")
    raise NotReadable("it is not valid JSON (perhaps cut short)")


def load_json(path: Path, limit: int = MAX_DATA_BYTES) -> Any:
    """``read_regular`` then ``parse_json``: FileNotFoundError or NotReadable."""
    return parse_json(read_regular(path, limit))


def keep_aside(path: Path) -> Path | None:
    """Renames an unreadable file out of the way, byte for byte, and returns where it went."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.corrupt-{stamp}")
    n = 1
    while os.path.lexists(target):
        n += 1
        target = path.with_name(f"{path.name}.corrupt-{stamp}-{n}")
    try:
        os.replace(path, target)
    except OSError:
        return None
    return target
