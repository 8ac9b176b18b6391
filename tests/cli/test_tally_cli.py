"""``bridgepad tally``: the tally screen's windows (tonight by default, this week, all,
since a day) and the stake and rounding saved by the screen's ``$`` and ``r``."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from decimal import Decimal
from pathlib import Path

from support.cli import run_cli as run
from support.record.games import WORKED

from bridgepad.core.readers.log import parse_log
from bridgepad.store.game_store import GameStore, StoredGame
from bridgepad.store.preferences_file import PreferencesFile

# Two rubbers: Ann and Cy (N-S) beat Bob and Di by 1,320 (the rule book's rubber), then
# N 3NT 9, S 3NT 9: N-S by 100 + 100 + 700 = 900.
LOG = WORKED + "N 3NT 9\nS 3NT 9\n"


def evening(data: Path) -> None:
    """The first rubber three days ago, the second one started an hour ago."""
    store = GameStore(data)
    store.ensure()
    now = datetime.now().astimezone().replace(microsecond=0)
    first, second = (st.game for st in parse_log(LOG).games())
    old = (now - timedelta(days=3)).isoformat()
    # An hour ago, unless that was before 05:00 today, when a new day of bridge began (so
    # at 05:30 the second rubber started at 05:00): tonight holds it whatever the clock says.
    day_begins = now.replace(hour=5, minute=0, second=0)
    start = max(now - timedelta(hours=1), day_begins) if now >= day_begins else now - timedelta(hours=1)
    recent = start.isoformat()
    store.save(StoredGame("g1", first, old, old))
    store.save(StoredGame("g2", second, recent, max(start, now - timedelta(minutes=20)).isoformat()))


def tally(data: Path, *args: str) -> dict:  # type: ignore[type-arg]
    p = run(data, "tally", "--json", *args)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)  # type: ignore[no-any-return]


def test_tonight_is_the_default_and_all_takes_every_game(tmp_path: Path) -> None:
    data = tmp_path / "data"
    evening(data)
    assert tally(data)["ids"] == ["g2"]  # the rubber of three days ago is another evening
    assert tally(data, "--tonight")["ids"] == ["g2"]
    assert tally(data, "--all")["ids"] == ["g1", "g2"]
    assert tally(data, "--all")["players"] == {"Ann": 2220, "Cy": 2220, "Bob": -2220, "Di": -2220}  # 1,320 + 900


def test_the_stake_and_rounding_saved_in_the_app_are_used(tmp_path: Path) -> None:
    data = tmp_path / "data"
    evening(data)
    PreferencesFile(data).save_tally(True, Decimal("0.10"))  # what the tally screen's r and $ save
    data_json = tally(data, "--all")
    # Rounded: 1,320 to 1,300 and 900 to 900; 2,200 points at 0.10 a hundred is 2.20.
    assert (data_json["round"], data_json["stake"]) == (100, 0.1)
    assert data_json["players"]["Ann"] == 2200 and data_json["money"]["Ann"] == 2.2
    # Given on the command line, the stake and the rounding win.
    given = tally(data, "--all", "--stake", "1", "--round", "1000")
    # 1,320 to 1,000 and 900 to 1,000: 2,000 points at 1 a hundred is 20.
    assert (given["round"], given["stake"], given["money"]["Ann"]) == (1000, 1.0, 20.0)


def test_a_damaged_saved_stake_is_said_and_not_used(tmp_path: Path) -> None:
    data = tmp_path / "data"
    evening(data)
    (data / "settings.json").write_text('{"tally": {"round": false, "stake": "lots"}}')  # kept as text, as before
    p = run(data, "tally", "--all", "--json")
    assert p.returncode == 0 and json.loads(p.stdout)["stake"] is None
    assert p.stderr == "bridgepad tally: the stake saved in settings.json ('lots') is not an amount; none is used.\n"


def test_round_zero_turns_the_saved_rounding_off(tmp_path: Path) -> None:
    data = tmp_path / "data"
    evening(data)
    PreferencesFile(data).save_tally(True, None)  # rounding saved on by the tally screen's r
    # Not rounded: 1,320 + 900 = 2,220, as the rubbers were scored.
    off = tally(data, "--all", "--round", "0")
    assert off["round"] is None and off["players"]["Ann"] == 2220
    p = run(data, "tally", "--all", "--round", "-5")
    assert p.returncode != 0
    assert p.stderr.strip().endswith("--round takes a whole number of points such as 100, or 0 for none, not '-5'.")
