"""How news of a change travels: one typed, immutable event, published once, heard by every
listener the same way.

The session publishes a ``GameChanged`` after each save reaches the disk (and after a
read-only window sees another process's save); the pad screen, the tables screen, the share
server and the share screen each ``subscribe`` to the session's ``changes``. The share server
publishes its own ``SharingChanged`` (phones come and go, another game's links) on a hub of its
own, heard the same way. A listener may be called from any thread: one that must act on a
loop of its own hands the event there (Textual's ``post_message``, asyncio's
``call_soon_threadsafe``).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, TypeVar

__all__ = ["GameChanged", "Hub", "Origin", "SharingChanged", "Subscription"]


class Origin(str, Enum):
    """Where a change came from."""

    PAD = "pad"  # this window: a key on the pad, a form, undo, the boards' solutions kept
    TABLE = "table"  # a table's phone, through the entry server, written by this session
    OTHER_WINDOW = "other window"  # another process wrote the folder; a read-only window read it


@dataclass(frozen=True, slots=True)
class GameChanged:
    """A change on its way to the disk has arrived there (or, ``OTHER_WINDOW``, was read from it)."""

    game_id: str  # the game on the pad after the change
    what: str  # in words: "new hand", "board 3 at table 2", "game resumed"
    origin: Origin
    table: int | None = None  # the table whose phone sent it (``Origin.TABLE``)


@dataclass(frozen=True, slots=True)
class SharingChanged:
    """The share server's own news: how many phones watch, or whose links it serves."""

    viewers: int  # phones on the read-only page now
    links_changed: bool = False  # another game's tables' links (or none) are served now
    trouble: str = ""  # why phones' writes fail or phones are refused now, for the pad's status line; "" when nothing does


Event = TypeVar("Event")


@dataclass(frozen=True, slots=True)
class Subscription:
    """A listener's place on a hub; ``cancel`` takes it off (again: nothing)."""

    cancel: Callable[[], None]


class Hub(Generic[Event]):
    """One kind of event and its listeners: ``subscribe`` to hear each ``publish``, once."""

    def __init__(self) -> None:
        self._listeners: dict[int, Callable[[Event], None]] = {}
        self._next = 0
        self._lock = threading.Lock()  # a listener may subscribe from another thread

    def subscribe(self, listener: Callable[[Event], None]) -> Subscription:
        with self._lock:
            key = self._next
            self._next += 1
            self._listeners[key] = listener
        return Subscription(lambda: self._drop(key))

    def _drop(self, key: int) -> None:
        with self._lock:
            self._listeners.pop(key, None)

    def publish(self, event: Event) -> None:
        """Tells every listener, in the order they subscribed; a listener added meanwhile hears the next."""
        with self._lock:
            listeners = list(self._listeners.values())
        for listener in listeners:
            listener(event)

    def __len__(self) -> int:
        return len(self._listeners)
