"""Each kind of game's face in words: what the words ask a game's kind, instead of asking
which kind it is.

The pad's game is said from its hands and its mode's rules (``pad_game``, with ``summary``'s
sentences); the evening of many tables from its tables' figures (``several_text``). A face
is loaded when a game of its kind is first put into words.
"""

from __future__ import annotations

import functools
from importlib import import_module
from typing import TYPE_CHECKING, Protocol

from bridgepad.core.rules.kinds import kind_of

if TYPE_CHECKING:
    from bridgepad.core.model import Side
    from bridgepad.core.rules.game import Game, GameState

__all__ = ["KindWords", "words_of"]


class KindWords(Protocol):
    """How one kind of game is said."""

    def headline(self, st: GameState, we: Side) -> str:
        """One sentence: who won and how, or how things stand (``we``: the side the pad writes as We)."""
        ...


# The module of each kind's face (``WORDS`` in it), by the kind's name (``GameKind.name``).
_FACES = {
    "pad": "bridgepad.core.words.pad_game",
    "tables": "bridgepad.core.words.several_text",
}


@functools.cache  # every game of a rebuilt index has its headline: the module looked up once a kind
def _face(name: str) -> KindWords:
    face: KindWords = import_module(_FACES[name]).WORDS
    return face


def words_of(game: Game) -> KindWords:
    """The face of ``game``'s kind in words."""
    return _face(kind_of(game).name)
