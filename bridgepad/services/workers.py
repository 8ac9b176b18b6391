"""Work shared out to processes, one a core: a lifetime of game files read at once.

When the history's index is rebuilt from tens of thousands of game files, each is read,
checked and replayed on its own: work that one Python process does on one core while the
others wait. ``share_out`` gives the jobs to as many processes as there are cores and
hands each result back in the calling thread as it comes, so that the caller can report
its progress (and a screen waiting for it stays live: this thread only waits).

Each process is a fresh interpreter (``python -c _BOOT``) that takes this process's import
path, then runs ``_serve`` of this module: never a fork of the app, whose threads a fork
would copy in the middle of their work, and never an import of the program that started
it, as multiprocessing's processes would. It is sent its jobs and the function to run on
each (by name: a function of a module it can import), and writes each result back as it
is done. Its error output goes nowhere (a screen must never be written
over); a process that ends before it has sent every result leaves its jobs undone, and
``share_out`` says which (NoPool), for the caller to do itself, as it does when no
process can be started at all.

No textual or rich here.
"""

from __future__ import annotations

import importlib
import os
import pickle
import queue
import subprocess
import sys
import threading
from collections.abc import Callable, Sequence
from typing import IO, Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


class NoPool(Exception):
    """Some jobs could not be done in a process of their own: the caller does them itself."""

    def __init__(self, left: list[Any]) -> None:
        super().__init__(f"{len(left)} jobs not done in a process")
        self.left = left


# A process's first words: this process's import path (taken only once its own interpreter has
# started, so that nothing on it stands in for the standard library), then its jobs.
_BOOT = (
    "import pickle, sys; path, job = pickle.load(sys.stdin.buffer); sys.path[:] = path; "
    "from bridgepad.services.workers import _serve; _serve(*job)"
)


def _start(count: int) -> list[subprocess.Popen[bytes]]:
    started: list[subprocess.Popen[bytes]] = []
    try:
        for _ in range(count):
            started.append(
                subprocess.Popen(
                    [sys.executable, "-c", _BOOT], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
                )
            )
    except OSError:
        _stop(started)
        raise
    return started


def _stop(processes: Sequence[subprocess.Popen[bytes]]) -> None:
    for p in processes:
        if p.poll() is None:
            p.kill()
    for p in processes:
        try:
            p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            pass
        for stream in (p.stdin, p.stdout):
            if stream is not None:
                try:
                    stream.close()
                except OSError:
                    pass


def _collect(stream: IO[bytes], places: list[int], results: queue.Queue[tuple[int | None, Any]]) -> None:
    """Reads a process's results, one for each of its jobs in turn; None for a process that ended first."""
    try:
        for place in places:
            results.put((place, pickle.load(stream)))
    except Exception:  # noqa: BLE001 - however its output ended (cut short, a pipe closed, not a result), it is said
        results.put((None, None))


def share_out(work: Callable[[J], R], jobs: Sequence[J], done: Callable[[J, R], None], *, processes: int | None = None) -> None:
    """Runs ``work(job)`` for every job in processes (``processes``, one a core by default),
    calling ``done(job, result)`` in this thread as each result comes.

    ``work`` must be a function of a module that can be imported; jobs and results are
    pickled. An exception ``done`` raises stops the processes and goes on up. NoPool,
    holding the jobs not done, if processes cannot be started or one ends early.
    """
    count = max(1, min(processes or cores(), len(jobs)))
    shares = [list(range(k, len(jobs), count)) for k in range(count)]
    try:
        started = _start(count)
    except OSError as e:
        raise NoPool(list(jobs)) from e
    results: queue.Queue[tuple[int | None, Any]] = queue.Queue()
    finished: set[int] = set()
    readers = []
    try:
        for p, places in zip(started, shares):
            assert p.stdin is not None and p.stdout is not None
            reader = threading.Thread(target=_collect, args=(p.stdout, places, results), daemon=True)
            reader.start()
            readers.append(reader)
            try:
                job = (work.__module__, work.__qualname__, [jobs[k] for k in places])
                p.stdin.write(pickle.dumps((list(sys.path), job)))
                p.stdin.close()
            except OSError:
                pass  # it ended already: its reader says so
        expected = len(jobs)
        while len(finished) < expected:
            place, result = results.get()
            if place is None:
                raise NoPool([job for k, job in enumerate(jobs) if k not in finished])
            finished.add(place)
            done(jobs[place], result)
    finally:
        _stop(started)
        for reader in readers:
            reader.join(timeout=5)


def _serve(module: str, name: str, jobs: list[Any]) -> None:
    """A process's part (``_BOOT`` reads it from standard input): each result to standard output as it is done."""
    work = getattr(importlib.import_module(module), name)
    out = sys.stdout.buffer
    for job in jobs:
        pickle.dump(work(job), out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()
