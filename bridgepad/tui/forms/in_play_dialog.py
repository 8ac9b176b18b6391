"""A game still in play, chosen in the history: resume it, end it, or only look at it."""

from __future__ import annotations

from dataclasses import replace

from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Label

from bridgepad.core.rules.game import GameState
from bridgepad.core.rules.kinds import derive
from bridgepad.core.words.summary import entry_text, headline
from bridgepad.tui import keys
from bridgepad.tui.closing import close

RESUME, END, REVIEW = "resume", "end", "review"


def ending_text(state: GameState) -> str:
    """What ending the game now writes (its unfinished bonuses) and how it then stands."""
    game = state.game
    we = game.settings.we
    ended = derive(replace(game, ended=True))
    bonuses = [entry_text(e, we) for e in ended.bonuses]
    writes = "; ".join(bonuses) if bonuses else "no bonus is due"
    return f"{writes}. {headline(ended, we)}"


class InPlayDialog(ModalScreen[str | None]):
    """Returns RESUME, END, REVIEW, or None when the player goes back."""

    CSS_PATH = "in_play_dialog.tcss"
    KEY_SECTION = "in_play"
    BINDINGS = keys.bindings(KEY_SECTION)

    def __init__(self, what: str, state: GameState) -> None:
        super().__init__()
        self.what = what
        self.state = state

    def compose(self) -> ComposeResult:
        word = self.state.mode.word
        # Each choice's key as bound now (keys.py, a user's keymap applied), its words from here.
        keymap = keys.keymap_of(self.app)
        resume, end, review, back = (keys.first_key(f"in_play.{k}", keymap) for k in ("resume", "end", "review", "back"))
        with Vertical(id="in-play"):
            yield Label(f"The {self.what} is still in play.", id="in-play-title", markup=False)
            yield Label(
                f"{resume}  resume it on the pad; the game there stays saved, and ctrl+z comes back to it",
                classes="choice",
                markup=False,
            )
            yield Label(f"{end}  end the {word} now: {ending_text(self.state)}", classes="choice", markup=False)
            yield Label(f"{review}  review it, read-only", classes="choice", markup=False)
            yield Label(f"{back}  back to the history", id="in-play-keys", markup=False)

    def action_choose(self, choice: str | None) -> None:
        close(self, choice)
