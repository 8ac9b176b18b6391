"""``bridgepad replay``: a log of hands, a paper pad typed in, scored and drawn."""

from __future__ import annotations

import argparse
import itertools
import shutil
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from bridgepad.cli.files import TextLines, empty_file
from bridgepad.cli.rule_flags import add_rule_flags, read_rule_flags
from bridgepad.cli.streams import held_back
from bridgepad.core.lazy import lazy
from bridgepad.core.readers.log import LogError, stream_games
from bridgepad.core.rules.game import GameState
from bridgepad.core.rules.settings import Settings

# Loaded when they are used: the text's renderer (rich) not for --json, JSON's writer only for it.
if TYPE_CHECKING:
    from rich.console import Console

    from bridgepad.cli import render
    from bridgepad.core.records import record
    from bridgepad.services.formats import json_format
else:
    render = lazy("bridgepad.cli.render")
    record = lazy("bridgepad.core.records.record")
    json_format = lazy("bridgepad.services.formats.json_format")


def configure(sub: Any) -> None:
    r = sub.add_parser("replay", help="score a log of hands", description="Score a log of hands, a paper pad typed in.")
    r.add_argument("file", metavar="FILE", help="the log, or - for standard input")
    r.add_argument("--json", action="store_true", help="print JSON")
    add_rule_flags(r, ("honors", "chicago_vulnerable", "chicago_part_score", "duplicate_scoring", "pairs_percentage"))


def run(args: argparse.Namespace) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    lines = TextLines(args.file, "replay")
    settings = read_rule_flags(args, Settings(), "replay")
    # The command line reads the session its own way, over the log's scoring line.
    scoring = settings.duplicate_scoring if args.duplicate_scoring is not None else None

    def games() -> Iterator[GameState]:
        return stream_games(lines, settings, scoring)

    # A log refused shows its problems and nothing else, as it always has, so nothing is
    # shown until the log has been read to its end. The log and its games are never
    # held whole, so a log of a million lines takes no more memory than one of ten:
    # what is to be shown waits in a temporary file (plain text or JSON), or, drawn
    # for a terminal by rich, the log is read through twice.
    # A full disk or a file-size limit met there ends the command as a failed output does.
    with held_back() as spool:
        console = None
        if not args.json:
            console = render.plain_console(spool)
        played = False

        def noting(states: Iterator[GameState]) -> Iterator[GameState]:
            nonlocal played
            for st in states:
                played = played or bool(st.hands)
                yield st

        try:
            if args.json:
                states = noting(games())
                first = next(states)  # a log always has a game, if only an empty one
                json_format.write_replay_json(first.mode, itertools.chain([first], states), spool.write)
            elif console is not None:
                _print(noting(games()), console)
            else:
                for _ in noting(games()):
                    pass
        except LogError as e:
            for line in e.lines(name):
                print(line, file=sys.stderr)
            return 2
        if not played:
            raise empty_file(name, "replay")
        if args.json or console is not None:
            spool.seek(0)
            shutil.copyfileobj(spool, sys.stdout)
        else:
            _print(games(), None)
    return 0


def _print(states: Iterator[GameState], console: Console | None) -> None:
    render.print_games((record.record_of(st) for st in states), console)
