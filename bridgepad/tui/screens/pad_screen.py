"""The pad's screen: the state of play, the pad beside the hands, and the keys that change them.

It shows the pad's game (a rubber, Chicago, one table's duplicate); what every game's screen
does (the shared keys, saving, hearing each change) is ``GameScreen``'s."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from textual.app import ComposeResult

from bridgepad.core.lazy import lazy
from bridgepad.core.model import Hand
from bridgepad.core.readers.entry import form_values
from bridgepad.core.rules.game import Game
from bridgepad.core.words.labels import hand_word, seat_label
from bridgepad.services.session import Session
from bridgepad.tui import keys
from bridgepad.tui.closing import open_screen
from bridgepad.tui.screens.game_screen import GameScreen
from bridgepad.tui.widgets.game_view import GameView
from bridgepad.tui.widgets.key_footer import KeyFooter

if TYPE_CHECKING:
    from bridgepad.core.boards import double_dummy
    from bridgepad.core.boards.cards import Deal
    from bridgepad.core.boards.double_dummy import Solution
    from bridgepad.core.words import board_words
    from bridgepad.tui import solving
    from bridgepad.tui.forms import confirm
else:  # loaded the first time they are needed: the pad's first paint does without them
    board_words = lazy("bridgepad.core.words.board_words")
    double_dummy = lazy("bridgepad.core.boards.double_dummy")
    solving = lazy("bridgepad.tui.solving")
    confirm = lazy("bridgepad.tui.forms.confirm")


class PadScreen(GameScreen):
    """The hands of one table, typed one after another."""

    KIND: ClassVar[str] = "pad"
    KEY_SECTION: ClassVar[str] = "pad"
    BINDINGS = keys.bindings("pad")

    def __init__(self, session: Session, *, opening: bool = True) -> None:
        super().__init__(session, opening=opening, id="pad-screen")
        self._solver: solving.BoardSolver | None = None  # the boards being solved double dummy, off the loop
        self._solving_note = ""  # their progress, in the status line
        self._games_to_count = False  # a game for the statistics, once seen (the footer keeps their key)
        self._solving_what = "double dummy"  # what that progress is of: boards solved, or a deals file's checked
        self._disagreeing: list[tuple[int, str]] = []  # the deals file's tables the solver did not agree with

    # Layout -----------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield from super().compose()
        yield GameView(id="game")
        yield KeyFooter()

    @property
    def game_view(self) -> GameView:
        return self.query_one("#game", GameView)

    def selected(self) -> int | None:
        """The selected hand's index (None when no hand, or the bonus row, is selected)."""
        return self.game_view.selected_hand()

    def show_status(self, note: str | None = None) -> None:
        super().show_status(self._solving_note if note is None else note)

    def draw(self, select_last: bool) -> None:
        self.game_view.show(self.session.state, select_last=select_last, solved=self.session.stored.solved)

    def drawn(self) -> None:
        self._solve_boards()

    def focus_game(self) -> None:
        self.game_view.focus_hands()

    def footer_keep(self) -> dict[str, int]:
        # With a game to count, the statistics' key is among those a standard terminal shows.
        # Asked at each change: once there is one, the folder is not listed again.
        if not self._games_to_count:
            self._games_to_count = self.session.games_to_count()
        return {"stats": 5} if self._games_to_count else {}

    def form_closed(self) -> None:
        self.set_focus(self.game_view.query_one("HandList"))

    def on_unmount(self) -> None:  # GameScreen's own on_unmount runs after this one, as Textual calls each class's
        if self._solver is not None:
            self._solver.cancel()

    # Double dummy, off the screen's loop ----------------------------------------
    def _solve_boards(self) -> None:
        """Starts solving the boards the game on the pad knows the cards of and has not solved yet."""
        game_id = self.session.stored.id
        if self._solver is not None and not self._solver.finished:
            if self._solver.game_id == game_id:
                return
            self._solver.cancel()  # another game came on the pad: its boards are solved instead
            self._solver = None
        if self.session.game.deals is None:
            self._solving_note = ""
            return
        # The boards that wait first, then those whose table a deals file gave, checked once: the
        # pad already shows those, so the check is never in the way of a board that waits.
        waiting = self.session.unsolved()
        jobs = waiting + self.session.unchecked()
        if not jobs or (self._solver is not None and self._solver.game_id == game_id and self._solver.jobs == jobs):
            return  # nothing waits, or what waits was just tried and failed
        self._solving_what = "double dummy" if waiting else "checking the file's double dummy"
        self._disagreeing = []
        self._solving_note = f"{self._solving_what} 0 of {len(jobs)} boards"
        self._solver = solving.BoardSolver(self.app, game_id, jobs, self._board_solved, self._solving_done)
        self._solver.start()
        self.show_status()

    def _board_solved(self, done: int, total: int, key: tuple[int, Deal], solution: Solution) -> None:
        if self._solver is None or self.session.stored.id != self._solver.game_id:
            return
        if key in self.session.stored.unchecked:  # the deals file's table, checked: the solver's is kept either way
            given = self.session.stored.solved.get(key)
            why = None if given is None else double_dummy.differs(given, solution)
            if why is not None:
                self._disagreeing.append((key[0], why))
        if not self.session.keep_solved({key: solution}) and not self.session.read_only:
            self._save_failed()
        self._shown = self.session.stored  # drawn here, in place: the save it made is not drawn again
        self._solving_note = f"{self._solving_what} {done} of {total} boards" if done < total else ""
        self.show_status()
        self.game_view.solved = self.session.stored.solved
        self.game_view.refresh_selection()

    def _solving_done(self, error: str | None) -> None:
        self._solving_note = ""
        self.show_status()
        if self._disagreeing:
            self.say(board_words.disagreement_words(self._disagreeing), severity="warning", timeout=20)
            self._disagreeing = []
        if error is not None:
            self.say(f"Double dummy could not be worked out: {error}.", severity="warning", timeout=10)

    # The hands ----------------------------------------------------------------
    def action_add(self) -> None:
        if not self.writable():
            return
        st = self.session.state
        game = self.session.game
        before = self.session.hands.before()  # this game, or the next one's start when this one is over
        dealer, vul = before.next_dealer, before.next_vulnerable
        if st.over:
            # The next game follows the evening's last, not this one: this may be an older game resumed.
            number = self.session.next_game_number()
            where = f"{game.rules.game_title(number)} · {game.rules.deal_label(before.next_deal).lower()}"
        else:
            where = game.rules.deal_label(st.next_deal)
        title = f"{where} · {seat_label(game, dealer)} deals · {game.rules.vulnerability_words(vul, game.settings.we)}"

        def done(hand: Hand | None) -> None:
            self.form_closed()
            if hand is not None and self.apply("The hand", self.session.hands.add, hand):
                self.refresh_all(select_last=True)
                notice = self.session.game.rules.redeal_notice(seat_label(self.session.game, self.session.state.next_dealer))
                if hand.passed_out and notice:
                    self.say(notice)

        fields = game.rules.entry_fields(game.settings)
        self.entry_form().open(
            title,
            self.session.hands.preview,
            we=game.settings.we,
            honors_on=fields.honors,
            others_on=fields.others,
            before=before,
            done=done,
        )

    def action_edit(self) -> None:
        if not self.writable():
            return
        index = self.selected()
        if index is None:
            self.say(self._no_hand("edit"))
            return
        st = self.session.state
        game = self.session.game
        h = st.hands[index]
        title = (
            f"Edit {hand_word(game.mode, h.number, h.deal)} · {seat_label(game, h.dealer)} dealt"
            f" · {game.rules.vulnerability_words(h.vulnerable, game.settings.we)}"
        )

        def done(hand: Hand | None) -> None:
            self.form_closed()
            if hand is not None and self.apply("The edit", self.session.hands.replace, index, hand):
                self.refresh_all()

        fields = game.rules.entry_fields(game.settings)
        self.entry_form().open(
            title,
            lambda hand: self.session.hands.preview(hand, index),
            values=form_values(h.hand, game.settings.we),
            we=game.settings.we,
            honors_on=fields.honors,
            others_on=fields.others,
            before=self.session.hands.before(index),
            done=done,
        )

    def _no_hand(self, verb: str) -> str:
        if self.session.state.hands:
            return f"Select a hand with ↑ ↓ to {verb} it; the bonus row is written by the game itself."
        return f"There is no hand to {verb} yet: press {keys.first_key('pad.add', keys.keymap_of(self.app))} to enter one."

    def action_delete(self) -> None:
        if not self.writable():
            return
        index = self.selected()
        if index is None:
            self.say(self._no_hand("delete"))
            return
        h = self.session.state.hands[index]
        what = (
            "passed out"
            if h.hand.contract is None
            else f"{h.hand.contract.pretty} by {h.hand.declarer.value if h.hand.declarer else ''}"
        )

        name = hand_word(self.session.game.mode, h.number, h.deal)
        undo = keys.first_key("pad.undo", keys.keymap_of(self.app))

        def done(yes: bool | None) -> None:
            if yes and self.apply("The deletion", self.session.hands.delete, index):
                self.refresh_all()
                self.say(f"{name.capitalize()} deleted. {undo} brings it back.")

        open_screen(self.app, confirm.Confirm(f"Delete {name} ({what})?", "Every figure after it is worked out again."), done)

    def action_explain(self, pages: int) -> None:
        self.game_view.scroll_explanation(pages)

    def started(self, game: Game) -> None:
        cards = f" with {board_words.set_words(game.deals)}" if game.deals is not None else ""  # a game with its boards' cards
        self.say(f"New {game.mode.word} started{cards}. The last one stays saved.")
