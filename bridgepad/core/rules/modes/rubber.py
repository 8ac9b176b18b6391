"""Rubber bridge: the best of three games; vulnerable once a side has won a game.

Two games win the rubber and its bonus (700 two games to none, 500 two to one). Ended
early, a side with a game scores 300, a side with a part score in the open game 100.
"""

from __future__ import annotations

from typing import ClassVar

from bridgepad.core.model import SIDES, Side
from bridgepad.core.rules import tables
from bridgepad.core.rules.modes.base import Play
from bridgepad.core.rules.modes.pad_games import PadGameRules
from bridgepad.core.rules.outcome import Mode, Status
from bridgepad.core.rules.scoring import Kind
from bridgepad.core.rules.settings import Settings
from bridgepad.core.rules.vulnerability import rubber_vulnerable

_NS, _EW = Side.NS, Side.EW  # asked for every hand replayed: looked up once (an enum's class attribute is slow)


class RubberRules(PadGameRules):
    mode: ClassVar[Mode] = Mode.RUBBER
    deal_column: ClassVar[str] = "#"
    ending_early: ClassVar[str] = (
        f"A side with a game scores {tables.UNFINISHED_GAME}, "
        f"a side with a part score in the open game {tables.UNFINISHED_PART_SCORE}."
    )

    def deal_label(self, deal: int) -> str:
        return f"Hand {deal}"

    def hand_label(self, number: int, deal: int | None) -> str:
        return f"Hand {number}"

    def deal_cell(self, number: int, deal: int | None) -> str:
        return str(number)  # a rubber's hands are simply in order

    def event(self, settings: Settings) -> str:
        return "Rubber bridge"

    def vulnerable(self, p: Play) -> frozenset[Side]:
        games = p.games
        return rubber_vulnerable(games[_NS], games[_EW])

    def next_deal(self, p: Play) -> int:
        return len(p.outcomes) + 1

    def after(self, p: Play, made_game: Side | None) -> None:
        if made_game is not None and p.games[made_game] >= 2:
            pts = tables.rubber_bonus(p.games[made_game.other])
            how = "two games to none" if p.games[made_game.other] == 0 else "two games to one"
            p.bonus(made_game, pts, Kind.RUBBER, f"rubber bonus, {how}: {pts}")
            p.status = Status.WON

    def end(self, p: Play) -> None:
        for s in SIDES:
            if p.games[s] > 0:
                pts = tables.UNFINISHED_GAME
                p.bonus(s, pts, Kind.UNFINISHED_GAME, f"unfinished rubber, a game: {pts}")
        for s in SIDES:
            if p.open_below[s] > 0:
                pts = tables.UNFINISHED_PART_SCORE
                p.bonus(s, pts, Kind.UNFINISHED_PART_SCORE, f"unfinished rubber, a part score in the open game: {pts}")
