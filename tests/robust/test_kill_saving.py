"""Kills during saving: a child process holding the folder sends results as fast as it can
(its compactor folding the journal into the game file between every two, so that a kill falls
in an append, in a compaction, or between the two) and says each one saved; it is killed with
SIGKILL at a random moment, many times. After each kill every result it said was saved is in
the game exactly once, as a reader that only looks and as the next writer read it."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from support.fair_clock import Deadline
from support.seeded import seed_folder

from bridgepad.core.rules.kinds.several_tables.entering import MAX_KEPT_PER_BOARD
from bridgepad.services.session import Session
from bridgepad.store.game_store import GameStore

KILLS = 30
CHILD = r"""
import sys
from pathlib import Path
from bridgepad.core.model import Contract, Hand, Seat, Strain
from bridgepad.services.session import Session
from bridgepad.services.several_tables.table_results import TableResults
from bridgepad.store.folder_lock import FolderLock
root, run = sys.argv[1], sys.argv[2]
lock = FolderLock(Path(root))
assert lock.try_acquire()  # the lock of a writer killed before is taken over, as the app takes it
session = Session.open_folder(Path(root))
session._store.compactor._idle = 0.0  # fold after every line: a kill falls in compactions too
results = TableResults(session)
n = 0
while True:
    kept = {}
    for r in session.game.several_tables.results:
        kept[(r.table, r.board)] = kept.get((r.table, r.board), 0) + 1
    room = [(t, b) for t in (1, 2) for b in ((1, 2, 3, 4) if t == 1 else (5, 6, 7, 8)) if kept.get((t, b), 0) < {per_board}]
    if not room:
        print("full", flush=True)
        break
    table, board = room[n % len(room)]
    rid = f"{run}-{n}"
    results.submit(table, board, Hand(Contract(1 + n % 7, Strain.NT), Seat.S, 7 + n % 7), rid, replace_earlier=True)
    print("saved", rid, flush=True)
    n += 1
""".replace("{per_board}", str(MAX_KEPT_PER_BOARD))


def results_read(root: Path, game_id: str) -> Counter[str]:
    stored = GameStore(root).load_quietly(game_id)
    assert stored is not None, "the game could not be read"
    assert stored.game.several_tables is not None
    return Counter(r.id for r in stored.game.several_tables.results)


@pytest.mark.slow
def test_every_result_said_saved_is_there_once_after_each_kill(data_dir: Path) -> None:
    game_id = seed_folder(data_dir, 0)
    rnd = random.Random(int.from_bytes(os.urandom(4), "big"))
    said: list[str] = []
    kills = 0
    for run in range(KILLS):
        child = subprocess.Popen(
            [sys.executable, "-c", CHILD, str(data_dir), f"k{run}"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        assert child.stdout is not None
        wanted = rnd.randint(1, 6)  # a kill after so many saves: at the next append, or in a fold
        deadline = Deadline(60)
        got = 0
        line = ""
        while got < wanted and not deadline.passed():
            line = child.stdout.readline()
            if not line:
                break
            if line.startswith("saved "):
                said.append(line.split()[1])
                got += 1
            if line.startswith("full"):
                break
        if line.startswith("full"):
            child.wait(30)
            break
        child.send_signal(signal.SIGKILL)
        rest, err = child.communicate(timeout=30)
        said += [ln.split()[1] for ln in rest.splitlines() if ln.startswith("saved ")]  # said before it died
        assert child.returncode == -signal.SIGKILL, err[-2000:]
        kills += 1
        seen = results_read(data_dir, game_id)
        assert not [i for i, n in seen.items() if n > 1], "a result read twice"
        assert [i for i in said if i not in seen] == [], f"after kill {kills}: said saved, not there"
    assert kills >= KILLS // 2
    session = Session.open(GameStore(data_dir))  # the next writer: a torn line is reported, nothing lost
    assert all("cut short" in p for p in session.problems), session.problems
    seen = Counter(r.id for r in session.game.several_tables.results)  # type: ignore[union-attr]
    assert max(seen.values()) == 1 and set(said) <= set(seen)
    assert len(said) > KILLS
