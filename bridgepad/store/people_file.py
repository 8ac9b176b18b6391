"""Who is who, in ``people.json``: the names said to be one person (``bridgepad players merge``).

    {"merged": {"Ann": "Anne", "ANNE B": "Anne"}}

Each merged name and the person's name, as spelled. It is not a summary of the games (the
index is, and is rebuilt from them at any time): it is what the players said, so it is a
file of its own, kept with the games, and no game file is ever rewritten for it. It is read
as every data file is (a regular file of at most 16 MB, JSON of bounded depth), each name
checked as a game's names are; a file that cannot be read is kept aside byte for byte by a
writer (never written over) and reported, and then nobody is merged.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from bridgepad.core.evening.persons import Merges
from bridgepad.core.readers.notation import NotationError, check_name
from bridgepad.core.words.text import visible
from bridgepad.store.atomic_file import atomic_write
from bridgepad.store.data_files import NotReadable, keep_aside, parse_json, read_regular
from bridgepad.store.errors import shown_path

PEOPLE_NAME = "people.json"


@dataclass(frozen=True, slots=True)
class People:
    """The merges as read, and what was wrong with the file, in sentences."""

    merges: Merges
    problems: tuple[str, ...] = ()


class PeopleFile:
    """``people.json`` of one data folder."""

    def __init__(self, root: Path, *, read_only: bool = False) -> None:
        """``read_only``: for a reader (``stats``, ``tally``, a window that only looks): a damaged
        file is reported and left where it is."""
        self.path = root / PEOPLE_NAME
        self.read_only = read_only

    def read(self) -> People:
        try:
            data = parse_json(read_regular(self.path))
        except FileNotFoundError:
            return People(Merges())
        except NotReadable as e:
            return People(Merges(), (self._unreadable(e.reason),))
        merged = data.get("merged") if isinstance(data, dict) else None
        if not isinstance(merged, dict):
            return People(Merges(), (self._unreadable('it does not hold "merged" names'),))
        pairs: list[tuple[str, str]] = []
        problems: list[str] = []
        where = shown_path(self.path)
        for name, person in merged.items():
            try:
                if not isinstance(person, str):
                    raise NotationError(f"'{visible(name)[:40]}' is merged into something that is not a name")
                pair = (check_name(name, "a merged player"), check_name(person, "a merged player"))
            except NotationError as e:
                problems.append(f"{where}: {e} That merge is left out.")
                continue
            if all(pair):
                pairs.append(pair)
        try:
            merges = Merges.of(pairs)
        except ValueError as e:
            return People(Merges(), (*problems, f"{where}: {visible(str(e))}; nobody is merged until it is mended."))
        return People(merges, tuple(problems))

    def _unreadable(self, reason: str) -> str:
        kept = keep_aside(self.path) if not self.read_only else None
        where = f"it was kept as {shown_path(kept)}" if kept else "it was left as it is"
        return f"Could not read {shown_path(self.path)}: {reason}; {where}, and nobody is merged."

    def save(self, merges: Merges) -> None:
        """Written whole, atomically; the file goes when nobody is merged."""
        if not merges.into:
            try:
                self.path.unlink()
            except FileNotFoundError:
                pass
            return
        text = json.dumps({"merged": merges.to_json()}, ensure_ascii=False, indent=1) + "\n"
        atomic_write(self.path, text.encode("utf-8"))
