"""What the phone at one table shows: its round, the pairs sitting there, the boards to play and what is in.

Every figure is the derived state's (``several_tables.scores``) and every sentence the
core's words (``core.words.movement_text``): where everyone goes after the round, the
guide card, who sits out. A result is shown as the table entered it, with its N-S score
as a one-table board scores it. The page writes each string as text, never as markup.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from bridgepad.core.rules.board_scores import signed
from bridgepad.core.rules.boards import board_dealer
from bridgepad.core.rules.kinds.several_tables.entering import boards_text, counted, still_at
from bridgepad.core.rules.kinds.several_tables.inputs import TableResult
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, Pair, Sitting
from bridgepad.core.rules.kinds.several_tables.scores import SeveralState, board_outcome
from bridgepad.core.rules.modes.base import FIELD_HINTS, FIELD_LABELS
from bridgepad.core.rules.settings import Settings
from bridgepad.core.rules.vulnerability import board_vulnerability_text, board_vulnerable
from bridgepad.core.words.movement_text import (
    guide_card,
    movement_title,
    next_words,
    sitting_line,
    sitting_out_words,
    team_label,
)

if TYPE_CHECKING:
    from bridgepad.core.model import Hand

TRICKS_HINT = "tricks declarer took, 0 to 13"
# The phone's fields: the pad's words for the contract and the declarer; the tricks as a number.
FIELDS = {
    "contract": {"label": FIELD_LABELS["contract"], "hint": FIELD_HINTS["contract"]},
    "declarer": {"label": FIELD_LABELS["declarer"], "hint": FIELD_HINTS["declarer"]},
    "tricks": {"label": "Tricks", "hint": TRICKS_HINT},
}


def score_text(ns_score: int) -> str:
    """``N-S +420``, ``N-S -50``, ``N-S 0``: a board's score as the table agrees it."""
    return f"N-S {signed(ns_score)}"


@functools.lru_cache(maxsize=4096)
def _scored(board: int, hand: Hand, settings: Settings) -> tuple[int, str]:
    """A result's N-S score and its result's words (``=``, ``+1``, ``-2``): each phone's page holds
    every result its table has sent, and every table's page is read again after each result
    saved, so each result is scored once rather than at every save of the evening."""
    outcome = board_outcome(board, hand, settings)
    return outcome.board_score, outcome.result


def result_json(r: TableResult, settings: Settings) -> dict[str, Any]:
    """A table's result as its phone shows it back: the contract, who declared, the tricks and the score."""
    h = r.hand
    board_score, result = _scored(r.board, h, settings)
    out: dict[str, Any] = {
        "id": r.id,
        "board": r.board,
        "round": r.round,
        "ns_score": board_score,
        "score": score_text(board_score),
        "by": r.by.value,
        "at": h.at,
    }
    if r.why:
        out["why"] = r.why
    if h.contract is None:
        out.update({"contract": "Pass", "declarer": "", "tricks": None, "result": "", "text": "Passed out"})
        out["fields"] = {"contract": "pass", "declarer": "", "tricks": ""}
        return out
    assert h.declarer is not None and h.tricks is not None
    tricks = f"{h.tricks} trick{'s' if h.tricks != 1 else ''}"
    out.update(
        {
            "contract": h.contract.pretty,
            "declarer": h.declarer.word,
            "tricks": h.tricks,
            "result": result,
            "text": f"{h.contract.pretty} by {h.declarer.word}, {tricks} ({result})",
            "fields": {"contract": h.contract.text, "declarer": h.declarer.value, "tricks": str(h.tricks)},
        }
    )
    return out


def pair_json(state: SeveralState, pair: Pair) -> dict[str, Any]:
    names = state.inputs.names_of(pair)
    teams = state.kind is MovementKind.TEAMS
    return {
        "pair": pair.key,
        "label": pair.label,
        "side": pair.side.value,
        "direction": pair.side.word,
        "names": " & ".join(n for n in names if n),
        "team": team_label(state.movement.team_of(pair)) if teams else "",  # whose side it plays for
    }


def _board(table: int, board: int, have: dict[tuple[int, int], TableResult], settings: Settings) -> dict[str, Any]:
    vul = board_vulnerable(board)
    result = have.get((table, board))
    return {
        "board": board,
        "dealer": board_dealer(board).word,
        "vulnerable": board_vulnerability_text(vul),
        "vul": sorted(s.value for s in vul),
        "result": result_json(result, settings) if result is not None else None,
        "waiting": "",
    }


def _waiting(state: SeveralState, table: int, board: int) -> str:
    """Why ``table`` cannot enter ``board`` of its round yet ("" if it can): the table that had the
    board before has still to enter it."""
    before = still_at(state.inputs, table, board)
    if before is None:
        return ""
    return f"Still at table {before.table}: enter it once table {before.table} has sent its result."


def _pairs(state: SeveralState, sitting: Sitting) -> list[dict[str, Any]]:
    return [pair_json(state, p) for p in (sitting.ns, sitting.ew) if p is not None]


def table_state(state: SeveralState, table: int, settings: Settings) -> dict[str, Any]:
    """The phone's state at ``table``: where it is, who sits there, what to enter, and what comes next."""
    movement = state.movement
    progress = state.progress(table)
    have = counted(state.inputs)
    out: dict[str, Any] = {
        "kind": "table",
        "table": table,
        "tables": movement.tables,
        "title": f"Table {table}",
        "game": movement_title(state.inputs.setup),
        "scoring": state.scoring.value,
        "round": progress.round,
        "rounds": movement.rounds,
        "finished": progress.finished,
        "fields": FIELDS,
        "card": guide_card(movement, table),
        "played": [
            {
                "round": s.round,
                "line": sitting_line(s),
                "boards": [_board(table, b, have, settings) for b in s.boards] if s.plays else [],
            }
            for s in movement.table_sittings(table)
            if s.round < progress.round
        ],
    }
    sitting = progress.sitting
    if sitting is None:
        out.update({"heading": f"All {movement.rounds} rounds played", "pairs": [], "boards": [], "done": True})
        out.update({"sits_out": "", "to_enter": "", "next": [], "move": None})
        return out
    out["heading"] = f"Round {sitting.round} of {movement.rounds}"
    out["pairs"] = _pairs(state, sitting)
    out["sits_out"] = "" if sitting.plays else f"{sitting_out_words(movement, sitting.round)} No boards are played at this table."
    out["boards"] = [_board(table, b, have, settings) for b in sitting.boards] if sitting.plays else []
    for b in out["boards"]:
        if b["result"] is None:
            b["waiting"] = _waiting(state, table, b["board"])
    out["done"] = progress.done
    out["to_enter"] = boards_text(progress.to_enter) if progress.to_enter else ""
    if progress.done:
        last = sitting.round >= movement.rounds
        out["next"] = next_words(movement, table, sitting.round)
        out["move"] = {"round": sitting.round, "label": "End the last round" if last else f"Start round {sitting.round + 1}"}
    else:
        out["next"], out["move"] = [], None
    return out


__all__ = ["FIELDS", "pair_json", "result_json", "score_text", "table_state"]
