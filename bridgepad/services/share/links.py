"""The share server's links: the read-only one, each served table's, and the tables' links of
earlier games; which of them a token in a path is, and the state each one serves now.

Every token is 192 random bits, new at each start (and, for the tables, for each game).
``Links.whose`` is the one place a token given in a path is looked up. Its time does not
depend on the token given: each comparison is ``hmac.compare_digest`` (its time does not
depend on where two tokens first differ), and every token is compared, whatever matched
before (no early return), so the time depends only on how many tokens there are.
"""

from __future__ import annotations

import hmac
import json
import secrets
from dataclasses import dataclass, field
from typing import Any

TOKEN_BYTES = 24  # 192 bits, sent as 32 URL-safe characters
MAX_RETIRED = 64  # the tables' tokens of earlier games still answered with 410

WRITES = ("results", "check", "next")  # a table's requests that send a body, POST only
FILES = {  # what is served under the read-only token: the file of the page folder, and its type
    "": ("index.html", "text/html"),
    "app.js": ("app.js", "text/javascript"),
    "app.css": ("app.css", "text/css"),
}
TABLE_FILES = {  # under a table's token: its own page, on the read-only page's style
    "": ("table.html", "text/html"),
    "table.js": ("table.js", "text/javascript"),
    "table.css": ("table.css", "text/css"),
    "app.css": ("app.css", "text/css"),
}
READ_ONLY_PATHS = frozenset((*FILES, "state.json", "events"))
TABLE_PATHS = frozenset((*TABLE_FILES, "state.json", "events", *WRITES))


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass(eq=False, slots=True)
class Published:
    """One page's state as served: its version, one more at each change, and its JSON."""

    version: int = 0
    state_json: str = ""

    def payload(self) -> str:
        """``{"version": N, "state": {...}}``, as ``state.json`` and each event carry it."""
        return f'{{"version": {self.version}, "state": {self.state_json}}}'

    def update(self, state: dict[str, Any]) -> bool:
        """Takes ``state``; True if it differs from the one served (then its version is the next)."""
        text = json.dumps(state, ensure_ascii=False, sort_keys=True)
        if text == self.state_json:
            return False
        self.version += 1
        self.state_json = text
        return True


@dataclass(eq=False, slots=True)
class Link:
    """One link: its token, the table whose phone it is for (None: the read-only link), and
    the state its page was last sent."""

    table: int | None = None
    token: str = field(default_factory=new_token)
    published: Published = field(default_factory=Published)
    busy: int = 0  # its requests under way now (``guards.gate``)

    @property
    def token_bytes(self) -> bytes:
        return self.token.encode("ascii")

    @property
    def paths(self) -> frozenset[str]:
        """What may follow the token: the read-only page never writes."""
        return READ_ONLY_PATHS if self.table is None else TABLE_PATHS

    @property
    def files(self) -> dict[str, tuple[str, str]]:
        return FILES if self.table is None else TABLE_FILES


class Retired:
    """A table's link of a game no longer served (answered 410, not 404: its phone is told why)."""


RETIRED = Retired()


class Links:
    """The read-only link and, for the game whose tables are served, one link a table."""

    def __init__(self) -> None:
        self.read_only = Link()
        self._token_bytes = self.read_only.token_bytes
        self.tables: dict[int, Link] = {}
        self.game: tuple[str, int] | None = None  # the game whose tables are served: its id and its number of tables
        self._retired: list[bytes] = []  # tokens of the tables of games no longer served, the newest first

    def whose(self, token: str) -> Link | Retired | None:
        """The link ``token`` is, ``RETIRED``, or None; in the same time whichever it is."""
        given = token.encode("ascii", "replace")
        found: Link | Retired | None = None
        if hmac.compare_digest(given, self._token_bytes):
            found = self.read_only
        for link in self.tables.values():
            if hmac.compare_digest(given, link.token_bytes):
                found = link
        for old in self._retired:
            if hmac.compare_digest(given, old):
                found = RETIRED
        return found

    def follow(self, game: tuple[str, int] | None) -> bool:
        """New links for the tables of ``game`` (none for None) if it is another game than the
        one served, the old ones retired; True if they changed."""
        if game == self.game:
            return False
        self._retired = ([link.token_bytes for link in self.tables.values()] + self._retired)[:MAX_RETIRED]
        self.game = game
        self.tables = {t: Link(t) for t in range(1, game[1] + 1)} if game is not None else {}
        return True
