"""Where an export goes: a name a person can read, in their documents folder, never over
another file without being asked.

``file_name`` is the one rule for an export's name (``rubber-2026-11-27-ann-cy-v-bob-di.md``);
``write_export`` the one way an export is written, by ``bridgepad export -o`` and by the
export dialog alike: atomic, and never over a file unless asked. No user-interface
import: the export dialog and anything else that proposes a name use these.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from bridgepad.core.model import Side
from bridgepad.core.rules.game import Game
from bridgepad.services.formats.kinds import formats_of
from bridgepad.services.formats.registry import FORMATS

NAME_LIMIT = 100  # characters before the extension: long names are cut, the date and mode stay


def _slug(text: str) -> str:
    """``Ann-Marie O'Neil`` → ``ann-marie-o-neil``; letters with accents lose them; "" when nothing is left."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")


def _side(game: Game, side: Side) -> str:
    return "-".join(_slug(game.name(seat)) or seat.value.lower() for seat in side.seats)


def file_name(game: Game, created: str, fmt: str) -> str:
    """``rubber-2026-11-27-ann-cy-v-bob-di.md``: the mode, the day it started, N-S v E-W.

    Seats without a name are their letter (``ann-s-v-e-di``); a game without names is
    ``rubber-2026-11-27.md``; a game of many tables is named by its kind (``mitchell-4-tables-2026-12-04.md``).
    """
    parts = formats_of(game).file_name_parts(game)
    day = created[:10]
    if re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", day):
        parts.append(day)
    if any(game.players):
        parts.append(f"{_side(game, Side.NS)}-v-{_side(game, Side.EW)}")
    stem = "-".join(parts)[:NAME_LIMIT].rstrip("-")
    return f"{stem}.{FORMATS[fmt].extension}"


def with_format(path: str, fmt: str) -> str:
    """``path`` with its extension changed to ``fmt``'s, when it ends in one of the formats'."""
    stem, dot, ext = path.rpartition(".")
    known = {f.extension for f in FORMATS.values()}
    if dot and ext.lower() in known:
        return f"{stem}.{FORMATS[fmt].extension}"
    return path


def export_folder() -> Path:
    """The user's documents folder if there is one, else their home."""
    import platformdirs

    docs = platformdirs.user_documents_path()
    return docs if docs.is_dir() else Path.home()


def write_export(path: Path, text: str, *, replace: bool = False, encoding: str = "utf-8") -> None:
    """The one way an export is written, from the command line and from the export dialog:
    whole or not at all (a temporary file, fsynced, then given the name), readable as the
    user's other files are, never over a device, a pipe or a socket, never making folders.

    Without ``replace`` nothing may be at ``path`` (not even a link) when the finished file
    takes the name: FileExistsError, the old file untouched. With it (the player said
    yes, or gave ``--force``) an existing file is replaced, a link itself and not what it
    points to. The text is written in ``encoding``: the format's (``Format.encoding``).
    """
    from bridgepad.store.atomic_file import atomic_write, sweep_temps, user_file_mode

    sweep_temps(path.parent)  # what a killed export to this folder left, under any name
    atomic_write(path, text.encode(encoding), user_file_mode(), replace=replace, files_only=True, make_folders=False)
