"""The export formats by name, and stored games turned into the records they are written from."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported when a game is exported: naming the formats needs neither
    from bridgepad.core.boards.double_dummy import Solved
    from bridgepad.core.records.record import GameRecord
    from bridgepad.store.game_store import StoredGame


class ExportError(ValueError):
    """A game that cannot be exported (its hands cannot be replayed); the message names it."""


@dataclass(frozen=True, slots=True)
class Format:
    name: str
    extension: str
    description: str  # what a person would use it for
    module: str  # under bridgepad.services.formats, with write(records) -> str (and losses(records) -> list[str])
    words: tuple[str, ...] = ()  # what a person may type for it besides its name: its letter first
    encoding: str = "utf-8"  # the file's bytes

    def writer(self) -> Callable[[Sequence[GameRecord]], str]:
        return import_module(f"bridgepad.services.formats.{self.module}").write  # type: ignore[no-any-return]

    def losses(self, records: Sequence[GameRecord]) -> list[str]:
        """What the format cannot keep of these games as typed, in a sentence each (none for most)."""
        said = getattr(import_module(f"bridgepad.services.formats.{self.module}"), "losses", None)
        return [] if said is None else list(said(records))


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("md", "md", "a pad to paste in a message", "markdown_format", ("m", "markdown")),
        Format("csv", "csv", "a spreadsheet: a row per hand and per bonus", "csv_format", ("c",)),
        Format("json", "json", "every input and figure; bridgepad import reads it back", "json_format", ("j",)),
        Format(
            "pbn", "pbn", "PBN 2.1, for other bridge programs; bridgepad import reads it back", "pbn_format", ("p",), "latin-1"
        ),
    )
}
FORMAT_NAMES = tuple(FORMATS)


def _either(words: Sequence[str]) -> str:
    return ", ".join(words[:-1]) + f" or {words[-1]}"


# What a person may type for each format, and the words that say so.
FORMAT_WORDS = {word: f.name for f in FORMATS.values() for word in (f.name, *f.words)}
FORMAT_LIST = _either(FORMAT_NAMES)  # "md, csv, json or pbn"
FORMAT_CHOICES = f"{FORMAT_LIST} ({_either([f.words[0] for f in FORMATS.values()])})"


def record(stored: StoredGame, solved: Solved | None = None) -> GameRecord:
    """The record of a stored game, with its double-dummy cache (or ``solved``, the cache completed)."""
    from bridgepad.core.records.record import make_record

    try:
        return make_record(stored.game, stored.id, stored.created, stored.updated, stored.solved if solved is None else solved)
    except ValueError as e:
        raise ExportError(f"game {stored.id} cannot be replayed: {e}") from None


def records(
    games: Sequence[StoredGame], progress: Callable[[int, int], None] | None = None, solve: bool = True
) -> list[GameRecord]:
    """Each game's record, the boards its cache lacks solved first (in memory: nothing is written);
    without ``solve``, with the cache as it is (the pad's export dialog: the pad solves the rest)."""
    if not solve or not any(g.game.deals is not None for g in games):
        return [record(g) for g in games]
    from bridgepad.services.double_dummy.cache import completed
    from bridgepad.services.double_dummy.solver import SolverFailed

    try:
        caches = completed([(g.game, g.solved) for g in games], progress)
    except SolverFailed as e:
        raise ExportError(f"the boards' double dummy could not be worked out: {e}") from None
    return [record(g, cache) for g, cache in zip(games, caches)]


@dataclass(frozen=True, slots=True)
class Exported:
    """An export: its text, the encoding its file is written in, and what it could not keep."""

    text: str
    encoding: str
    losses: tuple[str, ...] = ()


def exported(
    games: Sequence[StoredGame], fmt: str, progress: Callable[[int, int], None] | None = None, solve: bool = True
) -> Exported:
    """``games`` in ``fmt`` (one of ``FORMATS``); raises ExportError for a game that cannot be replayed.
    ``progress`` is told the boards solved so far, when a game's boards wait for double dummy;
    without ``solve`` they are written as the game's cache has them."""
    chosen = FORMATS.get(fmt)
    if chosen is None:
        raise ValueError(f"unknown export format {fmt!r}: choose one of {', '.join(FORMAT_NAMES)}")
    made = records(games, progress, solve)
    return Exported(chosen.writer()(made), chosen.encoding, tuple(chosen.losses(made)))


def export(games: Sequence[StoredGame], fmt: str) -> str:
    """``games`` in ``fmt`` as text (one of ``FORMATS``); raises ExportError for a game that cannot be replayed."""
    return exported(games, fmt).text
