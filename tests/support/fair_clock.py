"""Deadlines in the time a test was given, not the time a busy machine kept it waiting.

A test at ``nice -n 19`` beside programs that keep every core busy gets about one per cent
of a CPU: a wait that takes half a second on a quiet machine then takes a minute, and a
deadline on the wall clock fails a test that did nothing wrong. Linux counts, for each
thread, how long it was ready to run but waiting for a CPU (``/proc/<pid>/task/<tid>/schedstat``,
its second field). ``now()`` is the wall clock less that waiting: on a quiet machine the two
are the same, so a hang fails as soon as it did; on a busy one a deadline stretches by exactly
the time the machine withheld, never by a guess.

The waiting counted is that of the test's own process and of every process it started (the
app in a pseudo-terminal, a command-line run), each sampled every ``STEP`` seconds by a
thread of this module: in each step the time lost is that of the thread that lost the most,
so two processes starved side by side count once, and one after the other add up.
Where there is no such count (not Linux), ``now()`` is the wall clock.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from collections.abc import Iterator
from typing import Any

STEP = 0.2  # seconds between samples: a process that lives less than this may go uncounted


def _run_delay(pid: int, tid: str) -> int | None:
    try:
        with open(f"/proc/{pid}/task/{tid}/schedstat", "rb") as f:
            return int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None  # gone between the listing and the read, or no such count here


def _tasks(pid: int) -> list[str]:
    try:
        return os.listdir(f"/proc/{pid}/task")
    except OSError:
        return []


def _family(root: int) -> Iterator[tuple[int, list[str]]]:
    """``root`` and its descendants, each with its threads."""
    todo = [root]
    seen: set[int] = set()
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        tids = _tasks(pid)
        yield pid, tids
        for tid in tids:
            try:
                with open(f"/proc/{pid}/task/{tid}/children", "rb") as f:
                    todo.extend(int(c) for c in f.read().split())
            except (OSError, ValueError):
                pass


def _delays(root: int) -> dict[tuple[int, str], int]:
    delays = {}
    for pid, tids in _family(root):
        for tid in tids:
            d = _run_delay(pid, tid)
            if d is not None:
                delays[(pid, tid)] = d
    return delays


class _Clock:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid = -1
        self._starved = 0.0
        self._last = time.monotonic()
        self._seen: dict[tuple[int, str], int] = {}
        self._sampler = ""
        # A fork copies the lock as it was: held, if the sampler was sampling at that moment,
        # and no thread in the child would ever let it go (mutmut forks a test run per mutant).
        if hasattr(os, "register_at_fork"):  # no fork, and no such hook, on Windows
            os.register_at_fork(after_in_child=self._forked)

    def _forked(self) -> None:
        self._lock = threading.Lock()

    def _start(self) -> None:
        """Starts the sampler in this process (again after a fork: threads do not survive one)."""
        self._pid = os.getpid()
        self._last = time.monotonic()
        self._seen = _delays(self._pid)
        if self._seen:
            threading.Thread(target=self._sample_forever, name="fair-clock", daemon=True).start()

    def _sample_forever(self) -> None:
        pid = os.getpid()
        # The sampler's own wait for a CPU after each sleep is no wait of the test's.
        self._sampler = str(threading.get_native_id())
        while pid == os.getpid():
            time.sleep(STEP)
            self.sample()

    def sample(self) -> None:
        with self._lock:
            now = time.monotonic()
            delays = _delays(self._pid)
            delays.pop((self._pid, self._sampler), None)
            # A thread first seen now was born within the step (or was missed): all its waiting counts.
            lost = max((d - self._seen.get(key, 0) for key, d in delays.items()), default=0) / 1e9
            self._starved += min(max(lost, 0.0), now - self._last)
            self._last = now
            self._seen = delays

    def now(self) -> float:
        if self._pid != os.getpid():
            with self._lock:
                if self._pid != os.getpid():
                    self._start()
        with self._lock:
            return time.monotonic() - self._starved


_clock = _Clock()


def now() -> float:
    """Seconds, on a clock that stands still while this process and its children wait for a CPU."""
    return _clock.now()


class Deadline:
    """``seconds`` of the time a test is given, from now."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self._wall = time.monotonic()
        self._start = now()

    def passed(self) -> bool:
        if time.monotonic() - self._wall <= self.seconds:
            return False  # the fair clock never runs ahead of the wall: no need to ask it
        _clock.sample()
        return now() - self._start > self.seconds

    def spent(self) -> float:
        return now() - self._start

    def left(self) -> float:
        """Seconds still to be given, as of a sample taken now."""
        _clock.sample()
        return self.seconds - self.spent()


def communicate(process: subprocess.Popen[Any], seconds: float, stdin: Any = None) -> tuple[Any, Any]:
    """``process.communicate(stdin)`` within ``seconds`` of the time it is given; on a hang the
    process is killed and ``subprocess.TimeoutExpired`` raised, as ``communicate(timeout=...)`` does.

    The talk runs whole in a thread of its own: ``communicate`` cannot be called again after a
    timeout while input is still being written (the retry never writes the rest, nor closes the
    pipe, and the process waits for ever for the end of its input)."""
    said: dict[str, Any] = {}

    def talk() -> None:
        try:
            said["out"] = process.communicate(stdin)
        except BaseException as e:  # handed to the caller's thread below
            said["error"] = e

    talker = threading.Thread(target=talk, name="fair-clock communicate", daemon=True)
    talker.start()
    deadline = Deadline(seconds)
    while talker.is_alive():
        talker.join(1.0)
        if talker.is_alive() and deadline.passed():
            process.kill()
            talker.join()
            raise subprocess.TimeoutExpired(process.args, seconds)
    if "error" in said:
        raise said["error"]
    return said["out"]


def wait(process: subprocess.Popen[Any], seconds: float) -> int:
    """``process.wait()`` within ``seconds`` of the time it is given (raises ``subprocess.TimeoutExpired``)."""
    deadline = Deadline(seconds)
    while True:
        try:
            return process.wait(timeout=min(1.0, seconds))
        except subprocess.TimeoutExpired:
            if deadline.passed():
                raise


def run(args: Any, seconds: float, *, input: Any = None, **kwargs: Any) -> subprocess.CompletedProcess[Any]:
    """``subprocess.run(args, timeout=seconds, ...)`` on the fair clock."""
    if input is not None:
        kwargs["stdin"] = subprocess.PIPE
    capture = kwargs.pop("capture_output", False)
    if capture:
        kwargs["stdout"] = kwargs["stderr"] = subprocess.PIPE
    with subprocess.Popen(args, **kwargs) as process:
        out, err = communicate(process, seconds, input)
        return subprocess.CompletedProcess(process.args, process.returncode, out, err)
