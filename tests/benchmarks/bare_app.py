"""The yardstick for bench.py: a bare Textual app that shows a Static and a Footer.

It draws the same two markers the pad does ("We (N-S)" and a footer key "Add"), so
the startup benchmark can stop both clocks on the same words, and its footer holds the
same keys as the pad's (bridgepad/tui/keys.py, written out here so that the yardstick
imports nothing of bridgepad). Run on its own it is an ordinary Textual app (q quits).
"""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.widgets import Footer, Static


class BareApp(App[None]):
    BINDINGS = [
        Binding("plus,a", "nothing", "Add", key_display="+"),
        Binding("e", "nothing", "Edit"),
        Binding("d,delete", "nothing", "Del"),
        Binding("ctrl+z", "nothing", "Undo"),
        Binding("n", "nothing", "New"),
        Binding("h", "nothing", "History"),
        Binding("t", "nothing", "Tally"),
        Binding("question_mark,f1", "nothing", "Help", key_display="?"),
        Binding("q", "quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("We (N-S) │ They (E-W)")
        yield Footer(show_command_palette=False)

    def action_nothing(self) -> None:
        pass


if __name__ == "__main__":
    BareApp().run()
