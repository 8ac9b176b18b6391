"""How sides and seats are labelled on screen: We/They, seats, and players' names."""

from __future__ import annotations

from bridgepad.core.game import Game
from bridgepad.core.model import Seat, Side


def side_label(game: Game, side: Side) -> str:
    """``We (N-S)``, or ``We: Ann & Cy`` when the players are named."""
    we = game.settings.we
    word = "We" if side is we else "They"
    a, b = (game.name(s) for s in side.seats)
    if a or b:
        return f"{word}: {a or side.seats[0].value} & {b or side.seats[1].value}"
    return f"{word} ({side.short})"


def seat_label(game: Game, seat: Seat) -> str:
    """``North``, or ``Ann (N)`` when named."""
    name = game.name(seat)
    return f"{name} ({seat.value})" if name else seat.word


def seat_label_fit(game: Game, seat: Seat, width: int) -> str:
    """``Ann (N)`` within ``width``: a long name is shortened, the seat always stays."""
    name = game.name(seat)
    if not name or width < 6:  # no room for a letter of the name, "…" and "(N)": the seat alone
        return seat.value
    room = width - 4
    if len(name) > room:
        name = name[: max(1, room - 1)] + "…"
    return f"{name} ({seat.value})"


def short_side(game: Game, side: Side) -> str:
    return "We" if side is game.settings.we else "They"


def side_word(game: Game, side: Side) -> str:
    """``We (N-S)`` or ``They (E-W)``, the pad's column heading."""
    return f"{short_side(game, side)} ({side.short})"


def side_names(game: Game, side: Side) -> str:
    """``Ann & Cy``, or empty when nobody at that side is named."""
    a, b = (game.name(s) for s in side.seats)
    if not (a or b):
        return ""
    return f"{a or side.seats[0].value} & {b or side.seats[1].value}"
