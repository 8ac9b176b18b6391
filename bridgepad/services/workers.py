"""Work shared out to processes, one a core: a lifetime of game files read at once.

When the history's index is rebuilt from tens of thousands of game files, each is read,
checked and replayed on its own: work that one Python process does on one core while the
others wait. A ``Pool`` gives the jobs to
as many processes as there are cores and hands each result back in the calling thread as
it comes, so that the caller can report its progress (and a screen waiting for it stays
live: this thread only waits). A pool may be started before its jobs are known, so that
the processes' interpreters start while the caller lists what there is to do.

Each process is a fresh interpreter (``python -c _BOOT``) that takes this process's import
path, then runs ``_serve`` of this module: never a fork of the app, whose threads a fork
would copy in the middle of their work, and never an import of the program that started
it, as multiprocessing's processes would. It is sent the function to run (by name: a
function of a module it can import), then its jobs one at a time, each process given the
next as it finishes one (two waiting ahead), and writes each result back as it is done.
Its error output goes nowhere (a screen must never be written over); a process that ends
before it has sent every result leaves its jobs undone, and ``Pool.run`` says which
(NoPool), for the caller to do itself, as it does when no process can be started at all.

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
from typing import IO, Any, Generic, TypeVar

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
# started, so that nothing on it stands in for the standard library) and the function to run;
# then its jobs, one at a time, each as it is given, until it is stopped (Pool.close).
_BOOT = (
    "import pickle, sys; path, job = pickle.load(sys.stdin.buffer); sys.path[:] = path; "
    "from bridgepad.services.workers import _serve; _serve(*job)"
)
AHEAD = 2  # jobs a process holds at once, the one it works on and the next: it never waits for one


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


_ENDED = -1  # a process's output ended before its results did


def _collect(k: int, stream: IO[bytes], results: queue.Queue[tuple[int, Any]]) -> None:
    """Reads process ``k``'s results as they come, each for its jobs in turn; then says it ended."""
    try:
        while True:
            results.put((k, pickle.load(stream)))
    except Exception:  # noqa: BLE001 - however its output ended (cut short, a pipe closed, not a result), it is said
        results.put((_ENDED, k))


class Pool(Generic[J, R]):
    """Processes, one a core, started before their jobs are known: their interpreters start and
    import the module of ``work`` while the caller finds out what there is to do (a listing of a
    folder). ``run`` then gives them the jobs; ``close`` (or leaving a ``with``) stops them.

    The jobs are given one at a time: ``AHEAD`` to each process at the start, then one more to a
    process each time it sends back a result, so that no process stands idle while another has
    a queue: a process slowed by others' work on its core does fewer of them.
    """

    def __init__(self, work: Callable[[J], R], processes: int | None = None) -> None:
        """NoPool (with no jobs) if the processes cannot be started."""
        self.work = work
        self.count = max(1, processes or cores())
        try:
            self._processes = _start(self.count)
        except OSError as e:
            raise NoPool([]) from e
        self._results: queue.Queue[tuple[int, Any]] = queue.Queue()
        self._readers: list[threading.Thread] = []
        for k, p in enumerate(self._processes):
            assert p.stdout is not None
            reader = threading.Thread(target=_collect, args=(k, p.stdout, self._results), daemon=True)
            reader.start()
            self._readers.append(reader)
            self._send(p, (list(sys.path), (work.__module__, work.__qualname__)))

    def __enter__(self) -> Pool[J, R]:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @staticmethod
    def _send(p: subprocess.Popen[bytes], item: Any) -> None:
        try:
            assert p.stdin is not None
            p.stdin.write(pickle.dumps(item))
            p.stdin.flush()
        except (OSError, ValueError):
            pass  # it ended already (or was stopped): its reader says so

    def run(self, jobs: Sequence[J], done: Callable[[J, R], None]) -> None:
        """Runs ``work(job)`` for every job in the processes, calling ``done(job, result)`` in this
        thread as each result comes. An exception ``done`` raises stops the processes and goes on
        up. NoPool, holding the jobs not done, if a process ends before its results (the pool is
        then stopped)."""
        given: list[list[int]] = [[] for _ in self._processes]  # each process's jobs in the order given
        following = iter(range(len(jobs)))
        finished = 0

        def give(k: int) -> None:
            place = next(following, None)
            if place is not None:
                given[k].append(place)
                self._send(self._processes[k], jobs[place])

        try:
            for _ in range(AHEAD):
                for k in range(len(self._processes)):
                    give(k)
            while finished < len(jobs):
                k, result = self._results.get()
                if k == _ENDED:
                    self.close()
                    left = sorted({place for places in given for place in places} | set(following))
                    raise NoPool([jobs[place] for place in left])
                place = given[k].pop(0)
                finished += 1
                give(k)
                done(jobs[place], result)
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        _stop(self._processes)
        for reader in self._readers:
            reader.join(timeout=5)


def _serve(module: str, name: str) -> None:
    """A process's part (``_BOOT`` reads it from standard input): each job read as it is given, its
    result to standard output as it is done, until the end of the input (or it is stopped)."""
    work = getattr(importlib.import_module(module), name)
    take = sys.stdin.buffer
    out = sys.stdout.buffer
    while True:
        try:
            job = pickle.load(take)
        except EOFError:
            return
        pickle.dump(work(job), out, protocol=pickle.HIGHEST_PROTOCOL)
        out.flush()
