"""Where an export goes: a name a person can read, in their documents folder, never over
another file without being asked.

``file_name`` is the one rule for an export's name (``rubber-2026-11-27-ann-cy-v-bob-di.md``);
``write_new`` writes only a file that is not there yet, and ``replace`` writes over one the
player agreed to replace. No user-interface import: the export dialog and anything else
that proposes a name use these.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

from bridgepad.core.game import Game
from bridgepad.core.model import Side
from bridgepad.formats.registry import FORMATS

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
    ``rubber-2026-11-27.md``.
    """
    parts = [game.mode.value]
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


def write_new(path: Path, text: str) -> None:
    """Writes ``path`` only if nothing is there (not even a link): FileExistsError otherwise."""
    from bridgepad.atomic_file import write_user_file

    write_user_file(path, text, replace=False)


def replace(path: Path, text: str) -> None:
    """Writes over ``path`` whole or not at all (a link is replaced itself, not the file it points to)."""
    from bridgepad.atomic_file import write_user_file

    write_user_file(path, text, replace=True)
