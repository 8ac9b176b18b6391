"""The pad's game in words: its sentences are ``summary``'s, from its hands and its mode's rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from bridgepad.core.words.summary import one_table_headline

if TYPE_CHECKING:
    from bridgepad.core.model import Side
    from bridgepad.core.rules.game import GameState


class PadWords:
    def headline(self, st: GameState, we: Side) -> str:
        return one_table_headline(st, we)


WORDS = PadWords()
