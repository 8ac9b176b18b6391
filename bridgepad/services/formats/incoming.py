"""What ``bridgepad import`` reads out of a file, whatever its format: games, each with
the id and times it had where it came from, or the reasons the whole file is refused.

Every reader (the log grammar, a bridgepad JSON export, a bridgepad PBN export)
checks each game as strictly as a game file is checked, and then by the same rules
as a game typed at the table: it replays, and nobody sits at two seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bridgepad.core.readers.people import check_players
from bridgepad.core.readers.serialize import is_time
from bridgepad.core.rules.game import Game
from bridgepad.core.rules.kinds import derive
from bridgepad.store.game_id import is_game_id


class FileRefused(ValueError):
    """A file that cannot be imported; ``problems`` holds ``(where, message)`` pairs.

    ``where`` is a line number, a place such as ``game 2``, or None for the whole file.
    """

    def __init__(self, problems: list[tuple[int | str | None, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(m for _, m in problems))

    def lines(self, filename: str) -> list[str]:
        out = []
        for where, message in self.problems:
            if where is None:
                out.append(f"{filename}: {message}")
            elif isinstance(where, int):
                out.append(f"{filename}:{where}: {message}")
            else:
                out.append(f"{filename}: {where}: {message}")
        return out


@dataclass(frozen=True, slots=True)
class Incoming:
    """One game read from a file: its inputs, and its id and times when the file had them."""

    game: Game
    id: str | None = None
    created: str | None = None
    updated: str | None = None


def valid_id(text: str) -> bool:
    """An id that can name a game file: the store's one pattern."""
    return is_game_id(text)


def valid_time(text: str) -> bool:
    """An ISO time with its offset, as bridgepad writes them (``2026-08-17T20:01:02+02:00``)."""
    return is_time(text) and datetime.fromisoformat(text).tzinfo is not None


def game_problem(game: Game) -> str | None:
    """Why a game read from a file cannot be stored; None when it can."""
    problem = check_players(game.players)
    if problem:
        return problem[:1].upper() + problem[1:]
    for hand in game.hands:
        if hand.at is not None and not valid_time(hand.at):
            return "a hand's entry time is not an ISO time such as 2026-08-17T20:01:02+02:00."
    try:
        derive(game)
    except ValueError as e:
        return f"its hands cannot be replayed: {e}."
    return None
