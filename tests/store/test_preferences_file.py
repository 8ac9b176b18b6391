"""The tally's stake in settings.json: kept as a number with the digits it was given, read back
as that number; the text older files kept is still read; anything else is no stake, and said."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest

from bridgepad.store.preferences_file import PreferencesFile


@pytest.mark.parametrize("stake", [Decimal("0.10"), Decimal(1), Decimal("0.25"), Decimal("1E+3"), Decimal(1000000), None])
def test_a_stake_is_kept_as_a_number_and_read_back_as_it_was(tmp_path: Path, stake: Decimal | None) -> None:
    prefs = PreferencesFile(tmp_path)
    prefs.save_tally(True, stake)
    saved = json.loads((tmp_path / "settings.json").read_text(), parse_float=Decimal)["tally"]
    assert saved == {"round": True, "stake": stake}  # a JSON number (or null), not text
    back = PreferencesFile(tmp_path).tally()
    assert (back.rounding, back.stake, back.problems) == (True, stake, ())
    assert str(back.stake) == str(stake)  # 0.10 stays 0.10 on the screen, never the float's 0.1


def test_the_number_keeps_the_other_settings_and_they_keep_it(tmp_path: Path) -> None:
    prefs = PreferencesFile(tmp_path)
    prefs.save_tally(False, Decimal("0.10"))
    prefs.save_theme("nord")
    assert PreferencesFile(tmp_path).tally().stake == Decimal("0.10")
    assert '"stake": 0.10' in (tmp_path / "settings.json").read_text()
    assert PreferencesFile(tmp_path).looks().theme == "nord"


@pytest.mark.parametrize(("text", "stake"), [("0.10", Decimal("0.10")), (" 0,25 ", Decimal("0.25")), ("", None)])
def test_a_stake_saved_as_text_by_an_older_bridgepad_is_still_read(tmp_path: Path, text: str, stake: Decimal | None) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"tally": {"round": True, "stake": text}}))
    got = PreferencesFile(tmp_path).tally()
    assert (got.rounding, got.stake, got.problems) == (True, stake, ())


@pytest.mark.parametrize("saved", ["lots", 0, -1, 2_000_000, "0.0000001", True, [1], {"a": 1}])
def test_a_saved_stake_the_rule_refuses_is_none_and_said(tmp_path: Path, saved: object) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"tally": {"round": False, "stake": saved}}))
    got = PreferencesFile(tmp_path).tally()
    assert got.stake is None
    (problem,) = got.problems
    assert problem.startswith("the stake saved in settings.json (") and problem.endswith("is not an amount; none is used.")


def test_a_stake_the_rule_refuses_is_not_saved(tmp_path: Path) -> None:
    from bridgepad.core.rules.settlement import StakeError

    with pytest.raises(StakeError):
        PreferencesFile(tmp_path).save_tally(False, Decimal(0))
    assert not (tmp_path / "settings.json").exists()
