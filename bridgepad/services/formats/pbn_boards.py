"""The boards of any PBN file: their cards and, where a club's scoring program wrote them,
the field's results; for ``bridgepad new duplicate --deals FILE``, the ``n`` dialog and
``bridgepad import`` of a club's session.

Read as PBN 2.1's import format allows (``pbn_reader.parse``: comments, directives,
auction and play sections, inherited ``#`` values, any white space), from a hand record
(bridgepad's own, BridgeComposer's, Dealer's) or a club's results (BridgeComposer, the
Bridgemate scoring programs such as Ruter, endplay): each PBN game gives its board's
``Deal``; its field is its ``ScoreTable`` (5.9) where it has one, else each game's own
result (``Contract``, ``Declarer``, ``Result``, or ``Score``), one per table.

A table's columns are named in its tag (``PairId_NS\\2R;Contract\\4L;Score_NS\\6R``): a
name with, after a backslash, the column's width and alignment, and before it ``+`` or
``-`` for its order (PBN 2.1, 3.2 and 5.2); a row's elements may be quoted strings with
spaces (``"Ann - Bob"``). In export format each row is one line; in import format a row
may run over more than one line (5.2: "no restriction on the number of table elements in a
text line"), so the elements are counted off by the header's columns. ``?`` is unknown,
``-`` irrelevant, ``^...`` an artificial score (an average, a bye), which is no result. A
frequency table's row (a ``Multiplicity`` column, as the standard's own example of a
``ScoreTable`` has it) counts as that many results.

Everything is checked before anything is kept, and each fault is a sentence that names
the board (``board 3: its Deal gives North 12 cards ...``), with the file and line
around it (``FileRefused``); reading is bounded as every PBN read is (16 MB a file, 255
characters a value, 64 elements a line).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

from bridgepad.core.boards.board_set import MAX_BOARD, MAX_BOARDS, MAX_FIELD, BoardSet, DealtBoard, FieldResult
from bridgepad.core.boards.cards import Deal, DealError, read_deal
from bridgepad.core.boards.double_dummy import Par, Solution, TrickTable, read_optimum_score, read_par_contracts
from bridgepad.core.model import Seat
from bridgepad.core.readers.notation import NotationError, parse_contract
from bridgepad.core.rules.boards import board_dealer
from bridgepad.core.rules.field import field_result_problem, given_score
from bridgepad.core.rules.vulnerability import board_vulnerable, vulnerability_code, vulnerable_words
from bridgepad.core.words.text import visible
from bridgepad.services.formats.incoming import FileRefused
from bridgepad.services.formats.pbn_reader import ReadDeal, capped, parse, quoted

_VULNERABLE = {"none": "none", "love": "none", "-": "none", "ns": "NS", "ew": "EW", "all": "both", "both": "both"}
_COLUMN = re.compile(r"([+-]?)([^\\]*)(?:\\([0-9]+)([LR]?))?")
_SCORE = re.compile(r"[+-]?[0-9]{1,5}")
_EXPORT = re.compile(r"^%\s*EXPORT\b", re.MULTILINE)
_HEAD = 8_192  # characters in which a file says it is in export format
WHAT_IS_READ = (
    "bridgepad imports the PBN files it exports, and a hand record or a club's session with each board's "
    "cards (Deal) and, where the club gave them, its results."
)


@dataclass(slots=True)
class ClubFile:
    """What a PBN file gives of its boards: the set, and what it came with (for the report)."""

    boards: BoardSet
    games: int  # PBN games read
    with_results: int  # boards that have a field
    pairs: int | None = None  # pairs in its TotalScoreTable, when it has one
    event: str = ""
    skipped: list[str] = field(default_factory=list)  # artificial scores left out, a sentence each
    # The double dummy the file gives with its boards (DoubleDummyTricks, OptimumScore and
    # ParContract, as bridgepad deal and BridgeComposer write them), by board and deal: a game
    # takes them at once, and the pad checks them against the solver in the background.
    solved: dict[tuple[int, Deal], Solution] = field(default_factory=dict)
    unread: list[str] = field(default_factory=list)  # boards whose double dummy could not be read, a sentence each


def column_names(header: str) -> list[str]:
    """A table's column names without their order and width: ``Score_NS\\6R`` is ``Score_NS``."""
    out = []
    for token in header.split(";"):
        m = _COLUMN.fullmatch(token.strip())
        out.append(m.group(2) if m else token.strip())
    return out


def table_rows(columns: list[str], lines: list[list[str]], export: bool) -> tuple[list[list[str]], str | None]:
    """A table's rows, and why it cannot be read (None when it can): in export format a row a
    line, each with the header's columns; in import format the elements counted off by them."""
    n = len(columns)
    lines = [line for line in lines if line]
    if n == 0:
        return [], "its header names no columns"
    if all(len(line) == n for line in lines):
        return lines, None
    if export:
        for k, line in enumerate(lines, 1):
            if len(line) != n:
                fewer = "fewer" if len(line) < n else "more"
                return [], f"row {k} has {len(line)} elements, {fewer} than the {n} columns of its header"
    flat = [e for line in lines for e in line]
    if len(flat) % n:
        whole, left = divmod(len(flat), n)
        return [], f"last row (row {whole + 1}) has {left} of the {n} columns of its header"
    return [flat[k : k + n] for k in range(0, len(flat), n)], None


class _Bad(ValueError):
    def __init__(self, line: int, message: str) -> None:
        super().__init__(message)
        self.line = line


def _number(text: str) -> int | None:
    t = text.strip().strip('"')
    return int(t) if _SCORE.fullmatch(t) else None


def _tricks(text: str, contract_level: int | None) -> int | None:
    """A Result as tricks taken (``10``), or, as some programs write it, against the contract (``=``, ``+1``, ``-2``)."""
    t = text.strip()
    if re.fullmatch(r"[0-9]{1,2}", t) and int(t) <= 13:
        return int(t)
    if contract_level is not None and re.fullmatch(r"=|[+-][0-9]{1,2}", t):
        n = contract_level + 6 + (0 if t == "=" else int(t))
        return n if 0 <= n <= 13 else None
    return None


def _result(
    board: int, where: str, contract_text: str, declarer_text: str, result_text: str, ns: int | None
) -> FieldResult | None:
    """One result of the field, or None for an artificial score or an empty cell; _Bad for one that cannot be."""
    unknown = ("", "?", "-")
    contract = declarer = tricks = None
    if contract_text.strip() not in unknown:
        text = contract_text.strip().upper().replace(" ", "")
        if text in ("PASS", "P", "AP", "ALLPASS"):
            return FieldResult(0) if ns in (None, 0) else _refuse_score(where, ns)
        try:
            contract = parse_contract(text)
        except NotationError as e:
            raise ValueError(f"{where}: its contract {quoted(contract_text)} cannot be read: {e}") from None
        if declarer_text.strip().upper() in ("N", "E", "S", "W"):
            declarer = Seat(declarer_text.strip().upper())
        level = contract.level if contract is not None else None
        tricks = _tricks(result_text, level)
    result = FieldResult(ns if ns is not None else 0, contract, declarer, tricks)
    if ns is None:
        given = given_score(result, board)
        if given is None:
            return None  # no score and no whole result: an artificial score, or nothing
        result = FieldResult(given, contract, declarer, tricks)
    problem = field_result_problem(result, board)
    if problem is not None:
        raise ValueError(f"{where}: {problem}")
    return result


def _refuse_score(where: str, ns: int) -> FieldResult:
    raise ValueError(f"{where}: a pass-out with a score of {ns:+}, where a pass-out scores 0.")


def _table_field(d: ReadDeal, board: int, export: bool, skipped: list[str]) -> tuple[FieldResult, ...]:
    header, lines = d.tables["ScoreTable"]
    columns = column_names(";".join(header))
    rows, problem = table_rows(columns, lines, export)
    if problem is not None:
        raise _Bad(d.line, f"board {board}: its ScoreTable's {problem}.")
    col = {name: k for k, name in enumerate(columns)}
    if "Score_NS" not in col and "Score_EW" not in col and not {"Contract", "Declarer", "Result"} <= col.keys():
        raise _Bad(
            d.line, f"board {board}: its ScoreTable has no Score_NS or Score_EW column, nor Contract, Declarer and Result."
        )

    def cell(row: list[str], name: str) -> str:
        return row[col[name]] if name in col else ""

    out = []
    for k, row in enumerate(rows, 1):
        ns = _number(cell(row, "Score_NS"))
        if ns is None and _number(cell(row, "Score_EW")) is not None:
            ns = -(_number(cell(row, "Score_EW")) or 0)
        where = f"board {board}, its ScoreTable's row {k}"
        try:
            r = _result(board, where, cell(row, "Contract"), cell(row, "Declarer"), cell(row, "Result"), ns)
        except ValueError as e:
            raise _Bad(d.line, str(e)) from None
        if r is None:
            skipped.append(f"board {board}: a row with no result was left out of the field ({visible(' '.join(row))[:60]}).")
            continue
        out.extend([r] * _multiplicity(d, where, cell(row, "Multiplicity")))
        if len(out) > MAX_FIELD:
            raise _Bad(d.line, f"board {board} has more than the {MAX_FIELD} results a field keeps.")
    return tuple(out)


def _multiplicity(d: ReadDeal, where: str, text: str) -> int:
    """How many tables had the row's result: a frequency table's ``Multiplicity`` column (5.9), else one."""
    t = text.strip().strip('"')
    if t in ("", "?", "-"):
        return 1
    if not re.fullmatch(r"[0-9]{1,3}", t) or not 1 <= int(t) <= MAX_FIELD:
        raise _Bad(
            d.line, f"{where}: its Multiplicity is {quoted(text)}, where it is how many tables had the result, 1 to {MAX_FIELD}."
        )
    return int(t)


def _own_result(d: ReadDeal, board: int) -> FieldResult | None:
    """A game's own result, as one result of the field (a team match's tables, or a BBO file's)."""
    contract = d.tags.get("Contract", "")
    score_tag = d.tags.get("Score", "")
    ns = None
    m = re.fullmatch(r"\s*(NS|EW)\s+([+-]?[0-9]{1,5})(?:\s+(?:NS|EW)\s+[+-]?[0-9]{1,5})?\s*", score_tag)
    if m is not None:
        ns = int(m.group(2)) * (1 if m.group(1) == "NS" else -1)
    if contract.strip() in ("", "?") and ns is None:
        return None
    where = f"board {board}, its result"
    try:
        return _result(board, where, contract, d.tags.get("Declarer", ""), d.tags.get("Result", ""), ns)
    except ValueError as e:
        raise _Bad(d.line, str(e)) from None


def _board_number(d: ReadDeal) -> int:
    text = d.tags.get("Board")
    if text is None:
        raise _Bad(d.line, "this game has no Board tag: each game of a hand record names its board.")
    if not re.fullmatch(r"[0-9]{1,4}", text.strip()) or not 1 <= int(text) <= MAX_BOARD:
        raise _Bad(d.line, f"its Board is {quoted(text)}, where a board is a number from 1 to {MAX_BOARD:,}.")
    return int(text)


def _deal(d: ReadDeal, board: int) -> Deal:
    text = d.tags.get("Deal")
    if text is None:
        raise _Bad(d.line, f"board {board} has no Deal tag: bridgepad needs each board's cards.")
    try:
        return read_deal(text)
    except DealError as e:
        raise _Bad(d.line, f"board {board}: {e}.") from None


_GIVEN_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract")


def _given_solution(d: ReadDeal, board: int) -> Solution | None:
    """The board's double dummy as the file gives it: None without all three tags (a table alone,
    without its par, is solved, as a board with none is); ValueError with a sentence naming the
    board for tags that cannot be read, which is no reason to refuse its cards."""
    if not all(d.tags.get(name, "").strip() for name in _GIVEN_TAGS):
        return None
    tricks, score, contracts = (d.tags[name].strip() for name in _GIVEN_TAGS)
    try:
        table = TrickTable.from_pbn(tricks)
    except ValueError:
        raise ValueError(
            f"board {board}: its DoubleDummyTricks {quoted(tricks)} is not twenty hexadecimal digits, 0 to d, "
            "so the board is solved instead."
        ) from None
    try:
        par = Par(read_optimum_score(score), read_par_contracts(contracts))
    except ValueError as e:
        raise ValueError(
            f"board {board}: its par cannot be read ({str(e).rstrip('.')}), so the board is solved instead."
        ) from None
    return Solution(table, par)


def _check_schedule(d: ReadDeal, board: int) -> None:
    """The Dealer and Vulnerable the file gives, against the board's own (the schedule printed on boards)."""
    dealer = d.tags.get("Dealer", "").strip().upper()
    vul = d.tags.get("Vulnerable", "").strip()
    ours_dealer, ours_vul = board_dealer(board), vulnerability_code(board_vulnerable(board))
    wrong = []
    if dealer in ("N", "E", "S", "W") and Seat(dealer) is not ours_dealer:
        wrong.append((f"Dealer {dealer}", f"{ours_dealer.value} deals"))
    if vul.lower() in _VULNERABLE and _VULNERABLE[vul.lower()] != ours_vul:
        wrong.append((f"Vulnerable {vul}", vulnerable_words(board_vulnerable(board))))
    if wrong:
        given = " and ".join(g for g, _ in wrong)
        ours = " and ".join(o for _, o in wrong)
        raise _Bad(
            d.line,
            f"board {board} gives {given}, where on board {board} {ours}: bridgepad scores each board by its number's schedule.",
        )


def _pairs(ds: list[ReadDeal], export: bool) -> int | None:
    """The pairs ranked in the file's TotalScoreTable, if it has a readable one."""
    for d in ds:
        if "TotalScoreTable" in d.tables:
            header, lines = d.tables["TotalScoreTable"]
            rows, problem = table_rows(column_names(";".join(header)), lines, export)
            return None if problem else len(rows)
    return None


def read_boards_file(path: str) -> ClubFile:
    """The boards of the PBN file at ``path`` (the new-game dialog's); ValueError with one sentence
    that names the file and the first fault (and how many more)."""
    from bridgepad.core.words.text import visible
    from bridgepad.store.data_files import MAX_DATA_BYTES, MAX_DATA_TEXT

    shown = visible(path)
    try:
        with open(os.path.expanduser(path), "rb") as f:
            raw = f.read(MAX_DATA_BYTES + 1)
    except OSError as e:
        raise ValueError(f"{shown}: {e.strerror or e}.") from None
    if len(raw) > MAX_DATA_BYTES:
        raise ValueError(f"{shown} is larger than {MAX_DATA_TEXT}, more than any PBN file bridgepad reads.")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")  # PBN's own character set (2.2)
    try:
        return read_boards(text)
    except FileRefused as e:
        lines = e.lines(shown)
        more = f" (and {len(lines) - 1} more)" if len(lines) > 1 else ""
        raise ValueError(lines[0] + more) from None


def read_boards(text: str) -> ClubFile:
    """The boards of a PBN file with their cards and fields; FileRefused naming each board at fault."""
    games = parse(text)
    export = bool(_EXPORT.search(text[:_HEAD]))
    if games and not any("Deal" in d.tags for d in games):
        count = f"{len(games):,} deal{'s' if len(games) != 1 else ''}"
        raise FileRefused(
            [(None, f"this is a PBN file from another program ({count}) with no board's cards (no Deal tag): {WHAT_IS_READ}")]
        )
    problems: list[tuple[int | str | None, str]] = []
    deals: dict[int, tuple[Deal, int]] = {}
    fields: dict[int, list[FieldResult]] = {}
    tabled: set[int] = set()
    skipped: list[str] = []
    solved: dict[tuple[int, Deal], Solution] = {}
    unread: list[str] = []
    looked: set[int] = set()
    for d in games:
        try:
            board = _board_number(d)
            deal = _deal(d, board)
            _check_schedule(d, board)
            if board in deals and deals[board][0] != deal:
                raise _Bad(
                    d.line, f"board {board} is given other cards here than at line {deals[board][1]}: one board, one deal."
                )
            deals.setdefault(board, (deal, d.line))
            if board not in looked and d.tags.get("DoubleDummyTricks", "").strip():
                looked.add(board)  # a board played at several tables: its first game's table, said once
                try:
                    given = _given_solution(d, board)
                except ValueError as e:
                    unread.append(str(e))
                else:
                    if given is not None:
                        solved[(board, deal)] = given
            if "ScoreTable" in d.tables:
                if board not in tabled:  # the club's traveller: every table's result on the board
                    tabled.add(board)
                    fields[board] = list(_table_field(d, board, export, skipped))
            elif board not in tabled:
                own = _own_result(d, board)
                if own is not None:
                    fields.setdefault(board, []).append(own)
        except _Bad as e:
            problems.append((e.line, str(e)))
    if not problems and not deals:
        problems.append((None, "it holds no board with its cards (a Board and a Deal tag): there is nothing to deal from."))
    if not problems and len(deals) > MAX_BOARDS:
        problems.append((None, f"it holds {len(deals):,} boards, more than the {MAX_BOARDS} a game keeps."))
    for board, results in fields.items():
        if len(results) > MAX_FIELD and not problems:
            problems.append((None, f"board {board} has {len(results):,} results, more than the {MAX_FIELD} a field keeps."))
    if problems:
        raise FileRefused(capped(problems))
    boards = tuple(DealtBoard(b, deals[b][0], tuple(fields.get(b, ()))) for b in sorted(deals))
    first = games[0].tags if games else {}
    return ClubFile(
        BoardSet(boards),
        len(games),
        sum(1 for b in boards if b.field),
        _pairs(games, export),
        first.get("Event", "").strip(" ?#"),
        skipped,
        solved,
        unread,
    )
