"""The history's index as a test changes it: a database file changed in place, as a person
(or a broken disk) might, and its rows counted."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path
from typing import Any


def change(index: Path, sql: str, *params: Any) -> int:
    """Runs one statement on the index file itself; how many rows it changed."""
    with closing(sqlite3.connect(index)) as con:
        changed = con.execute(sql, params).rowcount
        con.commit()
    return changed


def ids(index: Path, table: str = "games") -> list[str]:
    """The ids of the index's rows of games (or of problems)."""
    with closing(sqlite3.connect(f"file:{index}?mode=ro", uri=True)) as con:
        return [row[0] for row in con.execute(f"SELECT id FROM {table} ORDER BY id")]
