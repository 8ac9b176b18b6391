"""Who is who: the players behind the names at the four seats.

A name stands for a person. The same person cannot sit at two seats of one game, so
two seats with the same name are refused wherever names come in (the new-game dialog,
``bridgepad new --players``, a log's ``players`` line, an imported file), by the one
check here. Names are compared as people read them: letter case and runs of spaces
do not make another person ("Ann" and "ann " are the same player). The tally groups
a player's games by the same key.

A seat without a name is nobody in particular: it is shown by its seat ("West") but
never counted as a person (see ``bridgepad.core.evening.tally`` for how such a side settles).
"""

from __future__ import annotations

from collections.abc import Sequence

from bridgepad.core.model import SEATS, Seat
from bridgepad.core.readers.notation import NotationError, check_name

MAX_WAITING = 2  # a table is four playing and at most two waiting: six, a full table


def person_key(name: str) -> str:
    """The key a name is known by: spaces tidied, letter case ignored ("" for no name)."""
    return " ".join(name.split()).casefold()


def same_name_seats(names: Sequence[str]) -> dict[Seat, str]:
    """For each seat whose name is already at an earlier seat (N, E, S, W order), why it is refused.

    >>> same_name_seats(("Ann", "Bob", "ann", ""))
    {<Seat.S: 'S'>: 'Ann already sits North: a player has one seat.'}
    """
    seen: dict[str, Seat] = {}
    errors: dict[Seat, str] = {}
    for seat, name in zip(SEATS, names):
        key = person_key(name)
        if not key:
            continue
        first = seen.get(key)
        if first is None:
            seen[key] = seat
        else:
            errors[seat] = f"{' '.join(names[SEATS.index(first)].split())} already sits {first.word}: a player has one seat."
    return errors


def check_players(names: Sequence[str]) -> str | None:
    """The first reason these four names cannot sit together, naming the seat; None if they can."""
    errors = same_name_seats(names)
    if not errors:
        return None
    seat, why = next(iter(errors.items()))
    return f"{seat.word}: {why}"


def check_sitting_out(names: Sequence[str], seated: tuple[str, ...] = ()) -> tuple[str, ...]:
    """Names of players waiting, tidied and checked; ``seated`` are the four seats' names,
    since nobody both plays and waits. Empty names are dropped. Names are compared as
    people are: letter case aside."""
    out: list[str] = []
    at_the_table = {n.casefold() for n in seated}
    for text in names:
        name = check_name(text, "a player sitting out")
        if not name:
            continue
        if name.casefold() in {n.casefold() for n in out}:
            raise NotationError(f"{name} is named twice among those sitting out.")
        if name.casefold() in at_the_table:
            raise NotationError(f"{name} has a seat in this game, so does not sit out.")
        out.append(name)
    if len(out) > MAX_WAITING:
        raise NotationError(f"At most {MAX_WAITING} sit out, names separated by commas: a full table is six.")
    return tuple(out)
