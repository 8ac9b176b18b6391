"""How the command line refuses: one line on standard error, exit status 2."""

from __future__ import annotations

import argparse
from typing import NoReturn


class UsageError(Exception):
    """A mistake on the command line or in a file it was given: reported in one line, exit status 2."""


class Parser(argparse.ArgumentParser):
    """argparse, refusing through UsageError instead of printing its usage block."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def warn(command: str, message: str) -> None:
    """One line on standard error, control characters in it shown as escapes."""
    from bridgepad.cli.streams import say

    say(f"bridgepad {command}: {message}")
