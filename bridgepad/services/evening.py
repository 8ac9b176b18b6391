"""Tonight at the table, from the history's index: who played each game and who waited.

The new-game dialog offers these names as a player types, and proposes the next
rubber's seats from them (``bridgepad.core.evening.rotation``). Only the summary index is
read, never every game file, so the dialog opens as fast with years of games as
with one evening's. No textual or rich here.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.evening.rotation import NextRubber, RotationError, Seating, next_rubber
from bridgepad.core.evening.windows import Window, window_start
from bridgepad.core.model import Seat
from bridgepad.core.rules.game import Game
from bridgepad.services.history import History


@dataclass(frozen=True, slots=True)
class Evening:
    seatings: tuple[Seating, ...]  # tonight's games that were played, oldest first
    names: tuple[str, ...]  # everyone at the table tonight, the most recent game's first

    def next_rubber(self, deals_next: Seat | None = None) -> NextRubber | RotationError:
        """The proposal for the next rubber, or why there is none; ``deals_next`` as ``rotation.next_rubber`` takes it."""
        try:
            return next_rubber(self.seatings, deals_next)
        except RotationError as e:
            return e


def tonight(history: History, current_id: str, current: Game, now: datetime | None = None) -> Evening:
    """The evening so far: tonight's games from ``history``'s index, then ``current``, the game on the pad.

    A game with no hand is not counted as played (a rubber just started and not begun).
    The history is only looked at: a dialog that offers names writes nothing and sets
    nothing aside.
    """
    summaries = history.summaries(look_only=True)
    # Tonight as the tally has it: the evening, not the calendar day (bridgepad.core.evening.windows).
    start = window_start(Window.TONIGHT, now, summaries)
    earlier = [s for s in summaries if s.id != current_id and _tonight(s, start)]
    earlier.sort(key=lambda s: (s.timestamp or 0.0, s.id))
    seatings = [Seating(s.players, s.sitting_out) for s in earlier if s.hands]
    if current.hands:
        seatings.append(Seating(current.players, current.sitting_out))
    names: list[str] = []
    for seating in [Seating(current.players, current.sitting_out), *reversed(seatings)]:
        for name in seating.table:
            if name and name not in names:
                names.append(name)
    return Evening(tuple(seatings), tuple(names))


def _tonight(s: GameSummary, start: datetime | None) -> bool:
    started = s.started
    return start is None or (started is not None and started >= start)
