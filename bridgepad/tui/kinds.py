"""The kinds of game as the screens show them: one registry, by the names of the core's kinds
(``GameKind.name``), the one place of the screens that knows which kinds there are.

A kind's face is what the screens do differently for it: the screen that shows a game of
that kind on the pad, the one that reviews it from the history, the status line's words
under the title, the help's first words and first keys, and a history line's columns. The
pad's game (rubber, Chicago, one table's duplicate) is the screens' own way, written in the
generic modules; the evening of several tables has its face in ``tui.several_tables``.

A face is named here by its module, imported the first time a game of its kind is shown:
the pad starts without the tables' screens, and the status line, the help and the history,
which sit below the screens, ask here rather than import the screens above them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from bridgepad.core.rules.kinds import kind_of

if TYPE_CHECKING:
    from textual.screen import Screen

    from bridgepad.core.evening.game_summary import GameSummary
    from bridgepad.core.rules.game import Game, GameState
    from bridgepad.services.session import Session
    from bridgepad.store.game_store import StoredGame

__all__ = ["KindFace", "face", "face_of", "face_of_summary", "game_screen", "review_screen"]

Part = tuple[str, str]  # a piece of the status line: its words and its look (``looks``)


@dataclass(frozen=True, slots=True)
class KindFace:
    """What the screens show of one kind of game; what is None is the pad's way."""

    game_screen: str  # "module:Class" of the screen the app shows a game of this kind on
    review_screen: str  # "module:Class" of the screen that reviews such a game from the history
    status_lines: Callable[[GameState, bool], list[Part]] | None = None  # under the title (bool: a review)
    help_words: Callable[[Mapping[str, str]], Iterable[str]] | None = None  # before the keys (the keymap given)
    help_first: tuple[str, ...] = ("pad", "app")  # the key sections the help lists first, in order
    history_columns: Callable[[GameSummary], dict[str, str]] | None = None  # a history line's own columns
    players: Callable[[GameSummary], str] | None = None  # who played, in the history and the trash


PAD = KindFace(
    game_screen="bridgepad.tui.screens.pad_screen:PadScreen",
    review_screen="bridgepad.tui.screens.review_screen:ReviewScreen",
)

# Each kind's name, and the module whose ``FACE`` is its face (the pad's is above).
_MODULES = {"pad": "", "tables": "bridgepad.tui.several_tables.face"}
_FACES: dict[str, KindFace] = {"pad": PAD}


def face(name: str) -> KindFace:
    """The face of the kind named ``name`` (``GameKind.name``), its module imported once."""
    known = _FACES.get(name)
    if known is None:
        loaded = importlib.import_module(_MODULES[name]).FACE
        assert isinstance(loaded, KindFace)
        known = _FACES[name] = loaded
    return known


def face_of(game: Game) -> KindFace:
    return face(kind_of(game).name)


def face_of_summary(summary: GameSummary) -> KindFace:
    """The face of a game of the history, by its summary (the game itself is not read)."""
    return face("tables" if summary.by_pairs else "pad")


def _class(where: str) -> Any:
    module, name = where.split(":")
    return getattr(importlib.import_module(module), name)


def game_screen(session: Session, *, opening: bool) -> Screen[None]:
    """A screen for the game on the pad, of the kind its game is (``opening``: the app's first)."""
    screen: Screen[None] = _class(face_of(session.game).game_screen)(session, opening=opening)
    return screen


def review_screen(stored: StoredGame, state: GameState) -> Screen[None]:
    """The screen that shows an old game, to look at only, as its kind shows it."""
    screen: Screen[None] = _class(face_of(stored.game).review_screen)(stored, state)
    return screen
