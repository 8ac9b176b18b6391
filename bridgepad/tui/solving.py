"""The game's boards solved double dummy while the pad is in use: never on the screen's loop.

A worker thread hands the boards whose solution the game's cache lacks to a pool of
solving processes (``services.double_dummy.solver``) and waits for them; each board's
answer comes back to the screen by ``call_from_thread``, where it is kept with the game
(``Session.keep_solved``) and shown. The thread only waits, and the processes run below
the pad's priority, so a key is handled as soon as it is typed. When the app closes, or
the game on the pad changes, the solving stops within a quarter of a second.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.worker import Worker, get_current_worker

from bridgepad.core.boards.cards import Deal
from bridgepad.core.boards.double_dummy import Solution

Key = tuple[int, Deal]


class BoardSolver:
    """One game's boards being solved: ``progress(done, total, key, solution)`` after each,
    ``done(error)`` at the end (None, or a sentence saying why it stopped)."""

    def __init__(
        self,
        app: App[Any],
        game_id: str,
        jobs: tuple[Key, ...],
        progress: Callable[[int, int, Key, Solution], None],
        done: Callable[[str | None], None],
    ) -> None:
        self.app = app
        self.game_id = game_id
        self.jobs = jobs
        self.progress = progress
        self.done = done
        self.worker: Worker[None] | None = None
        self._solving: Any = None
        self.finished = False

    def start(self) -> None:
        self.worker = self.app.run_worker(self._work, thread=True, group="double-dummy", exit_on_error=False)

    def _work(self) -> None:
        from bridgepad.services.double_dummy.solver import SolverFailed, Solving

        worker = get_current_worker()
        self._solving = Solving(self.jobs)
        error = None
        try:
            self._solving.run(
                lambda done, total, key, s: self.app.call_from_thread(self.progress, done, total, key, s),
                stop=lambda: worker.is_cancelled,
            )
        except SolverFailed as e:
            error = str(e)
        if not worker.is_cancelled and not self._solving.cancelled:
            self.app.call_from_thread(self._finish, error)

    def _finish(self, error: str | None) -> None:
        self.finished = True
        self.done(error)

    def cancel(self) -> None:
        """Stops the solving (what it found so far has been kept as it came)."""
        if self._solving is not None:
            self._solving.cancel()
        if self.worker is not None:
            self.worker.cancel()
