"""A duplicate session as a table of boards, in the game's scoring form: plain lines of text
that the pad draws (with its colours) and ``bridgepad replay`` prints.

    IMPs                                  matchpoints
     Bd     N-S  Others   IMPs             Bd     N-S  Others    MPs      %
      1    +420     -50    +10              1    +420   3 res    4/6   66.7
      2     +50    +100     -2              2     -50     +90    0/2    0.0
    ───────────────────────────            ──────────────────────────────────
           +470              +8                   +370           4/8  50.00%
                 VPs 12.03–7.97

A board with no other result has empty comparison cells; the foot counts only the
boards compared, as every total does.
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgepad.core.duplicate import imps_figure
from bridgepad.core.game import GameState, HandOutcome
from bridgepad.core.settings import DuplicateScoring
from bridgepad.core.summary import match_vps_of, vp_text


@dataclass(frozen=True, slots=True)
class BoardTable:
    header: str
    rows: tuple[str, ...]  # one per board, in the order played
    rule: str
    total: str
    vp: str  # a team match's victory points, right-aligned; "" at matchpoints or before a comparison

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


def board_table(state: GameState) -> BoardTable:
    mp = state.game.settings.duplicate_scoring is DuplicateScoring.MATCHPOINTS
    head = f"{'Bd':>3} {'N-S':>7} {'Others':>7}"
    header = head + (f" {'MPs':>6} {'%':>6}" if mp else f" {'IMPs':>6}")
    rows = []
    for h in state.hands:
        c = h.comparison
        cells = f"{h.deal:>3} {_signed(h.ns_score or 0):>7} {_others(h):>7}"
        if c is None or not c.compared:
            cells += " " * (14 if mp else 7)
        elif mp:
            cells += f" {f'{c.matchpoints}/{c.top}':>6} {c.percent:>6.1f}"
        else:
            cells += f" {imps_figure(c.imps or 0):>6}"
        rows.append(cells)
    width = len(header)
    foot = f"{'':>3} {_signed(state.ns_total):>7} {'':>7}"
    if not state.compared:
        total = foot
    elif mp:
        total = foot + f" {f'{state.matchpoints}/{state.top}':>6} {f'{state.percent}%':>6}"
    else:
        total = foot + f" {imps_figure(state.imps_total):>6}"
    vps = match_vps_of(state) if not mp else None
    vp = f"{vp_text(vps):>{width}}" if vps is not None else ""
    return BoardTable(header, tuple(rows), "─" * width, total.rstrip(), vp)
