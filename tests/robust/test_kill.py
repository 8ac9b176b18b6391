"""Property 1: killed at any moment, nothing shown is lost.

The real app runs in a pseudo-terminal; hands are typed into it and it is killed
with SIGKILL at random moments, over and over on one data folder: while it starts,
while a hand is being typed, and in the few milliseconds after Enter, while the
hand is being saved and drawn.  After each kill every data file parses, every hand
the status bar had counted is on disk, the disk holds nothing that was not typed,
and the restarted app shows them all.  SIGTERM, SIGHUP (sent, or the terminal
closed) and ctrl+c end it cleanly instead: status 0, the terminal given back, the
hands on disk and the lock released.

``BRIDGEPAD_KILLS=200 pytest tests/robust/test_kill.py -s`` runs a longer campaign
(default 12 kills) and prints its figures; ``BRIDGEPAD_KILL_SEED`` picks another seed.
"""

from __future__ import annotations

import json
import os
import random
import signal
import sys
import threading
from functools import partial
from pathlib import Path

import pytest
from filelock import FileLock, Timeout
from support.fair_clock import Deadline
from support.robust.life import hands_on_disk
from support.robust.pty_app import ALT_SCREEN_OFF, PtyApp, plain
from support.robust.side_by_side import side_by_side
from support.robust.typing import hand_of, pick, type_hand

from bridgepad.core.model import Hand
from bridgepad.core.readers.serialize import game_from_json
from bridgepad.core.rules.kinds import derive

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")

KILLS = int(os.environ.get("BRIDGEPAD_KILLS", "12"))
SEED = int(os.environ.get("BRIDGEPAD_KILL_SEED", "20240601"))


def every_file_parses(root: Path) -> None:
    """Each data file read strictly; one that does not parse fails the test."""
    games = root / "games"
    if games.is_dir():
        for path in sorted(games.glob("*.json")):
            derive(game_from_json(json.loads(path.read_bytes().decode("utf-8"))))
        assert not list(games.glob("*.corrupt-*")), "a game file was found unreadable and kept aside"
    current = root / "current"
    if current.exists():
        game_id = current.read_text(encoding="utf-8").strip()
        assert (games / f"{game_id}.json").is_file(), f"current names {game_id!r}, which is not on disk"
    settings = root / "settings.json"
    if settings.exists():
        json.loads(settings.read_text(encoding="utf-8"))


def temp_files(root: Path) -> list[Path]:
    return [p for p in root.rglob(".*.tmp")]


def kill_campaign(root: Path, seed: int, kills: int) -> dict[str, int]:
    """Starts the app on ``root`` ``kills`` times, typing hands, and SIGKILLs it each time."""
    rng = random.Random(seed)
    on_disk: tuple[Hand, ...] = ()
    shown_before = 0
    figures = dict.fromkeys(
        (
            "kills",
            "while_starting",
            "while_typing",
            "just_after_enter",
            "hands_typed",
            "hands_on_disk",
            "saved_before_drawn",
            "temp_files_left",
        ),
        0,
    )
    for cycle in range(kills):
        when = rng.choices(["while_starting", "while_typing", "just_after_enter"], weights=[2, 4, 4])[0]
        typed = list(on_disk)  # what this run may leave on disk, in order
        with PtyApp(root) as app:
            kill = threading.Event()
            timers: list[threading.Timer] = []

            def kill_after(delay: float) -> None:
                t = threading.Timer(delay, lambda: (kill.set(), app.signal(signal.SIGKILL)))
                timers.append(t)
                t.start()

            if when == "while_starting":
                kill_after(rng.uniform(0.0, 1.0))
            try:
                ready = app.wait_for("Add", timeout=15) is not None and not kill.is_set()
                if ready:
                    # The restarted app shows every hand already on disk.
                    m = app.wait_for(f"Hand {len(on_disk) + 1} · Games", timeout=5)
                    assert m is not None or kill.is_set(), app.screen_text()[-2000:]
                    if when == "while_typing":
                        kill_after(rng.uniform(0.0, 1.2))
                    enter_to_kill = rng.randint(1, 2)
                    enters = 0

                    def after_enter() -> None:
                        nonlocal enters
                        enters += 1
                        if when == "just_after_enter" and enters == enter_to_kill:
                            kill_after(rng.uniform(0.0, 0.06))  # while the hand is saved and drawn

                    while app.proc.poll() is None and not kill.is_set():
                        fields = pick(rng)
                        typed.append(hand_of(fields))
                        figures["hands_typed"] += 1
                        outcome = type_hand(app, fields, len(typed), after_enter=after_enter)
                        if outcome != "shown" and app.proc.poll() is None and not kill.is_set():
                            pytest.fail(
                                f"seed {seed} cycle {cycle}: hand {len(typed)} {outcome}, and not shown:\n{app.screen_text()[-2000:]}"
                            )
                        if not timers and enters >= 3:
                            kill_after(0)
                if not timers:
                    kill_after(0)
            finally:
                for t in timers:
                    t.join()
            rc = app.wait(10)
            assert rc == -signal.SIGKILL, f"cycle {cycle}: exit status {rc}"
            shown = max(shown_before, app.shown_hands())
        figures["kills"] += 1
        figures[when] += 1
        # After the kill: every file parses, every hand shown is on disk, nothing else is.
        every_file_parses(root)
        now = hands_on_disk(root)
        assert len(now) >= shown, f"seed {seed} cycle {cycle} ({when}): the screen showed {shown} hands, the disk has {len(now)}"
        assert list(now) == typed[: len(now)], f"seed {seed} cycle {cycle} ({when}): the disk holds hands that were not typed"
        figures["saved_before_drawn"] += len(now) > shown
        on_disk, shown_before = now, len(now)
    figures["hands_on_disk"] = len(on_disk)
    figures["temp_files_left"] = len(temp_files(root))
    return figures


@pytest.mark.slow
def test_sigkill_at_random_moments_never_loses_a_hand_the_screen_showed(tmp_path: Path) -> None:
    # Two campaigns side by side, each on its own data folder: twice the kills in the time.
    share = [KILLS - KILLS // 2, KILLS // 2]
    jobs = {f"campaign {i}": partial(kill_campaign, tmp_path / f"data{i}", SEED + i, share[i]) for i in range(2) if share[i]}
    # A cycle takes a few seconds; one that never ends fails here rather than hanging the run.
    results = side_by_side(jobs, timeout=60 + 15 * max(share))
    total = {k: sum(r[k] for r in results.values()) for k in next(iter(results.values()))}
    print(f"\nSIGKILL campaign, seeds {SEED}+{{0,1}}: {total}")
    assert total["kills"] == KILLS


# The form's preview of the half-typed hand: drawn once the app has read "3n".
HALF_TYPED = "If 3NT makes"
ENDINGS_TIMEOUT = 60.0  # seconds for all four endings; each takes a few
ENDINGS = {
    "SIGTERM": lambda app: app.signal(signal.SIGTERM),
    "SIGHUP": lambda app: app.signal(signal.SIGHUP),
    "ctrl+c": lambda app: app.type("\x03"),
    "terminal closed": lambda app: app.close_terminal(),
}


def polite_ending(root: Path, ending: str) -> None:
    hands = [("4s", "n", "8"), ("pass", "", "")]
    with PtyApp(root) as app:
        assert app.wait_for("Add", timeout=15), app.screen_text()[-2000:]
        for n, fields in enumerate(hands, 1):
            assert type_hand(app, fields, n) == "shown", app.screen_text()[-2000:]
        # A third hand half typed, its form open, when the end comes.
        mark = app.mark()
        app.type("+")
        assert app.wait_for("Enter records", since=mark)
        mark = app.mark()
        app.type("3n")
        assert app.wait_for(HALF_TYPED, since=mark), app.screen_text(mark)[-2000:]
        ENDINGS[ending](app)
        given = Deadline(10)
        rc = app.wait(10)
        took = given.spent()
        out = app.output
        text = app.screen_text()
    assert rc == 0, f"{ending}: exit status {rc}\n{text[-2000:]}"
    assert took < 5, f"{ending}: took {took:.1f}s to exit"
    assert "Traceback" not in text, text[-3000:]
    if ending != "terminal closed":  # a closed terminal has no screen left to restore
        # The terminal is given back: the alternate screen left last, the cursor shown,
        # the mouse released, and nothing drawn after.
        off = out.rfind(ALT_SCREEN_OFF)
        assert off > out.rfind(b"\x1b[?1049h"), out[-400:]
        tail = out[off:]
        assert b"\x1b[?25h" in tail and b"\x1b[?1000l" in out[out.rfind(b"\x1b[?1000h") :], tail
        assert plain(tail).strip() == "", tail
    assert list(hands_on_disk(root)) == [hand_of(h) for h in hands], ending
    every_file_parses(root)
    lock = FileLock(root / "bridgepad.lock")
    try:
        lock.acquire(timeout=0)  # the next window will be the writer
    except Timeout:
        raise AssertionError(f"{ending}: the data folder's lock was not released") from None
    lock.release()


@pytest.mark.slow
def test_sigterm_sighup_ctrl_c_and_a_closed_terminal_save_and_exit_cleanly(tmp_path: Path) -> None:
    """Each ending in its own app and data folder, all four at once."""
    jobs = {ending: partial(polite_ending, tmp_path / f"data{i}", ending) for i, ending in enumerate(ENDINGS)}
    side_by_side(jobs, timeout=ENDINGS_TIMEOUT)
