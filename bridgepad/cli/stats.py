"""``bridgepad stats``: each player and each partnership over every finished game, or a span.

The figures are the statistics screen's (``bridgepad.core.evening.stats``), read from the
history's index (rebuilt first when it is missing or stale, its progress shown on a
terminal); nets and money are the tally's, at the stake and rounding the tally screen
saved. A reader: nothing in the data folder is written or set aside.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import textwrap
from datetime import date, datetime, timedelta
from typing import TYPE_CHECKING, Any

from bridgepad.cli.errors import UsageError, warn
from bridgepad.cli.files import open_store
from bridgepad.core.lazy import lazy
from bridgepad.core.rules.game import Mode
from bridgepad.core.words.text import visible

# Loaded when the statistics are read: ``bridgepad --help`` imports this module for its parser.
if TYPE_CHECKING:
    from bridgepad.core.evening import persons, stats_view, windows
    from bridgepad.core.evening import stats as evening_stats
    from bridgepad.core.evening.stats import Span
    from bridgepad.core.evening.stats_view import Table
    from bridgepad.core.rules import settlement
    from bridgepad.services import history as history_module
    from bridgepad.services.formats import csv_format
    from bridgepad.store import people_file, preferences_file
else:
    persons = lazy("bridgepad.core.evening.persons")
    evening_stats = lazy("bridgepad.core.evening.stats")
    stats_view = lazy("bridgepad.core.evening.stats_view")
    windows = lazy("bridgepad.core.evening.windows")
    settlement = lazy("bridgepad.core.rules.settlement")
    history_module = lazy("bridgepad.services.history")
    csv_format = lazy("bridgepad.services.formats.csv_format")
    people_file = lazy("bridgepad.store.people_file")
    preferences_file = lazy("bridgepad.store.preferences_file")

FORMATS = ("table", "csv", "json", "md")


def configure(sub: Any) -> None:
    s = sub.add_parser(
        "stats",
        help="each player and partnership over every finished game: results, as declarer, as defender",
        description="Statistics over every finished game (a rubber won or ended, a Chicago of four deals, "
        "a duplicate session with a board compared), or a span of them: each player's evenings, games and "
        "rubbers won, net and money (the tally's, at the saved stake), best and worst evening; their contracts "
        "as declarer and as defender; each partnership's games, won and net. Names are persons: "
        "see bridgepad players.",
    )
    s.add_argument("--since", metavar="YYYY-MM-DD", help="the games started on or after this day (local time)")
    s.add_argument("--until", metavar="YYYY-MM-DD", help="the games started on or before this day (local time)")
    s.add_argument("--mode", metavar="MODE", help="only rubber, chicago or duplicate (several: rubber,chicago)")
    s.add_argument("--player", metavar="NAME", help="only this player and their partnerships")
    s.add_argument(
        "--format", default="table", metavar="FORMAT", help="table (the default), or csv, json or md for other programs"
    )


def read_day(text: str, option: str) -> datetime:
    """A day given as YYYY-MM-DD: its local midnight."""
    try:
        return windows.local_midnight(date.fromisoformat(text.strip()))
    except ValueError:
        raise UsageError(
            f"bridgepad stats: {option} takes a day as YYYY-MM-DD, e.g. 2026-08-17, not '{visible(text)}'."
        ) from None


def read_span(since: str | None, until: str | None, modes: str | None) -> Span:
    start = read_day(since, "--since") if since is not None else None
    end = read_day(until, "--until") + timedelta(days=1) if until is not None else None
    if start is not None and end is not None and end <= start:
        raise UsageError(
            f"bridgepad stats: --until {until.strip() if until else ''} is before --since "
            f"{since.strip() if since else ''}: no game can be in that span."
        )
    chosen = None
    if modes is not None:
        words = {m.value: m for m in Mode}
        chosen = set()
        for word in modes.split(","):
            mode = words.get(word.strip().casefold())
            if mode is None:
                raise UsageError(
                    f"bridgepad stats: --mode takes rubber, chicago or duplicate (several with commas), not '{visible(word)}'."
                )
            chosen.add(mode)
    return evening_stats.Span(start, end, frozenset(chosen) if chosen is not None else None)


def run(args: argparse.Namespace) -> int:
    form = args.format.strip().casefold()
    if form not in FORMATS:
        raise UsageError(f"bridgepad stats: --format takes table, csv, json or md, not '{args.format}'.")
    span = read_span(args.since, args.until, args.mode)
    store = open_store(args)
    prefs = preferences_file.PreferencesFile(store.root, read_only=True).tally()  # a reader: sets nothing aside
    people = people_file.PeopleFile(store.root, read_only=True).read()
    for problem in (*prefs.problems, *people.problems):
        warn("stats", problem)
    history = history_module.History(store, read_only=True)  # a reader: writes nothing, sets nothing aside
    games = history.summaries(progress_on_terminal())
    for problem in history.problems:
        warn("stats", problem)
    player = None
    if args.player is not None:
        try:
            player = persons.find(args.player, persons.persons(games, people.merges), people.merges).name
        except persons.MergeRefused as e:
            raise UsageError(f"bridgepad stats: {e}") from None
    st = evening_stats.statistics(games, span, people.merges, settlement.rounding_unit(prefs.rounding), prefs.stake, player)
    said = stats_view.said_words(st, player)  # no games, or nobody named: a sentence above the tables
    if said and form != "table":
        warn("stats", said)
    elif said and st.empty:
        print(said)
        return 0
    if form == "json":
        print(json.dumps(st.to_json(), ensure_ascii=False))
    elif form == "csv":
        sys.stdout.write(stats_view.to_csv(st, safe=csv_format.cell))
    elif form == "md":
        sys.stdout.write(stats_view.to_markdown(st))
    else:
        print(stats_view.heading(st))
        if said:
            print(said)
        room = terminal_width()
        for table in stats_view.tables(st):
            print()
            print_table(table, room)
    return 0


def terminal_width() -> int | None:
    """The width of the terminal standard output is, if it is one: the tables keep to it."""
    if not sys.stdout.isatty():
        return None
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns
    except OSError:
        return None


def progress_on_terminal() -> Any:
    """``reading 2,350 of 20,000 games`` on standard error while the index is rebuilt, when it is
    a terminal (on one line, written over); nothing otherwise."""
    if not sys.stderr.isatty():
        return None

    def show(done: int, total: int) -> None:
        end = "\n" if done == total else ""
        print(f"\rreading {done:,} of {total:,} games", end=end, file=sys.stderr, flush=True)

    return show


def print_table(t: Table, room: int | None = None) -> None:
    """A table as padded lines: its title, the names to the left, the figures to the right, its note.
    On a terminal ``room`` wide, a table wider than that comes in parts, one under the other, the
    names again at the left of each: every figure is printed, none past the edge."""
    names = [visible(r.name) for r in t.rows]
    width = max([len(t.heading), *(len(n) for n in names)])
    print(t.title)
    for k, part in enumerate((t,) if room is None else t.parts(room, padding=2)):
        if k:
            print()
        print(f"{t.heading:<{width}}" + "".join(f"  {c.title:>{c.width}}" for c in part.columns))
        for r, name in zip(part.rows, names):
            print((f"{name:<{width}}" + "".join(f"  {cell:>{c.width}}" for c, cell in zip(part.columns, r.cells))).rstrip())
    if t.note:
        print(t.note if room is None else textwrap.fill(t.note, room))
