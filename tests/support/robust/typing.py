"""Typing hands into the real app in a pty, and knowing which were shown.

Every key lands where it was meant, however fast it comes (test_type_ahead_terminal.py types
bursts with no wait at all); here the typist waits for the form after ``+`` only so that
a kill or a closed terminal can be timed against a form known to be open, then types the
rest of the hand in one write.  The hands chosen never make a game, so one rubber takes
them all and the status bar's ``Hand N`` counts them.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

from bridgepad.core.model import Hand
from support.builders import hand
from support.robust.pty_app import PtyApp

# contract, declarer, tricks: every one goes down, or is passed out.
NO_GAME_HANDS: tuple[tuple[str, str, str], ...] = (
    ("pass", "", ""),
    ("4s", "n", "8"),
    ("3nt", "e", "7"),
    ("2hx", "s", "6"),
    ("5dxx", "w", "9"),
    ("1c", "n", "5"),
    ("6s", "e", "11"),
    ("7nt", "w", "0"),
)

# What the entry form says when a field cannot be read.
REFUSED = r"is not a|is empty|Say who declared|has no strain|must be 1 to 7|is impossible|cannot go here"


def hand_of(fields: tuple[str, str, str]) -> Hand:
    """The hand the form records for ``fields`` (contract, declarer, result)."""
    return hand(*fields)


def type_hand(
    app: PtyApp,
    fields: tuple[str, str, str],
    number: int,
    timeout: float = 30.0,
    after_enter: Callable[[], None] | None = None,
) -> str:
    """Types one hand as hand ``number``.

    Returns "shown" once the status bar reads ``Hand number+1``, "entered" if Enter
    was pressed but the screen did not show it (the app ended, or ``timeout`` seconds of given
    time passed), "refused" if the form said a field could not be read, "gone" if the app
    stopped before the form opened.
    """
    contract, declarer, result = fields
    mark = app.mark()
    if not app.type("+") or app.wait_for("Enter records", since=mark, timeout=timeout) is None:
        return "gone"
    keys = contract if not declarer else f"{contract}\t{declarer}\t{result}"
    if not app.type(keys + "\r"):
        return "gone"
    if after_enter is not None:
        after_enter()
    m = app.wait_for(re.compile(rf"Hand {number + 1} · Games|{REFUSED}"), since=mark, timeout=timeout)
    if m is None:
        return "entered"
    return "shown" if m.group(0).startswith("Hand") else "refused"


def pick(rng: random.Random) -> tuple[str, str, str]:
    return rng.choice(NO_GAME_HANDS)
