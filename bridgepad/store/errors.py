"""The failures a person must see, one family of typed exceptions.

Each message is a whole sentence that says what happened and, where there is one, what
to do; the screens and the command line show it as it is, in one place each. Only these
are caught on the way there: any other exception is a mistake in bridgepad, and is left
to be seen as one rather than passed off as a refusal.
"""

from __future__ import annotations

from pathlib import Path

from bridgepad.core.words.text import visible


def shown_path(path: Path | str) -> str:
    """A path as a message may quote it: control characters in it made visible."""
    return visible(str(path))


class Problem(Exception):
    """A failure a person must see: the message is for them."""


class UnreadableGame(Problem):
    """A game file that could not be read; if it was damaged it has been moved aside to ``kept``."""

    def __init__(self, path: Path, kept: Path | None, reason: str, damaged: bool = True) -> None:
        self.path = path
        self.kept = kept
        self.reason = reason
        self.damaged = damaged  # False: it could not be opened this time, and is left where it is
        where = f"; it was kept as {shown_path(kept)}" if kept else ""
        super().__init__(f"Could not read {shown_path(path.name)}: {visible(reason)}{where}.")

    def skipped(self) -> str:
        """The sentence of a reader, which sets nothing aside: the file named, skipped and left."""
        return f"Skipped {shown_path(self.path)}: it could not be read ({visible(self.reason)}); it was left as it is."


class GameGone(Problem):
    """A game asked for by id is not in the folder (deleted, or never there)."""


class NotAGameId(Problem):
    """Text that is not a game id where one is needed: it would name another file."""


class CannotReplay(Problem):
    """A stored game whose hands cannot be replayed (a hand after the game was over)."""


class Refused(Problem):
    """A change that cannot be made as asked (the game on the pad, to the trash)."""


class SaveError(Problem):
    """A change could not be written to disk; the message says what to do.

    ``at_the_end``: what to say instead once nothing more will be tried (the app has ended)."""

    def __init__(self, message: str, at_the_end: str | None = None) -> None:
        super().__init__(message)
        self.at_the_end = at_the_end or message


class ReadOnlyError(Problem):
    """A change was asked of a window that may only look."""
