"""Exports where people look: a readable name, in the documents folder, never over another
file without a question, and a note of where it went."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from support.snapshot_apps.scenarios import evening, make_app
from support.snapshot_apps.screen import Notes, screen_words
from support.waiting import press, settle
from textual.widgets import Input

from bridgepad.core.rules.game import Game, Mode
from bridgepad.services.formats.export_file import export_folder, file_name, with_format
from bridgepad.tui.forms.confirm import Confirm
from bridgepad.tui.forms.export_dialog import ExportDialog
from bridgepad.tui.screens.pad_screen import PadScreen

NAMED = Game(players=("Ann", "Bob", "Cy", "Di"))  # N, E, S, W: Ann & Cy are N-S


def test_the_name_says_the_mode_the_day_and_the_partnerships() -> None:
    assert file_name(NAMED, "2026-11-27T20:00:00+00:00", "md") == "rubber-2026-11-27-ann-cy-v-bob-di.md"
    assert file_name(Game(mode=Mode.CHICAGO), "2026-11-27T20:00:00+00:00", "csv") == "chicago-2026-11-27.csv"
    # A seat without a name is its letter; accents go, anything but letters and digits is a dash.
    half = Game(mode=Mode.DUPLICATE, players=("Zoë", "", "", "Jean-Luc O'Neil"))
    assert file_name(half, "2026-11-27T09:05:00+01:00", "json") == "duplicate-2026-11-27-zoe-s-v-e-jean-luc-o-neil.json"
    # Names with no letter to keep are their seat's letter; a date that is not one is left out.
    assert file_name(Game(players=("李", "★", "", "")), "garbled", "md") == "rubber-n-s-v-e-w.md"


def test_a_long_name_is_cut_but_keeps_its_extension() -> None:
    long = Game(players=("A" * 40, "B" * 40, "C" * 40, "D" * 40))
    name = file_name(long, "2026-11-27T20:00:00+00:00", "csv")
    assert name.startswith("rubber-2026-11-27-aaaa") and name.endswith(".csv")
    assert len(name) <= 100 + len(".csv")


def test_the_name_follows_the_format() -> None:
    assert with_format("~/Documents/rubber-2026-11-27.md", "json") == "~/Documents/rubber-2026-11-27.json"
    assert with_format("evening.CSV", "md") == "evening.md"
    assert with_format("notes.txt", "md") == "notes.txt"  # a name the player chose is theirs
    assert with_format("evening", "md") == "evening"


def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, documents: bool = True) -> Path:
    """A home folder of the test's own (with a Documents folder, or without)."""
    folder = tmp_path / "home"
    (folder / ".config").mkdir(parents=True)
    if documents:
        (folder / "Documents").mkdir()
    monkeypatch.setenv("HOME", str(folder))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(folder / ".config"))
    return folder


def test_the_folder_is_the_documents_folder_or_else_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = home(tmp_path, monkeypatch)
    assert export_folder() == folder / "Documents"
    (folder / "Documents").rmdir()
    assert export_folder() == folder


EXPECTED = "rubber-2026-11-27-di-eve-v-ann-bob.md"  # the evening's last rubber: N Di, E Ann, S Eve, W Bob


@pytest.mark.parametrize("size", [(80, 24), (60, 20)], ids=["80x24", "60x20"])
async def test_the_dialog_proposes_the_name_in_documents_and_says_where_it_went(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    folder = home(tmp_path, monkeypatch)
    evening(tmp_path / "data")
    app = make_app(tmp_path / "data")
    notes = Notes()
    async with app.run_test(size=size, message_hook=notes) as pilot:
        await press(pilot, "E")
        await settle(pilot)
        assert isinstance(app.screen, ExportDialog)
        assert app.screen.query_one("#export-path", Input).value == os.path.join("~", "Documents", EXPECTED)
        words = screen_words(app)
        # Nothing cut: what the format is for, the choices, the keys.
        for line in (
            "md: a pad to paste in a message",
            "md, csv, json or pbn (m, c, j or p)",
            "Enter exports · Tab next field · Esc cancels",
        ):
            assert line in words, line
        await press(pilot, "enter")
        await settle(pilot)
        assert isinstance(app.screen, PadScreen)
    written = folder / "Documents" / EXPECTED
    assert written.read_text(encoding="utf-8").startswith("#")  # a Markdown pad
    assert f"Exported: Exported to {written}" in notes.texts


async def test_the_name_follows_the_format_typed_and_a_bare_name_goes_in_documents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = home(tmp_path, monkeypatch)
    evening(tmp_path / "data")
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "E", "c")  # the format field's text is selected: c replaces md
        await settle(pilot)
        path = app.screen.query_one("#export-path", Input)
        assert path.value.endswith(EXPECTED.replace(".md", ".csv"))
        assert "csv: a spreadsheet" in screen_words(app)
        await press(pilot, "tab", *"evening", "enter")  # the name's text is selected too: typed over
        await settle(pilot)
    written = (folder / "Documents" / "evening.csv").read_text(encoding="utf-8")
    assert written.splitlines()[0].split(",")[:1] and "kind" in written.splitlines()[0]  # the CSV's header row


async def test_a_file_already_there_is_replaced_only_after_a_question(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = home(tmp_path, monkeypatch)
    there = folder / "Documents" / EXPECTED
    there.write_text("the player's own notes\n", encoding="utf-8")
    evening(tmp_path / "data")
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "E", "enter")
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        assert EXPECTED in str(app.screen.question)
        await press(pilot, "n")
        await settle(pilot)
        assert isinstance(app.screen, ExportDialog)  # back, with the name as typed
        assert there.read_text(encoding="utf-8") == "the player's own notes\n"
        assert "Not written" in screen_words(app)
        await press(pilot, "enter", "y")
        await settle(pilot)
        assert isinstance(app.screen, PadScreen)
    assert there.read_text(encoding="utf-8").startswith("#")


async def test_a_folder_that_is_not_there_is_named_and_nothing_is_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = home(tmp_path, monkeypatch)
    evening(tmp_path / "data")
    app = make_app(tmp_path / "data")
    async with app.run_test(size=(80, 24)) as pilot:
        await press(pilot, "E", "tab", *"nowhere/x.md", "enter")
        await settle(pilot)
        assert isinstance(app.screen, ExportDialog)
        said = f"There is no folder {folder / 'Documents' / 'nowhere'}: give one that exists."
        assert "".join(said.split()) in "".join(screen_words(app).split())  # a long path wraps within a word
    assert list((folder / "Documents").iterdir()) == []
