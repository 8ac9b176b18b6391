"""A rebuild of many games read in processes, one a core (``bridgepad.services.workers``):
exactly the summaries, problems and index of a rebuild in one process, its progress and the
games so far told as it goes, and a process that ends half-way costing nothing but time."""

from __future__ import annotations

import os
import re
from datetime import timedelta
from pathlib import Path

import pytest
from support.history_games import T0, TEMPLATES, gid, write_game
from support.workers import held_first, square, square_or_end, whose

from bridgepad.services import history as history_module
from bridgepad.services.history import INDEX_NAME, History
from bridgepad.services.workers import AHEAD, NoPool, Pool
from bridgepad.store.game_store import GameStore


def run_in_pool(work, jobs, done) -> None:  # type: ignore[no-untyped-def]
    """``work`` on every job in two processes, ``done`` called as each result comes."""
    with Pool(work, processes=2) as pool:
        pool.run(jobs, done)


def test_the_processes_do_every_job_and_say_which_they_could_not() -> None:
    got: dict[int, int] = {}
    run_in_pool(square, list(range(40)), lambda job, result: got.__setitem__(job, result))
    assert got == {k: k * k for k in range(40)}
    pids: set[int] = set()
    run_in_pool(whose, list(range(8)), lambda job, result: pids.add(result[1]))
    assert len(pids) == 2 and os.getpid() not in pids  # two processes, neither this one
    done: dict[int, int] = {}
    with pytest.raises(NoPool) as ended:
        run_in_pool(square_or_end, list(range(30)), lambda job, result: done.__setitem__(job, result))
    assert 13 in ended.value.left and set(ended.value.left) | set(done) == set(range(30))
    assert not set(ended.value.left) & set(done)


def test_a_process_held_up_does_not_hold_up_the_jobs_it_has_not_begun(tmp_path: Path) -> None:
    """The jobs are given one at a time as each process finishes one (two waiting ahead), not
    shared out at the start: while one process is held on its first job the other does the rest.
    Job 0 is let go only once 15 of the 20 are done, which a share of half each would never reach."""
    marker = tmp_path / "go"
    by: dict[int, int] = {}

    def came(job: tuple[int, str], result: tuple[int, int]) -> None:
        by[result[0]] = result[1]
        if len(by) >= 15:
            marker.touch()

    run_in_pool(held_first, [(k, str(marker)) for k in range(20)], came)
    assert sorted(by) == list(range(20))
    held = [k for k, pid in by.items() if pid == by[0]]
    assert len(held) <= 1 + AHEAD, held  # job 0, the one given it ahead, and one more as it finished them


def test_what_the_caller_raises_stops_the_processes() -> None:
    class Enough(Exception):
        pass

    def stop(job: int, result: int) -> None:
        raise Enough

    with pytest.raises(Enough):
        run_in_pool(square, list(range(100)), stop)


@pytest.fixture
def many(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> GameStore:
    """300 games (one damaged, one that cannot be replayed), read in processes from 100 up, 40 at a time."""
    store = GameStore(data_dir)
    store.ensure()
    for k in range(300):
        write_game(store, gid(k), TEMPLATES[k % 4], T0 + timedelta(hours=6 * k))
    store.path(gid(7)).write_text('{"schema": 3, "mode": "rub', encoding="utf-8")
    over = TEMPLATES[1]  # won 2-0: a third hand comes after the end
    write_game(store, gid(8), over.with_hands(over.hands + over.hands[:1]), T0)
    monkeypatch.setattr(history_module, "POOL_FROM", 100)
    monkeypatch.setattr(history_module, "POOL_SHARE", 40)
    return store


def test_a_rebuild_in_processes_is_the_rebuild_in_one(many: GameStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import shutil

    alone = tmp_path / "alone"
    shutil.copytree(many.root, alone)
    told: list[tuple[int, int]] = []
    so_far: list[int] = []
    monkeypatch.setattr(history_module, "PARTIAL_SECONDS", 0.0)
    pooled = History(many)
    out = pooled.summaries(lambda done, total: told.append((done, total)), partial=lambda rows: so_far.append(len(rows)))
    monkeypatch.setattr(history_module, "POOL_FROM", 10**9)
    single = History(GameStore(alone))
    assert out == single.summaries()
    # The same sentences, but for the moment in the name a damaged file is kept under.
    stamp = re.compile(r"corrupt-[0-9-]+")
    assert sorted(stamp.sub("corrupt-*", p) for p in pooled.problems) == sorted(
        stamp.sub("corrupt-*", p.replace(str(alone), str(many.root))) for p in single.problems
    )
    assert len(pooled.problems) == 2 and pooled.loads == single.loads == 300
    assert told[0] == (0, 300) and told[-1] == (300, 300) and len(told) >= 300 // 40
    assert so_far and so_far == sorted(so_far) and so_far[-1] < history_module.PARTIAL_UNTIL * 300  # none near the end
    # The damaged file set aside by a process as by this one; the index the same rows.
    assert sorted(p.name for p in (many.root / "games").iterdir() if "corrupt" in p.name) != []
    again = History(many)
    assert again.summaries() == out and again.loads == 0
    assert (many.root / INDEX_NAME).exists()


def test_a_read_stopped_half_way_leaves_nothing_taken_for_the_index(data_dir: Path) -> None:
    """A screen that goes while its read runs stops it (its progress raises): the next read,
    the index gone, reads every game again instead of taking what was in memory for it."""
    store = GameStore(data_dir)
    store.ensure()
    for k in range(120):
        write_game(store, gid(k), TEMPLATES[k % 4], T0 + timedelta(hours=6 * k))
    h = History(store)
    first = h.summaries()
    (data_dir / INDEX_NAME).unlink()

    class Gone(Exception):
        pass

    def stop(done: int, total: int) -> None:
        if done:
            raise Gone

    with pytest.raises(Gone):
        h.summaries(stop)
    read = h.loads
    assert h.summaries() == first and h.loads - read == 120 and (data_dir / INDEX_NAME).exists()


def test_a_process_that_ends_half_way_leaves_its_games_to_this_one(many: GameStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Two shares come back, then the pool ends (as when a process dies): the rest are read
    here, and the summaries and the index are every game's, as a rebuild in one process gives."""
    from bridgepad.services.workers import Pool

    class Ended(Exception):
        pass

    real_run = Pool.run

    def ends_after_two(self, jobs, done):  # type: ignore[no-untyped-def]
        finished: list[object] = []

        def counted(job, result):  # type: ignore[no-untyped-def]
            done(job, result)
            finished.append(job)
            if len(finished) == 2:
                raise Ended

        try:
            real_run(self, jobs, counted)
        except Ended:
            raise NoPool([j for j in jobs if j not in finished]) from None

    monkeypatch.setattr(Pool, "run", ends_after_two)
    pooled = History(many)
    out = pooled.summaries()
    assert pooled.loads == 300 and len(out) == 298  # one damaged (set aside), one that cannot be replayed
    monkeypatch.setattr(history_module, "POOL_FROM", 10**9)
    again = History(many)
    assert again.summaries() == out and again.loads == 0  # the index holds every game read, both ways
