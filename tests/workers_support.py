"""Work for ``bridgepad.services.workers``' tests, in a module its processes can import."""

from __future__ import annotations

import os


def square(x: int) -> int:
    return x * x


def square_or_end(x: int) -> int:
    """Ends its process on 13, as a process that dies half-way does."""
    if x == 13:
        os._exit(3)
    return x * x


def whose(x: int) -> tuple[int, int]:
    return x, os.getpid()
