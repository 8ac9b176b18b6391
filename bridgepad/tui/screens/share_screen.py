"""Sharing the pad: the address phones open, its QR code, and how many are watching."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from bridgepad.tui import keys
from bridgepad.tui.closing import close
from bridgepad.tui.sharing import LAN_WARNING, LOCAL_ONLY, Sharing
from bridgepad.tui.telling import tell


def watching(n: int) -> str:
    if n == 0:
        return "No phone is watching yet."
    return f"{n} phone{'s' if n != 1 else ''} watching."


class ShareScreen(ModalScreen[None]):
    CSS_PATH = "share_screen.tcss"
    KEY_SECTION = "share"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, sharing: Sharing) -> None:
        super().__init__()
        self.sharing = sharing

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="share"):
            yield Label("Sharing the pad, read-only", id="share-title", markup=False)
            with Horizontal(id="share-body"):  # the code beside the words: both in view at 80×24
                yield Static("", id="share-qr", markup=False)
                with Vertical(id="share-text"):
                    yield Label("", id="share-url", markup=False)
                    yield Label("", id="share-viewers", markup=False)
                    yield Label("", id="share-where", markup=False)
                    yield Label("", id="share-keys", markup=False)

    def on_mount(self) -> None:
        self.sharing.on_viewers = self.show  # the count kept up to date while the screen is shown
        self.show()

    def on_unmount(self) -> None:
        self.sharing.on_viewers = None

    def show(self) -> None:
        """Writes the address, its code and the count of phones as they are now."""
        from bridgepad.services.share.qr import qr_lines

        sharing = self.sharing
        keymap = keys.keymap_of(self.app)
        self.query_one("#share-url", Label).update(sharing.url if sharing.on else "Not sharing.")
        # The blocks drawn must be the darker colour for a phone's camera: the light modules on a dark theme.
        lines = qr_lines(sharing.url, light=self.app.current_theme.dark) if sharing.on else []
        self.query_one("#share-qr", Static).update("\n".join(lines))
        self.query_one("#share-viewers", Label).update(watching(sharing.viewers))
        self.query_one("#share-where", Label).update(LAN_WARNING if sharing.lan else LOCAL_ONLY)
        stop, lan, back = (keys.first_key(k, keymap) for k in ("share.stop", "share.lan", "share.back"))
        where = "this computer only" if sharing.lan else "the local network"
        self.query_one("#share-keys", Label).update(f"{stop} stops sharing · {lan}: {where} · {back} back to the pad")

    async def action_stop(self) -> None:
        await self.sharing.stop()
        self.app.notify("Sharing stopped: the phones' pages no longer follow the pad.", markup=False)
        close(self, None)

    async def action_lan(self) -> None:
        try:
            await self.sharing.start(lan=not self.sharing.lan)
        except OSError as e:
            tell(self.app, f"Could not share: {e.strerror or e}.")
        else:
            if self.sharing.lan:
                self.app.notify(LAN_WARNING, title="Shared on the local network", severity="warning", markup=False)
        self.show()

    def action_close(self) -> None:
        close(self, None)
