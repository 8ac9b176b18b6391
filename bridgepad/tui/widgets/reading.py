"""The history read in the background, with its progress in view.

With many thousand games the first read of the summary index, or its rebuild from every
game file, takes longer than a key should wait: the history and tally screens then read
in a worker thread and show "reading N of M games" with a progress bar meanwhile, and
every key stays live (Escape leaves, and the read is dropped). A rebuild of many games
also sends, now and then, the games read so far (``Partial``): the screen fills in its
rows while the rest are read. A small folder, or a history already in memory, is read on
the spot, so the screen shows its rows at once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Label, ProgressBar
from textual.worker import get_current_worker

from bridgepad.services.history import History

PROGRESS_SECONDS = 0.1  # between two updates of the bar: often enough to see it move


class Reading(Horizontal):
    """``reading 2,350 of 20,000 games`` and its bar; hidden until a read reports progress.

    The words keep one width while the figures grow, so that each report of progress
    repaints the line alone, never laying out the screen again (the rows filling in
    beside it, and the processes reading, need the time more)."""

    DEFAULT_CSS = """
    Reading { height: 1; display: none; padding: 0 1; }
    Reading > Label { margin-right: 2; }
    """

    def compose(self) -> ComposeResult:
        yield Label("", markup=False)
        yield ProgressBar(show_eta=False)

    def show(self, done: int, total: int) -> None:
        label = self.query_one(Label)
        words = f"reading {done:,} of {total:,} games"
        width = len(f"reading {total:,} of {total:,} games")  # the widest these words get in this read
        if not self.display or label.styles.width is None or label.styles.width.value != width:
            self.display = True
            label.styles.width = width
            label.update(words)
        else:
            label.update(words, layout=False)
        self.query_one(ProgressBar).update(total=total, progress=done)


class Progressed(Message):
    def __init__(self, done: int, total: int) -> None:
        super().__init__()
        self.done = done
        self.total = total


class Partial(Message):
    """The games read so far, newest first, while the rest are read (or what a screen's reader
    made of them in the reading's thread: the statistics' figures)."""

    def __init__(self, result: Any) -> None:
        super().__init__()
        self.result = result


class Read(Message):
    """What the read gave, and the problems the history met on the way."""

    def __init__(self, result: Any, problems: list[str]) -> None:
        super().__init__()
        self.result = result
        self.problems = problems


class Dropped(Exception):
    """The screen went away: the read stops (the history keeps what it had)."""


Reader = Callable[[History, Callable[[int, int], None], Callable[[Any], None]], Any]


def read_in_background(owner: Widget, history: History, read: Reader) -> None:
    """Runs ``read(history, progress, partial)`` in a worker thread; ``owner`` gets Progressed
    and Partial messages meanwhile, then one Read."""
    last = [0.0]

    def progress(done: int, total: int) -> None:
        if get_current_worker().is_cancelled:
            raise Dropped
        now = time.monotonic()
        if now - last[0] >= PROGRESS_SECONDS or done == total:
            last[0] = now
            owner.post_message(Progressed(done, total))  # thread-safe: the screen updates on its own loop

    def partial(result: Any) -> None:
        if get_current_worker().is_cancelled:
            raise Dropped
        owner.post_message(Partial(result))

    def work() -> None:
        try:
            result = read(history, progress, partial)
        except Dropped:
            return
        owner.post_message(Read(result, list(history.problems)))

    owner.run_worker(work, thread=True, exclusive=True, group="history-read")
