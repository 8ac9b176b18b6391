"""Keys sent to an app under Pilot as a terminal sends them: in bursts, without waiting after each.

``Pilot.press`` waits for the app to go idle after every key (some 40 ms or more a
key); a person typing, or keys arriving while the app is busy saving, come faster
than that.  ``burst`` posts the keys to the app one after the other, as a terminal's
read would deliver them, and only then waits for the app to settle.
"""

from __future__ import annotations

from textual import events

# Private, kept: the name Textual gives the key of a typed character ("+" is "plus").
# Textual's public API has only the other way (key_to_character); Pilot.press uses this one.
from textual.keys import _character_to_key
from textual.pilot import Pilot

from support.waiting import settle

# Named keys and the character a terminal sends with them (None: an escape sequence).
NAMED: dict[str, str | None] = {
    "tab": "\t",
    "shift+tab": None,
    "enter": "\r",
    "escape": "\x1b",
    "backspace": "\x7f",
    "delete": None,
    "up": None,
    "down": None,
    "left": None,
    "right": None,
    "home": None,
    "end": None,
    "pageup": None,
    "pagedown": None,
    "ctrl+z": "\x1a",
    "f1": None,
    "question_mark": "?",
    "plus": "+",
}


def key_name(character: str) -> str:
    """The key Textual names for one typed character: ``a`` for a, ``plus`` for +."""
    return character if character.isalnum() else _character_to_key(character)


def key_event(key: str) -> events.Key:
    """The Key event Textual's terminal parser makes for ``key``: a name from NAMED, or one character."""
    if key in NAMED:
        return events.Key(key, NAMED[key])
    assert len(key) == 1, key
    return events.Key(key_name(key), key)


async def burst(pilot: Pilot, keys: list[str]) -> None:  # type: ignore[type-arg]
    app = pilot.app
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app.post_message(event)
    await settle(pilot)
