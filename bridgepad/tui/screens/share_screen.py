"""Sharing the pad: the address phones open, its QR code, and how many are watching; in a game
of several tables, each table's own link and code besides the read-only one, one code at a time.

While shown, it is drawn again at each news of the server (``Sharing.news``: phones come and
go, another game's links) and each change of the game (``Session.changes``: a table's progress
beside its link), heard as every listener hears them and posted to itself, whatever the thread.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Label, Static

from bridgepad.services.changes import GameChanged, SharingChanged, Subscription
from bridgepad.tui import keys
from bridgepad.tui.closing import close
from bridgepad.tui.sharing import ENTRY_WARNING, LAN_WARNING, LOCAL_ONLY, READ_ONLY_TABLES, Link, Sharing
from bridgepad.tui.telling import tell


def watching(n: int) -> str:
    if n == 0:
        return "No phone is watching yet."
    return f"{n} phone{'s' if n != 1 else ''} watching."


def at_table(n: int) -> str:
    if n == 0:
        return "No phone has this table's page open yet."
    return f"{n} phone{'s' if n != 1 else ''} at this table."


def link_lines(links: list[Link]) -> list[str]:
    """Every address in a line, as ``bridgepad share --entry`` prints them: the read-only one, then ``table N: URL``."""
    return [link.url if link.table is None else f"table {link.table}: {link.url}" for link in links]


class Told(Message):
    """News for the share screen, brought to its own loop: draw the links and counts again."""

    def __init__(self, event: SharingChanged | GameChanged) -> None:
        super().__init__()
        self.event = event


class ShareScreen(ModalScreen[None]):
    CSS_PATH = "share_screen.tcss"
    KEY_SECTION = "share"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, sharing: Sharing) -> None:
        super().__init__()
        self.sharing = sharing
        self.shown = 0  # which address's code is drawn: 0 the read-only one, then each table's
        self._listening: list[Subscription] = []

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="share"):
            yield Label("Sharing the pad, read-only", id="share-title", markup=False)
            with Horizontal(id="share-body"):  # the code beside the words: both in view at 80×24
                yield Static("", id="share-qr", markup=False)
                with Vertical(id="share-text"):
                    yield Label("", id="share-name", markup=False)
                    yield Label("", id="share-url", markup=False)
                    yield Label("", id="share-viewers", markup=False)
                    yield Label("", id="share-where", markup=False)
                    yield Label("", id="share-keys", markup=False)
            yield Label("", id="share-links", markup=False)
            yield Label("", id="share-note", markup=False)

    def on_mount(self) -> None:
        # The counts and the tables' progress kept up to date while the screen is shown.
        self._listening = [self.sharing.news.subscribe(self._told), self.sharing.session().changes.subscribe(self._told)]
        self.show()

    def on_unmount(self) -> None:
        for listening in self._listening:
            listening.cancel()
        self._listening = []

    def _told(self, event: SharingChanged | GameChanged) -> None:
        self.post_message(Told(event))  # any thread: drawn on the app's loop

    def on_told(self, _message: Told) -> None:
        if self.is_attached:
            self.show()

    def show(self) -> None:
        """Writes the address shown, its code and the count of phones as they are now; in a game
        of several tables, every address in a line below."""
        from bridgepad.services.share.qr import qr_lines

        sharing = self.sharing
        keymap = keys.keymap_of(self.app)
        links = sharing.links()
        self.shown = min(self.shown, max(len(links) - 1, 0))
        tables = len(links) > 1  # the tables' links are served beside the read-only one
        link = links[self.shown] if links else None
        title = "Sharing the pad: each table's link, and the read-only view" if tables else "Sharing the pad, read-only"
        self.query_one("#share-title", Label).update(title)
        name = self.query_one("#share-name", Label)
        name.display = tables
        if link is not None and tables:
            name.update(f"{link.name}, {link.about} ({self.shown + 1} of {len(links)})")
        self.query_one("#share-url", Label).update(link.url if link is not None else "Not sharing.")
        # The blocks drawn must be the darker colour for a phone's camera: the light modules on a dark theme.
        lines = qr_lines(link.url, light=self.app.current_theme.dark) if link is not None else []
        self.query_one("#share-qr", Static).update("\n".join(lines))
        count = at_table(link.viewers) if link is not None and link.table is not None else watching(sharing.viewers)
        self.query_one("#share-viewers", Label).update(count)
        self.query_one("#share-where", Label).update(LAN_WARNING if sharing.lan else LOCAL_ONLY)
        stop, lan, nxt, back = (keys.first_key(k, keymap) for k in ("share.stop", "share.lan", "share.next", "share.back"))
        where = "this computer only" if sharing.lan else "the local network"
        flip = f"{nxt} next code · " if tables else ""
        self.query_one("#share-keys", Label).update(f"{flip}{stop} stops sharing · {lan}: {where} · {back} back to the pad")
        every = self.query_one("#share-links", Label)
        every.display = tables
        every.update("\n".join(link_lines(links)))
        note = self.query_one("#share-note", Label)
        unserved = sharing.on and sharing.tables_served and not tables
        note.display = tables or unserved
        note.update(ENTRY_WARNING if tables else READ_ONLY_TABLES if unserved else "")

    def action_next_code(self) -> None:
        self._flip(1)

    def action_previous_code(self) -> None:
        self._flip(-1)

    def _flip(self, step: int) -> None:
        count = len(self.sharing.links())
        if count > 1:
            self.shown = (self.shown + step) % count
            self.show()

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
