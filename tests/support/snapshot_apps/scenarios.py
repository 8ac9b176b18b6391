"""How the TUI tests build the app and type into it.

``make_app`` opens the app on a data folder exactly as ``bridgepad`` does;
``hand_keys`` turns one hand into the keys a player presses (``+``, the fields
with Tab between them, Enter); ``SCENARIOS`` are the screens that the snapshot
tests compare and ``tests/tools/make_screenshots.py`` saves.  To add a screen, add a
``Scenario`` to the list: both pick it up (the snapshot test needs its own test
function and a ``--snapshot-update`` run).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from bridgepad.core.rules.kinds import kind_of
from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore
from bridgepad.store.preferences_file import PreferencesFile
from bridgepad.tui.app import BridgepadApp
from support.builders import WORKED_LOG
from support.waiting import press, settle, until

SIZE = (80, 24)
SMALL = (60, 20)
BIG = (200, 50)

# The worked rubber (We 1,830, They 510) as typed in the form: contract, declarer, tricks, honors.
# North deals the first hand and the deal passes to the left.
WORKED_RUBBER: tuple[tuple[str, str, str, str], ...] = tuple(
    (contract, declarer, tricks, " ".join(honors))
    for declarer, contract, tricks, *honors in (line.replace("honors ", "").split() for line in WORKED_LOG.splitlines()[1:])
)


def make_app(root: Path | str) -> BridgepadApp:
    """The app on the data folder ``root``, opened as ``bridgepad --data-dir root`` opens it."""
    return BridgepadApp(Session.open(GameStore(Path(root))))


def field_keys(*values: str) -> list[str]:
    """The keys that type ``values`` into the form's fields in order, Tab between them.

    Trailing empty fields are not tabbed into.  Characters go one key each; the
    pilot turns ``+``, ``=`` and space into their key names.
    """
    vals = list(values)
    while vals and not vals[-1]:
        vals.pop()
    keys: list[str] = []
    for i, v in enumerate(vals):
        if i:
            keys.append("tab")
        keys.extend(v)
    return keys


def hand_keys(contract: str, declarer: str = "", result: str = "", honors: str = "", *, enter: bool = True) -> list[str]:
    """``+``, the hand typed into the entry form, and Enter (unless ``enter`` is false)."""
    return ["plus", *field_keys(contract, declarer, result, honors), *(["enter"] if enter else [])]


def rubber_keys(hands: Sequence[tuple[str, str, str, str]] = WORKED_RUBBER) -> list[str]:
    return [k for h in hands for k in hand_keys(*h)]


def freeze_cursors(app: BridgepadApp) -> None:
    """Stops the text cursors blinking, so that a screenshot does not depend on when it is taken."""
    for widget in app.screen.query(Input):
        widget.cursor_blink = False


async def play(pilot: Pilot, keys: Sequence[str]) -> None:
    """Presses ``keys``, each once the app has handled the one before, waits until the screen
    they lead to has painted its data (see ``painted``), and steadies the picture for a screenshot."""
    await until(pilot, lambda: pilot.app.later_css_loaded, "the pad's first paint and the other screens' styles")  # type: ignore[attr-defined]
    await press(pilot, *keys)
    await until(pilot, lambda: painted(pilot.app), "the screen's data to be painted")  # type: ignore[arg-type]
    freeze_cursors(pilot.app)  # type: ignore[arg-type]
    await settle(pilot)


def painted(app: BridgepadApp) -> bool:
    """Whether the screen on top shows its data: the tally and the history have their rows
    (read in the background when the folder is large), and the app's later styles are in."""
    from bridgepad.tui.screens.history_screen import HistoryScreen
    from bridgepad.tui.screens.stats_screen import StatsScreen
    from bridgepad.tui.screens.tally_screen import TallyScreen

    screen = app.screen
    if not screen.is_mounted or not app.later_css_loaded:
        return False
    if isinstance(screen, TallyScreen | HistoryScreen | StatsScreen):
        return screen.data_shown
    return tables_shown(app)


def tables_shown(app: BridgepadApp) -> bool:
    """Whether a game of several tables on the pad has its screen mounted and drawn (a game of one table: True)."""
    from bridgepad.tui.several_tables.tables_screen import TablesScreen
    from bridgepad.tui.several_tables.tables_view import TablesView

    if kind_of(app.session.game).screen != "tables":
        return True
    screen = app.game_screen
    if not isinstance(screen, TablesScreen) or not screen.is_mounted:
        return False
    views = screen.query(TablesView)
    return bool(views) and views.first().is_mounted and views.first().data_shown


@dataclass(frozen=True)
class Scenario:
    """One screen: hands already on the pad when the app starts, then the keys pressed."""

    name: str  # the screenshot's file name, without .svg
    what: str
    keys: tuple[str, ...] = ()
    hands: tuple[tuple[str, ...], ...] = ()  # seeded before the app starts (faster than typing): the form's fields
    setup: Callable[[Path], None] | None = None  # prepares the data folder first (a new game, old games)
    size: tuple[int, int] = SIZE  # the terminal's columns and rows

    def app(self, root: Path | str) -> BridgepadApp:
        """The app on a fresh data folder ``root``, with this scenario's hands on the pad."""
        if self.setup is not None:
            self.setup(Path(root))
        if self.hands:
            seed(root, self.hands)
        return make_app(root)


def new_chicago(root: Path) -> None:
    """``bridgepad new chicago --dealer N --players ...`` on ``root``."""
    from bridgepad.cli import main

    assert main(["--data-dir", str(root), "new", "chicago", "--dealer", "N", "--players", "N=Ann,E=Bob,S=Cy,W=Di"]) == 0


def new_pairs(root: Path) -> None:
    """``bridgepad new duplicate --scoring matchpoints --players ...`` on ``root``: a pairs game."""
    from bridgepad.cli import main

    assert (
        main(["--data-dir", str(root), "new", "duplicate", "--scoring", "matchpoints", "--players", "N=Ann,E=Bob,S=Cy,W=Di"]) == 0
    )


# A 16-board pairs session at a club: Ann and Cy sit North-South, and after each board copy
# the other N-S results from the traveller. Contract, declarer, result, the other results;
# what each board scores is worked by hand in tests/tui/test_pairs_tui.py.
PAIRS_SESSION: tuple[tuple[str, str, str, str, str], ...] = (
    ("4S", "N", "=", "", "420 450 -50"),
    ("3NT", "S", "+1", "", "600 630 -100"),
    ("2H", "E", "=", "", "-140 -110 100"),
    ("4HX", "W", "-2", "", "620 -620 200"),
    ("pass", "", "", "", "110 -90"),
    ("1NT", "N", "+1", "", "90 120 150"),
    ("6S", "S", "=", "", "680 710 1430"),
    ("3D", "W", "-1", "", "100 -110 50"),
    ("4S", "E", "=", "", "-620 -650 100"),
    ("3NTX", "N", "-1", "", "-100 -600 -200"),
    ("2S", "S", "+1", "", "110 110 140"),
    ("5C", "E", "-3", "", "600 -400 620"),
    ("1NT", "W", "=", "", "-120 -150 -180"),
    ("4H", "N", "-1", "", "420 450 -50"),
    ("3NT", "N", "=", "", "600 600 600 600"),
    ("2DX", "S", "=", "", "-110 -110 200"),
)


# An evening of three rubbers with partners changing, at fixed times so the pictures keep still.
EVENING = (
    WORKED_LOG
    + """\
players N=Ann E=Eve S=Bob W=Cy
N 4S 10
E 3NT 9
S 4H 11
players N=Di E=Ann S=Eve W=Bob
N 1NT 7
E 3NT 10
S 2S 8
W 4H 10
"""
)


def light(setup: Callable[[Path], None] | None = None) -> Callable[[Path], None]:
    """``setup``, then the light theme kept in settings.json, as a player who chose it from the palette."""

    def prepare(root: Path) -> None:
        if setup is not None:
            setup(root)
        GameStore(root).ensure()
        PreferencesFile(root).save_theme("textual-light")

    return prepare


# Fifteen boards of a duplicate, each against one other table, so the sixteenth, typed, ends a long list.
FIFTEEN_BOARDS = tuple(("1C", "N", "6", "", "-100") for _ in range(15))  # others in the fifth field


def new_duplicate(root: Path) -> None:
    """``bridgepad new duplicate --players ...`` on ``root``."""
    from bridgepad.cli import main

    assert main(["--data-dir", str(root), "new", "duplicate", "--players", "N=Ann,E=Bob,S=Cy,W=Di"]) == 0


def dealt_pairs(root: Path) -> None:
    """A pairs game with the cards of boards 1-2 of seed 7 and a club's field on each, both
    solved double dummy (the cache written with the game: the pad has nothing left to solve;
    the solutions as the solver gives them, tests/support/solved.py), and 4S by North making
    ten on each, typed at home."""
    from bridgepad.core.boards.board_set import BoardSet, DealtBoard, FieldResult
    from bridgepad.core.boards.dealing import deal_boards
    from bridgepad.core.model import Hand
    from bridgepad.core.readers.notation import parse_contract, parse_seat
    from bridgepad.core.rules.game import Game, Mode
    from bridgepad.core.rules.settings import DuplicateScoring, Settings
    from support.solved import seven_solved

    dealt = deal_boards(7, range(1, 3))
    fields = {1: (420, 400, 170, -50, 140, 450), 2: (650, 620, 620, 200, -100, 680)}
    boards = BoardSet(tuple(DealtBoard(b, d, tuple(FieldResult(s) for s in fields[b])) for b, d in dealt))
    contract = parse_contract("4S")
    hands = tuple(Hand(contract, parse_seat("N"), 10) for _ in dealt)
    game = Game(
        mode=Mode.DUPLICATE,
        settings=Settings(duplicate_scoring=DuplicateScoring.MATCHPOINTS),
        players=("Ann", "Bob", "Cy", "Di"),
        hands=hands,
        deals=boards,
    )
    store = GameStore(root)
    stored = store.add(game, "2026-11-27T20:00:00+00:00")
    stored.solved = seven_solved(range(1, 3))
    store.save(stored)
    store.set_current(stored.id)


def evening(root: Path) -> None:
    """Three finished rubbers in the history, started at fixed times, and a stake of 0.10."""
    from bridgepad.core.readers.log import parse_log

    store = GameStore(root)
    for k, state in enumerate(parse_log(EVENING).games()):
        last = store.add(state.game, f"2026-11-27T20:{k * 25:02d}:00+00:00")
    store.set_current(last.id)  # the pad shows the evening's last rubber: no game started "now"
    PreferencesFile(root).save_tally(False, Decimal("0.10"))


def season(root: Path) -> None:
    """A season of 36 games among six players from September 2026, an evening or two a week:
    rubbers (some ended early), Chicagos, team matches and pairs games (support.stats's random
    games, their names as spelled), and a stake of 0.10: every figure of the statistics."""
    import random
    from datetime import UTC, datetime

    from support.stats import AT_A_TABLE, random_games

    store = GameStore(root)
    store.ensure()
    start = datetime(2026, 9, 4, 19, 0, tzinfo=UTC)
    for stored in random_games(random.Random(2026), 36, start, typos=False, levels=AT_A_TABLE):
        store.save(stored)
    store.set_current(stored.id)  # the pad shows the season's last game: no game started "now"
    PreferencesFile(root).save_tally(False, Decimal("0.10"))


def five_at_the_table(root: Path) -> None:
    """A rubber won by Ann & Cy v Bob & Di while Eve sat out, on the pad: the next rubber is Eve's."""
    from bridgepad.core.readers.log import parse_log
    from bridgepad.core.rules.game import Game

    state = parse_log("N 4S 10\nN 4S 10\n").games()[0]
    game = Game(players=("Ann", "Bob", "Cy", "Di"), sitting_out=("Eve",), hands=state.game.hands)
    store = GameStore(root)
    store.set_current(store.add(game, "2026-11-27T20:00:00+00:00").id)


def evening_and_one_left(root: Path) -> None:
    """The evening of three rubbers, and a rubber left in play before it (at 19:00):
    N-S made 4S (a game), E-W 2H (a part score)."""
    from bridgepad.core.readers.log import parse_log
    from bridgepad.core.rules.game import Game

    evening(root)
    hands = parse_log("N 4S 10\nE 2H 8\n").games()[0].game.hands
    GameStore(root).add(Game(players=("Ann", "Bob", "Cy", "Di"), hands=hands), "2026-11-27T19:00:00+00:00")


def one_in_the_trash(root: Path) -> None:
    """The evening, and the rubber left in play moved to the trash at a fixed time."""
    import os
    from datetime import datetime

    evening_and_one_left(root)
    store = GameStore(root)
    oldest = store.ids()[0]
    where = store.discard(oldest)
    assert where is not None
    at = datetime(2026, 11, 27, 23, 10).timestamp()  # local time, as the trash shows it: the same picture anywhere
    os.utime(where, (at, at))


def several_mitchell(root: Path) -> None:
    """The four-table Mitchell of support.several on the pad: rounds 1 and 2 in, round 3 half way, one change."""
    from support.several import mitchell, on_pad

    on_pad(root, mitchell())


def several_team_match(root: Path) -> None:
    """The two-table team match of support.several on the pad, finished: team 1 by 12 IMPs."""
    from support.several import on_pad, team_match

    on_pad(root, team_match())


def several_team_match_begun(root: Path) -> None:
    """The two-table team match just begun: the pairs named, nothing entered yet."""
    from support.several import on_pad, team_match

    on_pad(root, team_match(()))


def several_team_match_round_one(root: Path) -> None:
    """The team match after its first round: each table has played its four boards and moved on."""
    from support.several import TEAM_MATCH, on_pad, team_match

    on_pad(root, team_match(TEAM_MATCH[:9]))


# The hands of the pictures are seeded, not typed: it is the same game (the seed goes through the
# entry form's reader), the same screen, and several seconds faster.  test_worked_rubber_tui.py
# types the whole rubber key by key.
SCENARIOS: tuple[Scenario, ...] = (
    Scenario("pad-mid-rubber", "the first four hands of the worked rubber: one game each", hands=WORKED_RUBBER[:4]),
    Scenario(
        "entry-form", "the entry form, 4S by N taking 10, with its preview", keys=tuple(hand_keys("4S", "N", "10", enter=False))
    ),
    Scenario("finished-rubber", "the worked rubber, won by We 2-1, 1,830 to 510", hands=WORKED_RUBBER),
    Scenario("help", "the help screen as it opens: the keys and the rules of the game", keys=("question_mark",)),
    Scenario("help-scoring-tables", "the help screen a page down: the scoring tables", keys=("question_mark", "pagedown")),
    Scenario("new-game-dialog", "the new-game dialog (n), filled in from the game on the pad", keys=("n",)),
    Scenario("rules-screen", "the rules that new games start with (s)", keys=("s",)),
    Scenario(
        "chicago-mid-way",
        "a Chicago with names: deal 1 made, deal 2 passed out and redealt, then a game",
        hands=(("1NT", "N", "7", ""), ("pass", "", "", ""), ("4S", "S", "10", "")),
        setup=new_chicago,
    ),
    Scenario("history", "the history of an evening of three rubbers", keys=("h",), setup=evening),
    Scenario("review", "an old rubber opened from the history, read-only", keys=("h", "down", "enter"), setup=evening),
    Scenario("tally", "the tally of all time: players, money at 0.10 a hundred, payments", keys=("t", "w", "w"), setup=evening),
    Scenario("stats", "the statistics of a season: each player's results, in two parts at 80 columns", keys=("S",), setup=season),
    Scenario(
        "stats-chart",
        "the statistics scrolled to the end: each player's running net over the season, filling the page",
        keys=("S", "end"),
        setup=season,
    ),
    Scenario(
        "light-stats",
        "the statistics in the light theme, scrolled to the contracts as declarer and defender",
        keys=("S", "pagedown"),
        setup=light(season),
    ),
    Scenario(
        "pairs-matchpoints",
        "a 16-board pairs session by matchpoints: each board's share of the top, the session's percentage",
        hands=PAIRS_SESSION,
        setup=new_pairs,
    ),
    Scenario(
        "next-rubber",
        "the new-game dialog after Eve sat out a rubber: ctrl+r puts her in for Ann and rotates the partners",
        keys=("n", "ctrl+r"),
        setup=five_at_the_table,
    ),
    Scenario(
        "entry-form-revoke",
        "a revoke typed in the result field: 9 tricks as played, E-W revoked and won 2 after it",
        hands=(("2S", "N", "8", ""),),
        keys=tuple(hand_keys("4S", "N", "9 rev EW 2", enter=False)),
    ),
    Scenario(
        "history-in-play",
        "Enter on a rubber left in play in the history: resume it, end it, or review it",
        keys=("h", "down", "down", "down", "enter"),
        setup=evening_and_one_left,
    ),
    Scenario("trash", "the trash, with a rubber that can be restored", keys=("h", "t"), setup=one_in_the_trash),
    Scenario(
        "tally-chart",
        "the tally scrolled down: the chart, its axis, its legend and what * means",
        keys=("t", "w", "w", "end"),
        setup=evening,
    ),
    Scenario(
        "duplicate-sixteen-boards",
        "board 16 typed with three other results: the newest board stays in view",
        keys=tuple(hand_keys("3NT", "N", "9", "400 600 -100")),
        hands=FIFTEEN_BOARDS,
        setup=new_duplicate,
    ),
    # A light theme, kept in settings.json: the pad with a hand's figures lit, and the chart.
    Scenario(
        "light-pad",
        "the finished worked rubber in the light theme, hand 5 selected",
        keys=("up", "up"),
        hands=WORKED_RUBBER,
        setup=light(),
    ),
    Scenario("light-tally-chart", "the tally's chart in the light theme", keys=("t", "w", "w", "end"), setup=light(evening)),
    # A small terminal, 60 columns by 20 rows: columns drop by priority, nothing essential is cut.
    Scenario(
        "small-pad",
        "60x20: the pad mid-rubber, the hand list keeps We and They, the footer Quit",
        hands=WORKED_RUBBER[:4],
        size=SMALL,
    ),
    Scenario(
        "small-entry-form",
        "60x20: the entry form and its preview",
        keys=tuple(hand_keys("4S", "N", "10", enter=False)),
        size=SMALL,
    ),
    Scenario(
        "small-new-game-dialog",
        "60x20: the new-game dialog, its title and keys in view, the fields scrolling",
        keys=("n",),
        size=SMALL,
    ),
    Scenario("small-history", "60x20: the history keeps when, who and how it stands", keys=("h",), setup=evening, size=SMALL),
    Scenario("small-tally", "60x20: the tally", keys=("t", "w", "w"), setup=evening, size=SMALL),
    Scenario(
        "small-stats", "60x20: the statistics, each table in as many parts as it takes", keys=("S",), setup=season, size=SMALL
    ),
    Scenario(
        "small-chicago",
        "60x20: a Chicago with names, the state of play on three lines",
        hands=(("1NT", "N", "7", ""), ("pass", "", "", ""), ("4S", "S", "10", "")),
        setup=new_chicago,
        size=SMALL,
    ),
    Scenario("small-help", "60x20: the help, its key tables", keys=("question_mark",), size=SMALL),
    Scenario(
        "small-finished-rubber",
        "60x20: the worked rubber finished, its last hand explained to the rubber bonus",
        hands=WORKED_RUBBER,
        size=SMALL,
    ),
    # A big terminal, 200 columns by 50 rows: roomier pad cells, the hand list's columns in full, the
    # explanation beside it, a taller chart with labelled rows.
    Scenario(
        "big-finished-rubber",
        "200x50: the worked rubber finished, the hands in full and the explanation beside them",
        hands=WORKED_RUBBER,
        size=BIG,
    ),
    Scenario(
        "big-duplicate-deals",
        "200x50: a pairs game with its boards' cards and a club's field: board 1 against par, double dummy and the club",
        keys=("up",),
        setup=dealt_pairs,
        size=BIG,
    ),
    Scenario(
        "big-duplicate-sixteen-boards",
        "200x50: sixteen boards of a duplicate, each board's dealer, declarer and vulnerability named",
        keys=tuple(hand_keys("3NT", "N", "9", "400 600 -100")),
        hands=FIFTEEN_BOARDS,
        setup=new_duplicate,
        size=BIG,
    ),
    # A game of several tables on the laptop: each view of a four-table Mitchell, a team match's
    # ranking, the director's correction, the n dialog for it; at 60x20, 200x50 and light too.
    Scenario("tables-progress", "a four-table Mitchell in round 3: each table's round, pairs and boards", setup=several_mitchell),
    Scenario(
        "tables-traveller",
        "board 5's traveller: every table's result, its matchpoints, the director's change marked",
        keys=("2", "right", "right", "right", "right"),
        setup=several_mitchell,
    ),
    Scenario("tables-ranking", "the Mitchell's ranking, a winner each way", keys=("3",), setup=several_mitchell),
    Scenario("tables-changes", "the changes: who, when, why, and what the result was", keys=("4",), setup=several_mitchell),
    Scenario("tables-cards", "the guide cards of the four tables", keys=("5",), setup=several_mitchell),
    Scenario(
        "tables-correction",
        "the director's correction: board 1 at table 1 in the pad's entry form, a reason, the board as it would score",
        keys=("2", "e", *field_keys("4s", "n", "11", "N-S claimed eleven; E-W agreed")),
        setup=several_mitchell,
    ),
    Scenario(
        "tables-team-match-cards",
        "a team match begun: the guide cards of its two tables",
        keys=("5",),
        setup=several_team_match_begun,
    ),
    Scenario(
        "tables-team-match-round",
        "the team match after round 1: each table's boards in, the boards to swap",
        setup=several_team_match_round_one,
    ),
    Scenario(
        "tables-team-match", "a team match finished: the teams' IMPs and VPs, the pairs", keys=("3",), setup=several_team_match
    ),
    Scenario(
        "new-game-several",
        "the n dialog for a four-table Mitchell: tables, boards, movement, rounds, pairs, names",
        keys=("n", "d", "tab", "4", "tab", "1", "2"),
    ),
    Scenario(
        "small-tables-traveller",
        "60x20: a board's traveller, every column in view",
        keys=("2",),
        setup=several_mitchell,
        size=SMALL,
    ),
    Scenario(
        "big-tables-traveller",
        "200x50: the traveller with the pairs named, the ranking beside it",
        keys=("2",),
        setup=several_mitchell,
        size=BIG,
    ),
    Scenario("light-tables-ranking", "the Mitchell's ranking in the light theme", keys=("3",), setup=light(several_mitchell)),
    Scenario(
        "big-stats",
        "200x50: the statistics of a season, every table with every column",
        keys=("S",),
        setup=season,
        size=BIG,
    ),
    Scenario(
        "big-stats-chart",
        "200x50: the statistics scrolled to their chart, as tall and wide as the page, each player's net in the legend",
        keys=("S", "end"),
        setup=season,
        size=BIG,
    ),
    Scenario(
        "big-tally-chart",
        "200x50: the evening's chart, tall, its rows labelled and each player's net in the legend",
        keys=("t", "w", "w", "end"),
        setup=evening,
        size=BIG,
    ),
)


def scenario(name: str) -> Scenario:
    for s in SCENARIOS:
        if s.name == name:
            return s
    raise KeyError(name)


def seed(root: Path | str, hands: Sequence[tuple[str, ...]]) -> None:
    """Enters ``hands`` into the game on ``root`` as an earlier run of the app would have left them.

    Each hand is the form's fields in order: contract, declarer, result, honors and, at
    duplicate, the other results. They are read by the entry form's own reader, with the
    board the preview puts the hand on, so a hand seeded here is the hand the same typing
    would record; it is only faster than typing it.
    """
    from bridgepad.core.model import Hand
    from bridgepad.core.readers.entry import FIELDS, read_form

    session = Session.open(GameStore(Path(root)))
    for fields in hands:
        values = dict(zip(FIELDS, fields))
        board = session.hands.preview(Hand())[0].deal if values.get("others") else None
        reading = read_form(values, others_on=board is not None, board=board)
        assert reading.ok and reading.hand is not None, reading.errors
        session.hands.add(reading.hand)
