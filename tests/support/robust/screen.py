"""What the app under Pilot shows, as plain text (kept here so these tests depend on no other test's helpers)."""

from __future__ import annotations

from textual.app import App
from textual.widget import Widget

from bridgepad.tui.widgets.status_bar import StatusBar


def text_of(widget: Widget) -> str:
    rendered = widget.render()
    plain = getattr(rendered, "plain", None)
    return plain if isinstance(plain, str) else str(rendered)


def status_text(app: App) -> str:  # type: ignore[type-arg]
    return text_of(app.query_one(StatusBar))


def messages(app: App) -> list[str]:  # type: ignore[type-arg]
    """The notifications still up: title and message."""
    return [f"{n.title}: {n.message}" if n.title else n.message for n in app._notifications]


def screen_svg(app: App) -> str:  # type: ignore[type-arg]
    return app.export_screenshot()
