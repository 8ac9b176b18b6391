"""The words and pictures of a board's cards: the hands, the double-dummy table, the par,
and the home result set against par, double dummy and the club's field.

    4♠ by N made 10: par is 4♠ by N-S, +420; double dummy N makes 10 in spades.
    +420 would have scored 4.5 of 6 (75%) at the club.

Against the field a board is matchpointed as clubs print it, a point for each club result
beaten and half for each tie, out of one for each (the duplicate code's matchpoints,
which count two and one, halved); its percentage is the same either way.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from bridgepad.core.boards.board_set import BoardSet, FieldResult
from bridgepad.core.boards.cards import SUITS, Deal
from bridgepad.core.boards.double_dummy import PBN_SEATS, PBN_STRAINS, Par, ParContract, TrickTable
from bridgepad.core.model import SEATS, Contract, Seat, Side, Strain
from bridgepad.core.rules.board_facts import BoardFacts
from bridgepad.core.rules.duplicate import Comparison, imps_text, matchpoints_text
from bridgepad.core.rules.field import FieldStanding
from bridgepad.core.rules.settings import DuplicateScoring

VOID = "—"
DD_STRAINS = (Strain.C, Strain.D, Strain.H, Strain.S, Strain.NT)  # a table's columns, as hand records print them
DD_SEATS = (Seat.N, Seat.S, Seat.E, Seat.W)


def _signed(n: int) -> str:
    return f"{n:+,}" if n else "0"


def holding_text(deal: Deal, seat: Seat, suit: Strain, spaced: bool = False) -> str:
    """``AKT2``, or spaced as a diagram prints it: ``A K 10 2``; a void is a dash."""
    ranks = deal.holding(seat, suit)
    if not ranks:
        return VOID
    return " ".join("10" if r == "T" else r for r in ranks) if spaced else ranks


def hand_line(deal: Deal, seat: Seat) -> str:
    """``N ♠AKT8654 ♥5 ♦J5 ♣AKQ``: one hand on one line."""
    return f"{seat.value} " + " ".join(f"{suit.symbol}{holding_text(deal, seat, suit)}" for suit in SUITS)


def hand_lines(deal: Deal) -> list[str]:
    return [hand_line(deal, seat) for seat in SEATS]


def diagram(deal: Deal, labels: dict[Seat, str] | None = None) -> list[str]:
    """The usual diagram: North above, West and East beside each other, South below."""
    labels = labels or {}

    def hand(seat: Seat) -> list[str]:
        return [f"{suit.symbol} {holding_text(deal, seat, suit, spaced=True)}" for suit in SUITS]

    north, south, west, east = hand(Seat.N), hand(Seat.S), hand(Seat.W), hand(Seat.E)
    width = max(len(x) for x in west + [labels.get(Seat.W, "")]) + 4
    pad = " " * width
    out = []
    if labels.get(Seat.N):
        out.append(pad + labels[Seat.N])
    out += [pad + row for row in north]
    if labels.get(Seat.W) or labels.get(Seat.E):
        out.append(f"{labels.get(Seat.W, ''):<{width}}{pad}{labels.get(Seat.E, '')}".rstrip())
    out += [f"{w:<{width}}{pad}{e}".rstrip() for w, e in zip(west, east)]
    if labels.get(Seat.S):
        out.append(pad + labels[Seat.S])
    out += [pad + row for row in south]
    return out


def dd_rows(tricks: TrickTable) -> list[list[str]]:
    """The double-dummy table as rows: a header of strains, then a row per declarer."""
    rows = [[""] + [s.symbol for s in DD_STRAINS]]
    for seat in DD_SEATS:
        rows.append([seat.value] + [str(tricks.of(seat, s)) for s in DD_STRAINS])
    return rows


def dd_lines(tricks: TrickTable) -> list[str]:
    return [f"{row[0]:<2}" + "".join(f"{cell:>3}" for cell in row[1:]) for row in dd_rows(tricks)]


def dd_side_line(tricks: TrickTable, side: Side) -> str:
    """``N-S make ♣5 ♦9 ♥7 ♠5 NT6/5``: a side's tricks double dummy, both seats' where they differ
    (North's or East's first), said as the line above says declarer's ("double dummy N makes 10")."""
    a, b = side.seats
    cells = []
    for s in DD_STRAINS:
        x, y = tricks.of(a, s), tricks.of(b, s)
        cells.append(f"{s.symbol}{x}" if x == y else f"{s.symbol}{x}/{y}")
    return f"{side.short} make " + " ".join(cells)


def par_contract_text(c: ParContract) -> str:
    """``4♠ by N-S``, ``6NT by S``, ``5♥X−1 by N-S``, ``1♠+2 by E-W``."""
    who = c.side.short if len(c.declarers) == 2 else c.declarers[0].value
    result = "" if c.overtricks == 0 else f"{c.overtricks:+d}"
    return f"{c.contract.pretty}{result} by {who}"


def par_text(par: Par) -> str:
    """``4♥ or 4♠ by N-S, +620``, ``1♠+2 by E-W, -140``, ``passed out, 0``: the score is N-S's."""
    if not par.contracts:
        return "passed out, 0"
    texts = [par_contract_text(c) for c in par.contracts]
    # One declarer for all: said once ("4♥ or 4♠ by N-S").
    whos = {t.rsplit(" by ", 1)[1] for t in texts}
    if len(whos) == 1:
        joined = " or ".join(t.rsplit(" by ", 1)[0] for t in texts) + f" by {whos.pop()}"
    else:
        joined = " or ".join(texts)
    return f"{joined}, {_signed(par.score)}"


def played_text(contract: Contract | None, declarer: Seat | None, tricks: int | None) -> str:
    """``4♠ by N made 10``, ``3NT by S took 7``, ``Passed out``."""
    if contract is None or declarer is None or tricks is None:
        return "Passed out"
    verb = "made" if tricks >= contract.tricks_needed else "took"
    return f"{contract.pretty} by {declarer.value} {verb} {tricks}"


def against_par_line(facts: BoardFacts, contract: Contract | None, declarer: Seat | None, tricks: int | None) -> str:
    """The result against par and double dummy, or what is still to come."""
    played = played_text(contract, declarer, tricks)
    if facts.solution is None:
        return f"{played}: par and double dummy are being worked out."
    out = f"{played}: par is {par_text(facts.solution.par)}"
    if contract is not None and declarer is not None:
        dd = facts.solution.tricks.of(declarer, contract.strain)
        out += f"; double dummy {declarer.value} makes {dd} in {contract.strain.word}"
    return out + "."


def set_words(boards: BoardSet) -> str:
    """``the cards of boards 1–8, the club's results on 3 boards``: what a game's set holds."""
    n = sum(1 for b in boards.boards if b.field)
    field = f", the club's results on {n} board{'s' if n != 1 else ''}" if n else ""
    return f"the cards of {boards.span}{field}"


def disagreement_words(boards: list[tuple[int, str]]) -> str:
    """One line for the deals file's tables the solver did not agree with, each board by its
    number and its first difference: ``The deals file's double dummy of board 3 is not the
    solver's (N makes 10 in spades, not 9): the solver's is kept.``"""
    boards = sorted(boards)
    which = ", ".join(f"{n}" for n, _ in boards[:-1]) + (" and " if len(boards) > 1 else "") + f"{boards[-1][0]}"
    word = "board" if len(boards) == 1 else "boards"
    first, why = boards[0]
    detail = why if len(boards) == 1 else f"board {first}: {why}"
    return f"The deals file's double dummy of {word} {which} is not the solver's ({detail}): the solver's is kept."


def unplayed_line(facts: BoardFacts) -> str:
    """A board of the set with no result at home yet: its par, or what is still to come."""
    if facts.solution is None:
        return "Not played at home yet: par and double dummy are being worked out."
    return f"Not played at home yet: par is {par_text(facts.solution.par)}."


def club_share(c: Comparison) -> tuple[Fraction, int]:
    """A board's matchpoints against the field as clubs print them: 1 a result beaten, ½ a tie."""
    return Fraction(c.matchpoints, 2), len(c.others)


def field_line(c: Comparison, scoring: DuplicateScoring) -> str:
    """``+420 would have scored 4.5 of 6 (75%) at the club``, or its IMPs against the field."""
    score = _signed(c.ns_score)
    n = len(c.others)
    if scoring is DuplicateScoring.MATCHPOINTS:
        mp, top = club_share(c)
        pct = f"{c.percent:.2f}".rstrip("0").rstrip(".")
        return f"{score} would have scored {matchpoints_text(mp)} of {top} ({pct}%) at the club."
    assert c.imps is not None
    results = f"its {n} result{'s' if n != 1 else ''}"
    return f"{score} would have scored {imps_text(c.imps)} at the club, against {results}."


def field_results_text(field: tuple[FieldResult, ...]) -> str:
    """``At the club: +450, +420 ×3, -50 ×2``: the field's N-S scores, highest first."""
    counts = Counter(r.ns_score for r in field)
    parts = [f"{_signed(s)} ×{k}" if k > 1 else _signed(s) for s, k in sorted(counts.items(), reverse=True)]
    return "At the club: " + ", ".join(parts) + "."


def standing_parts(standing: FieldStanding, scoring: DuplicateScoring) -> tuple[str, str, str]:
    """``Against the club:``, ``N-S 56.25%`` (or its IMPs), ``over 8 boards``: the standing's words."""
    boards = f"{standing.boards} board{'s' if standing.boards != 1 else ''}"
    if scoring is DuplicateScoring.MATCHPOINTS and standing.percent is not None:
        figure = f"N-S {standing.percent}%"
    else:
        figure = f"N-S {imps_text(standing.imps)}"
    return "Against the club:", figure, f"over {boards}"


def standing_text(standing: FieldStanding, scoring: DuplicateScoring) -> str:
    """``Against the club: N-S 56.25% over 8 boards`` (or its IMPs)."""
    return " ".join(standing_parts(standing, scoring))


def standing_lines(standing: FieldStanding, scoring: DuplicateScoring, width: int) -> tuple[str, ...]:
    """The standing in lines of at most ``width`` (the foot of the pad, under its table of boards),
    broken between its parts, never inside one."""
    lines: list[str] = []
    for part in standing_parts(standing, scoring):
        if lines and len(lines[-1]) + 1 + len(part) <= width:
            lines[-1] += " " + part
        else:
            lines.append(part)
    return tuple(lines)


def board_lines(
    facts: BoardFacts, contract: Contract | None, declarer: Seat | None, tricks: int | None, scoring: DuplicateScoring
) -> list[str]:
    """All a board's explanation says of its cards: against par, the field, double dummy, the hands
    (the hands last: on a small screen what is cut off is what the printed hand record shows)."""
    lines = [against_par_line(facts, contract, declarer, tricks)]
    if facts.against_field is not None:
        lines.append(field_line(facts.against_field, scoring))
    if facts.field:
        lines.append(field_results_text(facts.field))
    if facts.solution is not None:
        lines += [dd_side_line(facts.solution.tricks, side) for side in (Side.NS, Side.EW)]
    return lines + hand_lines(facts.deal)


__all__ = ["PBN_SEATS", "PBN_STRAINS", "board_lines", "dd_lines", "diagram", "hand_lines", "par_text"]
