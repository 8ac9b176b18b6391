"""The footer, narrowed by priority: on a small terminal the keys that matter most stay.

Textual's footer cuts whatever does not fit at the right, which was Quit. Here each key
carries a rank in ``keys.py`` (``Key.keep``), which a screen may lower where a key is
what its game needs now (``footer_keep``: the share key at several tables); when the keys
are wider than the terminal the highest ranks are left out first, the rest keep their
order (the order ``keys.py`` declares, also for a key a keymap rebinds: Textual moves those
to the end), and the help's key says ``More keys``: the help lists them all.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from bridgepad.tui.keys import MORE_KEYS, declared_place, footer_rank
from bridgepad.tui.textual_private import footer_has_bindings, footer_ready, settle_footer_key


def _is_key(widget: Widget) -> bool:
    """A footer key (Textual's FooterKey, whose module is private): it has an action and a key."""
    return isinstance(getattr(widget, "action", None), str) and isinstance(getattr(widget, "key_display", None), str)


def _width(key: Widget, compact: bool) -> int:
    """Cells a key takes: its key, a space, its word, and the padding around them."""
    pad = 1 if compact else 3
    return len(getattr(key, "key_display", "")) + len(getattr(key, "description", "")) + pad


def _keep(screen: Screen) -> Mapping[str, int]:
    """The ranks the screen gives its keys now, by action, over those ``keys.py`` declares."""
    keep = getattr(screen, "footer_keep", None)
    return keep() if callable(keep) else {}


def _shown_keys(screen: Screen) -> tuple[object, ...]:
    """What the footer shows of the screen's keys: each key, its words, whether it is enabled,
    and the ranks the screen gives them now."""
    shown = tuple((b.key, b.description, b.action, on, tip) for _, b, on, tip in screen.active_bindings.values() if b.show)
    return (*shown, tuple(sorted(_keep(screen).items())))


def _places(screen: Screen) -> dict[str, tuple[int, int, int]]:
    """Each shown action's place in the footer: its namespace as Textual walks them (the
    focused widget, its ancestors, the screen, the app), then where its key is declared,
    then where Textual has it (for keys ``keys.py`` does not declare)."""
    namespaces: list[object] = []
    places: dict[str, tuple[int, int, int]] = {}
    for n, (namespace, binding, _, _) in enumerate(screen.active_bindings.values()):
        if namespace not in namespaces:
            namespaces.append(namespace)
        if binding.show and binding.action not in places:
            places[binding.action] = (namespaces.index(namespace), declared_place(binding.id), n)
    return places


class KeyFooter(Footer):
    def __init__(self) -> None:
        super().__init__(show_command_palette=False)
        self._width = 0  # the room the keys were last chosen for
        self._shown: tuple[object, ...] | None = None  # the keys composed last

    def bindings_changed(self, screen: Screen) -> None:
        # Textual composes the footer again whenever the screen's keys may have changed:
        # each time a form opens over the pad or closes, which made a tenth of ``+`` and of
        # Enter. Only keys that really changed (a key, its words, enabled or not) do it now.
        if screen is self.screen and footer_has_bindings(self) and _shown_keys(screen) == self._shown:
            return
        super().bindings_changed(screen)

    def compose(self) -> ComposeResult:
        # The screen's keys are known as it is composed: shown in its first frame, not after it.
        # The focus set afterwards seldom changes them (the pad's hand list shows none of its
        # own): bindings_changed composes the footer again only if it does.
        footer_ready(self)
        self._shown = _shown_keys(self.screen)
        items: list[Widget] = list(super().compose())
        keys = [w for w in items if _is_key(w)]
        if keys:
            places = _places(self.screen)
            last = (len(places), 0, 0)
            in_order = iter(sorted(keys, key=lambda k: places.get(getattr(k, "action", ""), last)))
            items = [next(in_order) if _is_key(w) else w for w in items]
            keys = [w for w in items if _is_key(w)]
        for key in keys:
            settle_footer_key(key, self.compact)
        section = getattr(self.screen, "KEY_SECTION", "")
        room = self.size.width or self.app.size.width
        self._width = room
        keep = _keep(self.screen)

        def rank(key: Widget) -> int:
            action = getattr(key, "action", "")
            return keep.get(action, footer_rank(action, section))

        kept = list(keys)
        helps: list[Any] = [k for k in keys if getattr(k, "action", "") == "help"]  # FooterKeys, whose class is private

        def wider_than_room() -> bool:
            # Gaps between keys: one cell in the compact style, none otherwise (the padding is inside).
            return bool(kept) and sum(_width(k, self.compact) for k in kept) + (len(kept) - 1) * self.compact > room

        while wider_than_room():
            kept.remove(max(kept, key=lambda k: (rank(k), kept.index(k))))
            for help_key in helps:  # some keys left out: the help's key says where they are
                help_key.description = MORE_KEYS
        self.styles.grid_size_columns = max(1, len(kept))
        yield from (w for w in items if not _is_key(w) or w in kept)

    def on_resize(self, event: events.Resize) -> None:
        # Only a width other than the one the keys were chosen for changes which fit: the
        # first size a footer gets is the app's, which its first compose already used.
        if event.size.width != self._width:
            self._width = event.size.width
            self.call_after_refresh(self.recompose)
