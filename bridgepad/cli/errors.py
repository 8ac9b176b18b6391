"""How the command line refuses: one line on standard error, exit status 2; or, for an
output that cannot be written, status 1, as for standard output that fails."""

from __future__ import annotations

import argparse
from typing import NoReturn

from bridgepad.cli.streams import OUTPUT_FAILED_STATUS, say


class UsageError(Exception):
    """A mistake on the command line or in a file it was given: reported in one line, exit status 2."""

    status = 2


class CannotWrite(UsageError):
    """An output file that could not be written (a full disk, a file-size limit): one line,
    and the status of any output that cannot be written (``streams.OUTPUT_FAILED_STATUS``)."""

    status = OUTPUT_FAILED_STATUS


class Parser(argparse.ArgumentParser):
    """argparse, refusing through UsageError instead of printing its usage block."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message}")


def warn(command: str, message: str) -> None:
    """One line on standard error, control characters in it shown as escapes."""
    say(f"bridgepad {command}: {message}")
