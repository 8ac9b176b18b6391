"""Jobs run side by side in threads: real-terminal campaigns spend most of their time waiting.

``side_by_side`` starts each job in a thread of its own, waits for all of them until one
deadline, and fails the test if any job raised (the first one's exception is raised again,
every failure named in a note) or is still running at the deadline: a job that hangs
fails the test instead of being forgotten by a ``join`` that timed out.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

from support.fair_clock import Deadline

T = TypeVar("T")


def side_by_side(jobs: dict[str, Callable[[], T]], timeout: float) -> dict[str, T]:
    """Each job's result, by name, once all have returned within ``timeout`` seconds of given time."""
    results: dict[str, T] = {}
    errors: dict[str, BaseException] = {}

    def work(name: str, job: Callable[[], T]) -> None:
        try:
            results[name] = job()
        except BaseException as e:  # handed to the test's own thread below
            errors[name] = e

    # Daemon threads: a job that hangs must not keep the test run from ending.
    threads = {name: threading.Thread(target=work, args=(name, job), name=name, daemon=True) for name, job in jobs.items()}
    for t in threads.values():
        t.start()
    given = Deadline(timeout)  # seconds of the time the jobs are given (fair_clock)
    for t in threads.values():
        while t.is_alive() and not given.passed():
            t.join(1.0)
    hung = [name for name, t in threads.items() if t.is_alive()]
    if errors:
        first = next(iter(errors.values()))
        first.add_note(
            "failed: " + "; ".join(f"{k}: {v!r}" for k, v in errors.items()) + (f"; still running: {hung}" if hung else "")
        )
        raise first
    assert not hung, f"still running after {timeout:.0f} s: {', '.join(hung)}"
    assert set(results) == set(jobs), f"no result from {sorted(set(jobs) - set(results))}"
    return results
