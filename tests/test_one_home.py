"""One rule, one home: where the command line and the screens both read or write the same
thing, they give the same answer for the same input, so a second copy that drifts fails here."""

from __future__ import annotations

import json
from decimal import Decimal
from pathlib import Path

import pytest
from snapshot_apps.scenarios import evening, make_app
from textual.widgets import Input, Label

from bridgepad.cli import main
from bridgepad.tui.tally_screen import TallyScreen

# The stake --------------------------------------------------------------------------------

STAKES = ["0.10", "0,10", "1", " 0,25 ", "0", "0,00", "-1", "abc", "NaN", "inf", "2000000", "1e3"]


def cli_stake(capsys: pytest.CaptureFixture[str], data: Path, text: str) -> tuple[Decimal | None, str]:
    """``bridgepad tally --all --json --stake TEXT``: the stake it used, or its refusal."""
    code = main(["--data-dir", str(data), "tally", "--all", "--json", "--stake", text])
    out, err = capsys.readouterr()
    if code:
        assert code == 2 and out == "" and err.count("\n") == 1, (code, out, err)
        return None, err.strip()
    stake = json.loads(out)["stake"]
    return (None if stake is None else Decimal(str(stake))), ""


async def test_the_command_line_and_the_tally_screen_read_a_stake_alike(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    evening(data_dir)  # a stake of 0.10 saved
    answers = {text: cli_stake(capsys, data_dir, text) for text in STAKES}
    app = make_app(data_dir)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.press("t")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, TallyScreen)
        field, error = screen.query_one("#stake", Input), screen.query_one("#stake-error", Label)
        for text, (cli_value, cli_refusal) in answers.items():
            screen.stake = Decimal("0.5")  # what a refusal leaves in place
            await pilot.press("dollar_sign")
            field.value = text
            await pilot.press("enter")
            await pilot.pause()
            said = str(error.render()).strip() if error.display else ""
            if cli_refusal:
                # Refused by both, in the same sentence: the command line puts the text first.
                assert said and cli_refusal == f"bridgepad tally: --stake '{text}': {said}", text
                assert screen.stake == Decimal("0.5"), text
                await pilot.press("escape")
            else:
                assert not said and screen.stake == cli_value, (text, said, screen.stake, cli_value)
    # What a player expects: a positive amount, a comma or a point; 0 is refused, not "free".
    assert answers["0,10"][0] == answers["0.10"][0] == Decimal("0.10")
    assert answers["0"][1] and answers["0,00"][1] and answers["-1"][1]


def test_an_empty_stake_is_none_on_the_command_line_as_on_the_screen(data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    evening(data_dir)  # 0.10 saved: --stake "" is no stake, over it
    assert cli_stake(capsys, data_dir, "") == (None, "")


def test_the_core_tally_refuses_a_stake_in_the_same_sentences() -> None:
    from bridgepad.core.settlement import read_stake
    from bridgepad.core.tally import tally

    for bad in ("0", "-1", "2000000", "NaN"):
        with pytest.raises(ValueError) as typed:
            read_stake(bad)
        with pytest.raises(ValueError) as given:
            tally([], stake=Decimal(bad))
        assert str(typed.value) == str(given.value)


# Writing an export file --------------------------------------------------------------------


def test_the_command_line_and_the_export_dialog_write_through_one_function(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from bridgepad.cli.files import write_output
    from bridgepad.formats import export_file
    from bridgepad.tui import export_dialog

    assert export_dialog.write_export is export_file.write_export
    calls: list[tuple[Path, bool]] = []
    real = export_file.write_export

    def spy(path: Path, text: str, *, replace: bool = False) -> None:
        calls.append((path, replace))
        real(path, text, replace=replace)

    monkeypatch.setattr(export_file, "write_export", spy)
    out = tmp_path / "out.md"
    write_output(str(out), "one\n", force=False)
    write_output(str(out), "two\n", force=True)
    assert calls == [(out, False), (out, True)] and out.read_text() == "two\n"
