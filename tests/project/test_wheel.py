"""The wheel installs and runs outside the checkout: ``.ci/wheel-check --quick``, the wheel
built from the tracked files and installed in a fresh environment beside this Python's
dependencies (CI runs the whole check, the sdist too and the dependencies from the registry)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("git") is None or not (ROOT / ".git").exists(), reason="the check lists the files git tracks")
def test_the_wheel_installs_and_runs_outside_the_checkout() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / ".ci" / "wheel-check"), "--quick"], capture_output=True, text=True, timeout=110
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "installs and runs outside the checkout" in done.stdout
