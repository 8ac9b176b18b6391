"""``bridgepad import`` all or nothing: killed at any moment, then run again, the history
holds exactly the games of the file, each once.

The real command is run on a 1,000-game log and killed with SIGKILL: at random
moments, while its games are being staged, and just after its commit while they are
being moved in. Each run after a kill first finishes or cleans what the killed one
left; the last run goes to the end. Then the folder holds the log's games, no more,
no fewer, and nothing of the staging is left. (The import has no batch size or other
limit between 1,000 games and more: a longer log only makes each run longer.)

``BRIDGEPAD_KILLS=20 pytest tests/robust/test_import_kill.py`` kills more often (default 6);
``BRIDGEPAD_IMPORT_GAMES=5000`` imports a longer log.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support.cli import run_cli
from support.fair_clock import Deadline

from bridgepad.core.readers.log import parse_log
from bridgepad.core.records.sameness import inputs_key
from bridgepad.services.import_batch import COMMITTED, PREFIX, STAGING, commit, recover
from bridgepad.store.game_store import GameStore, StoredGame

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGKILL")

KILLS = int(os.environ.get("BRIDGEPAD_KILLS", "6"))
GAMES = int(os.environ.get("BRIDGEPAD_IMPORT_GAMES", "1000"))


def big_log(path: Path) -> list[str]:
    """GAMES short rubbers, each with its own four players; returns their inputs' keys."""
    text = "".join(f"players N=N{k} E=E{k} S=S{k} W=W{k}\nN 3NT 9\nS 3NT 9\n" for k in range(GAMES))
    path.write_text(text, encoding="utf-8")
    return sorted(inputs_key(st.game) for st in parse_log(text).games())


def start(data: Path, log: Path) -> subprocess.Popen[bytes]:
    env = {k: v for k, v in os.environ.items() if k != "BRIDGEPAD_DATA_DIR"}
    return subprocess.Popen(
        [sys.executable, "-m", "bridgepad", "--data-dir", str(data), "import", str(log)],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
    )  # fmt: skip


def batches(data: Path, suffix: str) -> list[Path]:
    return [p for p in data.iterdir() if p.name.startswith(PREFIX) and p.name.endswith(suffix)] if data.exists() else []


def kill_when(p: subprocess.Popen[bytes], ready, limit: float = 60.0) -> bool:  # type: ignore[no-untyped-def]
    """SIGKILL ``p`` as soon as ``ready()`` holds; False if it ended first."""
    given = Deadline(limit)
    while not given.passed():
        if p.poll() is not None:
            return False
        if ready():
            p.send_signal(signal.SIGKILL)
            p.wait()
            return True
        time.sleep(0.001)
    p.kill()
    p.wait()
    raise AssertionError("the import neither ended nor reached the moment to kill it")


def stored_keys(data: Path) -> list[str]:
    store = GameStore(data)
    return sorted(inputs_key(store.load(i).game) for i in store.ids())


def full_run(data: Path, log: Path) -> float:
    """Seconds one whole import takes on this machine, into a fresh folder."""
    began = time.monotonic()
    p = start(data, log)
    _, err = p.communicate(timeout=300)
    assert p.returncode == 0, err.decode()
    return time.monotonic() - began


@pytest.mark.slow
def test_an_import_killed_at_random_moments_ends_with_exactly_the_games_of_the_log(tmp_path: Path) -> None:
    log = tmp_path / "big.log"
    expected = big_log(log)
    # The random moments fall inside a run as long as this machine's: a faster or slower
    # machine (or a busier one) must not turn every kill into a run that simply finished.
    duration = full_run(tmp_path / "measured", log)
    data = tmp_path / "data"
    rng = random.Random(11)
    killed = {"random": 0, "staging": 0, "moving": 0}
    for k in range(KILLS):
        p = start(data, log)
        moment = k % 3
        if moment == 0:  # at a random moment of the run
            deadline = time.monotonic() + rng.uniform(0.05, 0.9) * duration
            if kill_when(p, lambda: time.monotonic() >= deadline):
                killed["random"] += 1
        elif moment == 1:  # while games are being staged, before the commit
            want = rng.randint(1, GAMES - 1)

            def staging() -> bool:
                folders = batches(data, STAGING)
                try:
                    return bool(folders) and len(list((folders[0] / "games").glob("*.json"))) > want
                except FileNotFoundError:
                    # The commit renamed the batch while its games were being counted: no longer
                    # the moment to kill, and the run goes on (to the end, or to the next look).
                    return False

            if kill_when(p, staging):
                if batches(data, STAGING):
                    killed["staging"] += 1
                    assert len(stored_keys(data)) in (0, GAMES)  # left behind, and none of it visible
                else:
                    # The commit's rename won the race between the check and the signal:
                    # the kill fell while the games were being moved in.
                    assert batches(data, COMMITTED) or stored_keys(data) == expected
                    killed["moving"] += 1
        else:  # just after the commit, while the games are being moved in
            if kill_when(p, lambda: bool(batches(data, COMMITTED))):
                killed["moving"] += 1
        if p.returncode not in (0, -signal.SIGKILL):
            raise AssertionError(p.stderr.read().decode() if p.stderr else p.returncode)
        if p.returncode == 0:
            # A run that got to the end before its moment came: whole, and nothing twice.
            assert stored_keys(data) == expected
            shutil.rmtree(data)  # the next kill starts from an empty folder again
    p = start(data, log)
    _, err = p.communicate(timeout=300)
    assert p.returncode == 0, err.decode()
    assert stored_keys(data) == expected  # every game of the log, each once
    assert batches(data, STAGING) == [] and batches(data, COMMITTED) == []
    assert sum(killed.values()) >= KILLS // 2, killed  # most runs were killed before they ended
    # And once more: nothing is added.
    again = run_cli(data, "import", str(log), timeout=300)
    assert again.returncode == 0 and again.stdout.startswith(f"Imported no games: all {GAMES} in ")
    assert len(list((data / "games").glob("*.json"))) == GAMES


# The two crash points, step by step ------------------------------------------------------


def dead_pid() -> int:
    p = subprocess.Popen([sys.executable, "-c", "pass"])
    p.wait()
    return p.pid


def games(n: int) -> list[StoredGame]:
    text = "".join(f"players N=A{k} E=B{k} S=C{k} W=D{k}\nN 3NT 9\nS 3NT 9\n" for k in range(n))
    return [StoredGame(f"20261127-2000{k:02d}-00{k:02d}", st.game, "2026-11-27T20:00:00+01:00", "2026-11-27T20:00:00+01:00")
            for k, st in enumerate(parse_log(text).games())]  # fmt: skip


def test_a_staging_folder_left_by_a_crash_is_cleaned_at_the_next_start(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    store.ensure()
    folder = store.root / f"{PREFIX}{dead_pid()}-0badf00d{STAGING}" / "games"
    folder.mkdir(parents=True)
    (folder / "20261127-200000-0000.json").write_text("{}", encoding="utf-8")  # half-written
    said = recover(store)  # what the app and bridgepad new do when they start
    assert batches(store.root, STAGING) == [] and store.ids() == []
    assert any("cleaned away" in p for p in said)


def test_a_committed_folder_left_by_a_crash_is_finished_at_the_next_start(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    three = games(3)
    committed = commit(store, three)
    import bridgepad.services.import_batch as batch

    left = committed
    getattr(batch, "_ACTIVE", set()).clear()  # as if the process that committed it had died
    # One game had been moved in before the crash, and its original not yet removed.
    os.link(left / "games" / f"{three[0].id}.json", store.games_dir / f"{three[0].id}.json")
    said = recover(store)
    # The one linked before the crash is not counted again: two were moved in now.
    assert said == ["An import that was cut short after it was stored has been finished: 2 more games moved in."]
    assert store.ids() == [g.id for g in three]
    assert [inputs_key(store.load(g.id).game) for g in three] == [inputs_key(g.game) for g in three]
    assert batches(store.root, COMMITTED) == []


def test_the_folders_of_an_import_still_running_are_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bridgepad.services.import_batch as batch

    store = GameStore(tmp_path / "data")
    committed = commit(store, games(2))  # this process's own import, between its commit and its moves
    assert recover(store) == [] and committed.exists() and store.ids() == []
    monkeypatch.setattr(batch, "_ACTIVE", set())  # as seen by any other process: cut short
    assert recover(store) and not committed.exists() and len(store.ids()) == 2


def test_a_folder_named_after_a_process_id_now_reused_is_still_finished(tmp_path: Path) -> None:
    # Process ids wrap: the id in an older folder's name may belong to another process now.
    store = GameStore(tmp_path / "data")
    three = games(3)
    committed = commit(store, three)
    alive = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        left = committed.with_name(f"{PREFIX}{alive.pid}-0badf00d{COMMITTED}")
        committed.rename(left)
        import bridgepad.services.import_batch as batch

        getattr(batch, "_ACTIVE", set()).clear()  # the import that made it was cut short
        said = recover(store)
    finally:
        alive.communicate(b"")
    assert said == ["An import that was cut short after it was stored has been finished: 3 more games moved in."]
    assert store.ids() == [g.id for g in three] and batches(store.root, COMMITTED) == []


def test_an_import_of_the_same_log_after_a_cut_short_one_stores_each_game_once(tmp_path: Path) -> None:
    data = tmp_path / "data"
    log = tmp_path / "eleven.log"
    log.write_text("".join(f"players N=A{k} E=B{k} S=C{k} W=D{k}\nN 3NT 9\nS 3NT 9\n" for k in range(11)), encoding="utf-8")
    first = run_cli(data, "import", str(log))
    assert first.returncode == 0, first.stderr
    # As if the first import had been cut short after its commit, its folder named by a live pid.
    store = GameStore(data)
    moved = sorted(store.games_dir.iterdir())
    alive = subprocess.Popen([sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE)
    try:
        left = store.root / f"{PREFIX}{alive.pid}-0badf00d{COMMITTED}" / "games"
        left.mkdir(parents=True)
        for f in moved:
            f.rename(left / f.name)
        again = run_cli(data, "import", str(log))
    finally:
        alive.communicate(b"")
    assert again.returncode == 0, again.stderr
    assert "11 more games moved in" in again.stderr and "Imported no games: all 11" in again.stdout, (again.stdout, again.stderr)
    assert len(list(store.games_dir.iterdir())) == 11 and batches(data, COMMITTED) == []


@pytest.mark.parametrize("left", ["empty", "no games folder"])
def test_an_emptied_committed_folder_is_tidied_once_and_quietly(tmp_path: Path, left: str) -> None:
    store = GameStore(tmp_path / "data")
    store.ensure()
    folder = store.root / f"{PREFIX}{dead_pid()}-0badf00d{COMMITTED}"
    folder.mkdir()
    if left == "empty":
        (folder / "games").mkdir()
    assert recover(store) == []
    assert batches(store.root, COMMITTED) == []
    assert recover(store) == []


def test_a_cut_between_the_link_and_the_unlink_is_not_counted_twice(tmp_path: Path) -> None:
    store = GameStore(tmp_path / "data")
    one = games(1)
    committed = commit(store, one)
    import bridgepad.services.import_batch as batch

    getattr(batch, "_ACTIVE", set()).clear()
    src = committed / "games" / f"{one[0].id}.json"
    os.link(src, store.games_dir / src.name)  # linked into games/, then killed before the unlink
    assert recover(store) == []  # nothing more was moved in: nothing to say
    assert store.ids() == [one[0].id] and batches(store.root, COMMITTED) == []


def test_a_write_that_fails_before_the_commit_stores_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import bridgepad.services.import_batch as batch

    store = GameStore(tmp_path / "data")
    calls = []

    def failing(g: StoredGame) -> bytes:
        calls.append(g.id)
        if len(calls) == 3:
            raise OSError(28, "No space left on device")
        return b"{}"

    monkeypatch.setattr(batch, "game_bytes", failing)
    with pytest.raises(OSError):
        commit(store, games(5))
    assert store.ids() == [] and batches(store.root, STAGING) == [] and batches(store.root, COMMITTED) == []
