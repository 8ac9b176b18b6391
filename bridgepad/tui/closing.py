"""Opening and closing a screen in the order the keys were typed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from weakref import WeakKeyDictionary

from textual.app import App
from textual.screen import Screen

# What each screen opened here does with its result, called as it closes.
_DONE: WeakKeyDictionary[Screen[Any], Callable[[Any], None]] = WeakKeyDictionary()


def open_screen(app: App[Any], screen: Screen[Any], done: Callable[[Any], None] | None = None) -> None:
    """Shows ``screen``; ``done`` gets its result when it closes.

    Textual calls a screen's callback some turns after the screen has gone, when the keys
    typed after the Enter that closed it may already have been handled: the ``+`` after a
    new game would open a form on the old one. Here ``done`` runs as the screen closes,
    before the next key.

    Why not ``push_screen(screen, done)``: Textual hands the result on with ``call_next`` of
    the screen that asked, and the keys held while a screen mounted are handled one after the
    other in one turn of the app (``key_order``), ahead of it. No private name is used here."""
    if done is not None:
        _DONE[screen] = done
    app.push_screen(screen)


def close(screen: Screen[Any], result: Any = None) -> None:
    """Dismisses ``screen`` only while it is on top, then hands its result on, at once.

    Two quick keys that each close a dialog (Enter, Enter) would otherwise dismiss
    twice, and the second would take away the screen beneath it.
    """
    if screen.is_current:
        done = _DONE.pop(screen, None)
        screen.dismiss(result)
        if done is not None:
            done(result)
