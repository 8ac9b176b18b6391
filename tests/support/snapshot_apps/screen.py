"""Reading what the app shows, as plain text, and what its data folder holds.

Widgets are found by their class, not by id or layout, so that the tests
survive the layout being rearranged.
"""

from __future__ import annotations

from pathlib import Path

from textual.app import App
from textual.message import Message
from textual.notifications import Notification, Notify
from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import DataTable

from bridgepad.tui.widgets.explanation import Explanation
from bridgepad.tui.widgets.hand_list import HandList
from bridgepad.tui.widgets.pad_view import PadHead, PadView
from bridgepad.tui.widgets.status_bar import StatusBar


def text_of(widget: Widget) -> str:
    """The plain text a Static or Label shows (its markup and styles dropped)."""
    own = getattr(widget, "plain", None)  # a widget that lays out its words itself (the explanation) says them
    if isinstance(own, str):
        return own
    rendered = widget.render()
    plain = getattr(rendered, "plain", None)
    return plain if isinstance(plain, str) else str(rendered)


def rows_of(table: DataTable) -> list[list[str]]:  # type: ignore[type-arg]
    """Every row of a DataTable as the plain text of its cells."""
    return [[str(cell) for cell in table.get_row_at(i)] for i in range(table.row_count)]


def entry_form(app: App):  # type: ignore[no-untyped-def,type-arg]
    """The entry form while it is open (a widget of the pad's screen), else None."""
    from bridgepad.tui.forms.entry_form import EntryForm

    for form in app.screen.query(EntryForm):
        if form.is_open:
            return form
    return None


def form_open(app: App) -> bool:  # type: ignore[type-arg]
    return entry_form(app) is not None


def hand_list(app: App) -> HandList:  # type: ignore[type-arg]
    return app.screen.query_one(HandList)


def status_text(app: App) -> str:  # type: ignore[type-arg]
    return text_of(app.screen.query_one(StatusBar))


def pad_text(app: App) -> str:  # type: ignore[type-arg]
    """The pad as a player reads it: its heading (held above it as it scrolls), then the pad."""
    head = app.screen.query_one(PadHead)
    body = text_of(app.screen.query_one(PadView))
    return f"{text_of(head)}\n{body}" if head.display else body


def explain_text(app: App) -> str:  # type: ignore[type-arg]
    return text_of(app.screen.query_one(Explanation))


def hand_rows(app: App) -> list[list[str]]:  # type: ignore[type-arg]
    return rows_of(hand_list(app))


def main_screen(app: App) -> dict[str, object]:  # type: ignore[type-arg]
    """Everything the score pad's own screen shows, as plain text."""
    return {"status": status_text(app), "pad": pad_text(app), "explain": explain_text(app), "hands": hand_rows(app)}


class Notes:
    """Every notification the app raises, kept even after it times out on screen.

    Pass it as ``run_test(message_hook=notes)``; ``notes.said`` are the Notification
    objects, ``notes.texts`` their "title: message" lines.
    """

    def __init__(self) -> None:
        self.said: list[Notification] = []

    def __call__(self, message: Message) -> None:
        if isinstance(message, Notify):
            self.said.append(message.notification)

    @property
    def texts(self) -> list[str]:
        return [f"{n.title}: {n.message}" if n.title else n.message for n in self.said]

    async def latest(self, pilot: Pilot, expected: str) -> str:  # type: ignore[type-arg]
        """The latest notification, given the app time to say ``expected``: a dialog's callback
        can speak after the dialog has closed, later than one pause on a busy machine."""
        from support.waiting import WaitedTooLong, until

        try:
            await until(pilot, lambda: bool(self.said) and self.texts[-1] == expected, f"the notification {expected!r}")
        except WaitedTooLong:
            pass  # the caller's assertion shows what was said instead
        return self.texts[-1] if self.said else ""


def folder_bytes(root: Path) -> dict[str, bytes]:
    """Every file under ``root``, by relative path, with its bytes."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def visible_text(widget: Widget) -> str:
    """What the widget shows on screen right now: only the lines that fit in its region."""
    return "\n".join(strip.text for strip in widget.render_lines(widget.region.reset_offset))


def shown_in(app: App, widget: Widget) -> str:  # type: ignore[type-arg]
    """What the screen shows in the widget's place right now, its children and scroll bar
    with it: a scrolled container's lines as they are in view."""
    r = widget.region
    return "\n".join(line[r.x : r.right] for line in screen_lines(app)[r.y : r.bottom])


def screen_lines(app: App) -> list[str]:  # type: ignore[type-arg]
    """The screen as plain text, one string a row, as the compositor draws it."""
    # Private, kept: Textual's public API gives the composed screen only as an SVG
    # (App.export_screenshot, itself built on the compositor); widgets' render_lines miss overlays.
    return [strip.text for strip in app.screen._compositor.render_strips()]


def screen_words(app: App) -> str:  # type: ignore[type-arg]
    """The screen's text as one line of words, without the borders and scroll bars drawn
    around them: a sentence wrapped over rows reads whole."""
    drawn = "".join(chr(c) for c in range(0x2500, 0x25A0))  # box drawing and block elements
    lines = (line.translate({ord(c): " " for c in drawn}) for line in screen_lines(app))
    return " ".join(" ".join(line.split()) for line in lines)
