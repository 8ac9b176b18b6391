"""Games of several tables seeded with many results, written as a game file holds them: the
teams match of two tables and eight boards (table 1 plays boards 1-4 in round 1, table 2
boards 5-8), its first table's boards sent again and again up to the count asked for, as a
file written before the writer bounded a board's changes may hold them."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from bridgepad.core.model import Contract, Hand, Seat, Strain
from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables, TableResult
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, MovementSetup
from bridgepad.store.game_store import GameStore

AT = "2026-12-04T20:15:00+00:00"
TWO_SPADES = Hand(Contract(2, Strain.S), Seat.N, 8, at=AT)


def seeded_game(results: int) -> Game:
    """The teams match with ``results`` results from table 1, round 1 (boards 1-4 in turn)."""
    setup = MovementSetup.of(MovementKind.TEAMS, 2, 8)
    kept = tuple(TableResult(f"seed-{i}", 1, 1, 1 + i % 4, TWO_SPADES) for i in range(results))
    return Game(mode=Mode.DUPLICATE, several_tables=SeveralTables(setup, (), kept))


def seed_folder(root: Path, results: int) -> str:
    """A data folder whose game on the pad is ``seeded_game(results)``; its id."""
    store = GameStore(root)
    store.ensure()
    stored = store.add(seeded_game(results))
    store.set_current(stored.id)
    return stored.id


def with_results(game: Game, *more: TableResult) -> Game:
    inputs = game.several_tables
    assert inputs is not None
    return replace(game, several_tables=replace(inputs, results=(*inputs.results, *more)))
