"""The parser, and the dispatch to each subcommand's module."""

from __future__ import annotations

import argparse
import gc
import sys
from collections.abc import Sequence
from importlib import import_module

from bridgepad import __version__
from bridgepad.cli.errors import Parser, UsageError
from bridgepad.cli.streams import guarded, say

# Subcommand → module under bridgepad.cli; each has configure(subparsers) and run(args).
COMMANDS = {
    "score": "score",
    "replay": "replay",
    "new": "new",
    "tally": "tally",
    "stats": "stats",
    "players": "players",
    "import": "import_games",
    "export": "export_games",
    "share": "share",
    "deal": "deal",
}


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or of ``only`` that one (``""``: none, the pad's options
    alone): each command's module is imported to describe its arguments, and ``bridgepad
    score`` should not wait for the modules of the others (the store, the exports, the log grammar)."""
    p = Parser(prog="bridgepad", description="A keyboard-driven score pad for contract bridge.")
    p.add_argument("--version", action="version", version=f"bridgepad {__version__}", help="print the version and exit")
    p.add_argument("--data-dir", metavar="PATH", help="keep games here instead of the user data folder")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)
    for name, module in COMMANDS.items():
        if only is None or name == only:
            import_module(f"bridgepad.cli.{module}").configure(sub)
    return p


def parse(args: list[str]) -> argparse.Namespace:
    """The arguments, read by the named command's parser alone when that is enough, and with
    no command named (the pad) by the options alone: the pad starts without loading every
    command's module."""
    named = next((a for a in args if a in COMMANDS), None)
    before = args if named is None else args[: args.index(named)]
    if "-h" not in before and "--help" not in before:
        try:
            return build_parser("" if named is None else named).parse_args(args)
        except UsageError:
            pass  # the word was an option's value, or no command: the whole parser says what is wrong
    return build_parser().parse_args(args)


def main(argv: Sequence[str] | None = None) -> int:
    # Python's cyclic collector is held off while the modules load, and for the pad until its
    # first paint (the app lets it go on then, bridgepad.tui.app): at startup it only walks, again
    # and again, objects that live as long as the process (a full collection among them, which a
    # bare Textual app never reaches): 5 % of the instructions to the pad's first paint. A
    # command's own work runs with it on.
    gc.disable()
    try:
        return _main(argv)
    finally:
        gc.enable()


def _main(argv: Sequence[str] | None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    pad: list[argparse.Namespace] = []

    def command() -> int:
        try:
            args = parse(args_list)
            if args.command is None:
                pad.append(args)  # opened below, outside the guard: the pad has its own terminal
                return 0
            module = import_module(f"bridgepad.cli.{COMMANDS[args.command]}")
            gc.enable()
            return int(module.run(args))
        except UsageError as e:
            say(str(e))
            return e.status
        except SystemExit as e:  # --help and --version, after they have printed
            return e.code if isinstance(e.code, int) else 0 if e.code is None else 2

    status = guarded(command, _name(args_list))
    if pad:
        return run_pad(pad[0])
    return status


def _name(args: list[str]) -> str:
    """``bridgepad export``, as a message about the command names it."""
    word = next((a for a in args if a in COMMANDS), None)
    return f"bridgepad {word}" if word else "bridgepad"


def run_pad(args: argparse.Namespace) -> int:
    from bridgepad.tui.app import run

    return run(args.data_dir)
