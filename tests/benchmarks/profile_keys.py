"""Where the time of a key goes: cProfile around each key of a typed hand, and around startup.

    python tests/benchmarks/profile_keys.py [--reps 3] [--top 15] [--out FILE]

Like bench.py's "Key to screen" row, the app runs in a pseudo-terminal of 80x24 under
``App.run_test(headless=False)`` (Textual's real driver: every frame is rendered and
written), on a rubber of 20 hands with 2,000 games in the folder, and a hand is typed
``+ 4 s Tab n Tab 9 Enter``. The profiler (clock: process CPU time) runs from each key
sent until the app is idle again; the stats are summed by kind of key (``+``, Tab, a
typed character, Enter) over the hands typed. Startup is profiled in a process of its
own, from before bridgepad is imported until the first frame is written.
Prints the top entries of each profile by cumulative time, as Markdown.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import pstats
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import bench  # beside this file

KINDS = {"plus": "+ (open the entry form)", "tab": "Tab", "enter": "Enter (record the hand)"}


def _kind(key: str) -> str:
    return KINDS.get(key, "a typed key")


# The event loop's and the message pumps' own frames hold every key's whole time: left out.
PLUMBING = r"^(?!.*(base_events\.py|events\.py:\d+\(_run\)|_callback\.py|message_pump\.py|timer\.py|\{built-in|\{method))"


OWN = r"bridgepad/"


def _top(stats: pstats.Stats, top: int, only: str = PLUMBING) -> str:
    out = io.StringIO()
    stats.stream = out  # type: ignore[attr-defined]
    if only == OWN:  # the file's folder tells bridgepad's own functions from Textual's
        stats.sort_stats("cumulative").print_stats(only, top)
    else:
        stats.strip_dirs().sort_stats("cumulative").print_stats(only, top)
    lines = out.getvalue().splitlines()
    start = next((i for i, line in enumerate(lines) if "ncalls" in line), 0)
    return "\n".join(line for line in lines[start:] if line.strip())


async def child_keys(data_dir: Path, reps: int, out_dir: Path) -> None:
    from bridgepad.services.session import Session
    from bridgepad.store.game_store import GameStore
    from bridgepad.tui.app import BridgepadApp

    app = BridgepadApp(Session.open(GameStore(data_dir)))
    profiles: dict[str, cProfile.Profile] = {}
    cpu: dict[str, list[float]] = {}
    async with app.run_test(headless=False, size=(80, 24), notifications=True) as pilot:
        await pilot.pause()
        await asyncio.sleep(0.2)
        for _ in range(reps):
            for key in bench.HAND_KEYS:
                kind = _kind(key)
                prof = profiles.setdefault(kind, cProfile.Profile(time.process_time))
                c0 = time.process_time()
                prof.enable()
                await app._press_keys([key])
                prof.disable()
                cpu.setdefault(kind, []).append(time.process_time() - c0)
    for kind, prof in profiles.items():
        prof.dump_stats(str(out_dir / f"{list(KINDS.values()).index(kind) if kind in KINDS.values() else 9}.prof"))
    (out_dir / "cpu.txt").write_text(repr(cpu))


def child_startup(out_dir: Path) -> None:
    """From before the import until the first frame is written, then quit."""
    prof = cProfile.Profile(time.process_time)
    prof.enable()
    from textual.app import App

    from bridgepad.tui.app import run

    display = App._display
    done = {"n": 0}

    def first_frame(self: Any, screen: Any, renderable: Any) -> None:
        display(self, screen, renderable)
        if renderable is not None and not done["n"] and type(screen).__name__ == "PadScreen":
            done["n"] = 1
            prof.disable()
            prof.dump_stats(str(out_dir / "startup.prof"))
            self.exit()

    App._display = first_frame  # type: ignore[method-assign]
    run(None)


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--reps", type=int, default=3)
    p.add_argument("--top", type=int, default=15)
    p.add_argument("--startup-only", action="store_true", help="profile startup alone")
    p.add_argument("--child", choices=("keys", "startup"))
    p.add_argument("--data")
    p.add_argument("--out")
    ns = p.parse_args()
    if ns.child == "keys":
        asyncio.run(child_keys(Path(ns.data), ns.reps, Path(ns.out)))
        return 0
    if ns.child == "startup":
        child_startup(Path(ns.out))
        return 0
    with tempfile.TemporaryDirectory(prefix="bridgepad-prof-") as tmp:
        work = Path(tmp)
        hist = work / "history"
        bench.make_history(hist, bench.HISTORY_GAMES)
        keys_dir = work / "keys"
        shutil.copytree(hist, keys_dir)
        bench.add_current(keys_dir, bench.twenty_hand_rubber(datetime(2025, 6, 1, 20, 0, tzinfo=UTC)))
        out_dir = work / "out"
        out_dir.mkdir()
        children = [(["keys", "--reps", str(ns.reps)], keys_dir), (["startup"], work / "empty")]
        for args, data in children if not ns.startup_only else children[1:]:
            data.mkdir(exist_ok=True)
            cmd = [sys.executable, __file__, "--child", *args, "--data", str(data), "--out", str(out_dir)]
            proc, master = bench._spawn(cmd, bench.pty_env(data))
            deadline = time.monotonic() + 300
            import os
            import select

            while proc.poll() is None and time.monotonic() < deadline:
                if select.select([master], [], [], 0.1)[0]:
                    try:
                        os.read(master, 65536)
                    except OSError:
                        time.sleep(0.01)
            bench._stop(proc, master)
        cpu = eval((out_dir / "cpu.txt").read_text()) if (out_dir / "cpu.txt").exists() else {}
        for i, kind in enumerate([*KINDS.values(), "a typed key"]):
            path = out_dir / f"{i if i < 3 else 9}.prof"
            if not path.exists():
                continue
            times = sorted(cpu.get(kind, []))
            med = times[len(times) // 2] * 1000 if times else float("nan")
            print(f"### {kind}: {len(times)} keys, median CPU {med:.1f} ms (profiler on)\n\n```")
            print(_top(pstats.Stats(str(path)), ns.top))
            print("```\n\nbridgepad's own:\n\n```")
            print(_top(pstats.Stats(str(path)), 8, OWN))
            print("```\n")
        path = out_dir / "startup.prof"
        if path.exists():
            st = pstats.Stats(str(path))
            print(f"### startup to the first frame: CPU {st.total_tt * 1000:.0f} ms (profiler on)\n\n```")  # type: ignore[attr-defined]
            print(_top(st, ns.top))
            print("```\n\nbridgepad's own:\n\n```")
            print(_top(pstats.Stats(str(path)), 12, OWN))
            print("```\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
