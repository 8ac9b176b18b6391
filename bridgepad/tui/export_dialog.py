"""Export the game on screen to a file in the user's documents (or home) folder."""

from __future__ import annotations

from pathlib import Path

from textual import on
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Label

from bridgepad.store import StoredGame
from bridgepad.tui.closing import close

FORMAT_WORDS = {"j": "json", "json": "json", "c": "csv", "csv": "csv", "m": "md", "md": "md", "markdown": "md"}


class ExportDialog(ModalScreen[str | None]):
    CSS_PATH = "export_dialog.tcss"
    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    AUTO_FOCUS = "#export-format"

    def compose(self) -> ComposeResult:
        with Vertical(id="export"):
            yield Label("Export this game", id="export-title")
            yield Label("Format: md (a pad to paste in a message), csv (a spreadsheet) or json", markup=False)
            yield Input(value="md", id="export-format", select_on_focus=True)
            yield Label("", id="export-error", markup=False)
            yield Label("Enter exports · Esc cancels", id="export-keys")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        fmt = FORMAT_WORDS.get(event.value.strip().lower())
        if fmt is None:
            self.query_one("#export-error", Label).update("The format is md, csv or json (m, c or j).")
            return
        close(self, fmt)

    def action_cancel(self) -> None:
        close(self, None)


def export_folder() -> Path:
    """The user's documents folder if there is one, else their home."""
    import platformdirs

    docs = platformdirs.user_documents_path()
    return docs if docs.is_dir() else Path.home()


def write_export(stored: StoredGame, fmt: str, folder: Path) -> Path:
    """Writes a new file, whole or not at all, never over an old one: a number is added to the name instead."""
    from bridgepad.atomic_file import atomic_write, user_file_mode
    from bridgepad.formats.registry import export

    data = export([stored], fmt).encode("utf-8")
    base = f"bridgepad-{stored.id}"
    n = 1
    while True:
        path = folder / (f"{base}.{fmt}" if n == 1 else f"{base}-{n}.{fmt}")
        try:
            atomic_write(path, data, user_file_mode(), replace=False, make_folders=False)
            return path
        except FileExistsError:
            n += 1


def export_game(app: App[object], stored: StoredGame) -> None:
    def done(fmt: str | None) -> None:
        if fmt is None:
            return
        try:
            path = write_export(stored, fmt, export_folder())
        except OSError as e:
            app.notify(f"Could not export: {e.strerror or e} ({e.filename}).", severity="error", timeout=15, markup=False)
            return
        app.notify(f"Exported to {path}", title="Exported", timeout=15, markup=False)

    app.push_screen(ExportDialog(), done)
