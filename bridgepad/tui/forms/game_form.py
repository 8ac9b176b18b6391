"""The new-game dialog (``n``, ``NewGameForm``) and the rules for new games (``s``,
``RulesForm``): typed fields, like the entry form, on the same base (``GameForm``).

The new-game dialog offers tonight's players as a name is typed (→ takes the offer),
flags a name that cannot be as it is typed, and proposes the next rubber's seats
(ctrl+r fills them in), as ``bridgepad.core.evening.rotation`` works them out.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, TypeVar

from textual import on
from textual.app import ComposeResult
from textual.containers import Grid, Vertical, VerticalScroll
from textual.suggester import Suggester
from textual.widget import Widget
from textual.widgets import Input, Label

from bridgepad.core.evening.rotation import NextRubber, RotationError
from bridgepad.core.lazy import lazy
from bridgepad.core.model import SEATS
from bridgepad.core.readers.new_game import (
    CHOICES,
    GAME_FIELDS,
    RULE_FIELDS,
    SEAT_FIELDS,
    NewGameReading,
    chosen_kind,
    complete_name,
    read_new_game,
    read_rules,
    scoring_for,
    shows_setup,
    with_deals,
)
from bridgepad.core.readers.notation import NotationError, parse_scoring
from bridgepad.core.readers.several_tables_setup import SETUP_FIELDS
from bridgepad.core.rules.game import Mode
from bridgepad.core.rules.modes import rules_for
from bridgepad.core.rules.settings import DuplicateScoring, Settings
from bridgepad.core.words.text import visible
from bridgepad.tui import keys
from bridgepad.tui.closing import close
from bridgepad.tui.forms.form import FieldForm, FormField, enter_field

if TYPE_CHECKING:
    from bridgepad.services.formats import pbn_boards
else:
    pbn_boards = lazy("bridgepad.services.formats.pbn_boards")  # a duplicate game's deals file alone

ResultT = TypeVar("ResultT")

NAME_FIELDS = tuple(seat.value for seat in SEATS) + ("out",)

LABELS = {
    "mode": "Mode",
    "dealer": "First dealer",
    "N": "North",
    "E": "East",
    "S": "South",
    "W": "West",
    "out": "Sitting out",
    "honors": "Honors",
    "chicago_vulnerable": "Chicago 2 & 3",
    "chicago_part_score": "Part scores",
    "pass_word": "Pass word",
    "we": "We are",
    "next_dealer": "Next dealer",
    "duplicate_scoring": "Duplicate by",
    "tables": "Tables",
    "boards": "Boards",
    "movement": "Movement",
    "rounds": "Rounds",
    "pairs": "Pairs",
    "names": "Pair names",
    "deals": "Deals file",
}
# The choices are worded by the core, which words their errors the same way.
HINTS = {
    "dealer": "N, E, S or W (duplicate: by board)",
    "N": "optional name",
    "E": "optional name",
    "S": "optional name",
    "W": "optional name",
    "out": "five or six at the table: Eve, Fay",
    **CHOICES,
}


class NameSuggester(Suggester):
    """Offers tonight's players whose names begin with what is typed, leaving out those
    already given in the dialog's other name fields."""

    def __init__(self, names: Sequence[str], taken: Callable[[], set[str]], several: bool = False) -> None:
        super().__init__(use_cache=False, case_sensitive=True)
        self.names = names
        self.taken = taken
        self.several = several

    async def get_suggestion(self, value: str) -> str | None:
        taken = self.taken()
        return complete_name(value, [n for n in self.names if n not in taken], several=self.several)


class GameForm(FieldForm[ResultT]):
    """What the new-game dialog and the rules share: a titled grid of fields, each with its
    hint, the errors the core words shown in the hints' place, and Enter that saves."""

    BINDINGS = keys.bindings("form")
    FIELDS: tuple[str, ...] = ()

    def __init__(self, title: str, values: dict[str, str]) -> None:
        super().__init__()
        self.form_title = title
        self.values = values
        self.fields = self.FIELDS

    def compose(self) -> ComposeResult:
        # The title, the proposal and the keys stay in view; the fields scroll between them on a short terminal.
        with Vertical(id="game-form", classes="form-box"):
            yield Label(self.form_title, id="game-form-title", classes="form-title", markup=False)
            yield from self.compose_head()
            with (
                VerticalScroll(id="game-fields-scroll", classes="form-body", can_focus=False),
                Grid(id="game-fields", classes="form-fields"),
            ):
                for name in self.fields:
                    yield from self.field_row(
                        LABELS[name],
                        HINTS[name],
                        self.values.get(name, ""),
                        field_id=f"f-{name}",
                        hint_id=f"m-{name}",
                        suggester=self.suggester(name),
                        label_id=f"l-{name}",
                    )
            yield Label(self.keys_line("saves") + self.keys_more(), id="game-form-keys", classes="form-keys", markup=False)

    def compose_head(self) -> ComposeResult:
        """What stands under the title, above the fields: nothing, unless a form says otherwise."""
        yield from ()

    def suggester(self, name: str) -> Suggester | None:
        return None

    def keys_more(self) -> str:
        return ""

    def on_mount(self) -> None:
        super().on_mount()
        enter_field(self.query_one(f"#f-{self.fields[0]}", Input))

    def field_values(self) -> dict[str, str]:
        # A rule the form has no field for (a pairs session's percentage, set from the command
        # line) is kept as it was given, so that changing the others does not reset it. A row
        # hidden (another mode's) says nothing: what it holds waits for the mode to come back.
        kept = {name: value for name, value in self.values.items() if name not in self.fields}
        shown = (name for name in self.fields if self.query_one(f"#f-{name}", Input).display)
        return kept | {name: self.query_one(f"#f-{name}", Input).value for name in shown}

    def show_row(self, name: str, shown: bool) -> None:
        """A row of the grid shown or hidden (its label, its field, its hint): Tab passes a hidden one by.

        Tab goes by the form's own order (``focus_chain``), not by where the rows stand."""
        field = self.query_one(f"#f-{name}", Input)
        if field.display == shown:
            return
        for widget in (self.query_one(f"#l-{name}"), field, self.query_one(f"#m-{name}")):
            widget.display = shown

    @property
    def focus_chain(self) -> list[Widget]:
        """The fields in the form's order. Textual orders them by where they stand on the
        screen, which a row shown a moment ago does only once the screen is laid out again:
        "d" then Tab, typed at once, would skip the tables' row that "d" showed."""
        chain = super().focus_chain
        place = {f"f-{name}": n for n, name in enumerate(self.fields)}
        fields = iter(sorted((w for w in chain if w.id in place), key=lambda w: place[w.id or ""]))
        return [next(fields) if w.id in place else w for w in chain]

    @abstractmethod
    def read(self) -> tuple[ResultT | None, dict[str, str]]:
        """What the fields say (None when they say nothing usable), and the error of each field that is wrong."""

    def _show_errors(self, errors: dict[str, str], fields: Sequence[str]) -> None:
        for name in fields:
            self.show_message(self.query_one(f"#m-{name}", Label), errors.get(name, ""), HINTS[name])

    def action_submit(self) -> None:
        result, errors = self.read()
        self._show_errors(errors, self.fields)
        if result is not None and not errors:
            close(self, result)
            return
        for name in self.fields:
            if name in errors:
                enter_field(self.query_one(f"#f-{name}", Input))
                break


class RulesForm(GameForm[Settings]):
    """The rules new games start with (``s``): returns the new defaults, or None on Escape."""

    FIELDS = RULE_FIELDS
    DISCARD_QUESTION = "Throw away the changes to the rules?"

    def read(self) -> tuple[Settings | None, dict[str, str]]:
        errors: dict[str, str] = {}
        settings = read_rules(self.field_values(), errors)
        return settings, errors


def parse_scoring_quietly(text: str) -> DuplicateScoring | None:
    try:
        return parse_scoring(text)
    except NotationError:
        return None


class NewGameForm(GameForm[NewGameReading]):
    """The new game (``n``): returns a NewGameReading with the game to start, or None on Escape.

    For duplicate it takes the same fields as ``bridgepad new duplicate --tables N ...``: the
    tables, boards, movement, rounds, pairs and the pairs' names; at several tables the seats
    of one table go, and the scoring proposed is the movement's (IMPs for a team match,
    matchpoints for a Mitchell) until another is typed."""

    _scoring_proposed = ""
    _one_table_scoring = ""

    FIELDS = GAME_FIELDS
    BINDINGS = keys.bindings("form") + keys.bindings("new_game")
    DISCARD_QUESTION = "Throw away the changes to this game?"

    def __init__(
        self,
        title: str,
        values: dict[str, str],
        *,
        names: Sequence[str] = (),
        proposal: NextRubber | RotationError | None = None,
    ) -> None:
        """``names``: tonight's players, offered as a name is typed; ``proposal``: the next rubber's seats."""
        super().__init__(title, values)
        self.names = names
        self.proposal = proposal

    def compose_head(self) -> ComposeResult:
        yield Label(self._proposal_text(), id="game-form-next", markup=False)

    def suggester(self, name: str) -> Suggester | None:
        if name in NAME_FIELDS and self.names:
            return NameSuggester(self.names, partial(self._taken, name), several=name == "out")
        return None

    def keys_more(self) -> str:
        return " · → takes a name offered" if self.names else ""

    def _proposal_text(self) -> str:
        key = keys.key_text(keys.keys_of(keys.KEYS_BY_ID["new_game.next_rubber"], keys.keymap_of(self.app)))
        # The game that follows is of the mode the dialog opened with: a Chicago is followed by a Chicago.
        mode = next((m for m in Mode if m.value == self.values.get("mode")), Mode.RUBBER)
        game = rules_for(mode).one_game
        if isinstance(self.proposal, NextRubber):
            return f"{key} next {game}: {self.proposal.text}"
        if isinstance(self.proposal, RotationError):
            return f"Next {game} ({key}): {self.proposal}."
        return f"Next {game} ({key}): name the four players first."

    def _taken(self, field: str) -> set[str]:
        """Names already given in the other name fields: not offered again."""
        taken: set[str] = set()
        others = {f"f-{name}" for name in NAME_FIELDS if name != field}
        for widget in self.query(Input):  # those mounted so far: a field is offered names as it is filled in
            if widget.id in others:
                taken.update(n.strip() for n in widget.value.split(","))
        return taken

    def on_mount(self) -> None:
        super().on_mount()
        self._scoring_proposed = self.query_one("#f-duplicate_scoring", Input).value
        self._one_table_scoring = self._scoring_proposed
        # The rows follow the mode, the tables and the movement as each key changes them, before
        # the next key is read: "d" then Tab is in the tables' field however fast it is typed.
        for name in ("mode", "tables", "movement"):
            self.query_one(f"#f-{name}", FormField).on_change = lambda _: self._follow_mode()
        self._follow_mode()

    def read(self) -> tuple[NewGameReading | None, dict[str, str]]:
        # The scoring shown is the scoring used: proposed for the movement chosen unless typed.
        values = self.field_values() | {"scoring_chosen": "yes"}
        reading = read_new_game(values)
        path = values.get("deals", "").strip()
        if reading.game is None or not path:
            return (reading if reading.game else None), reading.errors
        if not reading.game.rules.boards:
            return None, {"deals": f"A deals file gives a duplicate game's boards, not a {reading.game.mode.word}'s."}
        try:
            club = pbn_boards.read_boards_file(path)
        except ValueError as e:
            return None, {"deals": str(e)}
        said = tuple(f"{visible(path)}: {line}" for line in club.unread)
        return NewGameReading(with_deals(reading.game, club.boards), reading.settings, {}, club.solved, said), {}

    def _follow_mode(self) -> None:
        """The rows this game takes: the tables and movement for duplicate; a table's seats
        for a game of one table; the scoring proposed for the movement, unless typed."""
        typed = {name: self.query_one(f"#f-{name}", Input).value for name in ("mode", "tables", "movement")}
        several = shows_setup(typed)
        for name in SETUP_FIELDS:
            self.show_row(name, several)
        kind = chosen_kind(typed)
        for name in SEAT_FIELDS:
            self.show_row(name, kind is None)
        scoring = self.query_one("#f-duplicate_scoring", Input)
        if scoring.value == self._scoring_proposed:  # not typed since it was proposed
            one_table = parse_scoring_quietly(self._one_table_scoring)
            self._scoring_proposed = scoring.value = scoring_for(typed, one_table).value if one_table else scoring.value

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        # A name is checked as it is typed (too long, on two seats, both seated and waiting);
        # the other fields, which take a word, only on Enter: half a word is not yet wrong.
        if event.input.id and event.input.id[2:] in NAME_FIELDS:
            self._show_errors(read_new_game(self.field_values()).errors, NAME_FIELDS)

    def action_next_rubber(self) -> None:
        """Fills in the proposed seats for the next rubber (nothing else changes)."""
        if not isinstance(self.proposal, NextRubber):
            self.notify(self._proposal_text(), severity="warning", markup=False)
            return
        seating = self.proposal.seating
        for seat, name in zip(SEATS, seating.players):
            self.query_one(f"#f-{seat.value}", Input).value = name
        self.query_one("#f-out", Input).value = ", ".join(seating.sitting_out)
        if self.proposal.first_dealer is not None:  # the deal passes to the left of the one who dealt last
            self.query_one("#f-dealer", Input).value = self.proposal.first_dealer.value
