"""A duplicate session as a table of boards, in the game's scoring form: plain lines of text
that the pad draws (with its colours) and ``bridgepad replay`` prints.

    IMPs                          matchpoints
    Bd  N-S Others  IMPs          Bd  N-S  MPs      %
     1 +420  3 res    +3           1 +420  3/6   50.0
     2    0  2 res +1.50           2    0  3/4   75.0
     3 +200   +200     0           3 +200  1/2   50.0
    ────────────────────          ───────────────────
       +620        +4.50             +620 7/12 58.33%
          VPs 12.90–7.10

Each column is as wide as its widest cell. At matchpoints the other results are left to
each board's explanation, and the table shows each board's share of the top. A board
with no other result has empty comparison cells; the foot counts only the boards
compared, as every total does.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgepad.core.boards.double_dummy import Solved
from bridgepad.core.rules.board_facts import board_facts, standing_against_field
from bridgepad.core.rules.duplicate import imps_figure, matchpoints_text
from bridgepad.core.rules.game import HandOutcome, SessionState
from bridgepad.core.rules.settings import DuplicateScoring
from bridgepad.core.words.summary import match_vps_of, vp_text


@dataclass(frozen=True, slots=True)
class BoardTable:
    header: str
    rows: tuple[str, ...]  # one per board, in the order played
    rule: str
    total: str
    vp: str  # a team match's victory points, right-aligned; "" at matchpoints or before a comparison
    field: str = ""  # the session against the club's field, where the boards have one
    field_lines: tuple[str, ...] = ()  # the same, in lines no wider than the table

    @property
    def width(self) -> int:
        return len(self.rule)


def _signed(n: int) -> str:
    return f"{n:+,}" if n else "0"


def _others(h: HandOutcome) -> str:
    c = h.comparison
    if c is None or not c.compared:
        return ""
    return _signed(c.others[0]) if len(c.others) == 1 else f"{len(c.others)} res"


def _board_cells(h: HandOutcome, mp: bool) -> list[str]:
    c = h.comparison
    cells = [str(h.deal), _signed(h.ns_score or 0)]
    compared = c is not None and c.compared
    if mp:
        # The other results are in the board's explanation; here, the share of the top.
        if c is None or not compared:
            return cells + ["", ""]
        return cells + [f"{c.matchpoints}/{c.top}", f"{c.percent:.1f}"]
    return cells + [_others(h), imps_figure(c.imps or 0) if c is not None and compared else ""]


def board_table(state: SessionState, solved: Solved | None = None) -> BoardTable:
    """The table of ``state``'s boards, each column as wide as its widest cell; below it, where
    the boards came with a club's field, the session against it."""
    mp = state.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS
    bd = state.rules.deal_column  # the hand list's word for a board
    header = [bd, "N-S", "MPs", "%"] if mp else [bd, "N-S", "Others", "IMPs"]
    body = [_board_cells(h, mp) for h in state.hands]
    foot = ["", _signed(state.ns_total), "", ""]
    if state.compared and mp:
        scored, top = state.session_matchpoints
        foot[2:] = [f"{matchpoints_text(scored)}/{top}", f"{state.percent}%"]
    elif state.compared:
        foot[3] = imps_figure(state.imps_total)
    widths = [max(len(row[k]) for row in (header, *body, foot)) for k in range(len(header))]

    def line(cells: list[str]) -> str:
        return " ".join(f"{cell:>{w}}" for cell, w in zip(cells, widths))

    width = len(line(header))
    vps = match_vps_of(state) if not mp else None
    vp = f"{vp_text(vps):>{width}}" if vps is not None else ""
    field = ""
    field_lines: tuple[str, ...] = ()
    game = state.game
    if game.deals is not None and game.deals.has_field:
        from bridgepad.core.words.board_words import standing_lines, standing_text  # a club's field only

        facts = (board_facts(game, h.deal or 0, h.ns_score, solved or {}) for h in state.hands)
        standing = standing_against_field(facts, game)
        if standing is not None:
            field = standing_text(standing, game.settings.duplicate_scoring)
            field_lines = standing_lines(standing, game.settings.duplicate_scoring, width)
    rows = tuple(line(r) for r in body)
    return BoardTable(line(header), rows, "─" * width, line(foot).rstrip(), vp, field, field_lines)
