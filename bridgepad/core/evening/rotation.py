"""Who plays the next rubber, and where: partners changing at a table of four, five or six.

Partners
    Between rubbers the partnerships rotate: North keeps the seat and the other three
    move one seat clockwise (East to South, South to West, West to East). With four
    players each partners each of the other three once over three rubbers.

Five or six players: who sits out
    The rule of the laws of rubber bridge on "cutting out" (the laws of auction and
    contract bridge at a rubber table, as in J. B. Elwell, *Bridge Axioms and Laws*,
    "Cutting out"): at the end of a rubber, when players are waiting to come in, those
    who have played the greatest number of consecutive rubbers go out, as many as come
    in, and a tie is settled by a cut. bridgepad cannot cut cards, so it settles a tie
    the same way every time: the one who has played more rubbers tonight goes out, and
    then the one sitting first clockwise from North. Everyone waiting comes in, each to
    the seat of one going out (in the order they were listed as sitting out), and then
    the partners rotate as above. Six is a full table: four play and two wait. The
    players can type other seats over the proposal.

The deal
    The deal passes to the left of the person who dealt last, not of the seat: when the
    partners change, the one who dealt the last hand sits elsewhere, and the first hand of
    the next rubber is dealt by whoever sits on their left now (by the one who came in for
    them, if they went out). Passed on by seat, the one who dealt last would often deal again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bridgepad.core.model import SEATS, Seat
from bridgepad.core.readers.people import MAX_WAITING
from bridgepad.core.words.labels import Players, match_up


class RotationError(ValueError):
    """The evening so far does not say who plays next; the message, a clause that follows
    "Next rubber:", says what is missing."""


@dataclass(frozen=True, slots=True)
class Seating:
    """Who played one game of the evening: the names by seat (N, E, S, W) and who waited."""

    players: tuple[str, str, str, str]
    sitting_out: tuple[str, ...] = ()

    @property
    def table(self) -> tuple[str, ...]:
        """Everyone at the table: the four seated, then those waiting."""
        return self.players + self.sitting_out


@dataclass(frozen=True, slots=True)
class NextRubber:
    """The seating proposed for the next rubber, and why."""

    seating: Seating
    going_out: tuple[str, ...]  # in the order of their seats, North first
    coming_in: tuple[str, ...]  # each takes the seat of the one going out at the same place
    in_a_row: dict[str, int]  # consecutive rubbers played by each one going out, this rubber included
    first_dealer: Seat | None = None  # who deals first in the new seating (None: not asked)

    @property
    def text(self) -> str:
        """``Eve in for Ann (3 in a row); Eve & Cy v Bob & Di``: who comes in for whom, how many
        rubbers running the one going out has played, and the partnerships that follow."""
        partners = match_up(Players(self.seating.players))
        if not self.coming_in:
            return f"partners rotate: {partners}"
        swaps = " and ".join(f"{new} in for {old}" for new, old in zip(self.coming_in, self.going_out))
        runs = [self.in_a_row[p] for p in self.going_out]
        if len(set(runs)) == 1:
            why = f"{runs[0]} in a row" + (" each" if len(runs) > 1 else "")
        else:
            why = ", ".join(f"{p} {r}" for p, r in zip(self.going_out, runs)) + " in a row"
        return f"{swaps} ({why}); {partners}"


def in_a_row(evening: Sequence[Seating], name: str) -> int:
    """How many of the evening's last games ``name`` has played without sitting one out."""
    run = 0
    for seating in reversed(evening):
        if name not in seating.players:
            break
        run += 1
    return run


def played(evening: Sequence[Seating], name: str) -> int:
    """How many of the evening's games ``name`` has played."""
    return sum(1 for seating in evening if name in seating.players)


# Where each seat's player sits after the partners rotate: North stays, East to South, South to
# West, West to East (``next_rubber``).
_ROTATED_TO = {Seat.N: Seat.N, Seat.E: Seat.S, Seat.S: Seat.W, Seat.W: Seat.E}


def next_rubber(evening: Sequence[Seating], deals_next: Seat | None = None) -> NextRubber:
    """The seating for the game after the evening's last one (``evening`` oldest first).

    ``deals_next``: the seat that would deal the next hand at the last game's seating; the
    proposal's ``first_dealer`` is then the seat on the left of the one who dealt before it,
    wherever the rotation puts them (or the one who came in for them)."""
    if not evening:
        raise RotationError("no game has been played tonight yet")
    last = evening[-1]
    if not all(last.players):
        raise RotationError("name all four players of this game first")
    if len(set(last.table)) != len(last.table):
        raise RotationError("a name is at two places at this table: give each player one")
    if len(last.sitting_out) > MAX_WAITING:
        raise RotationError(f"at most {MAX_WAITING} can sit out: a full table is six")
    order = {name: i for i, name in enumerate(last.players)}

    def first_out(name: str) -> tuple[int, int, int]:
        return (-in_a_row(evening, name), -played(evening, name), order[name])

    going = set(sorted(last.players, key=first_out)[: len(last.sitting_out)])
    going_out = tuple(p for p in last.players if p in going)  # seat order, North first
    coming_in = last.sitting_out
    seats = list(last.players)
    for old, new in zip(going_out, coming_in):
        seats[seats.index(old)] = new
    n, e, s, w = seats
    rotated = (n, w, e, s)  # North stays; East moves to South, South to West, West to East
    first_dealer = None
    if deals_next is not None:
        dealt_last = SEATS[(SEATS.index(deals_next) - 1) % 4]
        first_dealer = _ROTATED_TO[dealt_last].next
    return NextRubber(
        Seating(rotated, going_out), going_out, coming_in, {p: in_a_row(evening, p) for p in going_out}, first_dealer
    )
