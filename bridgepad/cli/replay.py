"""``bridgepad replay``: a log of hands, a paper pad typed in, scored and drawn."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from bridgepad.cli.files import empty_file, read_text
from bridgepad.cli.rule_flags import add_rule_flags, read_rule_flags
from bridgepad.core.log import LogError, parse_log
from bridgepad.core.settings import Settings


def configure(sub: Any) -> None:
    r = sub.add_parser("replay", help="score a log of hands", description="Score a log of hands, a paper pad typed in.")
    r.add_argument("file", metavar="FILE", help="the log, or - for standard input")
    r.add_argument("--json", action="store_true", help="print JSON")
    add_rule_flags(r, ("honors", "chicago_vulnerable", "chicago_part_score", "duplicate_scoring"))


def run(args: argparse.Namespace) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    settings = read_rule_flags(args, Settings(), "replay")
    text = read_text(args.file, "replay")
    try:
        log = parse_log(text)
        if args.duplicate_scoring is not None:
            log.scoring = settings.duplicate_scoring  # over the log's own scoring line
        games = log.games(settings)
    except LogError as e:
        for line in e.lines(name):
            print(line, file=sys.stderr)
        return 2
    if not any(st.hands for st in games):
        raise empty_file(name, "replay")
    if args.json:
        from bridgepad.formats.json_format import replay_json

        print(json.dumps(replay_json(log.mode, games)))
    else:
        from bridgepad.cli.render import print_games
        from bridgepad.core.record import record_of

        print_games([record_of(st) for st in games])
    return 0
