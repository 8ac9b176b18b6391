"""SVG snapshots of the screens a player sees, at 80×24 and, for the small-* ones, 60×20, the big-* ones 200×50.

Each picture starts from a data folder of its own: the scenario's hands seeded
into it, then its keys pressed (see support/snapshot_apps/scenarios.py).  Nothing in them depends on the date
or on the random part of game ids: the status bar's "Rubber N" counts the games
started the same day, and each folder holds one.  After a deliberate change to
the screens, look at the report and refresh the baselines with
``pytest tests/tui/test_snapshots.py --snapshot-update``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support.snapshot_apps.scenarios import SCENARIOS, play
from textual.pilot import Pilot


@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name for s in SCENARIOS])
def test_screen(scenario, snap_compare, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # An App instance, not a path: snap_compare caches screenshots of app *files* in
    # .screenshot_cache, keyed on that file and the CSS only, which would hide changes to bridgepad.
    app = scenario.app(tmp_path / "data")

    async def run_before(pilot: Pilot) -> None:  # type: ignore[type-arg]
        await play(pilot, scenario.keys)

    assert snap_compare(app, terminal_size=scenario.size, run_before=run_before)
