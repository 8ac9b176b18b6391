"""What the record knows of a board beyond its score: its cards, double dummy and the field.

For each board of a duplicate game whose cards are known (``Game.deals``): the deal, its
dealer and vulnerability by the board schedule, the solver's answer when it has one (the
double-dummy cache the game's file keeps, ``Solved``), the club's field, and the home
result set against it. Every output reads these facts through the one record.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bridgepad.core.boards.board_set import FieldResult
from bridgepad.core.boards.cards import Deal
from bridgepad.core.boards.double_dummy import Solution, Solved
from bridgepad.core.model import Seat, Side
from bridgepad.core.rules.boards import board_dealer
from bridgepad.core.rules.duplicate import Comparison
from bridgepad.core.rules.field import FieldStanding, against_field, field_standing
from bridgepad.core.rules.game import Game
from bridgepad.core.rules.vulnerability import board_vulnerable


@dataclass(frozen=True, slots=True)
class BoardFacts:
    board: int
    deal: Deal
    dealer: Seat
    vulnerable: frozenset[Side]
    solution: Solution | None  # None: not solved yet
    field: tuple[FieldResult, ...]
    against_field: Comparison | None  # the home result against the field (None: no field, or not played)


def board_facts(game: Game, board: int, ns_score: int | None, solved: Solved) -> BoardFacts | None:
    """The facts of ``board`` in ``game`` (None when its cards are not known); ``ns_score``:
    the home N-S score, or None for a board not played at home."""
    deals = game.deals
    dealt = deals.board(board) if deals is not None else None
    if dealt is None:
        return None
    vs = against_field(ns_score, dealt.field) if dealt.field and ns_score is not None else None
    return BoardFacts(
        board,
        dealt.deal,
        board_dealer(board),
        board_vulnerable(board),
        solved.get((board, dealt.deal)),
        dealt.field,
        vs,
    )


def all_board_facts(game: Game, solved: Solved) -> tuple[BoardFacts, ...]:
    """Every board of the game's set, played or not (for a hand record)."""
    if game.deals is None:
        return ()
    out = []
    for b in game.deals.boards:
        facts = board_facts(game, b.board, None, solved)
        assert facts is not None
        out.append(facts)
    return tuple(out)


def standing_against_field(facts: Iterable[BoardFacts | None], game: Game) -> FieldStanding | None:
    """The session against the field over the boards played that have one."""
    comparisons = [f.against_field for f in facts if f is not None and f.against_field is not None]
    return field_standing(comparisons, game.settings.pairs_percentage)
