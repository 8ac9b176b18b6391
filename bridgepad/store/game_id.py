"""Game ids: one pattern for the names of game files, the ``current`` pointer and ``--game``.

An id names a file (``games/<id>.json``) and is shown in messages, exports and
spreadsheet cells, so it is plain ASCII: a letter or a digit first (never a dot, a
dash or a formula sign), then letters, digits, ``-`` and ``_``, 64 at most. Anything
else found where an id should be is refused before it is used.
"""

from __future__ import annotations

import os
import re
from datetime import datetime

MAX_ID_LENGTH = 64
GAME_ID = re.compile(rf"[A-Za-z0-9][A-Za-z0-9_-]{{0,{MAX_ID_LENGTH - 1}}}")
ID_HELP = "an id is letters, digits, - and _ (up to 64), such as 20260817-210301-ab12"


def is_game_id(text: object) -> bool:
    return isinstance(text, str) and GAME_ID.fullmatch(text) is not None


def id_time(game_id: str) -> datetime | None:
    """When a game began, from its id (``new_id`` writes the time first), in local time;
    None for an id that does not begin with one (an imported game's own)."""
    try:
        return datetime.strptime(game_id[:15], "%Y%m%d-%H%M%S").astimezone()
    except ValueError:
        return None


def new_id(at: datetime | None = None) -> str:
    """A fresh id: the start time (so ids sort as the games began) and four random hex digits."""
    return (at or datetime.now()).strftime("%Y%m%d-%H%M%S-") + os.urandom(2).hex()
