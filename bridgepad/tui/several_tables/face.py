"""What the screens show differently for an evening of several tables, as the registry of
kinds (``tui.kinds``) asks it: its screens, its status lines, the help's first words, and
its line in the history and the trash. Each is in the core's words."""

from __future__ import annotations

from collections.abc import Mapping

from bridgepad.core.evening.game_summary import GameSummary
from bridgepad.core.rules.game import GameState
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind
from bridgepad.core.words.movement_text import movement_title
from bridgepad.core.words.several_text import headline, help_lines, leaders, round_words
from bridgepad.tui import keys, looks
from bridgepad.tui.kinds import KindFace, Part

# The words of the help, each with the key it names (as the keymap binds it now).
HELP_KEYS = {
    "tables": "tables.view_tables",
    "boards": "tables.view_boards",
    "ranking": "tables.view_ranking",
    "changes": "tables.view_changes",
    "cards": "tables.view_cards",
    "previous": "tables.previous_board",
    "next": "tables.next_board",
    "correct": "tables.correct",
    "names": "tables.names",
    "undo": "pad.undo",
    "share": "pad.share",
}


def status_lines(state: GameState, review: bool) -> list[Part]:
    """Its movement and scoring, how many results are in, and who leads (``review``: an old game's)."""
    assert state.session is not None and state.session.several is not None
    several = state.session.several
    scoring = several.scoring.word
    out: list[Part] = [("\n" if review else "  ", ""), (f"{movement_title(several.inputs.setup)} · {scoring}", looks.STRONG)]
    if several.status.over:
        out += [("\n", ""), (headline(several), looks.HEADLINE)]
        return out
    out += [("\n", ""), (round_words(several), "")]
    lead = leaders(several)
    if lead:
        out += [("\n", ""), (f"Leading: {lead}.", "")]
    return out


def help_words(keymap: Mapping[str, str]) -> list[str]:
    """What its screen shows, in a few sentences, before the keys."""
    return help_lines({word: keys.first_key(key_id, keymap) for word, key_id in HELP_KEYS.items()})


def history_columns(s: GameSummary) -> dict[str, str]:
    """A line of its own in the history: its movement and boards, no points (who leads is in the players' column)."""
    return {
        "mode": MovementKind(s.movement).short if s.movement else "dup",
        "games": f"{s.boards} bd",
        "ns": "",
        "ew": "",
        "margin": "",
    }


def players(s: GameSummary) -> str:
    """Its tables and who leads, where a game of one table has its players."""
    return f"{s.tables} tables, {s.boards} boards: {s.leaders or 'no board compared yet'}"


FACE = KindFace(
    game_screen="bridgepad.tui.several_tables.tables_screen:TablesScreen",
    review_screen="bridgepad.tui.several_tables.review_screen:TablesReviewScreen",
    status_lines=status_lines,
    help_words=help_words,
    help_first=("tables", "pad", "app"),  # its screen's keys and what they show, before the pad's
    history_columns=history_columns,
    players=players,
)
