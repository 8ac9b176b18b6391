"""What the read-only page shows of a game of several tables: each table's progress, the ranking, the travellers.

Every figure is the derived state's (``several_tables.scores``), written with the core's
figures and words (``duplicate``'s, ``movement_text``'s): the same numbers the JSON
export's ``figures`` hold (``formats.several_tables_figures``), as a phone draws them.
"""

from __future__ import annotations

from typing import Any

from bridgepad.core.model import Side
from bridgepad.core.rules.duplicate import comparison_figure, imps_figure, matchpoints_text
from bridgepad.core.rules.kinds.several_tables.inputs import TableResult
from bridgepad.core.rules.kinds.several_tables.scores import PairStanding, SeveralState, TableProgress, Traveller, TravellerRow
from bridgepad.core.rules.vulnerability import board_vulnerability_text
from bridgepad.core.words.movement_text import movement_title, pair_name, sitting_line, team_label


def _progress(t: TableProgress, rounds: int) -> dict[str, Any]:
    if t.sitting is None:
        return {"table": t.table, "where": f"All {rounds} rounds played", "in": "", "state": "finished"}
    s = t.sitting
    where = sitting_line(s)
    if not s.plays:
        return {"table": t.table, "where": where, "in": "", "state": "waiting" if t.done else "playing"}
    entered = f"{len(t.entered)} of {len(s.boards)} in"
    return {"table": t.table, "where": where, "in": entered, "state": "done" if t.done else "playing"}


def _figure(s: PairStanding, matchpointed: bool) -> str:
    if matchpointed:
        return f"{s.percent:.2f}%" if s.percent is not None else ""
    return imps_figure(s.imps) if s.compared else ""


def _ranking(state: SeveralState) -> list[dict[str, Any]]:
    """A Mitchell's two directions, each best first; a team match's two teams."""
    mp = state.matchpointed
    if state.teams:
        rows = []
        for t in state.team_ranking:
            pairs = " and ".join(pair_name(p, state.inputs.names_of(p)) for p in t.pairs)
            figure = f"{t.matchpoints} of {t.top}" if mp else imps_figure(t.imps)
            vp = f"{t.vp:.2f}" if t.vp is not None else ""
            rows.append([t.rank, team_label(t.team), pairs, figure, vp])
        return [{"title": "Teams", "columns": ["", "Team", "Pairs", "MPs" if mp else "IMPs", "VPs"], "rows": rows}]
    out = []
    for side in (Side.NS, Side.EW):
        rows = []
        for s in state.ranking(side):
            names = " & ".join(n for n in s.names if n)
            rows.append([s.rank, s.pair.label, names, _figure(s, mp), str(s.played)])
        out.append({"title": side.word, "columns": ["", "Pair", "Names", "%" if mp else "IMPs", "Bds"], "rows": rows})
    return out


def _traveller_row(row: TravellerRow, matchpointed: bool) -> list[str]:
    h = row.result.hand
    s = row.sitting
    assert s.ns is not None and s.ew is not None
    contract = h.contract.pretty if h.contract is not None else "Pass"
    by = h.declarer.value if h.declarer is not None else ""
    if matchpointed:
        mp = [matchpoints_text(row.ns.matchpoints), matchpoints_text(row.ew.matchpoints)] if row.ns.compared else ["", ""]
    else:
        mp = [comparison_figure(row.ns, False)]
    score = row.ns_score
    changed = "*" if row.earlier else ""  # a result that replaced another: the changes below say which
    # The pairs by number, as a paper traveller has them under its N-S and E-W headings.
    return [str(s.ns.number), str(s.ew.number), contract + changed, by, row.outcome.result, f"{score:+,}" if score else "0", *mp]


# Each traveller's part of the page, kept by the traveller (as ``several_tables_figures`` keeps
# its boards): the page is made again after each result saved, a board no result touched is not.
_travellers_made: dict[tuple[int, bool], tuple[Traveller, dict[str, Any]]] = {}
_MOST_KEPT = 1024


def _traveller(t: Traveller, matchpointed: bool) -> dict[str, Any]:
    kept = _travellers_made.get((id(t), matchpointed))
    if kept is not None and kept[0] is t:
        return kept[1]
    out = _traveller_made(t, matchpointed)
    if len(_travellers_made) >= _MOST_KEPT:
        _travellers_made.clear()
    _travellers_made[(id(t), matchpointed)] = (t, out)
    return out


def _traveller_made(t: Traveller, matchpointed: bool) -> dict[str, Any]:
    columns = ["NS", "EW", "Contract", "By", "Res", "Score", *(["NS MP", "EW MP"] if matchpointed else ["IMPs"])]
    return {
        "board": t.board,
        "head": f"Board {t.board} · Dealer {t.dealer.word} · {board_vulnerability_text(t.vulnerable)}",
        "in": f"{len(t.rows)} of {t.expected} in",
        "columns": columns,
        "rows": [_traveller_row(r, matchpointed) for r in t.rows],
    }


def _change(r: TableResult) -> str:
    when = (r.hand.at or "")[11:16]
    who = r.by.word
    why = f": {r.why}" if r.why else ""
    return f"Board {r.board} at table {r.table} changed by {who}{f' at {when}' if when else ''}{why}."


def several_page(state: SeveralState) -> dict[str, Any]:
    """The session as the read-only page draws it."""
    rounds = state.movement.rounds
    return {
        "title": movement_title(state.inputs.setup),
        "scoring": state.scoring.value,
        "results": f"{state.results} of {state.expected} results in",
        "tables": [_progress(t, rounds) for t in state.tables],
        "ranking": _ranking(state),
        "travellers": [_traveller(t, state.matchpointed) for t in state.travellers if t.rows],
        "waiting": [t.board for t in state.travellers if not t.rows],
        "changes": [_change(r) for r in state.changes],
    }
