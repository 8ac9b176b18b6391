"""Where a table's phone writes: what the share server asks of a desk, and what it answers.

The server serves a table's link only with a desk, and never looks inside one: it hands each
write's body to the desk and sends back its ``Answer``. The kind of game whose tables' phones
enter results brings its own desk (``several_tables.desk``), made where the server is started.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True, slots=True)
class Answer:
    """What to answer a phone: the HTTP status and the JSON."""

    status: int
    body: dict[str, Any] = field(default_factory=dict)


class PhonesDesk(Protocol):
    """A desk: the game its tables play, each table's state, and each table's writes answered."""

    on_saving: Callable[[str], None]  # told of each write: "" once saved, else why not (the pad's words)

    def game(self) -> tuple[str, int] | None:
        """The game whose tables are served (its id and its number of tables), or None."""

    def table_state(self, table: int) -> dict[str, Any]:
        """What ``table``'s page shows now."""

    def submit(self, table: int, data: Any) -> Answer:
        """A result sent by ``table``'s phone."""

    def check(self, table: int, data: Any) -> Answer:
        """A result read and scored, not kept: what the phone shows before it is sent."""

    def move(self, table: int, data: Any) -> Answer:
        """``table`` moves on to its next round."""
