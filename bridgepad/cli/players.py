"""``bridgepad players``: the persons of the history, and the names said to be one person.

``players`` lists them with their games; ``players merge "Anne" "Ann"`` says that Ann is
Anne (her games count as Anne's in the statistics and the tally); ``players unmerge "Ann"``
makes her a player of her own again. What is said is kept in ``people.json``
(``bridgepad.store.people_file``); no game file is rewritten. A merge or an unmerge takes
the data folder's lock, as ``new`` and ``import`` do.
"""

from __future__ import annotations

import argparse
import json
from typing import TYPE_CHECKING, Any

from bridgepad.cli.errors import UsageError, warn
from bridgepad.cli.files import holding_folder, open_store
from bridgepad.cli.stats import progress_on_terminal
from bridgepad.core.lazy import lazy
from bridgepad.core.words.text import visible

# Loaded when the players are read: ``bridgepad --help`` imports this module for its parser.
if TYPE_CHECKING:
    from bridgepad.core.evening import persons
    from bridgepad.services import history as history_module
    from bridgepad.store import people_file
else:
    persons = lazy("bridgepad.core.evening.persons")
    history_module = lazy("bridgepad.services.history")
    people_file = lazy("bridgepad.store.people_file")


def configure(sub: Any) -> None:
    p = sub.add_parser(
        "players",
        help="the players of the history with their games; merge two names that are one person",
        description="The players of every game, a name a person whatever its letter case and spaces, with the "
        "games each played. 'merge NAME OTHER' says OTHER is NAME (one person, shown as NAME: the statistics and "
        "the tally count OTHER's games as NAME's); 'unmerge OTHER' undoes it. No game file is rewritten.",
    )
    p.add_argument("--json", action="store_true", help="print one JSON object")
    what = p.add_subparsers(dest="change", metavar="merge|unmerge")
    m = what.add_parser("merge", help="say that two names are one person", description="OTHER is NAME: one person.")
    m.add_argument("name", metavar="NAME", help="the name the person is shown by")
    m.add_argument("other", metavar="OTHER", help="another name of the same person")
    u = what.add_parser("unmerge", help="make a merged name a player of its own again")
    u.add_argument("name", metavar="NAME", help="a name merged into another")


def run(args: argparse.Namespace) -> int:
    store = open_store(args)
    if args.change is None:
        people = people_file.PeopleFile(store.root, read_only=True).read()
        history = history_module.History(store, read_only=True)
        games = history.summaries(progress_on_terminal())
        for problem in (*people.problems, *history.problems):
            warn("players", problem)
        listed = persons.persons(games, people.merges)
        if args.json:
            print(json.dumps({"players": [_person_json(p) for p in listed]}, ensure_ascii=False))
        else:
            print_players(listed)
        return 0
    try:
        with holding_folder(store, f"players {args.change}"):
            file = people_file.PeopleFile(store.root)
            people = file.read()
            for problem in people.problems:
                warn("players", problem)
            history = history_module.History(store, read_only=True)  # the index is only read here
            games = history.summaries(progress_on_terminal())
            if args.change == "merge":
                merges = persons.merge(people.merges, args.name, args.other, games)
                file.save(merges)
                person = next(p for p in persons.persons(games, merges) if p.key == merges.key(args.name))
                other = " ".join(args.other.split())
                print(f"{visible(other)} is now {visible(person.name)}: {person.games:,} games in all.")
            else:
                merges, was = persons.unmerge(people.merges, args.name)
                file.save(merges)
                print(f"{visible(' '.join(args.name.split()))} is a player of their own again, no longer {visible(was)}.")
    except persons.MergeRefused as e:
        raise UsageError(f"bridgepad players {args.change}: {e}") from None
    except OSError as e:
        raise UsageError(f"bridgepad players: cannot write to {visible(str(store.root))}: {e.strerror or e}.") from None
    return 0


def _person_json(p: Any) -> dict[str, Any]:
    return {
        "name": p.name,
        "games": p.games,
        "spellings": list(p.spellings),
        "merged": list(p.merged),
        "first": None if p.first is None else p.first.isoformat(),
        "last": None if p.last is None else p.last.isoformat(),
    }


def print_players(listed: list[Any]) -> None:
    if not listed:
        print("No named players in the history yet.")
        return
    rows = []
    for p in listed:
        others = [s for s in p.spellings if s != p.name and s not in p.merged]
        also = "; ".join(
            part
            for part in (
                f"merged: {', '.join(p.merged)}" if p.merged else "",
                f"also written {', '.join(others)}" if others else "",
            )
            if part
        )
        last = "" if p.last is None else p.last.astimezone().date().isoformat()
        rows.append((visible(p.name), f"{p.games:,}", last, visible(also)))
    width = max(len("Player"), *(len(r[0]) for r in rows))
    games = max(len("Games"), *(len(r[1]) for r in rows))
    print(f"{'Player':<{width}}  {'Games':>{games}}  {'Last game':<10}  Names")
    for name, count, last, also in rows:
        print(f"{name:<{width}}  {count:>{games}}  {last:<10}  {also}".rstrip())
