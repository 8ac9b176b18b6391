"""Typing hands into the real app in a pty, one field at a time, and knowing which were shown.

A Tab typed hard on the heels of other keys can be handled after them (see
test_robust_input.py::test_typing_ahead_a_hand_in_one_burst_records_it), so the typist waits after
each Tab, as the entry form needs, and waits for the form to open after ``+``.
The hands chosen never make a game, so one rubber takes them all and the status
bar's ``Hand N`` counts them; a hand mistyped for any reason is refused by the
form (never recorded as another hand), and the typist then escapes and retries.
"""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable

from builders import hand

from bridgepad.core.model import Hand
from robust_support.pty_app import PtyApp

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

TAB_PAUSE = 0.1
# What the entry form says when a field cannot be read.
REFUSED = r"is not a|is empty|Say who declared|has no strain|must be 1 to 7|is impossible|cannot go here"


def hand_of(fields: tuple[str, str, str]) -> Hand:
    """The hand the form records for ``fields`` (contract, declarer, result)."""
    return hand(*fields)


def type_hand(
    app: PtyApp,
    fields: tuple[str, str, str],
    number: int,
    timeout: float = 4.0,
    after_enter: Callable[[], None] | None = None,
) -> str:
    """Types one hand as hand ``number``.

    Returns "shown" once the status bar reads ``Hand number+1``, "entered" if Enter
    was pressed but the screen did not show it, "gone" if the app stopped first.
    """
    contract, declarer, result = fields
    mark = app.mark()
    if not app.type("+") or app.wait_for("Enter records", since=mark, timeout=timeout) is None:
        return "gone"
    time.sleep(0.03)
    keys = [contract] if not declarer else [contract, "\t", declarer, "\t", result]
    for k in keys:
        if not app.type(k):
            return "gone"
        if k == "\t":
            time.sleep(TAB_PAUSE)
    if not app.type("\r"):
        return "gone"
    if after_enter is not None:
        after_enter()
    m = app.wait_for(re.compile(rf"Hand {number + 1} · Games|{REFUSED}"), since=mark, timeout=timeout)
    return "shown" if m is not None and m.group(0).startswith("Hand") else "entered"


def pick(rng: random.Random) -> tuple[str, str, str]:
    return rng.choice(NO_GAME_HANDS)
