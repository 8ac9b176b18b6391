"""PBN of a game of several tables, as club software writes a session's results: a PBN game
per board, its traveller in a ``ScoreTable`` of every table's result, and the pairs' totals
in a ``TotalScoreTable`` in the first board's game (5.9, 5.10).

The columns are the standard's, in its column format (a minimum width and an alignment
after a backslash, 5.2), in the order the scoring programs of the clubs use: a traveller's
``Table``, ``Round``, ``PairId_NS``, ``PairId_EW``, ``Contract``, ``Declarer``, ``Result``
(the tricks declarer took), ``Score_NS`` and ``Score_EW`` (the score in the column of the
side that scored it, ``-`` in the other), then ``MP_NS``, ``MP_EW``, ``Percentage_NS``,
``Percentage_EW`` (matchpoints) or ``IMP_NS``, ``IMP_EW`` (IMPs); a pair's ``Rank``,
``PairId``, ``Table`` (where it sat in round 1), ``Direction`` (``"N-S"``, ``"E-W"``),
``TotalScoreMP`` and ``TotalPercentage`` (or ``TotalScoreIMP``, and a team match's
``TotalScoreVP``), ``Names`` (``"Ann;Bob"``, the standard's two names split by ``;``) and
``NrBoards``. An unknown element is ``?``, an irrelevant one ``-`` (5.2). A board's four
seats are ``?``: several tables played it. Those two headers are the only lines of 80
characters or more, as in every club's file: a table's columns are named on one line.

Every figure is the derived state's (``several_tables.scores``). bridgepad's own tags name
the game and say that it is one of several tables (``BridgepadTables``): its import reads
such a game back from the JSON export, which keeps every result as it came.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

from bridgepad.core.model import Side
from bridgepad.core.records.record import GameRecord
from bridgepad.core.rules.kinds.several_tables.movements import MovementKind, Pair
from bridgepad.core.rules.kinds.several_tables.scores import SeveralState, TravellerRow
from bridgepad.core.rules.vulnerability import PBN_WORDS, vulnerability_code
from bridgepad.services.formats.several_tables import tables_state

HUNDREDTH = Decimal("0.01")
SCORE_TABLE = "ScoreTable"
TOTAL_SCORE_TABLE = "TotalScoreTable"
TRAVELLER = (
    ("Table", 2, "R"), ("Round", 2, "R"), ("PairId_NS", 2, "R"), ("PairId_EW", 2, "R"),
    ("Contract", 5, "L"), ("Declarer", 1, "R"), ("Result", 2, "R"), ("Score_NS", 5, "R"), ("Score_EW", 5, "R"),
)  # fmt: skip
MATCHPOINTS = (("MP_NS", 3, "R"), ("MP_EW", 3, "R"), ("Percentage_NS", 6, "R"), ("Percentage_EW", 6, "R"))
IMPS = (("IMP_NS", 6, "R"), ("IMP_EW", 6, "R"))
TOTALS = (("Rank", 2, "R"), ("PairId", 2, "R"), ("Table", 2, "R"), ("Direction", 5, "R"))
NAMES = ("Names", 30, "L")
Column = tuple[str, int, str]


def header(columns: Sequence[Column]) -> str:
    """``Table\\2R;Round\\2R;...``: the columns with their minimum width and alignment (5.2)."""
    return ";".join(f"{name}\\{width}{align}" for name, width, align in columns)


def row(columns: Sequence[Column], cells: Sequence[str]) -> list[str]:
    """A table's row, each element padded to its column's width on the side its alignment says."""
    return [cell.rjust(width) if align == "R" else cell.ljust(width) for (_, width, align), cell in zip(columns, cells)]


def _figure(x: Decimal | Fraction | int) -> str:
    """A figure with a decimal dot: ``7``, ``6.5``, ``66.67``, ``-2.33``."""
    if isinstance(x, Fraction):
        x = Decimal(x.numerator) / Decimal(x.denominator)
    value = Decimal(x).quantize(HUNDREDTH, rounding=ROUND_HALF_UP)
    return str(int(value)) if value == value.to_integral_value() else format(value.normalize(), "f")


def _percent(x: Decimal) -> str:
    """A percentage to two places, as the club programs write it: ``66.67``, ``100.00``."""
    return f"{x.quantize(HUNDREDTH, rounding=ROUND_HALF_UP)}"


def string_token(text: str) -> str:
    """A table element that may hold spaces: a string token, its quotes and backslashes escaped (3.2)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _traveller_row(state: SeveralState, r: TravellerRow) -> list[str]:
    hand = r.result.hand
    s = r.sitting
    score = r.ns_score
    ns_score, ew_score = (str(score), "-") if score > 0 else ("-", str(-score)) if score < 0 else ("0", "-")
    cells = [
        str(s.table),
        str(s.round),
        str(s.ns.number) if s.ns else "-",
        str(s.ew.number) if s.ew else "-",
        "Pass" if hand.contract is None else hand.contract.text,
        hand.declarer.value if hand.declarer else "-",
        "-" if hand.tricks is None else str(hand.tricks),
        ns_score,
        ew_score,
    ]
    if state.matchpointed:
        if r.ns.compared:
            ns_pct, ew_pct = r.ns.percent, r.ew.percent
            assert ns_pct is not None and ew_pct is not None
            cells += [str(r.ns.matchpoints), str(r.ew.matchpoints), _percent(ns_pct), _percent(ew_pct)]
        else:
            cells += ["-"] * 4
    elif r.ns.imps is not None and r.ew.imps is not None:
        cells += [_figure(r.ns.imps), _figure(r.ew.imps)]
    else:
        cells += ["-"] * 2
    return cells


def _first_table(state: SeveralState, pair: Pair) -> int:
    """The table a pair sits at in round 1 (its number on the guide cards)."""
    return next((s.table for s in state.movement.pair_sittings(pair)), 0)


def _names(names: tuple[str, str], shown: object) -> str:
    given = [shown(n) for n in names if n]  # type: ignore[operator]
    return string_token(";".join(given)) if given else "?"


def _place(rank: str) -> str:
    """A rank as the standard writes it: the best rank where pairs or teams are level (``=2`` is
    ``2``), ``-`` when unranked."""
    return rank.lstrip("=") or "-"


def total_score_table(state: SeveralState, shown: object) -> tuple[str, str, list[list[str]]]:
    """The pairs' totals: each direction's pairs, best first (a team match's pairs with their team's
    place and VPs)."""
    teams = state.kind is MovementKind.TEAMS
    if state.matchpointed:
        figures: tuple[Column, ...] = (("TotalScoreMP", 6, "R"), ("TotalPercentage", 6, "R"))
    else:
        figures = (("TotalScoreIMP", 7, "R"),) + ((("TotalScoreVP", 6, "R"),) if teams else ())
    columns = (*TOTALS, *figures, NAMES, ("NrBoards", 2, "R"))
    vp = {p: t.vp for t in state.teams for p in t.pairs}
    # A team match's pairs are ranked as their teams are: the team in front's pairs first.
    team_place = {p: _place(t.rank) for t in state.teams for p in t.pairs}
    order = {p: n for n, t in enumerate(state.team_ranking) for p in t.pairs}
    rows = []
    for side in (Side.NS, Side.EW):
        pairs = sorted(state.ranking(side), key=lambda s: order[s.pair]) if teams else state.ranking(side)
        for s in pairs:
            if state.matchpointed:
                numbers = [_figure(s.matchpoints), _percent(s.percent) if s.percent is not None else "-"]
            else:
                numbers = [_figure(s.imps) if s.compared else "-"]
                if teams:
                    team_vp = vp.get(s.pair)
                    numbers.append(_figure(team_vp) if team_vp is not None else "-")
            place = team_place[s.pair] if teams else _place(s.rank)
            cells = [place, str(s.pair.number), str(_first_table(state, s.pair)), string_token(side.short)]
            rows.append(row(columns, [*cells, *numbers, _names(s.names, shown), str(s.played)]))
    return TOTAL_SCORE_TABLE, header(columns), rows


def board_sections(state: SeveralState, board: int) -> tuple[str, str, list[list[str]]]:
    """A board's traveller: every table's result on it, by round."""
    columns = (*TRAVELLER, *(MATCHPOINTS if state.matchpointed else IMPS))
    rows = [row(columns, _traveller_row(state, r)) for r in state.traveller(board).rows]
    return SCORE_TABLE, header(columns), rows


Section = tuple[str, str, list[list[str]]]


def several_deals(r: GameRecord, shown: object, date: str) -> list[tuple[dict[str, str], dict[str, str], list[Section]]]:
    """A game of several tables as PBN games: for each board its mandatory tags, its other
    tags (bridgepad's, which ``pbn_format`` completes with the rules) and its sections."""
    several = tables_state(r)
    setup = several.inputs.setup
    scoring = "MP;MP1" if several.matchpointed else "IMP"
    extra_game = {
        "BridgepadGame": r.id,
        "BridgepadMode": r.mode.value,
        "BridgepadTables": str(setup.tables),
        "BridgepadMovement": setup.kind.value,
        "BridgepadCreated": r.created,
        "BridgepadUpdated": r.updated,
        "BridgepadEnded": "yes" if r.game.ended else "no",
        "Competition": "Teams" if several.kind is MovementKind.TEAMS else "Pairs",
    }
    out = []
    for n, t in enumerate(several.travellers):
        cross = not several.matchpointed and len(t.rows) > 2
        mandatory = {
            "Event": r.rules.event(r.game.settings),
            "Site": "?",
            "Date": date,
            "Board": str(t.board),
            "West": "?",
            "North": "?",
            "East": "?",
            "South": "?",
            "Dealer": t.dealer.value,
            "Vulnerable": PBN_WORDS[vulnerability_code(t.vulnerable)],
            "Deal": f"{t.dealer.value}:- - - -",
            "Scoring": "IMP;Cross2" if cross else scoring,
            "Declarer": "",
            "Contract": "",
            "Result": "",
        }
        sections = [board_sections(several, t.board)]
        if n == 0:
            sections.append(total_score_table(several, shown))
        out.append((mandatory, dict(extra_game), sections))
    return out
