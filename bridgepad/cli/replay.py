"""``bridgepad replay``: a log of hands, a paper pad typed in, scored and drawn."""

from __future__ import annotations

import argparse
import itertools
import shutil
import sys
import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from bridgepad.cli.files import TextLines, empty_file
from bridgepad.core.game import GameState
from bridgepad.core.log import LogError, stream_games
from bridgepad.core.settings import (
    ChicagoPartScore,
    ChicagoVulnerable,
    DuplicateScoring,
    Settings,
)

if TYPE_CHECKING:
    from rich.console import Console


def configure(sub: Any) -> None:
    r = sub.add_parser("replay", help="score a log of hands", description="Score a log of hands, a paper pad typed in.")
    r.add_argument("file", metavar="FILE", help="the log, or - for standard input")
    r.add_argument("--json", action="store_true", help="print JSON")
    r.add_argument("--no-honors", action="store_true", help="do not score honors")
    r.add_argument("--chicago-vulnerable", choices=[v.value for v in ChicagoVulnerable], default="opponents")
    r.add_argument("--chicago-partscore", choices=[v.value for v in ChicagoPartScore], default="carry")
    r.add_argument(
        "--scoring",
        choices=[v.value for v in DuplicateScoring],
        help="duplicate: compare the boards by IMPs or matchpoints, over the log's own scoring line (default imps)",
    )


def settings_from_args(args: argparse.Namespace) -> Settings:
    return Settings(
        honors=not args.no_honors,
        chicago_vulnerable=ChicagoVulnerable(args.chicago_vulnerable),
        chicago_part_score=ChicagoPartScore(args.chicago_partscore),
    )


def run(args: argparse.Namespace) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    lines = TextLines(args.file, "replay")
    settings = settings_from_args(args)
    # The command line reads the session its own way, over the log's scoring line.
    scoring = DuplicateScoring(args.scoring) if args.scoring is not None else None

    def games() -> Iterator[GameState]:
        return stream_games(lines, settings, scoring)

    # A log refused shows its problems and nothing else, as it always has, so nothing is
    # shown until the log has been read to its end. The log and its games are never
    # held whole, so a log of a million lines takes no more memory than one of ten:
    # what is to be shown waits in a temporary file (plain text or JSON), or, drawn
    # for a terminal by rich, the log is read through twice.
    spool = tempfile.SpooledTemporaryFile(max_size=1 << 20, mode="w+", encoding="utf-8", newline="")  # noqa: SIM115
    with spool:
        console = None
        if not args.json:
            from bridgepad.cli.render import plain_console

            console = plain_console(spool)
        played = False

        def noting(states: Iterator[GameState]) -> Iterator[GameState]:
            nonlocal played
            for st in states:
                played = played or bool(st.hands)
                yield st

        try:
            if args.json:
                from bridgepad.formats.json_format import write_replay_json

                states = noting(games())
                first = next(states)  # a log always has a game, if only an empty one
                write_replay_json(first.mode, itertools.chain([first], states), spool.write)
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
    from bridgepad.cli.render import print_games
    from bridgepad.core.record import record_of

    print_games((record_of(st) for st in states), console)
