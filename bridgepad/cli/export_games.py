"""``bridgepad export``: games written out as JSON, CSV or Markdown, to standard output or a file."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, Any

from bridgepad.cli.deal import Progress
from bridgepad.cli.errors import UsageError, warn
from bridgepad.cli.files import check_output, open_store, write_output
from bridgepad.core.lazy import lazy
from bridgepad.core.rules.game import GameOverError
from bridgepad.core.rules.kinds import derive
from bridgepad.core.words.text import visible
from bridgepad.services.formats.registry import FORMAT_NAMES, ExportError, exported
from bridgepad.store.errors import UnreadableGame
from bridgepad.store.game_id import ID_HELP, is_game_id

if TYPE_CHECKING:
    from bridgepad.core.evening import windows
    from bridgepad.store.game_store import GameStore
else:
    windows = lazy("bridgepad.core.evening.windows")  # for --all alone; ``bridgepad --help`` imports this module


def configure(sub: Any) -> None:
    e = sub.add_parser(
        "export",
        help="write games as " + ", ".join(FORMAT_NAMES),
        description="Write the current game (or --game ID, or --all) to standard output, or to a file with -o.",
    )
    e.add_argument("--format", choices=list(FORMAT_NAMES), default="json", help=", ".join(FORMAT_NAMES) + " (default json)")
    which = e.add_mutually_exclusive_group()
    which.add_argument("--game", metavar="ID", help="the game with this id (or the start of it)")
    which.add_argument("--all", action="store_true", help="every game, oldest first")
    e.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    e.add_argument("--force", action="store_true", help="with -o: replace FILE if it exists")


def find_game(store: GameStore, text: str, command: str = "export") -> str:
    wanted = text.strip()
    wanted = wanted.removesuffix(".json")
    if not is_game_id(wanted):
        raise UsageError(f"bridgepad {command}: '{visible(text)[:80]}' is not a game id: {ID_HELP}.")
    ids = store.ids()
    if wanted in ids:
        return wanted
    matches = [i for i in ids if i.startswith(wanted)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        raise UsageError(f"bridgepad {command}: {len(matches)} games have ids starting '{wanted}'; give more of the id.")
    raise UsageError(f"bridgepad {command}: there is no game '{wanted}' in {store.games_dir}.")


def run(args: argparse.Namespace) -> int:
    store = open_store(args)
    out_path = args.output
    if args.force and out_path is None:
        raise UsageError("bridgepad export: --force goes with -o FILE: it allows replacing that file.")
    if out_path is not None:
        check_output(out_path, args.force)
    if args.all:
        ids, misnamed = store.listing()
        for problem in misnamed:
            warn("export", problem)
        lenient = True
    else:
        if args.game is not None:
            game_id = find_game(store, args.game)
        else:
            current = store.current_id()
            if current is None or not store.path(current).exists():
                raise UsageError("bridgepad export: there is no current game; choose one with --game ID, or use --all.")
            game_id = current
        ids, lenient = [game_id], False
    games = []
    for game_id in ids:
        try:
            games.append(store.read(game_id))  # a reader: a damaged file is named and left as it is
        except FileNotFoundError:
            if not lenient:
                raise UsageError(f"bridgepad export: there is no game '{game_id}' in {store.games_dir}.") from None
        except UnreadableGame as e:
            if not lenient:
                raise UsageError(f"bridgepad export: {e.skipped()}") from None
            warn("export", e.skipped())
    if lenient:
        games.sort(key=lambda g: (windows.parse_time(g.created) is None, windows.parse_time(g.created) or 0, g.id))
        kept = []
        for g in games:
            try:
                derive(g.game)
                kept.append(g)
            except GameOverError as e:
                warn("export", f"skipped {g.id}: its hands cannot be replayed: {e}")
        games = kept
    progress = Progress()
    solving: list[int] = []  # the boards a game's cache lacked, solved first (said on standard error)

    def told(done: int, total: int) -> None:
        solving[:] = [total]
        progress(done, total)

    try:
        out = exported(games, args.format, told)
    except ExportError as e:
        raise UsageError(f"bridgepad export: {e}") from None
    if solving:
        progress.end(solving[0])
    for loss in out.losses:
        warn("export", loss)
    if out_path is None:
        _to_stdout(out.text, out.encoding)
        return 0
    write_output(out_path, out.text, args.force, encoding=out.encoding)
    n = len(games)
    print(f"Wrote {n} game{'s' if n != 1 else ''} as {args.format} to {out_path}.")
    return 0


def _to_stdout(text: str, encoding: str) -> None:
    """The export on standard output: a format whose standard fixes its bytes (PBN's ISO 8859/1)
    in them when it goes to a file or a pipe, as in a file written with -o; anything else, and
    anything on a terminal, in the output's own encoding (with its ASCII fallbacks)."""
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    fixed = encoding.lower().replace("_", "-") not in ("utf-8", "utf8")
    if reconfigure is not None and fixed and not sys.stdout.isatty() and encoding.lower() != (sys.stdout.encoding or "").lower():
        reconfigure(encoding=encoding)
    sys.stdout.write(text)
