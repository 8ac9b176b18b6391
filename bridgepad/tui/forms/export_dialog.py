"""Export a game to a file: a readable name proposed in the documents folder, changed at will,
never written over another file without asking, and where it went said afterwards."""

from __future__ import annotations

import os
from pathlib import Path

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Input, Label

from bridgepad.services.formats.export_file import export_folder, file_name, with_format, write_export
from bridgepad.services.formats.registry import FORMAT_CHOICES, FORMAT_WORDS, FORMATS, ExportError, exported
from bridgepad.store.game_store import StoredGame
from bridgepad.tui.closing import close, open_screen
from bridgepad.tui.forms.confirm import Confirm
from bridgepad.tui.forms.form import FormField, FormScreen, enter_field


def shown_path(path: Path) -> str:
    """``~/Documents/x.md`` for a path in the home folder: shorter to read and to edit."""
    home = Path.home()
    try:
        return "~" + os.sep + str(path.relative_to(home))
    except ValueError:
        return str(path)


def format_hint(fmt: str | None) -> str:
    if fmt is None:
        return f"The format is {FORMAT_CHOICES}."
    return f"{fmt}: {FORMATS[fmt].description}"


class ExportDialog(FormScreen[Path | None]):
    """Returns the file written, or None when cancelled."""

    CSS_PATH = "export_dialog.tcss"
    AUTO_FOCUS = "#export-format"
    DISCARD_QUESTION = "Leave without exporting?"

    def __init__(self, stored: StoredGame, folder: Path | None = None, fmt: str = "md") -> None:
        super().__init__()
        self.stored = stored
        self.folder = folder if folder is not None else export_folder()
        self.fmt = fmt
        self._encoding = FORMATS[fmt].encoding  # the chosen format's, set again when it is exported
        self._losses: tuple[str, ...] = ()  # what the chosen format could not keep as typed

    def compose(self) -> ComposeResult:
        proposed = self.folder / file_name(self.stored.game, self.stored.created, self.fmt)
        with Vertical(id="export"):
            yield Label("Export this game", id="export-title")
            with Horizontal(classes="export-row"):
                yield Label("Format", classes="field-label")
                yield FormField(value=self.fmt, id="export-format", on_change=self._format_changed)
                yield Label(FORMAT_CHOICES, classes="field-hint", markup=False)
            yield Label(format_hint(self.fmt), id="export-what", classes="field-hint", markup=False)
            with Horizontal(classes="export-row"):
                yield Label("File", classes="field-label")
                yield FormField(value=shown_path(proposed), id="export-path")
            yield Label("", id="export-error", markup=False)
            yield Label(self.keys_line("exports"), id="export-keys", markup=False)

    def _format_changed(self, value: str) -> None:
        """The file's name follows the format as it is typed, before the next key (Tab, then a name)."""
        fmt = FORMAT_WORDS.get(value.strip().lower())
        self.query_one("#export-what", Label).update(format_hint(fmt))
        if fmt is not None and fmt != self.fmt:
            self.fmt = fmt
            path = self.query_one("#export-path", Input)
            path.value = with_format(path.value, fmt)  # the name follows the format it is written in

    def target(self, fmt: str) -> Path:
        """The file typed: ``~`` is the home folder, a bare name goes in the proposed folder, and
        a name without an extension takes the format's."""
        typed = Path(os.path.expanduser(self.query_one("#export-path", Input).value.strip()))
        if not typed.suffix:
            typed = typed.with_name(f"{typed.name}.{FORMATS[fmt].extension}")
        return typed if typed.is_absolute() else self.folder / typed

    def _problem(self, text: str) -> None:
        self.query_one("#export-error", Label).update(text)

    def action_submit(self) -> None:
        fmt = FORMAT_WORDS.get(self.query_one("#export-format", Input).value.strip().lower())
        if fmt is None:
            self._problem(f"The format is {FORMAT_CHOICES}.")
            enter_field(self.query_one("#export-format", Input))
            return
        if not self.query_one("#export-path", Input).value.strip():
            self._problem("Give the file a name, such as evening.md.")
            enter_field(self.query_one("#export-path", Input))
            return
        path = self.target(fmt)
        if path.is_dir():
            self._problem(f"{path} is a folder: add a file name to it.")
            return
        if not path.parent.is_dir():
            self._problem(f"There is no folder {path.parent}: give one that exists.")
            return
        try:
            # The boards not solved yet are written as they stand: the pad solves them in the background.
            out = exported([self.stored], fmt, solve=False)
            text, self._encoding, self._losses = out.text, out.encoding, out.losses
        except ExportError as e:
            self._problem(f"This game cannot be exported: {e}.")
            return
        if os.path.lexists(path):
            self._ask_to_replace(path, text)
            return
        self._write(path, text, replace=False)

    def _ask_to_replace(self, path: Path, text: str) -> None:
        def done(yes: bool | None) -> None:
            if yes:
                self._write(path, text, replace=True)
            else:
                self._problem("Not written: change the name, or press Enter again to be asked again.")
                enter_field(self.query_one("#export-path", Input))

        open_screen(self.app, Confirm(f"Replace {path.name}?", f"A file of that name is already in {path.parent}."), done)

    def _write(self, path: Path, text: str, *, replace: bool) -> None:
        try:
            write_export(path, text, replace=replace, encoding=self._encoding)
        except FileExistsError:
            self._ask_to_replace(path, text)  # made meanwhile, by something else: ask about it
            return
        except OSError as e:
            self._problem(f"Could not write {path}: {e.strerror or e}.")
            return
        for loss in self._losses:
            self.app.notify(loss[:1].upper() + loss[1:], title="Not kept as typed", severity="warning", timeout=15, markup=False)
        close(self, path)


def export_game(app: App[object], stored: StoredGame) -> None:
    def done(path: Path | None) -> None:
        if path is not None:
            app.notify(f"Exported to {path}", title="Exported", timeout=15, markup=False)

    open_screen(app, ExportDialog(stored), done)
