"""``bridgepad tally``: each player's result over the finished games, money and payments,
the duplicate sessions by IMPs or matchpoints, and who sat out.

The windows are the tally screen's (``bridgepad.core.evening.windows``): tonight by default,
this week, all, or since a day. The stake and the rounding are the ones saved by the
tally screen's ``$`` and ``r`` unless ``--stake`` or ``--round`` is given.
"""

from __future__ import annotations

import argparse
import json
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from bridgepad.cli.errors import UsageError, warn
from bridgepad.cli.files import open_store
from bridgepad.core.lazy import lazy
from bridgepad.core.words.text import visible

# Loaded when the games are tallied: ``bridgepad --help`` imports this module for its parser.
if TYPE_CHECKING:
    from decimal import Decimal

    from bridgepad.core.evening import tally as evening_tally
    from bridgepad.core.evening import tally_view, windows
    from bridgepad.core.evening.tally_view import TableView, TallyView
    from bridgepad.core.rules import settlement
    from bridgepad.services import history as history_module
    from bridgepad.store import people_file, preferences_file
else:
    evening_tally = lazy("bridgepad.core.evening.tally")
    tally_view = lazy("bridgepad.core.evening.tally_view")
    windows = lazy("bridgepad.core.evening.windows")
    settlement = lazy("bridgepad.core.rules.settlement")
    history_module = lazy("bridgepad.services.history")
    people_file = lazy("bridgepad.store.people_file")
    preferences_file = lazy("bridgepad.store.preferences_file")


def configure(sub: Any) -> None:
    t = sub.add_parser(
        "tally",
        help="each player's result over the finished games, and who pays whom",
        description="Tally the finished games (won, or ended early; not one still in play) for each player: "
        "the sum of their side's total less the other side's, partnerships as they were in each game; "
        "duplicate sessions by IMPs or matchpoint percentage. By default the games of tonight's evening. "
        "The stake and rounding saved in the app are used unless --stake or --round is given.",
    )
    t.add_argument("--json", action="store_true", help="print one JSON object")
    t.add_argument(
        "--round",
        metavar="POINTS",
        help="round each game's margin to the nearest POINTS (100), half up; 0 for none, over the saved setting",
    )
    t.add_argument(
        "--stake",
        metavar="AMOUNT",
        help='money per 100 points, above 0, e.g. 0.10 or 0,10: adds money and payments ("" for none)',
    )
    w = t.add_mutually_exclusive_group()
    w.add_argument("--tonight", action="store_true", help="the games of tonight's evening (the default)")
    w.add_argument("--week", action="store_true", help="the games started since Monday of this week")
    w.add_argument("--all", action="store_true", help="every game")
    w.add_argument("--since", metavar="YYYY-MM-DD", help="the games started on or after this day (local time)")


def parse_round(text: str | None) -> int | None:
    """``--round``: the unit each margin is rounded to; ``0`` turns rounding off, over the saved setting."""
    if text is None:
        return None
    try:
        unit = int(text.strip())
    except ValueError:
        unit = -1
    if not 0 <= unit <= 10_000:
        raise UsageError(
            f"bridgepad tally: --round takes a whole number of points such as 100, or 0 for none, not '{visible(text)}'."
        )
    return unit or None


def parse_stake(text: str) -> Decimal | None:
    """``--stake``: read as the tally screen reads its field (``--stake ""`` is no stake, over
    the one saved), a refusal in the same sentence after the text given."""
    try:
        return settlement.read_stake(text)
    except settlement.StakeError as e:
        raise UsageError(f"bridgepad tally: --stake '{visible(text)}': {e}") from None


def run(args: argparse.Namespace) -> int:
    round_to = parse_round(args.round)
    stake = parse_stake(args.stake) if args.stake is not None else None
    store = open_store(args)
    if args.round is None or args.stake is None:
        prefs = preferences_file.PreferencesFile(store.root, read_only=True).tally()  # a reader: sets nothing aside
        for problem in prefs.problems:
            warn("tally", problem)
        if args.round is None:
            round_to = settlement.rounding_unit(prefs.rounding)
        if args.stake is None:
            stake = prefs.stake
    history = history_module.History(store, read_only=True)  # a reader: writes nothing, sets nothing aside
    people = people_file.PeopleFile(store.root, read_only=True).read()
    results = people.merges.apply(history.summaries())  # names merged as one person (bridgepad players)
    for problem in (*people.problems, *history.problems):
        warn("tally", problem)
    now = datetime.now().astimezone()
    if args.all:
        start, where = None, "in all"
    elif args.since is not None:
        try:
            day = date.fromisoformat(args.since.strip())
        except ValueError:
            raise UsageError(
                f"bridgepad tally: --since takes a day as YYYY-MM-DD, e.g. 2026-08-17, not '{visible(args.since)}'."
            ) from None
        start, where = windows.local_midnight(day), f"since {day.isoformat()}"
    elif args.week:
        start = windows.window_start(windows.Window.WEEK, now)
        assert start is not None
        where = f"this week (since Monday {start.date().isoformat()})"
    else:
        start = windows.window_start(windows.Window.TONIGHT, now, results)
        assert start is not None
        where = "tonight" if start >= now else f"tonight (since {start.strftime('%H:%M')})"
    result = evening_tally.tally(windows.since(results, start), round_to, stake)
    if args.json:
        out: dict[str, Any] = result.to_json()
        out["since"] = start.isoformat() if start is not None else None
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print_tally(tally_view.view(result), where)
    return 0


def print_tally(v: TallyView, where: str) -> None:
    """The tally's view as small tables: the money games, then the duplicate sessions."""
    t = v.tally
    if t.games == 0 and t.sessions == 0:
        extra = f" ({t.in_play} still in play)" if t.in_play else ""
        print(f"No finished games {where}{extra}.")
        return
    if t.games:
        head = f"{t.games} finished game{'s' if t.games != 1 else ''} {where}"
        if t.round_to is not None:
            head += f", each margin rounded to the nearest {t.round_to:,}"
        if t.in_play:
            head += f"; {t.in_play} still in play, not counted"
        print(head + ".")
        print()
        print_table(v.games)
        print()
        for line in v.payments:
            print(visible(line) + ".")
        if v.settled:
            print(v.settled)
    if t.sessions:
        if t.games:
            print()
        n = t.sessions
        print(f"{n} duplicate session{'s' if n != 1 else ''} {where}, by IMPs (teams) and matchpoints (pairs), not for money.")
        print()
        print_table(v.sessions)
    if v.notes:
        print()
        for line in v.notes:
            print(line)


def print_table(part: TableView) -> None:
    """One of the view's tables as padded lines: names to the left, figures to the right."""
    names = [visible(line.name) for line in part.lines]
    width = max([len(part.heading), *(len(name) for name in names)])
    print(f"{part.heading:<{width}}" + "".join(f"  {c.title:>{c.width}}" for c in part.columns))
    for line, name in zip(part.lines, names):
        print((f"{name:<{width}}" + "".join(f"  {cell:>{c.width}}" for c, cell in zip(part.columns, line.cells))).rstrip())
