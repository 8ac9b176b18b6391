"""Work for ``bridgepad.services.workers``' tests, in a module its processes can import."""

from __future__ import annotations

import os
import time


def square(x: int) -> int:
    return x * x


def square_or_end(x: int) -> int:
    """Ends its process on 13, as a process that dies half-way does."""
    if x == 13:
        os._exit(3)
    return x * x


def whose(x: int) -> tuple[int, int]:
    return x, os.getpid()


def held_first(job: tuple[int, str]) -> tuple[int, int]:
    """Job 0 waits until the file ``job[1]`` is there (or a minute has gone): its process is held
    while the other works, as a process slowed by others' work on its core is."""
    k, marker = job
    if k == 0:
        deadline = time.monotonic() + 60
        while not os.path.exists(marker) and time.monotonic() < deadline:
            time.sleep(0.01)
    return k, os.getpid()
