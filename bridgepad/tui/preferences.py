"""The player's own keys and colours: a keymap and a theme, kept in ``settings.json``.

The theme chosen from the command palette is written as it changes and used at the
next start; a keymap (``"keys": {"pad.add": "plus,a,i"}``) rebinds keys by their id
(``keys.py``). Neither is a rule of the game: a file that cannot be written only costs
the choice, and says so.
"""

from __future__ import annotations

from typing import Any

from textual.app import App
from textual.theme import Theme

from bridgepad.core.words.text import visible
from bridgepad.services.session import Session
from bridgepad.store.errors import SaveError
from bridgepad.tui.keys import read_keymap
from bridgepad.tui.telling import tell, tell_each


def apply_preferences(app: App[Any], session: Session) -> None:
    """Applies the kept keymap and theme, then keeps each theme the player picks."""
    looks = session.files.looks()
    tell_each(app, looks.problems)
    theme = looks.theme
    keymap, problems = read_keymap(looks.keys, looks.where)
    if keymap:
        app.set_keymap(keymap)
    if theme and theme in app.available_themes:
        app.theme = theme
    elif theme:
        problems.append(f'settings.json: there is no colour theme "{visible(theme)}"; ctrl+p, Theme lists them.')
    tell_each(app, problems, title="A setting was left out", severity="warning", timeout=20)
    kept = theme

    def keep(chosen: Theme) -> None:
        nonlocal kept
        # The app's session now: a read-only window that has taken over writes from then on.
        now = getattr(app, "session", session)
        if now.read_only or chosen.name == kept:
            return  # a read-only window changes nothing on disk; an unchanged theme needs no write
        try:
            now.files.save_theme(chosen.name)
        except SaveError as e:
            tell(app, e, severity="warning", timeout=5)
            return
        kept = chosen.name

    app.theme_changed_signal.subscribe(app, keep)
