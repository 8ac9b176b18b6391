"""The figures of a game of several tables, as the JSON export, ``state.json`` and the tests read them.

One shape for every output that gives the whole session as data: the movement, each
table's progress, each board's traveller with every result's comparison, each pair's
standing (and a team match's teams), and every change made to a result, with who made it,
when and why. Every figure is the derived state's (``several_tables.scores``): nothing here
is worked out again.
"""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Any

from bridgepad.core.rules.kinds.several_tables.inputs import TableResult
from bridgepad.core.rules.kinds.several_tables.movements import Pair, Sitting
from bridgepad.core.rules.kinds.several_tables.scores import (
    PairStanding,
    SeveralState,
    TableProgress,
    TeamStanding,
    Traveller,
    TravellerRow,
)
from bridgepad.core.rules.vulnerability import vulnerability_code
from bridgepad.core.words.movement_text import movement_title

HUNDREDTH = Decimal("0.01")


def _decimal(x: Decimal | None) -> float | None:
    return None if x is None else float(x)


def _fraction(x: Fraction) -> float | int:
    """Matchpoints as JSON writes them: 7 for a whole number, 6.67 for a factored share."""
    if x.denominator == 1:
        return int(x)
    return float((Decimal(x.numerator) / x.denominator).quantize(HUNDREDTH, rounding=ROUND_HALF_UP))


def _key(pair: Pair | None) -> str | None:
    return None if pair is None else pair.key


def _sitting(s: Sitting) -> dict[str, Any]:
    return {"round": s.round, "table": s.table, "ns": _key(s.ns), "ew": _key(s.ew), "boards": list(s.boards)}


def _table(t: TableProgress) -> dict[str, Any]:
    out: dict[str, Any] = {"table": t.table, "round": t.round, "finished": t.finished, "done": t.done, "entered": list(t.entered)}
    if t.sitting is not None:
        out.update({"ns": _key(t.sitting.ns), "ew": _key(t.sitting.ew), "boards": list(t.sitting.boards)})
    return out


def entered_json(r: TableResult) -> dict[str, Any]:
    """A result as it came in: the hand as entered, who sent it, when, and why (a director's change)."""
    h = r.hand
    out: dict[str, Any] = {"id": r.id, "table": r.table, "round": r.round, "board": r.board, "by": r.by.value, "at": h.at}
    if h.contract is None:
        out["contract"] = "pass"
    else:
        assert h.declarer is not None
        out.update({"contract": h.contract.text, "declarer": h.declarer.value, "tricks": h.tricks})
    if r.why:
        out["why"] = r.why
    return out


def _row(row: TravellerRow) -> dict[str, Any]:
    out = entered_json(row.result)
    out.update(
        {
            "ns": _key(row.sitting.ns),
            "ew": _key(row.sitting.ew),
            "result": row.outcome.result,
            "ns_score": row.ns_score,
            "ns_matchpoints": row.ns.matchpoints if row.ns.compared else None,
            "ew_matchpoints": row.ew.matchpoints if row.ew.compared else None,
            "top": row.ns.top if row.ns.compared else None,
            "ns_imps": _decimal(row.ns.imps),
            "replaced": [e.id for e in row.earlier],
        }
    )
    return out


# Each board's figures, kept by its traveller: a board no new result touched keeps the same
# traveller from one derived state to the next (``scores.derive_several``), and the shared page
# is made again after each result saved, so only the boards that changed are written again.
# Kept with the traveller itself, whose id then cannot be reused; what is given is never changed.
_boards_made: dict[int, tuple[Traveller, dict[str, Any]]] = {}
_MOST_KEPT = 1024


def _board(t: Traveller) -> dict[str, Any]:
    kept = _boards_made.get(id(t))
    if kept is not None and kept[0] is t:
        return kept[1]
    out = _board_made(t)
    if len(_boards_made) >= _MOST_KEPT:
        _boards_made.clear()
    _boards_made[id(t)] = (t, out)
    return out


def _board_made(t: Traveller) -> dict[str, Any]:
    return {
        "board": t.board,
        "dealer": t.dealer.value,
        "vulnerable": vulnerability_code(t.vulnerable),
        "expected": t.expected,
        "results": [_row(r) for r in t.rows],
    }


def _pair(s: PairStanding) -> dict[str, Any]:
    return {
        "pair": s.pair.key,
        "names": list(s.names),
        "played": s.played,
        "compared": s.compared,
        "matchpoints": _fraction(s.matchpoints),
        "top": s.top,
        "pct": _decimal(s.percent),
        "imps": _decimal(s.imps),
        "rank": s.rank,
    }


def _team(t: TeamStanding) -> dict[str, Any]:
    return {
        "team": t.team,
        "pairs": [p.key for p in t.pairs],
        "imps": _decimal(t.imps),
        "matchpoints": t.matchpoints,
        "top": t.top,
        "compared": t.compared,
        "vp": _decimal(t.vp),
        "rank": t.rank,
    }


def several_figures(state: SeveralState) -> dict[str, Any]:
    """The whole session's figures."""
    setup = state.inputs.setup
    return {
        "status": state.status.value,
        "scoring": state.scoring.value,
        "movement": {
            "kind": setup.kind.value,
            "title": movement_title(setup),
            "tables": setup.tables,
            "boards": setup.boards,
            "rounds": setup.rounds,
            "pairs": setup.pairs,
            "sittings": [_sitting(s) for s in state.movement.sittings],
        },
        "tables": [_table(t) for t in state.tables],
        "boards": [_board(t) for t in state.travellers],
        "pairs": [_pair(s) for s in state.standings],
        "teams": [_team(t) for t in state.teams],
        "results": state.results,
        "expected": state.expected,
        "changes": [entered_json(r) for r in state.changes],
    }
