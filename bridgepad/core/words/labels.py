"""The words for sides and seats: one home for the screens, the command line and the
exports, so that a partnership is "Ann & S" wherever it is named (each mode's words for
its deals, "Board 5", are its rules', ``bridgepad.core.rules.modes``).

Pure: a game or a record is asked only for its names (``name(seat)``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bridgepad.core.model import SEATS, Honors, Seat, Side
from bridgepad.core.rules.outcome import Mode
from bridgepad.core.words.text import fit


class Named(Protocol):
    """Anything that names the player at a seat ("" for nobody): a Game, a GameRecord."""

    def name(self, seat: Seat) -> str: ...


@dataclass(frozen=True, slots=True)
class Players:
    """Four names by seat, N E S W ("" for nobody), as a summary or a seating keeps them."""

    names: tuple[str, str, str, str]

    def name(self, seat: Seat) -> str:
        return self.names[SEATS.index(seat)]


# Sides and seats ----------------------------------------------------------------------------


def we_they(side: Side, we: Side) -> str:
    """``We`` or ``They`` (``Side.we_they``)."""
    return side.we_they(we)


def side_heading(side: Side, we: Side) -> str:
    """``We (N-S)`` or ``They (E-W)`` (``Side.heading``)."""
    return side.heading(we)


def partnership(named: Named, side: Side, escape: Callable[[str], str] = str) -> str:
    """``Ann & Cy``; a seat without a name is its letter (``Ann & S``), on the screen and in
    every export alike; "" when neither is named.

    ``escape`` dresses each name for where it goes (Markdown's escapes), not the letters.
    """
    names = [(named.name(s), s) for s in side.seats]
    if not any(n for n, _ in names):
        return ""
    return " & ".join(escape(n) if n else s.value for n, s in names)


def match_up(named: Named) -> str:
    """``Ann & Cy v Bob & Di``, N-S first; an unnamed seat by its letter; ``N-S v E-W`` for nobody."""
    if not any(named.name(s) for s in SEATS):
        return f"{Side.NS.short} v {Side.EW.short}"
    return " v ".join(" & ".join(named.name(s) or s.value for s in side.seats) for side in (Side.NS, Side.EW))


def tally_name(name: str, pair: bool) -> str:
    """A row of the tally: a player, or a side without names whose figures are each player's share."""
    return f"{name} (each)" if pair else name


def seat_label(named: Named, seat: Seat) -> str:
    """``North``, or ``Ann (N)`` when named."""
    name = named.name(seat)
    return f"{name} ({seat.value})" if name else seat.word


def seat_label_fit(named: Named, seat: Seat, width: int) -> str:
    """``Ann (N)`` within ``width``: a long name is shortened, the seat always stays."""
    name = named.name(seat)
    if not name or width < 6:  # no room for a letter of the name, "…" and "(N)": the seat alone
        return seat.value
    return f"{fit(name, max(2, width - 4))} ({seat.value})"


def seat_label_wide(named: Named, seat: Seat, width: int) -> str:
    """``South`` or ``Ann (N)`` where ``width`` holds it (a wide hand list), else as ``seat_label_fit``."""
    whole = seat_label(named, seat)
    return whole if len(whole) <= width else seat_label_fit(named, seat, width)


def honors_label(honors: Honors | None, we: Side) -> str:
    """Honors in a hand list's cell: ``We 100``, ``They 150``; nothing when none were held."""
    if honors is None:
        return ""
    return f"{'We' if honors.side is we else 'They'} {honors.points}"


def hand_word(mode: Mode, number: int, deal: int | None) -> str:
    """A hand played, inside a sentence: ``hand 3``, or ``board 7`` at duplicate (``Edit board 7``)."""
    return f"board {deal}" if mode is Mode.DUPLICATE else f"hand {number}"


# Results ----------------------------------------------------------------------------------

REVOKE_MARK = "†"  # beside a result scored after a revoke's transfer; the hand's explanation says which


def result_label(result: str, revoked: bool) -> str:
    """A hand's result as scored, as the hand list and the exports show it: ``+1``, ``-2†`` after a revoke."""
    return result + REVOKE_MARK if revoked else result
