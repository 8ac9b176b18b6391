"""Games of several tables for the tests, the snapshots, the screenshots and the README's walk-throughs.

Each result goes in as a table's phone sends it, through the core's rule (``entering.submit``)
or the session's ``submit_result``; the times are fixed, in this computer's time zone, so
that a picture shows the same ``20:15`` wherever it is made. The two evenings:

``TEAM_MATCH``: two tables, eight boards, two rounds of four. Team 1 is N-S 1 (Ann & Bob,
table 1) and E-W 2 (Eve & Fay, table 2); team 2 is N-S 2 (Gus & Hal, table 2) and E-W 1
(Cy & Di, table 1). Worked by hand in tests/tui/test_tables_view.py.

``MITCHELL``: four tables, twelve boards, three rounds of three (the skip after round 2);
rounds 1 and 2 are in, round 3 half way, worked in tests/core/test_several_text.py where used.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime, timedelta
from pathlib import Path

from bridgepad.core.readers.several_tables_setup import parse_pair_names
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds.several_tables.entering import Recorded, correct, next_round, submit
from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables, TableResult
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, MovementSetup
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.store.game_store import GameStore
from support.builders import hand

START = datetime(2026, 12, 4, 20, 0)  # local time: the pictures show the same hours anywhere


def at(minutes: int) -> str:
    """``minutes`` after 20:00 this evening, local time, as bridgepad writes a time."""
    return (START + timedelta(minutes=minutes)).astimezone().isoformat(timespec="seconds")


# (table, board, contract, declarer, tricks), in the order the tables send them; None: the tables move on.
Entry = tuple[int, int, str, str, str] | None

TEAM_NAMES = "NS1=Ann & Bob; EW1=Cy & Di; NS2=Gus & Hal; EW2=Eve & Fay"
TEAM_MATCH: tuple[Entry, ...] = (
    # Round 1: table 1 plays boards 1-4, table 2 boards 5-8.
    (1, 1, "4S", "N", "10"),
    (2, 5, "3NT", "S", "9"),
    (1, 2, "2H", "E", "8"),
    (2, 6, "4H", "W", "10"),
    (1, 3, "3NT", "N", "10"),
    (2, 7, "1NT", "N", "7"),
    (1, 4, "5DX", "W", "9"),
    (2, 8, "pass", "", ""),
    None,
    # Round 2: the sets change tables.
    (1, 5, "3NT", "S", "8"),
    (2, 1, "4S", "N", "9"),
    (1, 6, "4H", "W", "10"),
    (2, 2, "3H", "E", "9"),
    (1, 7, "2S", "E", "8"),
    (2, 3, "3NT", "N", "9"),
    (1, 8, "1C", "N", "7"),
    (2, 4, "5D", "W", "11"),
    None,
)

MITCHELL_NAMES = (
    "NS1=Ann & Bob; NS2=Gus & Hal; NS3=Ivy & Jo; NS4=Kim & Lee; EW1=Cy & Di; EW2=Eve & Fay; EW3=Max & Ned; EW4=Oz & Pat"
)
MITCHELL: tuple[Entry, ...] = (
    # Round 1: table t plays set t (boards 3t-2 to 3t).
    (1, 1, "4S", "N", "10"),
    (2, 4, "3NT", "S", "9"),
    (3, 7, "2H", "E", "8"),
    (4, 10, "4H", "W", "10"),
    (1, 2, "1NT", "N", "8"),
    (2, 5, "3S", "S", "9"),
    (3, 8, "4S", "N", "11"),
    (4, 11, "3NTX", "E", "8"),
    (1, 3, "2S", "S", "8"),
    (2, 6, "5C", "E", "11"),
    (3, 9, "pass", "", ""),
    (4, 12, "2D", "W", "8"),
    None,
    # Round 2: the boards move down a table, E-W up.
    (1, 4, "3NT", "S", "10"),
    (2, 7, "2H", "E", "9"),
    (3, 10, "4H", "W", "9"),
    (4, 1, "4S", "N", "11"),
    (1, 5, "4S", "S", "10"),
    (2, 8, "4S", "N", "10"),
    (3, 11, "3NT", "E", "9"),
    (4, 2, "2NT", "N", "8"),
    (1, 6, "5C", "E", "10"),
    (2, 9, "1NT", "W", "7"),
    (3, 12, "3D", "W", "9"),
    (4, 3, "2S", "S", "9"),
    None,
    # Round 3, half way: the skip has taken E-W on two tables.
    (1, 7, "3H", "E", "9"),
    (2, 10, "4H", "W", "10"),
    (3, 1, "4S", "N", "10"),
    (4, 4, "3NT", "S", "8"),
    (1, 8, "4S", "N", "10"),
)


def several(kind: MovementKind, tables: int, boards: int, names: str = "", **options: int) -> SeveralTables:
    setup = MovementSetup.of(kind, tables, boards, **options)  # type: ignore[arg-type]
    return SeveralTables(setup, parse_pair_names(names, setup.movement().pairs))


def played(inputs: SeveralTables, entries: Sequence[Entry], first: int = 15) -> SeveralTables:
    """``entries`` entered as the tables send them, a minute apart from ``first`` minutes past 20:00."""
    minute = first
    for entry in entries:
        minute += 1
        if entry is None:
            for table in range(1, inputs.setup.tables + 1):
                from bridgepad.core.rules.kinds.several_tables.entering import table_round

                move = next_round(inputs, table, table_round(inputs, table), at(minute))
                assert move is not None
                inputs = inputs.with_move(move)
            continue
        table, board, contract, declarer, tricks = entry
        typed = hand(contract, declarer, tricks)
        result = TableResult(f"t{table}-b{board}-{len(inputs.results)}", table, 0, board, _at(typed, at(minute)))
        outcome = submit(inputs, result)
        assert isinstance(outcome, Recorded), outcome
        inputs = inputs.with_result(outcome.result)
    return inputs


def corrected(inputs: SeveralTables, table: int, board: int, typed: tuple[str, str, str], why: str, minute: int) -> SeveralTables:
    """The director's change, at ``minute`` past 20:00."""
    result = TableResult(f"director-{len(inputs.results)}", table, 0, board, _at(hand(*typed), at(minute)), why=why)
    return inputs.with_result(correct(inputs, result).result)


def _at(h, when: str):  # type: ignore[no-untyped-def]
    from dataclasses import replace

    return replace(h, at=when)


def game_of(inputs: SeveralTables, scoring: DuplicateScoring) -> Game:
    return Game(mode=Mode.DUPLICATE, settings=Settings(duplicate_scoring=scoring), several_tables=inputs)


def team_match(entries: Sequence[Entry] = TEAM_MATCH) -> Game:
    return game_of(played(several(MovementKind.TEAMS, 2, 8, TEAM_NAMES), entries), DuplicateScoring.IMPS)


def mitchell(entries: Sequence[Entry] = MITCHELL, *, with_change: bool = True) -> Game:
    inputs = played(several(MovementKind.MITCHELL, 4, 12, MITCHELL_NAMES), entries)
    if with_change:
        inputs = corrected(inputs, 2, 5, ("3S", "S", "10"), "N-S claimed ten tricks; E-W agreed at the table", 75)
    return game_of(inputs, DuplicateScoring.MATCHPOINTS)


def on_pad(root: Path, game: Game, created: int = 0) -> None:
    """``game`` written as the game on the pad of the data folder ``root``, begun at 20:00 + ``created`` minutes."""
    store = GameStore(root)
    store.ensure()
    store.set_current(store.add(game, at(created)).id)
