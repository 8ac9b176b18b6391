"""The few pieces of Textual's private API that bridgepad needs, each reached from here alone.

Textual has no public way to do these things. Each is read here, so that a Textual
release that moves one breaks this module and ``tests/tui/test_textual_private.py`` (which
names the version these were written for), not a screen at random.

- how Textual normalizes a list of keys (``a`` → ``a``, ``+`` → ``plus``), so that a
  user's keymap is read as Textual will apply it;
- the keymap the app applies (Textual keeps it without a getter);
- whether the footer has its bindings yet (it composes before it has them), letting it
  compose them at once, and a footer key's compact style given before it is mounted;
- taking one notification down before its time (a failed save that has since succeeded);
- the binding check Textual's own key handling runs, and handing a key on to a widget's
  queue as Textual does, for handling every key in the order typed (``key_order.py``);
- putting a screen in the place of the app's first (its default screen), which Textual's
  ``switch_screen`` cannot do alone: the game on the pad changing kind (``screens/game_screen.py``);
- the Linux driver's output file and writer thread, which ``terminal.py`` guards so that
  a terminal closing under the app can never block the event loop.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from typing import IO, Any

from textual.keys import _normalize_key_list
from textual.message_pump import _MessagePumpMeta
from textual.widgets import Footer

WRITTEN_FOR = "8.2.8"  # the Textual release each name below was read from


def normalize_key_list(keys: str) -> str:
    """A comma-separated list of keys as Textual binds them: ``"+, a"`` → ``"plus,a"``."""
    return _normalize_key_list(keys)


def app_keymap(app: object) -> Mapping[str, str]:
    """The keymap the app applies, normalized (empty before one is set)."""
    keymap = getattr(app, "_keymap", None)
    return keymap if isinstance(keymap, Mapping) else {}


def footer_has_bindings(footer: object) -> bool:
    """Whether a Footer has been given its screen's bindings (before that it composes empty)."""
    return bool(getattr(footer, "_bindings_ready", False))


def footer_ready(footer: Any) -> None:
    """Lets a Footer compose its screen's keys now. Textual's composes empty until the screen
    first says its bindings changed, after its first paint: the keys came a frame or two later,
    behind whatever that frame waited for."""
    footer.set_reactive(Footer._bindings_ready, True)


def settle_footer_key(key: Any, compact: bool) -> None:
    """Gives a footer key its footer's ``compact`` before it is mounted. A FooterKey starts
    compact and is told its footer's value once mounted: each key restyled twice (its
    ``-compact`` class added, then taken away) every time the footer composes, as it does
    when a form opens over the pad or closes. Set quietly first, both are no change."""
    key.set_reactive(type(key).compact, compact)


def unnotify(app: Any, note: Any) -> None:
    """Takes one notification down (one the app no longer has is let be): Textual removes a
    notification only when it times out or when all are cleared."""
    app._unnotify(note)


def driver_output(driver: object) -> IO[str]:
    """The file the Linux driver writes the screen to."""
    file: IO[str] = getattr(driver, "_file")  # noqa: B009 -- the one place the private name is spelled
    return file


def replace_driver_output(driver: object, file: Any) -> None:
    """Makes the Linux driver write the screen through ``file`` instead."""
    setattr(driver, "_file", file)  # noqa: B010 -- the one place the private name is spelled


def driver_writer(driver: object) -> Any:
    """The Linux driver's output thread, with its ``write`` (None while suspended or stopped)."""
    writer = getattr(driver, "_writer_thread", None)
    return writer if isinstance(writer, threading.Thread) else None


async def check_bindings(app: Any, key: str, *, priority: bool = False) -> bool:
    """Runs the binding for ``key`` along the focus chain, as Textual does for a key; True if one ran."""
    return bool(await app._check_bindings(key, priority=priority))


def forward_key(node: Any, event: Any) -> None:
    """Hands a key to ``node``'s own queue, as Textual hands a key to the focused widget."""
    node._forward_event(event)


def switch_bottom_screen(app: Any, screen: Any) -> Any:
    """``app.switch_screen(screen)``, also when the screen it replaces is the app's default one.

    ``switch_screen`` takes away the result callback ``push_screen`` gave the screen it
    replaces; the default screen was never pushed and has none, so switching it raises
    IndexError. It is given an empty one first, as ``push_screen`` without a callback gives."""
    top = app.screen
    if not top._result_callbacks:
        top._push_result_callback(app, None)
    return app.switch_screen(screen)


# The metaclass of every Textual widget and screen: a screen with abstract hooks (``abc``) needs a
# metaclass that derives from both this and ABCMeta, and Textual does not export it by name.
MessagePumpMeta = _MessagePumpMeta
