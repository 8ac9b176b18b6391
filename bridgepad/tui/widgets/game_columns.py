"""What the history and the trash both show of a game: who played it and when it began."""

from __future__ import annotations

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.words.labels import Players, match_up
from bridgepad.tui import kinds


def players_text(s: GameSummary) -> str:
    """``Ann & Cy v Bob & Di``, or what the game's kind shows in their place."""
    own = kinds.face_of_summary(s).players
    return own(s) if own is not None else match_up(Players(s.players))


def started_text(s: GameSummary) -> str:
    t = s.started
    return t.strftime("%Y-%m-%d %H:%M") if t else s.written[:16].replace("T", " ")
