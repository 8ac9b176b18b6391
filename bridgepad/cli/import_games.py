"""``bridgepad import``: the games of a log, stored in the data folder as games of their own."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from bridgepad.cli.errors import UsageError
from bridgepad.cli.files import open_store, read_text
from bridgepad.core.log import LogError, parse_log
from bridgepad.core.settings import ChicagoPartScore, ChicagoVulnerable


def configure(sub: Any) -> None:
    i = sub.add_parser(
        "import",
        help="store the games of a log",
        description="Store each game of a log in the replay grammar as a game in the data folder, "
        "without changing the current game. A line 'players N=Ann E=Bob S=Cy W=Di' before a game names "
        "its players and those of the games after it. Rules not given are the ones new games start with.",
    )
    i.add_argument("file", metavar="FILE", help="the log, or - for standard input")
    honors = i.add_mutually_exclusive_group()
    honors.add_argument("--honors", dest="honors", action="store_const", const=True, help="score honors")
    honors.add_argument("--no-honors", dest="honors", action="store_const", const=False, help="do not score honors")
    i.add_argument("--chicago-vulnerable", choices=[v.value for v in ChicagoVulnerable])
    i.add_argument("--chicago-partscore", choices=[v.value for v in ChicagoPartScore])


def run(args: argparse.Namespace) -> int:
    from dataclasses import replace
    from datetime import datetime, timedelta

    from bridgepad.core.game import derive
    from bridgepad.core.summary import headline
    from bridgepad.store import StoredGame

    name = "<stdin>" if args.file == "-" else args.file
    text = read_text(args.file, "import")
    store = open_store(args)
    defaults, _names = store.load_defaults()
    settings = defaults
    if args.honors is not None:
        settings = replace(settings, honors=args.honors)
    if args.chicago_vulnerable is not None:
        settings = replace(settings, chicago_vulnerable=ChicagoVulnerable(args.chicago_vulnerable))
    if args.chicago_partscore is not None:
        settings = replace(settings, chicago_part_score=ChicagoPartScore(args.chicago_partscore))
    try:
        log = parse_log(text)
        states = log.games(settings)
    except LogError as e:
        for line in e.lines(name):
            print(line, file=sys.stderr)
        return 2
    states = [st for st in states if st.hands]
    if not states:
        raise UsageError(f"bridgepad import: {name}: there are no hands in it to import.")
    games = [st.game for st in states]
    try:
        for g in games:
            derive(g)  # every game must replay as stored before anything is written
    except ValueError as e:  # pragma: no cover - play_items already replayed them
        raise UsageError(f"bridgepad import: {name}: {e}") from None
    # The log has no dates: the games are dated now, a second apart, so they keep their order.
    now = datetime.now().astimezone().replace(microsecond=0)
    written: list[StoredGame] = []
    try:
        for k, g in enumerate(games):
            created = (now - timedelta(seconds=len(games) - 1 - k)).isoformat(timespec="seconds")
            written.append(store.add(g, created))
    except OSError as e:
        for stored in written:
            try:
                os.unlink(store.path(stored.id))
            except OSError:
                pass
        raise UsageError(f"bridgepad import: cannot write to {store.root}: {e.strerror or e}; nothing was imported.") from None
    n = len(written)
    print(f"Imported {n} game{'s' if n != 1 else ''} into {store.games_dir}:")
    for stored, st in zip(written, states):
        print(f"{stored.id}  {headline(st, stored.game.settings.we)}")
    return 0
