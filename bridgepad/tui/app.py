"""The score pad app: the pad's screen, quitting safely, and the command palette."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from textual.app import App, SystemCommand
from textual.screen import Screen

from bridgepad.session import Session
from bridgepad.store import Store, data_dir
from bridgepad.tui import keys
from bridgepad.tui.pad_screen import PadScreen

_HERE = Path(__file__).parent


class BridgepadApp(App[None]):
    TITLE = "bridgepad"
    CSS_PATH = [_HERE / "app.tcss", _HERE / "game_view.tcss"]
    ENABLE_COMMAND_PALETTE = True
    BINDINGS = keys.bindings("app")

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self.pad = PadScreen(session)

    def get_default_screen(self) -> Screen[None]:
        return self.pad

    def on_mount(self) -> None:
        from bridgepad.tui.preferences import apply_preferences

        apply_preferences(self, self.session)
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
        # The screen's own keys that have a title, from the one list of keys (keys.py).
        yield from keys.palette_commands(screen, keys.keymap_of(self))


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
