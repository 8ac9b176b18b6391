"""The boards a duplicate game knows the cards of, and the field that played them elsewhere.

A ``BoardSet`` is an input of its game, kept with it (``rules.game.Game.deals``): each
board's number, its cards and, when a club's results came with them, the field, the
N-S results the same cards earned at the club. Boards are kept by number, so a session
at many tables (or a later one) can attach the same deals board by board.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgepad.core.boards.cards import Deal
from bridgepad.core.model import Contract, Seat

MAX_BOARDS = 256  # boards in one set: a long session has 36, a weekend's many sets
MAX_FIELD = 256  # results of one board at the club: a big club's traveller, and then some
MAX_BOARD = 9_999  # board numbers go this high at most


@dataclass(frozen=True, slots=True)
class FieldResult:
    """One result of the field on a board: N-S's score, and the contract when the club said it."""

    ns_score: int
    contract: Contract | None = None  # None: passed out (score 0), or a score given alone
    declarer: Seat | None = None
    tricks: int | None = None  # declarer's tricks

    @property
    def text(self) -> str:
        """``4♠ N 10 +420``, ``+420`` alone, ``Pass 0``."""
        score = f"{self.ns_score:+,}" if self.ns_score else "0"
        if self.contract is None or self.declarer is None or self.tricks is None:
            return score
        return f"{self.contract.pretty} {self.declarer.value} {self.tricks} {score}"


@dataclass(frozen=True, slots=True)
class DealtBoard:
    board: int
    deal: Deal
    field: tuple[FieldResult, ...] = ()


@dataclass(frozen=True, slots=True)
class BoardSet:
    """Boards in increasing order of number, each once."""

    boards: tuple[DealtBoard, ...]

    def __post_init__(self) -> None:
        numbers = [b.board for b in self.boards]
        if numbers != sorted(set(numbers)):
            raise ValueError("a set's boards are each given once, in order")

    def board(self, number: int) -> DealtBoard | None:
        for b in self.boards:
            if b.board == number:
                return b
        return None

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(b.board for b in self.boards)

    @property
    def has_field(self) -> bool:
        return any(b.field for b in self.boards)

    @property
    def span(self) -> str:
        """``boards 1–16``, ``board 7``, ``boards 1–4, 9``: which boards the set has."""
        runs: list[list[int]] = []
        for n in self.numbers:
            if runs and n == runs[-1][-1] + 1:
                runs[-1].append(n)
            else:
                runs.append([n])
        parts = [f"{r[0]}–{r[-1]}" if len(r) > 1 else f"{r[0]}" for r in runs]
        word = "board" if len(self.boards) == 1 else "boards"
        return f"{word} {', '.join(parts)}"
