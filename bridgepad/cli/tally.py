"""``bridgepad tally``: each player's result over the finished games, money and payments,
the duplicate sessions by IMPs or matchpoints, and who sat out.

The windows are the tally screen's (``bridgepad.core.evening.windows``): tonight by default,
this week, all, or since a day. The stake and the rounding are the ones saved by the
tally screen's ``$`` and ``r`` unless ``--stake`` or ``--round`` is given.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from bridgepad.cli.errors import UsageError, warn
from bridgepad.cli.files import open_store

if TYPE_CHECKING:
    from decimal import Decimal

    from bridgepad.core.evening.tally import Tally


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
    t.add_argument("--round", metavar="POINTS", help="round each game's margin to the nearest POINTS (100), half up")
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
    if text is None:
        return None
    try:
        unit = int(text.strip())
    except ValueError:
        unit = 0
    if not 1 <= unit <= 10_000:
        raise UsageError(f"bridgepad tally: --round takes a whole number of points such as 100, not '{text}'.")
    return unit


def parse_stake(text: str) -> Decimal | None:
    """``--stake``: read as the tally screen reads its field (``--stake ""`` is no stake, over
    the one saved), a refusal in the same sentence after the text given."""
    from bridgepad.core.rules.settlement import StakeError, read_stake
    from bridgepad.core.words.text import visible

    try:
        return read_stake(text)
    except StakeError as e:
        raise UsageError(f"bridgepad tally: --stake '{visible(text)}': {e}") from None


def run(args: argparse.Namespace) -> int:
    from datetime import date, datetime

    from bridgepad.core.evening.tally import tally
    from bridgepad.core.evening.windows import Window, local_midnight, since, window_start
    from bridgepad.core.rules.settlement import StakeError, read_stake
    from bridgepad.core.words.text import visible
    from bridgepad.services.history import History
    from bridgepad.store.preferences_file import PreferencesFile

    round_to = parse_round(args.round)
    stake = parse_stake(args.stake) if args.stake is not None else None
    store = open_store(args)
    if args.round is None or args.stake is None:
        prefs = PreferencesFile(store.root, read_only=True).tally()  # a reader: sets nothing aside
        for problem in prefs.problems:
            warn("tally", problem)
        rounding, saved = prefs.rounding, prefs.stake
        if args.round is None and rounding:
            round_to = 100
        if args.stake is None:
            try:
                stake = read_stake(saved)
            except StakeError:
                warn("tally", f"the stake saved in settings.json ('{visible(saved)}') is not an amount; none is used.")
    history = History(store, read_only=True)  # a reader: writes nothing, sets nothing aside
    summaries = history.summaries()
    for problem in history.problems:
        warn("tally", problem)
    results = [s.result() for s in summaries]
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
        start, where = local_midnight(day), f"since {day.isoformat()}"
    elif args.week:
        start = window_start(Window.WEEK, now)
        assert start is not None
        where = f"this week (since Monday {start.date().isoformat()})"
    else:
        start = window_start(Window.TONIGHT, now, results)
        assert start is not None
        where = "tonight" if start >= now else f"tonight (since {start.strftime('%H:%M')})"
    result = tally(since(results, start), round_to, stake)
    if args.json:
        out: dict[str, Any] = result.to_json()
        out["since"] = start.isoformat() if start is not None else None
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print_tally(result, where)
    return 0


def print_tally(result: Tally, where: str) -> None:
    """The tally as small tables: the money games, then the duplicate sessions."""
    from bridgepad.core.evening.tally import notes

    n = result.games
    if n == 0 and result.sessions == 0:
        extra = f" ({result.in_play} still in play)" if result.in_play else ""
        print(f"No finished games {where}{extra}.")
        return
    if n:
        print_games(result, where)
    if result.sessions:
        if n:
            print()
        print_sessions(result, where)
    lines = notes(result)
    if lines:
        print()
        for line in lines:
            print(line)


def print_games(result: Tally, where: str) -> None:
    from bridgepad.core.words.text import visible

    n = result.games
    head = f"{n} finished game{'s' if n != 1 else ''} {where}"
    if result.round_to is not None:
        head += f", each margin rounded to the nearest {result.round_to:,}"
    if result.in_play:
        head += f"; {result.in_play} still in play, not counted"
    print(head + ".")
    print()
    names = [visible(p.name) for p in result.players]
    width = max([6] + [len(name) for name in names])
    money = result.stake is not None
    sat = result.rotation
    print(
        f"{'Player':<{width}}  {'Games':>5}"
        + (f"  {'Out':>3}" if sat else "")
        + f"  {'Points':>9}"
        + (f"  {'Money':>10}" if money else "")
    )
    for p, name in zip(result.players, names):
        line = f"{name:<{width}}  {p.games:>5}" + (f"  {p.sat_out:>3}" if sat else "") + f"  {p.points:>+9,}"
        if money:
            line += f"  {p.money:>+10,.2f}"
        if p.pair:
            line += "  each"
        print(line.rstrip())
    print()
    if not result.payments:
        print("Nobody owes anything.")
        return
    for pay in result.payments:
        print(visible(pay.text) + ".")


def print_sessions(result: Tally, where: str) -> None:
    from bridgepad.core.rules.duplicate import imps_figure
    from bridgepad.core.words.text import visible

    n = result.sessions
    print(f"{n} duplicate session{'s' if n != 1 else ''} {where}, by IMPs (teams) and matchpoints (pairs), not for money.")
    print()
    names = [visible(d.name) for d in result.duplicate]
    width = max([6] + [len(name) for name in names])
    sat = result.duplicate_rotation
    print(f"{'Player':<{width}}  {'Sessions':>8}" + (f"  {'Out':>3}" if sat else "") + f"  {'IMPs':>8}  {'Matchpoints':>16}")
    for d, name in zip(result.duplicate, names):
        imps = imps_figure(d.imps) if d.imps is not None else ""
        pct = f"{d.percent:.2f}% ({d.matchpoints}/{d.top})" if d.percent is not None else ""
        line = f"{name:<{width}}  {d.sessions:>8}" + (f"  {d.sat_out:>3}" if sat else "") + f"  {imps:>8}  {pct:>16}"
        print(line.rstrip())
