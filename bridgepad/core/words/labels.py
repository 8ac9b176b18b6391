"""The words for sides, seats and each mode's deals: one home for the screens, the command
line and the exports, so that a board is "Board 5" and a partnership "Ann & S" wherever
it is named.

Pure: a game or a record is asked only for its names (``name(seat)``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

from bridgepad.core.model import SEATS, Seat, Side
from bridgepad.core.rules.game import Mode
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
    """``We`` for the partnership the pad writes as We (``settings.we``), ``They`` for the other."""
    return "We" if side is we else "They"


def side_heading(side: Side, we: Side) -> str:
    """``We (N-S)`` or ``They (E-W)``: a pad's column heading."""
    return f"{we_they(side, we)} ({side.short})"


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


# The mode's words -----------------------------------------------------------------------------


def mode_title(mode: Mode) -> str:
    """``Rubber``, ``Chicago``, ``Duplicate``: a heading's word."""
    return mode.word.capitalize()


def game_title(mode: Mode, number: int) -> str:
    """``Rubber 3``: the game's place in the evening (or in a log replayed)."""
    return f"{mode_title(mode)} {number}"


def deal_label(mode: Mode, deal: int) -> str:
    """The deal to come or being entered: ``Hand 5``, ``Deal 2 of 4``, ``Board 7``."""
    if mode is Mode.CHICAGO:
        return f"Deal {deal} of 4"
    if mode is Mode.DUPLICATE:
        return f"Board {deal}"
    return f"Hand {deal}"


def hand_label(mode: Mode, number: int, deal: int | None) -> str:
    """A hand played: ``Hand 3``, ``Hand 3, deal 2 of 4`` (``redealt`` for a Chicago pass-out), ``Board 7``."""
    if mode is Mode.DUPLICATE:
        return f"Board {deal}"
    if mode is Mode.CHICAGO:
        return f"Hand {number}, deal {deal} of 4" if deal is not None else f"Hand {number}, redealt"
    return f"Hand {number}"


def hand_word(mode: Mode, number: int, deal: int | None) -> str:
    """A hand played, inside a sentence: ``hand 3``, or ``board 7`` at duplicate (``Edit board 7``)."""
    return f"board {deal}" if mode is Mode.DUPLICATE else f"hand {number}"


def deal_column(mode: Mode) -> str:
    """The hand list's first column: ``#``, ``Deal``, ``Bd``."""
    return {Mode.RUBBER: "#", Mode.CHICAGO: "Deal", Mode.DUPLICATE: "Bd"}[mode]


# Results ----------------------------------------------------------------------------------

REVOKE_MARK = "†"  # beside a result scored after a revoke's transfer; the hand's explanation says which


def result_label(result: str, revoked: bool) -> str:
    """A hand's result as scored, as the hand list and the exports show it: ``+1``, ``-2†`` after a revoke."""
    return result + REVOKE_MARK if revoked else result
