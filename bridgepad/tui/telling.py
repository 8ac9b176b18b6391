"""The one place the screens show a person what went wrong: a failure raised as one of
``bridgepad.store.errors``, or a problem the data folder reported as a value.

Each is a notification in the same words it was raised with, never parsed as markup
(it may quote a file's name or what a player typed), and long enough to be read.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from textual.app import App
from textual.notifications import Notification, Notify

from bridgepad.store.errors import Problem, ReadOnlyError, UnreadableGame
from bridgepad.tui.textual_private import unnotify

FILE_TROUBLE = "A data file could not be read"
Severity = Literal["information", "warning", "error"]


def tell(
    app: App[Any],
    problem: Problem | str,
    *,
    title: str | None = None,
    lead: str = "",
    severity: Severity | None = None,
    timeout: float = 30,
) -> None:
    """Shows one problem; ``lead`` goes before its sentence ("Not restored: ")."""
    if title is None:
        title = FILE_TROUBLE if isinstance(problem, UnreadableGame) else "Read-only" if isinstance(problem, ReadOnlyError) else ""
    if severity is None:
        severity = "warning" if isinstance(problem, ReadOnlyError) else "error"
    app.notify(f"{lead}{problem}", title=title, severity=severity, timeout=timeout, markup=False)


def tell_each(
    app: App[Any],
    problems: Iterable[str],
    *,
    title: str = FILE_TROUBLE,
    severity: Severity = "error",
    timeout: float = 30,
) -> None:
    """Shows each problem a read of the data folder returned (a file kept aside, a name left out)."""
    for problem in problems:
        tell(app, problem, title=title, severity=severity, timeout=timeout)


def tell_until(app: App[Any], problem: Problem | str, *, title: str, timeout: float = 30) -> Notification:
    """``tell`` an error that holds until it is mended: the notification, for ``withdraw``."""
    note = Notification(str(problem), title, "error", timeout, markup=False)
    app.post_message(Notify(note))
    return note


def notice(
    app: App[Any], message: str, *, title: str = "", severity: Severity = "information", timeout: float = 6
) -> Notification:
    """A notice of what was just done (never markup: it may quote what a player typed), for ``withdraw``."""
    note = Notification(message, title, severity, timeout, markup=False)
    app.post_message(Notify(note))
    return note


def withdraw(app: App[Any], notes: Iterable[Notification]) -> None:
    """Takes down notifications that no longer hold (a save that succeeded at last, a notice replaced)."""
    for note in notes:
        unnotify(app, note)
