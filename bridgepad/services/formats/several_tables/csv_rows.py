"""The CSV rows of a game of several tables (``csv_format`` writes the header and a game of one table's rows)."""

from __future__ import annotations

from bridgepad.core.model import Side
from bridgepad.core.readers.notation import result_text
from bridgepad.core.records.record import GameRecord
from bridgepad.core.rules.duplicate import matchpoints_text
from bridgepad.core.rules.vulnerability import vulnerability_code
from bridgepad.core.words.several_text import names_of, team_pairs
from bridgepad.services.formats.csv_format import HEADER, cell, number
from bridgepad.services.formats.several_tables import tables_state


def several_rows(r: GameRecord) -> list[list[object]]:
    """A game of several tables: a row per result that counts (kind ``result``), board by board
    in the traveller's order, then a row per pair (``pair``) and per team (``team``)."""
    state = tables_state(r)
    blank: dict[str, object] = dict.fromkeys(HEADER, "")
    rows: list[list[object]] = []
    for t in state.travellers:
        scores = [row.ns_score for row in t.rows]
        for i, row in enumerate(t.rows):
            hand = row.result.hand
            others = scores[:i] + scores[i + 1 :]
            c = row.ns
            cells = blank | {
                "game_id": cell(r.id),
                "mode": r.mode.value,
                "kind": "result",
                "board": t.board,
                "dealer": t.dealer.value,
                "vulnerable": vulnerability_code(t.vulnerable),
                "declarer": hand.declarer.value if hand.declarer else "",
                "contract": "pass" if hand.contract is None else hand.contract.text,
                "result": cell(result_text(hand.tricks, hand.revoke)) if hand.tricks is not None else "",
                "ns_players": cell(names_of(state, row.sitting.ns)),
                "ew_players": cell(names_of(state, row.sitting.ew)),
                "ns_score": row.ns_score,
                "others": cell(" ".join(str(o) for o in others)),
                "imps": number(c.imps) if c.compared else "",
                "ns_matchpoints": c.matchpoints if c.compared else "",
                "top": c.top if c.compared else "",
                "table": row.table,
                "round": row.sitting.round,
                "ns_pair": row.sitting.ns.key if row.sitting.ns else "",
                "ew_pair": row.sitting.ew.key if row.sitting.ew else "",
                "ew_matchpoints": row.ew.matchpoints if c.compared else "",
                "entered_by": row.result.by.value,
                "why": cell(row.result.why),
            }
            rows.append(list(cells.values()))
    for st in state.standings:
        side = "ns_players" if st.pair.side is Side.NS else "ew_players"
        cells = blank | {
            "game_id": cell(r.id),
            "mode": r.mode.value,
            "kind": "pair",
            side: cell(names_of(state, st.pair)),
            "imps": number(st.imps) if st.compared else "",
            "top": st.top if st.compared else "",
            "pair": st.pair.key,
            "rank": cell(st.rank),  # "=2" would be a formula
            "matchpoints": matchpoints_text(st.matchpoints) if st.compared else "",
            "percent": number(st.percent),
        }
        rows.append(list(cells.values()))
    for team in state.teams:
        cells = blank | {
            "game_id": cell(r.id),
            "mode": r.mode.value,
            "kind": "team",
            "ns_players": cell(team_pairs(state, team)),
            "imps": number(team.imps) if team.compared else "",
            "top": team.top if team.compared else "",
            "pair": f"team{team.team}",
            "rank": cell(team.rank),
            "vp": number(team.vp),
        }
        rows.append(list(cells.values()))
    return rows
