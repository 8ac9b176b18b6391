"""Writes SVG screenshots of bridgepad's main screens to screenshots/ at the top of the repo.

    python tests/tools/make_screenshots.py                # every scenario
    python tests/tools/make_screenshots.py help entry-form  # just these
    python tests/tools/make_screenshots.py --out /tmp/shots --size 100x30   # every one at that size

Each screen is a scenario in tests/support/snapshot_apps/scenarios.py: a name, the hands
already on the pad, and the keys pressed. Add a Scenario there to get one more
screenshot here (and one more snapshot test). Every screen starts from a fresh data
folder in a temporary directory; nothing is read from or written to your own data.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(TESTS))  # the tests' own package, support, as under pytest

from support.snapshot_apps.scenarios import SCENARIOS, Scenario, play

OUT = TESTS.parent / "screenshots"


async def shoot(scenario: Scenario, out: Path, size: tuple[int, int]) -> Path:
    with tempfile.TemporaryDirectory(prefix="bridgepad-shot-") as tmp:
        app = scenario.app(Path(tmp) / "data")
        async with app.run_test(size=size) as pilot:
            await play(pilot, scenario.keys)
            return Path(app.save_screenshot(filename=f"{scenario.name}.svg", path=str(out)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="scenarios to shoot (default: all): " + ", ".join(s.name for s in SCENARIOS))
    parser.add_argument("--out", type=Path, default=OUT, help=f"folder for the SVG files (default: {OUT})")
    parser.add_argument(
        "--size", help="terminal size for every scenario, COLUMNSxROWS (default: each scenario's own, 80x24, 60x20 or 200x50)"
    )
    args = parser.parse_args(argv)

    known = {s.name: s for s in SCENARIOS}
    unknown = [n for n in args.names if n not in known]
    if unknown:
        parser.error(f"no such scenario: {', '.join(unknown)}; known: {', '.join(known)}")
    size: tuple[int, int] | None = None
    if args.size:
        try:
            cols, rows = (int(n) for n in args.size.lower().split("x"))
        except ValueError:
            parser.error(f"--size must be COLUMNSxROWS, e.g. 80x24, not {args.size!r}")
        size = (cols, rows)
    chosen = [known[n] for n in args.names] if args.names else list(SCENARIOS)

    args.out.mkdir(parents=True, exist_ok=True)
    for scenario in chosen:
        path = asyncio.run(shoot(scenario, args.out, size or scenario.size))
        print(f"{path}  {scenario.what}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
