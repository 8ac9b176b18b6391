"""CSV: a row per hand, and a row per bonus that belongs to no hand.

Summing ``ns_below + ns_above`` over a game's rows gives exactly North-South's total
on the pad, and likewise for East-West: the rubber bonus, an unfinished rubber's 300
and 100, and a Chicago's 100 for a part score open after deal 4 are rows of their own
(``kind`` = ``bonus``, with the reason in ``what``). Every row names the players of
each side. Duplicate rows also carry the board, N-S's score, the other results and
the comparison (IMPs, matchpoints and the top); where the board's cards are known, its
deal (``cards``, dealer first, as PBN writes it), double dummy (``dd_tricks``, as PBN's
DoubleDummyTricks, and ``declarer_dd``, the tricks declarer's seat makes double dummy in
the contract's strain), the par (N-S's score and the contracts) and the club's field
(its N-S scores, and the home result against them: cross-IMPs, and matchpoints as the
club prints them, a point a result beaten and half a tie, of one a result). After a
duplicate game's hands come a row for each board of its set not played at home yet
(``kind`` = ``board``: its cards, double dummy, par and field) and, where boards have a
field, the session against it (``kind`` = ``field``: ``field_imps`` summed over those
boards and ``field_pct``, the percentage the foot of the pad gives); their figures are 0.

The result is written as the form and the log take it: the tricks declarer took as
played, then any revoke (``10``, ``8 rev EW 2``), so that no spreadsheet reads it as a
formula and it needs no mark. Any other text cell that a spreadsheet would take for a
formula (one beginning with = + - @, a tab or a carriage return), such as a name, is
written with a leading apostrophe, as spreadsheet programs expect; numbers are written
as numbers.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from decimal import Decimal

from bridgepad.core.model import Side
from bridgepad.core.readers.notation import result_text
from bridgepad.core.records.record import GameRecord, Line, LineKind
from bridgepad.core.rules.board_facts import BoardFacts
from bridgepad.core.rules.vulnerability import vulnerability_code
from bridgepad.core.words.board_words import club_share
from bridgepad.core.words.labels import partnership
from bridgepad.core.words.text import visible
from bridgepad.services.formats.json_format import number
from bridgepad.services.formats.kinds import formats_of

HEADER = (
    "game_id",
    "mode",
    "kind",
    "hand",
    "deal",
    "board",
    "dealer",
    "vulnerable",
    "declarer",
    "contract",
    "result",
    "ns_players",
    "ew_players",
    "ns_below",
    "ns_above",
    "ew_below",
    "ew_above",
    "what",
    "ns_score",
    "others",
    "imps",
    "ns_matchpoints",
    "top",
    # A game whose tables send their results: where each was played and who sent it; each pair's and team's standing.
    "table",
    "round",
    "ns_pair",
    "ew_pair",
    "ew_matchpoints",
    "entered_by",
    "why",
    "pair",
    "rank",
    "matchpoints",
    "percent",
    "vp",
    "cards",
    "dd_tricks",
    "declarer_dd",
    "par_score",
    "par_contracts",
    "field_scores",
    "field_imps",
    "field_matchpoints",
    "field_top",
    "field_pct",
)

_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def cell(text: str) -> str:
    """A text cell: control characters made visible, a would-be formula defused."""
    shown = visible(text)
    return "'" + shown if shown.startswith(_FORMULA_START) else shown


def _row(r: GameRecord, line: Line) -> list[object]:
    f = line.figures
    hand = line.kind is LineKind.HAND
    boards = r.rules.boards
    if not hand:
        contract = ""
    elif line.contract is None:
        contract = "pass"
    else:
        contract = line.contract.text
    c = line.comparison
    compared = c is not None and c.compared
    return [
        cell(r.id),
        r.mode.value,
        line.kind.value,
        line.number if hand else "",
        line.deal if hand and not boards and line.deal is not None else "",  # a Chicago's deal 1-4
        line.deal if hand and boards else "",
        line.dealer.value if line.dealer else "",
        vulnerability_code(line.vulnerable) if hand else "",
        line.declarer.value if line.declarer else "",
        contract,
        cell(result_text(line.tricks, line.revoke)) if hand and line.tricks is not None else "",
        cell(partnership(r, Side.NS)),
        cell(partnership(r, Side.EW)),
        f.ns_below,
        f.ns_above,
        f.ew_below,
        f.ew_above,
        cell(line.reason),
        (line.ns_score or 0) if hand and boards else "",
        cell(" ".join(str(o) for o in c.others)) if compared and c is not None else "",
        number(c.imps) if compared and c is not None else "",
        c.matchpoints if compared and c is not None else "",
        c.top if compared and c is not None else "",
        *[""] * (HEADER.index("cards") - HEADER.index("table")),  # the columns of a game whose tables send their results
        *_board_cells(line),
    ]


def _board_cells(line: Line) -> list[object]:
    """The board's cards, double dummy, par and field (empty where they are not known)."""
    if line.board is None:
        return [""] * 10
    return _facts_cells(line.board, line)


def _facts_cells(facts: BoardFacts, line: Line | None) -> list[object]:
    """A board's cards, double dummy, par and field, and the home result against them (``line``)."""
    s = facts.solution
    dd: object = ""
    if s is not None and line is not None and line.contract is not None and line.declarer is not None:
        dd = s.tricks.of(line.declarer, line.contract.strain)
    vs = facts.against_field
    share = club_share(vs) if vs is not None else None
    return [
        facts.deal.pbn(facts.dealer),
        s.tricks.pbn if s is not None else "",
        dd,
        s.par.score if s is not None else "",
        s.par.par_contract if s is not None else "",
        " ".join(str(r.ns_score) for r in facts.field),
        number(vs.imps) if vs is not None else "",
        number(Decimal(share[0].numerator) / share[0].denominator) if share is not None else "",
        share[1] if share is not None else "",
        number(vs.percent) if vs is not None else "",
    ]


def write(records: Sequence[GameRecord]) -> str:
    """A header row, then every game's rows (lines end with ``\\n``)."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(HEADER)
    for r in records:
        w.writerows(formats_of(r.game).csv_rows(r))
    return buf.getvalue()


def one_table_rows(r: GameRecord) -> list[list[object]]:
    """A game of one table's rows: a row per line of its pad, then its boards' (``_game_board_rows``)."""
    return [_row(r, line) for line in r.lines] + _game_board_rows(r)


def _game_board_rows(r: GameRecord) -> list[list[object]]:
    """After a duplicate game's hands: each board of its set not played at home yet (kind
    ``board``: its cards, double dummy, par and the club's field), and the session against the
    club's field (kind ``field``: its cross-IMPs and percentage over the boards that have one).
    Their figures are 0, so that a game's rows still add up to its pad."""
    blank: dict[str, object] = dict.fromkeys(HEADER, "")
    base = blank | {
        "game_id": cell(r.id),
        "mode": r.mode.value,
        "ns_players": cell(partnership(r, Side.NS)),
        "ew_players": cell(partnership(r, Side.EW)),
        "ns_below": 0,
        "ns_above": 0,
        "ew_below": 0,
        "ew_above": 0,
    }
    rows = []
    for facts in r.unplayed_boards:
        cells = base | {
            "kind": "board",
            "board": facts.board,
            "dealer": facts.dealer.value,
            "vulnerable": vulnerability_code(facts.vulnerable),
            "what": "not played at home yet",
        }
        rows.append([*list(cells.values())[: HEADER.index("cards")], *_facts_cells(facts, None)])
    standing = r.against_field
    if standing is not None:
        boards = f"{standing.boards} board{'s' if standing.boards != 1 else ''}"
        cells = base | {
            "kind": "field",
            "what": f"against the club's field over {boards}",
            "field_imps": number(standing.imps),
            "field_pct": number(standing.percent) if standing.percent is not None else "",
        }
        rows.append(list(cells.values()))
    return rows
