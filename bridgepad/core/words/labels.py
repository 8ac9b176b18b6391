"""The words for sides and seats: one home for the screens, the command line and the
exports, so that a partnership is "Ann & S" wherever it is named (each mode's words for
its deals, "Board 5", are its rules', ``bridgepad.core.rules.modes``).

Pure: a game or a record is asked only for its names (``name(seat)``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bridgepad.core.model import SEATS, Seat, Side
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


def partnership(named: Named, side: Side, escape: Callable[[str], str] = str, *, letters: bool = True) -> str:
    """``Ann & Cy``; a seat without a name is its letter (``Ann & S``), or with ``letters``
    off is left out (``Ann``: an export lists only the people); "" when neither is named.

    ``escape`` dresses each name for where it goes (Markdown's escapes), not the letters.
    """
    names = [(named.name(s), s) for s in side.seats]
    if not any(n for n, _ in names):
        return ""
    return " & ".join(escape(n) if n else s.value for n, s in names if n or letters)


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
