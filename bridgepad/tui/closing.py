"""Closing a screen safely."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen


def close(screen: Screen[Any], result: Any = None) -> None:
    """Dismisses ``screen`` only while it is on top.

    Two quick keys that each close a dialog (Enter, Enter) would otherwise dismiss
    twice, and the second would take away the screen beneath it.
    """
    if screen.is_current:
        screen.dismiss(result)
