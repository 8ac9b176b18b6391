"""The command line run as a person runs it, for the tests that drive it from outside.

``run_cli`` starts ``python -m bridgepad --data-dir DATA ...`` in a process of its own,
with text in and out as UTF-8, and never the data folder of $BRIDGEPAD_DATA_DIR: each
test keeps to the folder it made. ``one_line_refusal`` reads what every command says
when it refuses: one line on standard error, nothing on standard output, status 2.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_cli(data: Path, *args: str, stdin: str | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "BRIDGEPAD_DATA_DIR"}
    return subprocess.run(
        [sys.executable, "-m", "bridgepad", "--data-dir", str(data), *args],
        capture_output=True, text=True, encoding="utf-8", input=stdin, cwd=cwd, env=env, timeout=120,
    )  # fmt: skip


def one_line_refusal(p: subprocess.CompletedProcess[str]) -> str:
    """The refusal's one line; fails unless the command refused in exactly one line, with status 2."""
    assert p.returncode == 2, (p.returncode, p.stdout, p.stderr)
    assert p.stdout == "" and "Traceback" not in p.stderr, (p.stdout, p.stderr)
    lines = p.stderr.strip().splitlines()
    assert len(lines) == 1, p.stderr
    return lines[0]
