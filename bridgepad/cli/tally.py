"""``bridgepad tally``: each player's result over the finished games, money and payments."""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from bridgepad.cli.errors import UsageError, warn
from bridgepad.cli.files import open_store

if TYPE_CHECKING:
    from decimal import Decimal

    from bridgepad.core.tally import Tally


def configure(sub: Any) -> None:
    t = sub.add_parser(
        "tally",
        help="each player's result over the finished games, and who pays whom",
        description="Tally the finished games (won, or ended early; not one still in play) for each player: "
        "the sum of their side's total less the other side's, partnerships as they were in each game. "
        "By default the games started today.",
    )
    t.add_argument("--json", action="store_true", help="print one JSON object")
    t.add_argument("--round", metavar="POINTS", help="round each game's margin to the nearest POINTS (100), half up")
    t.add_argument("--stake", metavar="AMOUNT", help="money per 100 points, e.g. 0.10: adds money and payments")
    w = t.add_mutually_exclusive_group()
    w.add_argument("--since", metavar="YYYY-MM-DD", help="the games started on or after this day (local time)")
    w.add_argument("--week", action="store_true", help="the games started since Monday of this week")
    w.add_argument("--all", action="store_true", help="every game")


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


def parse_stake(text: str | None) -> Decimal | None:
    if text is None:
        return None
    from decimal import Decimal, InvalidOperation

    try:
        stake = Decimal(text.strip())
    except InvalidOperation:
        stake = None
    if stake is None or not stake.is_finite() or stake <= 0 or stake > 1_000_000:
        raise UsageError(f"bridgepad tally: --stake takes an amount of money per 100 points such as 0.10 or 1, not '{text}'.")
    return stake


def run(args: argparse.Namespace) -> int:
    from datetime import date

    from bridgepad.core.tally import Window, local_midnight, since, tally, window_start
    from bridgepad.history import History

    round_to = parse_round(args.round)
    stake = parse_stake(args.stake)
    if args.all:
        start, where = None, "in all"
    elif args.since is not None:
        try:
            day = date.fromisoformat(args.since.strip())
        except ValueError:
            raise UsageError(f"bridgepad tally: --since takes a day as YYYY-MM-DD, e.g. 2026-08-17, not '{args.since}'.") from None
        start, where = local_midnight(day), f"since {day.isoformat()}"
    elif args.week:
        start = window_start(Window.WEEK)
        assert start is not None
        where = f"this week (since Monday {start.date().isoformat()})"
    else:
        start, where = window_start(Window.TODAY), "today"
    history = History(open_store(args))
    summaries = history.summaries()
    for problem in history.problems:
        warn("tally", problem)
    result = tally(since([s.result() for s in summaries], start), round_to, stake)
    if args.json:
        out: dict[str, Any] = result.to_json()
        out["since"] = start.isoformat() if start is not None else None
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print_tally(result, where)
    return 0


def print_tally(result: Tally, where: str) -> None:
    """The tally as a small table, then the payments."""
    n = result.games
    if n == 0:
        extra = f" ({result.in_play} still in play)" if result.in_play else ""
        print(f"No finished games {where}{extra}.")
        return
    head = f"{n} finished game{'s' if n != 1 else ''} {where}"
    if result.round_to is not None:
        head += f", each margin rounded to the nearest {result.round_to:,}"
    if result.in_play:
        head += f"; {result.in_play} still in play, not counted"
    print(head + ".")
    print()
    width = max([6] + [len(p.name) for p in result.players])
    money = result.stake is not None
    print(f"{'Player':<{width}}  {'Points':>9}" + (f"  {'Money':>10}" if money else ""))
    for p in result.players:
        line = f"{p.name:<{width}}  {p.points:>+9,}"
        if money:
            line += f"  {p.money:>+10,.2f}"
        if p.pair:
            line += "  each"
        print(line.rstrip())
    print()
    if not result.payments:
        print("Nobody owes anything.")
        return
    if any(p.pair for p in result.players):
        print("(A pair without names pays or is paid for both its players.)")
    for pay in result.payments:
        print(pay.text + ".")
