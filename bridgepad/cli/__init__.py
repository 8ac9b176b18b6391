"""The command line: ``bridgepad`` opens the pad; subcommands score, tally and move games without it.

Only the pad itself imports textual, and only when it is opened, so that
``bridgepad score`` starts about as fast as the interpreter. Each subcommand lives
in a module of its own with ``configure`` (its arguments) and ``run``.
"""

from bridgepad.cli.main import main

__all__ = ["main"]
