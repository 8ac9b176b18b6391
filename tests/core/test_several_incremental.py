"""A game of several tables worked out result by result, as the laptop does after each save,
gives exactly what a fresh working-out gives: each board's traveller and the change log are
kept between two derived states (``scores.derive_several``), and a board no new result
touched keeps its traveller."""

from __future__ import annotations

import random

import pytest
from support.builders import hand

from bridgepad.core.rules.game import Game, Mode
from bridgepad.core.rules.kinds import derive
from bridgepad.core.rules.kinds.several_tables import scores
from bridgepad.core.rules.kinds.several_tables.entering import Recorded, correct, next_round, submit
from bridgepad.core.rules.kinds.several_tables.inputs import SeveralTables, TableResult
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, MovementSetup
from bridgepad.core.rules.kinds.several_tables.scores import SeveralState
from bridgepad.core.rules.settings import DuplicateScoring, Settings

MP = Settings(duplicate_scoring=DuplicateScoring.MATCHPOINTS)
IMPS = Settings(duplicate_scoring=DuplicateScoring.IMPS)
CONTRACTS = (("4S", "N", "10"), ("3NT", "S", "8"), ("2H", "E", "8"), ("5DX", "W", "9"), ("pass", "", ""))


def worked_out(inputs: SeveralTables, settings: Settings) -> SeveralState:
    state = derive(Game(mode=Mode.DUPLICATE, settings=settings, several_tables=inputs)).session
    assert state is not None and state.several is not None
    return state.several


def afresh(inputs: SeveralTables, settings: Settings) -> SeveralState:
    """Worked out with nothing kept from before."""
    scores._kept_boards.clear()
    scores._recent_logs.clear()
    return worked_out(inputs, settings)


def steps(rng: random.Random, setup: MovementSetup) -> list[SeveralTables]:
    """The inputs after each result, correction and move of a session played through."""
    inputs = SeveralTables(setup)
    out = []
    m = setup.movement()
    for r in range(1, m.rounds + 1):
        for sitting in m.round_sittings(r):
            for b in sitting.boards if sitting.plays else ():
                result = TableResult(f"{sitting.table}-{b}", sitting.table, 0, b, hand(*rng.choice(CONTRACTS)))
                recorded = submit(inputs, result)
                assert isinstance(recorded, Recorded)
                inputs = inputs.with_result(recorded.result)
                out.append(inputs)
                if rng.random() < 0.2:  # the table sends it again, changed
                    again = TableResult(f"{sitting.table}-{b}-again", sitting.table, 0, b, hand(*rng.choice(CONTRACTS)))
                    recorded = submit(inputs, again, replace=True)
                    assert isinstance(recorded, Recorded)
                    inputs = inputs.with_result(recorded.result)
                    out.append(inputs)
        if rng.random() < 0.5 and inputs.results:  # the director corrects an earlier board
            earlier = rng.choice(inputs.results)
            fixed = TableResult(
                f"director-{len(inputs.results)}", earlier.table, 0, earlier.board, hand("3NT", "N", "9"), why="a claim"
            )
            inputs = inputs.with_result(correct(inputs, fixed).result)
            out.append(inputs)
        for t in range(1, m.tables + 1):
            move = next_round(inputs, t, r, "2026-12-04T21:00:00+00:00")
            assert move is not None
            inputs = inputs.with_move(move)
        out.append(inputs)
    return out


@pytest.mark.parametrize("seed", range(4))
def test_a_session_worked_out_result_by_result_is_the_session_worked_out_afresh(seed: int) -> None:
    rng = random.Random(seed)
    mitchell = steps(rng, MovementSetup.of(MovementKind.MITCHELL, 5, 10, pairs=9 + seed % 2))
    teams = steps(rng, MovementSetup.of(MovementKind.TEAMS, 2, 8))
    # Two games in turn, each by matchpoints and by IMPs: what is kept for one is not the other's.
    scores._kept_boards.clear()
    scores._recent_logs.clear()
    asked = [
        (inputs, settings)
        for i in range(max(len(mitchell), len(teams)))
        for inputs in (mitchell[min(i, len(mitchell) - 1)], teams[min(i, len(teams) - 1)])
        for settings in (MP, IMPS)
    ]
    kept = [worked_out(inputs, settings) for inputs, settings in asked]  # each from what the last ones kept
    assert kept == [afresh(inputs, settings) for inputs, settings in asked]


def test_a_board_no_new_result_touched_keeps_its_traveller() -> None:
    rng = random.Random(7)
    played = steps(rng, MovementSetup.of(MovementKind.MITCHELL, 4, 12))
    before, after = played[5], played[6]
    new = after.results[len(before.results) :]
    assert len(new) == 1
    old_state, new_state = worked_out(before, MP), worked_out(after, MP)
    for a, b in zip(old_state.travellers, new_state.travellers):
        assert (a is b) == (a.board != new[0].board)
