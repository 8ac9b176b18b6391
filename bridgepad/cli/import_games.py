"""``bridgepad import``: the games of a log, of a bridgepad JSON export or of a bridgepad
PBN export, stored in the data folder, all or nothing, and never twice.

Which of the three a file is, is told by its content, not its name: a JSON export is
an object (``{``), a PBN file begins with a ``%`` directive or a ``[`` tag, anything
else is read as a log. A game already in the history (the same inputs, see
``bridgepad.core.records.sameness``) is not stored again; import says how many were new and
how many were there already. How the new games are stored at once is
``bridgepad.services.import_batch``.
"""

from __future__ import annotations

import argparse
import itertools
import shlex
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

from bridgepad.cli.errors import UsageError, warn
from bridgepad.cli.export_games import find_game
from bridgepad.cli.files import empty_file, holding_folder, lines_of, open_store, read_text
from bridgepad.cli.rule_flags import add_rule_flags, given_flags, read_rule_flags
from bridgepad.core.boards.board_set import BoardSet
from bridgepad.core.lazy import lazy
from bridgepad.core.readers.log import LogError, stream_games
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.settings import Settings
from bridgepad.core.words.text import visible
from bridgepad.store.errors import UnreadableGame

# Loaded when a file is imported: ``bridgepad --help`` imports this module for its parser.
if TYPE_CHECKING:
    from bridgepad.core.records import record, sameness
    from bridgepad.services import import_batch
    from bridgepad.services.formats import incoming as incoming_module
    from bridgepad.services.formats import json_format, pbn_boards, pbn_reader
    from bridgepad.services.formats.incoming import Incoming
    from bridgepad.store import game_store, preferences_file
    from bridgepad.store.game_store import GameStore, StoredGame
else:
    record = lazy("bridgepad.core.records.record")
    sameness = lazy("bridgepad.core.records.sameness")
    import_batch = lazy("bridgepad.services.import_batch")
    incoming_module = lazy("bridgepad.services.formats.incoming")
    json_format = lazy("bridgepad.services.formats.json_format")
    pbn_boards = lazy("bridgepad.services.formats.pbn_boards")
    pbn_reader = lazy("bridgepad.services.formats.pbn_reader")
    game_store = lazy("bridgepad.store.game_store")
    preferences_file = lazy("bridgepad.store.preferences_file")

# The rules a log is scored by; an export keeps its own.
LOG_RULES = ("honors", "chicago_vulnerable", "chicago_part_score")


def configure(sub: Any) -> None:
    i = sub.add_parser(
        "import",
        help="store the games of a log, or of a JSON or PBN export",
        description="Store each game of a log in the replay grammar, or of a bridgepad JSON or PBN export, "
        "as a game in the data folder, without changing the current game. Games already in the history are "
        "not stored again. In a log, a line 'players N=Ann E=Bob S=Cy W=Di' before a game names its players "
        "and those of the games after it, and rules not given are the ones new games start with; an export "
        "keeps its own ids, times and rules.",
    )
    i.add_argument("file", metavar="FILE", help="the log or export, or - for standard input")
    i.add_argument(
        "--game",
        metavar="ID",
        help="a club's PBN file (cards and the field's results): attach them to this duplicate game "
        "(its id or the start of it) instead of storing a new one",
    )
    add_rule_flags(i, LOG_RULES, "(a log)")


def run(args: argparse.Namespace) -> int:
    name = "<stdin>" if args.file == "-" else args.file
    text = read_text(args.file, "import")
    store = open_store(args)
    incoming: list[Incoming] | LogGames
    try:
        if json_format.is_export(text):
            _no_rule_flags(args, "a JSON export")
            incoming = json_format.read(text)
        elif pbn_reader.is_pbn(text) and not pbn_reader.has_bridgepad_games(text):
            _no_rule_flags(args, "a club's PBN file")
            return import_club(store, text, name, args.game)
        elif pbn_reader.is_pbn(text):
            _no_rule_flags(args, "a PBN export")
            incoming = pbn_reader.read(text)
        else:
            incoming = read_log(text, name, args, store)
    except incoming_module.FileRefused as e:
        for line in e.lines(name):
            print(line, file=sys.stderr)
        return 2
    if args.game is not None:
        raise UsageError("bridgepad import: --game goes with a club's PBN file, whose boards it attaches to that game.")
    if not (incoming.count if isinstance(incoming, LogGames) else incoming):
        raise empty_file(name, "import")
    # The folder's lock, held from the plan to the commit, so nothing else writes games between.
    with holding_folder(store, "import"):
        return import_locked(store, incoming, name)


def import_club(store: GameStore, text: str, name: str, game_id: str | None) -> int:
    """A club's session (or any hand record): its boards' cards and the field's results, as a new
    duplicate game, or attached to the duplicate game ``game_id`` (all or nothing, either way)."""
    try:
        club = pbn_boards.read_boards(text)
    except incoming_module.FileRefused as e:
        for line in e.lines(name):
            print(line, file=sys.stderr)
        return 2
    for said in club.skipped:
        warn("import", f"{visible(name)}: {said}")
    what = f"the cards of {club.boards.span}"
    if club.boards.has_field:
        what += f" and the club's results on {club.with_results} of them"
    if club.pairs:
        what += f" (its TotalScoreTable ranks {club.pairs} pairs)"
    if game_id is not None:
        with holding_folder(store, "import"):
            return attach_club(store, club.boards, game_id, what, name)
    defaults = preferences_file.PreferencesFile(store.root, read_only=True).new_game_defaults()
    game = Game(mode=Mode.DUPLICATE, settings=defaults.settings, first_board=club.boards.numbers[0], deals=club.boards)
    print(f"{visible(name)}: {what}.")
    with holding_folder(store, "import"):
        before = len(store.ids())
        status = import_locked(store, [incoming_module.Incoming(game)], name)
        stored_now = len(store.ids()) > before
    if stored_now:
        print(
            "To play its boards: resume the game from the history (h, then Enter), or start one: "
            f"bridgepad new duplicate --deals {'FILE' if name == '<stdin>' else shlex.quote(visible(name))}"
        )
    return status


def attach_club(store: GameStore, boards: object, game_id: str, what: str, name: str) -> int:
    """Attaches a club's boards to a stored duplicate game; the game's other inputs are left as they were."""
    assert isinstance(boards, BoardSet)
    found = find_game(store, game_id, "import")
    try:
        stored = store.load(found)
    except (FileNotFoundError, UnreadableGame) as e:
        raise UsageError(f"bridgepad import: {e}") from None
    game = stored.game
    if not game.rules.boards:
        raise UsageError(f"bridgepad import: {found} is a {game.mode.word}; a club's boards attach to a duplicate game.")
    merged = {b.board: b for b in (game.deals.boards if game.deals is not None else ())}
    for b in boards.boards:
        had = merged.get(b.board)
        if had is not None and had.deal != b.deal:
            raise UsageError(
                f"bridgepad import: {visible(name)}: board {b.board} has other cards than game {found} has for it; nothing was changed."
            )
        merged[b.board] = b
    changed = replace(game, deals=BoardSet(tuple(merged[n] for n in sorted(merged))))
    if changed == game:
        print(f"Game {found} already has {what}: nothing to change.")
        return 0
    try:
        store.save(replace(stored, game=changed, updated=game_store.now_iso()))
    except OSError as e:
        raise UsageError(f"bridgepad import: cannot write {store.path(found)}: {e.strerror or e}; nothing was changed.") from None
    print(f"Attached {what} to game {found}: {visible(record.make_record(changed).headline)}")
    return 0


def _no_rule_flags(args: argparse.Namespace, what: str) -> None:
    given = given_flags(args)
    if given:
        raise UsageError(f"bridgepad import: {given[0]} is for a log; {what} keeps the rules its games were played under.")


@dataclass(frozen=True, slots=True)
class LogGames:
    """A log's games with hands, ``count`` of them, read again one at a time to be stored:
    a log of a million lines is never held as games."""

    text: str
    settings: Settings
    count: int
    now: datetime

    def __iter__(self) -> Iterator[Incoming]:
        """Each game dated now, a second apart, so that they keep their order."""
        k = 0
        for st in stream_games(lines_of(self.text), self.settings):
            if st.hands:
                yield incoming_module.Incoming(
                    st.game, created=(self.now - timedelta(seconds=self.count - 1 - k)).isoformat(timespec="seconds")
                )
                k += 1


def read_log(text: str, name: str, args: argparse.Namespace, store: GameStore) -> LogGames:
    """The games of a log with hands, read through once to count them and to refuse a bad log whole."""
    # Read before the folder is held: only looked at, and what is wrong with it said.
    defaults = preferences_file.PreferencesFile(store.root, read_only=True).new_game_defaults()
    for problem in defaults.problems:
        warn("import", problem)
    settings = read_rule_flags(args, defaults.settings, "import")
    try:
        count = sum(1 for st in stream_games(lines_of(text), settings) if st.hands)
    except LogError as e:
        raise incoming_module.FileRefused(list(e.errors)) from None
    return LogGames(text, settings, count, datetime.now().astimezone().replace(microsecond=0))


def import_locked(store: GameStore, incoming: list[Incoming] | LogGames, name: str) -> int:
    """Plans and commits the import; to run with the data folder's lock held (see ``run``).

    An export's games are matched under their own ids first, so all are planned before
    any is written; a log's games (no ids) are matched and written one at a time."""
    try:
        store.ensure()
        for said in import_batch.recover(store):  # an earlier import killed part way, finished or cleaned first
            warn("import", said)
        if isinstance(incoming, LogGames):
            m = import_batch.Matcher(store)
            problems = m.problems
            new: Iterator[StoredGame] = (m.stored(i) for i in incoming if not m.claim(sameness.inputs_key(i.game)))
            already: Callable[[], int] = lambda: m.already
        else:
            the_plan = import_batch.plan(store, incoming)
            problems = list(the_plan.problems)
            new = iter(the_plan.new)
            already = lambda: the_plan.already
    except OSError as e:
        raise UsageError(
            f"bridgepad import: cannot use the data folder {store.root}: {e.strerror or e}; nothing was imported."
        ) from None
    for problem in problems:
        warn("import", problem)
    shown: list[tuple[str, str]] = []  # each new game's id and headline, for the report

    def noted(games: Iterator[StoredGame]) -> Iterator[StoredGame]:
        for g in games:
            shown.append((g.id, record.make_record(g.game).headline))
            yield g

    games = noted(new)
    first = next(games, None)
    if first is not None:
        try:
            committed = import_batch.commit(store, itertools.chain([first], games))
        except OSError as e:
            raise UsageError(
                f"bridgepad import: cannot write to {store.root}: {e.strerror or e}; nothing was imported."
            ) from None
        try:
            import_batch.finish(store, committed)
        except OSError as e:
            raise UsageError(
                f"bridgepad import: the games were stored, but moving them into {store.games_dir} stopped "
                f"({e.strerror or e}); bridgepad finishes it at its next start."
            ) from None
    report(store, shown, already(), name)
    return 0


def report(store: GameStore, new: list[tuple[str, str]], there: int, name: str) -> None:
    n = len(new)
    games = f"{n} game{'s' if n != 1 else ''}"
    if not n:
        print(f"Imported no games: all {there} in {visible(name)} were already in {store.games_dir}.")
        return
    already = f"; {there} {'was' if there == 1 else 'were'} already there" if there else ""
    print(f"Imported {games} into {store.games_dir}{already}:")
    for game_id, headline in new:
        print(f"{game_id}  {visible(headline)}")
