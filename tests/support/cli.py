"""The command line run as a person runs it, for the tests that drive it from outside.

``run_cli`` is what ``run`` means in every test: ``python -m bridgepad --data-dir DATA ...``
in a process of its own (``DATA`` None: no data folder named, for ``score`` and
``replay``), never with the data folder of $BRIDGEPAD_DATA_DIR or the encoding of
$PYTHONIOENCODING: each test keeps to the folder it made, and sets what it means to.
Text in and out is UTF-8, or bytes with ``text=False``; ``fsize`` limits the size of the
files it may write, ``memory`` the memory it may take; a hang fails the test through
``timeout``. ``one_line_refusal`` reads what every command says when it refuses:
one line on standard error, nothing on standard output, status 2.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
from pathlib import Path
from typing import Any

from support import fair_clock


def run_cli(
    data: Path | None,
    *args: str,
    stdin: str | bytes | None = None,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    text: bool = True,
    fsize: int | None = None,
    memory: int | None = None,
    timeout: float = 120,
    **popen: Any,
) -> subprocess.CompletedProcess[Any]:
    """The finished process; ``env`` adds to the environment, ``popen`` goes to subprocess.run
    (``stdout=``, ``stderr=`` with ``capture_output=False`` to send them elsewhere)."""
    base = {k: v for k, v in os.environ.items() if k not in ("BRIDGEPAD_DATA_DIR", "PYTHONIOENCODING")}
    base.update(env or {})

    def limits() -> None:
        if fsize is not None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    popen.setdefault("capture_output", True)
    # The timeout counts the time the command was given (fair_clock): a busy machine makes it slower, not a hang.
    return fair_clock.run(
        [sys.executable, "-m", "bridgepad", *(["--data-dir", str(data)] if data is not None else []), *args], timeout,
        text=text, encoding="utf-8" if text else None, input=stdin, cwd=cwd, env=base,
        preexec_fn=limits if fsize is not None or memory is not None else None, **popen,
    )  # fmt: skip


def one_line_refusal(p: subprocess.CompletedProcess[str]) -> str:
    """The refusal's one line; fails unless the command refused in exactly one line, with status 2."""
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    assert p.stdout == "" and "Traceback" not in p.stderr, (p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    return lines[0]
