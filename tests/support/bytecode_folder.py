"""Where the Pythons that the tests and the benchmark start keep their bytecode.

A machine may set PYTHONDONTWRITEBYTECODE to keep ``__pycache__`` folders out of the source
tree. Every Python started there then compiles each module it imports again, which a user's
machine (where pip and the first run leave the bytecode) does not: the suite took 5 to 6
minutes instead of 3 min 37 s, and the benchmark timed the compiler along with bridgepad.
The bytecode goes to one folder of the temporary directory instead (PYTHONPYCACHEPREFIX),
kept between runs, and the source folders stay clean.
"""

from __future__ import annotations

import getpass
import os
import tempfile
from collections.abc import MutableMapping


def keep_bytecode(environ: MutableMapping[str, str], purpose: str) -> None:
    """Sets ``environ`` (given ``os.environ``, every process started after inherits it) to keep
    bytecode in ``<temp>/bridgepad-<purpose>-bytecode-<user>``, where it is kept from being written."""
    if environ.get("PYTHONDONTWRITEBYTECODE") and not environ.get("PYTHONPYCACHEPREFIX"):
        environ.pop("PYTHONDONTWRITEBYTECODE")
        environ["PYTHONPYCACHEPREFIX"] = os.path.join(tempfile.gettempdir(), f"bridgepad-{purpose}-bytecode-{getpass.getuser()}")
