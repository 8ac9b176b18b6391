"""The parser and the dispatch to each subcommand's module."""

from __future__ import annotations

import argparse
import sys
from importlib import import_module
from typing import Sequence

from bridgepad.cli.errors import Parser, UsageError

# Subcommand → module under bridgepad.cli; each has configure(subparsers) and run(args).
COMMANDS = {
    "score": "score",
    "replay": "replay",
    "new": "new",
    "tally": "tally",
    "import": "import_games",
    "export": "export_games",
}


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="bridgepad", description="A keyboard-driven score pad for contract bridge.")
    p.add_argument("--data-dir", metavar="PATH", help="keep games here instead of the user data folder")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for module in COMMANDS.values():
        import_module(f"bridgepad.cli.{module}").configure(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    try:
        args = build_parser().parse_args(args_list)
        if args.command is None:
            return run_pad(args)
        return int(import_module(f"bridgepad.cli.{COMMANDS[args.command]}").run(args))
    except UsageError as e:
        print(str(e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


def run_pad(args: argparse.Namespace) -> int:
    from bridgepad.tui.app import run

    return run(args.data_dir)
