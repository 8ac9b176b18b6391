"""The fair clock (tests/support/fair_clock.py), on which every wait and the per-test limit run:
time a process spends waiting for a CPU is not counted, time it spends running or asleep is.

A rival for one CPU is a busy loop pinned to it, started as an orphan (forked twice) so that it
is no process of the test's: only the test's own waiting may be taken off its clock.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from support import TESTS, on_path
from support.fair_clock import Deadline

pytestmark = pytest.mark.skipif(not Path("/proc/self/schedstat").exists(), reason="needs Linux's schedstat")

RIVAL = """
import os, sys
cpu = int(sys.argv[1])
if os.fork():
    os._exit(0)
os.setsid()
os.sched_setaffinity(0, {cpu})
print(os.getpid(), flush=True)
null = os.open(os.devnull, os.O_RDWR)
for fd in (0, 1, 2):  # let go of the pipes: the parent reads until they close
    os.dup2(null, fd)
while True:
    pass
"""


@contextmanager
def sharing_one_cpu() -> Iterator[None]:
    """The calling thread and a busy loop on the same CPU, at the same priority, until the end."""
    cpu = min(os.sched_getaffinity(0))
    started = subprocess.run([sys.executable, "-c", RIVAL, str(cpu)], capture_output=True, text=True, timeout=60, check=True)
    rival = int(started.stdout.split()[0])
    mask = os.sched_getaffinity(0)
    os.sched_setaffinity(0, {cpu})
    try:
        yield
    finally:
        os.sched_setaffinity(0, mask)
        os.kill(rival, signal.SIGKILL)


def spin(seconds: float) -> float:
    """Keeps this thread busy for ``seconds`` of the wall clock; the CPU time it got."""
    cpu, end = time.thread_time(), time.monotonic() + seconds
    while time.monotonic() < end:
        pass
    return time.thread_time() - cpu


def test_time_asleep_is_counted() -> None:
    began, given = time.monotonic(), Deadline(60)
    time.sleep(0.5)
    spent = given.seconds - given.left()
    # All of it but the moments a thread of the test was ready and kept waiting (on a busy
    # machine, its wake-up at the end; 0.44 of 0.5 was seen beside every core busy).
    assert 0.3 <= spent <= time.monotonic() - began, spent


def test_time_kept_waiting_for_a_cpu_is_not_counted() -> None:
    with sharing_one_cpu():
        given = Deadline(60)
        ran = spin(2.0)
        spent = given.seconds - given.left()
    # Half the CPU, or less on a busier machine: the clock counts the time the thread ran.
    assert ran < 1.5, f"the rival did not share the CPU (the thread ran {ran:.2f} s of 2)"
    assert abs(spent - ran) < 0.3, f"the fair clock counted {spent:.2f} s; the thread ran {ran:.2f} s"


@pytest.mark.slow
def test_a_test_that_loops_for_ever_fails_after_the_time_it_was_given(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PYTHONPATH", on_path(os.environ))  # the copied conftest imports support code
    pytester.makeconftest((TESTS / "conftest.py").read_text())
    pytester.makepyfile(
        test_loops=textwrap.dedent("""
            import pytest

            @pytest.mark.timeout(3)
            def test_loops_for_ever():
                while True:
                    pass
        """)
    )
    with sharing_one_cpu():
        result = pytester.runpytest_subprocess("-p", "no:cacheprovider", "--durations=1", "--durations-min=0", timeout=120)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*Timeout (>3.0s) from pytest-timeout*"])
    calls = [re.match(r"([0-9.]+)s call +test_loops.py::test_loops_for_ever", line) for line in result.outlines]
    took = float(next(m for m in calls if m).group(1))
    # Three seconds of the clock at half a CPU or less: the alarm at 3 s finds 1.5 s or more
    # withheld and is set again for it, then again for the half of that still owed (a last
    # remainder under half a second is let go): 5 s or more on the wall clock, not 3.
    assert took > 4, f"stopped after {took:.2f} s of the wall clock: the time the machine withheld was counted"


def test_a_process_forked_while_the_clock_samples_can_read_it() -> None:
    """A fork copies the clock's lock held when the sampler was sampling at that moment: the
    child must not wait for a thread it does not have (mutmut forks a test run per mutant)."""
    from support.fair_clock import _clock, now

    now()  # the sampler started in this process
    with _clock._lock:  # as the sampler holds it in the middle of a sample
        child = os.fork()
        if child == 0:
            now()
            os._exit(0)
    given = Deadline(30)
    while (done := os.waitpid(child, os.WNOHANG))[0] == 0 and not given.passed():
        time.sleep(0.01)
    if done[0] == 0:
        os.kill(child, signal.SIGKILL)
        os.waitpid(child, 0)
        pytest.fail("the forked child still waited for the clock's lock after 30 s")
    assert os.waitstatus_to_exitcode(done[1]) == 0
