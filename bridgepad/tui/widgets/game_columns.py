"""What the history and the trash both show of a game: who played it and when it began."""

from __future__ import annotations

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.words.labels import Players, match_up


def players_text(s: GameSummary) -> str:
    """``Ann & Cy v Bob & Di``; a game of several tables: its tables and who leads."""
    if s.several:
        return f"{s.tables} tables, {s.boards} boards: {s.leaders or 'no board compared yet'}"
    return match_up(Players(s.players))


def started_text(s: GameSummary) -> str:
    t = s.started
    return t.strftime("%Y-%m-%d %H:%M") if t else s.written[:16].replace("T", " ")
