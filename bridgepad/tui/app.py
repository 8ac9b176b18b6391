"""The score pad app: the pad's screen, quitting safely, and the command palette."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from bridgepad.session import Session
from bridgepad.store import Store, data_dir
from bridgepad.tui.pad_screen import PadScreen

_HERE = Path(__file__).parent


class BridgepadApp(App[None]):
    TITLE = "bridgepad"
    CSS_PATH = [_HERE / "app.tcss", _HERE / "game_view.tcss"]
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = [
        Binding("q", "leave", "Quit"),
        Binding("ctrl+c", "leave", "Quit", show=False, priority=True),
    ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.pad = PadScreen(session)

    def get_default_screen(self) -> Screen[None]:
        return self.pad

    def on_mount(self) -> None:
        self._catch_signals()

    def _catch_signals(self) -> None:
        """A closed terminal or a polite kill ends the app cleanly; every hand is already saved."""
        import asyncio
        import signal
        import sys

        if sys.platform == "win32":
            return  # Windows' event loops take no signal handlers; closing the console ends the app
        loop = asyncio.get_running_loop()
        for name in ("SIGTERM", "SIGHUP"):
            sig = getattr(signal, name, None)
            if sig is None:
                continue
            try:
                loop.add_signal_handler(sig, self.exit)
            except (RuntimeError, ValueError):
                pass  # not the main thread (as under tests)

    async def action_leave(self) -> None:
        """Quit; every hand is already saved, unless a save failed: then ask first."""
        from bridgepad.tui.confirm import Confirm

        if self.session.read_only or self.session.flush():
            self.exit()
            return
        if isinstance(self.screen, Confirm):
            return

        def done(yes: bool | None) -> None:
            if yes:
                self.exit(return_code=1)

        self.push_screen(
            Confirm(
                "A change is NOT SAVED. Quit anyway and lose it?",
                f"{self.session.save_error} Press n to stay: saving is tried again every few seconds.",
            ),
            done,
        )

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        if screen is not self.pad:
            return  # the pad's commands act on the pad, not under the history or a form
        yield SystemCommand("Add a hand", "Enter the next hand (+)", self.pad.action_add)
        yield SystemCommand("Edit the selected hand", "Change a hand already entered (e)", self.pad.action_edit)
        yield SystemCommand("Delete the selected hand", "Remove a hand, after a confirmation (d)", self.pad.action_delete)
        yield SystemCommand("Undo", "Take back the last change (ctrl+z)", self.pad.action_undo)
        yield SystemCommand("End the game now", "Stop the game unfinished (x)", self.pad.action_end_game)
        yield SystemCommand("New game", "Start a new game: mode, dealer, players, rules (n)", self.pad.action_new_game)
        yield SystemCommand("Settings", "The rules new games start with (s)", self.pad.action_settings)
        yield SystemCommand("History", "Every game, newest first; open one to review it (h)", self.pad.action_history)
        yield SystemCommand("Tally", "Each player's net, the money and who pays whom (t)", self.pad.action_tally)
        yield SystemCommand("Export this game", "To a file: md, csv or json (E)", self.pad.action_export)
        yield SystemCommand("Help", "Keys and scoring tables (?)", self.pad.action_help)


def run(data_dir_override: str | None = None) -> int:
    import sys

    from filelock import FileLock, Timeout

    root = data_dir(data_dir_override)
    store = Store(root)
    try:
        store.ensure()
        lock = FileLock(root / "bridgepad.lock", mode=0o600)
        try:
            lock.acquire(timeout=0)
            read_only = False
        except Timeout:
            read_only = True  # another window is keeping the score: this one only looks
        session = Session.open(store, read_only=read_only)
    except OSError as e:
        print(f"bridgepad: cannot use the data folder {root}: {e.strerror or e}.", file=sys.stderr)
        return 1
    app = BridgepadApp(session)
    try:
        app.run()
    finally:
        saved = session.read_only or session.flush()
        if lock.is_locked:
            lock.release()
    if not saved:
        print(f"bridgepad: {session.save_error}", file=sys.stderr)
        return 1
    return app.return_code or 0
